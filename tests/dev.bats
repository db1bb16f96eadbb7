#!/usr/bin/env bats
# /dev: block and char devices by number, interfaces by ifindex, devices by
# subsystem, checked against what sysfs, /proc/devices and ip(8) say.

bats_require_minimum_version 1.5.0
load helpers/common
# setup and teardown: what a test puts in helpers[] and loops[] goes.
load helpers/dev

# One attribute of one object, as JSON gives it (null when it has none).
attr() {
	"$NSCAT" -J -o "$2" "$1" | jq -r ".objects[0].$2"
}

# The canonical path of whatever the argument names.
canon() {
	"$NSCAT" -rn -o path "$1"
}

# A whole disk of this machine (not a loop, ram or zram device): its name
# in $disk, its numbers in $maj and $min.
find_disk() {
	pick_disk whole_disk "no disk on this machine"
}

whole_disk() {
	case ${1##*/} in
	loop* | ram* | zram*) return 1 ;;
	esac
}

# The names /proc/devices gives a major, joined by commas.
registered() {
	awk -v type="$1" -v maj="$2" '
	    /^Character/ { t = "char" } /^Block/ { t = "block" }
	    t == type && $1 == maj { s = s (s == "" ? "" : ",") $2 }
	    END { print s }' /proc/devices
}

@test "nsls /dev starts with block, char and net, then the subsystems" {
	run -0 --separate-stderr "$NSLS" /dev
	assert_line --index 0 /dev/block
	assert_line --index 1 /dev/char
	assert_line --index 2 /dev/net
	for s in /sys/bus/* /sys/class/*; do
		assert_line "/dev/${s##*/}"
	done
	# Each once: /sys/class/block and /sys/class/net are the roots.
	assert_equal "$(sort <<<"$output" | uniq -d)" ""
	assert_equal "$stderr" ""
}

@test "nsls /dev/block lists the major of a disk; its driver is /proc/devices'" {
	find_disk
	run -0 "$NSLS" /dev/block
	assert_line "/dev/block/$maj"
	run -0 attr "/dev/block/$maj" driver
	assert_output "$(registered block "$maj")"
	run -0 "$NSCAT" -P -o major,devices "/dev/block/$maj"
	n=$(grep -c "^$maj:" <(ls /sys/dev/block))
	assert_output "MAJOR=\"$maj\" DEVICES=\"$n\""
}

@test "nsls /dev/block/MAJ lists the disk" {
	find_disk
	run -0 "$NSLS" "/dev/block/$maj"
	assert_line "/dev/block/$maj/$min"
}

@test "the disk: name, numbers, devnode, size, type and summary" {
	find_disk
	run -0 --separate-stderr "$NSCAT" -J \
	    -o path,name,subsystem,devtype,devnode,dev,major,minor,size,ro,syspath \
	    "/dev/block/$maj/$min"
	assert_equal "$stderr" ""
	run jq -r '.objects[0] | [.path, .name, .subsystem, .devtype,
	    .devnode, .dev, .major, .minor, .size, .ro, .syspath] | join("|")' \
	    <<<"$output"
	size=$(($(<"/sys/block/$disk/size") * 512))
	ro=$(<"/sys/block/$disk/ro")
	syspath=$(realpath "/sys/block/$disk")
	assert_output "/dev/block/$maj/$min|$disk|block|disk|/dev/$disk|b$maj:$min|$maj|$min|$size|$ro|$syspath"
	run -0 "$NSCAT" -J -o major,size "/dev/block/$maj/$min"
	run -0 jq -r '.objects[0].major | type' <<<"$output"
	assert_output number
	run -0 attr "/dev/block/$maj/$min" summary
	assert_output --regexp "^$disk [0-9.]+[BKMGTPE] [^ ]+ disk\$"
}

@test "the disk node, its sysfs directory and b MAJ:MIN all resolve to it" {
	find_disk
	if [[ -b /dev/$disk ]]; then
		run -0 canon "/dev/$disk"
		assert_output "/dev/block/$maj/$min"
	fi
	run -0 canon "/sys/block/$disk"
	assert_output "/dev/block/$maj/$min"
	run -0 canon "b$maj:$min"
	assert_output "/dev/block/$maj/$min"
}

