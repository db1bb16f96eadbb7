#!/usr/bin/env bats
#
# /fs: the real file tree grafted into the namespace.  Every test makes its
# own files under $BATS_TEST_TMPDIR, names that a terminal or a parser
# would choke on included, and checks the paths and attributes printed.

load helpers/common
bats_require_minimum_version 1.5.0

setup() {
	dir=$(realpath "$BATS_TEST_TMPDIR")
	# The expected strings below write $dir as it is: it must need no
	# escaping itself.
	[[ $dir =~ ^[A-Za-z0-9/._-]+$ ]] || skip "test directory name needs escaping: $dir"
	fs=/fs$dir
}

# A directory of hostile names, and what rule 5 makes of each.
make_hostile() {
	h=$dir/hostile
	mkdir "$h"
	touch "$h/"$'new\nline' "$h/"$'esc\e[31m' "$h/a space" \
	    "$h/back\\slash" "$h/"$'\xff\xfe' "$h/"'\x41' "$h/"$'tab\there' \
	    "$h/"$'del\x7f' "$h/"$'caf\xc3\xa9' "$h/plain"
	expected=(
		"$fs/hostile/new\\x0aline"
		"$fs/hostile/esc\\x1b[31m"
		"$fs/hostile/a\\x20space"
		"$fs/hostile/back\\x5cslash"
		"$fs/hostile/\\xff\\xfe"
		"$fs/hostile/\\x5cx41"
		"$fs/hostile/tab\\x09here"
		"$fs/hostile/del\\x7f"
		"$fs/hostile/caf\\xc3\\xa9"
		"$fs/hostile/plain"
	)
}

# The lines of $output, sorted: a listing comes in readdir order.
sorted_output() {
	printf '%s\n' "$output" | LC_ALL=C sort
}

sorted_expected() {
	printf '%s\n' "${expected[@]}" | LC_ALL=C sort
}

@test "hostile names are listed escaped by rule 5" {
	make_hostile
	run --separate-stderr "$NSLS" "$fs/hostile"
	assert_success
	assert_equal "$stderr" ""
	assert_equal "$(sorted_output)" "$(sorted_expected)"
}

@test "raw output escapes hostile names the same way" {
	make_hostile
	run --separate-stderr "$NSLS" -r -n "$fs/hostile"
	assert_success
	assert_equal "$(sorted_output)" "$(sorted_expected)"
}

@test "no raw control byte in any format" {
	make_hostile
	local f
	for f in "" -r -P -J -l "-o path,type,name,summary,link_text" \
	    "-r -o path,name,summary" "-J -o path,name,summary"; do
		# shellcheck disable=SC2086
		run --separate-stderr "$NSLS" $f "$fs/hostile"
		assert_success
		refute_control_bytes "$output"
	done
	run --separate-stderr "$NSCAT" "$fs/hostile/esc\\x1b[31m"
	assert_success
	refute_control_bytes "$output"
}

@test "one line per entry whatever the names hold" {
	make_hostile
	run --separate-stderr "$NSLS" -l "$fs/hostile"
	assert_success
	assert_equal "${#lines[@]}" "$((${#expected[@]} + 1))"
	run --separate-stderr "$NSLS" -P -o path,name,summary "$fs/hostile"
	assert_success
	assert_equal "${#lines[@]}" "${#expected[@]}"
}

@test "JSON of hostile names is valid and holds the escaped paths" {
	make_hostile
	run --separate-stderr "$NSLS" -J -o path,type,name "$fs/hostile"
	assert_success
	jq -e . <<<"$output" >/dev/null
	output=$(jq -r '.[][].path' <<<"$output")
	assert_equal "$(sorted_output)" "$(sorted_expected)"
	run --separate-stderr "$NSCAT" -J -o name "$fs/hostile/a\\x20space" \
	    "$fs/hostile/\\xff\\xfe"
	assert_success
	run jq -r '.[][].name' <<<"$output"
	assert_output "a space
\\xff\\xfe"
}

@test "every printed path reads back as itself" {
	make_hostile
	local p
	run --separate-stderr "$NSLS" "$fs/hostile"
	assert_success
	local paths=("${lines[@]}")
	assert_equal "${#paths[@]}" "${#expected[@]}"
	for p in "${paths[@]}"; do
		run --separate-stderr "$NSCAT" -n -r -o path "$p"
		assert_success
		assert_output "$p"
	done
}

@test "the name attribute is the last component, escaped" {
	make_hostile
	run --separate-stderr "$NSCAT" -n -r -o name "$fs/hostile/new\\x0aline" \
	    "$fs/hostile/back\\x5cslash" "$fs/hostile/\\x5cx41"
	assert_success
	assert_output "new\\x0aline
back\\x5cslash
\\x5cx41"
}

