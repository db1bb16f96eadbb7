#!/usr/bin/env bats
# /ns/net/INODE: another network namespace's interfaces, addresses, routes
# and sockets, named through it.  Each test makes its namespaces itself:
# ip netns add (a bind mount under /run/netns) and unshare -n (a sleep
# that keeps it); teardown deletes them and kills the holders.  Every path
# a tool prints is checked to name itself again (the round trip).

bats_require_minimum_version 1.5.0
load helpers/common
load helpers/names

setup() {
	NS1=nst$$a$BATS_TEST_NUMBER
	NS2=nst$$b$BATS_TEST_NUMBER
	helpers=()
	ip netns add "$NS1" 2>/dev/null || skip "ip netns add is not allowed"
	ip netns add "$NS2"
	ip -n "$NS1" link set lo up
	ip -n "$NS2" link set lo up
	ip -n "$NS1" link add v1a type veth peer name v1b 2>/dev/null ||
	    skip "this kernel has no veth"
	I1=$(stat -L -c %i "/run/netns/$NS1")
	I2=$(stat -L -c %i "/run/netns/$NS2")
	HERE=$(stat -L -c %i /proc/self/ns/net)
}

teardown() {
	kill_helpers -KILL
	ip link del "h$$" 2>/dev/null || true
	ip netns del "$NS1" 2>/dev/null || true
	ip netns del "$NS2" 2>/dev/null || true
}

# The ifindex of an interface of a namespace (ip -n NS) or of ours (-).
ifindex() {
	if [ "$1" = - ]; then
		cat "/sys/class/net/$2/ifindex"
	else
		ip -n "$1" -o link show "$2" | cut -d: -f1
	fi
}

# A process in a new network namespace of its own, made by unshare -n,
# that runs the Python program given and then sleeps; its pid in $holder,
# its namespace's inode in $hino, once it said "ready".
start_holder() {
	start_holder_of unshare -n sh -c \
	    'ip link set lo up && exec python3 -c "$1"' sh "$1
import time
print('ready', flush=True)
time.sleep(600)" || return 1
	hino=$(stat -L -c %i "/proc/$holder/ns/net")
}

@test "a namespace is a node: its interfaces, addresses and sockets" {
	run -0 --separate-stderr unskipped "$NSLS" /ns/net/"$I1"
	assert_output "/ns/net/$I1/dev
/ns/net/$I1/net
/ns/net/$I1/sock"
	run -0 unskipped "$NSLS" /ns/net/"$I1"/dev
	assert_output "/ns/net/$I1/dev/net"
	run -0 unskipped "$NSLS" /ns/net/"$I1"/net
	assert_output "/ns/net/$I1/net/addr
/ns/net/$I1/net/route
/ns/net/$I1/net/neigh"
}

@test "the interfaces of a namespace are its own, with their attributes" {
	local a b

	a=$(ifindex "$NS1" v1a)
	b=$(ifindex "$NS1" v1b)
	run -0 unskipped "$NSLS" -n -r -o path,name /ns/net/"$I1"/dev/net
	assert_output "/ns/net/$I1/dev/net/1 lo
/ns/net/$I1/dev/net/$b v1b
/ns/net/$I1/dev/net/$a v1a"
	run -0 unskipped "$NSCAT" -n -r -o name,kind,link,mtu \
	    /ns/net/"$I1"/dev/net/"$a"
	assert_output "v1a veth /ns/net/$I1/dev/net/$b 1500"
	# The other namespace has its loopback alone.
	run -0 unskipped "$NSLS" -n -r -o path /ns/net/"$I2"/dev/net
	assert_output "/ns/net/$I2/dev/net/1"
}

