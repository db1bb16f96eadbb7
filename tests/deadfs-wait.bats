#!/usr/bin/env bats
# The wait for a file server (DESIGN.md, rule 10), with nsmount's FUSE
# daemon as deadfs.bats has it (tests/helpers/deadfs.bash), one for each
# test: NSTOOLS_FS_TIMEOUT bounds the wait, a daemon that answers late
# within it is waited for, and one that answers is asked as before.
# harness: alone

bats_require_minimum_version 1.5.0
load helpers/common
load helpers/deadfs

setup() {
	deadfs_start "$(realpath "$BATS_TEST_TMPDIR")"
	[ -z "$DEADFS_SKIP" ] || skip "$DEADFS_SKIP"
}

teardown() {
	deadfs_stop
}

@test "NSTOOLS_FS_TIMEOUT bounds the wait on one file system" {
	# Longer than the default: the wait lasts what it says, once for
	# the file system, not once for each object on it.
	stop_server
	NSTOOLS_FS_TIMEOUT=3 timed "$FDINFO" -a -r -n -o fd,object -p "$hold"
	[ "$status" -eq 0 ]
	[ "$took" -ge 2900 ]
	[ "$took" -lt 5900 ]
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
