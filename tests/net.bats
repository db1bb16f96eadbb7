#!/usr/bin/env bats
# /net: addresses, routes and neighbours, checked against ip(8).  Every
# test makes a network namespace of its own (unshare -n) and sets it up
# with net_fixture: veth pairs, a bridge, a dummy where the kernel has
# one, and interfaces whose names hold an escape sequence and a non-ASCII
# byte.  The namespace, interfaces and all, ends with the test's process,
# so nothing outlives a test, whether it passes or fails.

bats_require_minimum_version 1.5.0
load helpers/common

setup() {
	need_veth
	"${netns[@]}" ip link add br0 type bridge 2>/dev/null ||
	    skip "this kernel has no bridge"
}

# The namespace of a test.  IPv6 duplicate address detection is off, so
# that no address is tentative and no local route waits for it to end;
# router solicitations are off, so that no neighbour entry comes later.
net_fixture() {
	local esc=$'v\e[1m' utf=$'v\xc3\xa9' i

	set -e
	sysctl -qw net.ipv6.conf.all.accept_dad=0 \
	    net.ipv6.conf.default.accept_dad=0 \
	    net.ipv6.conf.default.router_solicitations=0
	ip link set lo up
	ip link add v0 type veth peer name v1
	ip link add br0 type bridge
	ip link set v1 master br0
	ip link add "$esc" type veth peer name "$utf"
	for i in v0 v1 br0 "$esc" "$utf"; do
		ip link set "$i" up
	done
	if ip link add d0 type dummy 2>/dev/null; then
		ip link set d0 up
		ip addr add 10.3.0.1/24 dev d0
	fi
	ip addr add 10.0.0.2/24 dev v0
	ip addr add 10.0.0.3/24 dev v0
	ip addr add 2001:db8::2/64 dev v0 nodad
	ip addr add 10.0.0.1/24 dev br0
	ip addr add 10.7.0.1/24 brd + dev br0 valid_lft 3600 preferred_lft 1800
	ip addr add 10.9.0.1/24 dev "$esc"
	ip addr add 2001:db8:1::1/64 dev "$esc" nodad noprefixroute
	ip addr add 192.168.5.1 peer 192.168.5.2/32 dev "$utf"
	ip route add default via 10.0.0.4 dev v0
	ip route add 10.5.0.0/16 via 10.0.0.5 dev br0 metric 100
	ip route add 10.5.0.0/16 via 10.0.0.6 dev v0 metric 200
	ip route add 10.4.0.0/16 nexthop via 10.0.0.4 dev v0 \
	    nexthop via 10.9.0.2 dev "$esc" weight 3
	ip route add 10.6.0.0/16 via 10.0.0.4 dev v0 table 100
	ip route add 10.6.0.0/16 tos 0x10 via 10.0.0.4 dev v0 table 100
	ip route add unreachable 10.8.0.0/16 table 100
	ip route add 10.10.0.0/16 dev "$esc" proto static
	ip -6 route add 2001:db8:5::/48 via 2001:db8::1
	ip -6 route add default via 2001:db8::1 metric 1024
	ip -6 route add 2001:db8:6::/48 via 2001:db8::1 table 100
	ip -6 route add 2001:db8:7::/48 from 2001:db8::/64 via 2001:db8::1
	ip neigh add 10.0.0.9 lladdr 02:00:00:00:00:09 dev v0 nud permanent
	ip neigh add 2001:db8::9 lladdr 02:00:00:00:00:0a dev v0 nud reachable \
	    router
	ip neigh add 10.9.0.9 lladdr 02:00:00:00:00:0b dev "$esc" nud stale
	set +e
}

# The ifindex of an interface, by name.
ifindex() {
	ip -o link show dev "$1" | cut -d: -f1
}

# ip -j prints names raw, control bytes and all, which is not JSON: escape
# them, as a JSON string would hold them.
sane() {
	perl -pe 's/([\x00-\x08\x0b-\x1f\x7f])/sprintf("\\u%04x", ord $1)/ge'
}

