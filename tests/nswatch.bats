#!/usr/bin/env bats
# nswatch: changes as they happen.  Each test starts nswatch in a network
# and mount namespace of its own (held by a sleeping process), makes the
# changes there, and waits for each expected line with a bound, polling
# the output file; teardown ends the watcher and the namespace.

bats_require_minimum_version 1.5.0
load helpers/common

setup() {
	[ "$(id -u)" = 0 ] || skip "needs root for the namespaces"
	unshare -n -m --propagation private sleep infinity &
	holder=$!
	# The holder is ready once it is in a network namespace of its own.
	for _ in $(seq 100); do
		[ "$(readlink /proc/$holder/ns/net)" != \
		    "$(readlink /proc/self/ns/net)" ] && break
		sleep 0.05
	done
	out=$BATS_TEST_TMPDIR/out
	err=$BATS_TEST_TMPDIR/err
	mon=$BATS_TEST_TMPDIR/mon
	watcher=
	helper=
	monitor=
	netns=
	inns ip link set lo up
}

teardown() {
	for p in $watcher $helper $monitor; do
		kill "$p" 2>/dev/null || true
		wait "$p" 2>/dev/null || true
	done
	# The named namespace is the test's own, in its own mount namespace.
	[ -z "$netns" ] || inns ip netns del "$netns" || true
	kill "$holder" 2>/dev/null || true
	wait "$holder" 2>/dev/null || true
}

# Run a command in the test's namespaces; with &, $! is the command's
# own pid (nsenter execs it), not a subshell's.
inns() {
	nsenter -t "$holder" -n -m "$@"
}
bg() {
	nsenter -t "$holder" -n -m "$@" &
}

# Start nswatch with these arguments in the namespaces, and wait until it
# has listed what it watches (its heading is printed then).
start_watch() {
	bg "$NSWATCH" "$@" >"$out" 2>"$err"
	watcher=$!
	# It has listed what it watches once it waits for events.
	for _ in $(seq 100); do
		[ "$(cat /proc/$watcher/wchan 2>/dev/null)" = do_epoll_wait ] &&
		    return 0
		sleep 0.05
	done
	cat "$err" >&2
	return 1
}

# Wait up to 5 seconds for a line of the output matching the extended
# regular expression; print its line number.
await() {
	local n
	for _ in $(seq 100); do
		if n=$(grep -n -m1 -E -- "$1" "$out" | cut -d: -f1) &&
		    [ -n "$n" ]; then
			echo "$n"
			return 0
		fi
		sleep 0.05
	done
	echo "no line matching '$1' in:" >&2
	cat "$out" "$err" >&2
	return 1
}

# An event line of raw output: PATH, ACTION, then the time.
line() {
	printf '^%s %s [^ ]+' "$2" "$1"
}

ifindex() {
	inns ip -o link show "$1" | cut -d: -f1
}

# Make a network namespace of the test's own, $netns, its inode $ino:
# named by ip netns on a /run of the test's mount namespace, so that
# nothing of it is left on the machine's.
add_netns() {
	inns mount -t tmpfs nswatch-test /run
	netns=nswatch-test-$$-$BATS_TEST_NUMBER
	inns ip netns add "$netns"
	ino=$(inns stat -L -c %i "/run/netns/$netns")
}

# Start ip monitor of link or address in the test's namespaces, one line
# an event, and wait until it hears: a change made to lo is told before
# anything else is done.
start_monitor() {
	local i

	bg ip -o monitor "$1" >"$mon"
	monitor=$!
	for i in $(seq 100); do
		if [ "$1" = link ]; then
			inns ip link set lo mtu "$((65000 + i))"
		else
			inns ip addr add 127.0.0.77/8 dev lo
			inns ip addr del 127.0.0.77/8 dev lo
		fi
		grep -q -e '^1: lo: .* mtu 650' -e '127.0.0.77/8' "$mon" &&
		    return 0
		sleep 0.05
	done
	echo "ip monitor $1 heard nothing" >&2
	return 1
}

