# What the suites of devices (dev, devtree, blkid) share: a test's
# helpers and loop devices, gone in teardown, a disk of this machine to
# look at, and a pseudo-terminal sysfs does not know.

setup() {
	helpers=()
	loops=()
}

teardown() {
	kill_helpers
	detach_loops
}

# Detach the loop devices a test attached, named in loops[].
detach_loops() {
	local p

	for p in "${loops[@]}"; do
		losetup -d "$p" 2>/dev/null || true
	done
}

# The first disk in /sys/block that the command $1 accepts, given its
# entry there: its name in $disk, its numbers in $maj and $min.  Where
# none is, skip the test saying $2.
pick_disk() {
	local d

	for d in /sys/block/*; do
		[[ -r $d/dev ]] && "$1" "$d" || continue
		disk=${d##*/}
		IFS=: read -r maj min <"$d/dev"
		return 0
	done
	skip "$2"
}

# A pseudo-terminal held open by a background helper, one sysfs does not
# know: its numbers in $maj and $min, its node in $node.
hold_pty() {
	python3 -c 'import os, pty, sys, time
m, s = pty.openpty()
st = os.fstat(s)
print(os.major(st.st_rdev), os.minor(st.st_rdev), os.ttyname(s), flush=True)
sys.stdout.close()
time.sleep(1000)' >"$BATS_TEST_TMPDIR/pty" &
	helpers+=("$!")
	wait_written "$BATS_TEST_TMPDIR/pty"
	read -r maj min node <"$BATS_TEST_TMPDIR/pty"
}
