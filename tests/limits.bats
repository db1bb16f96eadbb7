#!/usr/bin/env bats
# Rule 11: a limit is an error, not a permission.  Every tool run with
# few descriptors (ulimit -n, soft and hard alike, so that no tool can
# raise it) either prints all it prints without the limit, exit 0, or
# says the limit on standard error ("Too many open files") and exits 1;
# it never dies by a signal, never exits 0 with rows missing, and never
# counts what the limit kept shut as "not readable".  Compared are the
# rows of objects the test made: a helper that holds descriptors
# (tests/helpers/mkfds) and network namespaces of its own.

bats_require_minimum_version 1.5.0
load helpers/common

MKFDS=$HELPERS/mkfds
LIMITS="4 8 16 32"

setup() {
	helpers=()
	dir=$(realpath "$BATS_TEST_TMPDIR")
}

teardown() {
	kill_helpers
}

# A helper holding descriptors of kinds whose attributes do not change
# while it waits; its pid in $pid.
mkfds() {
	"$MKFDS" -d "$dir" file dir pipe fifo unix-stream tcp udp netlink \
	    eventfd epoll inotify memfd >"$dir/mkfds.out" 3>&- &
	helpers+=("$!")
	wait_ready "$dir/mkfds.out"
}

# The command, at the descriptor limit $1 (soft and hard): run by a
# shell that first closes every descriptor but the standard three, so
# that those the test's own runner holds do not count against it.
ulimited() {
	bash -c 'for f in /proc/$$/fd/*; do
		f=${f##*/}
		((f > 2)) && eval "exec $f>&-"
	done
	ulimit -n "$1" || exit 99
	shift
	exec "$@"' sh "$@"
}

# The number in the "N objects not readable" line of a stderr file; 0
# if there is none.
skipped_in() {
	sed -n 's/^[a-z]*: \([0-9]*\) objects\{0,1\} not readable.*/\1/p' \
	    "$1" | grep . || echo 0
}

# Whether the run at the limit $1 (its errors in $dir/lim.err) counts no
# more objects not readable than a run without it, that of
# $dir/base.err or, up to four times, a new pair of runs: counts_alike
# LIMIT IN COMMAND...  $dir/lim.err is left as the first run wrote it.
counts_alike() {
	local n=$1 in=$2 i
	shift 2

	(($(skipped_in "$dir/lim.err") <= $(skipped_in "$dir/base.err"))) &&
	    return 0
	for i in 1 2 3 4; do
		ulimited "$n" "$@" <"$in" >/dev/null 2>"$dir/again.err"
		"$@" <"$in" >/dev/null 2>"$dir/base.err"
		(($(skipped_in "$dir/again.err") <= $(skipped_in "$dir/base.err"))) &&
		    return 0
	done
	return 1
}

# Run a command at the descriptor limit $1 (soft and hard), standard
# input from $2, filtering standard output through $3 (a shell command,
# the same for the run without the limit): check the run against
# $dir/base.out and $dir/base.err, which the caller made with no limit.
check_at() {
	local n=$1 in=$2 filt=$3 rc=0
	shift 3

	ulimited "$n" "$@" <"$in" >"$dir/lim.raw" 2>"$dir/lim.err" || rc=$?
	bash -c "$filt" <"$dir/lim.raw" >"$dir/lim.out"
	if ((rc >= 128)); then
		echo "ulimit -n $n: $* died by signal $((rc - 128))" >&2
		return 1
	fi
	# More than without the limit is a limit counted as a permission,
	# unless a process this machine's root may not read opened more
	# meanwhile (a supervisor's descriptors come and go, the more so
	# while other suites run): both runs are made again, a few times,
	# and one pair where the limit counts no more will do.
	if grep -q 'not readable' "$dir/lim.err" && ! counts_alike "$n" "$in" "$@"
	then
		echo "ulimit -n $n: $* counts a limit as not readable:" >&2
		cat "$dir/lim.err" >&2
		return 1
	fi
	case $rc in
	0)
		if ! cmp -s "$dir/base.out" "$dir/lim.out"; then
			echo "ulimit -n $n: $* exits 0 with rows lost:" >&2
			diff "$dir/base.out" "$dir/lim.out" >&2
			return 1
		fi
		if grep -q 'Too many open files' "$dir/lim.err"; then
			echo "ulimit -n $n: $* says a limit, exits 0" >&2
			return 1
		fi
		;;
	1)
		if ! grep -Eq '^[a-z]+: .*: Too many open files \(the descriptor limit, ulimit -n, is [0-9]+\)$' \
		    "$dir/lim.err"; then
			echo "ulimit -n $n: $* exits 1 without the limit:" >&2
			cat "$dir/lim.err" >&2
			return 1
		fi
		if (($(grep -c 'Too many open files' "$dir/lim.err") > 1)); then
			echo "ulimit -n $n: $* says the limit more than once:" >&2
			cat "$dir/lim.err" >&2
			return 1
		fi
		;;
	*)
		echo "ulimit -n $n: $* exits $rc" >&2
		cat "$dir/lim.err" >&2
		return 1
		;;
	esac
}

