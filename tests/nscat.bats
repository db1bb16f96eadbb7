#!/usr/bin/env bats
# nscat: records, tables, the formats, stdin, and errors.

load helpers/common

teardown() {
	[[ -n ${sh-} ]] && pkill -P "$sh"
	kill_helpers
}

@test "nscat prints KEY VALUE lines starting with path and type" {
	run -0 --separate-stderr "$NSCAT" /user/root
	assert_line --index 0 --regexp '^path +/user/0$'
	assert_line --index 1 --regexp '^type +[a-z]+$'
}

@test "nscat separates objects with one blank line" {
	run -0 "$NSCAT" /user/root /group/root
	assert_line --regexp '^path +/user/0$'
	assert_line --regexp '^path +/group/0$'
	[[ $output == *$'\n\npath'* ]]
}

@test "nscat -n -r -o path prints just the canonical path" {
	run -0 "$NSCAT" -n -r -o path /etc/passwd /proc/self /user/root
	assert_line --index 0 /fs/etc/passwd
	assert_line --index 1 --regexp '^/proc/[0-9]+$'
	assert_line --index 2 /user/0
}

@test "nscat -o prints a table with headings, one row an object" {
	run -0 "$NSCAT" -o path,type /user/root /group/root
	assert_line --index 0 --regexp '^PATH +TYPE$'
	assert_equal "${#lines[@]}" 3
}

@test "nscat -J without -o holds every attribute of every object" {
	run -0 --separate-stderr "$NSCAT" -J /user/root /etc/passwd
	jq -e '.objects | length == 2' <<<"$output"
	jq -e '.objects[0].path == "/user/0"' <<<"$output"
	jq -e '.objects[0].uid == 0' <<<"$output"
	jq -e '.objects[1].path == "/fs/etc/passwd"' <<<"$output"
}

@test "nscat -J types numbers as numbers" {
	run -0 "$NSCAT" -J -o path,uid /user/root
	jq -e '.objects[0].uid | type == "number"' <<<"$output"
}

@test "nscat -J: links are an array, [] where there are none" {
	local fd ino

	# A pipe whose writer has gone: readers, and no writer.
	exec {fd}< <(:)
	wait "$!" || true
	ino=$(stat -L -c %i "/proc/$BASHPID/fd/$fd")
	run -0 --separate-stderr "$NSCAT" -J -o readers,writers "/pipe/$ino"
	exec {fd}<&-
	jq -e '.objects[0].writers == []' <<<"$output"
	jq -e '.objects[0].readers | length >= 1 and all(startswith("/proc/"))' \
	    <<<"$output"
}

@test "nscat -P without -o prints one line of pairs an object" {
	run -0 "$NSCAT" -P /user/root /group/root
	assert_equal "${#lines[@]}" 2
	assert_line --index 0 --regexp '^PATH="/user/0" TYPE="[a-z]+" '
}

@test "nscat - reads paths from standard input" {
	run -0 bash -c "'$NSLS' /user | head -3 | '$NSCAT' -n -r -o path -"
	assert_equal "${#lines[@]}" 3
	assert_line --index 0 --regexp '^/user/[0-9]+$'
}

@test "nscat on a missing object says so, prints the rest, exits 1" {
	run -1 --separate-stderr "$NSCAT" -n -r -o path /no/such /user/root
	assert_equal "$stderr" "nscat: /no/such: no such object"
	assert_output /user/0
}

@test "nscat without a path is a usage error" {
	run -2 --separate-stderr "$NSCAT"
	assert_equal "$stderr" "usage: nscat [-o list] [-Q expr] [-JPrnby] [-H] path ..."
}

@test "nscat with an unknown column is a usage error" {
	run -2 --separate-stderr "$NSCAT" -o nosuch /
	[[ $stderr == "nscat: unknown column: nosuch"$'\n'"usage: nscat"* ]]
}

@test "nscat -h and -V" {
	run -0 "$NSCAT" -h
	assert_line --index 0 --partial "usage: nscat"
	run -0 "$NSCAT" -V
	assert_output --regexp '^nscat [0-9]+\.[0-9]+'
}

@test "a link printed by nscat is a path nscat takes" {
	run -0 "$NSCAT" -n -r -o group /user/root
	local g=$output
	run -0 "$NSCAT" -n -r -o path "$g"
	assert_output "$g"
}

@test "every path nsls prints at the top resolves back to itself" {
	local p
	while read -r p; do
		run -0 "$NSCAT" -n -r -o path "$p"
		assert_output "$p"
	done < <("$NSLS" / ; "$NSLS" /dev /user /group | head -50)
}

@test "a long list shows its first eight in the default view; -o lists all" {
	need_netns
	# Twelve processes in a network namespace of the test's own.
	"${netns[@]}" bash -c 'for i in $(seq 12); do sleep 1000 & done
	    echo $$; wait' >"$BATS_TEST_TMPDIR/pid" &
	helpers=($!)
	wait_written "$BATS_TEST_TMPDIR/pid"
	local ns
	sh=$(<"$BATS_TEST_TMPDIR/pid")
	for _ in $(seq 50); do
		(($(pgrep -c -P "$sh") == 12)) && break
		sleep 0.1
	done
	ns=$(stat -L -c %i "/proc/$sh/ns/net")
	run -0 --separate-stderr "$NSCAT" "/ns/net/$ns"
	assert_equal "$(grep -c '^processes  */proc/' <<<"$output")" 8
	assert_line --regexp '^processes +\(5 more: -o processes lists all\)$'
	(("${#lines[@]}" < 40))
	# Every one, where asked for.
	run -0 --separate-stderr "$NSCAT" -r -n -o processes "/ns/net/$ns"
	assert_equal "$(grep -o '/proc/[0-9]*' <<<"$output" | wc -l)" 13
	run -0 --separate-stderr "$NSCAT" -r "/ns/net/$ns"
	assert_equal "$(grep -c '^processes ' <<<"$output")" 13
}
