#!/usr/bin/env bats
# /proc/PID: processes, checked against what procfs itself says about
# helper processes the tests start.

bats_require_minimum_version 1.5.0
load helpers/common

setup() {
	helpers=()
}

teardown() {
	kill_helpers
}

# Start a command in the background and wait until it has exec'd the
# program whose comm is $1; its pid is left in $pid.
start_helper() {
	local comm=$1 i
	shift

	"$@" 3>&- &
	pid=$!
	helpers+=("$pid")
	for i in $(seq 100); do
		[[ $(<"/proc/$pid/comm") == "$comm" ]] && return 0
		sleep 0.05
	done
	echo "helper $pid never became $comm" >&2
	return 1
}

# One attribute of one object, as JSON gives it (null when it has none).
attr() {
	"$NSCAT" -J -o "$2" "$1" | jq -r ".objects[0].$2"
}

@test "a sleeping helper: pid, comm, cmdline, ppid, user, state, threads" {
	start_helper sleep sleep 1000
	run --separate-stderr "$NSCAT" -J \
	    -o path,pid,comm,cmdline,ppid,user,euser,group,egroup,state,threads \
	    "/proc/$pid"
	assert_success
	[ -z "$stderr" ]
	ppid=$(awk '/^PPid:/ { print $2 }' "/proc/$pid/status")
	run jq -r '.objects[0] | [.path, .pid, .comm, .cmdline, .ppid, .user,
	    .euser, .group, .egroup, .state, .threads] | join("|")' <<<"$output"
	assert_output "/proc/$pid|$pid|sleep|sleep 1000|/proc/$ppid|/user/$(id -u)|/user/$(id -u)|/group/$(id -g)|/group/$(id -g)|S|1"
}

@test "the summary is pid, comm and state" {
	start_helper sleep sleep 1000
	run -0 attr "/proc/$pid" summary
	assert_output "$pid sleep S"
}

@test "real and effective ids are told apart" {
	[ "$(id -u)" = 0 ] || skip "needs root to change ids"
	start_helper sleep setpriv --ruid=1 --euid=65534 --rgid=1 \
	    --egid=65534 --clear-groups sleep 1000
	run -0 "$NSCAT" -P -o user,euser,group,egroup "/proc/$pid"
	assert_output 'USER="/user/1" EUSER="/user/65534" GROUP="/group/1" EGROUP="/group/65534"'
}

@test "a comm with a newline and an escape is printed escaped, never raw" {
	name=$(printf 'a\nb\e[31m')
	cp /bin/sleep "$BATS_TEST_TMPDIR/$name"
	start_helper "$name" "$BATS_TEST_TMPDIR/$name" 1000
	run -0 "$NSCAT" -J -o comm,summary "/proc/$pid"
	refute_control_bytes "$output"
	run jq -r '.objects[0] | .comm, .summary' <<<"$output"
	assert_output "$(printf '%s\n' 'a\x0ab\x1b[31m' "$pid "'a\x0ab\x1b[31m S')"
	for fmt in "" -P -r; do
		run -0 "$NSCAT" $fmt "/proc/$pid"
		refute_control_bytes "$output"
		assert_output --partial 'a\x0ab\x1b[31m'
	done
	run -0 "$NSLS" -l /proc
	refute_control_bytes "$output"
	assert_line --regexp "^/proc/$pid .*a\\\\x0ab\\\\x1b\\[31m S"
}

@test "a comm holding ')' and spaces does not shift the stat fields" {
	name='x) R 1 ('
	cp /bin/sleep "$BATS_TEST_TMPDIR/$name"
	start_helper "$name" "$BATS_TEST_TMPDIR/$name" 1000
	ppid=$(awk '/^PPid:/ { print $2 }' "/proc/$pid/status")
	run -0 "$NSCAT" -J -o comm,state,ppid,threads "/proc/$pid"
	run jq -r '.objects[0] | [.comm, .state, .ppid, .threads] | join("|")' \
	    <<<"$output"
	assert_output "x) R 1 (|S|/proc/$ppid|1"
}

@test "cwd, root and exe link into /fs" {
	start_helper sleep bash -c "cd '$BATS_TEST_TMPDIR' && exec sleep 1000"
	exe=$(readlink "/proc/$pid/exe")
	run -0 "$NSCAT" -P -o cwd,root,exe "/proc/$pid"
	assert_output "CWD=\"/fs$(realpath "$BATS_TEST_TMPDIR")\" ROOT=\"/fs\" EXE=\"/fs$exe\""
}

@test "the exe of a deleted program has no value" {
	cp /bin/sleep "$BATS_TEST_TMPDIR/gone"
	start_helper gone "$BATS_TEST_TMPDIR/gone" 1000
	rm "$BATS_TEST_TMPDIR/gone"
	run -0 attr "/proc/$pid" exe
	assert_output null
	run -0 attr "/proc/$pid" cmdline
	assert_output "$BATS_TEST_TMPDIR/gone 1000"
}

@test "start is the boot time plus the start ticks, in ISO 8601" {
	start_helper sleep sleep 1000
	btime=$(awk '$1 == "btime" { print $2 }' /proc/stat)
	ticks=$(sed 's/.*) //' "/proc/$pid/stat" | awk '{ print $20 }')
	hz=$(getconf CLK_TCK)
	run -0 attr "/proc/$pid" start
	assert_output "$(date -d "@$((btime + ticks / hz))" -Iseconds)"
}