# The run without a limit, then one at each limit: limited IN FILTER
# COMMAND...
limited() {
	local in=$1 filt=$2 n
	shift 2

	"$@" <"$in" 2>"$dir/base.err" | bash -c "$filt" >"$dir/base.out"
	[ -s "$dir/base.out" ] || {
		echo "$*: nothing to compare" >&2
		return 1
	}
	for n in $LIMITS; do
		check_at "$n" "$in" "$filt" "$@" || return 1
	done
}

@test "fdinfo -p: the helper's descriptors, or the limit said" {
	mkfds
	limited /dev/null cat "$FDINFO" -p "$pid" -o path,type,object
}

@test "fdinfo -a: the helper's descriptors among all, or the limit said" {
	mkfds
	limited /dev/null "grep '^/proc/$pid/'" "$FDINFO" -a -o path,object
}

@test "fdinfo on an object: its holders, or the limit said" {
	local pipe

	mkfds
	pipe=$("$FDINFO" -p "$pid" -n -r -o object | grep -m1 '^/pipe/')
	limited /dev/null "grep '^/proc/$pid/'" "$FDINFO" -o path "$pipe"
}

@test "nsls: the helper's descriptors, or the limit said" {
	mkfds
	limited /dev/null cat "$NSLS" -l /proc/"$pid"/fd
}

@test "nscat: each of the helper's descriptors, or the limit said" {
	mkfds
	"$NSLS" /proc/"$pid"/fd >"$dir/fds"
	limited "$dir/fds" cat "$NSCAT" -o path,type,object,mode -
}

@test "nscat: a block device's size, ro and removable, or the limit said" {
	local blk

	blk=$("$NSLS" -R /dev/block 2>/dev/null |
	    grep -m1 -E '^/dev/block/[0-9]+/[0-9]+$') ||
	    skip "no block device here"
	limited /dev/null cat "$NSCAT" -o path,size,ro,removable "$blk"
}

# Network namespaces of the test's own, each kept by a process; their
# inodes in ns[], as an extended regular expression in $nsre.
make_netns() {
	local i p

	need_netns
	ns=()
	for i in $(seq "$1"); do
		"${netns[@]}" sleep 600 </dev/null >/dev/null 2>&1 3>&- &
		p=$!
		helpers+=("$p")
		for _ in $(seq 100); do
			[ "$(stat -L -c %i "/proc/$p/ns/net" 2>/dev/null)" != \
			    "$(stat -L -c %i /proc/self/ns/net)" ] && break
			sleep 0.05
		done
		ns+=("$(stat -L -c %i "/proc/$p/ns/net")")
	done
	nsre=$(IFS='|'; echo "${ns[*]}")
}

@test "nsls -R /ns/net: every namespace's objects, or the limit said" {
	make_netns 20
	limited /dev/null "grep -E '^/ns/net/($nsre)(/(dev|net)|\$)'" \
	    "$NSLS" -R /ns/net
}

@test "devtree: every namespace's interfaces, or the limit said" {
	make_netns 20
	limited /dev/null "grep -E '^/ns/net/($nsre)'" \
	    "$DEVTREE" -r -o path
}

@test "nswatch: at a limit it watches on, or says the limit" {
	local n rc

	for n in $LIMITS; do
		rc=0
		ulimited "$n" timeout -s INT 1 "$NSWATCH" >/dev/null 2>"$dir/err" </dev/null || rc=$?
		# 124: still watching when the time was up.
		if ((rc != 124 && rc != 0)); then
			[ "$rc" -eq 1 ] || {
				echo "ulimit -n $n: nswatch exits $rc" >&2
				cat "$dir/err" >&2
				return 1
			}
			grep -q 'Too many open files' "$dir/err" || {
				echo "ulimit -n $n: nswatch exits 1 unsaid" >&2
				cat "$dir/err" >&2
				return 1
			}
		fi
	done
}

@test "a limit is said once, with the limit, and no permission blamed" {
	run -1 --separate-stderr ulimited 4 "$FDINFO" -a
	assert_equal "$(grep -c 'Too many open files' <<<"$stderr")" 1
	assert_regex "$stderr" \
	    'fdinfo: [^ ]*: Too many open files \(the descriptor limit, ulimit -n, is 4\)'
}
