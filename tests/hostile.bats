#!/usr/bin/env bats
# Hostile names: newlines, escape sequences (ESC and the 8-bit CSI),
# quotes, backslashes, blanks, bytes that are not UTF-8, 255-byte names
# and paths as long as PATH_MAX, in every place a name can be shaped by a
# user: file names, process names and command lines, socket paths,
# memfds, interface names and aliases, mqueue names, mount points, user
# and group names.  Each through every format: the exact escaped form
# (rule 5), no raw byte outside printable ASCII on stdout or stderr,
# JSON that jq reads, and the round trip.

bats_require_minimum_version 1.5.0
load helpers/common
load helpers/names

HOLD=$HELPERS/holdnames

setup() {
	helpers=()
	hostile_names
	top=$(realpath "$BATS_TEST_TMPDIR")
	d=$top/h
	mkdir "$d"
	for n in "${RAW[@]}"; do
		touch -- "$d/$n"
	done
	ed=/fs$(esc "$d")
}

teardown() {
	stop_helpers
}

# The lines of $all between "== NAME" and the next "== " line.
section() {
	awk -v s="== $1" '$0 == s { on = 1; next } /^== / { on = 0 } on' <<<"$all"
}

@test "file names: nsls prints each path escaped by rule 5" {
	run -0 --separate-stderr "$NSLS" "$ed"
	refute_raw_output
	[ -z "$stderr" ]
	want=$(printf '%s\n' "${ESC[@]/#/$ed/}" | sort)
	[ "$(sort <<<"$output")" = "$want" ]
}

@test "file names: the name and path columns in every format" {
	for hi in "${!RAW[@]}"; do
		p=$ed/${ESC[$hi]}
		run -0 --separate-stderr "$NSCAT" -n -o name "$p"
		refute_raw_output
		assert_output "${TXT[$hi]}"
		run -0 --separate-stderr "$NSCAT" -n -r -o path,name "$p"
		refute_raw_output
		assert_output "$p ${ESC[$hi]}"
		run -0 --separate-stderr "$NSCAT" -P -o path,name "$p"
		refute_raw_output
		assert_output "PATH=\"$ed/${PRS[$hi]}\" NAME=\"${PRS[$hi]}\""
		run -0 --separate-stderr "$NSCAT" -J -o path,name "$p"
		refute_raw_output
		assert_json "$output"
		run -0 jq -r '.objects[0] | .path, .name' <<<"$output"
		assert_output "$p
${TXT[$hi]}"
		# nscat's KEY VALUE form.
		run -0 --separate-stderr "$NSCAT" "$p"
		refute_raw_output
		assert_line "path  $p"
		assert_line "name  ${TXT[$hi]}"
	done
}

