#!/usr/bin/env bats
# nsmount: the namespace mounted through FUSE, walked with ordinary
# programs only (ls, cat, readlink -f, find, stat) and checked against
# nsls and nscat.  Every test mounts on its own directory and unmounts in
# teardown, whatever happened.

bats_require_minimum_version 1.5.0
load helpers/common
load helpers/names

MKFDS=$HELPERS/mkfds

setup() {
	helpers=()
	mnt=
	server=
	dir=$(realpath "$BATS_TEST_TMPDIR")
}

teardown() {
	kill_helpers
	unmount_ns
}

# Whether a file system is mounted on the directory: /proc/self/mounts
# rather than stat(2), which root is refused on another user's FUSE mount.
mounted() {
	awk -v m="$1" '$2 == m { found = 1 } END { exit !found }' \
	    /proc/self/mounts
}

need_fuse() {
	[ -c /dev/fuse ] || skip "no /dev/fuse here"
	command -v fusermount3 >/dev/null ||
	    skip "no fusermount3 (Debian package fuse3)"
}

# Mount the namespace on $dir/mnt, the server in the foreground of a
# background job ($server), so that teardown can see it go.  Skip where
# this machine cannot mount FUSE, saying why.
mount_ns() {
	local i

	need_fuse
	mnt=$dir/mnt
	mkdir -p "$mnt"
	"$NSMOUNT" -f "$@" "$mnt" 2>"$dir/nsmount.err" 3>&- &
	server=$!
	for i in $(seq 200); do
		mounted "$mnt" && return 0
		kill -0 "$server" 2>/dev/null || break
		sleep 0.05
	done
	mounted "$mnt" ||
	    skip "FUSE cannot mount here: $(cat "$dir/nsmount.err")"
}

unmount_ns() {
	local i

	[ -n "$mnt" ] || return 0
	if mounted "$mnt"; then
		fusermount3 -u "$mnt" 2>/dev/null ||
		    fusermount3 -u -z "$mnt" 2>/dev/null ||
		    umount -l "$mnt" 2>/dev/null || true
	fi
	[ -n "$server" ] || return 0
	# The server ends once its mount is gone.
	for i in $(seq 100); do
		kill -0 "$server" 2>/dev/null || break
		sleep 0.05
	done
	kill "$server" 2>/dev/null || true
	wait "$server" 2>/dev/null || true
}

# A whole disk of this machine, by its canonical path (a loop device only
# if there is nothing else).
a_disk() {
	"$NSLS" -R -r -n -o path,devtype,size /dev/block | awk '
	    $2 == "disk" && $3 > 0 && $1 !~ /^\/dev\/block\/7\// { print $1; exit }'
}

# One attribute of one object as nscat -J gives it.
attr() {
	"$NSCAT" -J -o "$2" "$1" | jq -r ".objects[0].$2"
}

# Start mkfds making the kinds named; its pid is left in $pid, what it
# printed in $dir/mkfds.out.
mkfds() {
	start_helper mkfds "$MKFDS" -d "$dir" "$@"
}

fd_of() {
	awk -v k="$1" '$1 == k { print $2; exit }' "$dir/mkfds.out"
}

need_fds() {
	"$NSLS" "/proc/$1/fd" >/dev/null 2>&1 ||
	    skip "the namespace has no /proc/PID/fd yet"
}

@test "nsmount: usage, version and a bad option" {
	run -2 --separate-stderr "$NSMOUNT"
	assert_equal "$stderr" "usage: nsmount [-f] [-o options] mountpoint"
	run -2 --separate-stderr "$NSMOUNT" a b
	run -0 "$NSMOUNT" -V
	assert_output "nsmount $(sh "$BATS_TEST_DIRNAME/../build-aux/version")"
	run -0 "$NSMOUNT" -h
	assert_line --index 0 "usage: nsmount [-f] [-o options] mountpoint"
	mkdir "$dir/m"
	run -2 --separate-stderr "$NSMOUNT" -o no_such_option "$dir/m"
	assert_output ""
	assert_equal "$stderr" "nsmount: -o no_such_option: unknown option"
	run -2 --separate-stderr "$NSMOUNT" -o ro,bogus "$dir/m"
	assert_equal "$stderr" "nsmount: -o bogus: unknown option"
}

