#!/usr/bin/env bats
# /dev/net/IFINDEX: network interfaces and their rtnetlink attributes,
# checked against ip(8).  Every test runs its script in a network namespace
# of its own (unshare -n); the interfaces it makes end with that namespace,
# so nothing outlives a test, whether it passes or fails.

bats_require_minimum_version 1.5.0
load helpers/common

setup() {
	need_veth
}

# Run a script in a new network namespace, in the test's scratch
# directory, with the tools in $NSLS and $NSCAT and the helper functions
# below.  Its background processes must not hold bats's descriptor 3.
in_netns() {
	"${netns[@]}" env NSLS="$NSLS" NSCAT="$NSCAT" bash -euo pipefail -c "
	    cd $(printf %q "$BATS_TEST_TMPDIR")
	    $(declare -f ifindex wait_for)
	    $1" 3>&-
}

# The ifindex of an interface of the current namespace.
ifindex() {
	ip -o link show dev "$1" | cut -d: -f1
}

# Wait up to two seconds for a command to succeed.
wait_for() {
	local i

	for i in $(seq 20); do
		"$@" && return 0
		sleep 0.1
	done
	"$@"
}

# Whether this kernel makes interfaces of a kind.
has_kind() {
	"${netns[@]}" ip link add x0 type "$1" 2>/dev/null
}

@test "nsls /dev/net lists exactly the interfaces ip -j link shows" {
	run -0 in_netns '
	    ip link add v0 type veth peer name v1
	    ip link add br0 type bridge 2>/dev/null || true
	    ip link add link v0 name mv0 type macvlan 2>/dev/null || true
	    diff <("$NSLS" /dev/net) \
	        <(ip -j link | jq -r ".[].ifindex" | sort -n |
	        sed "s|^|/dev/net/|")
	    # Every listed path reads back, by itself and from a list.
	    "$NSLS" /dev/net | "$NSCAT" -rn -o path - |
	        diff - <("$NSLS" /dev/net)
	    "$NSLS" /dev/net | wc -l'
	(( output >= 3 ))
}

@test "in a fresh namespace, /dev/net is netlink's lo, not sysfs's list" {
	run -0 in_netns '
	    "$NSLS" /dev/net
	    "$NSCAT" -P -o path,name,kind,linktype,mtu,flags /dev/net/1'
	assert_output - <<'EOF'
/dev/net/1
PATH="/dev/net/1" NAME="lo" KIND="" LINKTYPE="loopback" MTU="65536" FLAGS="LOOPBACK"
EOF
}

@test "every attribute matches ip -j -d link, interface by interface" {
	run -0 in_netns '
	    ip link add v0 type veth peer name v1
	    # A bridge with a port, and a macvlan on the other end.
	    if ip link add br0 type bridge 2>/dev/null; then
	        ip link set v0 master br0
	    fi
	    ip link add link v1 name mv0 type macvlan 2>/dev/null || true
	    ip link set v1 mtu 1400 txqueuelen 500 group 7 alias "hello world"
	    for i in $(ip -j link | jq -r ".[].ifname"); do
	        ip link set "$i" up
	    done
	    # Operational states settle a moment after the links come up.
	    snap() {
	        ip -j -d link | jq -S "
	            (map({(.ifname): .ifindex}) | add) as \$ix |
	            def path(n): if n == null then null
	                else \"/dev/net/\(\$ix[n])\" end;
	            map({
	                path: \"/dev/net/\(.ifindex)\", name: .ifname,
	                kind: .linkinfo.info_kind, mtu, txqlen, qdisc,
	                operstate: (.operstate | ascii_downcase),
	                linkmode: (.linkmode | ascii_downcase),
	                linktype: .link_type, address, broadcast,
	                ifgroup: (if .group == \"default\" then 0
	                    else (.group | tonumber) end),
	                promiscuity, ifalias,
	                numtxqueues: .num_tx_queues,
	                numrxqueues: .num_rx_queues,
	                master: path(.master), link: path(.link)
	            }) | sort_by(.path)" >ip.json
	        c=path,name,kind,mtu,txqlen,qdisc,operstate,linkmode,linktype
	        c=$c,address,broadcast,ifgroup,promiscuity,ifalias
	        c=$c,numtxqueues,numrxqueues,master,link
	        "$NSLS" /dev/net | "$NSCAT" -J -o "$c" - |
	            jq -S ".objects | sort_by(.path)" >ns.json
	        cmp -s ip.json ns.json
	    }
	    wait_for snap || true
	    diff ip.json ns.json
	    jq -r ".[] | select(.name == \"v1\") |
	        [.mtu, .txqlen, .ifgroup, .ifalias] | @tsv" ns.json
	    jq -r "[.[] | .master, .link | select(. != null)] | length" ns.json'
	assert_line --index 0 "$(printf '1400\t500\t7\thello world')"
	# Links were compared too: the veth ends', the port's master.
	(( lines[1] >= 3 ))
}