@test "addresses and routes of a namespace link its interfaces" {
	local a

	a=$(ifindex "$NS1" v1a)
	ip -n "$NS1" addr add 10.61.0.1/24 dev v1a
	ip -n "$NS1" link set v1a up
	ip -n "$NS1" link set v1b up
	ip -n "$NS1" route add 10.62.0.0/16 via 10.61.0.2
	run -0 unskipped "$NSCAT" -n -r -o interface,address \
	    /ns/net/"$I1"/net/addr/"$a"/10.61.0.1-24
	assert_output "/ns/net/$I1/dev/net/$a 10.61.0.1"
	run -0 unskipped "$NSCAT" -n -r -o gateway,interface \
	    /ns/net/"$I1"/net/route/main/10.62.0.0-16
	assert_output "10.61.0.2 /ns/net/$I1/dev/net/$a"
	run -0 unskipped "$NSLS" -n -r -o path /ns/net/"$I1"/net/route/254
	assert_line "/ns/net/$I1/net/route/254/10.62.0.0-16"
	# Nothing of ours, nothing of the other's.
	run -0 unskipped "$NSLS" -n -r -o path /ns/net/"$I2"/net/addr
	assert_output "/ns/net/$I2/net/addr/1"
	run -0 unskipped "$NSLS" -R -n -r -o path /net/addr
	refute_output --partial 10.61.0.1
}

@test "ip netns names are aliases and a name attribute" {
	run -0 unskipped "$NSCAT" -n -r -o path,name /ns/net/"$NS1" \
	    /run/netns/"$NS1"
	assert_output "/ns/net/$I1 $NS1
/ns/net/$I1 $NS1"
	run -0 unskipped "$NSCAT" -n -r -o path /ns/net/"$NS1"/dev/net/1
	assert_output "/ns/net/$I1/dev/net/1"
	run -0 unskipped "$NSLS" -n -r -o path /ns/net
	assert_line "/ns/net/$I1"
	assert_line "/ns/net/$I2"
}

@test "the caller's own namespace under its inode is the short form" {
	run -0 unskipped "$NSCAT" -n -r -o path /ns/net/"$HERE"/dev/net/1 \
	    /ns/net/"$HERE"/net/route /ns/net/"$HERE"/sock/tcp
	assert_output "/dev/net/1
/net/route
/sock/tcp"
	run -0 unskipped "$NSLS" /ns/net/"$HERE"
	assert_output "/dev/net
/net
/sock"
}

@test "a veth's peer in another namespace is its path there, both ways" {
	local h c d e

	ip link add "h$$" type veth peer name c netns "$NS1"
	h=$(ifindex - "h$$")
	c=$(ifindex "$NS1" c)
	run -0 unskipped "$NSCAT" -n -r -o link /dev/net/"$h"
	assert_output "/ns/net/$I1/dev/net/$c"
	run -0 unskipped "$NSCAT" -n -r -o link /ns/net/"$I1"/dev/net/"$c"
	assert_output "/dev/net/$h"
	# Between two namespaces neither of which is ours.
	ip -n "$NS1" link add pd type veth peer name pe netns "$NS2"
	d=$(ifindex "$NS1" pd)
	e=$(ifindex "$NS2" pe)
	run -0 unskipped "$NSCAT" -n -r -o link /ns/net/"$I1"/dev/net/"$d"
	assert_output "/ns/net/$I2/dev/net/$e"
	run -0 unskipped "$NSCAT" -n -r -o link /ns/net/"$I2"/dev/net/"$e"
	assert_output "/ns/net/$I1/dev/net/$d"
}