@test "/etc/passwd is /fs/etc/passwd, owned by /user/0" {
	run --separate-stderr "$NSCAT" -n -r -o path,type,owner,group,name \
	    /etc/passwd
	assert_success
	assert_output "/fs/etc/passwd file /user/0 /group/0 passwd"
	run --separate-stderr "$NSCAT" /fs/etc/passwd
	assert_success
	assert_line --regexp '^path +/fs/etc/passwd$'
	assert_line --regexp '^owner +/user/0$'
	assert_line --regexp '^mount +/mount/[0-9]+$'
}

@test "a file's attributes agree with stat(1)" {
	printf 'hello\n' >"$dir/f"
	chmod 4750 "$dir/f"
	ln "$dir/f" "$dir/f2"
	touch -d '2020-01-02 03:04:05 UTC' "$dir/f"
	run --separate-stderr "$NSCAT" -n -r \
	    -o name,size,mode,perm,nlink,inode,dev "$fs/f"
	assert_success
	assert_output "f 6 -rwsr-x--- 4750 2 $(stat -c '%i %Hd:%Ld' "$dir/f")"
}

@test "times are ISO 8601 in local time, with the zone's offset" {
	touch "$dir/f"
	touch -m -d '2020-01-02 03:04:05 UTC' "$dir/f"
	TZ=UTC run --separate-stderr "$NSCAT" -n -r -o mtime "$fs/f"
	assert_success
	assert_output "2020-01-02T03:04:05+00:00"
	# POSIX TZ: five and a half hours east of UTC.
	TZ=IST-05:30 run --separate-stderr "$NSCAT" -n -r -o mtime "$fs/f"
	assert_success
	assert_output "2020-01-02T08:34:05+05:30"
	run --separate-stderr "$NSCAT" -n -r -o atime,ctime "$fs/f"
	assert_success
	assert_output --regexp '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}[+-][0-9]{2}:[0-9]{2} [0-9-]{10}T[0-9:]{8}[+-][0-9:]{5}$'
}

@test "the summary reads like ls -l" {
	printf '1234' >"$dir/data"
	chmod 640 "$dir/data"
	touch -d '2020-01-02 03:04:05 UTC' "$dir/data"
	ln -s data "$dir/link"
	TZ=UTC run --separate-stderr "$NSCAT" -n -o summary "$fs/data"
	assert_success
	assert_output "-rw-r----- 1 $(id -un) $(id -gn) 4 2020-01-02 03:04 data"
	run --separate-stderr "$NSCAT" -n -o summary "$fs/link"
	assert_success
	assert_output --regexp '^lrwxrwxrwx 1 .* 4 [0-9-]{10} [0-9:]{5} link -> data$'
}

@test "a symbolic link is an object of its own, with link_text and resolves" {
	mkdir "$dir/real"
	touch "$dir/real/file"
	ln -s real/file "$dir/rel"
	ln -s "$dir/real" "$dir/abs"
	ln -s nowhere "$dir/dangling"
	run --separate-stderr "$NSCAT" -n -r -o path,type,link_text,resolves \
	    "$fs/rel" "$fs/abs"
	assert_success
	assert_output "$fs/rel symlink real/file $fs/real/file
$fs/abs symlink $dir/real $fs/real"
	run --separate-stderr "$NSCAT" -n -J -o link_text,resolves "$fs/dangling"
	assert_success
	assert_equal "$(jq -r '.[][0].link_text' <<<"$output")" nowhere
	assert_equal "$(jq -r '.[][0].resolves' <<<"$output")" null
}

@test "a link's text holding hostile bytes is escaped" {
	ln -s $'x\ny\e[0m z' "$dir/evil"
	run --separate-stderr "$NSCAT" -n -r -o link_text "$fs/evil"
	assert_success
	assert_output 'x\x0ay\x1b[0m\x20z'
	run --separate-stderr "$NSCAT" "$fs/evil"
	assert_success
	refute_control_bytes "$output"
}

@test "a directory lists its entries with their types" {
	mkdir -p "$dir/d/sub"
	touch "$dir/d/file"
	ln -s file "$dir/d/link"
	mkfifo "$dir/d/fifo"
	run --separate-stderr "$NSLS" -n -r -o path,type "$fs/d"
	assert_success
	assert_equal "$(sorted_output)" "$fs/d/fifo fifo
$fs/d/file file
$fs/d/link symlink
$fs/d/sub dir"
	run --separate-stderr "$NSLS" "$fs/d/sub"
	assert_success
	assert_output ""
}

@test "a socket file is a socket" {
	command -v python3 >/dev/null || skip "python3 is needed to bind a socket"
	python3 -c 'import socket, sys; socket.socket(socket.AF_UNIX).bind(sys.argv[1])' "$dir/sock"
	run --separate-stderr "$NSCAT" -n -r -o path,type,mode "$fs/sock"
	assert_success
	assert_output --regexp "^$fs/sock socket s[rwx-]{9}\$"
}