@test "nswatch -x and nswatch -o bogus are usage errors" {
	run -2 --separate-stderr "$NSWATCH" -x
	assert_equal "$output" ""
	assert_equal "$stderr" "nswatch: invalid option -- 'x'
usage: nswatch [-o list] [-Q expr] [-JPrn] [-H] [path ...]"
	run -2 --separate-stderr "$NSWATCH" -o time,bogus
	assert_equal "${stderr%%$'\n'*}" "nswatch: unknown column: bogus"
}

@test "nswatch -h says the usage on standard output; -H lists the columns" {
	run -0 --separate-stderr "$NSWATCH" -h
	assert_line --index 0 --regexp '^usage: nswatch '
	# As every tool lists them: NAME, TYPE, DESCRIPTION, names in
	# capitals; the event's own columns first, then the attributes.
	run -0 --separate-stderr "$NSWATCH" -H
	assert_line --index 0 --regexp '^NAME +TYPE +DESCRIPTION$'
	assert_line --index 1 --regexp '^TIME +string +when '
	assert_line --regexp '^CHANGES +strings +'
	assert_line --regexp '^PATH +link +'
	assert_line --regexp '^IFNAME +string +'
	assert_line --regexp '^NAME +string +.*interface name'
	refute_line --regexp '^[a-z]'
	# One PATH and one SOURCE: the event's, not the attributes'.
	run -0 awk '$1 == "PATH" || $1 == "SOURCE" { print $1 }' <<<"$output"
	assert_output $'PATH\nSOURCE'
	run -0 --separate-stderr "$NSWATCH" -H -J
	run -0 jq -r '.columns[0].name' <<<"$output"
	assert_output TIME
	run -0 --separate-stderr "$NSWATCH" -H -r -n
	assert_line --index 0 --regexp '^TIME string when\\x20'
}

@test "a veth pair comes, changes and goes as /dev/net paths nscat resolves" {
	start_watch -r /dev/net
	inns ip link add nsw0 type veth peer name nsw1
	a=$(ifindex nsw0) b=$(ifindex nsw1)
	await "$(line add /dev/net/$a)"
	await "$(line add /dev/net/$b)"
	run -0 inns "$NSCAT" -n -r -o name "/dev/net/$a"
	assert_output nsw0
	inns ip link set nsw0 mtu 1400
	await "$(line change /dev/net/$a) .*mtu=1400"
	inns ip link del nsw0
	n=$(await "$(line remove /dev/net/$a)")
	[ "$n" -gt "$(await "$(line change /dev/net/$a)")" ]
	await "$(line remove /dev/net/$b)"
}

@test "-Q keeps the events its expression matches, by column or attribute" {
	# An attribute of the object: only the interface called nsq0; a
	# column of the event: its removal alone.
	start_watch -r -n -o path,action \
	    -Q 'name == "nsq0" || (action == "remove" && path =~ "/dev/net/")' \
	    /dev/net
	inns ip link add nsq0 type veth peer name nsq1
	a=$(ifindex nsq0) b=$(ifindex nsq1)
	await "^/dev/net/$a add\$"
	inns ip link del nsq0
	await "^/dev/net/$a remove\$"
	await "^/dev/net/$b remove\$"
	run -1 grep -c "^/dev/net/$b add" "$out"
	# A misspelt name is a usage error, as in every tool.
	run -2 --separate-stderr "$NSWATCH" -Q 'acton == "add"'
	assert_equal "$stderr" 'nswatch: -Q: column 1: unknown attribute "acton"'
}

