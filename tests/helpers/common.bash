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