# Some attributes of one object, joined by "|"; null where there is none.
# Unlike common.bash's attrs, an empty list is none too.
attrs() {
	local obj=$1 cols=$2

	# An empty array is none, as an absent value is.
	"$NSCAT" -J -o "$cols" "$obj" |
	    jq -r --arg c "$cols" '.objects[0] as $o |
		[$c | split(",")[] | $o[.] |
		    if . == [] then null else . end | tostring] | join("|")'
}

# Run a script in a network namespace made for it and set up by
# net_fixture; the functions above are defined there.
in_netns() {
	NSLS=$NSLS NSCAT=$NSCAT T=$BATS_TEST_TMPDIR "${netns[@]}" bash -c "
	    $(declare -f net_fixture ifindex sane attrs want_paths)
	    net_fixture || exit 99
	    $1"
}

# What ip(8) shows in the namespace, as the paths /net should list:
# addresses, routes (named as net.c names them) and neighbours, with
# their interfaces' and tables' nodes and the three top nodes.
want_paths() {
	local links f

	links=$(ip -j link | sane)
	{
		ip -j addr | sane | jq -r '.[] | .ifindex as $i |
		    .addr_info[] | "/net/addr/\($i)/\(.local)-\(.prefixlen)"'
		for f in 4 6; do
			ip -"$f" -j route show table all | sane |
			    jq -r --argjson links "$links" --arg f "$f" '
			    ($links | map({(.ifname): .ifindex}) | add) as $ix |
			    def table: if . == null or . == "main" then 254
				elif . == "local" then 255
				elif . == "default" then 253
				else tonumber end;
			    def prefix: if . == "default" then
				    (if $f == "4" then "0.0.0.0-0" else "::-0" end)
				elif test("/") then sub("/"; "-")
				else . + (if $f == "4" then "-32" else "-128" end)
				end;
			    .[] | "/net/route/\(.table | table)/\(.dst | prefix)" +
				(if (.metric // 0) != 0 then ",metric=\(.metric)"
				    else "" end) +
				(if .tos then ",tos=\(.tos)" else "" end) +
				(if .from then ",from=\(.from | sub("/"; "-"))"
				    else "" end) +
				(if .dev and (.gateway | not) and (.via | not) and
				    (.nexthops | not) then ",dev=\($ix[.dev])"
				    else "" end)'
		done
		ip -j neigh show nud all | sane |
		    jq -r --argjson links "$links" '
		    ($links | map({(.ifname): .ifindex}) | add) as $ix |
		    .[] | "/net/neigh/\($ix[.dev])/\(.dst)"'
	} | awk -F/ '{ print "/net/" $3; print "/net/" $3 "/" $4; print }' |
	    sort -u
}

@test "/net lists its three nodes" {
	run -0 --separate-stderr in_netns '"$NSLS" -l /net'
	assert_line --index 0 --regexp '^PATH +TYPE +SUMMARY$'
	assert_line --index 1 --regexp '^/net/addr +addrs +addresses by interface$'
	assert_line --index 2 --regexp '^/net/route +routes +routes by table$'
	assert_line --index 3 --regexp '^/net/neigh +neighs +neighbours by interface$'
	[ "${#lines[@]}" -eq 4 ]
	run -0 --separate-stderr in_netns 'attrs /net path,type,summary'
	assert_output "/net|net|addresses, routes and neighbours"
}

@test "nsls -R /net lists exactly what ip shows" {
	# Multicast neighbour entries come as the kernel sends its first
	# reports; the two listings are taken until they agree, for a while.
	run -0 --separate-stderr in_netns '
	    for try in 1 2 3 4 5 6 7 8 9 10; do
		want=$(want_paths)
		got=$("$NSLS" -R /net | sort)
		[ "$want" = "$got" ] && break
		sleep 0.5
	    done
	    printf "%s\n" "$want" >"$T/want"
	    printf "%s\n" "$got" >"$T/got"'
	run diff -u "$BATS_TEST_TMPDIR/want" "$BATS_TEST_TMPDIR/got"
	assert_success
	# The namespace has objects of every kind: the comparison is not
	# between two empty lists.
	run grep -c -e '^/net/addr/[0-9]*/' -e '^/net/route/[0-9]*/' \
	    -e '^/net/neigh/[0-9]*/' "$BATS_TEST_TMPDIR/got"
	[ "$output" -gt 40 ]
}

@test "every listed path resolves to itself, every link to an object" {
	run -0 --separate-stderr in_netns '
	    "$NSLS" -R /net >"$T/list"
	    "$NSCAT" -rn -o path - <"$T/list" >"$T/resolved" || exit 1
	    "$NSCAT" -J - <"$T/list" >"$T/json" || exit 1
	    jq -r ".objects[] | .interface // empty" "$T/json" | sort -u \
		>"$T/links"
	    "$NSCAT" -rn -o path - <"$T/links" >"$T/linked" || exit 1'
	[ -s "$BATS_TEST_TMPDIR/list" ]
	run diff -u "$BATS_TEST_TMPDIR/list" "$BATS_TEST_TMPDIR/resolved"
	assert_success
	run diff -u "$BATS_TEST_TMPDIR/links" "$BATS_TEST_TMPDIR/linked"
	assert_success
	run grep -cv '^/dev/net/[0-9]*$' "$BATS_TEST_TMPDIR/links"
	assert_output 0
}

@test "JSON output is valid and no raw control byte gets out" {
	run -0 --separate-stderr in_netns '
	    "$NSLS" -J -l -R /net >"$T/ls.json" || exit 1
	    "$NSLS" -R /net | "$NSCAT" -J - >"$T/cat.json" || exit 1
	    "$NSLS" -l -R /net
	    "$NSLS" -r -l -R /net
	    "$NSLS" -R /net | "$NSCAT" -
	    "$NSLS" -R /net | "$NSCAT" -P -'
	refute_control_bytes "$output"
	assert_output --partial 'v\x1b[1m'
	assert_output --partial 'v\xc3\xa9'
	jq -e . "$BATS_TEST_TMPDIR/ls.json" >/dev/null
	jq -e . "$BATS_TEST_TMPDIR/cat.json" >/dev/null
	refute_control_bytes "$(cat "$BATS_TEST_TMPDIR/ls.json" \
	    "$BATS_TEST_TMPDIR/cat.json")"
	run jq -r '.. | .summary? // empty' "$BATS_TEST_TMPDIR/ls.json"
	assert_line '10.9.0.9 dev v\x1b[1m lladdr 02:00:00:00:00:0b STALE'
}

@test "an IPv4 address and its interface node" {
	run -0 --separate-stderr in_netns '
	    i=$(ifindex v0); echo "$i"
	    attrs "/net/addr/$i/10.0.0.2-24" path,type,address,prefixlen,family,scope,flags,label,broadcast,remote,valid_lft,preferred_lft,interface,summary
	    attrs "/net/addr/$i/10.0.0.3-24" flags,summary
	    attrs "/net/addr/$i" path,type,interface,count,summary
	    attrs /net/addr/v0 path'
	i=${lines[0]}
	assert_line --index 1 "/net/addr/$i/10.0.0.2-24|address|10.0.0.2|24|inet|global|permanent|v0|null|null|forever|forever|/dev/net/$i|inet 10.0.0.2/24 scope global v0"
	assert_line --index 2 "secondary,permanent|inet 10.0.0.3/24 scope global v0"
	assert_line --index 3 --regexp "^/net/addr/$i\|ifaddrs\|/dev/net/$i\|4\|v0 10.0.0.2/24 10.0.0.3/24 2001:db8::2/64 fe80::[0-9a-f:]+/64$"
	assert_line --index 4 "/net/addr/$i"
}

@test "IPv6 addresses, a peer, lifetimes and a broadcast address" {
	run -0 --separate-stderr in_netns '
	    v0=$(ifindex v0) esc=$(ifindex $'"'"'v\e[1m'"'"')
	    utf=$(ifindex $'"'"'v\xc3\xa9'"'"') br=$(ifindex br0)
	    echo "$v0 $esc $utf $br"
	    attrs "/net/addr/$v0/2001:db8::2-64" path,family,scope,flags,label,interface,summary
	    attrs "/net/addr/$esc/2001:db8:1::1-64" flags,interface,summary
	    attrs "/net/addr/$utf/192.168.5.1-32" address,prefixlen,remote,label,summary
	    attrs "/net/addr/$br/10.7.0.1-24" broadcast,flags,valid_lft,preferred_lft
	    ll=$("$NSLS" "/net/addr/$v0" | grep /fe80::)
	    attrs "$ll" scope,prefixlen,flags
	    attrs "/net/addr/$v0/2001:0db8:0::2-64" path'
	read -r v0 esc utf br <<<"${lines[0]}"
	assert_line --index 1 "/net/addr/$v0/2001:db8::2-64|inet6|global|nodad,permanent|null|/dev/net/$v0|inet6 2001:db8::2/64 scope global v0"
	assert_line --index 2 "nodad,permanent,noprefixroute|/dev/net/$esc|inet6 2001:db8:1::1/64 scope global v\\x1b[1m"
	assert_line --index 3 "192.168.5.1|32|192.168.5.2|v\\xc3\\xa9|inet 192.168.5.1 peer 192.168.5.2/32 scope global v\\xc3\\xa9"
	assert_line --index 4 --regexp '^10\.7\.0\.255\|null\|3[0-9]{3}\|1[0-9]{3}$'
	assert_line --index 5 "link|64|permanent"
	assert_line --index 6 "/net/addr/$v0/2001:db8::2-64"
}

@test "an interface whose name holds an escape sequence" {
	run -0 --separate-stderr in_netns '
	    esc=$(ifindex $'"'"'v\e[1m'"'"'); echo "$esc"
	    "$NSLS" "/net/addr/$esc"
	    attrs "/net/addr/$esc" summary
	    attrs "/net/addr/v\\x1b[1m" path
	    "$NSCAT" -rn -o path "/net/neigh/v\\x1b[1m/10.9.0.9"
	    "$NSLS" -r -l "/net/neigh/$esc" | grep 10.9.0.9'
	esc=${lines[0]}
	assert_line --index 1 "/net/addr/$esc/10.9.0.1-24"
	assert_line --index 2 "/net/addr/$esc/2001:db8:1::1-64"
	assert_line --index 3 --regexp "^/net/addr/$esc/fe80::[0-9a-f:]+-64$"
	assert_line --index 4 --regexp '^v\\x1b\[1m 10\.9\.0\.1/24 2001:db8:1::1/64 fe80::[0-9a-f:]+/64$'
	assert_line --index 5 "/net/addr/$esc"
	assert_line --index 6 "/net/neigh/$esc/10.9.0.9"
	assert_line --index 7 "/net/neigh/$esc/10.9.0.9 neighbour 10.9.0.9\\x20dev\\x20v\\x1b[1m\\x20lladdr\\x2002:00:00:00:00:0b\\x20STALE"
	refute_control_bytes "$output"
}

@test "routing tables are numbered, their names aliases" {
	run -0 --separate-stderr in_netns '
	    "$NSLS" /net/route
	    attrs /net/route/main path,type,table,name,summary
	    attrs /net/route/local path,table,name,summary
	    attrs /net/route/100 path,table,name,summary
	    attrs /net/route/254 count
	    ip -j route show table main | sane | jq length
	    ip -6 -j route show table main | sane | jq length'
	assert_line --index 0 /net/route/100
	assert_line --index 1 /net/route/254
	assert_line --index 2 /net/route/255
	assert_line --index 3 "/net/route/254|table|254|main|main"
	assert_line --index 4 "/net/route/255|255|local|local"
	assert_line --index 5 "/net/route/100|100|null|table 100"
	[ "${lines[6]}" -eq $((lines[7] + lines[8])) ]
}

@test "gateway routes, metrics and the type of service" {
	run -0 --separate-stderr in_netns '
	    v0=$(ifindex v0) br=$(ifindex br0); echo "$v0 $br"
	    attrs /net/route/main/0.0.0.0-0 path,type,destination,prefixlen,family,table,kind,protocol,scope,metric,tos,gateway,interface,prefsrc,nexthops,summary
	    attrs /net/route/254/10.5.0.0-16,metric=100 gateway,metric,interface,summary
	    attrs /net/route/254/10.5.0.0-16,metric=200 gateway,metric,interface,summary
	    attrs /net/route/100/10.6.0.0-16 path,table,tos,summary
	    attrs /net/route/100/10.6.0.0-16,tos=0x10 path,table,tos,summary
	    attrs /net/route/100/10.8.0.0-16 kind,gateway,interface,summary
	    attrs /net/route/main/::-0,metric=1024 path,family,gateway,metric,summary
	    attrs /net/route/main/2001:db8:7::-48,metric=1024,from=2001:db8::-64 from,gateway,summary
	    attrs /net/route/main/2001:db8:5::-48 path
	    attrs /net/route/100/2001:db8:6::-48,metric=1024 path,table'
	read -r v0 br <<<"${lines[0]}"
	assert_line --index 1 "/net/route/254/0.0.0.0-0|route|0.0.0.0|0|inet|254|unicast|boot|global|0|0|10.0.0.4|/dev/net/$v0|null|null|default via 10.0.0.4 dev v0"
	assert_line --index 2 "10.0.0.5|100|/dev/net/$br|10.5.0.0/16 via 10.0.0.5 dev br0 metric 100"
	assert_line --index 3 "10.0.0.6|200|/dev/net/$v0|10.5.0.0/16 via 10.0.0.6 dev v0 metric 200"
	assert_line --index 4 "/net/route/100/10.6.0.0-16|100|0|10.6.0.0/16 via 10.0.0.4 dev v0"
	assert_line --index 5 "/net/route/100/10.6.0.0-16,tos=0x10|100|16|10.6.0.0/16 tos 0x10 via 10.0.0.4 dev v0"
	assert_line --index 6 "unreachable|null|null|unreachable 10.8.0.0/16"
	assert_line --index 7 "/net/route/254/::-0,metric=1024|inet6|2001:db8::1|1024|default via 2001:db8::1 dev v0 metric 1024"
	assert_line --index 8 "2001:db8::/64|2001:db8::1|2001:db8:7::/48 from 2001:db8::/64 via 2001:db8::1 dev v0 metric 1024"
	assert_line --index 9 "/net/route/254/2001:db8:5::-48,metric=1024"
	assert_line --index 10 "/net/route/100/2001:db8:6::-48,metric=1024|100"
}

@test "device routes carry their interface: one per interface" {
	run -1 --separate-stderr in_netns '
	    v0=$(ifindex v0) br=$(ifindex br0) esc=$(ifindex $'"'"'v\e[1m'"'"')
	    echo "$v0 $br $esc"
	    attrs "/net/route/main/10.0.0.0-24,dev=$v0" protocol,scope,interface,prefsrc,summary
	    attrs "/net/route/main/10.0.0.0-24,dev=$br" interface,prefsrc
	    attrs "/net/route/local/10.0.0.255-32,dev=$v0" kind,scope,summary
	    attrs "/net/route/local/10.0.0.2-32,dev=$v0" kind,scope,prefsrc
	    attrs "/net/route/main/10.10.0.0-16" path,protocol,scope,interface,summary
	    "$NSLS" /net/route/main | grep -c "/fe80::-64,metric=256,dev="
	    ip -6 route show table main | grep -c "^fe80::/64"
	    "$NSCAT" /net/route/main/10.0.0.0-24'
	read -r v0 br esc <<<"${lines[0]}"
	assert_line --index 1 "kernel|link|/dev/net/$v0|10.0.0.2|10.0.0.0/24 dev v0 proto kernel scope link src 10.0.0.2"
	assert_line --index 2 "/dev/net/$br|10.0.0.1"
	assert_line --index 3 "broadcast|link|broadcast 10.0.0.255 dev v0 proto kernel scope link src 10.0.0.2"
	assert_line --index 4 "local|host|10.0.0.2"
	assert_line --index 5 "/net/route/254/10.10.0.0-16,dev=$esc|static|link|/dev/net/$esc|10.10.0.0/16 dev v\\x1b[1m proto static scope link"
	[ "${lines[6]}" -eq "${lines[7]}" ]
	[ "${lines[6]}" -ge 4 ]
	# A destination two routes share needs its suffix.
	[ "${#lines[@]}" -eq 8 ]
	[ "$stderr" = "nscat: /net/route/main/10.0.0.0-24: no such object" ]
}

@test "a multipath route lists its paths" {
	run -0 --separate-stderr in_netns '
	    v0=$(ifindex v0) esc=$(ifindex $'"'"'v\e[1m'"'"'); echo "$v0 $esc"
	    attrs /net/route/main/10.4.0.0-16 path,gateway,interface,summary
	    "$NSCAT" /net/route/main/10.4.0.0-16 | grep ^nexthops'
	read -r v0 esc <<<"${lines[0]}"
	assert_line --index 1 "/net/route/254/10.4.0.0-16|null|null|10.4.0.0/16 nexthop via 10.0.0.4 dev v0 weight 1 nexthop via 10.9.0.2 dev v\\x1b[1m weight 3"
	assert_line --index 2 --regexp "^nexthops +via 10\.0\.0\.4 dev /dev/net/$v0 weight 1$"
	assert_line --index 3 --regexp "^nexthops +via 10\.9\.0\.2 dev /dev/net/$esc weight 3$"
}

@test "routes nothing else tells apart take the gateway, the interface, a number" {
	run -0 --separate-stderr in_netns '
	    v0=$(ifindex v0) br=$(ifindex br0); echo "$v0 $br"
	    ip route append 10.5.0.0/16 via 10.0.0.7 dev v0 metric 100
	    ip route append 10.5.0.0/16 via 10.0.0.7 dev br0 metric 100
	    ip route append 10.5.0.0/16 via 10.0.0.7 dev v0 metric 100 \
		proto static
	    "$NSLS" /net/route/main | grep -c 10.5.0.0
	    "$NSLS" /net/route/main | grep 10.5.0.0 |
		"$NSCAT" -rn -o path,gateway,interface,protocol -'
	read -r v0 br <<<"${lines[0]}"
	assert_line --index 1 5
	p=/net/route/254/10.5.0.0-16
	assert_line "$p,metric=100,via=10.0.0.5 10.0.0.5 /dev/net/$br boot"
	assert_line "$p,metric=100,via=10.0.0.7,dev=$v0 10.0.0.7 /dev/net/$v0 boot"
	assert_line "$p,metric=100,via=10.0.0.7,dev=$v0,2 10.0.0.7 /dev/net/$v0 static"
	assert_line "$p,metric=100,via=10.0.0.7,dev=$br 10.0.0.7 /dev/net/$br boot"
	assert_line "$p,metric=200 10.0.0.6 /dev/net/$v0 boot"
}

@test "neighbours: addresses, link-layer addresses, states, flags" {
	run -0 --separate-stderr in_netns '
	    v0=$(ifindex v0) esc=$(ifindex $'"'"'v\e[1m'"'"'); echo "$v0 $esc"
	    attrs "/net/neigh/$v0/10.0.0.9" path,type,address,family,lladdr,state,flags,interface,summary
	    attrs "/net/neigh/$v0/2001:db8::9" family,lladdr,state,flags,summary
	    attrs "/net/neigh/$esc/10.9.0.9" state,interface
	    attrs "/net/neigh/v0/2001:0db8:0::9" path
	    attrs "/net/neigh/$v0" path,type,interface,summary'
	read -r v0 esc <<<"${lines[0]}"
	assert_line --index 1 "/net/neigh/$v0/10.0.0.9|neighbour|10.0.0.9|inet|02:00:00:00:00:09|PERMANENT|null|/dev/net/$v0|10.0.0.9 dev v0 lladdr 02:00:00:00:00:09 PERMANENT"
	assert_line --index 2 "inet6|02:00:00:00:00:0a|REACHABLE|router|2001:db8::9 dev v0 lladdr 02:00:00:00:00:0a router REACHABLE"
	assert_line --index 3 "STALE|/dev/net/$esc"
	assert_line --index 4 "/net/neigh/$v0/2001:db8::9"
	assert_line --index 5 "/net/neigh/$v0|ifneighs|/dev/net/$v0|v0"
}

@test "route flags: onlink, linkdown, and a path's own, as ip route shows them" {
	run -0 --separate-stderr in_netns '
	    ip link add v8 type veth peer name v9
	    ip link set v8 up
	    ip addr add 10.12.0.1/24 dev v8
	    ip route add 10.11.0.0/16 via 192.168.9.1 dev v0 onlink
	    ip route add 10.13.0.0/16 nexthop via 10.0.0.4 dev v0 \
		nexthop via 10.12.0.2 dev v8
	    v0=$(ifindex v0) v8=$(ifindex v8); echo "$v0 $v8"
	    attrs /net/route/main/10.11.0.0-16 flags,summary
	    ip route show 10.11.0.0/16 | sed "s/ *$//"
	    attrs "/net/route/main/10.12.0.0-24,dev=$v8" flags,summary
	    ip route show 10.12.0.0/24 | sed "s/ *$//"
	    attrs /net/route/main/10.13.0.0-16 flags,nexthops
	    attrs /net/route/main/10.0.0.0-24,dev=$v0 flags
	    # Every route of every table has the flags ip -j gives it.
	    for f in 4 6; do
		ip -"$f" -j route show table all | sane |
		    jq -r ".[] | .flags | join(\",\")"
	    done | grep . | sort >"$T/want"
	    "$NSLS" -R /net/route | "$NSCAT" -rn -o flags - | grep -v "^-$" |
		sed "s/\\\\x2c/,/g" | sort >"$T/got"
	    diff "$T/want" "$T/got" && wc -l <"$T/got"'
	read -r v0 v8 <<<"${lines[0]}"
	assert_line --index 1 "onlink|10.11.0.0/16 via 192.168.9.1 dev v0 onlink"
	assert_line --index 2 "10.11.0.0/16 via 192.168.9.1 dev v0 onlink"
	assert_line --index 3 "linkdown|10.12.0.0/24 dev v8 proto kernel scope link src 10.12.0.1 linkdown"
	assert_line --index 4 "10.12.0.0/24 dev v8 proto kernel scope link src 10.12.0.1 linkdown"
	assert_line --index 5 "null|[\"via 10.0.0.4 dev /dev/net/$v0 weight 1\",\"via 10.12.0.2 dev /dev/net/$v8 weight 1 linkdown\"]"
	assert_line --index 6 "null"
	(( lines[7] >= 3 ))
}

@test "an address has its interface's operational state" {
	run -0 --separate-stderr in_netns '
	    ip link add v8 type veth peer name v9
	    ip link set v8 up
	    ip addr add 10.12.0.1/24 dev v8
	    v8=$(ifindex v8); echo "$v8"
	    attrs "/net/addr/$v8/10.12.0.1-24" operstate,interface
	    # Every address, against ip -j addr.
	    ip -j addr | sane | jq -r ".[] | .ifindex as \$i |
		(.operstate | ascii_downcase) as \$s | .addr_info[] |
		\"/net/addr/\(\$i)/\(.local)-\(.prefixlen) \(\$s)\"" |
		sort >"$T/want"
	    "$NSLS" -R /net/addr | grep "/.*/.*/.*/" |
		"$NSCAT" -rn -o path,operstate - | sort >"$T/got"
	    diff "$T/want" "$T/got" && wc -l <"$T/got"
	    "$NSLS" -R /net/addr | "$NSCAT" -rn -o path -Q "operstate == \"up\"" - |
		grep -c "^/net/addr/$v8/" || true'
	v8=${lines[0]}
	assert_line --index 1 "lowerlayerdown|/dev/net/$v8"
	(( lines[2] >= 8 ))
	assert_line --index 3 0
}

@test "no such object" {
	run -0 --separate-stderr in_netns '
	    v0=$(ifindex v0); echo "$v0"
	    for p in /net/nosuch /net/addr/0 /net/addr/99999 \
		"/net/addr/$v0/10.0.0.2-25" "/net/addr/$v0/10.0.0.2" \
		"/net/addr/$v0/10.0.0.2-024" "/net/addr/$v0/10.0.0.2-24,x" \
		"/net/addr/$v0/10.0.0.2-24/x" "/net/addr/$v0/2001:db8::2-129" \
		/net/addr/nosuchif /net/route/7 /net/route/nosuchtable \
		/net/route/main/10.0.0.0-33 /net/route/main/1.2.3.0-24 \
		/net/route/main/0.0.0.0-0,metric=5 /net/route/main/x \
		"/net/neigh/$v0/10.0.0.10" "/net/neigh/$v0/10.0.0.9-32"; do
		"$NSCAT" "$p" && echo "found $p"
	    done
	    true'
	refute_output --partial found
	[ "$(wc -l <<<"$stderr")" -eq 18 ]
	run grep -cv ': no such object$' <<<"$stderr"
	assert_output 0
}
