#!/usr/bin/env bats
# /sock/PROTO/INODE: the sockets of the caller's network namespace,
# checked against sockets a helper makes (a python3 process that keeps
# them open), against /proc/PID/fd and against ss(8); and those of the
# same helper in a network namespace of its own, found by inode.

bats_require_minimum_version 1.5.0
load helpers/common

# The helper: makes its sockets, writes "NAME FD" lines and a few "info
# KEY VALUE" lines to $1/fds (renamed into place when complete), then
# sleeps until it is killed.
helper_py() {
	cat <<'EOF'
import os, socket, sys, time

d = sys.argv[1]
lines = []

def put(name, s):
    lines.append("%s %d" % (name, s.fileno()))

def info(key, value):
    lines.append("info %s %s" % (key, value))

ln = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
ln.bind(("127.0.0.1", 0))
ln.listen(5)
put("tcp_listen", ln)
cl = socket.create_connection(ln.getsockname())
put("tcp_client", cl)
sv, _ = ln.accept()
put("tcp_server", sv)
ud = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
ud.bind(("127.0.0.1", 0))
put("udp", ud)
try:
    l6 = socket.socket(socket.AF_INET6, socket.SOCK_STREAM)
    l6.bind(("::1", 0))
    l6.listen(1)
    put("tcp6_listen", l6)
except OSError:
    pass
path = os.path.join(d, "a b\nc.sock")
ul = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
ul.bind(path)
ul.listen(5)
put("unix_listen", ul)
uc = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
uc.connect(path)
put("unix_client", uc)
us, _ = ul.accept()
put("unix_server", us)
up = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
up.connect(path)
put("unix_pending", up)
ab = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
ab.bind(b"\0nstools-test-%d" % os.getpid())
put("unix_abstract", ab)
gone = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
gone.bind(os.path.join(d, "gone.sock"))
gone.close()
pa, pb = socket.socketpair()
put("pair_a", pa)
put("pair_b", pb)
nl = socket.socket(socket.AF_NETLINK, socket.SOCK_RAW, 0)
nl.bind((0, 1))
put("netlink", nl)
info("portid", nl.getsockname()[0])
if os.geteuid() == 0:
    pk = socket.socket(socket.AF_PACKET, socket.SOCK_RAW, socket.htons(0x0800))
    pk.bind(("lo", 0x0800))
    put("packet", pk)
    rw = socket.socket(socket.AF_INET, socket.SOCK_RAW, socket.IPPROTO_ICMP)
    put("raw", rw)
with open(os.path.join(d, "fds.tmp"), "w") as f:
    f.write("\n".join(lines) + "\n")
os.rename(os.path.join(d, "fds.tmp"), os.path.join(d, "fds"))
while True:
    time.sleep(60)
EOF
}

setup_file() {
	local i

	command -v python3 >/dev/null || return 0
	# A short directory: a socket's name has room for 107 bytes.
	SOCKDIR=$(mktemp -d /tmp/nssock.XXXXXX)
	export SOCKDIR
	helper_py >"$SOCKDIR/helper.py"
	python3 "$SOCKDIR/helper.py" "$SOCKDIR" 3>&- &
	export HELPER=$!
	for i in $(seq 200); do
		[ -e "$SOCKDIR/fds" ] && break
		sleep 0.05
	done
}

# The helper again in a network namespace of its own, started by the
# command in "$@" (unshare -n, or as another user): its pid in $FARPID,
# its directory in $FARDIR; 1 if it could not start.
far_helper() {
	local i

	FARDIR=$(mktemp -d /tmp/nsfar.XXXXXX)
	chmod 777 "$FARDIR"
	cp "$SOCKDIR/helper.py" "$FARDIR/helper.py"
	"$@" sh -c 'ip link set lo up && exec python3 "$1/helper.py" "$1"' \
	    sh "$FARDIR" 3>&- 2>/dev/null &
	FARPID=$!
	for i in $(seq 200); do
		[ -e "$FARDIR/fds" ] && return 0
		kill -0 "$FARPID" 2>/dev/null || return 1
		sleep 0.05
	done
	return 1
}

