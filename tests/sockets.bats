#!/usr/bin/env bats
# Sockets that no kernel table lists, made by tests/helpers/mksocks:
# unbound TCP, UDP and UDP-Lite, a TCP socket whose connect was refused,
# an unbound netlink socket, ping, vsock, XDP, MPTCP, raw and packet
# sockets, and sockets left in a network namespace their holder has left.
# For each: fdinfo's KIND and OBJECT, the OBJECT resolves to itself, and
# what the socket itself says (family, type, protocol, addresses, state,
# namespace).

bats_require_minimum_version 1.5.0
load helpers/common

MKSOCKS=$HELPERS/mksocks

# Start mksocks with the arguments given, its output in $1: its pid is
# printed; 1 if it did not get ready.
start() {
	local out=$1 i

	shift
	"$MKSOCKS" "$@" >"$out" 3>&- &
	for i in $(seq 200); do
		grep -qx ready "$out" && break
		sleep 0.05
	done
	grep -qx ready "$out" || return 1
	sed -n 's/^pid=//p' "$out"
}

setup_file() {
	DIR=$(mktemp -d /tmp/nssocks.XXXXXX)
	export DIR
	PID=$(start "$DIR/all") || PID=
	export PID
	if [ "$(id -u)" = 0 ]; then
		# ping in a namespace of its own, where any group may ping;
		# and a holder that leaves two namespaces behind.
		OWNPID=$(start "$DIR/own" -n ping ping6 tcp) || OWNPID=
		MOVEDPID=$(start "$DIR/moved" -m) || MOVEDPID=
		export OWNPID MOVEDPID
	fi
}

teardown_file() {
	local p

	for p in ${PID:-} ${OWNPID:-} ${MOVEDPID:-}; do
		kill "$p" 2>/dev/null
	done
	[ -n "${DIR:-}" ] && rm -rf "$DIR"
	return 0
}

setup() {
	[ -n "${PID:-}" ] || skip "mksocks did not start"
	HERE=$(stat -L -c %i /proc/self/ns/net)
}

# The socket NAME of the helper whose output is $1 and pid $2: its fd in
# $fd, its inode in $ino; the test is skipped, saying why, if the helper
# could not make it.
sock_of() {
	local line

	line=$(awk -v k="$3" '$1 == k { print; exit }' "$DIR/$1")
	[ -n "$line" ] || skip "mksocks made no $3"
	set -- "$1" "$2" $line
	[ "$4" != - ] || skip "this kernel refuses $3: ${*:5}"
	fd=$4
	ino=$(stat -L -c %i "/proc/$2/fd/$fd")
}

# A key=value word of the helper's line for NAME.
word_of() {
	helper_word "$DIR/$1" "$2" "$3"
}

# fdinfo's KIND and OBJECT of descriptor $fd of process $1, and that
# the object resolves to itself: the OBJECT is left in $obj.
kind_object() {
	local want_kind=$2 want_obj=$3

	run -0 --separate-stderr "$FDINFO" -p "$1" -J -o fd,kind,object
	run -0 jq -r --argjson fd "$fd" \
	    '.fds[] | select(.fd == $fd) | .kind + " " + .object' <<<"$output"
	assert_output "$want_kind $want_obj"
	obj=$want_obj
	run -0 --separate-stderr "$NSCAT" -n -r -o path "$obj"
	assert_output "$obj"
	[ -z "$(stderr_unskipped)" ]
}

# sock_of and kind_object for a socket listed under the node $5 of /sock
# (its inode after it): sock_kind FILE PID NAME KIND NODE.
sock_kind() {
	sock_of "$1" "$2" "$3"
	kind_object "$2" "$4" "$5/$ino"
}

# Some attributes of one object, joined by "|"; null where there is none.
# common.bash's attrs, but for the line of what was not readable.
attrs() {
	unskipped "$NSCAT" -J -o "$2" "$1" |
	    jq -r --arg c "$2" '.objects[0] as $o |
		[$c | split(",")[] | $o[.] | tostring] | join("|")'
}