@test "/fs/dev/null is the file, whose device is /dev/char/1/3" {
	run --separate-stderr "$NSCAT" -n -r -o path,type,device /fs/dev/null
	assert_success
	assert_output "/fs/dev/null chardev /dev/char/1/3"
	run --separate-stderr "$NSCAT" -n -o summary /fs/dev/null
	assert_output --regexp '^crw-rw-rw- 1 [^ ]+ [^ ]+ 1, 3 '
	# The real path names the device itself: that is the resolver's
	# reading, and the namespace's form of the device.
	run --separate-stderr "$NSCAT" -n -r -o path /dev/null
	assert_success
	assert_output /dev/char/1/3
}

@test "a file that is not a device has no device attribute" {
	touch "$dir/f"
	run --separate-stderr "$NSCAT" "$fs/f"
	assert_success
	refute_line --regexp '^device '
	refute_line --regexp '^link_text '
}

@test "/fs is the root directory" {
	run --separate-stderr "$NSCAT" -n -r -o path,type,name,inode /fs
	assert_success
	assert_output "/fs dir / $(stat -c %i /)"
	run --separate-stderr "$NSLS" /fs
	assert_success
	assert_line /fs/etc
	refute_line --partial //
}

@test "a real path resolves to its /fs object" {
	touch "$dir/f"
	ln -s f "$dir/l"
	run --separate-stderr "$NSCAT" -n -r -o path "$dir/f" "$dir/./f" "$dir/l"
	assert_success
	# A real path is read as the kernel reads it: the link is followed.
	assert_output "$fs/f
$fs/f
$fs/f"
}

@test "lookup resolves . and .. and linked directories, not the last link" {
	mkdir "$dir/sub"
	touch "$dir/f"
	ln -s sub "$dir/subl"
	touch "$dir/sub/g"
	run --separate-stderr "$NSCAT" -n -r -o path,type "$fs/sub/../f" \
	    "$fs/./sub/." "$fs/subl/g" "$fs/subl" "$fs/sub/.."
	assert_success
	assert_output "$fs/f file
$fs/sub dir
$fs/sub/g file
$fs/subl symlink
$fs dir"
}

@test "a missing file is no such object" {
	touch "$dir/f"
	run -1 --separate-stderr "$NSCAT" -o path "$fs/missing" "$fs/f/below"
	assert_equal "$stderr" "nscat: $fs/missing: no such object
nscat: $fs/f/below: no such object"
	run -1 --separate-stderr "$NSLS" "$fs/missing"
	assert_equal "$stderr" "nsls: $fs/missing: no such object"
}

@test "a symlink loop does not trap a recursive listing" {
	mkdir -p "$dir/loop/d"
	ln -s a "$dir/loop/b"
	ln -s b "$dir/loop/a"
	ln -s .. "$dir/loop/d/up"
	ln -s "$dir/loop" "$dir/loop/d/self"
	run -0 --separate-stderr timeout 20 "$NSLS" -R "$fs/loop"
	assert_equal "$(sorted_output)" "$fs/loop/a
$fs/loop/b
$fs/loop/d
$fs/loop/d/self
$fs/loop/d/up"
	run --separate-stderr "$NSCAT" -J -o resolves,link_text "$fs/loop/a"
	assert_success
	assert_equal "$(jq -r '.[][0].resolves' <<<"$output")" null
	assert_equal "$(jq -r '.[][0].link_text' <<<"$output")" b
}

@test "an unreadable directory: an error as argument, skipped below one" {
	[[ $(id -u) == 0 ]] || skip "needs root to drop DAC capabilities"
	mkdir -p "$dir/top/locked/inner"
	chmod 000 "$dir/top/locked"
	local drop=(setpriv "--bounding-set=-dac_override,-dac_read_search")
	"${drop[@]}" true || skip "setpriv cannot drop capabilities here"
	run -1 --separate-stderr "${drop[@]}" "$NSLS" "$fs/top/locked"
	assert_equal "$stderr" "nsls: $fs/top/locked: Permission denied"
	run -0 --separate-stderr "${drop[@]}" "$NSLS" -R "$fs/top"
	assert_output "$fs/top/locked"
	assert_equal "$stderr" "nsls: 1 object not readable (permission denied), skipped"
	chmod 755 "$dir/top/locked"
}

@test "the mount attribute names the mount the file lives on" {
	touch "$dir/f"
	local id
	id=$(findmnt -n -o ID -T "$dir/f" 2>/dev/null) || skip "findmnt has no ID column"
	run --separate-stderr "$NSCAT" -n -r -o mount "$fs/f"
	assert_success
	assert_output "/mount/${id// /}"
}