@test "a veth pair: each end links to the other" {
	run -0 in_netns '
	    ip link add v0 type veth peer name v1
	    echo "$(ifindex v0) $(ifindex v1)"
	    "$NSCAT" -P -o name,kind,link,linktype,broadcast "+net:v0" "+net:v1"'
	read -r v0 v1 <<<"${lines[0]}"
	assert_equal "${lines[1]}" "NAME=\"v0\" KIND=\"veth\" LINK=\"/dev/net/$v1\" LINKTYPE=\"ether\" BROADCAST=\"ff:ff:ff:ff:ff:ff\""
	assert_equal "${lines[2]}" "NAME=\"v1\" KIND=\"veth\" LINK=\"/dev/net/$v0\" LINKTYPE=\"ether\" BROADCAST=\"ff:ff:ff:ff:ff:ff\""
}

@test "carrier and operstate follow the peer" {
	run -0 in_netns '
	    ip link add v0 type veth peer name v1
	    ip link set v0 up
	    ip link set v1 up
	    "$NSCAT" -rn -o name,operstate,carrier "+net:v0"
	    ip link set v1 down
	    "$NSCAT" -rn -o name,operstate,carrier "+net:v0"'
	assert_output - <<'EOF'
v0 up 1
v0 lowerlayerdown 0
EOF
}

@test "a bridge port's master is the bridge" {
	has_kind bridge || skip "this kernel has no bridge"
	run -0 in_netns '
	    ip link add v0 type veth peer name v1
	    ip link add br0 type bridge
	    ip link set v0 master br0
	    echo "$(ifindex br0)"
	    "$NSCAT" -P -o name,kind,master,promiscuity "+net:v0" "+net:v1" \
	        "+net:br0"'
	br=${lines[0]}
	assert_equal "${lines[1]}" "NAME=\"v0\" KIND=\"veth\" MASTER=\"/dev/net/$br\" PROMISCUITY=\"1\""
	assert_equal "${lines[2]}" 'NAME="v1" KIND="veth" MASTER="" PROMISCUITY="0"'
	assert_equal "${lines[3]}" 'NAME="br0" KIND="bridge" MASTER="" PROMISCUITY="0"'
}

@test "a macvlan's link is its lower interface" {
	"${netns[@]}" sh -c 'ip link add v0 type veth peer name v1 &&
	    ip link add link v0 name mv0 type macvlan' 2>/dev/null ||
	    skip "this kernel has no macvlan"
	run -0 in_netns '
	    ip link add v0 type veth peer name v1
	    ip link add link v0 name mv0 type macvlan
	    echo "$(ifindex v0)"
	    "$NSCAT" -P -o name,kind,link,master "+net:mv0"'
	assert_equal "${lines[1]}" "NAME=\"mv0\" KIND=\"macvlan\" LINK=\"/dev/net/${lines[0]}\" MASTER=\"\""
}

@test "a dummy interface, where the kernel has them" {
	has_kind dummy || skip "this kernel has no dummy"
	run -0 in_netns '
	    ip link add d0 address 02:00:00:00:00:09 type dummy
	    ip link set d0 mtu 9000
	    "$NSCAT" -P -o name,kind,link,mtu,address,linktype "+net:d0"'
	assert_output 'NAME="d0" KIND="dummy" LINK="" MTU="9000" ADDRESS="02:00:00:00:00:09" LINKTYPE="ether"'
}

