#!/usr/bin/env bats
# Input no tool may crash on or take loosely: option arguments that are
# empty lists, empty names or names of nothing (usage errors, exit 2,
# naming what is valid), lines of standard input that hold a NUL byte,
# input so large that a message must not echo it whole, and empty values
# in raw output, which must not move the fields after them.  Last, every
# tool's options fuzzed: an exit status of 0, 1 or 2, never a signal.

bats_require_minimum_version 1.5.0
load helpers/common
load helpers/names

TOOLS=(nsls nscat fdinfo devtree)
HOLD=$HELPERS/holdnames

setup() {
	helpers=()
}

teardown() {
	stop_helpers
}

# The first line of the last run's stderr.
first_err() {
	printf '%s\n' "${stderr%%$'\n'*}"
}

@test "-o: an empty list or an empty column name is a usage error, in every tool" {
	for name in "${TOOLS[@]}"; do
		for o in '' + '+' ; do
			run -2 --separate-stderr "$BIN/$name" -o "$o" /dev/null
			assert_equal "$(first_err)" "$name: -o: empty list"
			assert_output ''
		done
		for o in , ,,path path, ,path path,,type; do
			run -2 --separate-stderr "$BIN/$name" -o "$o" /dev/null
			assert_equal "$(first_err)" \
			    "$name: -o: empty column name in '$o'"
			assert_output ''
			run -2 --separate-stderr "$BIN/$name" -r -o "+$o" \
			    /dev/null
			assert_equal "$(first_err)" \
			    "$name: -o: empty column name in '$o'"
		done
		# The same through the long option, and a list that is fine.
		run -2 --separate-stderr "$BIN/$name" --output= /dev/null
		assert_equal "$(first_err)" "$name: -o: empty list"
	done
	run -0 --separate-stderr "$NSCAT" -n -r -o path,type /dev/null
	assert_output '/dev/char/1/3 chardev'
	run -0 --separate-stderr "$NSCAT" -n -r -o +type /dev/null
	assert_output '/dev/char/1/3 chardev'
}

