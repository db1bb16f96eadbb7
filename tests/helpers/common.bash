# Shared setup for every bats suite: the assertion libraries and the tools
# under test, taken from the build directory unless NSTOOLS_BUILD says else.
bats_require_minimum_version 1.5.0
bats_load_library bats-support
bats_load_library bats-assert

BUILD=${NSTOOLS_BUILD:-$BATS_TEST_DIRNAME/../build}
NSLS=$BUILD/nsls
NSCAT=$BUILD/nscat
HELPERS=$BUILD/helpers

# No raw control byte may reach the output: fail, showing where, if one does.
refute_control_bytes() {
	if LC_ALL=C grep -qP '[\x00-\x08\x0b-\x1f\x7f]' <<<"$1"; then
		echo "raw control byte in output:" >&2
		printf '%s' "$1" | od -c | head -20 >&2
		return 1
	fi
}
