#!/usr/bin/env bats
# /ns/mnt/INODE: another mount namespace's mounts and file tree, named
# through it and read through a member.  Each test makes its namespace
# itself: unshare -m with a tmpfs on /mnt that only it sees, and a file
# in it; teardown kills the holders.  Every path a tool prints is checked
# to name itself again (the round trip).

bats_require_minimum_version 1.5.0
load helpers/common

setup() {
	helpers=()
	HERE=$(stat -L -c %i /proc/self/ns/mnt)
	FILE=nst$$f$BATS_TEST_NUMBER
}

teardown() {
	kill_helpers -KILL
}

# A process in a new mount namespace (made by "$@", unshare -m by
# default) with a tmpfs on /mnt holding $FILE; its pid in $holder, its
# namespace's inode in $ino, the tmpfs's mount id in $mid.
start_holder() {
	(($# > 0)) || set -- unshare -m --propagation private
	start_holder_of "$@" sh -c 'mount -t tmpfs "nst$$" /mnt &&
	    echo "only here" >"/mnt/$1" && echo ready && exec sleep 600' \
	    sh "$FILE" || return 1
	ino=$(stat -L -c %i "/proc/$holder/ns/mnt")
	mid=$(awk '$5 == "/mnt" { print $1 }' "/proc/$holder/mountinfo")
	[ -n "$mid" ]
}

need_mntns() {
	unshare -m true 2>/dev/null || skip "no new mount namespace allowed here"
}

# Every path of the output names itself again.
round_trip() {
	local p

	while IFS= read -r p; do
		[ -n "$p" ] || continue
		run -0 unskipped "$NSCAT" -n -r -o path "$p"
		assert_output "$p"
	done <<<"$1"
}

@test "a mount namespace is a node: its mounts and its file tree" {
	need_mntns
	start_holder
	run -0 --separate-stderr unskipped "$NSLS" /ns/mnt/"$ino"
	assert_output "/ns/mnt/$ino/mount
/ns/mnt/$ino/fs"
	run -0 unskipped "$NSLS" -d -n -r -o path,type /ns/mnt/"$ino"/mount
	assert_output "/ns/mnt/$ino/mount mounts"
	round_trip "$(unskipped "$NSLS" /ns/mnt/"$ino")"
}

@test "the mounts of a namespace are its mountinfo's, as /mount/ID" {
	need_mntns
	start_holder
	run -0 unskipped "$NSLS" -n -r -o path /ns/mnt/"$ino"/mount
	assert_output "$(awk '{ print "/mount/" $1 }' "/proc/$holder/mountinfo")"
	assert_line "/mount/$mid"
	# The caller's own /mount does not have it.
	run -0 unskipped "$NSLS" -n -r -o path /mount
	refute_line "/mount/$mid"
	round_trip "$(unskipped "$NSLS" -n -r -o path /ns/mnt/"$ino"/mount |
	    head -5)"
}

@test "a mount of another namespace has every attribute it has at home" {
	need_mntns
	start_holder
	run -0 unskipped attrs /mount/"$mid" \
	    path,fstype,spec,target,mntns,fsroot,propagation
	assert_output "/mount/$mid|tmpfs|nst$holder|/ns/mnt/$ino/fs/mnt|/ns/mnt/$ino|/|private"
	parent=$(awk '$5 == "/mnt" { print $2 }' "/proc/$holder/mountinfo")
	run -0 unskipped attrs /mount/"$mid" parent,options
	assert_output --regexp "^/mount/$parent\\|rw,"
	run -0 unskipped attrs /ns/mnt/"$ino"/mount/"$mid" path
	assert_output "/mount/$mid"
	# Its target is a directory of that namespace, on that mount.
	run -0 unskipped attrs /ns/mnt/"$ino"/fs/mnt path,type,mount
	assert_output "/ns/mnt/$ino/fs/mnt|dir|/mount/$mid"
	run -0 unskipped attrs "$(unskipped "$NSLS" -n -r -o path /mount |
	    head -1)" mntns
	assert_output "/ns/mnt/$HERE"
}

@test "a namespace's file is read through it, which the caller cannot see" {
	need_mntns
	start_holder
	[ ! -e "/mnt/$FILE" ]
	run -0 unskipped "$NSLS" -n -r -o path /ns/mnt/"$ino"/fs/mnt
	assert_output "/ns/mnt/$ino/fs/mnt/$FILE"
	run -0 unskipped attrs /ns/mnt/"$ino"/fs/mnt/"$FILE" \
	    path,type,size,name,mount
	assert_output "/ns/mnt/$ino/fs/mnt/$FILE|file|10|$FILE|/mount/$mid"
	run -1 --separate-stderr "$NSCAT" -o path /fs/mnt/"$FILE"
	round_trip "/ns/mnt/$ino/fs
/ns/mnt/$ino/fs/mnt
/ns/mnt/$ino/fs/mnt/$FILE"
}