@test "an address, a route and a neighbour come and go, in order" {
	inns ip link add nsw0 type veth peer name nsw1
	inns ip link set nsw0 up
	ia=$(ifindex nsw0)
	start_watch -r /net
	inns ip addr add 10.9.9.1/24 dev nsw0
	add=$(await "$(line add /net/addr/$ia/10.9.9.1-24)")
	# The paths printed are nscat's input.
	run -0 inns "$NSCAT" -n -r -o address - < <(
	    awk '$1 ~ "^/net/addr/" { print $1 }' "$out")
	assert_output 10.9.9.1
	inns ip route add 10.8.0.0/16 via 10.9.9.2
	await "$(line add /net/route/254/10.8.0.0-16)"
	run -0 inns "$NSCAT" -n -r -o gateway /net/route/254/10.8.0.0-16
	assert_output 10.9.9.2
	inns ip neigh add 10.9.9.7 lladdr 02:00:00:00:00:07 dev nsw0 nud stale
	await "$(line add /net/neigh/$ia/10.9.9.7)"
	inns ip neigh change 10.9.9.7 lladdr 02:00:00:00:00:08 dev nsw0
	await "$(line change /net/neigh/$ia/10.9.9.7) .*lladdr=02:00:00:00:00:08"
	inns ip addr del 10.9.9.1/24 dev nsw0
	# What it was on: its interface's path and name.
	del=$(await "$(line remove /net/addr/$ia/10.9.9.1-24) interface=/dev/net/$ia\\\\x0aifname=nsw0\$")
	[ "$del" -gt "$add" ]
	# The route through the address's subnet goes with it.
	await "$(line remove /net/route/254/10.8.0.0-16)"
}

@test "nswatch /net/addr/IFINDEX watches only that interface's addresses" {
	inns ip link add nsw0 type veth peer name nswp
	inns ip link add nsw1 type veth peer name nswq
	ia=$(ifindex nsw0) ja=$(ifindex nsw1)
	start_watch -r "/net/addr/$ja"
	inns ip addr add 10.9.1.1/24 dev nsw0
	inns ip addr add 10.9.2.1/24 dev nsw1
	await "$(line add /net/addr/$ja/10.9.2.1-24)"
	run grep -c "/net/addr/$ia/" "$out"
	assert_output 0
}

@test "a process that exits is removed; stderr says how processes are heard" {
	start_watch -r /proc
	bg sleep 1000
	helper=$!
	add=$(await "$(line add /proc/$helper)")
	run -0 "$NSCAT" -n -r -o pid "/proc/$helper"
	assert_output "$helper"
	kill "$helper"
	wait "$helper" || true
	# What it was: its name and command line, as nscat said them.
	del=$(await "$(line remove /proc/$helper) comm=sleep\\\\x0acmdline=sleep\\\\x201000\$")
	[ "$del" -gt "$add" ]
	helper=
	run grep -c '^nswatch: /proc: ' "$err"
	assert_output 1
}

@test "a listener that closes is removed by its path" {
	mkfifo "$BATS_TEST_TMPDIR/ready"
	bg python3 -c '
import os, socket, sys, time
s = socket.socket()
s.bind(("127.0.0.1", 0))
s.listen(1)
with open(sys.argv[1], "w") as f:
    f.write("%d %d\n" % (os.fstat(s.fileno()).st_ino, s.getsockname()[1]))
time.sleep(1000)' "$BATS_TEST_TMPDIR/ready"
	helper=$!
	read -r ino port <"$BATS_TEST_TMPDIR/ready"
	start_watch -r /sock/tcp
	run -0 inns "$NSCAT" -n -r -o state "/sock/tcp/$ino"
	assert_output LISTEN
	kill "$helper"
	wait "$helper" || true
	helper=
	# What it was: its address, as nscat's local says it.
	await "$(line remove /sock/tcp/$ino) local=127.0.0.1:$port\$"
}

@test "a tmpfs mounted and unmounted is added and removed, in JSON Lines" {
	mkdir "$BATS_TEST_TMPDIR/m"
	start_watch -J /mount
	inns mount -t tmpfs nswatch-test "$BATS_TEST_TMPDIR/m"
	id=$(inns awk -v m="$BATS_TEST_TMPDIR/m" '$5 == m { print $1 }' \
	    /proc/self/mountinfo)
	add=$(await "\"path\":\"/mount/$id\",\"action\":\"add\"")
	run -0 inns "$NSCAT" -n -r -o fstype "/mount/$id"
	assert_output tmpfs
	inns mount -o remount,ro "$BATS_TEST_TMPDIR/m"
	await "\"path\":\"/mount/$id\",\"action\":\"change\".*\"options\":\"ro"
	inns umount "$BATS_TEST_TMPDIR/m"
	del=$(await "\"path\":\"/mount/$id\",\"action\":\"remove\"")
	[ "$del" -gt "$add" ]
	# Every line is a JSON object of its own.
	run -0 jq -c -r '.action + " " + .path' "$out"
	assert_line "add /mount/$id"
	assert_line "remove /mount/$id"
	# The removal says what was mounted where.
	run -0 jq -r 'select(.action == "remove") |
	    .changes.target + " " + .changes.spec + " " + .changes.fstype' "$out"
	assert_output "/fs$BATS_TEST_TMPDIR/m nswatch-test tmpfs"
}