@test "an unbound TCP socket" {
	sock_kind all "$PID" tcp TCP /sock/tcp
	run -0 attrs "$obj" protocol,family,sock_type,state,local,remote,netns,owner
	assert_output "tcp|inet|stream|UNCONN|0.0.0.0:*|null|/ns/net/$HERE|/user/$(id -u)"
}

@test "an unbound TCP socket over IPv6" {
	sock_kind all "$PID" tcp6 TCPv6 /sock/tcp6
	run -0 attrs "$obj" protocol,family,sock_type,state,local,remote
	assert_output "tcp6|inet6|stream|UNCONN|[::]:*|null"
}

@test "a TCP socket whose connect was refused" {
	sock_kind all "$PID" tcp_refused TCP /sock/tcp
	run -0 attrs "$obj" protocol,sock_type,state,localaddr,remote,summary
	assert_output --regexp '^tcp\|stream\|UNCONN\|0\.0\.0\.0\|null\|tcp UNCONN 0\.0\.0\.0:([0-9]+|\*) -> \*$'
}

@test "unbound UDP sockets, over IPv4 and IPv6" {
	sock_kind all "$PID" udp UDP /sock/udp
	run -0 attrs "$obj" protocol,family,sock_type,state,local,remote
	assert_output "udp|inet|dgram|UNCONN|0.0.0.0:*|null"
	sock_kind all "$PID" udp6 UDPv6 /sock/udp6
	run -0 attrs "$obj" protocol,family,sock_type,state,local
	assert_output "udp6|inet6|dgram|UNCONN|[::]:*"
}

@test "unbound UDP-Lite sockets, over IPv4 and IPv6" {
	sock_kind all "$PID" udplite UDP-Lite /sock/udplite
	run -0 attrs "$obj" protocol,family,sock_type,state,local
	assert_output "udplite|inet|dgram|UNCONN|0.0.0.0:*"
	sock_kind all "$PID" udplite6 UDPLITEv6 /sock/udplite6
	run -0 attrs "$obj" protocol,family,sock_type,state,local
	assert_output "udplite6|inet6|dgram|UNCONN|[::]:*"
}

@test "an unbound netlink socket" {
	sock_kind all "$PID" netlink NETLINK /sock/netlink
	run -0 attrs "$obj" protocol,family,netlink_protocol,portid,state,sock_type
	assert_output "netlink|netlink|route|0|UNCONN|raw"
}

@test "ping sockets, in a namespace that allows them" {
	[ -n "${OWNPID:-}" ] || skip "needs root for a namespace of its own"
	local ns

	ns=$(stat -L -c %i "/proc/$OWNPID/ns/net")
	sock_kind own "$OWNPID" ping PING /sock/ping
	run -0 attrs "$obj" protocol,family,sock_type,state,local,netns
	assert_output "ping|inet|dgram|UNCONN|0.0.0.0:*|/ns/net/$ns"
	sock_kind own "$OWNPID" ping6 PINGv6 /sock/ping6
	run -0 attrs "$obj" protocol,family,sock_type,state,local,netns
	assert_output "ping6|inet6|dgram|UNCONN|[::]:*|/ns/net/$ns"
	# Listed in its own namespace, not in this one.
	command -v nsenter >/dev/null || skip "no nsenter"
	run -0 nsenter -t "$OWNPID" -n "$NSLS" /sock/ping6
	assert_line "/sock/ping6/$ino"
	run -0 unskipped "$NSLS" /sock/ping6
	refute_output --partial "/sock/ping6/$ino"
}

@test "a listing asks another namespace's sockets, but enters none" {
	[ -n "${OWNPID:-}" ] || skip "needs root for a namespace of its own"
	need_strace
	sock_of own "$OWNPID" tcp
	run -0 strace -f -qq -e trace=setns -o "$BATS_TEST_TMPDIR/strace" \
	    "$NSLS" /sock/tcp
	refute_output --partial "/sock/tcp/$ino"
	run -1 grep setns "$BATS_TEST_TMPDIR/strace"
	# Named, it is read in its namespace.
	run -0 attrs "/sock/tcp/$ino" state,netns
	assert_output "UNCONN|/ns/net/$(stat -L -c %i "/proc/$OWNPID/ns/net")"
}

