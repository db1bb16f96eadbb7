#!/usr/bin/env bats
# fdinfo, /proc/PID/fd, /pipe and /anon: the descriptors of a helper
# (tests/helpers/mkfds) that opens one of each kind and waits, checked
# against what the helper says it made and what procfs says.

bats_require_minimum_version 1.5.0
load helpers/common

MKFDS=$HELPERS/mkfds

setup() {
	helpers=()
	wrap=()
	dir=$(realpath "$BATS_TEST_TMPDIR")
}

teardown() {
	kill_helpers
}

# Start mkfds making the kinds named, run by the command in ${wrap[@]} if
# any (unshare -n, say); its pid is left in $pid and what it printed in
# $dir/mkfds.out.
mkfds() {
	"${wrap[@]}" "$MKFDS" -d "$dir" "$@" >"$dir/mkfds.out" 3>&- &
	helpers+=("$!")
	wait_ready "$dir/mkfds.out"
}

# The descriptor mkfds made of a kind; skip the test if it could not.
fd_of() {
	local fd

	fd=$(awk -v k="$1" '$1 == k { print $2; exit }' "$dir/mkfds.out")
	if [ "$fd" = - ] || [ -z "$fd" ]; then
		skip "mkfds cannot make $1 here: $(awk -v k="$1" \
		    '$1 == k { $1 = $2 = ""; print; exit }' "$dir/mkfds.out")"
	fi
	echo "$fd"
}

# A key=value word of mkfds's line for a kind.
word_of() {
	helper_word "$dir/mkfds.out" "$1" "$2"
}

# One attribute of one object as nscat -J gives it (null if none).
attr() {
	unskipped "$NSCAT" -J -o "$2" "$1" | jq -r ".objects[0].$2"
}

# Several attributes of one object, |-separated; common.bash's attrs,
# but for the line of what was not readable.
attrs() {
	local path=$1 list=$2

	unskipped "$NSCAT" -J -o "$list" "$path" |
	    jq -r ".objects[0] | [.${list//,/, .}] | map(tostring) | join(\"|\")"
}

@test "a regular file: REG, its /fs path, mode, flags, position, mount" {
	mkfds file
	fd=$(fd_of file)
	mnt=$(awk '$1 == "mnt_id:" { print $2 }' "/proc/$pid/fdinfo/$fd")
	run -0 attrs "/proc/$pid/fd/$fd" \
	    path,pid,fd,assoc,kind,object,name,mode,flags,pos,mount,deleted,size,inode
	assert_output "/proc/$pid/fd/$fd|$pid|$fd|$fd|REG|/fs$dir/file|$dir/file|rw-|append,largefile|10|/mount/$mnt|0|10|$(stat -c %i "$dir/file")"
}

@test "a directory: DIR and its /fs path" {
	mkfds dir
	fd=$(fd_of dir)
	run -0 attrs "/proc/$pid/fd/$fd" kind,object,name,mode
	assert_output "DIR|/fs$dir|$dir|r--"
}

@test "a deleted file: no object, deleted 1, the name without the marker" {
	mkfds deleted
	fd=$(fd_of deleted)
	readlink "/proc/$pid/fd/$fd" | grep -q ' (deleted)$'
	run -0 attrs "/proc/$pid/fd/$fd" kind,object,deleted,name,mode
	assert_output "REG|null|1|$dir/deleted|-w-"
}

@test "an O_PATH symbolic link: LINK and the link's own /fs path" {
	mkfds symlink
	fd=$(fd_of symlink)
	run -0 attrs "/proc/$pid/fd/$fd" kind,object,name,mode,flags,deleted,inode
	assert_output "LINK|/fs$dir/link|$dir/link|---|nofollow,path|0|$(word_of symlink ino)"
	run -0 unskipped "$NSCAT" -n -r -o path,type "/fs$dir/link"
	assert_output "/fs$dir/link symlink"
	run -0 unskipped "$FDINFO" -r -n -o pid,fd "/fs$dir/link"
	assert_output "$pid $fd"
}

@test "a file whose name holds a blank and a newline is printed escaped" {
	name=$(printf 'a b\nc')
	: >"$dir/$name"
	sleep 1000 5<"$dir/$name" 3>&- &
	helpers+=("$!")
	run -0 unskipped "$FDINFO" -p "$!" -J -o fd,object,name
	refute_control_bytes "$output"
	run -0 jq -r '.fds[] | select(.fd == 5) | .object' <<<"$output"
	assert_output "/fs$dir/a\\x20b\\x0ac"
	run -0 unskipped "$NSCAT" -r -n -o path "$output"
	assert_output "/fs$dir/a\\x20b\\x0ac"
}

@test "a pipe: FIFO, /pipe/INODE, each end's endpoints the other" {
	mkfds pipe
	r=$(fd_of pipe-read)
	w=$(fd_of pipe-write)
	ino=$(word_of pipe-read ino)
	run -0 attrs "/proc/$pid/fd/$r" kind,object,name,mode,inode,endpoints
	assert_output "FIFO|/pipe/$ino|pipe:[$ino]|r--|$ino|[\"/proc/$pid/fd/$w\"]"
	run -0 attrs "/proc/$pid/fd/$w" mode,endpoints
	assert_output "-w-|[\"/proc/$pid/fd/$r\"]"
}

@test "/pipe/INODE: readers and writers are the fd paths of its ends" {
	mkfds pipe
	r=$(fd_of pipe-read)
	w=$(fd_of pipe-write)
	ino=$(word_of pipe-read ino)
	run -0 attrs "/pipe/$ino" path,type,inode,readers,writers,fds
	assert_output "/pipe/$ino|pipe|$ino|[\"/proc/$pid/fd/$r\"]|[\"/proc/$pid/fd/$w\"]|[\"/proc/$pid/fd/$r\",\"/proc/$pid/fd/$w\"]"
	run -0 attr "/pipe/$ino" summary
	assert_output "pipe $ino: $pid -> $pid"
	run -0 "$NSLS" /pipe
	assert_line "/pipe/$ino"
	run -1 --separate-stderr "$NSCAT" /pipe/1
	assert_equal "$(stderr_unskipped)" "nscat: /pipe/1: no such object"
}

@test "a named FIFO: FIFO and its /fs path" {
	mkfds fifo
	fd=$(fd_of fifo)
	run -0 attrs "/proc/$pid/fd/$fd" kind,object,mode
	assert_output "FIFO|/fs$dir/fifo|rw-"
}

@test "a character device: CHR, /dev/char/MAJ/MIN, driver and name" {
	mkfds chardev
	fd=$(fd_of chardev)
	run -0 attrs "/proc/$pid/fd/$fd" kind,object,name,mode,devname
	assert_output "CHR|/dev/char/1/3|/dev/null|-w-|null"
}

@test "a block device: BLK and /dev/block/MAJ/MIN" {
	mkfds blockdev
	fd=$(fd_of blockdev)
	dev=$(word_of blockdev dev)
	run -0 attrs "/proc/$pid/fd/$fd" kind,object,name
	assert_output "BLK|/dev/block/${dev/://}|$(word_of blockdev path)"
}

