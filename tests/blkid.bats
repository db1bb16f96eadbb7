#!/usr/bin/env bats
# A block device as lsblk -f shows it: the file system's type, label and
# UUID (libblkid), its mounts as /mount links, and its size as lsblk
# writes it.  The devices are loop devices over files the test makes;
# where loop devices cannot be made (not root, no loop driver) the tests
# skip.

bats_require_minimum_version 1.5.0
load helpers/common
# setup and teardown: what a test puts in helpers[] and loops[] goes.
load helpers/dev

UUID=0b8e5f2c-1d33-4c5a-9a57-5a0f4c6b2d11

# A loop device over a new file of $1 bytes: its node in $loop, its path
# in $dev.  Skips where none can be made.
make_loop() {
	local img=$BATS_TEST_TMPDIR/vol.img maj min

	[[ $(id -u) == 0 ]] || skip "needs root"
	command -v losetup >/dev/null || skip "no losetup"
	truncate -s "$1" "$img"
	if [[ -n ${2-} ]]; then
		"$2" "$img" >/dev/null 2>&1 || skip "$2 failed"
	fi
	loop=$(losetup -f --show "$img" 2>/dev/null) || skip "no loop device"
	loops+=("$loop")
	IFS=: read -r maj min < "/sys/class/block/${loop##*/}/dev"
	dev=/dev/block/$maj/$min
}

mkext4() {
	mkfs.ext4 -q -F -L nstest -U "$UUID" "$1"
}

@test "an ext4 volume: its type, label and UUID, as blkid reads them" {
	command -v mkfs.ext4 >/dev/null || skip "no mkfs.ext4"
	make_loop 8M mkext4
	run -0 --separate-stderr "$NSCAT" -r -n -o path,fstype,label,uuid "$loop"
	assert_output "$dev ext4 nstest $UUID"
	assert_equal "$stderr" ""
	run -0 blkid -p -o value -s TYPE "$loop"
	assert_output ext4
	run -0 "$NSCAT" -P -o fstype,label,uuid "$dev"
	assert_output "FSTYPE=\"ext4\" LABEL=\"nstest\" UUID=\"$UUID\""
}

@test "a vfat volume: its type, label and UUID" {
	local mkfs

	mkfs=$(command -v mkfs.vfat || command -v mkfs.fat) ||
	    skip "no mkfs.vfat"
	mkvfat() { "$mkfs" -n NSVFAT -i 1234abcd "$1"; }
	make_loop 8M mkvfat
	run -0 "$NSCAT" -r -n -o fstype,label,uuid "$dev"
	assert_output "vfat NSVFAT 1234-ABCD"
}

@test "a device with no file system has none of the three" {
	make_loop 1M
	run -0 --separate-stderr "$NSCAT" -J -o fstype,label,uuid,mounts "$dev"
	assert_equal "$stderr" ""
	run -0 jq -c '.objects[0]' <<<"$output"
	assert_output '{"fstype":null,"label":null,"uuid":null,"mounts":[]}'
	run -0 "$NSCAT" -r -n -o path,fstype "$dev"
	assert_output "$dev -"
}

@test "a mounted volume links to its mount, and the mount back to it" {
	command -v mkfs.ext4 >/dev/null || skip "no mkfs.ext4"
	command -v unshare >/dev/null || skip "no unshare"
	make_loop 8M mkext4
	mkdir "$BATS_TEST_TMPDIR/mnt"
	# In a mount namespace of its own, so that nothing is left mounted.
	run -0 unshare -m --propagation private sh -c '
		mount "$1" "$2" || exit 1
		"$3" -J -o mounts,mountpoints "$4"
		findmnt -n -o ID "$2"' - \
	    "$loop" "$BATS_TEST_TMPDIR/mnt" "$NSCAT" "$dev"
	id=${lines[-1]}
	run -0 jq -c '.objects[0] | [.mounts, .mountpoints]' \
	    <<<"$(sed '$d' <<<"$output")"
	assert_output "[[\"/mount/$id\"],[\"/fs$BATS_TEST_TMPDIR/mnt\"]]"
	run -0 unshare -m --propagation private sh -c '
		mount "$1" "$2" || exit 1
		"$3" -r -n -o device,fstype /mount/$(findmnt -n -o ID "$2")' - \
	    "$loop" "$BATS_TEST_TMPDIR/mnt" "$NSCAT"
	assert_output "$dev ext4"
}

@test "nsls finds the volume under its major by its type" {
	command -v mkfs.ext4 >/dev/null || skip "no mkfs.ext4"
	make_loop 8M mkext4
	run -0 --separate-stderr "$NSLS" -r -n -o path,label \
	    -Q 'fstype == "ext4"' "${dev%/*}"
	assert_line "$dev nstest"
}

@test "sizes read as lsblk writes them in a table, in bytes with -b" {
	make_loop 1536K
	run -0 lsblk -dn -o SIZE "$loop"
	want=$(tr -d ' ' <<<"$output")
	assert_equal "$want" 1.5M
	run -0 "$NSCAT" -o size "$dev"
	assert_output "SIZE
1.5M"
	run -0 "$NSCAT" -b -o size "$dev"
	assert_output "   SIZE
1572864"
	run -0 "$NSCAT" --bytes -n -o size "$dev"
	assert_output 1572864
	# nscat's KEY VALUE lines are a table too.
	run -0 "$NSCAT" "$dev"
	assert_line --regexp '^size +1\.5M$'
	run -0 "$NSCAT" -b "$dev"
	assert_line --regexp '^size +1572864$'
}

@test "sizes stay bytes for programs: raw, pairs and JSON" {
	make_loop 1536K
	run -0 "$NSCAT" -r -n -o size "$dev"
	assert_output 1572864
	run -0 "$NSCAT" -P -o size "$dev"
	assert_output 'SIZE="1572864"'
	run -0 "$NSCAT" -J -o size "$dev"
	run -0 jq -c '.objects[0].size' <<<"$output"
	assert_output 1572864
}

@test "without the right to read the device, the three are absent" {
	command -v mkfs.ext4 >/dev/null || skip "no mkfs.ext4"
	command -v setpriv >/dev/null || skip "no setpriv"
	make_loop 8M mkext4
	chmod 600 "$loop"
	run --separate-stderr setpriv --reuid 65534 --regid 65534 \
	    --clear-groups "$NSCAT" -r -n -o path,fstype,uuid "$dev"
	assert_success
	assert_output "$dev - -"
	assert_equal "$stderr" \
	    "nscat: 1 object not readable (permission denied), skipped"
}