@test "a disk's size reads as its value and a newline, from a 0-byte file" {
	mount_ns
	disk=$(a_disk)
	[ -n "$disk" ] || skip "no disk here"
	run -0 stat -c '%F %A %s' "$mnt$disk/size"
	assert_output "regular empty file -r--r--r-- 0"
	run -0 stat -c '%F %A' "$mnt$disk"
	assert_output "directory dr-xr-xr-x"
	# The sysfs size is in 512-byte sectors.
	majmin=$(attr "$disk" major):$(attr "$disk" minor)
	expect=$(($(cat "/sys/dev/block/$majmin/size") * 512))
	cmp <(cat "$mnt$disk/size") <(printf '%s\n' "$expect")
	run -0 cat "$mnt$disk/name" "$mnt$disk/type" "$mnt$disk/path"
	assert_output "$(attr "$disk" name)
blockdev
$disk"
}

@test "every attribute of a disk reads as nscat prints it; links lead to it" {
	mount_ns
	disk=$(a_disk)
	[ -n "$disk" ] || skip "no disk here"
	json=$("$NSCAT" -J "$disk")
	keys=$(jq -r '.objects[0] | to_entries[] |
	    select(.value != null and (.value | type) != "array") | .key' \
	    <<<"$json")
	[ "$(wc -l <<<"$keys")" -ge 10 ]
	for key in $keys; do
		value=$(jq -r ".objects[0].$key" <<<"$json")
		if [ -L "$mnt$disk/$key" ]; then
			# A link: to the object's directory, or the real file.
			case $value in
			/fs/*) want=${value#/fs} ;;
			*) want=$mnt$value ;;
			esac
			run -0 readlink -f "$mnt$disk/$key"
			assert_output "$want"
			run -0 readlink "$mnt$disk/$key"
			refute_output --regexp '^/'
		else
			# As a table writes it: a number is not aligned.
			run -0 cat "$mnt$disk/$key"
			assert_output "$("$NSCAT" -b -n -o "$key" "$disk" |
			    sed 's/^ *//')"
		fi
	done
	run -0 cat "$mnt$disk/summary"
	assert_output "$("$NSCAT" -n -o summary "$disk")"
	# Nothing is listed that is neither an attribute nor a child.
	run -0 ls "$mnt$disk"
	for name in $output; do
		[ "$name" != summary ] || continue
		jq -e --arg k "$name" '.objects[0] | has($k)' <<<"$json" \
		    >/dev/null || { echo "stray entry $name" >&2; return 1; }
	done
}

@test "find walks /dev three levels deep; the majors are those nsls lists" {
	mount_ns
	run -0 --separate-stderr find "$mnt/dev" -maxdepth 3
	assert_equal "$stderr" ""
	assert_line "$mnt/dev/block"
	disk=$(a_disk)
	[ -z "$disk" ] || assert_line "$mnt${disk%/*}"
	# Other tests attach loop devices, and with partitions a major may
	# come or go: compared with agreed.
	run -0 agreed majors_as_nsls
	# A major is a node and an object: minors and attributes side by
	# side.  The disk's, whose minors no test adds, if there is one.
	major=$mnt${disk%/*}
	[ -n "$disk" ] || major=$(find "$mnt/dev/block" -mindepth 1 -maxdepth 1 | sort | head -n 1)
	run -0 ls "$major"
	assert_line driver
	assert_line count
	run -0 agreed minors_as_nsls "$major"
}

# The majors nsmount shows, and those nsls lists: the differences.
majors_as_nsls() {
	diff <(find "$mnt/dev/block" -mindepth 1 -maxdepth 1 -type d | sort) \
	    <("$NSLS" /dev/block | sed "s|^|$mnt|" | sort)
}

# The first minor and the count of the major $1 as nsmount shows them and
# as nsls lists them: the differences.
minors_as_nsls() {
	ls "$1" | grep -qxF "$("$NSLS" "${1#"$mnt"}" | head -n 1 | sed 's|.*/||')"
	diff <(cat "$1/count") <("$NSLS" "${1#"$mnt"}" | wc -l)
}

@test "/proc/self is a link to the process that looks" {
	mount_ns
	run -0 stat -c %F "$mnt/proc/self"
	assert_output "symbolic link"
	run -0 sh -c 'echo "$$"; exec readlink "$1"' - "$mnt/proc/self"
	assert_equal "${lines[1]}" "${lines[0]}"
	run -0 cat "$mnt/proc/self/comm"
	assert_output cat
	run -0 sh -c 'echo "$$"; exec cat "$1"' - "$mnt/proc/self/path"
	assert_equal "${lines[1]}" "/proc/${lines[0]}"
	# An alias is a link too, though no listing shows it.
	run -0 readlink "$mnt/user/root"
	assert_output 0
	run -0 ls "$mnt/user"
	refute_line root
}

@test "a descriptor's object link leads to the pipe, socket or file it holds" {
	mount_ns
	need_fds $$
	mkfds pipe unix-listen file
	for kind in pipe-read unix-listen file; do
		fd=$(fd_of "$kind")
		[ -n "$fd" ] && [ "$fd" != - ]
		run -0 ls "$mnt/proc/$pid/fd"
		assert_line "$fd"
		object=$(attr "/proc/$pid/fd/$fd" object)
		case $object in
		/fs/*) want=${object#/fs} ;;
		*) want=$mnt$object ;;
		esac
		run -0 readlink -f "$mnt/proc/$pid/fd/$fd/object"
		assert_output "$want"
	done
	# The file's link is the real file, absolutely.
	run -0 readlink "$mnt/proc/$pid/fd/$(fd_of file)/object"
	assert_output "$dir/file"
	# Inside the mount a link is relative: up to the top, then down.
	run -0 readlink "$mnt/proc/$pid/fd/$(fd_of pipe-read)/object"
	assert_output "../../../..$(attr "/proc/$pid/fd/$(fd_of pipe-read)" object)"
	run -0 readlink "$mnt/proc/$pid/fd/$(fd_of pipe-read)/process"
	assert_output "../.."
	# The pipe lists the descriptors that hold it, as links.
	pipe=$(attr "/proc/$pid/fd/$(fd_of pipe-read)" object)
	run -0 readlink -f "$mnt$pipe/fds/proc:$pid:fd:$(fd_of pipe-read)"
	assert_output "$mnt/proc/$pid/fd/$(fd_of pipe-read)"
}

@test "readlink -f MNT/proc/self/fd/0/object follows standard input" {
	mount_ns
	need_fds $$
	run -0 readlink -f "$mnt/proc/self/fd/0/object" </dev/null
	assert_output "$mnt$("$NSCAT" -r -n -o path /dev/null)"
	run -0 readlink -f "$mnt/proc/self/fd/0/object" <"$BATS_TEST_FILENAME"
	assert_output "$(realpath "$BATS_TEST_FILENAME")"
}

@test "ls lists a listening TCP socket in /sock/tcp, and its holder" {
	mount_ns
	need_fds $$
	python3 -c '
import signal, socket
s = socket.socket()
s.bind(("127.0.0.1", 0))
s.listen()
print(s.fileno(), flush=True)
signal.pause()
' >"$dir/listener" 3>&- &
	helpers+=("$!")
	listener=$!
	wait_written "$dir/listener"
	fd=$(cat "$dir/listener")
	inode=$(stat -L -c %i "/proc/$listener/fd/$fd")
	run -0 ls "$mnt/sock/tcp"
	assert_line "$inode"
	run -0 cat "$mnt/sock/tcp/$inode/state" "$mnt/sock/tcp/$inode/localaddr"
	assert_output "LISTEN
127.0.0.1"
	run -0 readlink -f "$mnt/proc/$listener/fd/$fd/object"
	assert_output "$mnt/sock/tcp/$inode"
	run -0 ls "$mnt/sock/tcp/$inode/fds"
	assert_output "proc:$listener:fd:$fd"
	run -0 readlink -f "$mnt/sock/tcp/$inode/fds/proc:$listener:fd:$fd"
	assert_output "$mnt/proc/$listener/fd/$fd"
	run -0 find -L "$mnt/sock/tcp/$inode/fds" -mindepth 1 -maxdepth 1 \
	    -name comm
	run -0 cat "$mnt/sock/tcp/$inode/fds/proc:$listener:fd:$fd/comm"
	assert_output python3
}

@test "/fs is left out, and a real file is no alias inside the mount" {
	mount_ns
	run -0 ls "$mnt"
	refute_line fs
	assert_line proc
	assert_line dev
	run -1 --separate-stderr stat "$mnt/fs"
	assert_equal "$stderr" "stat: cannot statx '$mnt/fs': No such file or directory"
	run -2 ls "$mnt/etc" "$mnt/dev/null"
	# Links to the real tree are absolute.
	run -0 readlink "$mnt/proc/$$/cwd"
	assert_output "$(readlink "/proc/$$/cwd")"
}

@test "a process that exits is gone within two seconds: ENOENT" {
	mount_ns
	sleep 600 3>&- &
	helpers+=("$!")
	p=$!
	run -0 cat "$mnt/proc/$p/comm"
	assert_output sleep
	kill "$p"
	wait "$p" || true
	for i in $(seq 60); do
		[ -e "$mnt/proc/$p" ] || break
		sleep 0.05
	done
	run -1 --separate-stderr cat "$mnt/proc/$p/comm"
	assert_equal "$stderr" "cat: $mnt/proc/$p/comm: No such file or directory"
	run -0 ls "$mnt/proc"
	refute_line "$p"
}

@test "a value is written escaped, as a table writes it, one element a line" {
	mount_ns
	# An escape sequence and a newline in the command name.
	start_helper hold "$HELPERS/holdnames" -c 'a\x1b[31mb\x0ac'
	run -0 cat "$mnt/proc/$pid/comm"
	refute_control_bytes "$output"
	assert_output 'a\x1b[31mb\x0ac'
	assert_equal "$output" "$("$NSCAT" -r -n -o comm "/proc/$pid")"
	# A command line keeps its blanks, as in a table; the path file,
	# a path, has them escaped, as every path is written.
	run -0 cat "$mnt/proc/$pid/cmdline"
	assert_equal "$output" "$("$NSCAT" -n -o cmdline "/proc/$pid")"
	assert_output --partial ' '
	refute_output --partial '\x20'
	assert_equal "${#lines[@]}" 1
	run -0 cat "$mnt/proc/$pid/summary"
	assert_equal "$output" "$("$NSCAT" -n -o summary "/proc/$pid")"
	run -0 cat "$mnt/proc/$pid/path"
	assert_output "/proc/$pid"
}

@test "an attribute the object has no value of is no file" {
	mount_ns
	# lo is no bond, bridge or vxlan: none of their files is there.
	run -0 ls "$mnt/dev/net/1"
	assert_line mtu
	refute_line --regexp '^(bond|bridge|vxlan|veth)_'
	run -1 stat "$mnt/dev/net/1/bond_mode"
	# Each file that is there has a value.
	for f in "$mnt"/dev/net/1/*; do
		[[ -L $f || -d $f ]] && continue
		[[ -n $(cat "$f") ]] || fail "${f##*/} is empty"
	done
}

@test "a link with no value is absent; @name reaches any attribute" {
	mount_ns
	# setsid: no controlling terminal, so no tty link.
	setsid sleep 600 </dev/null >/dev/null 2>&1 3>&- &
	helpers+=("$!")
	p=$!
	for i in $(seq 100); do
		[ "$(cat "/proc/$p/comm" 2>/dev/null)" = sleep ] && break
		sleep 0.05
	done
	[ "$(attr "/proc/$p" tty)" = null ]
	run -0 ls "$mnt/proc/$p"
	refute_line tty
	assert_line user
	run -1 stat "$mnt/proc/$p/tty"
	run -0 cat "$mnt/proc/$p/@comm"
	assert_output sleep
	run -0 readlink "$mnt/proc/$p/@user"
	assert_output "../../user/$(id -u)"
	refute_line --regexp '^@'
}

@test "the mount is read-only" {
	mount_ns
	run -2 --separate-stderr sh -c 'echo x >"$1"' sh "$mnt/proc/self/comm"
	assert_equal "$stderr" "sh: 1: cannot create $mnt/proc/self/comm: Read-only file system"
	run -1 touch "$mnt/new"
	run -1 mkdir "$mnt/proc/new"
	run -0 grep -w ro <(awk -v m="$mnt" '$2 == m { print $4 }' /proc/self/mounts)
}

@test "names are raw bytes, values escaped: a queue called a b ESC c" {
	need_fuse
	[ "$(id -u)" = 0 ] || skip "needs root to mount mqueue"
	mkdir "$dir/mq" "$dir/m"
	# An IPC namespace holds the queue and a mount namespace both mounts:
	# they go when the script ends; the script unmounts on its way out.
	run -0 --separate-stderr unshare -i -m --propagation private bash -c '
		set -e
		mount -t mqueue none "$1"
		"$2" "$(printf "a b\033c")" >"$1.ready" 3>&- &
		helper=$!
		"$3" -f "$4" 3>&- &
		server=$!
		trap "fusermount3 -u \"\$4\" || umount -l \"\$4\"; kill $helper; wait" EXIT
		for i in $(seq 100); do
			[ -s "$1.ready" ] && grep -q " $4 " /proc/self/mounts &&
			    break
			sleep 0.05
		done
		LC_ALL=C ls "$4/ipc/mqueue" | head -n 1 | od -An -tx1
		od -An -tx1 "$4/ipc/mqueue/$(printf "a b\033c")/name"
	' - "$dir/mq" "$HELPERS/mqmk" "$NSMOUNT" "$dir/m"
	assert_line --index 0 " 61 20 62 1b 63 0a"
	# The name's value is escaped, as a table writes it: a text keeps
	# its blank.
	assert_line --index 1 " 2f 61 20 62 5c 78 31 62 63 0a"
	[ "${#lines[@]}" -eq 2 ]
}

@test "without -f the server goes into the background and ends at unmount" {
	need_fuse
	mkdir "$dir/m"
	run -0 --separate-stderr "$NSMOUNT" "$dir/m" 3>&-
	mnt=$dir/m
	mounted "$mnt" || skip "FUSE cannot mount here: $stderr"
	run -0 cat "$mnt/type"
	assert_output root
	run -0 pgrep -o -f -x "$NSMOUNT $mnt"
	server=$output
	run -0 fusermount3 -u "$mnt"
	for i in $(seq 100); do
		kill -0 "$server" 2>/dev/null || break
		sleep 0.05
	done
	run -1 kill -0 "$server"
	server=
}

@test "an unprivileged user sees what it may: EACCES for another's fds" {
	need_fuse
	[ "$(id -u)" = 0 ] || skip "needs root to become another user"
	setpriv --reuid=65534 --regid=65534 --clear-groups \
	    sh -c 'test -r /dev/fuse && test -w /dev/fuse' ||
	    skip "/dev/fuse is not open to other users here"
	m=$(mktemp -d /tmp/nsmount-user.XXXXXX)
	chown 65534:65534 "$m"
	mnt=$m
	run -0 --separate-stderr setpriv --reuid=65534 --regid=65534 \
	    --clear-groups "$NSMOUNT" "$m" 3>&-
	run -2 --separate-stderr setpriv --reuid=65534 --regid=65534 \
	    --clear-groups ls "$m/proc/$$/fd"
	assert_equal "$stderr" "ls: cannot open directory '$m/proc/$$/fd': Permission denied"
	run -0 setpriv --reuid=65534 --regid=65534 --clear-groups \
	    cat "$m/proc/self/comm"
	assert_output cat
	setpriv --reuid=65534 --regid=65534 --clear-groups fusermount3 -u "$m"
	rmdir "$m"
	mnt=
}

@test "the children of /dev/mem are links named as the devices are" {
	mount_ns
	"$NSLS" /dev/mem >/dev/null 2>&1 || skip "no mem class here"
	null=$("$NSCAT" -r -n -o path /dev/null)
	run -0 readlink "$mnt/dev/mem/null"
	assert_output "..${null#/dev}"
	run -0 ls "$mnt/dev/mem"
	assert_line null
	run -0 readlink -f "$mnt/dev/mem/null"
	assert_output "$mnt$null"
}

@test "the worker that reads the namespace is sandboxed; the server ends the mount" {
	if nm -D "$NSMOUNT" 2>/dev/null | grep -q __asan_init; then
		skip "a sanitizer build runs without the sandbox"
	fi
	echo kept >"$dir/probe"
	NSTOOLS_SANDBOX_PROBE=$dir/probe mount_ns
	run -0 cat "$mnt/proc/self/comm"
	assert_output cat
	run -0 grep -c "^nsmount: sandbox probe: write: Operation not permitted, create: Operation not permitted, truncate: Operation not permitted, rename: Operation not permitted, remove: Operation not permitted, mkdir: Operation not permitted, exec: Operation not permitted$" "$dir/nsmount.err"
	assert_equal "$(cat "$dir/probe")" kept
	[ ! -e "$dir/probe.new" ]
	# The server is not: it still unmounts when asked to stop.
	kill -TERM "$server"
	for i in $(seq 100); do
		mounted "$mnt" || break
		sleep 0.05
	done
	run -1 mounted "$mnt"
}

@test "/host/NAME is another machine's namespace, read by a worker of its own" {
	# The machine is this one, reached through NSTOOLS_RSH, as a
	# container's would be.
	cat >"$dir/rsh" <<-EOF2
	#!/bin/sh
	shift
	PATH=$BIN:\$PATH exec /bin/sh -c "\$*"
	EOF2
	chmod +x "$dir/rsh"
	NSTOOLS_RSH=$dir/rsh XDG_CONFIG_HOME=$dir/none mount_ns
	run -0 ls "$mnt/host/there"
	assert_line user
	assert_line dev
	run -0 cat "$mnt/host/there/user/0/name"
	assert_output root
	run -0 readlink "$mnt/host/there/user/0/group"
	assert_output ../../group/0
	# The hosts file names none: /host lists no machine.
	run -0 ls "$mnt/host"
	refute_line there
}

@test "an interface that comes shows at once, not a second later" {
	local i n=
	need_fuse
	mnt=$dir/mnt
	mkdir -p "$mnt"
	# A network namespace of the server's own, where the test makes
	# the change (unshare execs nsmount: $server is the server).
	unshare -n "$NSMOUNT" -f "$mnt" 2>"$dir/nsmount.err" 3>&- &
	server=$!
	for i in $(seq 200); do
		mounted "$mnt" && break
		sleep 0.05
	done
	mounted "$mnt" || skip "FUSE cannot mount here: $(cat "$dir/nsmount.err")"
	run -0 ls "$mnt/dev/net"
	assert_equal "$(grep -c '^[0-9]' <<<"$output")" 1
	# A worker has just read the interfaces: without the kernel's word
	# it would answer from that table for a second.
	nsenter -t "$server" -n ip link add nsm0 type veth peer name nsm1
	for i in $(seq 10); do
		n=$(ls "$mnt/dev/net" | grep -c '^[0-9]')
		[ "$n" = 3 ] && break
		sleep 0.05
	done
	assert_equal "$n" 3
	run -0 cat "$mnt/dev/net/2/name" "$mnt/dev/net/3/name"
	assert_output "$(printf '%s\n' nsm1 nsm0)"
	nsenter -t "$server" -n ip link del nsm0
	for i in $(seq 10); do
		[ ! -e "$mnt/dev/net/2" ] && break
		sleep 0.05
	done
	[ ! -e "$mnt/dev/net/2" ]
}

@test "a machine's links never leave the mount, whatever it answers" {
	local l t up
	# The machine is this one, its replies rewritten by a hostile
	# transport: links that climb out of the mount to a file of the
	# machine that mounts, raw, escaped by rule 5, or relative.
	echo "the secret of the mounting machine" >"$dir/secret"
	up=$(printf '/..%.0s' $(seq 40))
	cat >"$dir/hostile.sed" <<-EOF2
	s|"user": "[^"]*"|"user": "$up$dir/secret"|
	s|"euser": "[^"]*"|"euser": "/user/0$up$dir/secret"|
	s|"group": "[^"]*"|"group": "/\\\\\\\\x2e\\\\\\\\x2e/\\\\\\\\x2e\\\\\\\\x2e$dir/secret"|
	s|"egroup": "[^"]*"|"egroup": "..$up$dir/secret"|
	s|"cwd": "[^"]*"|"cwd": "/a//..$up$dir/secret"|
	EOF2
	cat >"$dir/rsh" <<-EOF2
	#!/bin/sh
	shift
	PATH=$BIN:\$PATH /bin/sh -c "\$*" | sed -f "$dir/hostile.sed"
	EOF2
	chmod +x "$dir/rsh"
	(cd "$dir" && exec sleep 600 3>&-) &
	helpers+=("$!")
	p=$!
	# The reply is the hostile one.
	run -0 "$dir/rsh" evil nscat -J -- "/proc/$p"
	assert_line --partial '"group": "/\\x2e\\x2e/\\x2e\\x2e/'
	assert_line --partial "\"user\": \"/../../"
	NSTOOLS_RSH=$dir/rsh XDG_CONFIG_HOME=$dir/none mount_ns
	there=$mnt/host/evil
	run -0 ls "$there/proc/$p"
	assert_line comm
	# A link the machine's answer leaves alone is still served.
	run -0 readlink "$there/proc/$p/root"
	assert_output ../../fs
	for a in user euser group egroup cwd; do
		refute_line "$a"
	done
	# cwd is also a path of that machine (/proc/P/cwd), whose lookup
	# this transport leaves alone: it is checked with the links below.
	for a in user euser group egroup; do
		run -1 stat "$there/proc/$p/$a"
	done
	run -0 ls "$there/user/0"
	refute_line group
	run -0 find "$there/proc/$p" "$there/user/0" "$there/group/0" \
	    -maxdepth 1 -type l
	[ "${#lines[@]}" -ge 2 ]
	for l in "${lines[@]}"; do
		t=$(realpath -m "$l")
		[[ $t == "$mnt"/* ]] ||
		    { echo "$l leads to $t, out of the mount" >&2; return 1; }
		run cat "$l"
		refute_output --partial "the secret of the mounting machine"
	done
}

@test "under process and descriptor churn, walks finish and nothing is EIO" {
	local i pids=() rc
	mount_ns
	# Processes that start and end, each holding descriptors: every
	# start and end is an event the mount hears.
	(while :; do
		for i in 1 2 3 4; do
			(exec 3</dev/null 4</etc/passwd 5>&-; sleep 0.05) &
		done
		wait
	done) >/dev/null 2>&1 3>&- &
	helpers+=("$!")
	sleep 0.3
	# Four readers at once of what the churn changes, the processes,
	# their descriptors and the pipes: each finishes, far within the
	# 20 s a worker may take, and what left while it was read is ENOENT.
	# (All the rest of the mount, walked four times over, took minutes
	# beside other suites on two busy processors.)
	for i in 1 2 3 4; do
		timeout 60 find "$mnt/proc" "$mnt/pipe" -maxdepth 3 \
		    >/dev/null 2>"$dir/find$i.err" 3>&- &
		pids+=("$!")
	done
	for i in 1 2 3 4; do
		rc=0
		wait "${pids[$((i - 1))]}" || rc=$?
		[ "$rc" -ne 124 ] || { echo "find $i hung" >&2; return 1; }
		run grep -c "Input/output error" "$dir/find$i.err"
		assert_output 0
	done
	run -0 timeout 20 ls "$mnt/pipe" "$mnt/proc"
	run -0 timeout 20 cat "$mnt/proc/self/comm"
	assert_output cat
}