@test "fdinfo -t: a kind not in the catalog is a usage error that names the valid ones" {
	valid=$("$FDINFO" --types -r -n -o kind | paste -sd, | sed 's/,/, /g')
	[ -n "$valid" ]
	for t in nosuchtype 'REG,nosuchtype' "$(printf 'x\033[1m')"; do
		run -2 --separate-stderr "$FDINFO" -t "$t" -p $$
		refute_raw_output
		bad=${t##*,}
		assert_equal "$(first_err)" \
		    "fdinfo: -t: unknown type '$(esc "$bad")' (valid: $valid, SOCK)"
		assert_output ''
	done
	run -2 --separate-stderr "$FDINFO" -t '' -p $$
	assert_equal "$(first_err)" 'fdinfo: -t: empty list'
	for t in , ,,, REG, ,REG REG,,FIFO; do
		run -2 --separate-stderr "$FDINFO" -t "$t" -p $$
		assert_equal "$(first_err)" "fdinfo: -t: empty type in '$t'"
	done
	# Every kind of the catalog, in any case, and SOCK are taken.
	run -0 --separate-stderr "$FDINFO" -n -o fd -p $$ \
	    -t "$("$FDINFO" --types -r -n -o kind | paste -sd,),SOCK"
	run -0 --separate-stderr "$FDINFO" -n -o fd -p $$ -t reg,fifo,sock,Tcp
}

@test "fdinfo -p: an empty list or element is a usage error, a pid of no process is not" {
	run -2 --separate-stderr "$FDINFO" -p ''
	assert_equal "$(first_err)" 'fdinfo: -p: empty list'
	for p in , ,,, 1, ,1 1,,1; do
		run -2 --separate-stderr "$FDINFO" -p "$p"
		assert_equal "$(first_err)" "fdinfo: -p: empty process id in '$p'"
		assert_output ''
	done
	for p in abc -1 0 1x 99999999999 ' 1'; do
		run -2 --separate-stderr "$FDINFO" -p "$p"
		assert_equal "$(first_err)" "fdinfo: $(esc "$p"): not a process id"
	done
	# Well formed, but above pid_max: no process has it.
	none=$(($(cat /proc/sys/kernel/pid_max) + 1))
	run -1 --separate-stderr "$FDINFO" -n -o pid -p "$none,$$"
	assert_equal "$stderr" "fdinfo: $none: no such process"
	assert_line "$$"
}

@test "devtree -s: a name that is no subsystem is a usage error" {
	for s in nosuchsubsystem tty,nosuchsubsystem tty/ttyS0 devices . .. \
	    null "$(printf 'x\033[1m')"; do
		run -2 --separate-stderr "$DEVTREE" -s "$s"
		refute_raw_output
		bad=${s##*,}
		assert_equal "$(first_err)" \
		    "devtree: -s: unknown subsystem '$(esc "$bad")' (nsls /dev lists them)"
		assert_output ''
	done
	run -2 --separate-stderr "$DEVTREE" -s ''
	assert_equal "$(first_err)" 'devtree: -s: empty list'
	for s in , tty, ,tty tty,,net; do
		run -2 --separate-stderr "$DEVTREE" -s "$s"
		assert_equal "$(first_err)" "devtree: -s: empty subsystem in '$s'"
	done
}

@test "devtree -s: every subsystem nsls /dev lists is taken; char selects the char devices" {
	all=$("$NSLS" -r -n -o path,type /dev |
	    awk '$2 == "subsystem" || $2 == "devdir" { print substr($1, 6) }' |
	    paste -sd,)
	[[ $all == block,char,net,* ]]
	run -0 --separate-stderr "$DEVTREE" -r -n -o path -s "$all"
	assert_line /dev/char/1/3
	# /dev/null is a char device of the mem class: -s char and -s mem
	# both reach it, -s block does not.
	run -0 --separate-stderr "$DEVTREE" -r -n -o path -s char
	assert_line /dev/char/1/3
	refute_line --regexp '^/dev/block/'
	run -0 --separate-stderr "$DEVTREE" -r -n -o path -s mem
	assert_line /dev/char/1/3
	run -0 --separate-stderr "$DEVTREE" -r -n -o path -s block
	refute_line /dev/char/1/3
}

@test "a line of standard input that holds a NUL byte is an error of its own" {
	for name in "${TOOLS[@]}"; do
		run -1 --separate-stderr bash -c \
		    'printf "/dev/null\n/dev/null\0/x\n\0\n-\0\n/dev/null\n" | "$1" -r -n -o path -' \
		    - "$BIN/$name"
		assert_equal "$(stderr_unskipped)" "$name: /dev/null\\x00/x: NUL byte in the line
$name: \\x00: NUL byte in the line
$name: -\\x00: NUL byte in the line"
		refute_output --partial '/dev/null/x'
	done
	run -1 --separate-stderr bash -c \
	    'printf "/dev/null\n/dev/null\0/x\n/proc/self\n" | "$1" -r -n -o path -' \
	    - "$NSCAT"
	assert_line --index 0 /dev/char/1/3
	assert_line --regexp '^/proc/[0-9]+$'
	[ "${#lines[@]}" -eq 2 ]
}

@test "a huge argument or line is quoted cut, with a mark" {
	big=$(head -c 100000 /dev/zero | tr '\0' x)
	x256=$(printf '%0256d' 0 | tr 0 x)
	for name in "${TOOLS[@]}"; do
		# Too long for a file name, too: either is the reason.
		run -1 --separate-stderr "$BIN/$name" "$big"
		[[ $stderr =~ ^$name:\ $x256\.\.\.:\ (no such object|File name too long)$ ]]
		run -1 --separate-stderr bash -c \
		    'head -c 10000000 /dev/zero | tr "\0" x | "$1" -' - \
		    "$BIN/$name"
		[[ $stderr =~ ^$name:\ $x256\.\.\.:\ (no such object|File name too long)$ ]]
		run -2 --separate-stderr "$BIN/$name" -o "path,$big" /dev/null
		assert_equal "$(first_err)" "$name: unknown column: $x256..."
		run -2 --separate-stderr "$BIN/$name" "--$big"
		assert_equal "$(first_err)" \
		    "$name: unrecognized option '--${x256:2}...'"
	done
	# Escapes are not cut in two: 64 of \x1b fit, then the mark.
	esc64=$(printf '\\x1b%.0s' {1..64})
	run -1 --separate-stderr "$NSCAT" "$(printf '\033%.0s' {1..100})"
	assert_equal "$stderr" "nscat: $esc64...: no such object"
	# An input that fits is whole, with no mark.
	run -1 --separate-stderr "$NSCAT" "/${x256:1}"
	assert_equal "$stderr" "nscat: /${x256:1}: no such object"
	run -2 --separate-stderr "$FDINFO" -p "1,$big"
	assert_equal "$(first_err)" "fdinfo: $x256...: not a process id"
	run -2 --separate-stderr "$FDINFO" -t "$big"
	[[ $(first_err) == "fdinfo: -t: unknown type '$x256...' (valid: "* ]]
	run -2 --separate-stderr "$DEVTREE" -s "$big"
	assert_equal "$(first_err)" \
	    "devtree: -s: unknown subsystem '$x256...' (nsls /dev lists them)"
	run -2 --separate-stderr "$DEVTREE" -d "$big"
	assert_equal "$(first_err)" "devtree: depth $x256...: invalid"
}

@test "raw output: an empty value is -, a value of - is \\x2d, the fields stay in place" {
	touch -- "$BATS_TEST_TMPDIR/-"
	start_helper empty "$HOLD" -c '' -f "$BATS_TEST_TMPDIR/-"
	empty=$pid
	start_helper dash "$HOLD" -c -
	dash=$pid
	# A process named "" and one named "-", each a row of four fields.
	run -0 --separate-stderr "$NSCAT" -r -o path,comm,user,pid \
	    "/proc/$empty" "/proc/$dash"
	assert_output "PATH COMM USER PID
/proc/$empty - /user/$(id -u) $empty
/proc/$dash \\x2d /user/$(id -u) $dash"
	run -0 --separate-stderr "$NSLS" -r -n -o path,comm,pid /proc
	assert_line "/proc/$empty - $empty"
	run -0 awk 'NF != 3' <<<"$output"
	assert_output ''
	run -0 --separate-stderr "$FDINFO" -r -n -o pid,comm,fd,name -p "$empty"
	run -0 awk -v p="$empty" '$1 != p || $2 != "-" || NF != 4' <<<"$output"
	assert_output ''
	# nscat's KEY VALUE lines keep their two words as well.
	run -0 --separate-stderr "$NSCAT" -r "/proc/$empty"
	assert_line 'comm -'
	run -0 --separate-stderr "$NSCAT" -r "/proc/$dash"
	assert_line 'comm \x2d'
	# A name that is "-" is told from none, and \x2d reads back as "-".
	ed=/fs$(esc "$BATS_TEST_TMPDIR")
	run -0 --separate-stderr "$NSCAT" -r -n -o path,name "$ed/\\x2d"
	assert_output "$ed/- \\x2d"
	run -0 --separate-stderr bash -c 'cd "$2" && "$1" -r -n -o path "\x2d"' \
	    - "$NSCAT" "$BATS_TEST_TMPDIR"
	assert_output "$ed/-"
	# The other formats keep an empty value as they always have.
	run -0 --separate-stderr "$NSCAT" -P -o comm "/proc/$empty"
	assert_output 'COMM=""'
	run -0 --separate-stderr "$NSCAT" -J -o comm "/proc/$empty" "/proc/$dash"
	run -0 jq -c '[.objects[].comm]' <<<"$output"
	assert_output '[null,"-"]'
}

@test "raw output: a kernel thread's empty command line is -" {
	for d in /proc/[0-9]*; do
		# /proc gives every file a size of 0: read a byte.
		[ -r "$d/cmdline" ] &&
		    [ -z "$(head -c 1 "$d/cmdline" 2>/dev/null | od -An)" ] &&
		    [ "$(cat "$d/stat" 2>/dev/null | awk '{print $3}')" != Z ] &&
		    { kt=${d#/proc/}; break; }
	done
	[ -n "${kt-}" ] || skip "no kernel thread is visible"
	run -0 --separate-stderr "$NSCAT" -r -n -o path,cmdline,pid "/proc/$kt"
	assert_output "/proc/$kt - $kt"
}

@test "a - line of standard input, a missing value in raw output, is passed over" {
	# The column of a record that has none, piped into the next tool.
	run -0 --separate-stderr bash -c \
	    'printf "/dev/null\n-\n\n/dev/null\n" | "$1" -r -n -o path -' - \
	    "$NSCAT"
	assert_output '/dev/char/1/3
/dev/char/1/3'
	assert_equal "$stderr" ''
}

@test "nsmount: -o and the mount point are checked, and quoted escaped" {
	run -2 --separate-stderr "$NSMOUNT" -o '' "$BATS_TEST_TMPDIR"
	assert_equal "$(first_err)" 'nsmount: -o: empty list'
	run -2 --separate-stderr "$NSMOUNT" -o ro,,nodev "$BATS_TEST_TMPDIR"
	assert_equal "$(first_err)" "nsmount: -o: empty option in 'ro,,nodev'"
	run -2 --separate-stderr "$NSMOUNT" -o "ro,$(printf 'x\033[1m\377')" \
	    "$BATS_TEST_TMPDIR"
	refute_raw_output
	assert_equal "$(first_err)" "nsmount: -o: bad option 'x\\x1b[1m\\xff'"
	run -1 --separate-stderr "$NSMOUNT" "$BATS_TEST_TMPDIR/$(printf 'no\033]0;t\007')"
	refute_raw_output
	assert_equal "$stderr" \
	    "nsmount: $(esc "$BATS_TEST_TMPDIR")/no\\x1b]0;t\\x07: No such file or directory"
	run -1 --separate-stderr "$NSMOUNT" /dev/null
	assert_equal "$stderr" 'nsmount: /dev/null: Not a directory'
}

# One odd argument into $arg, drawn by $RANDOM: empty, commas, huge,
# control bytes, invalid UTF-8, numbers (negative too), "-", option-like,
# random bytes (no NUL, no "/" or "." that could name a big tree).
odd_arg() {
	local i n c
	case $((RANDOM % 16)) in
	0) arg= ;;
	1) arg=, ;;
	2) arg=,,, ;;
	3) arg=+ ;;
	4) arg=$BIG ;;
	5) printf -v arg '\001\033[1m\177' ;;
	6) printf -v arg '\377\376\303' ;;
	7) arg=-$RANDOM ;;
	8) arg=- ;;
	9) arg=-- ;;
	10) arg=path,,type ;;
	11) arg=$RANDOM ;;
	12) arg=/proc/self ;;
	13) arg=+path, ;;
	14) arg=-9223372036854775809 ;;
	*)
		arg=
		n=$((RANDOM % 12 + 1))
		for ((i = 0; i < n; i++)); do
			c=$((RANDOM % 255 + 1))
			((c == 0x2f || c == 0x2e)) && c=0x78
			printf -v c '%02x' "$c"
			printf -v c "\\x$c"
			arg+=$c
		done
		;;
	esac
}

