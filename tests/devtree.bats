#!/usr/bin/env bats
# devtree: the topology and the numbers, against this machine's devices as
# sysfs and /proc/devices describe them, and against umockdev testbeds of
# machines this one is not (tests/fixtures/*.umockdev).

bats_require_minimum_version 1.5.0
load helpers/common
# setup and teardown: what a test puts in helpers[] and loops[] goes.
load helpers/dev

FIXTURES=$BATS_TEST_DIRNAME/fixtures

# The tree of devtree -J as an outline: one path a line, indented two
# blanks a level.
outline() {
	jq -r 'def o(i): (i + .path), (.children[]? | o(i + "  "));
	    .devices[] | o("")'
}

# A whole disk of this machine that hangs off a bus, not a virtual one (a
# loop, ram, zram, dm or md device): its name in $disk, its numbers in
# $maj and $min, its sysfs directory in $sys.
find_disk() {
	pick_disk bus_disk "no disk on a bus on this machine"
}

bus_disk() {
	sys=$(realpath "$1")
	[[ $sys != /sys/devices/virtual/* ]]
}

# The path devtree gives a directory of /sys/devices that is a device: its
# subsystem's, else its place in the tree.
tree_path() {
	if [[ -e $1/subsystem ]]; then
		"$NSCAT" -rn -o path "$1"
	else
		echo "/dev/devices/${1#/sys/devices/}"
	fi
}

# The devices from the top of the tree down to a device on a bus: each
# directory above it with a uevent file (the "block" above a disk only
# groups).
chain() {
	local dir=$1 paths=()

	while [[ $dir != /sys/devices ]]; do
		[[ -e $dir/uevent ]] && paths=("$(tree_path "$dir")" "${paths[@]}")
		dir=${dir%/*}
	done
	printf '%s\n' /dev/devices "${paths[@]}"
}

# Run a command in a testbed of fixtures: testbed NAME... -- COMMAND...
testbed() {
	local fixtures=()

	command -v umockdev-run >/dev/null || skip "umockdev is not installed"
	while [[ $1 != -- ]]; do
		fixtures+=("$FIXTURES/$1.umockdev")
		shift
	done
	shift
	"$FIXTURES/testbed" "${fixtures[@]}" -- "$@"
}

@test "the disk hangs under the devices sysfs puts above it" {
	find_disk
	expected=$(chain "$sys")
	run -0 --separate-stderr "$DEVTREE" -u -rn -o path "/dev/$disk"
	assert_output "$expected"
	assert_equal "$stderr" ""
	# The same chain in the whole tree, each under the one before.
	run -0 "$DEVTREE" -J -o path
	tree=$output
	parent=
	while read -r p; do
		if [[ -n $parent ]]; then
			run -0 jq -r --arg p "$parent" --arg c "$p" '[.. | objects |
			    select(.path == $p) | .children[]?.path] |
			    index($c) != null' <<<"$tree"
			assert_output true
		fi
		parent=$p
	done <<<"$expected"
}

@test "-u walks from the disk up to its PCI device and beyond" {
	find_disk
	[[ $sys == */pci* ]] || skip "$disk is on no PCI bus"
	run -0 "$DEVTREE" -u -J -o path,subsystem,dev "/dev/$disk"
	run -0 jq -r '.. | objects | select(.subsystem == "pci") | .path' \
	    <<<"$output"
	assert_output --regexp '^/dev/pci/[0-9a-f]{4}:'
	run -0 "$DEVTREE" -u -rn -o path,dev "/dev/$disk"
	assert_line --index 0 "/dev/devices -"
	assert_line --index -1 "/dev/block/$maj/$min b$maj:$min"
}