@test "a vsock socket, by its name and by the old one" {
	sock_kind all "$PID" vsock AF_VSOCK /sock/vsock
	run -0 attrs "$obj" protocol,family,sock_type,state,local,remote
	assert_output "vsock|vsock|stream|UNCONN|*:*|null"
	run -0 --separate-stderr "$NSCAT" -n -r -o path "/sock/af_vsock/$ino"
	assert_output "$obj"
	run -0 unskipped "$NSCAT" -n -r -o path /sock/af_vsock
	assert_output /sock/vsock
}

@test "an XDP socket" {
	sock_kind all "$PID" xdp XDP /sock/xdp
	run -0 attrs "$obj" protocol,family,sock_type,netns,summary
	assert_output "xdp|xdp|raw|/ns/net/$HERE|xdp raw"
}

@test "MPTCP sockets, unbound and listening" {
	sock_kind all "$PID" mptcp MPTCP /sock/mptcp
	run -0 attrs "$obj" protocol,family,sock_type,state,local
	assert_output "mptcp|inet|stream|UNCONN|0.0.0.0:*"
	sock_kind all "$PID" mptcp6 MPTCPv6 /sock/mptcp6
	sock_kind all "$PID" mptcp_listen MPTCP /sock/mptcp
	run -0 attrs "$obj" state,local
	assert_output "LISTEN|127.0.0.1:$(word_of all mptcp_listen port)"
	# Its subflow, which the TCP table lists under the same inode, is
	# not a TCP socket of its own.
	run -0 unskipped "$NSLS" /sock/tcp
	refute_line "/sock/tcp/$ino"
	run -1 --separate-stderr "$NSCAT" "/sock/tcp/$ino"
	assert_equal "$(stderr_unskipped)" "nscat: /sock/tcp/$ino: no such object"
}

@test "raw sockets name their IP protocol, with its number" {
	sock_kind all "$PID" raw RAW /sock/raw
	run -0 attrs "$obj" protocol,family,sock_type,ip_protocol,ip_protocol_number
	assert_output "raw|inet|raw|tcp|6"
	sock_kind all "$PID" raw6 RAWv6 /sock/raw6
	run -0 attrs "$obj" protocol,family,ip_protocol,ip_protocol_number
	assert_output "raw6|inet6|icmpv6|58"
}

@test "a packet socket names its protocol, with its number" {
	sock_kind all "$PID" packet PACKET /sock/packet
	run -0 attrs "$obj" protocol,family,packet_protocol,packet_protocol_number
	assert_output "packet|packet|ALL|3"
}

