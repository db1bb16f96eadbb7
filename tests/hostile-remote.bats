#!/usr/bin/env bats
# A compromised machine behind /host: a fake transport answers every
# call with what such a host could print, one attack a test.  Whatever
# it sends, no raw byte reaches the terminal, JSON stays JSON, a record
# stays a line, no path printed leads out of /host/NAME (to this machine
# or another host), and time and memory stay bounded.  The transport's
# log says which hosts were called; strace, where present, says which
# files the pipeline opened.

bats_require_minimum_version 1.5.0
load helpers/common
load helpers/names

setup() {
	dir=$BATS_TEST_TMPDIR
	export EVIL_LOG=$dir/calls
	# NSTOOLS_RSH's convention: HOST, then the command's words.  The
	# attack is the shell fragment $EVIL_REPLY, run for every call but
	# the version check.
	cat >"$dir/rsh" <<-'EOF'
	#!/bin/sh
	host=$1
	shift
	echo "$host $*" >>"$EVIL_LOG"
	case $* in
	"nscat -V") echo "nscat 9"; exit 0 ;;
	esac
	. "$EVIL_REPLY"
	EOF
	chmod +x "$dir/rsh"
	export NSTOOLS_RSH=$dir/rsh EVIL_REPLY=$dir/reply
	unset NSTOOLS_TIMEOUT NSTOOLS_REPLY_MAX XDG_CONFIG_HOME
	# A file of this machine that no remote reply may lead to.
	echo canary-secret >"$dir/secret"
}

# The reply: a record of nscat -J, or rows of nsls -J, as given.
reply_json() {
	printf '%s\n' "cat <<'JSON'" "$1" "JSON" >"$EVIL_REPLY"
}

# The hosts the transport was asked to reach, once each.
hosts_called() {
	cut -d' ' -f1 "$EVIL_LOG" | sort -u
}

@test "a raw or forged attribute name is dropped, in every format" {
	reply_json '{"objects":[{"path":"/proc/1","type":"process","pid":1,
	    "k\u001b[31m\nX":"v","Comm":"w","x y":"z","a\"b":"q","comm":"init"}]}'
	run -1 --separate-stderr "$NSCAT" /host/h/proc/1
	refute_raw_output
	assert_line "path  /host/h/proc/1"
	assert_line "comm  init"
	refute_output --partial "X"
	refute_output --partial "Comm"
	assert_equal "$stderr" \
	    "nscat: /host/h: 4 values of its replies dropped: no canonical path or name"
	run -1 --separate-stderr "$NSCAT" -P /host/h/proc/1
	refute_raw_output
	assert_equal "${#lines[@]}" 1
	assert_output --regexp '^PATH="/host/h/proc/1" TYPE="process" .*COMM="init"'
	run -1 --separate-stderr "$NSCAT" -J /host/h/proc/1
	refute_raw_output
	assert_json "$output"
	run -0 jq -r '.objects[0] | keys_unsorted | join(",")' <<<"$output"
	refute_output --partial "k"$'\e'
	refute_output --partial "Comm"
}

@test "a link out of the host's prefix is dropped, never printed" {
	# Out by "..", into another host, to this machine's files, by an
	# escaped '/', by an empty component, and one that is no path.
	reply_json '{"objects":[{"path":"/proc/1","type":"process","pid":1,
	    "user":"/../../fs'"$dir"'/secret",
	    "cwd":"/../attacker.example/proc/1",
	    "root":"/fs/..",
	    "exe":"/fs\\x2f..\\x2f..\\x2fetc\\x2fshadow",
	    "ppid":"//proc/1",
	    "group":"fs'"$dir"'/secret",
	    "euser":"/user/0"}]}'
	run -1 --separate-stderr "$NSCAT" -n -r -o path,user,cwd,root,exe,ppid,group,euser /host/h/proc/1
	refute_raw_output
	assert_output "/host/h/proc/1 - - - - - - /host/h/user/0"
	assert_equal "$stderr" \
	    "nscat: /host/h: 6 values of its replies dropped: no canonical path or name"
	[ "$(hosts_called)" = h ]
}

