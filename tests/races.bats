#!/usr/bin/env bats
# Races: processes that exit and descriptors that close while a tool scans
# them.  The churn helper forks children that exit at once (and, with -d,
# opens and closes descriptors of several kinds) for a bounded time; the
# tools run again and again meanwhile.  What vanished mid-scan is passed
# over in silence: no message, exit status 0, no crash.

bats_require_minimum_version 1.5.0
load helpers/common
load helpers/names

CHURN=$HELPERS/churn

# How long each test hammers, in seconds; churn runs on well past that,
# since one round of commands can take seconds on a loaded machine, and
# teardown stops it.
SECONDS_EACH=${NSTOOLS_RACE_SECONDS:-3}

setup() {
	helpers=()
}

teardown() {
	stop_helpers
}

churn() {
	start_helper churn "$CHURN" "$@" $((SECONDS_EACH + 60))
	churner=${helpers[-1]}
}

# Run each command (a string for eval) again and again until the time
# is up: each run must exit 0 with nothing on standard error but the
# count of what could not be read, which this machine's processes decide,
# and churn must still be running at the end, or the race was not run.
hammer() {
	local end=$((SECONDS + SECONDS_EACH)) c runs=0 err=$BATS_TEST_TMPDIR/err
	local rc

	while [ "$SECONDS" -lt "$end" ]; do
		for c in "$@"; do
			rc=0
			eval "$c" >/dev/null 2>"$err.all" || rc=$?
			grep -Ev "$SKIPPED_LINE" "$err.all" >"$err" || true
			if [ "$rc" -ne 0 ] || [ -s "$err" ]; then
				echo "$c: exit $rc after $runs runs" >&2
				head -5 "$err" >&2
				return 1
			fi
			runs=$((runs + 1))
		done
	done
	kill -0 "$churner" || { echo "churn was over too soon" >&2; return 1; }
	echo "# $runs runs" >&3
}

@test "processes that exit during a scan: no message, no error" {
	churn
	hammer '"$FDINFO"' '"$FDINFO" -a' '"$NSLS" -R /proc' \
	    '"$NSLS" -R -l /proc' '"$NSLS" -l /proc' '"$NSLS" -R /sock' \
	    '"$NSCAT" -o count,summary /proc /proc/1 /proc/self/fd' \
	    '"$FDINFO" -J -o pid,comm,user,fd,object,name' '"$DEVTREE"'
}

@test "descriptors that close during a scan: no message, no error" {
	churn -d
	hammer '"$FDINFO"' '"$FDINFO" -a -o +endpoints' '"$NSLS" -R /proc' \
	    '"$NSLS" -R -l /proc' '"$NSLS" -R /sock' '"$NSLS" -R -l /pipe' \
	    '"$NSLS" -R -l /anon' '"$FDINFO" /dev/null' \
	    '"$NSCAT" -o count,summary /pipe /anon /sock/unix' \
	    '"$FDINFO" -t UNIX-STREAM,FIFO,eventfd'
}

@test "nscat of a listing: a process gone names nothing, and that is all" {
	churn -d
	local end=$((SECONDS + SECONDS_EACH)) err=$BATS_TEST_TMPDIR/err rc
	while [ "$SECONDS" -lt "$end" ]; do
		rc=0
		"$NSLS" -R /proc | "$NSCAT" -r -n -o \
		    path,comm,cmdline,state,ppid,user,cwd,exe,threads,summary - \
		    >/dev/null 2>"$err.all" || rc=$?
		grep -Ev "$SKIPPED_LINE" "$err.all" >"$err" || true
		# An object listed and gone before nscat asked is exactly
		# what "no such object" means; any other message is a bug.
		if grep -Ev '^nscat: /proc/[0-9]+(/fd(/[0-9]+)?)?: no such object$' \
		    "$err" >&2; then
			return 1
		fi
		# Exit 1 if and only if something was said.
		[ "$rc" -eq "$([ -s "$err" ] && echo 1 || echo 0)" ]
	done
	kill -0 "$churner"
}

@test "a descriptor reopened deeper than PATH_MAX meanwhile names nothing" {
	# The lookup of /proc/PID/fd/N finds it closed; the file the same
	# path reaches a moment later, reopened, has a path of 4,200 bytes,
	# which no path of ours can be: that is no object either.
	local d=$BATS_TEST_TMPDIR/deep i end

	mkdir "$d"
	start_helper reopen bash -c '
		cd "$1" || exit 1
		for i in $(seq 41); do
			mkdir "$2" && cd "$2" || exit 1
		done
		echo "pid=$$"
		echo ready
		while :; do
			exec 7<.
			exec 7<&-
		done' - "$d" "$(printf '%0100d' 0)"
	end=$((SECONDS + SECONDS_EACH))
	while [ "$SECONDS" -lt "$end" ]; do
		for i in $(seq 50); do
			"$NSCAT" -r -n -o path,cwd "/proc/$pid/fd/7" \
			    >/dev/null 2>"$BATS_TEST_TMPDIR/err" || true
			if grep -Ev "^nscat: /proc/$pid/fd/7: no such object\$" \
			    "$BATS_TEST_TMPDIR/err" >&2; then
				return 1
			fi
		done
	done
	kill -0 "$pid"
}
