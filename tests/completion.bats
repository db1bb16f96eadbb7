#!/usr/bin/env bats
# The bash completion: sourced, and its function called as bash calls it,
# with COMP_WORDS and COMP_CWORD set, then COMPREPLY checked.  The tool is
# named by its path in the build, so that nsls is found beside it.

bats_require_minimum_version 1.5.0
load helpers/common

COMPLETION=$BATS_TEST_DIRNAME/../completion/nstools.bash

setup() {
	source "$COMPLETION"
	dir=$(realpath "$BATS_TEST_TMPDIR")
}

@test "sourcing registers the function for every tool" {
	run -0 complete -p nsls nscat fdinfo devtree nsmount
	assert_line "complete -F _nstools nsls"
	assert_line "complete -F _nstools nsmount"
	[ "${#lines[@]}" -eq 5 ]
}

@test "options come from each tool's -h" {
	run -0 complete_words "$NSLS" -
	assert_line -d
	assert_line --recursive
	assert_line --output
	assert_line -V
	refute_line --regexp '^[^-]'
	run -0 complete_words "$NSLS" --rec
	assert_output --recursive
	run -0 complete_words "$FDINFO" --ty
	assert_output "--type
--types"
	# An optional argument is not offered as part of its option.
	run -0 complete_words "$FDINFO" --su
	assert_output --summary
	# The options every table takes are offered by every tool.
	for tool in "$NSLS" "$NSCAT" "$FDINFO" "$DEVTREE"; do
		run -0 complete_words "$tool" -
		assert_line -b
		assert_line --bytes
		assert_line -y
		assert_line --shell
	done
	run -0 complete_words "$NSMOUNT" --
	assert_output "--foreground
--options
--help
--version"
}

# Column names of -H complete from "pa", and after "path," from "na",
# typed in the case of the letters $1 (a-z or A-Z): in that case.
complete_columns_in() {
	local columns pa path parent na name n

	columns=$("$NSLS" -H -n -r | awk '{ print tolower($1) }' | awk '!seen[$0]++')
	read -r pa path parent na name n < <(tr a-z "$1" <<<"pa path parent na name n")
	run -0 complete_words "$NSLS" -o "$pa"
	assert_line "$path"
	assert_line "$parent"
	assert_equal "$output" "$(grep '^pa' <<<"$columns" | tr a-z "$1")"
	run -0 complete_words "$NSCAT" -o "path,$na"
	assert_line "path,$name"
	refute_line --regexp "^path,[^$n]"
	# A name -H lists for several kinds is offered once.
	assert_equal "$(sort <<<"$output" | uniq -d)" ""
}

@test "-o completes column names from -H, after the last comma, after +" {
	complete_columns_in a-z
	run -0 complete_words "$NSLS" -o +su
	assert_line +summary
	refute_line --regexp '^[^+]'
	run -0 complete_words "$FDINFO" --output = su
	assert_line summary
	run -0 complete_words "$DEVTREE" -o path,
	assert_output "$("$DEVTREE" -H -n -r |
	    awk '!seen[$1]++ { print "path," tolower($1) }')"
}

@test "column and kind names complete in either case, in the case typed" {
	complete_columns_in A-Z
	run -0 complete_words "$NSCAT" -o +SUMM
	assert_output +SUMMARY
	run -0 complete_words "$FDINFO" -t re
	assert_output reg
	run -0 complete_words "$FDINFO" -t EVENTF
	assert_output EVENTFD
	run -0 complete_words "$FDINFO" -t eventf
	assert_output eventfd
	# nsmount's options are FUSE's, which know one case only.
	run -0 complete_words "$NSMOUNT" -o ALLOW_
	assert_output ""
}

@test "namespace paths complete one component at a time, from nsls" {
	run -0 complete_words "$NSLS" /de
	assert_output /dev/
	run -0 complete_words "$NSCAT" /dev/bl
	assert_output /dev/block/
	run -0 complete_words "$NSLS" /dev/block/
	assert_output "$("$NSLS" /dev/block)"
	run -0 complete_words "$NSLS" /
	assert_line /proc
	assert_line /dev
}

@test "another network namespace's subtree completes as the caller's does" {
	local holder ino

	unshare -n true 2>/dev/null || skip "no new network namespace allowed here"
	unshare -n sleep 600 &
	holder=$!
	disown
	while [ "$(stat -L -c %i /proc/$holder/ns/net)" = \
	    "$(stat -L -c %i /proc/self/ns/net)" ]; do
		sleep 0.05
	done
	ino=$(stat -L -c %i /proc/$holder/ns/net)
	run -0 complete_words "$NSLS" "/ns/net/$ino/d"
	assert_output "/ns/net/$ino/dev/"
	run -0 complete_words "$NSCAT" "/ns/net/$ino/dev/net/"
	assert_output "/ns/net/$ino/dev/net/1"
	kill -KILL "$holder"
}