# The argument vector $vec for a tool with option string $1: a few
# options, each letter drawn from the string, an argument after those
# that take one (attached or not, odd or not), and odd words between.
odd_vector() {
	local opts=$1 letters=${1//:/} n i l
	vec=()
	n=$((RANDOM % 5 + 1))
	for ((i = 0; i < n; i++)); do
		case $((RANDOM % 8)) in
		0)
			odd_arg
			vec+=("$arg")
			continue
			;;
		1)
			odd_arg
			vec+=("--$arg")
			continue
			;;
		esac
		l=${letters:$((RANDOM % ${#letters})):1}
		if [[ $opts == *"$l:"* ]]; then
			odd_arg
			if ((RANDOM % 2)); then
				vec+=("-$l$arg")
			else
				vec+=("-$l" "$arg")
			fi
		else
			vec+=("-$l")
		fi
	done
}

@test "fuzzed options: every tool exits 0, 1 or 2, never by a signal, and writes no control byte" {
	local tool opts k status vec arg
	BIG=$(head -c 100000 /dev/zero | tr '\0' x)
	stdin=$BATS_TEST_TMPDIR/stdin
	printf '/dev/null\n-\n\0x\n%s\n/proc/self\n\377\033\n' "$BIG" >"$stdin"
	# nsmount must find no directory to mount on: it runs where there
	# is none, and an argument that names one is left out.
	mkdir "$BATS_TEST_TMPDIR/empty"
	cd "$BATS_TEST_TMPDIR/empty"
	declare -A optstring=(
		[nsls]=dHhJlno:PRrV [nscat]=HhJno:PrV
		[fdinfo]=ap:t:o:JPrnHhV [devtree]=d:HhJNno:Prs:uV
		[nsmount]=fho:V
	)
	RANDOM=${NSTOOLS_FUZZ_SEED:-4242}
	for tool in nsls nscat fdinfo devtree nsmount; do
		opts=${optstring[$tool]}
		for ((k = 0; k < 40; k++)); do
			odd_vector "$opts"
			case $tool in
			# A path, so that no run walks everything.
			nsls | nscat | devtree)
				odd_arg
				vec+=(-- "$arg")
				;;
			fdinfo)
				vec=(-p $$ "${vec[@]}")
				;;
			nsmount)
				for i in "${!vec[@]}"; do
					[ -d "${vec[$i]}" ] && vec[$i]=nodir
				done
				vec+=(nodir)
				;;
			esac
			status=0
			timeout 20 "$BIN/$tool" "${vec[@]}" <"$stdin" \
			    >"$BATS_TEST_TMPDIR/out" 2>"$BATS_TEST_TMPDIR/err" ||
			    status=$?
			if ((status > 2)) || LC_ALL=C grep -qP \
			    '[\x00-\x08\x0b-\x1f\x7f]' "$BATS_TEST_TMPDIR/out" \
			    "$BATS_TEST_TMPDIR/err"; then
				echo "$tool exited $status on:" >&2
				printf ' %q' "${vec[@]}" | cut -c 1-2000 >&2
				echo >&2
				head -c 2000 "$BATS_TEST_TMPDIR/err" >&2
				return 1
			fi
		done
	done
}