@test "no path leaves the namespace's root: .. and absolute links" {
	need_mntns
	start_holder
	ln -s /mnt "/proc/$holder/root/mnt/abs"
	ln -s ../../../../.. "/proc/$holder/root/mnt/up"
	run -0 unskipped "$NSCAT" -n -r -o path \
	    /ns/mnt/"$ino"/fs/../../../mnt/"$FILE" \
	    /ns/mnt/"$ino"/fs/mnt/abs/"$FILE" \
	    /ns/mnt/"$ino"/fs/mnt/up/mnt/"$FILE"
	assert_output "/ns/mnt/$ino/fs/mnt/$FILE
/ns/mnt/$ino/fs/mnt/$FILE
/ns/mnt/$ino/fs/mnt/$FILE"
	run -0 unskipped attrs /ns/mnt/"$ino"/fs/mnt/abs type,link_text,resolves
	assert_output "symlink|/mnt|/ns/mnt/$ino/fs/mnt"
	run -0 unskipped attrs /ns/mnt/"$ino"/fs/mnt/up resolves
	assert_output "/ns/mnt/$ino/fs"
	run -0 unskipped "$NSCAT" -n -r -o path /ns/mnt/"$ino"/fs/..
	assert_output "/ns/mnt/$ino/fs"
}

@test "the caller's own namespace under /ns/mnt is an alias of the short form" {
	run -0 unskipped "$NSLS" /ns/mnt/"$HERE"
	assert_output "/mount
/fs"
	run -0 unskipped "$NSCAT" -n -r -o path /ns/mnt/"$HERE"/fs/etc \
	    /ns/mnt/"$HERE"/mount
	assert_output "/fs/etc
/mount"
	id=$(awk 'NR == 1 { print $1 }' /proc/self/mountinfo)
	run -0 unskipped "$NSCAT" -n -r -o path /ns/mnt/"$HERE"/mount/"$id"
	assert_output "/mount/$id"
}

@test "a namespace or a file that is not there is no object" {
	need_mntns
	start_holder
	run -1 --separate-stderr "$NSLS" /ns/mnt/1
	assert_output ""
	[ "$(stderr_unskipped)" = "nsls: /ns/mnt/1: no such object" ]
	run -1 --separate-stderr "$NSCAT" /ns/mnt/"$ino"/fs/mnt/nst$$none
	[ "$(stderr_unskipped)" = \
	    "nscat: /ns/mnt/$ino/fs/mnt/nst$$none: no such object" ]
	run -1 --separate-stderr "$NSCAT" /ns/mnt/"$ino"/mount/0
	[ "$(stderr_unskipped)" = \
	    "nscat: /ns/mnt/$ino/mount/0: no such object" ]
}

@test "a rootless namespace is read by its unprivileged owner" {
	local as

	need_rootless -rm
	start_holder "${as[@]}" unshare -rm
	cd /
	run -0 unskipped "${as[@]}" "$NSLS" -n -r -o path /ns/mnt/"$ino"/fs/mnt
	assert_output "/ns/mnt/$ino/fs/mnt/$FILE"
	run -0 unskipped "${as[@]}" "$NSCAT" -n -r -o fstype,target /mount/"$mid"
	assert_output "tmpfs /ns/mnt/$ino/fs/mnt"
	run -0 unskipped "${as[@]}" "$NSLS" -n -r -o path /ns/mnt/"$ino"/mount
	assert_line "/mount/$mid"
}

@test "a member that leaves is skipped, or read as it was when asked" {
	local fifo=$BATS_TEST_TMPDIR/in out=$BATS_TEST_TMPDIR/out
	local first second lister rc=0

	need_mntns
	start_holder
	first=$holder
	start_holder
	second=$holder
	i1=$(stat -L -c %i "/proc/$first/ns/mnt")
	mkfifo "$fifo"
	"$NSLS" -n -r -o path - <"$fifo" >"$out" 2>"$out.err" &
	lister=$!
	exec 7>"$fifo"
	# The table of namespaces is read, and the first one's tree.
	echo "/ns/mnt/$i1/fs/mnt" >&7
	for i in $(seq 100); do
		[ -s "$out" ] && break
		sleep 0.05
	done
	kill "$first" "$second"
	while kill -0 "$first" 2>/dev/null || kill -0 "$second" 2>/dev/null; do
		sleep 0.05
	done
	# What was opened is read as it was; what was not is skipped.
	echo "/ns/mnt/$i1/mount" >&7
	echo "/ns/mnt/$ino" >&7
	exec 7>&-
	wait "$lister" || rc=$?
	[ "$rc" -eq 0 ] || [ "$rc" -eq 1 ]
	run cat "$out"
	assert_line "/ns/mnt/$i1/fs/mnt/$FILE"
	refute_line --partial "/ns/mnt/$ino/"
	run cat "$out.err"
	assert_line --regexp "$SKIPPED_LINE"
	refute_output --partial "Segmentation"
}