@test "a loop device: BLK, /dev/block/7/N and the file behind it" {
	need_root
	mkfds loop
	fd=$(fd_of loop)
	dev=$(word_of loop dev)
	run -0 attrs "/proc/$pid/fd/$fd" kind,object,backing,driver
	assert_output "BLK|/dev/block/${dev/://}|/fs$dir/backing|loop"
	run -0 unskipped "$NSCAT" -n -r -o path "/dev/block/${dev/://}"
	assert_output "/dev/block/${dev/://}"
}

@test "a misc device: CHR, /dev/char/10/N, driver misc and its name" {
	[ -r /dev/fuse ] || skip "no /dev/fuse here"
	sleep 1000 5</dev/fuse 3>&- &
	helpers+=("$!")
	minor=$(stat -c '%T' /dev/fuse)
	run -0 attrs "/proc/$!/fd/5" kind,object,driver,devname,name
	assert_output "CHR|/dev/char/10/$((16#$minor))|misc|fuse|/dev/fuse"
	run -0 unskipped "$NSCAT" -n -r -o path "/dev/char/10/$((16#$minor))"
	assert_output "/dev/char/10/$((16#$minor))"
}

@test "a unix stream pair: UNIX-STREAM, /sock/unix/INODE, the peer's end" {
	mkfds unix-stream
	a=$(awk '$1 == "unix-stream" { print $2 }' "$dir/mkfds.out" | sed -n 1p)
	b=$(awk '$1 == "unix-stream" { print $2 }' "$dir/mkfds.out" | sed -n 2p)
	ia=$(stat -L -c %i "/proc/$pid/fd/$a")
	ib=$(stat -L -c %i "/proc/$pid/fd/$b")
	run -0 attrs "/proc/$pid/fd/$a" kind,object,inode,mode,endpoints
	assert_output "UNIX-STREAM|/sock/unix/$ia|$ia|rw-|[\"/proc/$pid/fd/$b\"]"
	run -0 attr "/proc/$pid/fd/$a" peer
	assert_output "/sock/unix/$ib"
}

@test "a unix datagram pair and a listener: UNIX, UNIX-STREAM" {
	mkfds unix-dgram unix-listen
	fd=$(fd_of unix-dgram)
	run -0 attrs "/proc/$pid/fd/$fd" kind,object
	assert_output "UNIX|/sock/unix/$(word_of unix-dgram ino)"
	fd=$(fd_of unix-listen)
	run -0 attrs "/proc/$pid/fd/$fd" kind,object
	assert_output "UNIX-STREAM|/sock/unix/$(word_of unix-listen ino)"
	run -0 attr "/proc/$pid/fd/$fd" name
	assert_output --partial "$dir/sock"
}

@test "tcp and udp over IPv4: TCP, UDP and their /sock paths" {
	mkfds tcp udp
	for k in tcp-listen tcp-client tcp-server; do
		fd=$(fd_of $k)
		run -0 attrs "/proc/$pid/fd/$fd" kind,object
		assert_output "TCP|/sock/tcp/$(word_of $k ino)"
	done
	fd=$(fd_of tcp-listen)
	run -0 attr "/proc/$pid/fd/$fd" name
	assert_output --partial "127.0.0.1:$(word_of tcp-listen port)"
	fd=$(fd_of udp)
	run -0 attrs "/proc/$pid/fd/$fd" kind,object
	assert_output "UDP|/sock/udp/$(word_of udp ino)"
}

@test "-i picks sockets as lsof -i does: protocol, IP version, host, port" {
	local port ino6
	mkfds tcp udp6
	fd_of tcp-listen >/dev/null
	port=$(word_of tcp-listen port)
	# The listener and both ends of its connection have the port.
	run -0 unskipped "$FDINFO" -p "$pid" -n -r -o fd -i "tcp:$port"
	assert_equal "${#lines[@]}" 3
	run -0 unskipped "$FDINFO" -p "$pid" -n -r -o fd -i "4tcp@127.0.0.1:$port"
	assert_equal "${#lines[@]}" 3
	# lsof -i names the same process for the port.
	if command -v lsof >/dev/null; then
		run -0 lsof -t -a -p "$pid" -i "tcp:$port"
		assert_output "$pid"
	fi
	# Another version, protocol or port matches none of them.
	run -0 unskipped "$FDINFO" -p "$pid" -n -r -o fd -i "6tcp:$port"
	assert_output ""
	run -0 unskipped "$FDINFO" -p "$pid" -n -r -o fd -i "udp:$port"
	assert_output ""
	# An IPv6 address in brackets; every socket of a version alone.
	fd_of udp6 >/dev/null
	ino6=$(word_of udp6 ino)
	run -0 unskipped "$FDINFO" -p "$pid" -n -r -o object -i "6udp@[::1]"
	assert_output "/sock/udp6/$ino6"
	run -0 unskipped "$FDINFO" -p "$pid" -n -r -o kind -i 6
	assert_output UDPv6
	# -Q narrows it further; what -i cannot read is a usage error.
	run -0 unskipped "$FDINFO" -p "$pid" -n -r -o fd -i tcp -Q "fd == $(fd_of tcp-listen)"
	assert_output "$(fd_of tcp-listen)"
	run -2 --separate-stderr "$FDINFO" -i sctp
	assert_equal "${stderr_lines[0]}" \
	    "fdinfo: -i sctp: no such protocol: tcp, udp, udplite or mptcp"
	run -2 --separate-stderr "$FDINFO" -i tcp:nosuchservice
	assert_equal "${stderr_lines[0]}" \
	    "fdinfo: -i tcp:nosuchservice: no such service"
}

@test "-i takes a port of 0 to 65535; one past is a usage error" {
	local p
	run -0 --separate-stderr "$FDINFO" -n -r -o fd -i :65535 -p $$
	run -0 --separate-stderr "$FDINFO" -n -r -o fd -i tcp:0 -p $$
	for p in :65536 tcp:99999999999 "6@[::1]:65536" \
	    :000000000000000000000000000000000000000000000000000000000000000070000; do
		run -2 --separate-stderr "$FDINFO" -i "$p"
		assert_equal "$output" ""
		assert_equal "${stderr_lines[0]}" \
		    "fdinfo: -i $p: a port is 0 to 65535"
	done
}

@test "tcp and udp over IPv6: TCPv6, UDPv6, /sock/tcp6 and /sock/udp6" {
	mkfds tcp6 udp6
	fd=$(fd_of tcp6-listen)
	run -0 attrs "/proc/$pid/fd/$fd" kind,object
	assert_output "TCPv6|/sock/tcp6/$(word_of tcp6-listen ino)"
	fd=$(fd_of udp6)
	run -0 attrs "/proc/$pid/fd/$fd" kind,object
	assert_output "UDPv6|/sock/udp6/$(word_of udp6 ino)"
}