@test "mtu, txqlen, qdisc and alias are what ip set" {
	command -v tc >/dev/null || skip "no tc to set a qdisc with"
	run -0 in_netns '
	    ip link add v0 type veth peer name v1
	    ip link set v0 mtu 1400 txqueuelen 500 alias "hello world"
	    "$NSCAT" -P -o mtu,txqlen,qdisc,ifalias "+net:v0"
	    ip link set v0 up
	    tc qdisc add dev v0 root pfifo limit 10
	    "$NSCAT" -P -o qdisc "+net:v0"
	    ip link set v0 alias ""
	    "$NSCAT" -J -o ifalias "+net:v0" | jq -c ".objects[0]"'
	assert_output - <<'EOF'
MTU="1400" TXQLEN="500" QDISC="noop" IFALIAS="hello world"
QDISC="pfifo"
{"ifalias":null}
EOF
}

@test "lo's statistics rise with traffic over it" {
	run -0 in_netns '
	    ip link set lo up
	    stats() {
	        "$NSCAT" -rn -o rx_packets,tx_packets,rx_bytes,tx_bytes,rx_errors,tx_dropped,collisions /dev/net/1
	    }
	    stats
	    echo hello >/dev/udp/127.0.0.1/9
	    stats'
	read -r rxp0 txp0 rxb0 txb0 _ <<<"${lines[0]}"
	read -r rxp txp rxb txb rxe txd col <<<"${lines[1]}"
	(( rxp > rxp0 && rxb > rxb0 ))
	# What lo sends it receives: its counters go in step.
	assert_equal "$rxp" "$txp"
	assert_equal "$rxb" "$txb"
	assert_equal "$rxe $txd $col" "0 0 0"
	# The datagram alone is 6 bytes of data in 34 of headers.
	(( rxb - rxb0 >= 40 ))
}

@test "a veth whose peer is in another namespace: link_netnsid, traffic" {
	run -0 in_netns '
	    unshare -n sleep 60 &
	    pid=$!
	    trap "kill $pid" EXIT
	    moved() {
	        local ns=$(readlink /proc/$pid/ns/net)
	        [[ -n $ns && $ns != "$(readlink /proc/self/ns/net)" ]]
	    }
	    wait_for moved
	    ip link add v0 type veth peer name v1
	    ip link set v1 netns "$pid"
	    ip addr add 10.9.0.1/24 dev v0
	    ip link set v0 up
	    nsenter -t "$pid" -n sh -c "ip addr add 10.9.0.2/24 dev v1 &&
	        ip link set v1 up"
	    "$NSCAT" -P -o name,link,link_netnsid "+net:v0"
	    ip -j link show v0 | jq -r ".[0].link_netnsid"
	    # The peer sees this namespace by an id of its own.
	    nsenter -t "$pid" -n "$NSCAT" -P -o name,link "+net:v1"
	    tx() { [[ $("$NSCAT" -rn -o tx_packets "+net:v0") -gt 0 ]]; }
	    rx() { [[ $(nsenter -t "$pid" -n "$NSCAT" -rn -o rx_packets \
	        "+net:v1") -gt 0 ]]; }
	    echo hello >/dev/udp/10.9.0.2/9
	    wait_for tx
	    wait_for rx
	    echo sent'
	# The peer is named through its namespace, from either side.
	assert_regex "${lines[0]}" "^NAME=\"v0\" LINK=\"/ns/net/[0-9]+/dev/net/[0-9]+\" LINK_NETNSID=\"${lines[1]}\"\$"
	assert_regex "${lines[2]}" '^NAME="v1" LINK="/ns/net/[0-9]+/dev/net/[0-9]+"$'
	assert_equal "${lines[3]}" sent
}