# The inode of a helper's socket from its descriptor's link: sock_ino
# FDS PID NAME, where FDS is the list of "NAME FD" lines the helper PID
# wrote.
sock_ino() {
	local fd link

	fd=$(awk -v n="$3" '$1 == n { print $2 }' "$1")
	[ -n "$fd" ] || return 1
	link=$(readlink "/proc/$2/fd/$fd")
	link=${link#socket:[}
	echo "${link%]}"
}

# The inode of the far helper's socket NAME.
far_ino() {
	sock_ino "$FARDIR/fds" "$FARPID" "$1"
}

teardown() {
	[ -n "${FARPID:-}" ] && kill "$FARPID" 2>/dev/null
	[ -n "${FARDIR:-}" ] && rm -rf "$FARDIR"
	return 0
}

teardown_file() {
	[ -n "${HELPER:-}" ] && kill "$HELPER" 2>/dev/null
	[ -n "${SOCKDIR:-}" ] && rm -rf "$SOCKDIR"
	return 0
}

setup() {
	[ -e "${SOCKDIR:-/nonexistent}/fds" ] ||
	    skip "needs python3 to make the sockets"
	LISTENER="$SOCKDIR/a b"$'\n'"c.sock"
}

# The inode of the helper's socket NAME.
ino() {
	sock_ino "$SOCKDIR/fds" "$HELPER" "$1"
}

info() {
	awk -v k="$1" '$1 == "info" && $2 == k { print $3 }' "$SOCKDIR/fds"
}

has() {
	grep -q "^$1 " "$SOCKDIR/fds"
}

# The local port of an inet socket, as the kernel gives it.
port_of() {
	"$NSCAT" -J -o localport "$1" | jq -r '.objects[0].localport'
}

@test "/sock lists every protocol, empty or not" {
	run -0 --separate-stderr "$NSLS" /sock
	assert_output "$(printf '/sock/%s\n' unix tcp tcp6 udp udp6 udplite \
	    udplite6 raw raw6 netlink packet ping ping6 mptcp mptcp6 vsock xdp)"
	[ -z "$(stderr_unskipped)" ]
}

@test "an unknown protocol or inode names nothing" {
	run -1 --separate-stderr "$NSCAT" /sock/tcp7
	assert_output ""
	assert_equal "$(stderr_unskipped)" "nscat: /sock/tcp7: no such object"
	run -1 --separate-stderr "$NSCAT" /sock/tcp/1
	assert_equal "$(stderr_unskipped)" "nscat: /sock/tcp/1: no such object"
	run -1 --separate-stderr "$NSCAT" "/sock/udp/$(ino tcp_listen)"
	assert_equal "$(stderr_unskipped)" \
	    "nscat: /sock/udp/$(ino tcp_listen): no such object"
	run -1 --separate-stderr "$NSCAT" /sock/tcp/x
	assert_equal "$(stderr_unskipped)" "nscat: /sock/tcp/x: no such object"
}

@test "/sock/tcp lists the listener and both ends of a connection" {
	run -0 unskipped "$NSLS" /sock/tcp
	assert_line "/sock/tcp/$(ino tcp_listen)"
	assert_line "/sock/tcp/$(ino tcp_client)"
	assert_line "/sock/tcp/$(ino tcp_server)"
}

@test "a TCP listener: state, addresses, owner, summary" {
	l=/sock/tcp/$(ino tcp_listen)
	port=$(port_of "$l")
	run -0 attrs "$l" protocol,inode,state,sock_type,local,localaddr,localport,remote,remoteaddr,remoteport,owner
	assert_output "tcp|$(ino tcp_listen)|LISTEN|stream|127.0.0.1:$port|127.0.0.1|$port|null|null|null|/user/$(id -u)"
	run -0 attrs "$l" summary,wqueue
	assert_output "tcp LISTEN 127.0.0.1:$port -> *|5"
}

@test "a TCP connection: each end's remote is the other's local" {
	port=$(port_of "/sock/tcp/$(ino tcp_listen)")
	c=/sock/tcp/$(ino tcp_client)
	s=/sock/tcp/$(ino tcp_server)
	cport=$(port_of "$c")
	run -0 attrs "$c" state,local,remote,remoteaddr,remoteport
	assert_output "ESTAB|127.0.0.1:$cport|127.0.0.1:$port|127.0.0.1|$port"
	run -0 attrs "$s" state,local,remote,summary
	assert_output "ESTAB|127.0.0.1:$port|127.0.0.1:$cport|tcp ESTAB 127.0.0.1:$port -> 127.0.0.1:$cport"
}

@test "a UDP socket is UNCONN and has no remote end" {
	u=/sock/udp/$(ino udp)
	port=$(port_of "$u")
	run -0 attrs "$u" path,protocol,state,sock_type,local,remote
	assert_output "$u|udp|UNCONN|dgram|127.0.0.1:$port|null"
}

@test "a TCP listener on ::1 is under tcp6, bracketed" {
	has tcp6_listen || skip "no IPv6 here"
	l=/sock/tcp6/$(ino tcp6_listen)
	port=$(port_of "$l")
	run -0 attrs "$l" protocol,state,local,localaddr
	assert_output "tcp6|LISTEN|[::1]:$port|::1"
}

@test "a unix listener with a hostile name: escaped, never raw" {
	l=/sock/unix/$(ino unix_listen)
	run -0 --separate-stderr "$NSCAT" -J "$l"
	refute_control_bytes "$output"
	run -0 jq -r '.objects[0] | [.state, .sock_type, .name, .file] |
	    join("|")' <<<"$output"
	assert_output "LISTEN|stream|$SOCKDIR/a b\\x0ac.sock|/fs$SOCKDIR/a\\x20b\\x0ac.sock"
	for fmt in "" -P -r; do
		run -0 unskipped "$NSCAT" $fmt -o name,file,summary "$l"
		refute_control_bytes "$output"
		assert_output --partial 'b\x0ac.sock'
	done
	run -0 unskipped "$NSLS" -l /sock/unix
	refute_control_bytes "$output"
}

@test "a listener's pending connection, and the accepted one" {
	l=/sock/unix/$(ino unix_listen)
	run -0 attrs "$l" pending,rqueue
	assert_output "[\"/sock/unix/$(ino unix_pending)\"]|1"
	run -0 attrs "/sock/unix/$(ino unix_client)" peer,name
	assert_output "/sock/unix/$(ino unix_server)|null"
	# The accepted end carries its listener's name, as ss shows it.
	run -0 attrs "/sock/unix/$(ino unix_server)" peer,name
	assert_output "/sock/unix/$(ino unix_client)|$SOCKDIR/a b\\x0ac.sock"
}

@test "the socket file resolves to the listener, raw or escaped" {
	want=/sock/unix/$(ino unix_listen)
	run -0 unskipped "$NSCAT" -n -r -o path "$LISTENER"
	assert_output "$want"
	run -0 unskipped "$NSCAT" -n -r -o path "$SOCKDIR/a\\x20b\\x0ac.sock"
	assert_output "$want"
	# The file link of the socket leads back to the file.
	run -0 attrs "$want" file
	run -0 unskipped "$NSCAT" -n -r -o path "$output"
	assert_output "/fs$SOCKDIR/a\\x20b\\x0ac.sock"
}

@test "a socket file nobody is bound to is only a file" {
	run -0 unskipped "$NSCAT" -n -r -o path "$SOCKDIR/gone.sock"
	assert_output "/fs$SOCKDIR/gone.sock"
}

@test "an abstract name begins with @" {
	a=/sock/unix/$(ino unix_abstract)
	run -0 attrs "$a" name,sock_type,state,file,summary
	assert_output "@nstools-test-$HELPER|dgram|UNCONN|null|unix dgram UNCONN @nstools-test-$HELPER"
}

@test "a socketpair: each end's peer is the other" {
	a=/sock/unix/$(ino pair_a)
	b=/sock/unix/$(ino pair_b)
	run -0 attrs "$a" peer,state,summary
	assert_output "$b|ESTAB|unix stream ESTAB peer $(ino pair_b)"
	run -0 attrs "$b" peer
	assert_output "$a"
	# Following the link gets there.
	run -0 unskipped "$NSCAT" -n -r -o peer "$("$NSCAT" -n -r -o peer "$a")"
	assert_output "$a"
}

@test "a netlink socket: protocol, port id, groups" {
	n=/sock/netlink/$(ino netlink)
	run -0 attrs "$n" protocol,netlink_protocol,portid,netlink_groups,state,sock_type
	assert_output "netlink|route|$(info portid)|0x1|UNCONN|raw"
	run -0 attrs "$n" summary
	assert_output "netlink route UNCONN portid $(info portid) groups 0x1"
}

@test "a packet socket: protocol and interface" {
	has packet || skip "needs root for a packet socket"
	p=/sock/packet/$(ino packet)
	run -0 attrs "$p" packet_protocol,interface,sock_type,owner
	assert_output "IP|/dev/net/$(</sys/class/net/lo/ifindex)|raw|/user/0"
}

@test "a raw ICMP socket, even without the raw_diag module" {
	has raw || skip "needs root for a raw socket"
	r=/sock/raw/$(ino raw)
	run -0 attrs "$r" protocol,state,local,localport
	assert_output "raw|UNCONN|0.0.0.0:1|1"
}

@test "socket:[INODE], as a descriptor's link reads, is the socket" {
	run -0 unskipped "$NSCAT" -n -r -o path "socket:[$(ino unix_listen)]"
	assert_output "/sock/unix/$(ino unix_listen)"
	run -0 unskipped "$NSCAT" -n -r -o path "socket:[$(ino netlink)]"
	assert_output "/sock/netlink/$(ino netlink)"
	run -1 --separate-stderr "$NSCAT" "socket:[1]"
	assert_equal "$(stderr_unskipped)" "nscat: socket:[1]: no such object"
}

@test "every socket's attributes are valid JSON" {
	# The lister's own netlink socket is gone when nscat looks: netlink
	# is listed with its attributes in one run instead.
	run -0 --separate-stderr bash -c '"$1" /sock/unix /sock/tcp \
	    /sock/tcp6 /sock/udp /sock/udp6 /sock/raw /sock/raw6 /sock/packet |
	    "$2" -J - | jq -e ".objects | length > 0"' _ "$NSLS" "$NSCAT"
	assert_output true
	# A socket another process closes between the listing and nscat
	# names nothing, and is gone from a new listing too: no other error.
	local line errs
	errs=$(stderr_unskipped)
	while [ -n "$errs" ] && read -r line; do
		[[ $line =~ ^nscat:\ (/sock/[a-z0-9]+/[0-9]+):\ no\ such\ object$ ]] ||
		    fail "$line"
		run -0 unskipped "$NSLS" "${BASH_REMATCH[1]%/*}"
		refute_line "${BASH_REMATCH[1]}"
	done <<<"$errs"
	cols=protocol,inode,state,sock_type,owner,rqueue,wqueue,name,file,peer
	cols=$cols,pending,local,remote,interface,netlink_protocol,portid
	cols=$cols,netlink_groups,packet_protocol
	run -0 --separate-stderr bash -c '"$1" -J -o "+$2" /sock/netlink \
	    /sock/unix | jq -r ".nodes[] | select(.netlink_protocol ==
	    \"route\" and .portid == $3) | .path"' _ "$NSLS" "$cols" \
	    "$(info portid)"
	assert_output "/sock/netlink/$(ino netlink)"
	[ -z "$(stderr_unskipped)" ]
	run -0 bash -c '"$1" -J -l /sock | jq -r ".nodes[].path"' _ "$NSLS"
	assert_line /sock/packet
}

@test "tcp and udp hold the sockets ss shows, and unbound ones" {
	# ss shows what the tables hold; the listing adds the sockets its
	# holders keep unbound, which have no port, and leaves out the
	# subflows of MPTCP sockets, which are under mptcp.  Both are asked
	# in the network namespace of the far helper, where its sockets are
	# all there are, or, where none can be made, in this one, where
	# other processes' sockets come and go: ss is asked before and after.
	local in=()
	if [ "$(id -u)" = 0 ] && far_helper unshare -n; then
		in=(nsenter -t "$FARPID" -n)
	fi
	ss_inodes() {
		"${in[@]}" ss -"$1"anHe | grep -o 'ino:[0-9]*' | cut -d: -f2 |
		    grep -vx 0 | sort -u
	}
	# Every socket ss showed both times is listed; every listed socket
	# with a port ss showed at least once.
	same() {
		local before after listed mptcp=

		before=$(ss_inodes "$1")
		listed=$(unskipped "${in[@]}" "$NSLS" -n -r -o path,localport "${@:2}" |
		    awk '{ sub(".*/", "", $1); print $1, $2 }')
		after=$(ss_inodes "$1")
		if [ "$1" = t ] && "${in[@]}" ss -MaH >/dev/null 2>&1; then
			mptcp=$(ss_inodes M)
		fi
		comm -12 <(echo "$before") <(echo "$after") |
		    comm -23 - <(echo "$mptcp") |
		    comm -23 - <(cut -d' ' -f1 <<<"$listed" | sort -u)
		awk '$2 != 0 { print $1 }' <<<"$listed" | sort -u |
		    comm -23 - <(sort -u <(echo "$before") <(echo "$after"))
	}
	run -0 same t /sock/tcp /sock/tcp6
	assert_output ""
	run -0 unskipped "${in[@]}" "$NSLS" /sock/tcp
	if [ -n "${in[*]}" ]; then
		assert_line "/sock/tcp/$(far_ino tcp_listen)"
		assert_line "/sock/tcp/$(far_ino tcp_client)"
	else
		assert_line "/sock/tcp/$(ino tcp_listen)"
	fi
	run -0 same u /sock/udp /sock/udp6
	assert_output ""
}

@test "TCP: no holder is asked while the kernel's counts say none is unbound" {
	need_strace
	# The scan reads each descriptor's link by its number.
	asks_holders() {
		grep -qE 'readlinkat\([0-9]+, "[0-9]+"' "$1"
	}
	refute_traced asks_holders -f -e trace=readlinkat "$NSLS" /sock/tcp
	# An unbound socket makes the counts differ: its holder is asked.
	python3 -c 'import os, socket, sys, time
s = socket.socket()
print(os.fstat(s.fileno()).st_ino, flush=True)
time.sleep(60)' >"$BATS_TEST_TMPDIR/unbound" &
	local pid=$! i
	for i in $(seq 100); do
		[ -s "$BATS_TEST_TMPDIR/unbound" ] && break
		sleep 0.05
	done
	run -0 unskipped "$NSLS" /sock/tcp
	kill "$pid"
	assert_line "/sock/tcp/$(cat "$BATS_TEST_TMPDIR/unbound")"
}

@test "the unix sockets ss shows, in a namespace that holds the helper's alone" {
	run -0 unskipped "$NSLS" /sock/unix
	assert_line "/sock/unix/$(ino unix_abstract)"
	[ "$(id -u)" = 0 ] || skip "needs root to enter another namespace"
	far_helper unshare -n || skip "cannot make a network namespace"
	local n want=()
	for n in unix_listen unix_client unix_server unix_pending \
	    unix_abstract pair_a pair_b; do
		want+=("/sock/unix/$(far_ino "$n")")
	done
	run -0 unskipped nsenter -t "$FARPID" -n "$NSLS" /sock/unix
	assert_output "$(printf '%s\n' "${want[@]}" | sort -t/ -k4n)"
	# ss shows each of them, a line each but for the two bound to the
	# listener's name, which holds a newline.
	run -0 nsenter -t "$FARPID" -n ss -xaH
	[ "${#lines[@]}" -eq $((${#want[@]} + 2)) ]
	for n in "${want[@]}"; do
		assert_output --regexp "[[:space:]]${n##*/}[[:space:]]"
	done
}

@test "a new network namespace has no TCP sockets" {
	if [ "$(id -u)" = 0 ]; then
		un=(unshare -n)
	else
		un=(unshare -rn)
	fi
	"${un[@]}" true 2>/dev/null || skip "cannot make a network namespace"
	run -0 --separate-stderr "${un[@]}" "$NSLS" /sock/tcp
	assert_output ""
	[ -z "$(stderr_unskipped)" ]
	run -0 "${un[@]}" "$NSLS" /sock/unix
	refute_output --partial "/sock/unix/$(ino unix_listen)"
	run -0 "${un[@]}" "$NSLS" /sock
	assert_line /sock/tcp
}

@test "a socket of another network namespace: its path, not in the listing" {
	[ "$(id -u)" = 0 ] || skip "needs root to enter another namespace"
	far_helper unshare -n || skip "cannot make a network namespace"
	local ino ns here fd

	ino=$(far_ino tcp_listen)
	ns=$(stat -L -c %i "/proc/$FARPID/ns/net")
	here=$(stat -L -c %i /proc/self/ns/net)
	[ "$ns" != "$here" ]
	run -0 attrs "/sock/tcp/$ino" path,state,localaddr,netns
	assert_output "/sock/tcp/$ino|LISTEN|127.0.0.1|/ns/net/$ns"
	# Listing is this namespace's, as ss lists it.
	run -0 unskipped "$NSLS" /sock/tcp
	refute_line "/sock/tcp/$ino"
	run -0 attrs "/sock/tcp/$(ino tcp_listen)" netns
	assert_output "/ns/net/$here"
	# Read by diag in its namespace: a pair's peers, and the path of
	# its lo, through that namespace, for a socket bound to it.
	run -0 attrs "/sock/unix/$(far_ino pair_a)" peer
	assert_output "/sock/unix/$(far_ino pair_b)"
	run -0 attrs "/sock/packet/$(far_ino packet)" packet_protocol,interface
	assert_output "IP|/ns/net/$ns/dev/net/1"
	# fdinfo names it and says what it is; the namespace is an object.
	fd=$(awk '$1 == "tcp_listen" { print $2 }' "$FARDIR/fds")
	run -0 --separate-stderr "$FDINFO" -p "$FARPID" -J -o fd,object,name
	run -0 jq -r --argjson fd "$fd" \
	    '.fds[] | select(.fd == $fd) | .object + "|" + .name' <<<"$output"
	assert_output --regexp "^/sock/tcp/$ino\\|tcp LISTEN 127\\.0\\.0\\.1:[0-9]+ -> \\*\$"
	run -0 --separate-stderr "$NSCAT" -o type -n "/ns/net/$ns"
	assert_output netns
}

@test "another namespace's sockets, unprivileged: from its /proc/PID/net" {
	[ "$(id -u)" = 0 ] || skip "needs root to become another user"
	getent passwd nobody >/dev/null || skip "there is no user nobody"
	local nobody=(setpriv --reuid=nobody --regid="$(id -g nobody)"
	    --clear-groups --inh-caps=-all)
	"${nobody[@]}" "$NSLS" -d / >/dev/null 2>&1 ||
	    skip "nobody cannot run the tools where they were built"
	far_helper "${nobody[@]}" unshare -rn ||
	    skip "nobody cannot make a network namespace"
	local ino

	ino=$(far_ino tcp_listen)
	# nobody cannot enter it, but can read the process's net files.
	run -0 --separate-stderr "${nobody[@]}" "$NSCAT" -J \
	    -o path,state,localaddr,netns "/sock/tcp/$ino"
	run -0 jq -r '.objects[0] | [.path, .state, .localaddr, .netns] |
	    join("|")' <<<"$output"
	assert_output "/sock/tcp/$ino|LISTEN|127.0.0.1|/ns/net/$(stat -L -c %i \
	    "/proc/$FARPID/ns/net")"
	run -0 --separate-stderr "${nobody[@]}" "$NSCAT" -o state -n \
	    "/sock/unix/$(far_ino unix_listen)"
	assert_output LISTEN
}