@test "netlink, packet and raw sockets" {
	need_root
	mkfds netlink packet raw
	fd=$(fd_of netlink)
	run -0 attrs "/proc/$pid/fd/$fd" kind,object
	assert_output "NETLINK|/sock/netlink/$(word_of netlink ino)"
	fd=$(fd_of packet)
	run -0 attrs "/proc/$pid/fd/$fd" kind,object
	assert_output "PACKET|/sock/packet/$(word_of packet ino)"
	fd=$(fd_of raw)
	run -0 attrs "/proc/$pid/fd/$fd" kind,object
	assert_output "RAW|/sock/raw/$(word_of raw ino)"
}

@test "an eventfd: /anon/eventfd/ID, its counter, and the object itself" {
	mkfds eventfd
	fd=$(fd_of eventfd)
	id=$(awk '$1 == "eventfd-id:" { print $2 }' "/proc/$pid/fdinfo/$fd")
	[ -n "$id" ] || skip "this kernel gives eventfds no id"
	run -0 attrs "/proc/$pid/fd/$fd" kind,object,id,counter,name,flags
	assert_output "eventfd|/anon/eventfd/$id|$id|5|id=$id count=5|nonblock"
	run -0 attrs "/anon/eventfd/$id" path,type,kind,id,counter,fds
	assert_output "/anon/eventfd/$id|eventfd|eventfd|$id|5|[\"/proc/$pid/fd/$fd\"]"
	run -0 attr "/anon/eventfd/$id" summary
	assert_output "eventfd $id count=5, 1 holder"
	run -0 "$NSLS" /anon/eventfd
	assert_line "/anon/eventfd/$id"
}

@test "a timerfd: its own descriptor is its object; clock and interval" {
	mkfds timerfd
	fd=$(fd_of timerfd)
	run -0 attrs "/proc/$pid/fd/$fd" kind,object,clock,interval
	assert_output "timerfd|/proc/$pid/fd/$fd|monotonic|1.000000000"
	run -0 attr "/proc/$pid/fd/$fd" name
	assert_output --regexp '^clockid=monotonic remaining=[0-9]+\.[0-9]{9} interval=1\.000000000$'
}

@test "a signalfd: the mask as signal names" {
	mkfds signalfd
	fd=$(fd_of signalfd)
	run -0 attrs "/proc/$pid/fd/$fd" kind,object,sigmask,name
	assert_output "signalfd|/proc/$pid/fd/$fd|HUP,USR1|mask=HUP,USR1"
}

@test "an epoll descriptor: its targets as fd paths, and their events" {
	mkfds pipe eventfd epoll
	fd=$(fd_of epoll)
	r=$(fd_of pipe-read)
	e=$(fd_of eventfd)
	[ "$r" -lt "$e" ]
	run -0 attrs "/proc/$pid/fd/$fd" kind,object,targets,events,name
	assert_output "eventpoll|/proc/$pid/fd/$fd|[\"/proc/$pid/fd/$r\",\"/proc/$pid/fd/$e\"]|$r:IN,ERR,HUP $e:IN,ERR,HUP|tfds=$r,$e"
}

@test "an inotify descriptor: the watched directory, by path and inode" {
	mkfds inotify
	fd=$(fd_of inotify)
	ino=$(stat -c %i "$dir")
	dev=$(stat -c '%Hd:%Ld' "$dir")
	run -0 attrs "/proc/$pid/fd/$fd" kind,object,inodes,name
	assert_output "inotify|/proc/$pid/fd/$fd|$ino,$dev|inodes=$ino,$dev"
	# A file handle turns into a path only with CAP_DAC_READ_SEARCH.
	need_root
	run -0 attrs "/proc/$pid/fd/$fd" watches
	assert_output "[\"/fs$dir\"]"
}

@test "a fanotify descriptor: its flags and its mark" {
	need_root
	mkfds fanotify
	fd=$(fd_of fanotify)
	run -0 attrs "/proc/$pid/fd/$fd" kind,object,fanotify_flags,inodes,watches
	assert_output "fanotify|/proc/$pid/fd/$fd|0x0|$(stat -c %i "$dir"),$(stat -c '%Hd:%Ld' "$dir")|[\"/fs$dir\"]"
}

@test "a pidfd: the process it refers to" {
	mkfds pidfd
	fd=$(fd_of pidfd)
	target=$(word_of pidfd target)
	run -0 attrs "/proc/$pid/fd/$fd" kind,object,nspid
	assert_output "pidfd|/proc/$target|$target"
	run -0 attr "/proc/$pid/fd/$fd" name
	assert_output "pid=$target comm=$(cat "/proc/$target/comm") nspid=$target"
}

@test "a memfd: /anon/memfd/INODE, which resolves" {
	mkfds memfd
	fd=$(fd_of memfd)
	ino=$(word_of memfd ino)
	run -0 attrs "/proc/$pid/fd/$fd" kind,object,name,size,id
	assert_output "memfd|/anon/memfd/$ino|memfd:mkfds-memfd|4096|$ino"
	run -0 attrs "/anon/memfd/$ino" path,type,id,size,fds
	assert_output "/anon/memfd/$ino|memfd|$ino|4096|[\"/proc/$pid/fd/$fd\"]"
	run -0 attr "/anon/memfd/$ino" summary
	assert_output "memfd $ino mkfds-memfd, 1 holder"
}

@test "a POSIX message queue: mqueue, /ipc/mqueue/NAME, its holders" {
	mkfds mqueue
	r=$(fd_of mqueue-read)
	w=$(fd_of mqueue-write)
	name=$(word_of mqueue-read name)
	run -0 attrs "/proc/$pid/fd/$r" kind,object,name,mode,deleted,endpoints
	assert_output "mqueue|/ipc/mqueue/$name|/$name|r--|0|[\"/proc/$pid/fd/$w\"]"
	run -0 unskipped "$NSCAT" -n -r -o path "/ipc/mqueue/$name"
	assert_output "/ipc/mqueue/$name"
	run -0 attrs "/ipc/mqueue/$name" type,name,perm,qsize,fds
	assert_output "mqueue|/$name|0600|0|[\"/proc/$pid/fd/$r\",\"/proc/$pid/fd/$w\"]"
	run -0 unskipped "$FDINFO" -p "$pid" -t mqueue -r -n -o fd
	assert_output "$r
$w"
	run -0 unskipped "$FDINFO" -r -n -o pid,fd "/ipc/mqueue/$name"
	assert_output "$pid $r
$pid $w"
}

@test "a secretmem area: /anon/secretmem/INODE, which resolves" {
	mkfds secretmem
	fd=$(fd_of secretmem)
	ino=$(word_of secretmem ino)
	run -0 attrs "/proc/$pid/fd/$fd" kind,object,name,size,id
	assert_output "secretmem|/anon/secretmem/$ino|secretmem|4096|$ino"
	run -0 unskipped "$NSCAT" -n -r -o path,type,size,fds "/anon/secretmem/$ino"
	assert_output "/anon/secretmem/$ino secretmem 4096 /proc/$pid/fd/$fd"
	run -0 "$NSLS" /anon/secretmem
	assert_line "/anon/secretmem/$ino"
}