@test "a row whose own path is not canonical is dropped" {
	reply_json '{"nodes":[{"path":"/proc","type":"processes"},
	    {"path":"/proc/1","type":"process"},
	    {"path":"/proc/../../fs/etc","type":"dir"},
	    {"path":"/../other/proc/1","type":"process"},
	    {"path":"/proc/2","type":"proc\u001bess"},
	    {"path":"proc/3","type":"process"},
	    {"path":"/proc/4","type":"process"}]}'
	run -1 --separate-stderr "$NSLS" -n -r -o path /host/h/proc
	refute_raw_output
	assert_output "$(printf '%s\n' /host/h/proc/1 /host/h/proc/4)"
	[[ $stderr == *"nsls: /host/h: 4 values of its replies dropped: no canonical path or name" ]]
}

@test "what a tool prints of a hostile reply, piped on, stays on that host" {
	reply_json '{"objects":[{"path":"/proc/1","type":"process","pid":1,
	    "user":"/../../fs'"$dir"'/secret","cwd":"/../other/proc/1",
	    "exe":"/fs\\x2f..\\x2f..'"$dir"'\\x2fsecret","euser":"/user/0"}]}'
	need_strace
	# Every link printed, given back to nscat: only host h is asked,
	# and no process of the pipeline opens the local file.
	# The pipeline's status is the last nscat's: what it was given
	# names objects of host h, and they are there.
	run -0 --separate-stderr strace -f -qq -e trace=open,openat -o "$dir/trace" \
	    sh -c '"$1" -n -r -o user,cwd,exe,euser /host/h/proc/1 |
	        tr " " "\n" | grep -v "^-$" | "$1" -n -r -o path,name -' \
	    sh "$NSCAT"
	refute_raw_output
	refute_output --partial canary
	refute_output --regexp '^/fs'
	run grep -c "$dir/secret" "$dir/trace"
	assert_output 0
	[ "$(hosts_called)" = h ]
}

@test "an escape the local tools would not print is refused in a path" {
	# \x41 is 'A', \x2e\x2e '..': a canonical path never holds them.
	reply_json '{"nodes":[{"path":"/fs","type":"dir"},
	    {"path":"/fs/\\x41","type":"file"},
	    {"path":"/fs/\\x2e\\x2e","type":"dir"},
	    {"path":"/fs/\\x1B","type":"file"},
	    {"path":"/fs/a\\x20b","type":"file"}]}'
	run -1 --separate-stderr "$NSLS" -n -r -o path /host/h/fs
	assert_output '/host/h/fs/a\x20b'
	[[ $stderr == *"3 values of its replies dropped"* ]]
}

@test "a message with a forged path names the host, not a path out of it" {
	reply_json '{"nodes":[{"path":"/proc","type":"processes"}]}'
	cat >>"$EVIL_REPLY" <<-'EOF'
	echo "nsls: /../../fs/etc/shadow: forged" >&2
	echo "nsls: /proc/1: fine" >&2
	printf 'nsls: \033[2Jx\n' >&2
	EOF
	run -0 --separate-stderr "$NSLS" /host/h/proc
	refute_raw_output
	assert_equal "$stderr" "$(printf '%s\n' \
	    'nsls: /host/h: /../../fs/etc/shadow: forged' \
	    'nsls: /host/h/proc/1: fine' \
	    'nsls: /host/h: \x1b[2Jx')"
}

@test "forged counts of objects not readable are added, bounded and the host's" {
	reply_json '{"nodes":[{"path":"/proc","type":"processes"},
	    {"path":"/proc/1","type":"process"}]}'
	for _ in $(seq 20); do
		echo 'echo "nsls: 1000000000 objects not readable (permission denied), skipped" >&2'
	done >>"$EVIL_REPLY"
	local t=$SECONDS
	NSTOOLS_TIMEOUT=5 run -0 --separate-stderr "$NSLS" -n -r /host/h/proc
	((SECONDS - t < 3))
	assert_output /host/h/proc/1
	assert_equal "$stderr" \
	    "nsls: /host/h: 1000000000 objects not readable there (permission denied), skipped"
}

@test "a flood of messages is a few lines and a count" {
	reply_json '{"nodes":[{"path":"/proc","type":"processes"}]}'
	echo 'seq 1000 | sed "s/^/nsls: line /" >&2' >>"$EVIL_REPLY"
	run -0 --separate-stderr "$NSLS" /host/h/proc
	assert_equal "${#stderr_lines[@]}" 65
	assert_equal "${stderr_lines[0]}" "nsls: /host/h: line 1"
	assert_equal "${stderr_lines[64]}" "nsls: /host/h: 936 more messages, not shown"
}

