#!/usr/bin/env bats
# -Q, the filter every tool takes: lsfd's grammar over any attribute,
# numbers as numbers, lists matching by any element, missing values, the
# errors that say where, and devtree keeping what leads to a match.  The
# parser's every rule is unit tested (tests/unit/query.c); this suite
# checks the tools use it on real objects the tests make.

bats_require_minimum_version 1.5.0
load helpers/common

setup() {
	sleep 1000 &
	sleeper=$!
	sleep 1000 &
	other=$!
}

teardown() {
	kill "$sleeper" "$other" 2>/dev/null || true
}

@test "nsls -Q keeps the children that match, in every format" {
	run -0 --separate-stderr "$NSLS" -Q "pid == $sleeper" /proc
	assert_output "/proc/$sleeper"
	run -0 --separate-stderr "$NSLS" -r -n -o path,comm \
	    -Q "comm == \"sleep\" && (pid == $sleeper || pid == $other)" /proc
	assert_output "$(printf '/proc/%s sleep\n' $(printf '%s\n' "$sleeper" "$other" | sort -n))"
	run -0 --separate-stderr "$NSLS" -J -o path \
	    -Q "PID eq $sleeper" /proc
	run -0 jq -r '.nodes[].path' <<<"$output"
	assert_output "/proc/$sleeper"
}

@test "numbers compare as numbers, text as text" {
	# 10 < 9 as text; as numbers no pid is both.
	run -0 --separate-stderr "$NSLS" -Q "pid < 10 && pid > 9" /proc
	assert_output ""
	run -0 --separate-stderr "$NSLS" -Q "pid >= $sleeper && pid <= $sleeper" /proc
	assert_output "/proc/$sleeper"
	run -0 --separate-stderr "$NSLS" -n -r -o comm -Q "comm < \"sleeq\" && pid == $sleeper" /proc
	assert_output sleep
}

