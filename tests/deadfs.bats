#!/usr/bin/env bats
# A file server that does not answer (DESIGN.md, rule 10): nsmount's FUSE
# daemon, stopped with SIGSTOP while a process holds a file, a directory
# and a mapping on its mount.  Every tool finishes within seconds, shows
# what the kernel's cache knows, and says on stderr how many objects
# could not be asked.  A hard NFS mount whose server is gone is the same
# case, told by the file system's type; no NFS server can be had here,
# so FUSE stands for it.
#
# The mount lives in a mount namespace of its own, so that the suites
# that run beside this one never reach it by a path; the tools under test
# run in it (nsenter).  Teardown lets the daemon go on, ends the holder
# and unmounts, whatever happened.  The holder's descriptors are still
# reached by every scan of all processes, which then waits for the daemon
# and says so: tests/harness runs the suite by itself.
# harness: alone

bats_require_minimum_version 1.5.0
load helpers/common

HOLD=$HELPERS/holdnames

setup() {
	[ -c /dev/fuse ] || skip "no /dev/fuse here"
	# A second's wait for a file system that does not answer, not the
	# default two: the suite runs by itself, and each test waits once
	# or twice.  The tests of the wait itself set their own.
	export NSTOOLS_FS_TIMEOUT=1
	command -v fusermount3 >/dev/null ||
	    skip "no fusermount3 (Debian package fuse3)"
	unshare -m true 2>/dev/null || skip "no new mount namespace allowed"
	dir=$(realpath "$BATS_TEST_TMPDIR")
	mnt=$dir/mnt
	server=
	hold=
	stopped=
	mkdir "$mnt"
	# unshare execs nsmount in the new namespace and setsid makes it
	# the leader of a process group of its own, which its spawner and
	# workers share: one signal to the group stops them all.
	unshare -m --propagation private setsid "$NSMOUNT" -f "$mnt" \
	    2>"$dir/nsmount.err" 3>&- &
	server=$!
	for i in $(seq 200); do
		in_ns awk -v m="$mnt" '$2 == m { f = 1 } END { exit !f }' \
		    /proc/self/mounts 2>/dev/null && break
		kill -0 "$server" 2>/dev/null || break
		sleep 0.05
	done
	in_ns awk -v m="$mnt" '$2 == m { f = 1 } END { exit !f }' \
	    /proc/self/mounts ||
	    skip "FUSE cannot mount here: $(cat "$dir/nsmount.err")"
	[ "$(ps -o pgid= -p "$server" | tr -d ' ')" = "$server" ] ||
	    fail "nsmount is not the leader of its process group"
	file=$mnt/user/0/name
	dirheld=$mnt/dev
	# nsenter execs the holder: its pid is $!.
	nsenter -t "$server" -m -- "$HOLD" -f "$file" -p "$file" \
	    -d "$dirheld" >"$dir/hold.out" 2>&1 3>&- &
	hold=$!
	await_ready "$dir/hold.out"
	fd=$(awk '$1 == "FD" { print $2; exit }' "$dir/hold.out")
}

teardown() {
	local i

	[ -n "$server" ] || return 0
	kill -CONT -- "-$server" 2>/dev/null || true
	[ -z "$hold" ] || kill "$hold" 2>/dev/null || true
	[ -z "$hold" ] || wait "$hold" 2>/dev/null || true
	in_ns fusermount3 -u "$mnt" 2>/dev/null ||
	    in_ns umount -l "$mnt" 2>/dev/null || true
	for i in $(seq 100); do
		kill -0 "$server" 2>/dev/null || break
		sleep 0.05
	done
	kill -- "-$server" 2>/dev/null || true
	wait "$server" 2>/dev/null || true
}

# Run a command in the mount namespace of the mount.
in_ns() {
	nsenter -t "$server" -m -- "$@"
}

# Stop the daemon, its spawner and its workers, once the kernel's caches
# of the files held (a second for nsmount's entries and attributes) have
# run out: from then on a lookup there asks the daemon.
stop_server() {
	sleep 1.5
	kill -STOP -- "-$server"
	stopped=1
}

# Run a tool in the namespace, at most 20 seconds, and the seconds it
# took in $took: run's status, output and stderr as usual.
timed() {
	local t0

	# LeakSanitizer stops each thread of the tool with ptrace at exit;
	# a thread still waiting on the stopped daemon never stops (the wait
	# yields to a fatal signal only), and the check would wait for ever.
	# The same code is checked for leaks by the suites with a live server.
	if [ -n "$stopped" ] && [ -n "${ASAN_OPTIONS-}" ]; then
		local -x ASAN_OPTIONS="$ASAN_OPTIONS:detect_leaks=0"
	fi
	t0=$(date +%s%N)
	run --separate-stderr timeout 20 nsenter -t "$server" -m -- "$@"
	took=$((($(date +%s%N) - t0) / 1000000))
	echo "took ${took} ms: $*" >&3
}