# The kind settings of ip -j -d link, by the names /dev/net gives them,
# for every interface: null where a kind has no such setting.
ip_settings() {
	ip -j -d link | jq -S '
	    map(.linkinfo.info_kind as $k | .linkinfo.info_slave_kind as $sk |
	        (.linkinfo.info_data // {}) as $d |
	        (.linkinfo.info_slave_data // {}) as $s |
	        def of(k; v): if $k == k then v else null end;
	        {
	            path: "/dev/net/\(.ifindex)", min_mtu, max_mtu, allmulti,
	            addrgenmode: .inet6_addr_gen_mode,
	            vlan_id: of("vlan"; $d.id),
	            vlan_protocol: of("vlan"; $d.protocol),
	            vxlan_id: of("vxlan"; $d.id),
	            vxlan_local: of("vxlan"; $d.local // $d.local6),
	            vxlan_remote: of("vxlan"; $d.remote // $d.remote6),
	            vxlan_group: of("vxlan"; $d.group // $d.group6),
	            vxlan_port: of("vxlan"; $d.port),
	            vxlan_ttl: of("vxlan"; $d.ttl),
	            macvlan_mode: of("macvlan"; $d.mode),
	            ipvlan_mode: of("ipvlan"; $d.mode),
	            bridge_stp: of("bridge"; $d.stp_state),
	            bridge_vlan_filtering: of("bridge"; $d.vlan_filtering),
	            bridge_priority: of("bridge"; $d.priority),
	            bridge_forward_delay: of("bridge"; $d.forward_delay),
	            bridge_hello_time: of("bridge"; $d.hello_time),
	            bridge_max_age: of("bridge"; $d.max_age),
	            bridge_ageing_time: of("bridge"; $d.ageing_time),
	            bond_mode: of("bond"; $d.mode),
	            port_state: (if $sk == "bridge" then $s.state
	                elif $sk == "bond" then $s.state | ascii_downcase
	                else null end)
	        }) | sort_by(.path)'
}

@test "kind settings and port states match ip -j -d link" {
	run -0 in_netns "
	    $(declare -f ip_settings)"'
	    ip link add v0 type veth peer name v1
	    made=""
	    try() { ip link add "$@" 2>/dev/null && made="$made $1"; }
	    try vx0 type vxlan id 42 local 10.0.0.1 remote 10.0.0.2 \
	        dstport 4789 ttl 9 || true
	    try vx6 type vxlan id 43 group ff05::100 dev v0 \
	        dstport 8472 || true
	    try mv0 link v0 type macvlan mode vepa || true
	    try vl0 link v0 type vlan id 5 protocol 802.1ad || true
	    try iv0 link v0 type ipvlan mode l3 || true
	    if try br0 type bridge; then
	        ip link set br0 type bridge priority 4096 stp_state 1 \
	            forward_delay 800 2>/dev/null || true
	        ip link set v1 master br0
	    fi
	    if try bo0 type bond mode active-backup; then
	        ip link add v2 type veth peer name v3
	        ip link set v2 master bo0
	    fi
	    ip link set v0 addrgenmode none
	    for i in $(ip -j link | jq -r ".[].ifname"); do
	        ip link set "$i" up
	    done
	    c=$(ip_settings | jq -r ".[0] | keys | join(\",\")")
	    # A bridge port leaves its listening state as time passes.
	    snap() {
	        ip_settings >ip.json
	        "$NSLS" /dev/net | "$NSCAT" -J -o "$c" - |
	            jq -S ".objects | sort_by(.path)" >ns.json
	        cmp -s ip.json ns.json
	    }
	    wait_for snap || true
	    diff ip.json ns.json
	    echo "made:$made"
	    jq -r "[.[] | to_entries[] | select(.value != null) |
	        .key] | unique | join(\" \")" ns.json'
	assert_line --index 0 --partial "made: vx0 vx6 mv0"
	# What this kernel made was compared, each setting of each kind.
	for k in vxlan_id vxlan_local vxlan_remote vxlan_group vxlan_port \
	    vxlan_ttl macvlan_mode addrgenmode min_mtu max_mtu allmulti; do
		assert_line --index 1 --regexp "(^| )$k( |$)"
	done
	if [[ ${lines[0]} == *br0* ]]; then
		assert_line --index 1 --regexp ' bridge_stp .*port_state'
	fi
}

@test "a setting of another kind is none, never 0" {
	run -0 in_netns '
	    ip link add v0 type veth peer name v1
	    "$NSCAT" -J -o vlan_id,vxlan_id,vxlan_ttl,bridge_stp,bond_mode,port_state,macvlan_mode "+net:v0" "+net:lo" |
	        jq -c ".objects[]"
	    ip link set v0 addrgenmode random
	    "$NSCAT" -rn -o addrgenmode,min_mtu,max_mtu "+net:v0"'
	assert_output - <<'END'
{"vlan_id":null,"vxlan_id":null,"vxlan_ttl":null,"bridge_stp":null,"bond_mode":null,"port_state":null,"macvlan_mode":null}
{"vlan_id":null,"vxlan_id":null,"vxlan_ttl":null,"bridge_stp":null,"bond_mode":null,"port_state":null,"macvlan_mode":null}
random 68 65535
END
}

@test "a vlan, an ipvlan, a bond and its slave, where the kernel has them" {
	local k found=0

	for k in "link v0 name vl0 type vlan id 5" \
	    "link v0 name iv0 type ipvlan mode l3s" \
	    "name bo0 type bond mode 802.3ad"; do
		"${netns[@]}" sh -c "ip link add v0 type veth peer name v1 &&
		    ip link add $k" 2>/dev/null && found=$((found + 1))
	done
	(( found > 0 )) || skip "this kernel has no vlan, ipvlan or bond"
	run -0 in_netns '
	    ip link add v0 type veth peer name v1
	    if ip link add link v0 name vl0 type vlan id 5 2>/dev/null; then
	        "$NSCAT" -rn -o name,vlan_id,vlan_protocol,link "+net:vl0"
	        ip -j -d link show vl0 | jq -r ".[0] | [.ifname,
	            .linkinfo.info_data.id, .linkinfo.info_data.protocol,
	            \"/dev/net/$(ifindex v0)\"] | join(\" \")"
	    fi
	    if ip link add link v0 name iv0 type ipvlan mode l3s 2>/dev/null
	    then
	        "$NSCAT" -rn -o name,ipvlan_mode "+net:iv0"
	        ip -j -d link show iv0 | jq -r ".[0] | [.ifname,
	            .linkinfo.info_data.mode] | join(\" \")"
	    fi
	    if ip link add bo0 type bond mode 802.3ad 2>/dev/null; then
	        ip link set v1 master bo0
	        "$NSCAT" -rn -o name,bond_mode "+net:bo0"
	        ip -j -d link show bo0 | jq -r ".[0] | [.ifname,
	            .linkinfo.info_data.mode] | join(\" \")"
	        "$NSCAT" -rn -o name,port_state "+net:v1"
	        ip -j -d link show v1 | jq -r ".[0] | [.ifname,
	            (.linkinfo.info_slave_data.state | ascii_downcase)] |
	            join(\" \")"
	    fi'
	# Each kind made gives what ip says, line for line.
	(( ${#lines[@]} >= 2 ))
	for ((k = 0; k < ${#lines[@]}; k += 2)); do
		assert_equal "${lines[k]}" "${lines[k + 1]}"
	done
}

@test "an interface links its addresses, as ip -br addr lists them" {
	run -0 in_netns '
	    sysctl -qw net.ipv6.conf.all.accept_dad=0 \
	        net.ipv6.conf.default.accept_dad=0
	    ip link add v0 type veth peer name v1
	    ip link add v2 type veth peer name v3
	    ip link set v0 up
	    ip link set v1 up
	    ip addr add 10.0.0.1/24 dev v0
	    ip addr add 10.0.0.2/24 dev v0
	    ip addr add 2001:db8::1/64 dev v2 nodad
	    # Link-local addresses come as the links come up.
	    ll() { ip -6 -o addr show dev "$1" scope link | grep -q fe80; }
	    wait_for ll v0
	    wait_for ll v1
	    snap() {
	        ip -j addr | jq -S "map(.ifindex as \$i | {
	            path: \"/dev/net/\(\$i)\", name: .ifname,
	            operstate: (.operstate | ascii_downcase),
	            addresses: [.addr_info[] |
	                \"/net/addr/\(\$i)/\(.local)-\(.prefixlen)\"] |
	                sort})" >ip.json
	        "$NSLS" -J -o path,name,operstate,addresses /dev/net |
	            jq -S ".nodes | map(.addresses |= sort)" >ns.json
	        cmp -s ip.json ns.json
	    }
	    wait_for snap || true
	    diff ip.json ns.json
	    # Every link is a path that resolves, to itself.
	    jq -r ".[].addresses[]" ns.json >links
	    "$NSCAT" -rn -o path - <links | diff links -
	    jq -r ".[] | select(.addresses == []) | .name" ns.json | sort |
	        tr "\n" " "'
	# Interfaces with no address are listed too, with none.
	assert_output "lo v3 "
}

@test "-J types numbers as numbers and strings as strings" {
	run -0 in_netns '
	    ip link add v0 type veth peer name v1
	    ip link set v0 up
	    "$NSCAT" -J "+net:v0" | jq -r ".objects[0] | to_entries[] |
	        select(.value != null) | \"\(.key) \(.value | type)\"" |
	        sort'
	for a in ifindex mtu txqlen ifgroup promiscuity numtxqueues \
	    numrxqueues min_mtu max_mtu allmulti \
	    carrier carrier_changes rx_bytes rx_packets \
	    rx_errors rx_dropped rx_missed_errors multicast tx_bytes \
	    tx_packets tx_errors tx_dropped tx_carrier_errors collisions; do
		assert_line "$a number"
	done
	for a in name kind flags operstate linkmode address broadcast \
	    linktype qdisc link addrgenmode; do
		assert_line "$a string"
	done
	# A list of links is an array, and addresses the one an interface
	# has.
	assert_line "addresses array"
	[ "$(grep -c ' array$' <<<"$output")" -eq 1 ]
	refute_line --regexp ' (object|boolean)$'
}

@test "a name with an escape sequence: escaped in every format, read back" {
	run -0 in_netns '
	    esc=$(printf "v\033[1m") hi=$(printf "\377\376")
	    ip link add "$esc" type veth peer name "$hi"
	    ip link set dev "$esc" alias "$(printf "a\033]0;t\007b")"
	    echo "$(ifindex "$esc") $(ifindex "$hi")"
	    for f in "" -r -P -J; do
	        "$NSLS" -l $f /dev/net
	        "$NSLS" /dev/net | "$NSCAT" $f -
	    done | od -An -c | grep -c "033\|377\|007" || true
	    "$NSLS" -J -l /dev/net |
	        jq -c "[.nodes[].summary | sub(\" [0-9a-f:]{17} \"; \" A \")]"
	    "$NSLS" /dev/net | "$NSCAT" -J - | jq -c "[.objects[].name]"
	    "$NSCAT" -rn -o path,name,ifalias "+net:v\x1b[1m" "+net:\xff\xfe"
	    # The name that -r prints is a name that +net: takes.
	    for p in $("$NSLS" /dev/net); do
	        "$NSCAT" -rn -o path "+net:$("$NSCAT" -rn -o name "$p")"
	    done'
	refute_control_bytes "$output"
	read -r v h <<<"${lines[0]}"
	assert_equal "${lines[1]}" 0
	assert_equal "${lines[2]}" '["lo down A mtu 65536","\\xff\\xfe down A mtu 1500","v\\x1b[1m down A mtu 1500"]'
	assert_equal "${lines[3]}" '["lo","\\xff\\xfe","v\\x1b[1m"]'
	assert_equal "${lines[4]}" "/dev/net/$v v\\x1b[1m a\\x1b]0;t\\x07b"
	assert_equal "${lines[5]}" "/dev/net/$h \\xff\\xfe -"
	assert_equal "${lines[6]}" /dev/net/1
	assert_equal "${lines[7]}" /dev/net/2
	assert_equal "${lines[8]}" /dev/net/3
}

@test "names and numbers that name no interface" {
	run -0 in_netns '
	    for p in /dev/net/0 /dev/net/99 /dev/net/lo /dev/net/1/x n99 \
	        +net:nope +net:0123456789abcdef +net:; do
	        "$NSCAT" -o path "$p" 2>&1 && echo "$p: found" || true
	    done'
	assert_output - <<'EOF'
nscat: /dev/net/0: no such object
nscat: /dev/net/99: no such object
nscat: /dev/net/lo: no such object
nscat: /dev/net/1/x: no such object
nscat: n99: no such object
nscat: +net:nope: no such object
nscat: +net:0123456789abcdef: no such object
nscat: +net:: no such object
EOF
}

@test "many paths on standard input read as one dump does" {
	run -0 in_netns '
	    for i in $(seq 0 24); do
	        ip link add "a$i" type veth peer name "b$i"
	    done
	    "$NSLS" /dev/net | "$NSCAT" -rn -o path,name,link - >list
	    wc -l <list
	    # Each veth end links to its peer, whichever way it was read.
	    while read -r p n l; do
	        [[ $n == lo ]] && continue
	        peer=$("$NSCAT" -rn -o name "$l")
	        [[ ${n:1} == "${peer:1}" && ${n:0:1} != "${peer:0:1}" ]] ||
	            echo "bad: $p $n $l $peer"
	    done <list'
	assert_output 51
}
