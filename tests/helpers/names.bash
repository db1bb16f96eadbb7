# What the hardening suites (hostile, races, privilege, bounds) share:
# hostile names, rule 5 done apart from the tools for expected values, the
# checks every output gets, and helpers started in the background and
# stopped in teardown.

# Hostile names, each in four forms: RAW, the bytes; ESC, rule 5 as a
# path prints it (raw output too); TXT, as text prints in a table and in
# JSON (the space kept); PRS, as -P prints it (the space kept, and what a
# shell would expand inside double quotes escaped too).
hostile_names() {
	RAW=() ESC=() TXT=() PRS=()
	hostile 'nl\nx' 'nl\x0ax'
	hostile 'trail\n' 'trail\x0a'
	hostile 'esc\033[31mred' 'esc\x1b[31mred'
	hostile 'osc\033]0;title\007' 'osc\x1b]0;title\x07'
	hostile 'csi\2331m' 'csi\x9b1m'
	hostile 'q"uo%cte' "q\"uo'te" "q\"uo'te" "q\\x22uo'te"
	hostile 'back\\slash' 'back\x5cslash'
	hostile 'sp ace' 'sp\x20ace' 'sp ace' 'sp ace'
	hostile 'bad\377\376utf' 'bad\xff\xfeutf'
	hostile 'utf\303\251' 'utf\xc3\xa9'
	hostile 't\tab' 't\x09ab'
	hostile 'del\177' 'del\x7f'
	hostile 'dol$(id)`x`' 'dol$(id)`x`' 'dol$(id)`x`' 'dol\x24(id)\x60x\x60'
	hostile 'lit\\x41' 'lit\x5cx41'
	hostile '-n' '-n'
	# 255 bytes, the longest a name can be, each escaped into four.
	hostile "$(printf '\\033%.0s' {1..255})" \
	    "$(printf '\\x1b%.0s' {1..255})"
}

# hostile FORMAT ESC [TXT [PRS]]: FORMAT is printf's, with %c for a quote.
hostile() {
	local raw

	# shellcheck disable=SC2059
	printf -v raw -- "$1" "'"
	RAW+=("$raw")
	ESC+=("$2")
	TXT+=("${3-$2}")
	PRS+=("${4-${3-$2}}")
}

# Rule 5 done apart from the tools, for the parts of expected values a test
# does not spell out (such as the scratch directory): \xHH for every byte
# outside printable ASCII, for the space and for the backslash.
esc() {
	printf '%s' "$1" |
	    perl -0777 -pe 's/([^!-~]|\\)/sprintf("\\x%02x", ord $1)/ge'
	echo
}

# Nothing but printable ASCII, blanks and newlines may reach a terminal:
# fail, showing where, on any other byte in any of the arguments (an
# 8-bit CSI, 0x9b, is as dangerous as ESC).
refute_raw_bytes() {
	local text

	for text in "$@"; do
		if LC_ALL=C grep -q '[^ -~]' <<<"$text"; then
			echo "raw byte in output:" >&2
			LC_ALL=C grep '[^ -~]' <<<"$text" | od -c | head -20 >&2
			return 1
		fi
	done
}

# stdout and stderr of the last run, both.
refute_raw_output() {
	refute_raw_bytes "$output" "${stderr-}"
}

# Every path given resolves back to itself.
assert_round_trip() {
	local want got

	want=$(printf '%s\n' "$@")
	got=$(printf '%s\n' "$@" | "$NSCAT" -n -r -o path -) || {
		echo "some path does not resolve" >&2
		return 1
	}
	if [ "$got" != "$want" ]; then
		diff <(echo "$want") <(echo "$got") | head -20 >&2
		return 1
	fi
}

assert_json() {
	jq -e . >/dev/null <<<"$1" || {
		echo "not JSON: ${1:0:400}" >&2
		return 1
	}
}

# Start a helper in the background and wait for its "ready"; the pid it
# printed ("pid=N") is left in $pid, all it printed in
# $BATS_TEST_TMPDIR/NAME.out.  stop_helpers, in teardown, kills them all.
start_helper() {
	local out=$BATS_TEST_TMPDIR/$1.out
	shift

	"$@" >"$out" 3>&- &
	helpers+=("$!")
	wait_ready "$out"
}

stop_helpers() {
	local p

	kill_helpers
	for p in "${helpers[@]}"; do
		wait "$p" 2>/dev/null || true
	done
	helpers=()
}

# The text as an extended regular expression that matches just itself.
regex_quote() {
	sed 's/[][\.*^$+?(){}|]/\\&/g' <<<"$1"
}

# The descriptors a helper said it holds ("FD N" lines), in $fd[].
helper_fds() {
	mapfile -t fd < <(awk '$1 == "FD" { print $2 }' \
	    "$BATS_TEST_TMPDIR/$1.out")
}