# The paths of the disks, interfaces and serial ports /sys lists now.
sys_devices() {
	local d i maj min

	for d in /sys/class/block/*/dev /sys/class/tty/ttyS*/dev; do
		IFS=: read -r maj min <"$d" 2>/dev/null || continue
		case $d in
		*/block/*) echo "/dev/block/$maj/$min" ;;
		*) echo "/dev/char/$maj/$min" ;;
		esac
	done
	for i in /sys/class/net/*/ifindex; do
		read -r i <"$i" 2>/dev/null && echo "/dev/net/$i"
	done
}

@test "every disk, interface and serial port of this machine is in the tree" {
	local p

	# Other suites make and remove loop devices and interfaces
	# meanwhile: what /sys lists both before and after the run.
	sys_devices | sort >"$BATS_TEST_TMPDIR/before"
	run -0 --separate-stderr "$DEVTREE" -rn -o path
	assert_equal "$stderr" ""
	refute_control_bytes "$output"
	sys_devices | sort | comm -12 "$BATS_TEST_TMPDIR/before" - |
	while read -r p; do
		assert_line "$p"
	done
	# One line a node: a node under several parents is printed once.
	assert_equal "$(sort <<<"$output" | uniq -d)" ""
}

@test "each child hangs under its parent, a lower device, or its kind" {
	run -0 "$DEVTREE" -J -o path,parent,slaves
	run -0 jq -r '.. | objects | select(.children) | .path as $p |
	    .children[] | select(.parent != $p and
	    ((.slaves // []) | index($p)) == null and
	    (.parent != null or ($p != "/dev/char" and $p != "/dev/net" and
	    ($p | startswith("/ns/net") | not)))) |
	    "\(.path) under \($p)"' <<<"$output"
	assert_output ""
}

@test "an interface hangs under its device; lo under the virtual ones" {
	[[ -e /sys/class/net/lo ]] || skip "no lo in sysfs"
	run -0 "$DEVTREE" -s net -J -o path,parent
	json=$output
	lo=/dev/net/$(</sys/class/net/lo/ifindex)
	run -0 jq -r --arg lo "$lo" '.. | objects |
	    select(.path == "/dev/devices/virtual/net") | .children[].path' \
	    <<<"$json"
	assert_line "$lo"
	for n in /sys/class/net/*; do
		[[ -e $n/device ]] || continue
		want=$(tree_path "$(realpath "$n/device")")
		run -0 jq -r --arg p "/dev/net/$(<"$n/ifindex")" '.. | objects |
		    select(.path == $p) | .parent' <<<"$json"
		assert_output "$want"
	done
}

# Network namespaces made and ended as fast as the machine can, while
# devtree enters each one it finds.
churn_netns() {
	local stop=$1

	while [[ ! -e $stop ]]; do
		unshare -n sh -c '
		    ip link add va type veth peer name vb 2>/dev/null
		    sleep 0.02'
	done
}

# devtree -s net, thirty times, the errors of each.
trees_during_churn() {
	local i

	for ((i = 0; i < 30; i++)); do
		"$DEVTREE" -s net -r -n -o path 2>&1 >/dev/null
	done
}

@test "a network namespace that ends meanwhile is not one passed over" {
	local stop=$BATS_TEST_TMPDIR/stop pids

	unshare -n true 2>/dev/null || skip "unshare -n is not allowed here"
	untraced churn_netns "$stop" &
	pids=$!
	untraced churn_netns "$stop" &
	pids+=" $!"
	# Its processes reaped while the tree is drawn, a namespace answers
	# EACCES, not ENOENT: it left, and nothing is said of it.
	run -0 untraced trees_during_churn
	touch "$stop"
	wait $pids
	refute_output --partial "not readable"
	assert_output ""
}

@test "-s keeps only those subsystems and the devices above them" {
	run -0 "$DEVTREE" -s block -J -o path,subsystem
	run -0 jq -r '.. | objects | select(has("path") and (.children | not))
	    | .subsystem' <<<"$output"
	[[ -n $output ]] || skip "no block device here"
	assert_equal "$(sort -u <<<"$output")" block
}

@test "-d prints that many levels" {
	run -0 "$DEVTREE" -d 1 -rn -o path
	assert_line /dev/devices
	refute_line --regexp '^/dev/devices/'
	run -0 "$DEVTREE" -d 2 -J -o path
	run -0 jq '[.devices[].children[]? | .children] | all(. == null)' \
	    <<<"$output"
	assert_output true
	run -2 --separate-stderr "$DEVTREE" -d 0
	assert_equal "${stderr_lines[0]}" "devtree: depth 0: too small"
}

@test "a path argument prints the subtree under it" {
	find_disk
	pci=$(chain "$sys" | sed -n 3p)
	run -0 "$DEVTREE" -rn -o path "$pci"
	assert_line --index 0 "$pci"
	assert_line "/dev/block/$maj/$min"
	run -0 "$DEVTREE" -J -o path "/dev/$disk"
	run -0 jq -r '.devices[0].path' <<<"$output"
	assert_output "/dev/block/$maj/$min"
}

@test "-N: every major of /proc/devices with its driver, and its minors" {
	run -0 --separate-stderr "$DEVTREE" -N -J -o path,driver,dev
	json=$output
	assert_equal "$stderr" ""
	# Other network namespaces, which other work may have made, follow.
	run -0 jq -r '.devices[].path | select(startswith("/dev/"))' <<<"$json"
	assert_output "$(printf '%s\n' /dev/block /dev/char /dev/net)"
	want=$(awk '/^Character/ { t = "char" } /^Block/ { t = "block" }
	    NF == 2 && $1 ~ /^[0-9]+$/ {
	        k = "/dev/" t "/" $1
	        if (k in d)
	            d[k] = d[k] "," $2
	        else
	            d[k] = $2
	    }
	    END { for (k in d) print k "|" d[k] }' /proc/devices | LC_ALL=C sort)
	# Every registered major, and no other, has a driver.
	run -0 jq -r '.devices[] | select(.path != "/dev/net") | .children[] |
	    select(.driver != null) | "\(.path)|\(.driver)"' <<<"$json"
	assert_equal "$(LC_ALL=C sort <<<"$output")" "$want"
	find_disk
	run -0 jq -r --arg p "/dev/block/$maj" '.devices[].children[] |
	    select(.path == $p) | .children[].dev' <<<"$json"
	assert_line "b$maj:$min"
}

@test "-N -u: the number's own chain" {
	run -0 "$DEVTREE" -N -u -rn -o path /dev/null
	assert_output "$(printf '%s\n' /dev/char /dev/char/1 /dev/char/1/3)"
}

@test "a pseudo-terminal: under its major, and under /dev/char" {
	hold_pty
	run -0 "$DEVTREE" -N -u -rn -o path "/dev/char/$maj/$min"
	assert_output "$(printf '%s\n' /dev/char "/dev/char/$maj" \
	    "/dev/char/$maj/$min")"
	run -0 "$DEVTREE" -J -o path
	printf '%s\n' "$output" >"$BATS_TEST_TMPDIR/tree.json"
	# jq 1.6 once exited 4 here under the sanitizers: what it read and
	# said is kept for the report.
	run --separate-stderr jq -r '.devices[] | select(.path == "/dev/char") |
	    .children[].path' "$BATS_TEST_TMPDIR/tree.json"
	[ "$status" -eq 0 ] || {
		echo "jq: exit $status: $stderr" >&2
		head -c 2000 "$BATS_TEST_TMPDIR/tree.json" >&2
		return 1
	}
	assert_line "/dev/char/$maj/$min"
}

@test "-r and -P: one line a node, with its parent's path" {
	find_disk
	run -0 "$DEVTREE" -P -o path,parent "/dev/$disk"
	assert_line --index 0 "PATH=\"/dev/block/$maj/$min\" PARENT=\"$(chain "$sys" |
	    tail -2 | head -1)\""
	run -0 "$DEVTREE" -r "/dev/$disk"
	assert_line --index 0 "PATH PARENT SLAVES NAME SUBSYSTEM DRIVER DEV DEVNODE"
}

@test "the tree is drawn in UTF-8 in a UTF-8 locale, in ASCII otherwise" {
	find_disk
	run -0 env LC_ALL=C.UTF-8 "$DEVTREE" -u "/dev/$disk"
	assert_output --partial "└─$disk"
	run -0 env LC_ALL=C "$DEVTREE" -u "/dev/$disk"
	assert_output --partial "\`-$disk"
	refute_control_bytes "$output"
}

@test "a loop device: in the virtual block devices, its file linked" {
	[[ $(id -u) == 0 ]] && command -v losetup >/dev/null ||
	    skip "cannot make a loop device"
	truncate -s 1M "$BATS_TEST_TMPDIR/img"
	loop=$(losetup -f --show "$BATS_TEST_TMPDIR/img" 2>/dev/null) ||
	    skip "cannot make a loop device"
	loops+=("$loop")
	IFS=: read -r maj min <"/sys/block/${loop#/dev/}/dev"
	run -0 "$DEVTREE" -rn -o path,parent,backing "$loop"
	assert_output "/dev/block/$maj/$min /dev/devices/virtual/block /fs$(realpath "$BATS_TEST_TMPDIR/img")"
	run -0 "$DEVTREE" -u -rn -o path "$loop"
	assert_output "$(printf '%s\n' /dev/devices /dev/devices/virtual \
	    /dev/devices/virtual/block "/dev/block/$maj/$min")"
}

@test "/dev/devices names what no subsystem claims, and reads back" {
	d=$(ls -d /sys/devices/pci0000:* 2>/dev/null | head -1)
	[[ -n $d && ! -e $d/subsystem ]] || skip "no PCI root here"
	root=/dev/devices/${d##*/}
	run -0 "$NSLS" /dev/devices
	assert_line "$root"
	run -0 "$NSCAT" -rn -o path,type,name,parent "$root"
	assert_output "$root device ${d##*/} /dev/devices"
	f=$(ls -d "$d"/0000:* | head -1)
	run -0 "$NSCAT" -rn -o path,parent "$root/${f##*/}"
	assert_output "/dev/pci/${f##*/} $root"
	run -1 --separate-stderr "$NSCAT" "$root/power"
	assert_equal "$stderr" "nscat: $root/power: no such object"
	if [[ -d /sys/devices/virtual/net ]]; then
		run -0 "$NSCAT" -rn -o path,type,parent /dev/devices/virtual/net
		assert_output "/dev/devices/virtual/net sysdir /dev/devices/virtual"
	fi
}

@test "paths that name nothing, or no device" {
	run -1 --separate-stderr "$DEVTREE" -rn -o path /dev/block/99999/0 \
	    /dev/null /fs/etc
	assert_output /dev/char/1/3
	assert_equal "$stderr" "devtree: /dev/block/99999/0: no such object
devtree: /fs/etc: No such device"
	run -2 --separate-stderr "$DEVTREE" -u
	assert_output ""
	[[ ${stderr_lines[0]} == "usage: devtree "* ]]
}

@test "paths from standard input" {
	run -0 bash -c "printf '/dev/null\n/dev/zero\n' |
	    '$DEVTREE' -rn -o path -"
	assert_output "$(printf '%s\n' /dev/char/1/3 /dev/char/1/5)"
}

#
# Testbeds.
#

# The block devices of the sata testbed as outline gives them: a disk
# and its two partitions behind an AHCI controller.
sata_outline() {
	cat <<-'END'
	/dev/devices
	  /dev/devices/pci0000:00
	    /dev/pci/0000:00:1f.2
	      /dev/devices/pci0000:00/0000:00:1f.2/ata1
	        /dev/scsi/host0
	          /dev/scsi/target0:0:0
	            /dev/scsi/0:0:0:0
	              /dev/block/8/0
	                /dev/block/8/1
	                /dev/block/8/2
	END
}

# The dm testbed's: the sata testbed's, a device stacked on the second
# partition and one more on that, each under its own sysfs directory too.
dm_outline() {
	sata_outline
	cat <<-'END'
	                  /dev/block/253/0
	                    /dev/block/253/1
	  /dev/devices/virtual
	    /dev/devices/virtual/block
	      /dev/block/253/0
	        /dev/block/253/1
	      /dev/block/253/1
	END
}

@test "testbed sata: a disk with partitions behind an AHCI controller" {
	need_netns
	run -0 --separate-stderr testbed sata -- "${netns[@]}" \
	    "$DEVTREE" -J -o path -s block
	assert_equal "$stderr" ""
	run -0 outline <<<"$output"
	assert_output "$(sata_outline)"
	run -0 testbed sata -- "${netns[@]}" "$DEVTREE" -P \
	    -o path,name,subsystem,driver,dev,devnode /dev/sda2
	assert_output 'PATH="/dev/block/8/2" NAME="sda2" SUBSYSTEM="block" DRIVER="sd" DEV="b8:2" DEVNODE="/dev/sda2"'
	run -0 testbed sata -- "${netns[@]}" "$DEVTREE" -rn \
	    -o path,subsystem,driver -d 3 /dev/pci/0000:00:1f.2
	assert_output - <<-'END'
	/dev/pci/0000:00:1f.2 pci ahci
	/dev/devices/pci0000:00/0000:00:1f.2/ata1 - -
	/dev/scsi/host0 scsi -
	END
}

@test "testbed sata: the numbers, with /proc/devices faked and not" {
	need_netns
	run -0 testbed sata -- "${netns[@]}" "$DEVTREE" -N -J -o path,driver \
	    -s block
	run -0 jq -r 'def o(i): (i + .path + " " + .driver),
	    (.children[]? | o(i + "  ")); .devices[] | o("")' <<<"$output"
	assert_output - <<-'END'
	/dev/block 
	  /dev/block/8 sd
	    /dev/block/8/0 sd
	    /dev/block/8/1 sd
	    /dev/block/8/2 sd
	END
	# With this machine's /proc/devices the devices are all still there.
	run -0 --separate-stderr testbed sata -- sh -c \
	    'rm "$UMOCKDEV_DIR/proc/devices" && exec "$@"' sh \
	    "${netns[@]}" "$DEVTREE" -N -rn -o path -s block
	assert_equal "$stderr" ""
	assert_output "$(printf '%s\n' /dev/block /dev/block/8 \
	    /dev/block/8/0 /dev/block/8/1 /dev/block/8/2)"
}

@test "testbed nvme: one drive, two namespaces" {
	need_netns
	run -0 testbed nvme -- "${netns[@]}" "$DEVTREE" -J -o path \
	    /dev/pci/0000:00:1d.0
	run -0 outline <<<"$output"
	assert_output - <<-'END'
	/dev/pci/0000:00:1d.0
	  /dev/pci/0000:3d:00.0
	    /dev/char/241/0
	      /dev/block/259/0
	        /dev/block/259/2
	      /dev/block/259/1
	END
	run -0 testbed nvme -- "${netns[@]}" "$DEVTREE" -N -J \
	    -o path,name,driver /dev/block/259 /dev/char/241
	run -0 jq -r 'def o(i): (i + .name + " " + .driver),
	    (.children[]? | o(i + "  ")); .devices[] | o("")' <<<"$output"
	assert_output - <<-'END'
	259 blkext
	  nvme0n1 blkext
	  nvme0n2 blkext
	  nvme0n1p1 blkext
	241 nvme
	  nvme0 nvme
	END
}

@test "testbed dm: a device stacked on a partition, one more on that" {
	need_netns
	run -0 testbed dm -- "${netns[@]}" "$DEVTREE" -J -o path -s block
	run -0 outline <<<"$output"
	# Each under its lower device and under its own sysfs directory.
	assert_output "$(dm_outline)"
	run -0 testbed dm -- "${netns[@]}" "$DEVTREE" -rn \
	    -o path,parent,slaves -s block
	assert_line "/dev/block/253/0 /dev/devices/virtual/block /dev/block/8/2"
	assert_line "/dev/block/253/1 /dev/devices/virtual/block /dev/block/253/0"
	assert_equal "$(grep -c '^/dev/block/253/1 ' <<<"$output")" 1
	run -0 testbed dm -- "${netns[@]}" "$NSCAT" -rn -o holders /dev/sda2
	assert_output /dev/block/253/0
	run -0 testbed dm -- "${netns[@]}" "$DEVTREE" -N -rn -o path,driver,dev \
	    /dev/block/253
	assert_output - <<-'END'
	/dev/block/253 device-mapper -
	/dev/block/253/0 device-mapper b253:0
	/dev/block/253/1 device-mapper b253:1
	END
}

@test "testbed dm: -u walks every chain up from the top device" {
	need_netns
	run -0 testbed dm -- "${netns[@]}" "$DEVTREE" -u -J -o path /dev/dm-1
	run -0 outline <<<"$output"
	# The same chains but for the partition not under it.
	assert_output "$(dm_outline | grep -vx ' */dev/block/8/1')"
}

@test "testbed md: a RAID1 over two disks, under each of them" {
	need_netns
	run -0 testbed md -- "${netns[@]}" "$DEVTREE" -J -o path \
	    /dev/pci/0000:00:1f.2 /dev/devices/virtual
	run -0 outline <<<"$output"
	assert_output - <<-'END'
	/dev/pci/0000:00:1f.2
	  /dev/devices/pci0000:00/0000:00:1f.2/ata2
	    /dev/scsi/host1
	      /dev/scsi/target1:0:0
	        /dev/scsi/1:0:0:0
	          /dev/block/8/16
	            /dev/block/9/0
	  /dev/devices/pci0000:00/0000:00:1f.2/ata3
	    /dev/scsi/host2
	      /dev/scsi/target2:0:0
	        /dev/scsi/2:0:0:0
	          /dev/block/8/32
	            /dev/block/9/0
	/dev/devices/virtual
	  /dev/devices/virtual/block
	    /dev/block/9/0
	END
	run -0 testbed md -- "${netns[@]}" "$DEVTREE" -N -J -o path -s block
	run -0 outline <<<"$output"
	assert_output - <<-'END'
	/dev/block
	  /dev/block/8
	    /dev/block/8/16
	    /dev/block/8/32
	  /dev/block/9
	    /dev/block/9/0
	END
	run -0 testbed md -- "${netns[@]}" "$NSCAT" -J -o slaves,driver /dev/md0
	run -0 jq -r '.objects[0] | (.slaves | join(" ")) + " " + .driver' \
	    <<<"$output"
	assert_output "/dev/block/8/16 /dev/block/8/32 md"
}

@test "testbed usb: a hub with a keyboard and a storage stick" {
	need_netns
	run -0 testbed usb -- "${netns[@]}" "$DEVTREE" -J -o path,name
	# The machine's own namespace is another here, under /ns/net.
	run -0 jq -r 'def o(i): (i + .name), (.children[]? | o(i + "  "));
	    .devices[] | select(.path | startswith("/ns/") | not) | o("")' \
	    <<<"$output"
	assert_output - <<-'END'
	devices
	  pci0000:00
	    0000:00:14.0
	      usb1
	        1-1
	          1-1.1
	            1-1.1:1.0
	              0003:046D:C31C.0001
	                input5
	                  event5
	          1-1.2
	            1-1.2:1.0
	              host6
	                target6:0:0
	                  6:0:0:0
	                    sdd
	                      sdd1
	net
	  lo
	END
	run -0 testbed usb -- "${netns[@]}" "$DEVTREE" -s input -rn \
	    -o name,subsystem,driver,dev,devnode
	assert_output - <<-'END'
	devices - - - -
	pci0000:00 - - - -
	0000:00:14.0 pci xhci_hcd - -
	usb1 usb usb c189:0 /dev/bus/usb/001/001
	1-1 usb usb c189:1 /dev/bus/usb/001/002
	1-1.1 usb usb c189:2 /dev/bus/usb/001/003
	1-1.1:1.0 usb usbhid - -
	0003:046D:C31C.0001 hid hid-generic - -
	input5 input - - -
	event5 input input c13:69 /dev/input/event5
	END
	run -0 testbed usb -- "${netns[@]}" "$DEVTREE" -N -rn -o path \
	    /dev/char/189
	assert_output "$(printf '%s\n' /dev/char/189 /dev/char/189/0 \
	    /dev/char/189/1 /dev/char/189/2 /dev/char/189/3)"
}

@test "testbed net: two cards on PCI, lo, and one sysfs does not show" {
	need_netns
	command -v ip >/dev/null || skip "no ip(8)"
	command -v umockdev-run >/dev/null || skip "umockdev is not installed"
	# Interfaces of the numbers the fixture gives them, of the first kind
	# this kernel has; ghost0 has no sysfs directory in the testbed.
	run -0 --separate-stderr "${netns[@]}" sh -c '
	    add() {
	        for kind in dummy bridge ifb; do
	            ip link add "$1" index "$2" type $kind 2>/dev/null &&
	                return 0
	        done
	        return 1
	    }
	    add enp1s0 2 && add wlp2s0 3 && add ghost0 4 || exit 0
	    exec "$@"' sh "$FIXTURES/testbed" "$FIXTURES/net.umockdev" -- \
	    "$DEVTREE" -J -o path,name
	[[ -n $output ]] || skip "cannot make interfaces of given numbers"
	json=$output
	run -0 jq -r 'def o(i): (i + .path + " " + .name),
	    (.children[]? | o(i + "  ")); .devices[] |
	    select(.path | startswith("/ns/") | not) | o("")' <<<"$json"
	assert_output - <<-'END'
	/dev/devices devices
	  /dev/devices/pci0000:00 pci0000:00
	    /dev/pci/0000:00:1c.0 0000:00:1c.0
	      /dev/pci/0000:01:00.0 0000:01:00.0
	        /dev/net/2 enp1s0
	    /dev/pci/0000:00:1c.1 0000:00:1c.1
	      /dev/pci/0000:02:00.0 0000:02:00.0
	        /dev/net/3 wlp2s0
	  /dev/devices/virtual virtual
	    /dev/devices/virtual/net net
	      /dev/net/1 lo
	/dev/net net
	  /dev/net/4 ghost0
	END
}

@test "testbed net: the numbers view lists interfaces by ifindex" {
	need_netns
	command -v ip >/dev/null || skip "no ip(8)"
	command -v umockdev-run >/dev/null || skip "umockdev is not installed"
	run -0 "${netns[@]}" sh -c '
	    for kind in dummy bridge ifb; do
	        ip link add enp1s0 index 2 type $kind 2>/dev/null && break
	    done
	    ip link show enp1s0 >/dev/null 2>&1 || exit 0
	    exec "$@"' sh "$FIXTURES/testbed" "$FIXTURES/net.umockdev" -- \
	    "$DEVTREE" -N -rn -o path,name,dev /dev/net
	[[ -n $output ]] || skip "cannot make an interface of a given number"
	assert_output - <<-'END'
	/dev/net net -
	/dev/net/1 lo n1
	/dev/net/2 enp1s0 n2
	END
}
