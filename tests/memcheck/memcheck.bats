#!/usr/bin/env bats
# Each tool under valgrind's memcheck, on commands that reach most of its
# code: no invalid read or write, no use of uninitialised memory, no
# definite leak.  What the per-run tables hold until exit is reachable
# and no error.  Run by make memcheck, not make check: it takes a minute.

bats_require_minimum_version 1.5.0
: "${NSTOOLS_BUILD:=$BATS_TEST_DIRNAME/../../build}"
export NSTOOLS_BUILD
load ../helpers/common

FDINFO=$BUILD/fdinfo
DEVTREE=$BUILD/devtree

setup_file() {
	command -v valgrind >/dev/null ||
	    skip "valgrind is not installed (./configure --install-deps)"
}

setup() {
	command -v valgrind >/dev/null || skip "valgrind is not installed"
	dir=$(realpath "$BATS_TEST_TMPDIR")
	helper=
	ipcs=()
}

teardown() {
	local id

	[[ -n $helper ]] && kill "$helper" 2>/dev/null
	for id in "${ipcs[@]}"; do
		ipcrm "$id" 2>/dev/null || true
	done
	true
}

# Run a command under memcheck; fail, showing valgrind's report, if it
# found an error or a definite leak.  The command's own status and output
# are left in $status, $output and $stderr.  Valgrind also warns of
# system calls and ioctls it does not know (bpf, pidfd_open, nsfs's):
# those are no finding.
memcheck() {
	local log=$dir/memcheck.%p

	run --separate-stderr valgrind -q --log-file="$log" \
	    --leak-check=full --show-leak-kinds=definite \
	    --errors-for-leak-kinds=definite --error-exitcode=99 "$@"
	if ((status == 99)); then
		cat "$dir"/memcheck.* >&2
		echo "memcheck: $*" >&2
		return 1
	fi
	rm -f "$dir"/memcheck.*
}

# A helper holding a descriptor of every kind it can make.
start_mkfds() {
	"$HELPERS/mkfds" -d "$dir" file dir deleted pipe fifo chardev \
	    unix-stream unix-dgram unix-listen tcp udp tcp6 udp6 netlink \
	    packet raw eventfd timerfd signalfd epoll inotify fanotify pidfd \
	    memfd mmap io_uring nsfs bpf-map bpf-prog ptmx userfaultfd \
	    >"$dir/mkfds.out" 2>&1 3>&- &
	helper=$!
	wait_ready "$dir/mkfds.out"
}

# The first object below a node: down its first child until one has none.
first_object() {
	local cur=$1 child i

	for i in 1 2 3 4; do
		child=$("$NSLS" -rn -o path "$cur" 2>/dev/null | head -n 1)
		[[ -z $child ]] && break
		cur=$child
	done
	printf '%s\n' "$cur"
}

@test "nsls -R /dev" {
	memcheck "$NSLS" -R /dev
	[ "$status" -eq 0 ]
	[ -n "$output" ]
}

@test "nsls -l and -J on every top-level node and below one process" {
	start_mkfds
	memcheck "$NSLS" -l /
	[ "$status" -eq 0 ]
	memcheck "$NSLS" -J -l -R "/proc/$pid"
	[ "$status" -eq 0 ]
	jq -e . <<<"$output" >/dev/null
}

@test "nscat on one object of every provider, and on what a process holds" {
	local top objs=()

	start_mkfds
	ipcs+=(-m "$(ipcmk -M 4096 | awk '{ print $NF }')")
	ipcs+=(-s "$(ipcmk -S 2 | awk '{ print $NF }')")
	ipcs+=(-q "$(ipcmk -Q | awk '{ print $NF }')")
	while read -r top; do
		objs+=("$(first_object "$top")")
	done < <("$NSLS" -rn -o path /)
	while read -r obj; do
		[[ -n $obj ]] && objs+=("$obj")
	done < <("$FDINFO" -rn -o object -p "$pid" | sort -u)
	objs+=("/proc/$pid" /user/0 /group/0 /dev/net/1 /fs/etc/passwd)
	memcheck "$NSCAT" "${objs[@]}"
	[ "$status" -eq 0 ]
	memcheck "$NSCAT" -J "${objs[@]}"
	[ "$status" -eq 0 ]
	jq -e . <<<"$output" >/dev/null
}

@test "fdinfo on a process that holds every kind, with its associations" {
	start_mkfds
	memcheck "$FDINFO" -p "$pid"
	[ "$status" -eq 0 ]
	memcheck "$FDINFO" -a -J -p "$pid"
	[ "$status" -eq 0 ]
	memcheck "$FDINFO" --types
	[ "$status" -eq 0 ]
}

@test "fdinfo PATH: the holders of objects, by every process" {
	start_mkfds
	memcheck "$FDINFO" /dev/null "/proc/$pid/fd/0"
	[ "$status" -eq 0 ]
}

@test "devtree, down and up" {
	memcheck "$DEVTREE"
	[ "$status" -eq 0 ]
	memcheck "$DEVTREE" -J -u /dev/net/1
	[ "$status" -eq 0 ]
}

@test "every tool's usage and column list" {
	local t

	for t in "$BUILD"/*; do
		[[ -f $t && -x $t ]] || continue
		memcheck "$t" -h
		memcheck "$t" -H
	done
}