@test "a long message is cut" {
	reply_json '{"nodes":[{"path":"/proc","type":"processes"}]}'
	echo 'printf "nsls: %s\n" "$(head -c 100000 /dev/zero | tr "\0" x)" >&2' \
	    >>"$EVIL_REPLY"
	run -0 --separate-stderr "$NSLS" /host/h/proc
	assert_equal "${#stderr_lines[@]}" 1
	((${#stderr} < 600))
}

@test "an endless reply is cut at NSTOOLS_REPLY_MAX, in bounded time and memory" {
	local t=$SECONDS v=ulimit
	# AddressSanitizer reserves terabytes of address space for its
	# shadow: a sanitizer build is bounded in time only.
	sanitized && v=:
	echo 'cat /dev/zero' >"$EVIL_REPLY"
	# The address space bounded: a reply kept whole would not fit.
	NSTOOLS_REPLY_MAX=8M run -1 --separate-stderr \
	    bash -c '$2 -v 600000; exec "$1" /host/h/proc' sh "$NSLS" "$v"
	((SECONDS - t < 10))
	assert_output ""
	assert_equal "$stderr" \
	    "nsls: /host/h: a reply larger than 8388608 bytes (NSTOOLS_REPLY_MAX), cut off"
	# The default bound holds too, as a JSON document that never ends.
	echo 'echo "{\"nodes\":["; yes "{\"path\":\"/proc/1\",\"type\":\"process\"},"' \
	    >"$EVIL_REPLY"
	t=$SECONDS
	run -1 --separate-stderr \
	    bash -c '$2 -v 1500000; exec "$1" -n /host/h/proc' sh "$NSLS" "$v"
	((SECONDS - t < 20))
	assert_equal "$stderr" \
	    "nsls: /host/h: a reply larger than 67108864 bytes (NSTOOLS_REPLY_MAX), cut off"
}

@test "endless messages are cut too" {
	echo 'yes "nsls: no" >&2' >"$EVIL_REPLY"
	local t=$SECONDS
	run -1 --separate-stderr "$NSLS" /host/h/proc
	((SECONDS - t < 10))
	assert_equal "$stderr" \
	    "nsls: /host/h: more than 1048576 bytes of messages, cut off"
}

@test "a reply with more attributes than an object may have says so" {
	local i attrs=
	for i in $(seq 200); do
		attrs+=",\"x$i\":\"$i\""
	done
	reply_json "{\"objects\":[{\"path\":\"/proc/1\",\"type\":\"process\"$attrs}]}"
	run -1 --separate-stderr "$NSCAT" -n -r -o path /host/h/proc/1
	assert_output /host/h/proc/1
	assert_equal "$stderr" \
	    "nscat: /host/h: 72 attributes past the 128 an object may have, dropped"
}

@test "deep nesting and other JSON is no reply, said in one line" {
	{
		printf '{"nodes":[{"path":"/proc/1","type":"process","children":'
		# printf once: a loop of 100,000 commands took half a
		# minute under bats.
		printf '[%.0s' $(seq 100000)
		echo
	} >"$dir/deep"
	echo "cat '$dir/deep'" >"$EVIL_REPLY"
	run -1 --separate-stderr "$NSLS" /host/h/proc
	assert_output ""
	assert_equal "$stderr" "nsls: /host/h: incompatible nstools there (nscat 9)"
}

@test "a remote \"no such object\" for a path out of the prefix is no record here" {
	reply_json '{"objects":[{"path":"/user/0","type":"user"}]}'
	echo 'echo "nscat: /../../fs/etc/passwd: no such object" >&2' >>"$EVIL_REPLY"
	run -1 --separate-stderr "$NSCAT" -n -r -o path /host/h/user/0 /host/h/user/1
	assert_output "$(printf '%s\n' /host/h/user/0 /host/h/user/0)"
	assert_equal "$stderr" \
	    "nscat: /host/h: 1 value of its replies dropped: no canonical path or name"
}

@test "every tool of the pipeline stays sandboxed with a hostile host" {
	! sanitized || skip "a sanitizer build runs without the sandbox"
	reply_json '{"objects":[{"path":"/proc/1","type":"process","pid":1}]}'
	echo kept >"$dir/probe"
	NSTOOLS_SANDBOX_PROBE=$dir/probe run -0 --separate-stderr \
	    "$NSCAT" -n -r -o path - <<<"/host/h/proc/1"
	assert_output /host/h/proc/1
	[[ $stderr == "nscat: sandbox probe: write: Operation not permitted"* ]]
	assert_equal "$(cat "$dir/probe")" kept
}