@test "file names: nsls -l, -r, -P and -J of the directory" {
	run -0 --separate-stderr "$NSLS" -l "$ed"
	refute_raw_output
	for hi in "${!RAW[@]}"; do
		assert_line --regexp "^$(regex_quote "$ed/${ESC[$hi]}") +file -rw"
	done
	assert_line --regexp " 0 [-0-9]{10} [0-9:]{5} sp ace\$"
	run -0 --separate-stderr "$NSLS" -r -o path,summary "$ed"
	refute_raw_output
	assert_line --regexp '/sp\\x20ace -rw-r--r--\\x201\\x20.*\\x20sp\\x20ace$'
	run -0 --separate-stderr "$NSLS" -P -o path,type "$ed"
	refute_raw_output
	for hi in "${!RAW[@]}"; do
		assert_line "PATH=\"$ed/${PRS[$hi]}\" TYPE=\"file\""
	done
	run -0 --separate-stderr "$NSLS" -J -o path,name,summary "$ed"
	refute_raw_output
	assert_json "$output"
	run -0 jq -r '.nodes[] | .path' <<<"$output"
	[ "$(sort <<<"$output")" = "$(printf '%s\n' "${ESC[@]/#/$ed/}" | sort)" ]
}

@test "file names: every path printed, in every format, resolves to itself" {
	run -0 "$NSLS" "$ed"
	mapfile -t paths <<<"$output"
	[ "${#paths[@]}" -eq "${#RAW[@]}" ]
	assert_round_trip "${paths[@]}"
	# A JSON path, as jq gives it, is input too.
	run -0 bash -c '"$1" -J "$2" | jq -r ".nodes[].path"' - "$NSLS" "$ed"
	[ "$(sort <<<"$output")" = "$(printf '%s\n' "${paths[@]}" | sort)" ]
	# So is a -P value, the quotes taken off: it keeps its blanks.
	run -0 bash -c '"$1" -P "$2" | sed "s/^PATH=\"\\(.*\\)\"\$/\\1/"' - \
	    "$NSLS" "$ed"
	mapfile -t pairs <<<"$output"
	run -0 --separate-stderr "$NSCAT" -n -r -o path "${pairs[@]}"
	[ "$(sort <<<"$output")" = "$(printf '%s\n' "${paths[@]}" | sort)" ]
	# And paths read from standard input, one a line.
	run -0 --separate-stderr bash -c '"$1" "$2" | "$3" -n -r -o path -' - \
	    "$NSLS" "$ed" "$NSCAT"
	[ "$(sort <<<"$output")" = "$(printf '%s\n' "${paths[@]}" | sort)" ]
}

@test "file names: the raw bytes as input give the escaped path" {
	for hi in "${!RAW[@]}"; do
		# A name holding a literal \xHH reads as an escape: it has
		# to be given escaped itself.
		[ "${RAW[$hi]}" = 'lit\x41' ] && continue
		run -0 --separate-stderr "$NSCAT" -n -r -o path "$d/${RAW[$hi]}"
		assert_output "$ed/${ESC[$hi]}"
	done
	run -1 --separate-stderr "$NSCAT" -n -r -o path "$d/lit\\x41"
	assert_equal "$stderr" "nscat: $(esc "$d")/lit\\x5cx41: no such object"
}

@test "a symbolic link whose name and text are hostile" {
	ln -s "$(printf 'to\033]0;x\007 \n\\')" "$d/$(printf 'ln\033[1m k')"
	p="$ed/ln\\x1b[1m\\x20k"
	run -0 --separate-stderr "$NSCAT" -r -n -o path,type,link_text "$p"
	refute_raw_output
	assert_output "$p symlink to\\x1b]0;x\\x07\\x20\\x0a\\x5c"
	run -0 --separate-stderr "$NSCAT" -n -o link_text "$p"
	assert_output 'to\x1b]0;x\x07 \x0a\x5c'
	run -0 --separate-stderr "$NSLS" -l "$ed"
	refute_raw_output
	assert_line --regexp ' ln\\x1b\[1m k -> to\\x1b\]0;x\\x07 \\x0a\\x5c$'
	run -0 --separate-stderr "$NSCAT" -J "$p"
	assert_json "$output"
	run -0 jq -r '.objects[0].link_text' <<<"$output"
	assert_output 'to\x1b]0;x\x07 \x0a\x5c'
}

# A chain of directories whose real path is exactly len bytes; each
# component hostile, as long as fits.  Its real path is left in $deep.
deep_chain() {
	local len=$1 comp

	comp=$(printf 'd\033%.0s' {1..100})
	deep=$top
	while [ $((${#deep} + 1 + 200 + 1 + 200)) -le "$len" ]; do
		mkdir -- "$deep/$comp"
		deep=$deep/$comp
	done
	comp=$(printf 'e%.0s' $(seq $((len - ${#deep} - 1))))
	mkdir -- "$deep/$comp"
	deep=$deep/$comp
}

@test "a directory whose path is PATH_MAX - 1 bytes, and a process in it" {
	local LC_ALL=C

	deep_chain 4095
	[ "${#deep}" -eq 4095 ]
	p=/fs$(esc "$deep")
	run -0 --separate-stderr "$NSCAT" -n -r -o path,type "$deep"
	refute_raw_output
	assert_output "$p dir"
	assert_round_trip "$p"
	run -0 --separate-stderr "$NSLS" -R "/fs$(esc "$top")"
	refute_raw_output
	[ -z "$stderr" ]
	assert_line "$p"
	# A process working there, holding the directory open.
	start_helper hold "$HOLD" -d "$deep" -f .
	run -0 --separate-stderr "$NSCAT" -n -r -o cwd "/proc/$pid"
	assert_output "$p"
	run -0 --separate-stderr "$FDINFO" -a -p "$pid" -r -n -o assoc,object
	refute_raw_output
	helper_fds hold
	assert_line "cwd $p"
	assert_line "${fd[0]} $p"
	run -0 --separate-stderr "$FDINFO" -J -p "$pid" -o fd,object,name
	assert_json "$output"
	run -0 jq -r --argjson fd "${fd[0]}" '.fds[] | select(.fd == $fd) | .name' \
	    <<<"$output"
	assert_output "$(esc "$deep")"
}

@test "beyond PATH_MAX: the walk says what it cannot list, fdinfo shows the descriptor" {
	local LC_ALL=C

	deep_chain 4095
	comp=$(printf 'x%.0s' {1..200})
	mkdir -p -- "$deep/$comp/$comp"
	start_helper hold "$HOLD" -d "$deep/$comp/$comp" -f .
	beyond=/fs$(esc "$deep/$comp")
	# The directory is there and printed; listing it cannot be done by
	# any path, and that is said once.
	run -1 --separate-stderr "$NSLS" -R "/fs$(esc "$top")"
	refute_raw_output
	assert_line "$beyond"
	assert_equal "$stderr" "nsls: $beyond: File name too long"
	# The kernel cannot give the descriptor's path: it is listed
	# without an object, not dropped.
	run -0 --separate-stderr "$FDINFO" -a -p "$pid" -r -n -o assoc,kind,object
	refute_raw_output
	[ -z "$stderr" ]
	helper_fds hold
	assert_line "cwd DIR -"
	assert_line "${fd[0]} DIR -"
	run -0 --separate-stderr "$NSCAT" -J -o path,kind,object,deleted \
	    "/proc/$pid/fd/${fd[0]}"
	assert_output --partial '"path": "/proc/'"$pid/fd/${fd[0]}"'"'
	run -0 jq -c '.objects[0] | [.kind, .object, .deleted]' <<<"$output"
	assert_output '["DIR",null,null]'
}

@test "a process's name, command line and program file" {
	local LC_ALL=C

	prog=$top/$(printf 'x\033[31m\n y')
	cp "$HOLD" "$prog"
	# The argument is the helper's: it decodes \xHH, the command line
	# keeps what was given.
	start_helper hold "$prog" -c 'c\x1b]0;t\x07\x0a \x9b\xff' \
	    -c "$(printf 'c\033]0;t\007\n \233\377')" -f "$d/sp ace"
	ep=$(esc "$prog")
	comm='c\x1b]0;t\x07\x0a \x9b\xff'
	cmdline="${ep//\\x20/ } -c c\\x5cx1b]0;t\\x5cx07\\x5cx0a \\x5cx9b\\x5cxff -c $comm -f $(esc "$d")/sp ace"
	run -0 --separate-stderr "$NSCAT" -o comm,cmdline,exe "/proc/$pid"
	refute_raw_output
	assert_line --index 1 --regexp "^$(regex_quote "$comm") +$(regex_quote "$cmdline") +/fs$(regex_quote "$ep")\$"
	run -0 --separate-stderr "$NSCAT" -r -n -o comm,exe "/proc/$pid"
	assert_output 'c\x1b]0;t\x07\x0a\x20\x9b\xff /fs'"$ep"
	run -0 --separate-stderr "$NSCAT" -P -o comm "/proc/$pid"
	assert_output "COMM=\"$comm\""
	run -0 --separate-stderr "$NSCAT" -J -o comm,cmdline,exe,summary "/proc/$pid"
	refute_raw_output
	assert_json "$output"
	run -0 jq -r '.objects[0] | .comm, .cmdline, .exe, .summary' <<<"$output"
	assert_output "$comm
$cmdline
/fs$ep
$pid $comm S"
	run -0 --separate-stderr "$NSLS" -l /proc
	refute_raw_output
	assert_line --regexp "^/proc/$pid +process $pid $(regex_quote "$comm") S\$"
	run -0 --separate-stderr "$FDINFO" -p "$pid" -o pid,comm,fd -n
	refute_raw_output
	assert_line --regexp "^ *$pid $(regex_quote "$comm") +0\$"
	run -0 --separate-stderr "$FDINFO" -J -a -p "$pid" -o assoc,comm,object
	assert_json "$output"
	run -0 jq -r '.fds[] | select(.assoc == "exe") | .comm, .object' <<<"$output"
	assert_output "$comm
/fs$ep"
	assert_round_trip "/fs$ep"
	# A descriptor of a file whose name has a blank: its object is a
	# path, its name text; and the file's holders, asked by either form.
	helper_fds hold
	run -0 --separate-stderr "$FDINFO" -p "$pid" -r -n -o fd,object,name
	assert_line "${fd[0]} $ed/sp\\x20ace $(esc "$d")/sp\\x20ace"
	run -0 --separate-stderr "$FDINFO" -p "$pid" -n -o fd,object,name
	assert_line --regexp "^ *${fd[0]} $(regex_quote "$ed/sp\\x20ace") +$(regex_quote "$(esc "$d")/sp ace")\$"
	run -0 --separate-stderr "$FDINFO" -r -n -o pid,fd "$ed/sp\\x20ace" \
	    "$d/sp ace"
	assert_output "$pid ${fd[0]}"
}

@test "unix sockets bound to hostile paths and abstract names" {
	local LC_ALL=C

	sock=$top/$(printf 'u\033[31m\n x')
	start_helper hold "$HOLD" -u "$sock" \
	    -a 'ab\x00s\x1b[1m\x0a \x9b\xff' -a 'q"\x5c'
	es=$(esc "$sock")
	tsock=${es//\\x20/ }
	helper_fds hold
	ino() { stat -L -c %i "/proc/$pid/fd/${fd[$1]}"; }
	run -0 --separate-stderr "$NSCAT" -r -n -o path,name,file \
	    "/sock/unix/$(ino 0)" "/sock/unix/$(ino 1)" "/sock/unix/$(ino 2)"
	refute_raw_output
	assert_output "/sock/unix/$(ino 0) $es /fs$es
/sock/unix/$(ino 1) @ab@s\\x1b[1m\\x0a\\x20\\x9b\\xff -
/sock/unix/$(ino 2) @q\"\\x5c -"
	run -0 --separate-stderr "$NSCAT" -J -o name,file "/sock/unix/$(ino 0)" \
	    "/sock/unix/$(ino 1)"
	assert_json "$output"
	run -0 jq -r '.objects[] | .name, .file' <<<"$output"
	assert_output "$tsock
/fs$es
@ab@s\\x1b[1m\\x0a \\x9b\\xff
null"
	run -0 --separate-stderr "$FDINFO" -p "$pid" -r -n -o fd,object,name
	refute_raw_output
	assert_line "${fd[0]} /sock/unix/$(ino 0) unix\\x20stream\\x20LISTEN\\x20$es"
	assert_line "${fd[1]} /sock/unix/$(ino 1) unix\\x20stream\\x20LISTEN\\x20@ab@s\\x1b[1m\\x0a\\x20\\x9b\\xff"
	run -0 --separate-stderr "$NSLS" -l /sock/unix
	refute_raw_output
	assert_line --regexp "^/sock/unix/$(ino 1) +socket unix stream LISTEN @ab@s\\\\x1b\\[1m\\\\x0a \\\\x9b\\\\xff\$"
	# The socket file is a way in too.
	run -0 --separate-stderr "$NSCAT" -n -r -o path "$sock" "/fs$es"
	assert_output "/sock/unix/$(ino 0)
/fs$es"
	assert_round_trip "/fs$es" "/sock/unix/$(ino 1)"
}

@test "memfd names and a mapped file whose name holds a newline" {
	local LC_ALL=C

	start_helper hold "$HOLD" -M "$(printf 'm\033]0;t\007\n x\\')" \
	    -m "$d/$(printf 'nl\nx')" -m "$d/lit\\x5cx41"
	run -0 --separate-stderr "$FDINFO" -a -p "$pid" -r -n -o assoc,kind,object,name
	refute_raw_output
	helper_fds hold
	assert_line --regexp "^${fd[0]} memfd /anon/memfd/[0-9]+ memfd:m\\\\x1b\\]0;t\\\\x07\\\\x0a\\\\x20x\\\\x5c\$"
	# maps writes a newline as \012 and a backslash as itself: each
	# file is told by the one it is.
	assert_line "shm REG $ed/nl\\x0ax $(esc "$d")/nl\\x0ax"
	assert_line "shm REG $ed/lit\\x5cx41 $(esc "$d")/lit\\x5cx41"
	memfd=$(awk -v fd="${fd[0]}" '$1 == fd { print $3 }' <<<"$output")
	run -0 --separate-stderr "$NSCAT" -J -o path,summary "$memfd"
	assert_json "$output"
	run -0 jq -r '.objects[0].summary' <<<"$output"
	assert_output --regexp '^memfd [0-9]+ m\\x1b\]0;t\\x07\\x0a x\\x5c, 1 holder$'
}

@test "interface names and aliases, and addresses' labels" {
	need_root
	# A sysfs mounted in the new network namespace shows its interfaces.
	run -0 --separate-stderr unshare -n -m --propagation private bash -c '
		set -e
		mount -t sysfs none /sys
		e=$(printf "e\033[31m\\\\\"x")
		c=$(printf "c\233\377\376=q")
		ip link add "$e" type bridge
		ip link add "$c" type bridge
		ip link add "$(printf "%015d" 0)" type bridge
		ip link set "$e" alias "$(printf "al\nias\033[1m \233\377")"
		ip addr add 10.9.0.1/24 dev "$e" label "$e:$(printf "\033]0;")"
		echo "== ls"; "$1" -l /dev/net
		echo "== cat"; "$2" -r -n -o path,name,ifalias /dev/net/2 \
		    /dev/net/3 /dev/net/4
		echo "== pairs"; "$2" -P -o name /dev/net/2
		echo "== json"; "$2" -J -o name,ifalias /dev/net/2 |
		    jq -c .objects
		echo "== sysfs"; "$2" -n -r -o path \
		    "/sys/class/net/e\x1b[31m\x5c\"x" "/sys/class/net/$c"
		echo "== label"; "$2" -r -n -o label /net/addr/2/10.9.0.1-24
		echo "== devtree"; LC_ALL=C.UTF-8 "$3" -r -n -s net -o path,name |
		    grep "^/dev/net/"
		echo "== devtree-json"; LC_ALL=C.UTF-8 "$3" -J -s net -o path,name |
		    jq -c "[.. | objects | select(.path? // \"\" |
		    startswith(\"/dev/net/\")) | del(.children)] | sort_by(.path)"
	' - "$NSLS" "$NSCAT" "$DEVTREE"
	refute_raw_output
	[ -z "$stderr" ]
	all=$output
	run -0 section ls
	assert_line --regexp '^/dev/net/2 +netif e\\x1b\[31m\\x5c"x down '
	assert_line --regexp '^/dev/net/3 +netif c\\x9b\\xff\\xfe=q down '
	run -0 section cat
	assert_output '/dev/net/2 e\x1b[31m\x5c"x al\x0aias\x1b[1m\x20\x9b\xff
/dev/net/3 c\x9b\xff\xfe=q -
/dev/net/4 000000000000000 -'
	run -0 section pairs
	assert_output 'NAME="e\x1b[31m\x5c\x22x"'
	run -0 section json
	assert_output '[{"name":"e\\x1b[31m\\x5c\"x","ifalias":"al\\x0aias\\x1b[1m \\x9b\\xff"}]'
	run -0 section sysfs
	assert_output '/dev/net/2
/dev/net/3'
	run -0 section label
	assert_output 'e\x1b[31m\x5c"x:\x1b]0;'
	run -0 section devtree
	assert_line '/dev/net/2 e\x1b[31m\x5c"x'
	assert_line '/dev/net/3 c\x9b\xff\xfe=q'
	run -0 section devtree-json
	assert_output '[{"path":"/dev/net/1","name":"lo"},{"path":"/dev/net/2","name":"e\\x1b[31m\\x5c\"x"},{"path":"/dev/net/3","name":"c\\x9b\\xff\\xfe=q"},{"path":"/dev/net/4","name":"000000000000000"}]'
}

@test "mqueue names" {
	need_root
	mkdir "$top/mq"
	# As tests/ipc.bats does: an IPC namespace of the test's own holds
	# the queues, a mount namespace the mount.
	run -0 --separate-stderr unshare -i -m --propagation private bash -c '
		set -e
		mount -t mqueue none "$1"
		"$4" "$(printf "nl\nx")" "$(printf "e\033[31mr")" \
		    "$(printf "c\233z\377")" "sp ace" "b\\s" "q\"\$\`" \
		    "$(printf "%0255d" 7)" >"$1.ready" 2>"$1.err" &
		helper=$!
		trap "kill $helper; wait $helper" EXIT
		for i in $(seq 100); do
			[ -s "$1.ready" ] && break
			sleep 0.05
		done
		echo "== ls"; "$2" /ipc/mqueue | sort
		echo "== pairs"; "$2" -P -o path,name /ipc/mqueue | sort
		echo "== json"; "$2" -J -o path,name /ipc/mqueue |
		    jq -c ".nodes | sort_by(.path) | .[]"
		echo "== trip"; "$2" /ipc/mqueue | "$3" -n -r -o path - | sort
		echo "== file"; "$3" -n -r -o path,file "$1/$(printf "nl\nx")"
		echo "== raw"; "$3" -n -r -o path "/ipc/mqueue/$(printf "e\033[31mr")"
	' - "$top/mq" "$NSLS" "$NSCAT" "$HELPERS/mqmk"
	refute_raw_output
	[ -z "$stderr" ]
	all=$output
	long=$(printf '%0255d' 7)
	run -0 section ls
	ls=$output
	assert_output "/ipc/mqueue/$long
/ipc/mqueue/b\\x5cs
/ipc/mqueue/c\\x9bz\\xff
/ipc/mqueue/e\\x1b[31mr
/ipc/mqueue/nl\\x0ax
/ipc/mqueue/q\"\$\`
/ipc/mqueue/sp\\x20ace"
	run -0 section trip
	assert_output "$ls"
	run -0 section pairs
	assert_line 'PATH="/ipc/mqueue/sp ace" NAME="/sp ace"'
	assert_line 'PATH="/ipc/mqueue/q\x22\x24\x60" NAME="/q\x22\x24\x60"'
	assert_line 'PATH="/ipc/mqueue/nl\x0ax" NAME="/nl\x0ax"'
	run -0 section json
	assert_line '{"path":"/ipc/mqueue/sp\\x20ace","name":"/sp ace"}'
	assert_line '{"path":"/ipc/mqueue/c\\x9bz\\xff","name":"/c\\x9bz\\xff"}'
	run -0 section file
	assert_output "/ipc/mqueue/nl\\x0ax /fs$(esc "$top")/mq/nl\\x0ax"
	run -0 section raw
	assert_output '/ipc/mqueue/e\x1b[31mr'
}

@test "mount points and sources" {
	need_root
	mp=$top/$(printf 'm\nt\033[31m x\\')
	mkdir -- "$mp"
	run -0 --separate-stderr unshare -m --propagation private bash -c '
		set -e
		mount -t tmpfs "$(printf "s\033]0;t\007 rc\\\\")" "$1" -o size=1m
		id=$(findmnt -n -o ID --mountpoint "$1")
		echo "== cat"; "$2" -r -n -o path,target,spec "/mount/$id"
		echo "== json"; "$2" -J -o target,spec,summary "/mount/$id" |
		    jq -c .objects
		echo "== ls"; "$3" -l /mount | grep "^/mount/$id "
		echo "== of"; "$2" -r -n -o mount "$1"
		echo "== id"; echo "$id"
	' - "$mp" "$NSCAT" "$NSLS"
	refute_raw_output
	[ -z "$stderr" ]
	all=$output
	id=$(section id)
	emp=$(esc "$mp")
	tmp=$(esc "$mp" | sed 's/\\x20/ /g')
	run -0 section cat
	assert_output "/mount/$id /fs$emp s\\x1b]0;t\\x07\\x20rc\\x5c"
	run -0 section json
	assert_output "[{\"target\":\"/fs${emp//\\/\\\\}\",\"spec\":\"s\\\\x1b]0;t\\\\x07 rc\\\\x5c\",\"summary\":\"${tmp//\\/\\\\} tmpfs s\\\\x1b]0;t\\\\x07 rc\\\\x5c rw,relatime\"}]"
	run -0 section ls
	assert_output --regexp "^/mount/$id +mount "
	run -0 section of
	assert_output "/mount/$id"
}

@test "user and group names" {
	need_root
	cp /etc/passwd "$top/passwd"
	cp /etc/group "$top/group"
	printf 'e\033[31mvil:x:4242:4242:g\033]0;t\007 x,\233\377:/h o\\me:/bin/sh\n' \
	    >>"$top/passwd"
	printf 'sp ace:x:4243:4242::/:/bin/sh\n' >>"$top/passwd"
	printf 'g\033[1mrp x:x:4242:e\033[31mvil,sp ace\n' >>"$top/group"
	run -0 --separate-stderr unshare -m --propagation private bash -c '
		set -e
		mount --bind "$1/passwd" /etc/passwd
		mount --bind "$1/group" /etc/group
		echo "== ls"; "$2" -l /user | grep -e "^/user/4242 " -e "^/user/4243 "
		echo "== cat"; "$3" -r -n -o path,name,gecos,homedir /user/4242
		echo "== json"; "$3" -J -o name,gecos,homedir,summary /user/4242 |
		    jq -c .objects
		echo "== group"; "$3" -P -o name,members /group/4242
		echo "== alias"; "$3" -n -r -o path "/user/e\x1b[31mvil" \
		    "/user/sp ace" "/user/sp\x20ace" "/group/g\x1b[1mrp\x20x" \
		    "$(printf "/user/e\033[31mvil")"
	' - "$top" "$NSLS" "$NSCAT"
	refute_raw_output
	[ -z "$stderr" ]
	all=$output
	run -0 section ls
	assert_line --regexp '^/user/4242 +user e\\x1b\[31mvil '
	assert_line --regexp '^/user/4243 +user sp ace '
	run -0 section cat
	assert_output '/user/4242 e\x1b[31mvil g\x1b]0;t\x07\x20x,\x9b\xff /h\x20o\x5cme'
	run -0 section json
	assert_output --partial '"name":"e\\x1b[31mvil","gecos":"g\\x1b]0;t\\x07 x,\\x9b\\xff","homedir":"/h o\\x5cme"'
	run -0 section group
	assert_output 'NAME="g\x1b[1mrp x" MEMBERS="/user/4242\x0a/user/4243"'
	run -0 section alias
	assert_output '/user/4242
/user/4243
/user/4243
/group/4242
/user/4242'
}

# The tool $1 refuses the arguments after $2, escaping what it quotes:
# it exits 2 and the first line of its message is $2.
refuses() {
	local tool=$1 want=$2
	shift 2

	run -2 --separate-stderr "$tool" "$@"
	refute_raw_output
	assert_equal "${stderr%%$'\n'*}" "$want"
}

@test "messages that quote hostile input escape it" {
	bad=$(printf '/no/\033[31m\n\233x')
	for tool in "$NSLS" "$NSCAT" "$FDINFO" "$DEVTREE"; do
		name=${tool##*/}
		run -1 --separate-stderr "$tool" "$bad"
		refute_raw_output
		assert_equal "$stderr" "$name: /no/\\x1b[31m\\x0a\\x9bx: no such object"
		refuses "$tool" "$name: invalid option -- '\\x1b'" \
		    "$(printf -- '-\033')"
		refuses "$tool" "$name: invalid option -- '\\x9b'" \
		    "$(printf -- '-\233')"
		refuses "$tool" "$name: unrecognized option '--\\x1b]0;t\\x07'" \
		    "$(printf -- '--\033]0;t\007')"
		refuses "$tool" "$name: option '--json' doesn't allow an argument" \
		    "$(printf -- '--json=\033[1m')"
		refuses "$tool" "$name: unknown column: \\x1b[1m\\x0ax" \
		    -o "$(printf 'path,\033[1m\nx')" /
		run -2 --separate-stderr "$tool" -o
		assert_equal "${stderr%%$'\n'*}" "$name: option requires an argument -- 'o'"
	done
	refuses "$FDINFO" 'fdinfo: 1\x1b[1m: not a process id' \
	    -p "$(printf '1\033[1m')"
	refuses "$DEVTREE" 'devtree: depth 1\x1b[1m: invalid' \
	    -d "$(printf '1\033[1m')"
	# Paths on standard input are quoted the same way.
	run -1 --separate-stderr bash -c 'printf "/no/\033]0;x\007\n" | "$1" -' - "$NSCAT"
	refute_raw_output
	assert_equal "$stderr" 'nscat: /no/\x1b]0;x\x07: no such object'
}
