#!/usr/bin/env bats
# The round trip, over everything: every path a tool prints is valid input
# to nscat and names the same object (rules 1, 5 and 8).  The paths are
# every object fdinfo -a prints, every path nsls -R prints under each top
# node but /fs, and every link nscat -J prints for a sample of every type
# of object; each list goes to nscat -n -r -o path in one process, and
# each path must come back as itself, or, where a tool printed an alias,
# as a canonical path that comes back as itself in turn.
#
# The walk runs while helpers hold objects of many kinds, the ones that
# named nothing once among them (tests/helpers/walk.bash): it assumes no
# process, descriptor or interface beyond them, and none of them either,
# since a kind the kernel cannot make is left out.  Objects come and go on
# a live machine: a path that names nothing is a failure unless the tool
# that printed it no longer prints it when asked again.  Every failure is
# printed, and so are the aliases and the objects that vanished.

bats_require_minimum_version 1.5.0
load helpers/common
load helpers/walk

# The known failures: objects of classes that other providers do not name
# yet, each as the helper that holds it and which of its objects (see
# walk_known).  A failure of the same class held by another process is
# noted, not failed.  The last test fails for an entry that names its
# object now: take it off the list when its fix lands.
known_failures() {
	# None today: every class the walk found has been fixed.  A line
	# is "HELPER SPEC CLASS", as walk_known reads it.
	:
}

setup_file() {
	WALKDIR=$(mktemp -d /tmp/nswalk.XXXXXX)
	export WALKDIR
	walk_setup
	known_failures | walk_known
}

teardown_file() {
	walk_teardown
	rm -rf "$WALKDIR"
}

setup() {
	r=$BATS_TEST_TMPDIR/recs
}

# Say what a walk noted, and fail, printing every failure, if any path
# failed.
report() {
	local recs=$1 n

	triage "$recs"
	if [ -s "$recs.note" ]; then
		sed 's/^/# /' "$recs.note" >&3
	fi
	n=$(wc -l <"$recs.fail")
	((n == 0)) && return 0
	echo "$n path(s) failed the round trip:"
	cat "$recs.fail"
	return 1
}

@test "the helpers hold their objects" {
	if [ -s "$WALKDIR/missing" ]; then
		sed 's/^/# not started: /' "$WALKDIR/missing" >&3
	fi
	run -0 walk_helper_pids
	[ "${#lines[@]}" -ge 3 ]
}

@test "every object fdinfo -a prints names itself" {
	records src_fdinfo >"$r"
	[ -s "$r" ]
	untraced roundtrip "$r"
	untraced report "$r"
}

@test "every path nsls -R prints, under every top node but /fs, names itself" {
	local top

	records "$NSLS" -n -r -o path / >"$r"
	for top in $("$NSLS" -n -r -o path /); do
		[ "$top" = /fs ] && continue
		records src_nsls "$top"
	done >>"$r"
	[ "$(wc -l <"$r")" -gt 20 ]
	untraced roundtrip "$r"
	untraced report "$r"
}

@test "every link nscat -J prints, for a sample of every type, names itself" {
	local top

	{
		src_fdinfo
		"$NSLS" -n -r -o path /
		for top in $("$NSLS" -n -r -o path /); do
			[ "$top" = /fs ] || src_nsls "$top"
		done
	} | sort -u | "$NSCAT" -n -r -o path,type - >"$r.all" 2>/dev/null ||
	    true
	sample "$r.all" | sort -u >"$r.sample"
	link_records "$r.sample" >"$r"
	[ "$(wc -l <"$r")" -gt 20 ]
	untraced roundtrip "$r"
	untraced report "$r"
}

@test "every known failure still fails" {
	local path cls

	[ -s "$WALKDIR/known" ] || skip "no helper made a known failure here"
	cut -f1 "$WALKDIR/known" >"$r"
	"$NSCAT" -n -r -o path - <"$r" >"$r.out" 2>/dev/null || true
	[ ! -s "$r.out" ] || {
		echo "these name themselves now; take them off the list:"
		while IFS= read -r path; do
			P=$path awk -F '\t' '$1 == ENVIRON["P"]' "$WALKDIR/known"
		done <"$r.out"
		return 1
	}
}
