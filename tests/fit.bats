#!/usr/bin/env bats
# Tables at a terminal fit its width, as lsblk's and lsfd's do: the wide
# text columns are cut, nothing else moves, and no line ends in a blank.
# The terminal is script(1)'s, set to 80 and to 200 columns by stty.  Off
# a terminal nothing is cut, whatever $COLUMNS says.

bats_require_minimum_version 1.5.0
load helpers/common

setup() {
	command -v script >/dev/null || skip "no script(1)"
	helpers=()
	dir=$(realpath "$BATS_TEST_TMPDIR")
	# A file with a long name, held open by a process with a long
	# command line: the widest cells a table here can have.
	long=$dir/$(printf 'a-file-with-a-long-name-%.0s' 1 2 3 4 5 6)
	: >"$long"
	bash -c 'exec -a "$1" sleep 1000' sleeper \
	    "sleep-$(printf 'with-a-long-command-line-%.0s' 1 2 3 4 5 6)" \
	    3<"$long" &
	pid=$!
	helpers+=("$pid")
	# Until exec has happened, the command line is bash's.
	for _ in $(seq 50); do
		[[ $(tr '\0' ' ' </proc/$pid/cmdline) == sleep-* ]] && break
		sleep 0.1
	done
}

teardown() {
	kill_helpers
}

# The output of a command run at a terminal of $1 columns, without the
# carriage returns the terminal adds.
at_term() {
	local cols=$1

	shift
	script -qec "stty cols $cols; $(printf '%q ' "$@")" /dev/null |
	    tr -d '\r'
}

# Fail, saying where, if a line of $1 is wider than $2 characters or
# ends in a blank.  With a third argument, a line may be wider where it
# is the first column's cell alone, a path that is never cut: the rest
# of its row goes on the next line.
assert_fits() {
	local LC_ALL=C.UTF-8 line n=0

	while IFS= read -r line; do
		n=$((n + 1))
		[[ -n ${3-} && $line =~ ^/[^\ ]+$ ]] && continue
		if ((${#line} > $2)); then
			echo "line $n is ${#line} wide, over $2: $line" >&2
			return 1
		fi
		if [[ $line == *' ' ]]; then
			echo "line $n ends in a blank: '$line'" >&2
			return 1
		fi
	done <<<"$1"
}

# The longest line of $1, in characters.
widest() {
	local LC_ALL=C.UTF-8 line w=0

	while IFS= read -r line; do
		((${#line} > w)) && w=${#line}
	done <<<"$1"
	echo "$w"
}

@test "fdinfo fits 80 and 200 columns; the wide columns are cut, not the rest" {
	local row="^ *$pid sleep +/user/[0-9]+ +3 +r-- +REG +/fs/"

	for cols in 80 200; do
		out=$(at_term "$cols" "$FDINFO" -p "$pid")
		assert_fits "$out" "$cols"
		# The descriptor's row keeps its number, its kind and the
		# columns before the cut ones whole and in their place.
		run -0 grep -E "$row" <<<"$out"
		# Its path is cut, and the cut marked.
		refute_output --partial "$long"
		[[ $out == *"${long:0:20}"* ]]
	done
	out=$(LC_ALL=C.UTF-8 at_term 80 "$FDINFO" -p "$pid" -o pid,name)
	[[ $out == *"…"* ]]
	out=$(LC_ALL=C at_term 80 "$FDINFO" -p "$pid" -o pid,name)
	[[ $out == *"~"* && $out != *"…"* ]]
	# A table that fits is as wide as it needs.
	out=$(at_term 200 "$FDINFO" -p "$pid" -o pid,kind,name)
	assert_fits "$out" 200
	[[ $out == *"$long"* ]]
}

@test "nsls -l, nscat and devtree fit 80 and 200 columns" {
	local c

	# Wide enough for devtree's words: they are never cut.
	assert_fits "$(at_term 200 "$DEVTREE" -o +summary,syspath)" 200
	for c in 80 200; do
		out=$(at_term $c "$NSLS" -l "/fs$dir" /proc /dev/block)
		assert_fits "$out" $c lone
		[[ $out == *"/fs$long"* ]]
		assert_fits "$(at_term $c "$NSCAT" "/proc/$pid" "/fs$long")" $c
		assert_fits "$(at_term $c "$NSCAT" \
		    -o path,comm,cmdline,summary "/proc/$pid")" $c
		assert_fits "$(at_term $c "$DEVTREE")" $c
		assert_fits "$(at_term $c "$NSLS" -H)" $c
	done
}

@test "devtree at 80 columns: numbers, words and paths whole, a cut marked" {
	local path dev line

	out=$(LC_ALL=C.UTF-8 at_term 80 "$DEVTREE" -o +size,fstype,label,mountpoints)
	# Every path starts a line, whole, and every device number is
	# whole: a cut b253:0 would read as b25, the number of another.
	while read -r path dev; do
		line=$(grep -m1 -E "^$(printf '%s' "$path" |
		    sed 's/[.[\*^$]/\\&/g')( |\$)" <<<"$out") ||
		    fail "$path is not whole at a line's start"
		[[ $dev == - ]] && continue
		grep -qE "(^| )$dev( |\$)" <<<"$out" || fail "$dev is cut"
	done < <("$DEVTREE" -rn -o path,dev)
	# A cell cut ends in the mark, and no other ends so.
	out=$(LC_ALL=C.UTF-8 at_term 80 "$DEVTREE" -o path,syspath)
	if [[ $out == *"…"* ]]; then
		run -0 grep -E ' /sys/[^ ]*…$' <<<"$out"
	fi
}

@test "nscat wraps a long value in its column at a terminal" {
	out=$(at_term 80 "$NSCAT" "/proc/$pid")
	assert_fits "$out" 80
	# The command line goes on, on the lines after its key.
	run -0 grep -A1 '^cmdline ' <<<"$out"
	assert_line --index 1 --regexp '^ +[^ ]'
}

@test "off a terminal nothing is cut, whatever \$COLUMNS says" {
	run -0 "$FDINFO" -p "$pid"
	assert_line --partial "$long"
	want=$output
	COLUMNS=40 run -0 "$FDINFO" -p "$pid"
	assert_equal "$output" "$want"
	run -0 "$NSCAT" -o path,cmdline "/proc/$pid"
	(($(widest "$output") > 150))
}

@test "a tree at a terminal keeps its drawing whole" {
	out=$(at_term 80 "$DEVTREE")
	assert_fits "$out" 80
	# Every row's tree cell starts with the drawing or a name, never
	# with a cut piece of another column.
	run -0 grep -c -E '(├─|└─)' <<<"$out"
}