@test "an io_uring: its own descriptor, the sizes of its rings" {
	mkfds io_uring
	fd=$(fd_of io_uring)
	run -0 attrs "/proc/$pid/fd/$fd" kind,object,sq_entries,cq_entries,name
	assert_output "io_uring|/proc/$pid/fd/$fd|$(word_of io_uring sq)|$(word_of io_uring cq)|sq-entries=$(word_of io_uring sq) cq-entries=$(word_of io_uring cq)"
}

@test "a namespace descriptor: nsfs and /ns/TYPE/INODE" {
	mkfds nsfs
	fd=$(fd_of nsfs)
	ino=$(word_of nsfs ino)
	run -0 attrs "/proc/$pid/fd/$fd" kind,object,name,inode
	assert_output "nsfs|/ns/net/$ino|net:[$ino]|$ino"
}

@test "a tun descriptor: the interface it made" {
	need_root
	mkfds tun
	fd=$(fd_of tun)
	run -0 attrs "/proc/$pid/fd/$fd" kind,object,interface,name,netns
	assert_output "CHR|/dev/char/10/200|/dev/net/$(word_of tun ifindex)|iface=$(word_of tun iface)|/ns/net/$(stat -L -c %i /proc/self/ns/net)"
}

@test "a tun descriptor of another network namespace: no interface of ours" {
	need_root
	wrap=(unshare -n)
	mkfds tun
	fd=$(fd_of tun)
	ns=$(stat -L -c %i "/proc/$pid/ns/net")
	[ "$ns" != "$(stat -L -c %i /proc/self/ns/net)" ]
	run -0 attrs "/proc/$pid/fd/$fd" kind,interface,netns
	assert_output "CHR|null|/ns/net/$ns"
	run -0 --separate-stderr "$NSCAT" -n -r -o path "/ns/net/$ns"
	assert_output "/ns/net/$ns"
}

@test "bpf maps and programs: /anon/bpf-map/ID, /anon/bpf-prog/ID, types" {
	need_root
	mkfds bpf-map bpf-prog
	fd=$(fd_of bpf-map)
	id=$(word_of bpf-map id)
	run -0 attrs "/proc/$pid/fd/$fd" kind,object,id,bpf_type,name
	assert_output "bpf-map|/anon/bpf-map/$id|$id|array|id=$id type=array name=mkfds_map"
	run -0 attrs "/anon/bpf-map/$id" type,bpf_type,fds
	assert_output "bpf-map|array|[\"/proc/$pid/fd/$fd\"]"
	fd=$(fd_of bpf-prog)
	id=$(word_of bpf-prog id)
	tag=$(awk '$1 == "prog_tag:" { print $2 }' "/proc/$pid/fdinfo/$fd")
	run -0 attrs "/proc/$pid/fd/$fd" kind,object,bpf_type,bpf_tag
	assert_output "bpf-prog|/anon/bpf-prog/$id|socket_filter|$tag"
}

@test "bpf maps and programs: the names they were given" {
	need_root
	mkfds bpf-map bpf-prog
	fd=$(fd_of bpf-map)
	id=$(word_of bpf-map id)
	run -0 attrs "/proc/$pid/fd/$fd" bpf_name
	assert_output mkfds_map
	run -0 attrs "/anon/bpf-map/$id" bpf_name
	assert_output mkfds_map
	fd=$(fd_of bpf-prog)
	id=$(word_of bpf-prog id)
	run -0 attrs "/proc/$pid/fd/$fd" bpf_name,name
	assert_output --regexp "^mkfds_prog\\|id=$id type=socket_filter tag=[0-9a-f]+ name=mkfds_prog\$"
	run -0 attrs "/anon/bpf-prog/$id" bpf_name
	assert_output mkfds_prog
}

@test "a bpf link: /anon/bpf_link/ID, its type and its program" {
	need_root
	mkfds bpf-link
	fd=$(fd_of bpf-link)
	prog=$(word_of bpf-link prog)
	id=$(awk '$1 == "link_id:" { print $2 }' "/proc/$pid/fdinfo/$fd")
	run -0 attrs "/proc/$pid/fd/$fd" kind,object,id,bpf_type,bpf_prog,name
	assert_output "bpf_link|/anon/bpf_link/$id|$id|raw_tracepoint|/anon/bpf-prog/$prog|id=$id type=raw_tracepoint prog=$prog"
	run -0 unskipped "$NSCAT" -n -r -o path,type,bpf_type,bpf_prog,fds "/anon/bpf_link/$id"
	assert_output "/anon/bpf_link/$id bpf_link raw_tracepoint /anon/bpf-prog/$prog /proc/$pid/fd/$fd"
	run -0 "$NSLS" /anon/bpf_link
	assert_line "/anon/bpf_link/$id"
	# Only the link holds its program, which resolves all the same.
	run -0 unskipped "$NSCAT" -n -r -o path "/anon/bpf-prog/$prog"
	assert_output "/anon/bpf-prog/$prog"
	run -0 "$NSLS" /anon/bpf-prog
	assert_line "/anon/bpf-prog/$prog"
}

@test "a pseudo-terminal master: the terminal it drives" {
	mkfds ptmx
	fd=$(fd_of ptmx)
	n=$(word_of ptmx tty-index)
	run -0 attrs "/proc/$pid/fd/$fd" kind,object,tty,name
	assert_output "CHR|/dev/char/5/2|/dev/char/136/$n|tty-index=$n"
}

@test "a pseudo-terminal: master and terminal are each other's endpoints" {
	mkfds pty
	m=$(fd_of pty-master)
	t=$(fd_of pty-slave)
	n=$(word_of pty-master tty-index)
	run -0 attrs "/proc/$pid/fd/$t" kind,object,endpoints
	assert_output "CHR|/dev/char/136/$n|[\"/proc/$pid/fd/$m\"]"
	run -0 attrs "/proc/$pid/fd/$m" tty,endpoints
	assert_output "/dev/char/136/$n|[\"/proc/$pid/fd/$t\"]"
}

@test "a perf_event descriptor: its own object" {
	mkfds perf_event
	fd=$(fd_of perf_event)
	run -0 attrs "/proc/$pid/fd/$fd" kind,object,name
	assert_output "perf_event|/proc/$pid/fd/$fd|anon_inode:[perf_event]"
	run -0 unskipped "$NSCAT" -n -r -o path "/proc/$pid/fd/$fd"
	assert_output "/proc/$pid/fd/$fd"
	run -0 "$NSLS" /anon/perf_event
	assert_line "/proc/$pid/fd/$fd"
}