# Each line of a stream is answered as it comes: the record of the first
# is read from the tool's output before the second line is written, in
# each tool that reads paths and in each format but JSON (a document is
# one whole).  A file is read in batches; its answers are the same.
@test "paths from a stream are answered line by line, as they come" {
	local fifo=$BATS_TEST_TMPDIR/in out=$BATS_TEST_TMPDIR/out tool line args
	mkfifo "$fifo"
	for args in "nscat -n -r -o path" "nscat -n -o path" "nscat -P -o path" \
	    "nscat" "nsls -n -r -o path" "fdinfo -n -r -o path"; do
		tool=${args%% *}
		[ "$tool" = "$args" ] && args= || args=${args#* }
		mkfifo "$out"
		# shellcheck disable=SC2086
		"$BIN/$tool" $args - <"$fifo" >"$out" 2>/dev/null 3>&- &
		exec 7>"$fifo" 8<"$out"
		case $tool in
		nscat) echo /user/0 >&7 ;;
		nsls) echo /user >&7 ;;
		fdinfo) echo "/fs$(esc "$fifo")" >&7 ;;
		esac
		# The first record, while the input is still open.
		read -r -t 10 line <&8 || {
			echo "$tool $args: nothing before the end of input" >&2
			return 1
		}
		[[ $line == *"/"* ]] || [[ $line == *user* ]]
		exec 7>&-
		cat <&8 >/dev/null
		exec 8<&-
		wait
		rm "$out"
	done
}