@test "-P and -r lines keep their fields; -n drops the heading" {
	start_watch -n -r /dev/net
	inns ip link add nsw0 type veth peer name nswp
	ia=$(ifindex nsw0)
	await "$(line add /dev/net/$ia)"
	inns ip link set nsw0 up
	await "$(line change /dev/net/$ia) "
	# PATH ACTION TIME CHANGES on every line: an add's changes say what
	# came, a list whose elements raw output parts by \x0a.
	run -0 awk '{ print NF }' "$out"
	refute_line --regexp '^[^4]'
	run -0 awk -v p="/dev/net/$ia" '$1 == p && $2 == "add" { print $4 }' \
	    "$out"
	assert_equal "$output" 'name=nsw0\x0akind=veth'
	kill "$watcher"
	# An empty cell is "-", as in every tool's raw output.
	start_watch -n -r -o path,action,changes,ifname /dev/net
	inns ip link set nsw0 mtu 1300
	await "^/dev/net/$ia change mtu=1300 -\$"
	kill "$watcher"
	start_watch -P -o +source /dev/net
	inns ip link del nsw0
	await "^PATH=\"/dev/net/$ia\" ACTION=\"remove\" TIME=\"[^\"]+\" CHANGES=\"name=nsw0\\\\x0akind=veth\" SOURCE=\"rtnetlink\"$"
}

@test "a stalled reader makes the kernel drop events: a lost line, then a resync" {
	inns ip link add nsw0 type veth peer name nsw1
	ia=$(ifindex nsw0)
	# A pipe nobody reads: nswatch blocks on it once it is full.
	mkfifo "$BATS_TEST_TMPDIR/pipe"
	exec 7<>"$BATS_TEST_TMPDIR/pipe"
	# A buffer of 1 MiB, which the burst below overflows.
	bg env NSTOOLS_WATCH_RCVBUF=1048576 "$NSWATCH" -n -r /net/addr \
	    >"$BATS_TEST_TMPDIR/pipe" 2>"$err"
	watcher=$!
	for _ in $(seq 100); do
		[ "$(cat /proc/$watcher/wchan)" = do_epoll_wait ] && break
		sleep 0.05
	done
	# Enough lines to fill the pipe, then enough messages to overflow
	# the socket's buffer while nswatch waits on the pipe.
	for j in $(seq 1 20); do
		for i in $(seq 1 250); do
			echo "addr add 10.$j.0.$i/32 dev nsw0"
		done
	done >"$BATS_TEST_TMPDIR/batch"
	# A line is some 60 bytes: 2,000 of them are more than a pipe holds.
	head -2000 "$BATS_TEST_TMPDIR/batch" | inns ip -batch -
	for _ in $(seq 100); do
		[ "$(cat /proc/$watcher/wchan)" = pipe_write ] && break
		sleep 0.05
	done
	tail -3000 "$BATS_TEST_TMPDIR/batch" | inns ip -batch -
	cat <&7 >"$out" &
	helper=$!
	lost=$(await '^/net/addr lost ')
	last=$(await "$(line add /net/addr/$ia/10.20.0.250-32)")
	[ "$last" -gt "$lost" ]
	# Every address was printed once, whatever was dropped.  The last
	# one added may arrive as an event before the listing that follows
	# the loss has printed what was dropped: wait for all, 20 s at most.
	for _ in $(seq 400); do
		run -0 awk '$2 == "add" { n[$1]++ } END {
		    for (p in n) { c++; if (n[p] != 1) d++ }
		    print c + 0, d + 0 }' "$out"
		[ "${output% *}" -lt 5000 ] || break
		sleep 0.05
	done
	assert_output "5000 0"
	exec 7<&-
}