@test "a device's parent is a canonical path that resolves to itself" {
	find_disk
	run -0 attr "/dev/block/$maj/$min" parent
	parent=$output
	[[ $parent == /dev/* && $parent != null ]]
	run -0 canon "$parent"
	assert_output "$parent"
}

@test "/dev/null is /dev/char/1/3, named null, driven by mem" {
	run -0 canon /dev/null
	assert_output /dev/char/1/3
	run -0 "$NSCAT" -P -o name,subsystem,devnode,dev,driver /dev/null
	assert_output 'NAME="null" SUBSYSTEM="mem" DEVNODE="/dev/null" DEV="c1:3" DRIVER="mem"'
	run -0 canon c1:3
	assert_output /dev/char/1/3
}

@test "a pseudo-terminal sysfs does not know is listed under its major" {
	hold_pty
	run -0 "$NSLS" /dev/char
	assert_line "/dev/char/$maj"
	run -0 "$NSLS" "/dev/char/$maj"
	assert_line "/dev/char/$maj/$min"
	run -0 canon "$node"
	assert_output "/dev/char/$maj/$min"
	run -0 "$NSCAT" -P -o name,driver,devnode,dev "/dev/char/$maj/$min"
	assert_output "NAME=\"${node#/dev/}\" DRIVER=\"pts\" DEVNODE=\"$node\" DEV=\"c$maj:$min\""
	run -0 attr "/dev/char/$maj/$min" syspath
	assert_output null
}

@test "nsls /dev/tty lists the numbered paths of the terminals" {
	run -0 "$NSLS" /dev/tty
	n=0
	for t in /sys/class/tty/*; do
		IFS=: read -r maj min <"$t/dev" || continue
		assert_line "/dev/char/$maj/$min"
		[[ $maj == 4 ]] && n=$((n + 1))
	done
	((n > 0)) || skip "no terminal of major 4 here"
	assert_line --regexp '^/dev/char/4/[0-9]+$'
}

@test "a subsystem member by sysname resolves to its numbered path" {
	[[ -e /sys/class/tty/ttyS0 ]] || skip "no ttyS0"
	IFS=: read -r maj min </sys/class/tty/ttyS0/dev
	run -0 canon /dev/tty/ttyS0
	assert_output "/dev/char/$maj/$min"
	run -0 canon +tty:ttyS0
	assert_output "/dev/char/$maj/$min"
}

@test "a device without a number is /dev/SUBSYSTEM/SYSNAME" {
	d=$(ls /sys/bus/pci/devices 2>/dev/null | head -1)
	[[ -n $d ]] || skip "no PCI device"
	run -0 canon "/sys/bus/pci/devices/$d"
	assert_output "/dev/pci/$d"
	run -0 "$NSLS" /dev/pci
	assert_line "/dev/pci/$d"
	run -0 "$NSCAT" -P -o name,subsystem,syspath "/dev/pci/$d"
	assert_output "NAME=\"$d\" SUBSYSTEM=\"pci\" SYSPATH=\"$(realpath "/sys/bus/pci/devices/$d")\""
}

@test "/sys/class/net/lo is /dev/net/1, and n1 too" {
	run -0 canon /sys/class/net/lo
	assert_output "/dev/net/$(</sys/class/net/lo/ifindex)"
	run -0 canon n1
	assert_output /dev/net/1
	run -0 "$NSCAT" -P -o name,ifindex,mtu,flags /dev/net/1
	assert_output --regexp '^NAME="lo" IFINDEX="1" MTU="[0-9]+" FLAGS="[A-Z_,]*LOOPBACK[A-Z_,]*"$'
}

@test "nsls /dev/net lists the interfaces ip(8) shows" {
	run -0 "$NSLS" /dev/net
	assert_line /dev/net/1
	# The interfaces of a network namespace the test made, where no
	# other program adds or removes one meanwhile, with a sysfs mounted
	# there to show them.
	need_root
	unshare -n -m true 2>/dev/null || skip "cannot make a network namespace"
	run -0 unshare -n -m --propagation private sh -c '
	    mount -t sysfs none /sys &&
	    ip link add v0 type veth peer name v1 2>/dev/null ||
	        ip link add d0 type dummy 2>/dev/null || true
	    "$1" /dev/net
	    echo --
	    for i in /sys/class/net/*/ifindex; do echo "/dev/net/$(cat "$i")"; done |
	        sort -t/ -k4n' - "$NSLS"
	assert_equal "${output%%$'\n'--$'\n'*}" "${output#*$'\n'--$'\n'}"
}

@test "in a new network namespace /dev/net holds only lo" {
	need_netns
	run -0 "${netns[@]}" "$NSLS" /dev/net
	assert_output /dev/net/1
	run -0 "${netns[@]}" "$NSCAT" -P -o name,operstate,flags /dev/net/1
	assert_output 'NAME="lo" OPERSTATE="down" FLAGS="LOOPBACK"'
}

@test "a veth pair on a bridge: kind, master, link, summary" {
	need_netns
	# Sysfs shows the namespace that mounted it: ifindexes come from ip.
	run -0 "${netns[@]}" sh -c '
	    ip link add br0 type bridge &&
	    ip link add v0 type veth peer name v1 &&
	    ip link set v0 master br0 &&
	    ip link set dev v0 address 02:00:00:00:00:01 mtu 1400 ||
	    exit 0
	    i() { ip -o link show "$1" | cut -d: -f1; }
	    echo "$(i br0) $(i v0) $(i v1)"
	    for n in $(ip -o link show | cut -d: -f1); do
	        printf "/dev/net/%s\n" $n
	    done | '"$NSCAT"' -J -o path,name,kind,master,link,summary -'
	[[ $output == *objects* ]] || skip "cannot make a bridge and a veth pair"
	read -r br v0 v1 <<<"${lines[0]}"
	json=$(sed 1d <<<"$output")
	run -0 jq -r --arg p "/dev/net/$v0" '.objects[] | select(.path == $p) |
	    [.name, .kind, .master, .link, .summary] | join("|")' <<<"$json"
	assert_output "v0|veth|/dev/net/$br|/dev/net/$v1|v0 down 02:00:00:00:00:01 mtu 1400"
	run -0 jq -r --arg p "/dev/net/$br" '.objects[] | select(.path == $p) |
	    .kind' <<<"$json"
	assert_output bridge
}

@test "a partition's parent is its disk" {
	part=$(grep -l . /sys/class/block/*/partition 2>/dev/null | head -1)
	if [[ -z $part ]]; then
		make_partition
		part=$(grep -l . /sys/class/block/*/partition 2>/dev/null |
		    head -1)
		[[ -n $part ]] || skip "no partitions on this machine"
	fi
	part=${part%/partition}
	IFS=: read -r maj min <"$part/dev"
	IFS=: read -r dmaj dmin <"$part/../dev"
	run -0 "$NSCAT" -P -o devtype,parent "/dev/block/$maj/$min"
	assert_output "DEVTYPE=\"partition\" PARENT=\"/dev/block/$dmaj/$dmin\""
}

# A loop device over a file with an MBR of one partition, where root can
# make one and the kernel reads MBRs.
make_partition() {
	local img=$BATS_TEST_TMPDIR/disk.img loop

	[[ $(id -u) == 0 ]] && command -v losetup >/dev/null || return 0
	truncate -s 4M "$img"
	# One Linux partition from sector 2048, 4096 sectors long.
	printf '\0\0\0\0\x83\0\0\0\0\x08\0\0\0\x10\0\0' |
	    dd of="$img" bs=1 seek=446 conv=notrunc status=none
	printf '\x55\xaa' | dd of="$img" bs=1 seek=510 conv=notrunc status=none
	loop=$(losetup -fP --show "$img" 2>/dev/null) || return 0
	loops+=("$loop")
}

@test "a block device's holders and slaves are block device paths" {
	find_disk
	run -0 "$NSCAT" -J -o holders,slaves "/dev/block/$maj/$min"
	run -0 jq -r '.objects[0] | ((.holders // []), (.slaves // []))[] |
	    select(. != null)' <<<"$output"
	for p in "${lines[@]}"; do
		[[ $p =~ ^/dev/block/[0-9]+/[0-9]+$ ]]
	done
	want=$(ls "/sys/block/$disk/holders" | wc -l)
	got=$("$NSCAT" -J -o holders "/dev/block/$maj/$min" |
	    jq '[(.objects[0].holders // [])[] | select(. != null)] | length')
	assert_equal "$got" "$want"
}

@test "names that are no object fall back to the real file" {
	find_disk
	# Not a subsystem: the node itself.
	if [[ -b /dev/$disk ]]; then
		run -0 canon "/dev/$disk"
		assert_output "/dev/block/$maj/$min"
	fi
	# Not a number under /dev/net: the tun node, if there is one.
	if [[ -c /dev/net/tun ]]; then
		run -0 canon /dev/net/tun
		tmaj=$((0x$(stat -c %t /dev/net/tun)))
		tmin=$((0x$(stat -c %T /dev/net/tun)))
		assert_output "/dev/char/$tmaj/$tmin"
	fi
	# Not a number under /dev/block: udev's link, when it exists.
	if [[ -e /dev/block/$maj:$min ]]; then
		run -0 canon "/dev/block/$maj:$min"
		assert_output "/dev/block/$maj/$min"
	else
		run -1 --separate-stderr "$NSCAT" "/dev/block/$maj:$min"
		assert_equal "$stderr" "nscat: /dev/block/$maj:$min: no such object"
	fi
}

@test "a sysfs directory of no subsystem is its place in the device tree" {
	d=$(ls -d /sys/devices/pci0000:* 2>/dev/null | head -1)
	[[ -n $d && -e $d/uevent && ! -e $d/subsystem ]] ||
	    skip "no device without a subsystem"
	run -0 canon "$d"
	assert_output "/dev/devices/${d##*/}"
}

@test "no such device, major, interface or subsystem member" {
	run -1 --separate-stderr "$NSCAT" /dev/block/99999/0
	assert_output ""
	assert_equal "$stderr" "nscat: /dev/block/99999/0: no such object"
	run -1 --separate-stderr "$NSCAT" /dev/block/4095
	assert_equal "$stderr" "nscat: /dev/block/4095: no such object"
	run -1 --separate-stderr "$NSCAT" /dev/net/2147483647
	assert_equal "$stderr" "nscat: /dev/net/2147483647: no such object"
	run -1 --separate-stderr "$NSCAT" /dev/no-such-subsystem/x
	assert_equal "$stderr" "nscat: /dev/no-such-subsystem/x: no such object"
	run -1 --separate-stderr "$NSCAT" b4095:1048575
	assert_equal "$stderr" "nscat: b4095:1048575: no such object"
}

@test "nsls -l /dev/block prints a summary per major" {
	find_disk
	run -0 "$NSLS" -l /dev/block
	assert_line --regexp "^/dev/block/$maj +major +$(registered block "$maj") [0-9]+ devices?\$"
}