@test "a node gets a slash, an object with no children does not" {
	mkdir "$dir/sub"
	touch "$dir/file"
	run -0 complete_words "$NSCAT" "/fs$dir/su"
	assert_output "/fs$dir/sub/"
	run -0 complete_words "$NSCAT" "/fs$dir/fi"
	assert_output "/fs$dir/file"
	run -0 complete_words "$NSCAT" "/fs$dir/"
	assert_output "/fs$dir/file
/fs$dir/sub"
}

@test "escaped names are offered quoted, and go on as typed" {
	mkdir "$dir/a b"
	touch "$dir/a b/x y"
	# nsls prints a\x20b; the shell needs the backslash quoted.
	run -0 complete_words "$NSCAT" "/fs$dir/a"
	assert_output "/fs$dir/a\\\\x20b/"
	run -0 complete_words "$NSCAT" "/fs$dir/a\\\\x20b/"
	assert_output "/fs$dir/a\\\\x20b/x\\\\x20y"
	# In quotes, as a user may type it.
	run -0 complete_words "$NSCAT" "'/fs$dir/a\\x20b/x"
	assert_output "/fs$dir/a\\\\x20b/x\\\\x20y"
	# What the completion offers is what the tool reads back.
	eval "words=($output)"
	run -0 "$NSCAT" -r -n -o path "${words[0]}"
	assert_output "/fs$dir/a\\x20b/x\\x20y"
}

@test "a path bash split at its colons completes the part after the last" {
	touch "$dir/p:q1" "$dir/p:q2"
	run -0 complete_words "$NSCAT" "/fs$dir/p" : q
	assert_output "q1
q2"
}

@test "what is not in the namespace completes as a real file" {
	mkdir "$dir/real"
	run -0 complete_words "$NSCAT" "$dir/re"
	assert_output "$dir/real/"
	cd "$dir"
	run -0 complete_words "$NSCAT" re
	assert_output real/
}

@test "the arguments of -p, -t, -s and nsmount -o, and nsmount's directory" {
	run -0 complete_words "$FDINFO" -p "1,$$"
	assert_line "1,$$"
	for line in "${lines[@]}"; do
		[[ $line == "1,$$"* ]]
	done
	run -0 complete_words "$FDINFO" -t RE
	assert_output REG
	run -0 complete_words "$DEVTREE" -s bl
	assert_output block
	run -0 complete_words "$NSMOUNT" -o allow_
	assert_output "allow_other
allow_root"
	run -0 complete_words "$NSMOUNT" -o ro,auto
	assert_output ro,auto_unmount
	mkdir "$dir/mnt"
	run -0 complete_words "$NSMOUNT" -f "$dir/mn"
	assert_output "$dir/mnt/"
}

@test "zsh takes the same file through bashcompinit" {
	command -v zsh >/dev/null || skip "no zsh here"
	run -0 zsh -f -c '
		autoload -U +X bashcompinit && bashcompinit
		compdef() { :; }
		source "$1"
		t() {
			local -a COMP_WORDS COMPREPLY
			local COMP_CWORD
			COMP_WORDS=("$@")
			COMP_CWORD=$(($# - 1))
			emulate -L sh
			setopt kshglob noshglob braceexpand
			_nstools
			print -r -- "${COMPREPLY[*]}"
		}
		t "$2" /de
		t "$2" -o path,na
	' - "$COMPLETION" "$NSLS"
	assert_line --index 0 /dev/
	assert_line --index 1 --regexp '^path,name( |$)'
}

@test "make install puts the file in the completion directory, uninstall removes it" {
	local keep=()

	root=$BATS_TEST_DIRNAME/..
	# -o all: the tools built are installed as they are; a relink here
	# would replace them under the suites that run beside this one.
	# Against installed tools (make installcheck) the build directory
	# holds the helpers only, and make install builds the tools there.
	[ ! -x "$BUILD/nsls" ] || keep=(-o all)
	run -0 make -s "${keep[@]}" -C "$root" B="$BUILD" \
	    DESTDIR="$dir/dest" PREFIX=/usr install
	comp=$dir/dest/usr/share/bash-completion/completions
	cmp "$COMPLETION" "$comp/nstools"
	for t in nsls nscat fdinfo devtree nsmount; do
		[ "$(readlink "$comp/$t")" = nstools ]
	done
	run -0 make -s -C "$root" B="$BUILD" DESTDIR="$dir/dest" PREFIX=/usr \
	    uninstall
	run -0 find "$comp" -mindepth 1
	assert_output ""
}