# The line that counts what a file server did not answer for: $1 objects.
unanswered() {
	local n=$1 s=s line

	[ "$n" -ne 1 ] || s=
	line="$n object$s not answering (file server stopped or gone: $mnt),"
	line+=" shown from the kernel's cache"
	grep -Fx -e "fdinfo: $line" -e "nscat: $line" -e "nsls: $line" \
	    <<<"$stderr"
}

@test "fdinfo -p shows the descriptor on a stopped FUSE daemon's mount" {
	stop_server
	timed "$FDINFO" -r -n -o fd,kind,object,name -p "$hold"
	[ "$status" -eq 0 ]
	[ "$took" -lt 10000 ]
	assert_line "$fd REG /fs$file $file"
	unanswered 1
}

@test "fdinfo of every process finishes and shows the descriptor" {
	stop_server
	timed "$FDINFO" -r -n -o pid,fd,kind,object,name
	[ "$status" -eq 0 ]
	[ "$took" -lt 10000 ]
	assert_line "$hold $fd REG /fs$file $file"
	unanswered 1
}

@test "fdinfo -a shows the directory and the mapping, cached" {
	stop_server
	timed "$FDINFO" -a -r -n -o assoc,kind,object,name -p "$hold"
	[ "$status" -eq 0 ]
	[ "$took" -lt 10000 ]
	assert_line "cwd DIR /fs$dirheld $dirheld"
	assert_line "mem REG /fs$file $file"
	assert_line "$fd REG /fs$file $file"
	unanswered 2
	timed "$FDINFO" -a -r -n -o pid,assoc,object
	[ "$status" -eq 0 ]
	[ "$took" -lt 10000 ]
	assert_line "$hold cwd /fs$dirheld"
	unanswered 2
}

@test "nscat of the descriptor and of its process finishes" {
	stop_server
	timed "$NSCAT" -r -n -o kind,object,name,cwd "/proc/$hold/fd/$fd"
	[ "$status" -eq 0 ]
	[ "$took" -lt 10000 ]
	assert_output "REG /fs$file $file /fs$dirheld"
	unanswered 2
}

@test "nsls -R of the process, and of all /proc, finishes" {
	stop_server
	timed "$NSLS" -R "/proc/$hold"
	[ "$status" -eq 0 ]
	[ "$took" -lt 10000 ]
	assert_line "/proc/$hold/fd/$fd"
	timed "$NSLS" -R -o path,kind,object /proc
	[ "$status" -eq 0 ]
	[ "$took" -lt 10000 ]
	assert_line --regexp "^/proc/$hold/fd/$fd +REG +/fs$file\$"
	unanswered 1
}

@test "a path on the mount given as an argument is said not to answer" {
	stop_server
	timed "$NSCAT" "$file"
	[ "$status" -eq 1 ]
	[ "$took" -lt 10000 ]
	assert_equal "$stderr" \
	    "nscat: $file: not answering (file server stopped or gone)"
	timed "$NSCAT" "/fs$file" /proc/self
	[ "$status" -eq 1 ]
	[ "$took" -lt 10000 ]
	assert_equal "$stderr" \
	    "nscat: /fs$file: not answering (file server stopped or gone)"
	assert_line --regexp '^path +/proc/[0-9]+$'
}

@test "nsls -R of a tree that holds the mount walks past it" {
	stop_server
	timed "$NSLS" -R "/fs$dir"
	[ "$status" -eq 0 ]
	[ "$took" -lt 10000 ]
	assert_line "/fs$mnt"
	assert_line "/fs$dir/hold.out"
	refute_line --partial "/fs$mnt/"
	unanswered 1
}

@test "NSTOOLS_FS_TIMEOUT bounds the wait on one file system" {
	# Longer than the default: the wait lasts what it says, once for
	# the file system, not once for each object on it.
	stop_server
	NSTOOLS_FS_TIMEOUT=5 timed "$FDINFO" -a -r -n -o fd,object -p "$hold"
	[ "$status" -eq 0 ]
	[ "$took" -ge 4900 ]
	[ "$took" -lt 9900 ]
	unanswered 2
}

@test "a daemon that answers late, within the time, is waited for" {
	# Stopped for half a second: the lookup waits and gets its answer,
	# and nothing is said.
	local waker

	stop_server
	(sleep 0.5; kill -CONT -- "-$server") 3>&- &
	waker=$!
	NSTOOLS_FS_TIMEOUT=10 timed "$FDINFO" -r -n -o fd,kind,object \
	    -p "$hold"
	wait "$waker"
	[ "$status" -eq 0 ]
	[ "$took" -ge 400 ]
	assert_line "$fd REG /fs$file"
	run grep -c "not answering" <<<"$stderr"
	assert_output 0
}

@test "a daemon that answers is asked as before: nothing is said" {
	NSTOOLS_FS_TIMEOUT=10 timed "$FDINFO" -a -r -n -o assoc,kind,object \
	    -p "$hold"
	[ "$status" -eq 0 ]
	assert_line "cwd DIR /fs$dirheld"
	assert_line "$fd REG /fs$file"
	run grep -c "not answering" <<<"$stderr"
	assert_output 0
}