@test "a list matches by any element; != and !~ by none" {
	local pipe
	exec {w}> >(cat >/dev/null)
	pipe=$("$FDINFO" -p $$ -n -r -o fd,object | awk -v fd="$w" '$1 == fd { print $2 }')
	[[ $pipe == /pipe/* ]]
	run -0 --separate-stderr "$NSCAT" -n -r -o path \
	    -Q "fds =~ \"^/proc/$$/fd/$w\$\"" "$pipe"
	assert_output "$pipe"
	run -0 --separate-stderr "$NSCAT" -n -r -o path \
	    -Q "fds != \"/proc/$$/fd/$w\"" "$pipe"
	assert_output ""
	run -0 --separate-stderr "$NSCAT" -n -r -o path \
	    -Q "fds !~ \"^/proc/$$/\"" "$pipe"
	assert_output ""
	exec {w}>&-
}

@test "a missing value fails every comparison but !=" {
	# A process has no size; a block device has no comm.
	run -0 --separate-stderr "$NSCAT" -n -r -o path -Q 'size > 0' "/proc/$sleeper"
	assert_output ""
	run -0 --separate-stderr "$NSCAT" -n -r -o path -Q 'size != 0' "/proc/$sleeper"
	assert_output "/proc/$sleeper"
	run -0 --separate-stderr "$NSCAT" -n -r -o path -Q '!size' "/proc/$sleeper"
	assert_output "/proc/$sleeper"
}

@test "nscat -Q filters its KEY VALUE records too" {
	run -0 --separate-stderr "$NSCAT" -Q "pid == $other" "/proc/$sleeper" "/proc/$other"
	assert_line --regexp "^path +/proc/$other\$"
	refute_output --partial "/proc/$sleeper"
}

@test "fdinfo -Q beside -p and -t, over columns not shown" {
	run -0 --separate-stderr "$FDINFO" -p "$sleeper,$other" -n -r -o pid,fd \
	    -Q "fd == 1 && pid == $other"
	assert_output "$other 1"
	run -0 --separate-stderr "$FDINFO" -p "$sleeper" -t CHR,REG -n -r -o fd \
	    -Q 'fd <= 2 && object =~ "^/(dev|fs)/"'
	[ -n "$output" ]
	run -0 --separate-stderr "$FDINFO" -p "$sleeper" -n -r -o fd \
	    -Q 'kind == "NOSUCHKIND"'
	assert_output ""
}

@test "devtree -Q keeps the devices that lead to a match" {
	run -0 --separate-stderr "$DEVTREE" -r -n -o path -Q 'name == "lo"'
	assert_line "$("$NSCAT" -n -r -o path /sys/class/net/lo)"
	# What leads to it is there: each line's path is above the next.
	assert [ "${#lines[@]}" -ge 2 ]
	run -0 --separate-stderr "$DEVTREE" -r -n -o path -Q 'name == "no such name"'
	assert_output ""
}

@test "an expression that does not parse: where, and exit 2" {
	local t
	for t in "$NSLS" "$NSCAT" "$FDINFO" "$DEVTREE"; do
		run -2 --separate-stderr "$t" -Q 'sate == "R"' /proc/self
		assert_equal "$stderr" "${t##*/}: -Q: column 1: unknown attribute \"sate\""
		assert_output ""
	done
	run -2 --separate-stderr "$NSLS" -Q 'pid ==' /proc
	assert_equal "$stderr" "nsls: -Q: column 7: an attribute or a value expected at the end"
	run -2 --separate-stderr "$NSLS" -Q 'comm =~ "("' /proc
	assert_equal "$stderr" "nsls: -Q: column 9: bad regular expression: Unmatched ( or \\("
	run -2 --separate-stderr "$NSLS" -Q '' /proc
	assert_equal "$stderr" "nsls: -Q: column 1: an empty expression"
	run -2 --separate-stderr "$NSLS" --filter "$(printf 'pid == \033')" /proc
	assert_equal "$stderr" 'nsls: -Q: column 8: unexpected byte \x1b'
}

@test "a chain of || or && is as long as it is written; nesting is bounded" {
	local chain
	# 300 terms, and 3,000: a chain is no nesting.
	chain=$(printf "pid == $other || %.0s" $(seq 300))
	run -0 --separate-stderr "$NSCAT" -n -r -o pid \
	    -Q "${chain}pid == $sleeper" "/proc/$sleeper" "/proc/$other" /proc/1
	assert_output "$(printf '%s\n' "$sleeper" "$other")"
	chain=$(printf 'pid > 0 && %.0s' $(seq 3000))
	run -0 --separate-stderr "$NSLS" -n -r -o pid \
	    -Q "${chain}pid == $sleeper" /proc
	assert_output "$sleeper"
	# Parentheses and ! nest, 200 deep at most.
	run -2 --separate-stderr "$NSLS" -Q "$(printf '(%.0s' $(seq 300))pid" /proc
	assert_equal "$stderr" "nsls: -Q: column 201: nested too deep"
	run -2 --separate-stderr "$NSLS" -Q "$(printf '!%.0s' $(seq 300))pid" /proc
	assert_equal "$stderr" "nsls: -Q: column 201: nested too deep"
}

# -H lists the columns and ends the run: the filter parsed before it is
# let go (the sanitizer build's LeakSanitizer fails a run that does not).
@test "-Q then -H lists the columns in every tool, nothing held" {
	local t
	for t in "$NSLS" "$NSCAT" "$FDINFO" "$DEVTREE" "$NSWATCH"; do
		run -0 --separate-stderr "$t" -Q 'path =~ "^/"' -H
		assert_line --regexp '^(PATH|path) +'
		assert_equal "$stderr" ""
	done
	run -2 --separate-stderr "$NSLS" -Q 'bad (' /proc
	assert_equal "$stderr" 'nsls: -Q: column 1: unknown attribute "bad"'
}