@test "an anonymous class this tool has no reader for is shown by name" {
	mkfds userfaultfd
	fd=$(fd_of userfaultfd)
	run -0 attrs "/proc/$pid/fd/$fd" kind,object,name
	assert_output "userfaultfd|/proc/$pid/fd/$fd|anon_inode:[userfaultfd]"
	run -0 "$NSLS" /anon
	assert_line /anon/userfaultfd
	run -0 "$NSLS" /anon/userfaultfd
	assert_line "/proc/$pid/fd/$fd"
}

@test "nsls: /proc/PID has /proc/PID/fd, which lists every descriptor" {
	mkfds eventfd pipe
	run -0 "$NSLS" "/proc/$pid"
	assert_output "/proc/$pid/fd"
	run -0 "$NSLS" "/proc/$pid/fd"
	assert_output "$(ls "/proc/$pid/fd" | sort -n | sed "s,^,/proc/$pid/fd/,")"
	run -0 "$NSLS" -l "/proc/$pid/fd"
	assert_line --regexp "^/proc/$pid/fd/$(fd_of eventfd) +fd +$(fd_of eventfd) eventfd id=[0-9]+ count=5\$"
	run -1 --separate-stderr "$NSCAT" "/proc/$pid/fd/999"
	assert_equal "$stderr" "nscat: /proc/$pid/fd/999: no such object"
}

@test "/proc/self/fd/N is a descriptor of the tool itself" {
	run -0 unskipped "$NSCAT" -J -o path,kind,object /proc/self/fd/0 </dev/null
	run -0 jq -r '.objects[0] | [.path, .kind, .object] | join("|")' \
	    <<<"$output"
	assert_output --regexp '^/proc/[0-9]+/fd/0\|CHR\|/dev/char/1/3$'
}

@test "fdinfo PATH: both ends of a pipe, for the pipe or for one end" {
	mkfds pipe eventfd
	r=$(fd_of pipe-read)
	w=$(fd_of pipe-write)
	ino=$(word_of pipe-read ino)
	for arg in "/pipe/$ino" "/proc/$pid/fd/$r" "/proc/$pid/fd/$w"; do
		run -0 --separate-stderr "$FDINFO" -r -n -o pid,fd,object "$arg"
		assert_output "$pid $r /pipe/$ino
$pid $w /pipe/$ino"
	done
}

@test "fdinfo PATH: both ends of a unix connection, by either socket" {
	mkfds unix-stream
	a=$(awk '$1 == "unix-stream" { print $2 }' "$dir/mkfds.out" | sed -n 1p)
	b=$(awk '$1 == "unix-stream" { print $2 }' "$dir/mkfds.out" | sed -n 2p)
	ia=$(stat -L -c %i "/proc/$pid/fd/$a")
	ib=$(stat -L -c %i "/proc/$pid/fd/$b")
	run -0 unskipped "$FDINFO" -r -n -o fd,object "/sock/unix/$ia"
	assert_output "$a /sock/unix/$ia
$b /sock/unix/$ib"
	run -0 unskipped "$FDINFO" -r -n -o fd "/proc/$pid/fd/$b"
	assert_output "$b
$a"
}

@test "fdinfo PATH: a file, a device, an eventfd, a process's pidfds" {
	mkfds file chardev eventfd pidfd
	run -0 unskipped "$FDINFO" -r -n -o pid,fd "$dir/file"
	assert_output "$pid $(fd_of file)"
	run -0 unskipped "$FDINFO" -r -n -o pid,fd /dev/null
	assert_line "$pid $(fd_of chardev)"
	run -0 unskipped "$FDINFO" -r -n -o pid,fd "$(attr "/proc/$pid/fd/$(fd_of eventfd)" object)"
	assert_output "$pid $(fd_of eventfd)"
	run -0 unskipped "$FDINFO" -r -n -o pid,fd "/proc/$(word_of pidfd target)"
	assert_line "$pid $(fd_of pidfd)"
}

@test "fdinfo PATH: one scan answers many paths, each holder once" {
	mkfds file pipe
	ino=$(word_of pipe-read ino)
	run -0 unskipped "$FDINFO" -r -n -o fd "/pipe/$ino" "$dir/file" "/pipe/$ino" \
	    "/proc/$pid/fd/$(fd_of pipe-write)"
	assert_output "$(fd_of pipe-read)
$(fd_of pipe-write)
$(fd_of file)"
}

@test "fdinfo PATH: paths from standard input; what names nothing is said" {
	mkfds file
	run -1 --separate-stderr "$FDINFO" -r -n -o fd - <<<"$dir/file
$dir/nothing"
	assert_output "$(fd_of file)"
	assert_equal "$(stderr_unskipped)" "fdinfo: $dir/nothing: no such object"
}

@test "fdinfo PATH: an object that nobody holds gives nothing, and 0" {
	: >"$dir/unheld"
	run -0 --separate-stderr "$FDINFO" -n "$dir/unheld"
	assert_output ""
	assert_equal "$(stderr_unskipped)" ""
}

@test "-a: cwd, rtd, exe, namespaces and mapped files as associations" {
	mkfds mmap
	run -0 unskipped "$FDINFO" -a -p "$pid" -r -n -o assoc,mode,kind,object
	assert_line "cwd --- DIR /fs$PWD"
	assert_line "rtd --- DIR /fs"
	assert_line "exe --- REG /fs$(realpath "$MKFDS")"
	assert_line "net --- nsfs /ns/net/$(stat -L -c %i "/proc/$pid/ns/net")"
	assert_line "shm r-- REG /fs$dir/mapped"
	assert_line --regexp '^mem r.x REG /fs/.*/libc\.so\.6$'
	run -0 unskipped "$FDINFO" -p "$pid" -r -n -o assoc
	refute_line cwd
	run -0 unskipped "$FDINFO" -a -r -n -o pid,assoc "$dir/mapped"
	assert_output "$pid shm"
	run -0 unskipped "$FDINFO" -a -n -o process "$dir/mapped"
	assert_output "/proc/$pid"
}

@test "-a: a memfd run as a program or mapped resolves, with its holders" {
	mkfds memfd-exe memfd-mmap
	child=$(word_of memfd-exe pid)
	ino=$(word_of memfd-exe ino)
	run -0 unskipped "$FDINFO" -a -p "$child" -r -n -o assoc,kind,object,name
	assert_line "exe memfd /anon/memfd/$ino memfd:mkfds-exe"
	assert_line "mem memfd /anon/memfd/$ino memfd:mkfds-exe"
	run -0 unskipped "$NSCAT" -n -r -o path "/anon/memfd/$ino"
	assert_output "/anon/memfd/$ino"
	run -0 attrs "/proc/$child" exe
	assert_output "/anon/memfd/$ino"
	run -0 attrs "/anon/memfd/$ino" attached,fds
	assert_output "[\"/proc/$child\"]|[]"
	run -0 unskipped "$FDINFO" -a -r -n -o pid,assoc "/anon/memfd/$ino"
	assert_output "$child exe
$child mem"
	ino=$(word_of memfd-mmap ino)
	run -0 unskipped "$FDINFO" -a -p "$pid" -r -n -o assoc,mode,kind,object
	assert_line "shm rw- memfd /anon/memfd/$ino"
	run -0 unskipped "$NSCAT" -n -r -o path,summary "/anon/memfd/$ino"
	assert_output "/anon/memfd/$ino memfd\\x20$ino\\x20mkfds-mapped,\\x201\\x20holder"
	run -0 "$NSLS" /anon/memfd
	assert_line "/anon/memfd/$ino"
	assert_line "/anon/memfd/$(word_of memfd-exe ino)"
}

