#!/usr/bin/env bats
# nsls: the root, listing, -d, -R, -l, the formats, stdin, and errors.

load helpers/common

@test "nsls with no argument lists the top-level nodes" {
	run -0 --separate-stderr "$NSLS"
	for top in /dev /fs /group /mount /proc /user; do
		assert_line "$top"
	done
	assert_equal "$stderr" ""
}

@test "nsls / equals nsls with no argument" {
	run -0 "$NSLS" /
	local root=$output
	run -0 "$NSLS"
	assert_equal "$output" "$root"
}

@test "nsls -d prints the node itself" {
	run -0 "$NSLS" -d /dev/block
	assert_output /dev/block
}

@test "nsls -a prints the node first, then what nsls prints without it" {
	local plain

	run -0 "$NSLS" /dev/block
	plain=$output
	run -0 "$NSLS" -a /dev/block
	assert_equal "$output" "$(printf '%s\n%s' /dev/block "$plain")"
	# With -R, the node and its subtree, as find prints them.
	run -0 "$NSLS" -R /dev/block
	plain=$output
	run -0 "$NSLS" -a -R /dev/block
	assert_equal "$output" "$(printf '%s\n%s' /dev/block "$plain")"
	# Its type says what it lists, in the same document.
	run -0 "$NSLS" -a -J -o path,type /user
	assert_equal "$(jq -r '.nodes[0] | .path + " " + .type' <<<"$output")" \
	    "/user users"
	assert_equal "$(jq -r '.nodes[1].path' <<<"$output")" /user/0
	# An object with no children is printed once.
	run -0 "$NSLS" -a /etc/passwd
	assert_output /fs/etc/passwd
	# With -T, the node is the root its children hang from.
	run -0 env LC_ALL=C "$NSLS" -a -T -o path /user
	assert_line --index 0 PATH
	assert_line --index 1 /user
	assert_line --index 2 --regexp '^.-/user/0$'
}

@test "nsls -T draws in the charset of the locale, as devtree and lsblk" {
	run -0 env LC_ALL=C.UTF-8 "$NSLS" -a -T -o path /user
	assert_line --index 2 --regexp '^(├|└)─/user/0$'
	run -0 env LC_ALL=C "$NSLS" -a -T -o path /user
	assert_line --index 2 --regexp '^(\||`)-/user/0$'
	# Only the charset: headings stay ASCII capitals in any locale.
	if locale -a 2>/dev/null | grep -qix 'tr_TR.utf8'; then
		run -0 env LC_ALL=tr_TR.UTF-8 "$NSLS" -l /user
		assert_line --index 0 --regexp '^PATH +TYPE'
	fi
}

@test "nsls on an object with no children prints the object" {
	run -0 "$NSLS" /etc/passwd
	assert_output /fs/etc/passwd
}

@test "nsls -l prints headings and the type and summary columns" {
	run -0 "$NSLS" -l /
	assert_line --index 0 --regexp '^PATH +TYPE +SUMMARY'
	assert_line --regexp '^/proc +'
}

@test "nsls -n -l drops the headings" {
	run -0 "$NSLS" -n -l /
	refute_line --regexp '^PATH'
}

@test "nsls -o picks columns, in any case, and +LIST extends the default" {
	run -0 "$NSLS" -r -n -o PATH,Type -d /proc
	assert_output "/proc $(set -- $("$NSLS" -r -n -o type -d /proc); echo "$1")"
	run -0 "$NSLS" -l -o +type -d /proc
	assert_line --index 0 --regexp '^PATH +TYPE +SUMMARY'
}

@test "nsls -J prints valid JSON with the nodes array" {
	run -0 --separate-stderr "$NSLS" -J -l /
	jq -e '.nodes | length >= 6' <<<"$output"
	jq -e '.nodes[] | select(.path == "/proc") | .type' <<<"$output"
}

