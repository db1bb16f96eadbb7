#!/usr/bin/env bats
# Bounds: 100,000 descriptors in one process, a command line of 1 MiB, a
# tree with symbolic link loops and a bind mount loop under nsls -R, and a
# directory chain 10,000 deep.  Each ends, in time linear in its size,
# with every byte printed and a loop or an unreachable depth said once.

bats_require_minimum_version 1.5.0
load helpers/common
load helpers/names

FDMANY=$HELPERS/fdmany
BIGCMD=$HELPERS/bigcmd

setup() {
	helpers=()
	top=$(realpath "$BATS_TEST_TMPDIR")
	etop=/fs$(esc "$top")
}

teardown() {
	stop_helpers
}

# Seconds, with microseconds, that the command took; its output is
# dropped, its status must be 0.
timed() {
	local t0=$EPOCHREALTIME

	"$@" >/dev/null
	awk -v a="$t0" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.3f\n", b - a }'
}

# Whether the awk expression, over numbers, holds.
holds() {
	awk "BEGIN { exit !($1) }"
}

# How many descriptors one process may have: 100,000 where the hard
# limit allows or can be raised (which takes CAP_SYS_RESOURCE), else as
# many as the hard limit allows.
fd_budget() {
	local want=100000 hard

	hard=$(ulimit -Hn)
	if [ "$hard" != unlimited ] && [ "$hard" -lt $((want + 16)) ] &&
	    ! (ulimit -Hn $((want + 16))) 2>/dev/null; then
		want=$((hard - 16))
		echo "# only $want descriptors: the hard limit is $hard" >&3
	fi
	echo "$want"
}

@test "100,000 descriptors in one process: every one listed, in linear time" {
	n=$(fd_budget)
	[ "$n" -ge 10000 ] || skip "the limit on descriptors is too low: $n"
	# A quarter as many first, for the measure of how the time grows.
	start_helper small "$FDMANY" $((n / 4))
	small=$pid
	start_helper big "$FDMANY" "$n"
	big=$pid
	count=$(ls "/proc/$big/fd" | wc -l)
	[ "$count" -ge "$n" ]

	run -0 --separate-stderr "$FDINFO" -n -r -o fd -p "$big"
	[ -z "$stderr" ]
	[ "${#lines[@]}" -eq "$count" ]
	run -0 --separate-stderr "$NSLS" "/proc/$big/fd"
	[ "${#lines[@]}" -eq "$count" ]
	assert_line "/proc/$big/fd/$((n + 2))"
	run -0 --separate-stderr "$NSCAT" -n -r -o count,summary "/proc/$big/fd"
	assert_output "$count $count\\x20descriptors"

	# Linear: four times the descriptors, not sixteen times the time
	# (ten allows for noise).  And an absolute bound against a hang.
	ts=$(timed "$FDINFO" -p "$small")
	tb=$(timed "$FDINFO" -p "$big")
	echo "# fdinfo -p: $ts s for $((n / 4)), $tb s for $n" >&3
	holds "$tb < 10 * $ts + 1"
	holds "$tb < 60"
	# The reverse links take one scan of everything, hashed.
	ts=$(timed "$FDINFO" -o pid,fd /dev/null)
	tb=$(timed "$NSLS" -l /pipe)
	echo "# fdinfo /dev/null: $ts s; nsls -l /pipe: $tb s" >&3
	holds "$ts < 60 && $tb < 60"
	run -0 --separate-stderr "$NSCAT" -n -r -o count /pipe
	[ "$output" -ge $((n / 4)) ]
}