@test "-a: a mapped packet socket and a mapped bpf map resolve" {
	need_root
	mkfds packet-ring bpf-map-mmap
	ino=$(word_of packet-ring ino)
	id=$(word_of bpf-map-mmap id)
	[ -n "$ino" ] || skip "mkfds cannot map a packet socket here"
	[ -n "$id" ] || skip "mkfds cannot map a bpf map here"
	run -0 unskipped "$FDINFO" -a -p "$pid" -r -n -o assoc,mode,kind,object
	assert_line "shm rw- PACKET /sock/packet/$ino"
	assert_line "shm rw- bpf-map /anon/bpf-map/$id"
	run -0 unskipped "$NSCAT" -n -r -o path "/sock/packet/$ino" "/anon/bpf-map/$id"
	assert_output "/sock/packet/$ino
/anon/bpf-map/$id"
	run -0 unskipped "$FDINFO" -a -r -n -o assoc "/sock/packet/$ino"
	assert_output "$(fd_of packet-ring)
shm"
}

@test "-a PATH: the processes that work in a directory" {
	(cd "$dir" && exec sleep 1000) 3>&- &
	helpers+=("$!")
	for i in $(seq 100); do
		[ "$(readlink "/proc/$!/cwd")" = "$dir" ] && break
		sleep 0.05
	done
	run -0 unskipped "$FDINFO" -a -r -n -o pid,assoc,kind,object "$dir"
	assert_output "$! cwd DIR /fs$dir"
	run -0 unskipped "$FDINFO" -r -n "$dir"
	assert_output ""
}

@test "-t: only the kinds asked for; SOCK is every socket" {
	mkfds file pipe eventfd unix-stream tcp
	# What mkfds inherits from bats may hold pipes too.
	run -0 unskipped "$FDINFO" -p "$pid" -t eventfd,fifo -r -n -o fd,kind
	assert_line "$(fd_of pipe-read) FIFO"
	assert_line "$(fd_of pipe-write) FIFO"
	assert_line "$(fd_of eventfd) eventfd"
	refute_line --regexp ' (REG|UNIX-STREAM|TCP)$'
	run -0 unskipped "$FDINFO" -p "$pid" -t SOCK -r -n -o kind
	assert_output "UNIX-STREAM
UNIX-STREAM
TCP
TCP
TCP"
}

@test "-p: only these processes; one that does not exist is said" {
	mkfds eventfd
	run -0 unskipped "$FDINFO" -p "$pid" -r -n -o pid
	[ "$(sort -u <<<"$output")" = "$pid" ]
	run -1 --separate-stderr "$FDINFO" -p "$pid,999999999" -n -o pid
	assert_equal "$(stderr_unskipped)" "fdinfo: 999999999: no such process"
	run -2 --separate-stderr "$FDINFO" -p x
	assert_equal "${stderr_lines[0]}" "fdinfo: x: not a process id"
}

@test "--types: the catalog of kinds, with paths and what each does" {
	run -0 unskipped "$FDINFO" --types -r -n -o kind,form
	assert_line "REG /fs/PATH"
	assert_line "FIFO /pipe/INODE"
	assert_line "eventfd /anon/eventfd/ID"
	assert_line "UNIX-STREAM /sock/unix/INODE"
	assert_line "pidfd /proc/PID"
	assert_line "nsfs /ns/TYPE/INODE"
	assert_line "bpf_link /anon/bpf_link/ID"
	assert_line "mqueue /ipc/mqueue/NAME"
	run -0 unskipped "$FDINFO" --types -J
	run -0 jq -r '.types[] | select(.kind == "TCP") | .supports' <<<"$output"
	assert_output --partial accept
}

@test "JSON over the whole machine is valid, descriptors and associations" {
	run -0 --separate-stderr "$FDINFO" -J
	jq -e '.fds | length > 0' <<<"$output"
	run -0 --separate-stderr "$FDINFO" -a -J -o +flags,pos,endpoints
	jq -e '.fds | map(select(.assoc == "cwd")) | length > 0' <<<"$output"
}