@test "a process keeps a namespace: its listener and connection, by inode" {
	local s

	start_holder '
import socket
l = socket.socket()
l.bind(("127.0.0.1", 7061))
l.listen()
c = socket.create_connection(("127.0.0.1", 7061))
a, _ = l.accept()'
	run -0 unskipped "$NSLS" -n -r -o path /ns/net
	assert_line "/ns/net/$hino"
	run -0 unskipped "$NSLS" -n -r -o state,localport,remoteport,netns \
	    /ns/net/"$hino"/sock/tcp
	assert_equal "${#lines[@]}" 3
	assert_line "LISTEN 7061 - /ns/net/$hino"
	assert_line --regexp "^ESTAB [0-9]+ 7061 /ns/net/$hino\$"
	assert_line --regexp "^ESTAB 7061 [0-9]+ /ns/net/$hino\$"
	# Sockets keep their own path, and it names them.
	run -0 unskipped "$NSLS" -n -r -o path /ns/net/"$hino"/sock/tcp
	for s in "${lines[@]}"; do
		[[ $s == /sock/tcp/* ]]
	done
	assert_round_trip "${lines[@]}"
	# Under the namespace's prefix a socket is an alias; another's
	# socket is none of its own.
	s=${lines[0]}
	run -0 unskipped "$NSCAT" -n -r -o path /ns/net/"$hino$s"
	assert_output "$s"
	run -1 unskipped "$NSCAT" -n -r -o path /ns/net/"$I1$s"
	# The caller's own listing shows none of them.
	run -0 unskipped "$NSLS" -n -r -o local /sock/tcp
	refute_output --partial :7061
}

@test "every path a listing of another namespace prints names itself" {
	local a

	ip link add "h$$" type veth peer name c netns "$NS1"
	a=$(ifindex "$NS1" v1a)
	ip -n "$NS1" addr add 10.61.0.1/24 dev v1a
	ip -n "$NS1" addr add 2001:db8:61::1/64 dev v1a nodad
	ip -n "$NS1" link set v1a up
	ip -n "$NS1" link set v1b up
	ip -n "$NS1" route add 10.62.0.0/16 via 10.61.0.2
	ip -n "$NS1" neigh add 10.61.0.9 lladdr 02:00:00:00:00:09 dev v1a
	# But the tool's own netlink sockets, made in the namespace to read
	# it, which end with the run.
	run -0 --separate-stderr bash -c "'$NSLS' -R -n -r -o path \
	    /ns/net/$I1 | grep -v '^/sock/netlink/'"
	[ "${#lines[@]}" -gt 20 ]
	assert_line "/ns/net/$I1/net/neigh/$a/10.61.0.9"
	assert_round_trip "${lines[@]}"
	# And every link their attributes hold.
	run -0 --separate-stderr bash -c "printf '%s\n' \"\$@\" |
	    '$NSCAT' -J - | jq -r '.[][] | to_entries[] |
	    select(.value | type == \"string\" or type == \"array\") |
	    .value | if type == \"array\" then .[] else . end |
	    select(type == \"string\" and startswith(\"/ns/net/$I1/\"))' |
	    sort -u" _ "${lines[@]}"
	[ "${#lines[@]}" -gt 5 ]
	assert_round_trip "${lines[@]}"
}

@test "TCP of a namespace whose counts say it has none is not dumped" {
	need_strace
	# A dump of TCP walks the machine's whole table: one asks for
	# IPv4 TCP (family 2, protocol 6) as the bytes "\x02\x06" in a
	# request of 72 bytes (MPTCP's, which says so in an attribute
	# after the same bytes, is longer).
	dumps_tcp() {
		grep 'nlmsg_len=72,' "$1" | grep -qF '"\x02\x06\x00\x00'
	}
	refute_traced dumps_tcp -e trace=sendmsg "$NSLS" /ns/net/"$I2"/sock/tcp
	# A socket bound in it, held from here, is neither hashed nor
	# counted: the counts differ, the dump is made, and it is listed.
	python3 -c 'import ctypes, os, socket, sys, time
setns = ctypes.CDLL(None, use_errno=True).setns
ns = os.open(sys.argv[1], os.O_RDONLY)
home = os.open("/proc/self/ns/net", os.O_RDONLY)
assert setns(ns, 0x40000000) == 0
s = socket.socket()
s.bind(("127.0.0.1", 7063))
assert setns(home, 0x40000000) == 0
print(os.fstat(s.fileno()).st_ino, flush=True)
time.sleep(60)' "/run/netns/$NS2" >"$BATS_TEST_TMPDIR/bound" &
	helpers+=($!)
	wait_written "$BATS_TEST_TMPDIR/bound"
	run -0 unskipped "$NSLS" -n -r -o path,localport /ns/net/"$I2"/sock/tcp
	assert_line "/sock/tcp/$(cat "$BATS_TEST_TMPDIR/bound") 7063"
	run -0 unskipped "$NSLS" -n -r -o path /sock/tcp
	refute_line "/sock/tcp/$(cat "$BATS_TEST_TMPDIR/bound")"
}

@test "a namespace removed while it is listed ends no tool by a signal" {
	local i rc

	for i in $(seq 20); do
		ip netns add "$NS2-$i"
		ip -n "$NS2-$i" link add x type veth peer name y
		"$NSLS" -R /ns/net/"$(stat -L -c %i "/run/netns/$NS2-$i")" \
		    >/dev/null 2>&1 &
		ip netns del "$NS2-$i"
		rc=0
		wait $! || rc=$?
		[ "$rc" -lt 128 ]
	done
	start_holder 'pass'
	"$NSLS" -R /ns/net/"$hino" >/dev/null 2>&1 &
	kill "$holder"
	rc=0
	wait $! || rc=$?
	[ "$rc" -lt 128 ]
}

@test "a namespace the caller may not enter is skipped and counted" {
	command -v setpriv >/dev/null || skip "no setpriv"
	run --separate-stderr setpriv --reuid=65534 --regid=65534 \
	    --clear-groups "$NSLS" /ns/net/"$I1"/dev/net
	[ "$status" -eq 0 ] || [ "$status" -eq 1 ]
	assert_output ""
	[[ $stderr == *"not readable (permission denied), skipped"* ]]
}

@test "a rootless namespace is read by its unprivileged owner" {
	local as

	need_rootless -rn
	start_holder_of "${as[@]}" unshare -rn sh -c 'ip link set lo up &&
	    ip link add ra type veth peer name rb &&
	    ip addr add 10.63.0.1/24 dev ra &&
	    exec python3 -c "
import socket, time
l = socket.socket()
l.bind((\"127.0.0.1\", 7063))
l.listen()
print(\"ready\", flush=True)
time.sleep(600)"'
	hino=$(stat -L -c %i "/proc/$holder/ns/net")
	run -0 unskipped "${as[@]}" "$NSLS" -n -r -o path,name \
	    /ns/net/"$hino"/dev/net
	assert_line "/ns/net/$hino/dev/net/1 lo"
	assert_line --regexp "^/ns/net/$hino/dev/net/[0-9]+ ra\$"
	run -0 unskipped "${as[@]}" "$NSLS" -R -n -r -o path \
	    /ns/net/"$hino"/net/addr
	assert_line --regexp "^/ns/net/$hino/net/addr/[0-9]+/10.63.0.1-24\$"
	run -0 unskipped "${as[@]}" "$NSLS" -n -r -o state,local \
	    /ns/net/"$hino"/sock/tcp
	assert_output "LISTEN 127.0.0.1:7063"
}

# A process that listens in the caller's namespace, then leaves it for a
# new one (unshare(2), by ctypes: os.unshare is Python 3.12's) and
# listens there too: its pid in $holder, its descriptors in $fds ("old
# new unbound", the last an unbound socket made before it left, which no
# table lists), its namespace's inode in $hino.
start_mover() {
	start_holder_of python3 -c '
import ctypes, os, socket, time
libc = ctypes.CDLL(None, use_errno=True)
old = socket.socket()
old.bind(("127.0.0.1", 0))
old.listen()
unbound = socket.socket()
if libc.unshare(0x40000000) != 0:
    raise OSError(ctypes.get_errno(), "unshare")
new = socket.socket()
new.bind(("127.0.0.1", 0))
new.listen()
print("ready", old.fileno(), new.fileno(), unbound.fileno(), flush=True)
time.sleep(600)' || return 1
	fds=$(sed -n 's/^ready //p' "$holder_out")
	hino=$(stat -L -c %i "/proc/$holder/ns/net")
}

@test "a descriptor's netns is its socket's, not its holder's" {
	local old new unbound ns fd

	start_mover
	read -r old new unbound <<<"$fds"
	[ "$hino" != "$HERE" ]
	# The tables tell of the listeners; the unbound socket, which
	# they do not list, tells itself (SIOCGSKNS).
	run -0 unskipped "$FDINFO" -n -r -o fd,netns,state -p "$holder" \
	    -t tcp
	assert_line "$old /ns/net/$HERE LISTEN"
	assert_line "$new /ns/net/$hino LISTEN"
	assert_line "$unbound /ns/net/$HERE UNCONN"
	assert_equal "${#lines[@]}" 3
	# The socket object says the same, and the holder's other
	# descriptors are of the holder's namespace.
	for fd in "$old" "$new"; do
		run -0 unskipped "$FDINFO" -n -r -o object,netns \
		    /proc/"$holder"/fd/"$fd"
		ns=${output#* }
		run -0 unskipped "$NSCAT" -n -r -o netns "${output% *}"
		assert_output "$ns"
	done
	run -0 unskipped "$NSCAT" -n -r -o netns /proc/"$holder" \
	    /proc/"$holder"/fd/1
	assert_output "/ns/net/$hino
/ns/net/$hino"
	# Every namespace printed names itself.
	run -0 unskipped "$FDINFO" -n -r -o netns -p "$holder"
	mapfile -t ns < <(printf '%s\n' "${lines[@]}" | sort -u)
	assert_equal "${#ns[@]}" 2
	assert_round_trip "${ns[@]}"
}

# devtree -J as an outline: one path a line, indented two blanks a level.
outline() {
	jq -r 'def o(i): (i + .path), (.children[]? | o(i + "  "));
	    .devices[] | o("")'
}

@test "devtree: another namespace's interfaces under that namespace" {
	local a b h c i paths

	a=$(ifindex "$NS1" v1a)
	b=$(ifindex "$NS1" v1b)
	ip link add "h$$" type veth peer name c netns "$NS1"
	h=$(ifindex - "h$$")
	c=$(ifindex "$NS1" c)
	run -0 unskipped "$DEVTREE" -J -o path,name
	run -0 outline <<<"$output"
	# Each namespace under /ns/net, after the device tree, its
	# interfaces under it; ours stay where sysfs puts them.
	assert_line "/ns/net"
	assert_line "  /ns/net/$I1"
	assert_line "    /ns/net/$I1/dev/net/1"
	assert_line "    /ns/net/$I1/dev/net/$a"
	assert_line "    /ns/net/$I1/dev/net/$b"
	assert_line "    /ns/net/$I1/dev/net/$c"
	assert_line "  /ns/net/$I2"
	assert_line "    /ns/net/$I2/dev/net/1"
	assert_line --regexp "^ +/dev/net/$h\$"
	refute_line --regexp "^ +/ns/net/$HERE"
	[ "${lines[-1]:0:7}" = "    /ns" ]
	# Every path printed names itself.
	mapfile -t paths < <(sed 's/^ *//' <<<"$output" | sort -u)
	assert_round_trip "${paths[@]}"
	# A namespace given draws its interfaces alone, by name or inode.
	run -0 unskipped "$DEVTREE" -rn -o path "/run/netns/$NS1"
	assert_equal "${lines[0]}" "/ns/net/$I1"
	for i in 1 "$a" "$b" "$c"; do
		assert_line "/ns/net/$I1/dev/net/$i"
	done
	assert_equal "${#lines[@]}" 5
	run -0 unskipped "$DEVTREE" -n -o name,path /ns/net/"$I2"
	assert_output --regexp "^$NS2 +/ns/net/$I2
└─lo +/ns/net/$I2/dev/net/1\$"
	# Ours, by its inode, with the interfaces the short paths name.
	run -0 unskipped "$DEVTREE" -rn -o path /ns/net/"$HERE"
	assert_line "/ns/net/$HERE"
	assert_line "/dev/net/1"
	assert_line "/dev/net/$h"
	refute_line --partial "/ns/net/$I1"
	# The chain up from an interface of another namespace.
	run -0 unskipped "$DEVTREE" -u -J -o path /ns/net/"$I1"/dev/net/"$c"
	run -0 outline <<<"$output"
	assert_output "/ns/net
  /ns/net/$I1
    /ns/net/$I1/dev/net/$c"
}

@test "devtree -N: the namespaces' interfaces by ifindex" {
	local a

	a=$(ifindex "$NS1" v1a)
	run -0 unskipped "$DEVTREE" -N -J -o path
	run -0 outline <<<"$output"
	assert_line "/ns/net"
	assert_line "  /ns/net/$I1"
	assert_line "    /ns/net/$I1/dev/net/$a"
	assert_line "  /ns/net/$I2"
}

@test "devtree -s block reads no network namespace" {
	run -0 --separate-stderr "$DEVTREE" -rn -o path -s block
	refute_output --partial /ns/
	need_strace
	run -0 strace -f -e trace=openat,readlink,setns -o \
	    "$BATS_TEST_TMPDIR/trace" "$DEVTREE" -rn -o path -s block
	run grep -E '/ns/|setns' "$BATS_TEST_TMPDIR/trace"
	assert_output ""
}