@test "a command line of 1 MiB: printed whole, every byte escaped" {
	start_helper big "$BIGCMD" 1048576
	[ "$(wc -c <"/proc/$pid/cmdline")" -eq 1048576 ]
	# The reference: the arguments joined by blanks, then rule 5, as
	# text (the blank kept) and as raw output (the blank escaped).
	text=$(perl -0777 -pe 's/\0+$//; s/\0/ /g;
	    s/([^ -~]|\\)/sprintf("\\x%02x", ord $1)/ge' "/proc/$pid/cmdline")
	raw=$(sed 's/ /\\x20/g' <<<"$text")
	# Whole: compared here, and not shown if it differs (2 MiB).
	same() {
		[ "$1" = "$2" ] || {
			echo "differs: ${#1} bytes, not ${#2}: ${1:0:60}..." >&2
			return 1
		}
	}
	run -0 --separate-stderr "$NSCAT" -n -r -o cmdline "/proc/$pid"
	refute_raw_output
	same "$output" "$raw"
	run -0 --separate-stderr "$NSCAT" -J -o cmdline "/proc/$pid"
	refute_raw_output
	run -0 jq -r '.objects[0].cmdline' <<<"$output"
	same "$output" "$text"
	run -0 --separate-stderr "$NSCAT" "/proc/$pid"
	refute_raw_output
	same "$(sed -n 's/^cmdline  *//p' <<<"$output")" "$text"
	run -0 --separate-stderr "$NSCAT" -P -o cmdline "/proc/$pid"
	refute_raw_output
	[ "${#output}" -gt 1048576 ]
}

@test "symbolic link loops under nsls -R: it ends, each link listed as itself" {
	mkdir -p "$top/t/d1/d2"
	ln -s . "$top/t/self"
	ln -s .. "$top/t/up"
	ln -s loop "$top/t/loop"
	ln -s ../../d1 "$top/t/d1/d2/back"
	ln -s "$top/t" "$top/t/d1/abs"
	run -0 --separate-stderr "$NSLS" -R "$etop/t"
	[ -z "$stderr" ]
	assert_equal "$(sort <<<"$output")" "$etop/t/d1
$etop/t/d1/abs
$etop/t/d1/d2
$etop/t/d1/d2/back
$etop/t/loop
$etop/t/self
$etop/t/up"
	# A link is an object of its own: where it leads is an attribute,
	# and a loop leads nowhere.
	run -0 --separate-stderr "$NSCAT" -n -r -o path,type,link_text,resolves \
	    "$etop/t/self" "$etop/t/loop" "$etop/t/d1/d2/back"
	assert_output "$etop/t/self symlink . $etop/t
$etop/t/loop symlink loop -
$etop/t/d1/d2/back symlink ../../d1 $etop/t/d1"
}

@test "a directory bind mounted inside itself: the loop said once, not walked" {
	need_root
	mkdir -p "$top/b/d/sub" "$top/b/d/x"
	touch "$top/b/d/x/f"
	# As find(1) does: the loop is reported, the rest listed, exit 1.
	run -1 --separate-stderr unshare -m --propagation private bash -c '
		mount --bind "$1/b/d" "$1/b/d/sub" || exit 9
		"$2" -R "$3/b"
	' - "$top" "$NSLS" "$etop"
	assert_equal "$(sort <<<"$output")" "$etop/b/d
$etop/b/d/sub
$etop/b/d/x
$etop/b/d/x/f"
	assert_equal "$stderr" "nsls: $etop/b/d/sub: directory loop back to $etop/b/d"
	# Deeper: the loop is found however far below its start it closes.
	run -1 --separate-stderr unshare -m --propagation private bash -c '
		mount --bind "$1/b" "$1/b/d/x" || exit 9
		"$2" -R -J "$3/b"
	' - "$top" "$NSLS" "$etop"
	assert_json "$output"
	assert_equal "$stderr" "nsls: $etop/b/d/x: directory loop back to $etop/b"
}

@test "10,000 directories deep: no recursion, no descriptor a level, the limit said once" {
	mkdir "$top/deep"
	perl -e 'chdir $ARGV[0] or die; for (1 .. 10000) {
	    mkdir "a" or die "mkdir: $!"; chdir "a" or die "chdir: $!" }' \
	    "$top/deep"
	# The deepest path that names anything is the last that fits in
	# PATH_MAX with its "/fs" taken off.
	deepest=$top/deep
	while [ $((${#deepest} + 2)) -le 4095 ]; do
		deepest=$deepest/a
	done
	# A small stack and few descriptors: the walk needs neither to
	# grow with the depth.
	run -1 --separate-stderr bash -c 'ulimit -s 512; ulimit -n 64
	    exec "$1" -R "$2"' - "$NSLS" "$etop/deep"
	last=${lines[${#lines[@]} - 1]}
	[ "$last" = "/fs$deepest/a" ] || {
		echo "the last: ${#last} bytes, not $((${#deepest} + 5))" >&2
		return 1
	}
	[ "${#lines[@]}" -eq $(((${#deepest} - ${#top} - 5) / 2 + 1)) ]
	[ "$stderr" = "nsls: /fs$deepest/a: File name too long" ] || {
		echo "stderr: ${stderr:0:100}..." >&2
		return 1
	}
	run -0 --separate-stderr "$NSCAT" -n -r -o path,type "/fs$deepest"
	assert_output "/fs$deepest dir"
}