@test "the default columns fit 120 columns and name each part" {
	mkfds eventfd
	run -0 unskipped "$FDINFO" -p "$pid"
	# A PID as wide as its heading leaves no room before it.
	assert_line --index 0 --regexp '^ *PID +COMM +USER +ASSOC +MODE +KIND +OBJECT +NAME$'
	# The PID column is right-aligned: each row's number ends where
	# the heading does.
	local head=${lines[0]%%D *}D line
	local end=${#head}
	for line in "${lines[@]:1}"; do
		assert_equal "${line:0:end}" "$(printf '%*s' "$end" "$pid")"
	done
	# An object whose paths are short is one short line.
	run -0 unskipped "$FDINFO" -p "$pid" -t eventfd
	assert_equal "${#lines[@]}" 2
	for line in "${lines[@]}"; do
		(( ${#line} <= 120 )) || fail "wider than 120: $line"
	done
}

@test "every object the descriptors of a process name resolves" {
	mkfds file dir pipe fifo chardev unix-stream unix-dgram tcp udp \
	    eventfd timerfd signalfd epoll inotify pidfd memfd nsfs io_uring
	run -0 --separate-stderr bash -c "'$FDINFO' -p $pid -n -o object |
	    sort -u | '$NSCAT' -o path -n -"
	assert_equal "$(stderr_unskipped)" ""
	assert_line "/anon/memfd/$(word_of memfd ino)"
	# The test's own shell, whose descriptors stay while it waits.
	run -0 --separate-stderr bash -c "'$FDINFO' -p $$ -n -o object |
	    sort -u | '$NSCAT' -"
	assert_equal "$(stderr_unskipped)" ""
}

@test "every column -H offers is filled for some descriptor of some kind" {
	need_root
	local kinds="file dir deleted pipe fifo chardev unix-stream tcp udp
	    eventfd timerfd signalfd epoll inotify fanotify pidfd memfd mmap
	    nsfs tun bpf-map bpf-prog bpf-link ptmx io_uring loop" k c n cols
	# shellcheck disable=SC2086
	mkfds $kinds
	# A mapping is no descriptor: its line has no number.
	if k=$(grep -Ev '^mmap ' "$dir/mkfds.out" | grep -E '^[^ ]+ - '); then
		skip "mkfds cannot make all kinds here: $k"
	fi
	cols=$("$FDINFO" -H -n -r | awk '{ print tolower($1) }' | sort -u)
	# A process's own columns are among them, through the process.
	for c in cmdline threads netns user ppid; do
		grep -qx "$c" <<<"$cols" || fail "-H does not offer $c"
	done
	# The columns some descriptor fills, by one jq for them all: a jq a
	# column took seconds.
	run -0 --separate-stderr "$FDINFO" -a -J -p "$pid" -o "$(paste -sd, <<<"$cols")"
	run -0 jq -r '[.fds[] | to_entries[] | select(.value != null and
	    .value != [] and .value != "") | .key] | unique[]' <<<"$output"
	run -0 comm -23 <(LC_ALL=C sort <<<"$cols") <(LC_ALL=C sort <<<"$output")
	[ -z "$output" ] || fail "empty for every descriptor: $output"
	# The --types columns, on the rows of --types.
	cols=$("$FDINFO" --types -H -n -r | awk '{ print tolower($1) }')
	run -0 unskipped "$FDINFO" --types -J -o "$(paste -sd, <<<"$cols")"
	run -0 jq -r '[.types[] | to_entries[] | select(.value != null) |
	    .key] | unique[]' <<<"$output"
	run -0 comm -23 <(LC_ALL=C sort -u <<<"$cols") <(LC_ALL=C sort <<<"$output")
	[ -z "$output" ] || fail "empty for every kind: $output"
}

@test "a descriptor's process columns are its process's" {
	mkfds file
	fd=$(fd_of file)
	want=$("$NSCAT" -J -o cmdline,threads,netns,user,euser,group,ppid,exe,start "/proc/$pid" |
	    jq -c '.objects[0]')
	run -0 attrs "/proc/$pid/fd/$fd" cmdline,threads,netns,user,euser,group,ppid,exe,start
	assert_output "$(jq -r '[.[]] | map(tostring) | join("|")' <<<"$want")"
	run -0 --separate-stderr "$FDINFO" -r -n -o fd,user,cmdline -p "$pid"
	assert_line "$fd /user/$(id -u) $MKFDS\\x20-d\\x20$dir\\x20file"
}

@test "every object fdinfo -a names, of every kind mkfds makes, resolves" {
	mkfds file dir symlink pipe fifo chardev unix-stream eventfd timerfd \
	    signalfd epoll inotify pidfd memfd memfd-mmap memfd-exe secretmem \
	    mqueue nsfs io_uring userfaultfd perf_event ptmx
	child=$(word_of memfd-exe pid)
	run -0 --separate-stderr bash -c "'$FDINFO' -a -p $pid,$child -n \
	    -o object | sort -u | '$NSCAT' -o path -n -r -"
	assert_equal "$(stderr_unskipped)" ""
	assert_line "/anon/memfd/$(word_of memfd-exe ino)"
	assert_line "/anon/memfd/$(word_of memfd-mmap ino)"
	assert_line "/ipc/mqueue/$(word_of mqueue-read name)"
	assert_line "/fs$dir/link"
}

@test "every object fdinfo -a names of the kinds that take root resolves" {
	need_root
	mkfds fanotify tun bpf-map bpf-prog bpf-link bpf-map-mmap packet-ring \
	    loop
	run -0 --separate-stderr bash -c "'$FDINFO' -a -p $pid -n -o object |
	    sort -u | '$NSCAT' -o path -n -r -"
	assert_equal "$(stderr_unskipped)" ""
}

@test "kinds and modes agree with lsfd on the same process" {
	command -v lsfd >/dev/null || skip "lsfd is missing"
	mkfds file dir symlink pipe fifo chardev unix-stream unix-dgram tcp \
	    udp eventfd timerfd signalfd epoll inotify memfd secretmem mqueue \
	    perf_event pty nsfs
	"$FDINFO" -p "$pid" -r -n -o fd,mode,kind >"$dir/ours"
	lsfd -p "$pid" -r -n -o ASSOC,MODE,TYPE,NAME >"$dir/lsfd"
	n=0
	while read -r assoc mode type name; do
		[[ $assoc =~ ^[0-9]+$ ]] || continue
		read -r _ ourmode kind < <(awk -v fd="$assoc" '$1 == fd' "$dir/ours")
		[ "$mode" = "$ourmode" ] || { echo "fd $assoc: mode $mode, ours $ourmode"; false; }
		# lsfd before 2.39 says SOCK and UNKN where it later names the
		# protocol or the anonymous class; it has no memfd, secretmem
		# or nsfs, and before 2.39 no mqueue.
		case $type in
		SOCK)	want=${name%%:\[*} ;;
		UNKN)	want=${name#anon_inode:}; want=${want#[}; want=${want%]} ;;
		REG)	[[ $kind == @(memfd|secretmem|mqueue|nsfs) ]] &&
			    want=$kind || want=REG ;;
		*)	want=$type ;;
		esac
		[ "$kind" = "$want" ] || { echo "fd $assoc: lsfd $type $name, ours $kind"; false; }
		n=$((n + 1))
	done <"$dir/lsfd"
	[ "$n" -ge 20 ]
}

@test "an unprivileged run shows what it can read and counts the rest" {
	need_root
	command -v setpriv >/dev/null || skip "setpriv is missing"
	setpriv --reuid=nobody --regid=nogroup --clear-groups true 2>/dev/null ||
	    skip "setpriv cannot become nobody"
	run -0 --separate-stderr setpriv --reuid=nobody --regid=nogroup \
	    --clear-groups "$FDINFO" -r -n -o user,comm
	[ "$(cut -d' ' -f1 <<<"$output" | sort -u)" = "/user/$(id -u nobody)" ]
	assert_line "/user/$(id -u nobody) fdinfo"
	assert_equal "${#stderr_lines[@]}" 1
	[[ $stderr =~ ^fdinfo:\ [0-9]+\ objects?\ not\ readable\ \(permission\ denied\),\ skipped$ ]]
}

@test "usage: -h to stdout, a bad option or column is a usage error" {
	run -0 --separate-stderr "$FDINFO" -h
	assert_line --index 0 --partial "usage: fdinfo [-a] [-p pid,...] [-t type,...] [-o list]"
	assert_equal "$(stderr_unskipped)" ""
	run -2 --separate-stderr "$FDINFO" -Z
	[[ ${stderr_lines[0]} == *"invalid option -- 'Z'" ]]
	assert_equal "${stderr_lines[1]}" "usage: fdinfo [-a] [-p pid,...] [-t type,...] [-o list] [-Q expr]"
	run -2 --separate-stderr "$FDINFO" -o nosuchcolumn
	assert_equal "${stderr_lines[0]}" "fdinfo: unknown column: nosuchcolumn"
}