@test "namespace links match readlink of /proc/PID/ns" {
	start_helper sleep sleep 1000
	for t in net mnt pid user uts ipc cgroup time; do
		[ -e "/proc/$pid/ns/$t" ] || continue
		ino=$(readlink "/proc/$pid/ns/$t" | sed 's/.*\[\(.*\)\]/\1/')
		run -0 attr "/proc/$pid" "${t}ns"
		assert_output "/ns/$t/$ino"
	done
	run -0 attr "/proc/$pid" netns
	assert_output --regexp '^/ns/net/[0-9]+$'
}

@test "a controlling terminal links to its char device" {
	script -qec true /dev/null >/dev/null 2>&1 ||
	    skip "script(1) cannot make a terminal here"
	run -0 script -qec "'$NSCAT' -r -n -o tty /proc/self; stat -L -c '%t %T' /dev/stdin" /dev/null
	tty=$(tr -d '\r' <<<"$output" | sed -n 1p)
	read -r maj min < <(tr -d '\r' <<<"$output" | sed -n 2p)
	[ "$tty" = "/dev/char/$((16#$maj))/$((16#$min))" ]
}

@test "a process without a terminal has no tty" {
	start_helper sleep setsid sleep 1000
	run -0 attr "/proc/$pid" tty
	assert_output null
}

@test "/proc/self and /proc/thread-self are the nscat process" {
	run -0 "$NSCAT" -J -o path,pid,comm,exe /proc/self /proc/thread-self
	run jq -r '.objects[] | [.path, .pid, .comm] | join("|")' <<<"$output"
	[ "${#lines[@]}" -eq 2 ]
	[ "${lines[0]}" = "${lines[1]}" ]
	assert_line --index 0 --regexp '^/proc/([0-9]+)\|[0-9]+\|nscat$'
	pid=${lines[0]%%|*}
	[ "${lines[0]}" = "$pid|${pid#/proc/}|nscat" ]
}

@test "a thread id names the process that holds the thread" {
	command -v python3 >/dev/null || skip "python3 is missing"
	python3 -c '
import threading, time, sys, os
t = threading.Thread(target=time.sleep, args=(1000,), daemon=True)
t.start()
print(t.native_id, flush=True)
time.sleep(1000)' >"$BATS_TEST_TMPDIR/tid" 3>&- &
	pid=$!
	helpers+=("$pid")
	wait_written "$BATS_TEST_TMPDIR/tid"
	tid=$(<"$BATS_TEST_TMPDIR/tid")
	[ "$tid" != "$pid" ]
	run -0 "$NSCAT" -J -o path,threads "/proc/$tid"
	run jq -r '.objects[0] | "\(.path) \(.threads)"' <<<"$output"
	assert_output "/proc/$pid 2"
	run -0 "$NSLS" /proc
	refute_line "/proc/$tid"
}

@test "nsls /proc lists every process, pid 1 and the helper among them" {
	start_helper sleep sleep 1000
	run -0 --separate-stderr "$NSLS" /proc
	assert_line /proc/1
	assert_line "/proc/$pid"
	refute_line --regexp '^/proc/[^0-9]'
	[ "$(printf '%s\n' "${lines[@]}" | sort | uniq -d)" = "" ]
	run -0 attr /proc count
	[ "$output" -gt 1 ]
}

@test "nsls -J /proc is valid JSON" {
	run -0 --separate-stderr "$NSLS" -J -l /proc
	run -0 jq -r '.nodes[] | select(.path == "/proc/1") | .type' <<<"$output"
	assert_output process
}

@test "pid 1 has no parent" {
	run -0 attr /proc/1 ppid
	assert_output null
}

@test "a process that is gone, a pid out of range and /proc/PID/x name nothing" {
	start_helper sleep sleep 1000
	for p in /proc/999999999 /proc/0 "/proc/$pid/nosuch" /proc/selfish; do
		run -1 --separate-stderr "$NSCAT" "$p"
		assert_output ""
		[ "$stderr" = "nscat: $p: no such object" ]
	done
	kill "$pid"
	wait "$pid" 2>/dev/null || true
	run -1 --separate-stderr "$NSCAT" "/proc/$pid"
	[ "$stderr" = "nscat: /proc/$pid: no such object" ]
}

@test "-H: one type a name, a line for each meaning of a name" {
	run -0 --separate-stderr "$NSCAT" -H -J
	# Every line of a name has the same type.
	run -0 jq -r '[.columns[] | {name, type}] | group_by(.name)[] |
	    select(map(.type) | unique | length > 1) | .[0].name' <<<"$output"
	assert_output ''
	run -0 --separate-stderr "$NSCAT" -H -J
	# user is a link wherever it is found, a process's and a
	# descriptor's alike.
	json=$output
	run -0 jq -r '.columns[] | select(.name == "USER") | .type' <<<"$json"
	assert_output link
	# state of a process and of a socket: a line each, saying where.
	run -0 jq -r '.columns[] | select(.name == "STATE") | .description' <<<"$json"
	assert_line --regexp '^on process: R running'
	assert_line --regexp '^on (fd, )?socket(, fd)?: the state as ss'
}