@test "nsls -P prints one line of pairs a node" {
	run -0 "$NSLS" -P -o path,type -d /proc
	assert_output --regexp '^PATH="/proc" TYPE="[a-z]+"$'
}

@test "nsls -R walks down and prints parents before children" {
	run -0 "$NSLS" -R /dev/block
	local first=${lines[0]}
	[[ $first =~ ^/dev/block/[0-9]+$ ]]
	assert_line --regexp "^$first/[0-9]+$"
}

@test "nsls - reads paths from standard input" {
	run -0 bash -c "printf '/etc/passwd\n\n/user/root\n' | '$NSLS' -"
	assert_line --index 0 /fs/etc/passwd
	assert_line --index 1 /user/0
}

@test "nsls on a path that names nothing says so, lists the rest, exits 1" {
	run -1 --separate-stderr "$NSLS" -d /no/such/thing /proc
	assert_equal "$stderr" "nsls: /no/such/thing: no such object"
	assert_output /proc
}

@test "an error message escapes the input it quotes" {
	run -1 --separate-stderr "$NSLS" $'/no/\e[31mred\nline'
	assert_equal "$stderr" 'nsls: /no/\x1b[31mred\x0aline: no such object'
}

@test "nsls with an unknown column is a usage error" {
	run -2 --separate-stderr "$NSLS" -o path,nosuchcolumn /
	[[ $stderr == "nsls: unknown column: nosuchcolumn"$'\n'"usage: nsls"* ]]
	[[ $stderr == *"usage: nsls"* ]]
}

@test "nsls with an unknown option is a usage error" {
	run -2 --separate-stderr "$NSLS" --no-such-option
	[[ $stderr == *"usage: nsls"* ]]
}

@test "two output formats are a usage error in every tool, as in lsblk" {
	local t

	for t in "$NSLS" "$NSCAT" "$FDINFO" "$DEVTREE" "$NSWATCH"; do
		run -2 --separate-stderr "$t" -J -P /proc/self
		assert_equal "$stderr" "${t##*/}: -J, -P: one output format at a time"
		run -2 --separate-stderr "$t" -r --json /proc/self
		assert_equal "$stderr" "${t##*/}: -r, -J: one output format at a time"
	done
	# The same one twice is one.
	run -0 "$NSCAT" -J -J -o path /proc/self
}

@test "nsls -h prints help on stdout and exits 0" {
	run -0 --separate-stderr "$NSLS" -h
	assert_line --index 0 --partial "usage: nsls"
	assert_line --partial -- "--recursive"
}

@test "every tool's -V prints the version of the tree it was built from" {
	local v t
	v=$(sh "$BATS_TEST_DIRNAME/../build-aux/version")
	assert_regex "$v" '^[0-9]+\.[0-9]+'
	for t in "$NSLS" "$NSCAT" "$FDINFO" "$DEVTREE" "$NSMOUNT"; do
		run -0 --separate-stderr "$t" -V
		assert_output "${t##*/} $v"
	done
}

@test "nsls -H lists columns with their types" {
	run -0 "$NSLS" -H
	assert_line --index 0 --regexp '^NAME +TYPE +DESCRIPTION'
	assert_line --regexp '^PATH +link '
	assert_line --regexp '^SIZE +number '
}

@test "a broken stdout is an error, not silence" {
	run -1 --separate-stderr bash -c "'$NSLS' /proc >/dev/full"
	[[ $stderr == *"nsls: stdout"* ]]
}

@test "a broken stdout past the first buffer is an error too, in every format" {
	local dir=$BATS_TEST_TMPDIR/many f
	mkdir "$dir"
	# More than one stdio buffer of paths: the first write fails while
	# the listing goes on.
	(cd "$dir" && touch $(seq -f "file-%05g" 1 2000))
	for f in "" -l -r -J -P; do
		run -1 --separate-stderr bash -c "'$NSLS' $f '$dir' >/dev/full"
		[[ $stderr == *"nsls: stdout: No space left on device"* ]]
	done
}