@test "a mount point, its mount or its device: who keeps the file system busy, as fuser -vm" {
	need_root
	command -v fuser >/dev/null || skip "no fuser (psmisc) here"
	cat >"$dir/busy.sh" <<-EOF
	set -e
	mkdir -p "$dir/mnt"
	mount -t tmpfs busy "$dir/mnt"
	echo x >"$dir/mnt/f"
	cp /bin/sleep "$dir/mnt/sl"
	(cd "$dir/mnt" && exec sleep 60) &
	sleep 60 <"$dir/mnt/f" &
	"$dir/mnt/sl" 60 &
	sleep 0.3
	{
		"$FDINFO" -a -n -r -o pid,assoc,fd "$dir/mnt" | sort
		echo --
		"$FDINFO" -a -n -r -o pid,assoc,fd \\
		    "\$("$NSCAT" -n -r -o mount "$dir/mnt/f")" | sort
		echo --
		"$FDINFO" -n -r -o pid,fd "$dir/mnt" | sort
		echo --
		fuser -m "$dir/mnt" 2>/dev/null | tr -s ' ' '\n' | grep . | sort
		echo --
		echo \$! \$(jobs -p)
	} >"$dir/busy.out"
	kill \$(jobs -p)
	EOF
	unshare -m --propagation private bash "$dir/busy.sh"
	# The pids, in the order started: cwd, stdin, program.
	read -r _ cwd in prog <<<"$(tail -1 "$dir/busy.out")"
	run -0 awk '/^--$/ { n++; next } n == 0' "$dir/busy.out"
	assert_output "$(printf '%s\n' "$cwd cwd -" "$in 0 0" \
	    "$prog exe -" "$prog mem -" | sort)"
	# The mount itself asks the same.
	run -0 awk '/^--$/ { n++; next } n == 1' "$dir/busy.out"
	assert_output "$(printf '%s\n' "$cwd cwd -" "$in 0 0" \
	    "$prog exe -" "$prog mem -" | sort)"
	# Without -a, descriptors only.
	run -0 awk '/^--$/ { n++; next } n == 2' "$dir/busy.out"
	assert_output "$in 0"
	# fuser -m names the same three processes.
	run -0 awk '/^--$/ { n++; next } n == 3' "$dir/busy.out"
	assert_output "$(printf '%s\n' "$cwd" "$in" "$prog" | sort)"
}

@test "--summary counts by KIND, or -C's counters, in every format" {
	local n_reg n_fifo
	mkfds pipe
	fd_of pipe-read >/dev/null
	n_reg=$(unskipped "$FDINFO" -p "$pid" -n -r -o kind | grep -cx REG || true)
	n_fifo=$(unskipped "$FDINFO" -p "$pid" -n -r -o kind | grep -cx FIFO)
	run -0 unskipped "$FDINFO" -p "$pid" --summary -n -r
	assert_line "$n_fifo FIFO"
	[ "$n_reg" = 0 ] || assert_line "$n_reg REG"
	run -0 unskipped "$FDINFO" -p "$pid" --summary -P -C 'fifos:kind == "FIFO"' \
	    -C 'none:fd < 0'
	assert_output "$(printf '%s\n' "VALUE=\"$n_fifo\" COUNTER=\"fifos\"" \
	    'VALUE="0" COUNTER="none"')"
	run -0 unskipped "$FDINFO" -p "$pid" --summary -J -C 'fifos:kind == "FIFO"'
	run -0 jq -r '.["fdinfo-summary"][] | "\(.counter) \(.value)"' <<<"$output"
	assert_output "fifos $n_fifo"
	# -Q narrows what is counted; append prints the listing first.
	run -0 unskipped "$FDINFO" -p "$pid" --summary -n -r -Q 'kind == "FIFO"'
	assert_output "$n_fifo FIFO"
	run -0 unskipped "$FDINFO" -p "$pid" --summary=append -n -r -o kind \
	    -Q 'kind == "FIFO"'
	assert_equal "${lines[-1]}" "$n_fifo FIFO"
	assert_equal "${#lines[@]}" "$((n_fifo + 1))"
	run -2 --separate-stderr "$FDINFO" --summary=sometimes
	run -2 --separate-stderr "$FDINFO" -C nolabel
	run -2 --separate-stderr "$FDINFO" --summary=append -J
}

# Each way a run ends early lets go of what -C, -i and -Q made: the
# sanitizer build's LeakSanitizer fails a run that does not.
@test "-C, -i and -Q then -H, or a bad -C: exit 0 or 2, nothing held" {
	run -0 --separate-stderr "$FDINFO" -H -n -r -C 'fifos:kind == "FIFO"' \
	    -C 'none:fd < 0' -i tcp:22 -Q 'fd >= 0'
	assert_line --regexp '^FD '
	assert_equal "$stderr" ""
	run -2 --separate-stderr "$FDINFO" -C 'fifos:kind == "FIFO"' -C nolabel
	assert_equal "${stderr_lines[0]}" 'fdinfo: -C nolabel: not LABEL:EXPR, a label of printable characters but blanks, " and \'
	run -2 --separate-stderr "$FDINFO" -C 'fifos:kind == "FIFO"' \
	    -C 'bad:kind == ('
	assert_equal "${stderr_lines[0]}" \
	    'fdinfo: -Q: column 9: an attribute or a value expected'
}

@test "a mounted loop device asks for its file system, as fuser -vm /dev/loopN" {
	need_root
	command -v fuser >/dev/null || skip "no fuser (psmisc) here"
	command -v mkfs.ext4 >/dev/null || skip "no mkfs.ext4 here"
	truncate -s 8M "$dir/vol.img"
	mkfs.ext4 -q -F "$dir/vol.img" || skip "mkfs.ext4 failed"
	loop=$(losetup -f --show "$dir/vol.img" 2>/dev/null) ||
	    skip "no loop device here"
	cat >"$dir/loop.sh" <<-EOF
	set -e
	mkdir -p "$dir/mnt"
	mount "$loop" "$dir/mnt"
	echo x >"$dir/mnt/f"
	(cd "$dir/mnt" && exec sleep 60) &
	sleep 60 <"$dir/mnt/f" &
	sleep 0.3
	{
		"$FDINFO" -a -n -r -o pid,assoc "$loop" | sort -u
		echo --
		fuser -m "$loop" 2>/dev/null | tr -s ' ' '\n' | grep . | sort
		echo --
		echo \$(jobs -p)
	} >"$dir/loop.out"
	kill \$(jobs -p)
	EOF
	unshare -m --propagation private bash "$dir/loop.sh"
	losetup -d "$loop"
	read -r cwd in <<<"$(tail -1 "$dir/loop.out")"
	# Of the test's processes (another may open the device meanwhile,
	# as blkid does): each as fuser sees it.
	run -0 awk -v a="$cwd" -v b="$in" '/^--$/ { n++; next }
	    n == 0 && ($1 == a || $1 == b)' "$dir/loop.out"
	assert_output "$(printf '%s\n' "$cwd cwd" "$in 0" | sort)"
	run -0 awk -v a="$cwd" -v b="$in" '/^--$/ { n++; next }
	    n == 1 && ($1 == a || $1 == b)' "$dir/loop.out"
	assert_output "$(printf '%s\n' "$cwd" "$in" | sort)"
}
