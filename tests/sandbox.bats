#!/usr/bin/env bats
# The sandbox: once started, every tool only reads.  Writes, creations,
# truncation, renames, removals and running a program, tried from inside
# each tool (NSTOOLS_SANDBOX_PROBE), are refused with EPERM and change
# nothing; strace shows the filter going in; the tools do their work
# under it, as root and as nobody.  nsmount's worker is tested in
# nsmount.bats.

bats_require_minimum_version 1.5.0
load helpers/common

# What the probe says when the sandbox refuses all it tries.
refused="sandbox probe: write: Operation not permitted, create: Operation not permitted, truncate: Operation not permitted, rename: Operation not permitted, remove: Operation not permitted, mkdir: Operation not permitted, exec: Operation not permitted"

setup() {
	dir=$(realpath "$BATS_TEST_TMPDIR")
	# A sanitizer's runtime writes its reports to files: those builds
	# run without the sandbox, by design (lib/core/sandbox.c).
	if nm -D "$NSLS" 2>/dev/null | grep -q __asan_init; then
		skip "a sanitizer build runs without the sandbox"
	fi
}

@test "writes, renames, removals and exec tried inside each tool are refused" {
	local t args
	for t in nsls nscat fdinfo devtree; do
		case $t in
		nsls)	args=(/proc/self) ;;
		nscat)	args=(-n -r -o path /proc/self) ;;
		fdinfo)	args=(-p $$ -n -o fd) ;;
		devtree) args=(-N) ;;
		esac
		echo kept >"$dir/$t"
		NSTOOLS_SANDBOX_PROBE=$dir/$t run -0 --separate-stderr \
		    "$BIN/$t" "${args[@]}"
		assert_equal "$stderr" "$t: $refused"
		# The tool did its work all the same.
		[ -n "$output" ]
		# And the file is as it was, with nothing made beside it.
		assert_equal "$(cat "$dir/$t")" kept
		[ ! -e "$dir/$t.new" ]
	done
}

@test "strace shows no_new_privs and the seccomp filter applied" {
	command -v strace >/dev/null || skip "strace is not installed"
	run -0 strace -f -e trace=prctl,seccomp "$NSLS" /proc/self
	assert_line --regexp '^prctl\(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0\) += 0$'
	assert_line --regexp '^seccomp\(SECCOMP_SET_MODE_FILTER, 0, \{len=[0-9]+, filter=0x[0-9a-f]+\}\) += 0$'
}

@test "as nobody the sandbox applies and the tools still read" {
	command -v setpriv >/dev/null || skip "setpriv is not installed"
	chmod 755 "$dir"
	echo kept >"$dir/nb"
	chown 65534 "$dir/nb"
	NSTOOLS_SANDBOX_PROBE=$dir/nb run -0 --separate-stderr \
	    setpriv --reuid=65534 --regid=65534 --clear-groups \
	    "$NSLS" /proc/self
	assert_equal "$stderr" "nsls: $refused"
	[ -n "$output" ]
	assert_equal "$(cat "$dir/nb")" kept
}

@test "a tool given another machine's path, or standard input, is sandboxed all the same" {
	# The transport helper, forked before the filter, alone starts the
	# transport, which runs unfiltered (ssh writes its control socket
	# and known hosts); the tool itself is refused every change.
	cat >"$dir/rsh" <<-EOF
	#!/bin/sh
	grep '^Seccomp:' /proc/\$\$/status >"$dir/transport"
	echo '{"objects":[{"path":"/","type":"root"}]}'
	EOF
	chmod +x "$dir/rsh"
	echo kept >"$dir/h"
	NSTOOLS_SANDBOX_PROBE=$dir/h NSTOOLS_RSH=$dir/rsh run -0 \
	    --separate-stderr "$NSCAT" -n -r -o path /host/h
	assert_output /host/h
	assert_equal "$stderr" "nscat: $refused"
	assert_equal "$(tr -d '\t ' <"$dir/transport")" "Seccomp:0"
	rm "$dir/transport"
	NSTOOLS_SANDBOX_PROBE=$dir/h NSTOOLS_RSH=$dir/rsh run -0 \
	    --separate-stderr "$NSCAT" -n -r -o path - <<<"/proc/self
/host/h"
	assert_line --index 1 /host/h
	assert_equal "$stderr" "nscat: $refused"
	assert_equal "$(tr -d '\t ' <"$dir/transport")" "Seccomp:0"
	assert_equal "$(cat "$dir/h")" kept
}