@test "every socket node fdinfo --types advertises lists its sockets" {
	local form node name

	run -0 --separate-stderr "$FDINFO" --types -n -r -o form
	for form in $(grep '^/sock/' <<<"$output" | sort -u); do
		node=${form%/INODE}
		run -0 --separate-stderr "$NSLS" -d -n -r -o path "$node"
		assert_output "$node"
		[ -z "$(stderr_unskipped)" ]
	done
	# Each socket the helper made in this namespace is listed.
	for name in tcp tcp6 tcp_refused udp udp6 udplite udplite6 netlink \
	    vsock xdp mptcp mptcp6 mptcp_listen raw raw6 packet; do
		fd=$(awk -v k="$name" '$1 == k && $2 != "-" { print $2 }' \
		    "$DIR/all")
		[ -n "$fd" ] || continue
		obj=$("$FDINFO" -p "$PID" -J -o fd,object |
		    jq -r --argjson fd "$fd" '.fds[] | select(.fd == $fd) |
		    .object')
		run -0 unskipped "$NSLS" "${obj%/*}"
		assert_line "$obj"
	done
}

@test "a socket left in a namespace its holder left: that namespace" {
	[ -n "${MOVEDPID:-}" ] || skip "needs root to move between namespaces"
	local gone holder

	gone=$(sed -n 's/^netns_gone=//p' "$DIR/moved")
	holder=$(stat -L -c %i "/proc/$MOVEDPID/ns/net")
	assert_equal "$holder" "$(sed -n 's/^netns_holder=//p' "$DIR/moved")"
	[ "$gone" != "$holder" ] && [ "$gone" != "$HERE" ]
	# Unbound: the socket itself says where it lives.
	sock_kind moved "$MOVEDPID" gone_tcp TCP /sock/tcp
	run -0 attrs "$obj" state,local,netns
	assert_output "UNCONN|0.0.0.0:*|/ns/net/$gone"
	# Bound: read from that namespace's table, which no process shows.
	sock_kind moved "$MOVEDPID" gone_udp UDP /sock/udp
	run -0 attrs "$obj" state,local,netns
	assert_output "UNCONN|127.0.0.1:$(word_of moved gone_udp port)|/ns/net/$gone"
	# Neither is listed here.
	run -0 unskipped "$NSLS" /sock/udp
	refute_line "$obj"
	# The namespace, which only these sockets keep, resolves: the link
	# leads somewhere (rule 8).
	run -0 unskipped "$NSCAT" -n -r -o path,type,nprocs "/ns/net/$gone"
	assert_output "/ns/net/$gone netns $(nprocs_seen 0 -)"
}

@test "a socket made here by a holder that left: this namespace" {
	[ -n "${MOVEDPID:-}" ] || skip "needs root to move between namespaces"
	local start

	start=$(sed -n 's/^netns_start=//p' "$DIR/moved")
	[ "$start" = "$HERE" ] || skip "the helper did not start here"
	sock_kind moved "$MOVEDPID" here_tcp TCP /sock/tcp
	run -0 attrs "$obj" state,netns
	assert_output "UNCONN|/ns/net/$HERE"
	# Listed here, where it lives, though no holder is here.
	run -0 unskipped "$NSLS" /sock/tcp
	assert_line "$obj"
	sock_kind moved "$MOVEDPID" here_listen TCP /sock/tcp
	run -0 attrs "$obj" state,local,netns
	assert_output "LISTEN|127.0.0.1:$(word_of moved here_listen port)|/ns/net/$HERE"
}

@test "socket:[INODE] of an unbound socket is the socket" {
	sock_of all "$PID" udp
	run -0 --separate-stderr "$NSCAT" -n -r -o path "socket:[$ino]"
	assert_output "/sock/udp/$ino"
	# Under another protocol it names nothing.
	run -1 --separate-stderr "$NSCAT" "/sock/tcp/$ino"
	assert_equal "$(stderr_unskipped)" "nscat: /sock/tcp/$ino: no such object"
}

@test "an unprivileged user's own socket: all but its namespace" {
	[ "$(id -u)" = 0 ] || skip "needs root to become another user"
	getent passwd nobody >/dev/null || skip "there is no user nobody"
	local nobody=(setpriv --reuid=nobody --regid="$(id -g nobody)"
	    --clear-groups --inh-caps=-all) i

	"${nobody[@]}" "$NSLS" -d / >/dev/null 2>&1 ||
	    skip "nobody cannot run the tools where they were built"
	"${nobody[@]}" "$MKSOCKS" tcp >"$DIR/nobody" 3>&- &
	NOBODYPID=$!
	for i in $(seq 200); do
		grep -qx ready "$DIR/nobody" && break
		sleep 0.05
	done
	sock_of nobody "$NOBODYPID" tcp
	# The socket is asked through its holder; only SIOCGSKNS, which
	# takes CAP_NET_ADMIN, is refused.
	run -0 --separate-stderr "${nobody[@]}" "$NSCAT" -J \
	    -o path,state,local,owner,netns "/sock/tcp/$ino"
	run -0 jq -r '.objects[0] | [.path, .state, .local, .owner, .netns] |
	    map(tostring) | join("|")' <<<"$output"
	assert_output "/sock/tcp/$ino|UNCONN|0.0.0.0:*|/user/$(id -u nobody)|null"
	run -0 --separate-stderr "${nobody[@]}" "$FDINFO" -p "$NOBODYPID" -J \
	    -o fd,object
	run -0 jq -r --argjson fd "$fd" \
	    '.fds[] | select(.fd == $fd) | .object' <<<"$output"
	assert_output "/sock/tcp/$ino"
}

teardown() {
	[ -n "${NOBODYPID:-}" ] && kill "$NOBODYPID" 2>/dev/null
	return 0
}
