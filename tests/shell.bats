#!/usr/bin/env bats
# -y: pairs output a shell can eval, as lsblk -Py, without clobbering the
# shell's own variables: every key is NS_ and the column's name.

bats_require_minimum_version 1.5.0
load helpers/common

setup() {
	dir=$(realpath "$BATS_TEST_TMPDIR")
}

@test "-Py keys are NS_ and the name, each a shell identifier" {
	run -0 "$NSCAT" -Py -o path,type,pid,user /proc/self
	assert_output --regexp \
	    '^NS_PATH="/proc/[0-9]+" NS_TYPE="process" NS_PID="[0-9]+" NS_USER="/user/[0-9]+"$'
	# nscat's own form too, with every attribute.
	# A quote in a value is \x22: without the values, the keys remain.
	run -0 "$NSCAT" -Py /proc/self
	for k in $(sed 's/"[^"]*"//g' <<<"$output"); do
		[[ $k =~ ^NS_[A-Z0-9_]+=$ ]]
	done
	run -0 "$NSLS" --pairs --shell -o path /dev/block
	refute_line --regexp '^PATH='
	assert_line --regexp '^NS_PATH="/dev/block/[0-9]+"$'
	# Without -y, the names stay lsblk's.
	run -0 "$NSCAT" -P -o path,pid /proc/self
	assert_output --regexp '^PATH="/proc/[0-9]+" PID="[0-9]+"$'
}

@test "eval of -Py sets NS_ variables and leaves PATH and UID alone" {
	run -0 bash -c '
		eval "$("$1" -Py -o path,user,pid /proc/self)"
		printf "%s\n" "$NS_PATH" "$NS_USER" "$PATH" "$UID"' - "$NSCAT"
	assert_line --index 0 --regexp '^/proc/[0-9]+$'
	assert_line --index 1 "/user/$(id -u)"
	assert_line --index 2 "$PATH"
	assert_line --index 3 "$(id -u)"
}

@test "a value that holds shell syntax stays a value under eval" {
	name='a$(touch pwned)`touch pwned`"b'
	: >"$dir/$name"
	run -0 bash -c 'cd "$2" && eval "$("$1" -Py -o path "/fs$2")" &&
	    printf "%s\n" "$NS_PATH"' - "$NSLS" "$dir"
	assert_output --partial "/fs$dir/a"
	[[ ! -e $dir/pwned && ! -e pwned ]]
}

@test "-y changes no other format" {
	run -0 "$NSCAT" -r -y -o path,pid /proc/self
	assert_line --index 0 'PATH PID'
	run -0 "$NSCAT" -J -y -o path,pid /proc/self
	run -0 jq -r '.objects[0] | keys_unsorted | join(",")' <<<"$output"
	assert_output path,pid
}
