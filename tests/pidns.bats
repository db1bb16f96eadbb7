#!/usr/bin/env bats
# /ns/pid/INODE: the processes of another pid namespace, each under the
# caller's /proc/PID with its pid inside as nspid.  Each test makes its
# namespaces with unshare -pf --mount-proc; teardown kills the holders.
# Every path a tool prints is checked to name itself again.

bats_require_minimum_version 1.5.0
load helpers/common

setup() {
	helpers=()
	unshare -pf --mount-proc true 2>/dev/null ||
	    skip "no new pid namespace allowed here"
	HERE=$(stat -L -c %i /proc/self/ns/pid)
}

teardown() {
	kill_helpers -KILL
}

# A new pid namespace whose init runs the shell script given, then says
# ready and sleeps; its init's pid (for the caller) in $init, the
# namespace's inode in $pino.  Arguments before the script prefix the
# unshare (setpriv, to run it as another user).
start_pidns() {
	start_holder_of "${@:1:$#-1}" unshare -pf --mount-proc sh -c "${!#}
echo ready
exec sleep 600" || return 1
	disown "$holder"
	init=$(pgrep -P "$holder" | head -1)
	helpers+=("$init")
	pino=$(stat -L -c %i "/proc/$init/ns/pid")
}

# Every path of the output names itself again.
round_trip() {
	local p

	for p in $1; do
		run -0 unskipped "$NSCAT" -n -r -o path "$p"
		assert_output "$p"
	done
}

@test "a pid namespace lists its processes, each with its pid inside" {
	local kid

	start_pidns 'sleep 600 &'
	kid=$(pgrep -P "$init" sleep)
	run -0 unskipped "$NSLS" -n -r -o path,nspid /ns/pid/"$pino"
	assert_output "/proc/$init $init\\x201
/proc/$kid $kid\\x202"
	run -0 unskipped "$NSLS" -n -r -o path /ns/pid/"$pino"
	round_trip "$output"
	# Its processes are the caller's, their own pid first.
	run -0 unskipped "$NSCAT" -n -r -o pidns /proc/"$kid"
	assert_output "/ns/pid/$pino"
}

@test "the pid a member uses is an alias of the caller's /proc/PID" {
	start_pidns ':'
	run -0 unskipped "$NSCAT" -n -r -o path /ns/pid/"$pino"/proc/1 \
	    /ns/pid/"$pino"/proc/1/fd
	assert_output "/proc/$init
/proc/$init/fd"
	run -1 --separate-stderr "$NSCAT" /ns/pid/"$pino"/proc/99999
	assert_output ""
	[[ $stderr == *"nscat: /ns/pid/$pino/proc/99999: no such object"* ]]
}

@test "a nested namespace's processes are listed in the outer one too" {
	local inner ino

	start_pidns 'unshare -pf --mount-proc sleep 600 &
sleep 0.2'
	inner=$(pgrep -f -n "^sleep 600" -P "$(pgrep -P "$init" unshare)")
	ino=$(stat -L -c %i "/proc/$inner/ns/pid")
	run -0 unskipped "$NSCAT" -n -r -o nspid /proc/"$inner"
	assert_output --regexp "^$inner\\\\x20[0-9]+\\\\x201\$"
	run -0 unskipped "$NSLS" -n -r -o path /ns/pid/"$pino"
	assert_line "/proc/$init"
	assert_line "/proc/$inner"
	run -0 unskipped "$NSLS" -n -r -o path /ns/pid/"$ino"
	assert_output "/proc/$inner"
	# The direct members alone are the namespace's processes.
	run -0 unskipped "$NSCAT" -n -r -o processes /ns/pid/"$pino"
	refute_output --partial "/proc/$inner"
}

@test "the caller's own namespace under its inode is the short form" {
	run -0 unskipped "$NSCAT" -n -r -o path /ns/pid/"$HERE"/proc/1 \
	    /ns/pid/"$HERE"/proc/$$
	assert_output "/proc/1
/proc/$$"
	run -0 unskipped "$NSLS" -n -r -o path /ns/pid/"$HERE"
	assert_line "/proc/1"
	assert_line "/proc/$$"
}

@test "a pid namespace that does not exist is no object" {
	run -1 --separate-stderr "$NSLS" /ns/pid/1
	assert_output ""
	[[ $stderr == *"nsls: /ns/pid/1: no such object"* ]]
}

@test "a rootless pid namespace is read by its unprivileged owner" {
	local as

	need_rootless -r -pf --mount-proc
	start_pidns "${as[@]}" unshare -r 'sleep 600 &'
	run -0 unskipped "${as[@]}" "$NSLS" -n -r -o path,nspid \
	    /ns/pid/"$pino"
	assert_line --index 0 "/proc/$init $init\\x201"
	assert_line --index 1 --regexp "^/proc/[0-9]+ [0-9]+\\\\x202\$"
	run -0 unskipped "${as[@]}" "$NSCAT" -n -r -o path \
	    /ns/pid/"$pino"/proc/1
	assert_output "/proc/$init"
}

@test "a namespace whose processes end while it is listed ends no tool by a signal" {
	local i rc

	for i in $(seq 10); do
		start_pidns 'sleep 600 & sleep 600 &'
		"$NSLS" -R -o path,nspid,comm /ns/pid/"$pino" >/dev/null 2>&1 &
		kill -9 "$init"
		rc=0
		wait $! || rc=$?
		[ "$rc" -lt 128 ]
	done
}