@test "a name that holds an escape sequence is escaped, in every format" {
	inns ip link add nsw0 type veth peer name nsw1
	ia=$(ifindex nsw0)
	start_watch -J /dev/net/$ia
	inns ip link set nsw0 name $'nsw\e[2J'
	await '"action":"change"'
	run -0 cat "$out"
	refute_control_bytes "$output"
	run -0 jq -r 'select(.action == "change") | .changes.name' "$out"
	assert_output 'nsw\x1b[2J'
	kill "$watcher"
	start_watch -r /dev/net/$ia
	inns ip link set $'nsw\e[2J' name $'nsw0\e'
	# Escaped once: the name's ESC is \x1b, not the escape escaped.
	await "$(line change /dev/net/$ia) name=nsw0\\\\x1b\$"
	run -0 cat "$out"
	refute_control_bytes "$output"
	kill "$watcher"
	start_watch -P -o path,changes /dev/net/$ia
	inns ip link set $'nsw0\e' name $'nsw\e1'
	await "^PATH=\"/dev/net/$ia\" CHANGES=\"name=nsw\\\\x1b1\"\$"
}

@test "the uevents of a new interface name only what nscat resolves" {
	start_watch -r /dev
	inns ip link add nsw0 type veth peer name nsw1
	ia=$(ifindex nsw0)
	await "$(line add /dev/net/$ia)"
	# The interface's queues send uevents too: they are no device.
	sleep 0.2
	run -0 awk '$2 == "add" { print $1 }' "$out"
	assert_line "/dev/net/$ia"
	refute_line --regexp '^/dev/queues/'
	# Device uevents reach every namespace of the initial user
	# namespace, those of what other runs make and unmake meanwhile
	# too: an add nscat does not resolve is one that was removed since,
	# whose remove may still be on its way on a loaded machine.
	for _ in $(seq 10); do
		sleep 0.5
		run --separate-stderr inns "$NSCAT" -n -r -o path - < <(
		    awk '$2 == "add" && !gone[$1] { print $1 }
			$2 == "remove" { gone[$1] = 1 }' <(tac "$out"))
		[ "$status" -ne 0 ] || break
	done
	[ "$status" -eq 0 ] || { echo "$stderr" >&2; return 1; }
	assert_line "/dev/net/$ia"
	assert_line "/dev/net/$(ifindex nsw1)"
}

@test "a device's uevent arrives as its /dev path, with its action" {
	local dev=/sys/devices/virtual/mem/null
	[ -w "$dev/uevent" ] || skip "no writable $dev/uevent here"
	# Device uevents reach the namespaces of the initial user namespace
	# only: this watch runs in the initial one.  Writing to a device's
	# uevent file makes the kernel send one, as it would for a device
	# that comes and goes.
	"$NSWATCH" -r -n /dev/char/1 >"$out" 2>"$err" &
	watcher=$!
	for _ in $(seq 100); do
		[ "$(cat /proc/$watcher/wchan 2>/dev/null)" = do_epoll_wait ] &&
		    break
		sleep 0.05
	done
	echo change >"$dev/uevent"
	await "$(line change /dev/char/1/3) -\$"
	# An add says what came, as nscat names it.
	echo add >/sys/devices/virtual/mem/zero/uevent
	await "$(line add /dev/char/1/5) name=zero\\\\x0asubsystem=mem\$"
	run -0 "$NSCAT" -n -r -o name /dev/char/1/3
	assert_output null
	# Nothing outside the subtree asked for.
	run -1 grep -v '^/dev/char/1/' "$out"
}

@test "a path with nothing to watch ends the run at once, saying why" {
	# Taken as written (nothing lives there yet), and no source has it.
	run -1 --separate-stderr "$NSWATCH" -Q 'action == "add"' /nosuch
	assert_equal "$stderr" \
	    "nswatch: /nosuch: cannot be watched: no source of events reaches it"
	assert_output ""
	run -1 --separate-stderr "$NSWATCH" -Q 'action == "add"' nosuch
	assert_equal "$stderr" "nswatch: nosuch: no such object"
	# A network namespace there is not.
	run -1 --separate-stderr "$NSWATCH" /ns/net/1/dev/net
	assert_equal "$stderr" "nswatch: /ns/net/1/dev/net: cannot be watched: the network namespace cannot be entered: No such file or directory"
	# Namespaces come and go unannounced; of another one, only a
	# network namespace's subtrees are watched.
	run -1 --separate-stderr "$NSWATCH" /ns/net
	assert_equal "$stderr" "nswatch: /ns/net: cannot be watched: the kernel announces no namespace's coming or going"
	mnt=$(stat -L -c %i "/proc/$holder/ns/mnt")
	run -1 --separate-stderr "$NSWATCH" "/ns/mnt/$mnt/mount"
	assert_equal "$stderr" "nswatch: /ns/mnt/$mnt/mount: cannot be watched: of another namespace, only a network namespace's subtrees are watched"
	# Each path that cannot be watched is said; the others are watched.
	start_watch -r /nosuch /dev/net /user/0
	run -0 cat "$err"
	assert_line "nswatch: /nosuch: cannot be watched: no source of events reaches it"
	assert_line "nswatch: /user/0: cannot be watched: no source of events reaches it"
	inns ip link add nsw0 type veth peer name nsw1
	await "$(line add /dev/net/$(ifindex nsw0))"
}

@test "an interface's add and remove say its name and kind, as ip monitor does; -o and -Q read them once it left" {
	start_monitor link
	start_watch -r -n -o path,action,name,kind,changes \
	    -Q 'name == "nsi0" && kind == "veth"' /dev/net
	inns ip link add nsi0 type veth peer name nsi1
	ia=$(ifindex nsi0)
	await "^/dev/net/$ia add nsi0 veth name=nsi0\\\\x0akind=veth\$"
	inns ip link del nsi0
	await "^/dev/net/$ia remove nsi0 veth name=nsi0\\\\x0akind=veth\$"
	# Its peer, gone with it, is not nsi0.
	run -1 grep nsi1 "$out"
	# ip monitor names the same interface gone.
	for _ in $(seq 100); do
		grep -q "^Deleted $ia: nsi0@" "$mon" && break
		sleep 0.05
	done
	run -0 grep -c "^Deleted $ia: nsi0@" "$mon"
	assert_output 1
}

@test "a veth moved to another namespace is a move to its path there, as ip monitor says" {
	add_netns
	# An id for it here, so that ip monitor, which maps ids to names as
	# it starts, says its name.
	inns ip netns set "$netns" auto
	inns ip link add nsm0 type veth peer name nsm1
	ia=$(ifindex nsm1)
	start_monitor link
	start_watch -r -n -o path,action,changes,to /dev/net
	inns ip link set nsm1 netns "$netns"
	ib=$(inns ip -n "$netns" -o link show nsm1 | cut -d: -f1)
	await "^/dev/net/$ia move to=/ns/net/$ino/dev/net/$ib\\\\x0aname=nsm1\\\\x0akind=veth /ns/net/$ino/dev/net/$ib\$"
	# Not a removal.
	run -1 grep " remove " "$out"
	# ip monitor says where it went, by name and index.
	for _ in $(seq 100); do
		grep -q "^Deleted $ia: nsm1@.* new-netns $netns new-ifindex $ib" \
		    "$mon" && break
		sleep 0.05
	done
	run -0 grep -c "^Deleted $ia: nsm1@.* new-netns $netns new-ifindex $ib" "$mon"
	assert_output 1
	# The path printed is nscat's input.
	run -0 --separate-stderr inns "$NSCAT" -n -r -o name \
	    "/ns/net/$ino/dev/net/$ib"
	assert_output nsm1
}

@test "another namespace's interfaces and addresses are watched by their /ns/net paths" {
	add_netns
	start_watch -r -n /ns/net/"$netns"/dev/net /ns/net/"$netns"/net/addr
	inns ip -n "$netns" link add nsf0 type veth peer name nsf1
	ia=$(inns ip -n "$netns" -o link show nsf0 | cut -d: -f1)
	await "$(line add /ns/net/$ino/dev/net/$ia) name=nsf0\\\\x0akind=veth\$"
	inns ip -n "$netns" addr add 10.7.7.1/24 dev nsf0
	await "$(line add /ns/net/$ino/net/addr/$ia/10.7.7.1-24) interface=/ns/net/$ino/dev/net/$ia\\\\x0aifname=nsf0\$"
	run -0 --separate-stderr inns "$NSCAT" -n -r -o address \
	    "/ns/net/$ino/net/addr/$ia/10.7.7.1-24"
	assert_output 10.7.7.1
	inns ip -n "$netns" link del nsf0
	await "$(line remove /ns/net/$ino/net/addr/$ia/10.7.7.1-24) .*ifname=nsf0\$"
	await "$(line remove /ns/net/$ino/dev/net/$ia) name=nsf0\\\\x0akind=veth\$"
	# Nothing of the caller's own namespace, nor anything but events.
	inns ip link add nsw0 type veth peer name nsw1
	sleep 0.2
	run -1 grep -v "^/ns/net/$ino/" "$out"
	run -1 grep -v '^nswatch: /proc' "$err"
}

@test "another namespace's socket that closes is removed by its path, with its address" {
	add_netns
	inns ip -n "$netns" link set lo up
	mkfifo "$BATS_TEST_TMPDIR/ready"
	bg ip netns exec "$netns" python3 -c '
import os, socket, sys, time
s = socket.socket()
s.bind(("127.0.0.1", 0))
s.listen(1)
with open(sys.argv[1], "w") as f:
    f.write("%d %d\n" % (os.fstat(s.fileno()).st_ino, s.getsockname()[1]))
time.sleep(1000)' "$BATS_TEST_TMPDIR/ready"
	helper=$!
	read -r ino port <"$BATS_TEST_TMPDIR/ready"
	start_watch -r -n "/ns/net/$netns/sock/tcp"
	kill "$helper"
	wait "$helper" || true
	helper=
	# A socket keeps its path of /sock in any namespace.
	await "$(line remove /sock/tcp/$ino) local=127.0.0.1:$port\$"
}

@test "an address the kernel never announced is removed, as ip monitor tells: 10 rounds of veth churn" {
	[ "$(inns cat /proc/sys/net/ipv6/conf/default/disable_ipv6)" = 0 ] ||
	    skip "IPv6 is disabled here"
	start_monitor address
	start_watch -r -n -o path,action /net/addr
	for _ in $(seq 10); do
		inns ip link add nsc0 type veth peer name nsc1
		inns ip link set nsc0 up
		inns ip link set nsc1 up
		inns ip link set nsc0 down
		inns ip link del nsc0
	done
	# ip monitor's removals, as paths: "Deleted 5: nsc1 inet6 A/64 ...".
	mon_removed() {
		awk '$1 == "Deleted" && $2 != "1:" { sub(":", "", $2)
		    sub("/", "-", $5); print "/net/addr/" $2 "/" $5 }' "$mon" |
		    sort
	}
	removed() {
		awk '$2 == "remove" && $1 !~ "^/net/addr/1/" { print $1 }' \
		    "$out" | sort
	}
	# Until both have told the same removals twice in a row: on a busy
	# machine an interface may go before its link-local address came,
	# so how many there are is the kernel's to say, not the test's.
	local same=0
	for _ in $(seq 100); do
		if [ "$(mon_removed | wc -l)" -gt 0 ] &&
		    [ "$(removed)" = "$(mon_removed)" ]; then
			same=$((same + 1))
			[ "$same" -ge 2 ] && break
		else
			same=0
		fi
		sleep 0.05
	done
	# The link-local addresses of up to 20 interfaces, some never
	# announced.
	run -0 mon_removed
	[ "${#lines[@]}" -gt 0 ]
	assert_equal "$(removed)" "$(mon_removed)"
	run -0 grep -c tentative "$mon"
	[ "$output" -gt 0 ]
}
