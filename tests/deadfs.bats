#!/usr/bin/env bats
# A file server that does not answer (DESIGN.md, rule 10): nsmount's FUSE
# daemon, stopped with SIGSTOP while a process holds a file, a directory
# and a mapping on its mount (tests/helpers/deadfs.bash).  Every tool
# finishes within seconds, shows what the kernel's cache knows, and says
# on stderr how many objects could not be asked.  A hard NFS mount whose
# server is gone is the same case, told by the file system's type; no
# NFS server can be had here, so FUSE stands for it.  The wait itself,
# with a daemon that answers late or at once, is deadfs-wait.bats.
#
# The daemon is started and stopped once, for every test here: each tool
# run asks it anew, and what one run gave up on is nothing to the next.
# The mount lives in a mount namespace of its own, so that the suites
# that run beside this one never reach it by a path; the tools under test
# run in it (nsenter).  The holder's descriptors are still reached by
# every scan of all processes, which then waits for the daemon and says
# so: tests/harness runs the suite by itself.
# harness: alone

bats_require_minimum_version 1.5.0
load helpers/common
load helpers/deadfs

setup_file() {
	deadfs_start "$(realpath "$BATS_FILE_TMPDIR")"
	[ -n "$DEADFS_SKIP" ] || stop_server
	# A second's wait for a file system that does not answer, not the
	# default two: each test waits once or twice.
	export NSTOOLS_FS_TIMEOUT=1
	export DEADFS_SKIP server hold stopped dir mnt file dirheld fd
}

teardown_file() {
	deadfs_stop
}

setup() {
	[ -z "$DEADFS_SKIP" ] || skip "$DEADFS_SKIP"
}

@test "fdinfo -p shows the descriptor on a stopped FUSE daemon's mount" {
	timed "$FDINFO" -r -n -o fd,kind,object,name -p "$hold"
	[ "$status" -eq 0 ]
	[ "$took" -lt 10000 ]
	assert_line "$fd REG /fs$file $file"
	unanswered 1
}

@test "fdinfo of every process finishes and shows the descriptor" {
	timed "$FDINFO" -r -n -o pid,fd,kind,object,name
	[ "$status" -eq 0 ]
	[ "$took" -lt 10000 ]
	assert_line "$hold $fd REG /fs$file $file"
	unanswered 1
}

@test "fdinfo -a shows the directory and the mapping, cached" {
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
	timed "$NSCAT" -r -n -o kind,object,name,cwd "/proc/$hold/fd/$fd"
	[ "$status" -eq 0 ]
	[ "$took" -lt 10000 ]
	assert_output "REG /fs$file $file /fs$dirheld"
	unanswered 2
}

@test "nsls -R of the process, and of all /proc, finishes" {
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
	timed "$NSLS" -R "/fs$dir"
	[ "$status" -eq 0 ]
	[ "$took" -lt 10000 ]
	assert_line "/fs$mnt"
	assert_line "/fs$dir/hold.out"
	refute_line --partial "/fs$mnt/"
	unanswered 1
}
