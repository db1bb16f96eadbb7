# Shared setup for every bats suite: the assertion libraries and the tools
# under test.  The tools are taken from NSTOOLS_BIN (the installed ones, for
# make installcheck), else from the build directory; the helpers always from
# the build directory, NSTOOLS_BUILD or build/.
bats_require_minimum_version 1.5.0
bats_load_library bats-support
bats_load_library bats-assert

BUILD=${NSTOOLS_BUILD:-$BATS_TEST_DIRNAME/../build}
BIN=${NSTOOLS_BIN:-$BUILD}
NSLS=$BIN/nsls
NSCAT=$BIN/nscat
FDINFO=$BIN/fdinfo
DEVTREE=$BIN/devtree
NSMOUNT=$BIN/nsmount
NSWATCH=$BIN/nswatch
HELPERS=$BUILD/helpers

# No raw control byte may reach the output: fail, showing where, if one does.
refute_control_bytes() {
	if LC_ALL=C grep -qP '[\x00-\x08\x0b-\x1f\x7f]' <<<"$1"; then
		echo "raw control byte in output:" >&2
		printf '%s' "$1" | od -c | head -20 >&2
		return 1
	fi
}

# The one line a tool ends with when it passed over what it could not
# read.  Whether it comes depends on the machine, not on the test: a
# supervisor that holds capabilities root lacks keeps its descriptors
# from root too, and every scan of all descriptors meets it.
SKIPPED_LINE='^(nsls|nscat|fdinfo|devtree): [1-9][0-9]* objects? not readable \(permission denied\), skipped$'

# $stderr without that line.
stderr_unskipped() {
	grep -Ev "$SKIPPED_LINE" <<<"$stderr" || true
}

# Run a command with its standard error but for that line; its status.
unskipped() {
	local err rc=0

	err=$(mktemp)
	"$@" 2>"$err" || rc=$?
	grep -Ev "$SKIPPED_LINE" "$err" >&2 || true
	rm -f "$err"
	return "$rc"
}
