#!/usr/bin/env bats
# /ns: Linux namespaces, checked against namespaces the tests make with
# unshare(1) and ip-netns(8), and against what lsns(8) lists.

bats_require_minimum_version 1.5.0
load helpers/common

setup() {
	helpers=()
	cgroups=()
	netns_dir_made=
	netns_name=
}

teardown() {
	local p

	# SIGKILL: the first process of a pid namespace ignores the signals
	# it has no handler for.
	kill_helpers -KILL
	for p in "${cgroups[@]}"; do
		for i in $(seq 100); do
			[ -s "$p/cgroup.procs" ] || break
			sleep 0.05
		done
		rmdir "$p" 2>/dev/null || true
	done
	[ -z "$netns_name" ] || rm -f "/run/netns/$netns_name" 2>/dev/null || true
	if [ -n "$netns_dir_made" ]; then
		rmdir /run/netns 2>/dev/null || true
	fi
}

needs_root() {
	[ "$(id -u)" = 0 ] || skip "needs root to make namespaces"
}

# Start a command in the background and wait until the process $1 levels
# below it has exec'd the program whose comm is $2 in a namespace other
# than the caller's $3 namespace; its pid is left in $pid.
start_in_ns() {
	local kind=$1 comm=$2 i ns
	shift 2

	"$@" 3>&- &
	pid=$!
	helpers+=("$pid")
	for i in $(seq 100); do
		# The right of != quoted, or it is a pattern (above).
		ns=$(readlink "/proc/$pid/ns/$kind")
		if [[ $(cat "/proc/$pid/comm" 2>/dev/null) == "$comm" &&
		    -n $ns && $ns != "$(readlink "/proc/self/ns/$kind")" ]]
		then
			return 0
		fi
		sleep 0.05
	done
	echo "helper $pid never became $comm in a new $kind namespace" >&2
	return 1
}

# Start "$@" sleep 1000 (an unshare that forks) in the background and
# wait until the sleep it forks runs; the pid of that sleep in $pid.
start_forked_sleep() {
	local i

	"$@" sleep 1000 3>&- &
	helpers+=("$!")
	for i in $(seq 100); do
		pid=$(pgrep -P "$!" -x sleep) && break
		sleep 0.05
	done
	[ -n "$pid" ] || return 1
	helpers+=("$pid")
}

# The inode of a process's namespace of one kind.
ino() {
	stat -L -c %i "/proc/$1/ns/$2"
}

# One attribute of one object, as JSON gives it (null when it has none).
attr() {
	"$NSCAT" -J -o "$2" "$1" 2>/dev/null | jq -r ".objects[0].$2"
}

@test "/ns lists the eight kinds of namespace" {
	run -0 "$NSLS" /ns
	assert_output "$(printf '/ns/%s\n' cgroup ipc mnt net pid time user uts)"
	run -0 --separate-stderr "$NSLS" -l /ns/net
	assert_line --index 0 --regexp '^PATH +TYPE +SUMMARY$'
}

@test "a process in new net and uts namespaces: its objects and links" {
	needs_root
	start_in_ns net sleep unshare -n -u sleep 1000
	net=$(ino "$pid" net)
	uts=$(ino "$pid" uts)
	user=$(ino self user)
	run -0 --separate-stderr "$NSCAT" -J \
	    -o path,type,nstype,inode,processes,nprocs,owner,parent \
	    "/ns/net/$net"
	run -0 jq -r '.objects[0] | [.path, .type, .nstype, .inode,
	    (.processes | join(",")), .nprocs, .owner, .parent] | join("|")' \
	    <<<"$output"
	assert_output "/ns/net/$net|netns|net|$net|/proc/$pid|$(nprocs_seen 1)|/ns/user/$user|"
	run -0 attr "/ns/uts/$uts" processes
	assert_output "[
  \"/proc/$pid\"
]"
	run -0 attr "/ns/net/$net" summary
	assert_output "net $net $(procs_seen 1) proc sleep 1000"
	run -0 --separate-stderr "$NSLS" /ns/net /ns/uts
	assert_line "/ns/net/$net"
	assert_line "/ns/uts/$uts"
}

@test "the namespace links of /proc/PID lead to objects listing that pid" {
	needs_root
	start_in_ns net sleep unshare -n -u -i sleep 1000
	for t in net uts ipc mnt pid user cgroup time; do
		[ -e "/proc/$pid/ns/$t" ] || continue
		run -0 attr "/proc/$pid" "${t}ns"
		assert_output "/ns/$t/$(ino "$pid" "$t")"
		link=$output
		run -0 --separate-stderr "$NSCAT" -r -n -o path,processes "$link"
		assert_output --partial "/proc/$pid"
		assert_line --index 0 --partial "$link "
	done
}

@test "an nsfs file bind-mounted by ip netns resolves to its namespace" {
	needs_root
	command -v ip >/dev/null || skip "ip(8) is missing"
	[ -d /run/netns ] || netns_dir_made=1
	# A name of this run's: another run of the suite may be at it too.
	netns_name=nstools-test-$$
	# A mount namespace of the test's own takes the mounts away with it.
	run -0 --separate-stderr unshare -m --propagation private bash -c '
		set -e
		ip netns add "$3"
		trap "ip netns delete \"$3\"" EXIT
		stat -L -c %i "/run/netns/$3"
		"$1" -r -n -o path,nprocs,nsfs,summary "/run/netns/$3"
		"$2" /ns/net
	' - "$NSCAT" "$NSLS" "$netns_name"
	ino=${lines[0]}
	assert_line --index 1 "/ns/net/$ino $(nprocs_seen 0 -) /fs/run/netns/$netns_name net\\x20$ino\\x20$(procs_seen 0)\\x20procs\\x20held\\x20by\\x20/fs/run/netns/$netns_name"
	assert_line "/ns/net/$ino"
	[ ! -e "/run/netns/$netns_name" ]
}

@test "a user namespace: its parent, owner and creator" {
	needs_root
	start_in_ns user sleep unshare -U -r -n sleep 1000
	user=$(ino "$pid" user)
	init=$(ino self user)
	run -0 --separate-stderr "$NSCAT" -P -o path,nstype,parent,owner,creator \
	    "/ns/user/$user"
	assert_output "PATH=\"/ns/user/$user\" NSTYPE=\"user\" PARENT=\"/ns/user/$init\" OWNER=\"/ns/user/$init\" CREATOR=\"/user/$(id -u)\""
	# The network namespace made inside it is owned by it.
	run -0 attr "/ns/net/$(ino "$pid" net)" owner
	assert_output "/ns/user/$user"
	run -0 --separate-stderr "$NSLS" /ns/user
	assert_line "/ns/user/$user"
	assert_line "/ns/user/$init"
}

@test "a nested user namespace: parents up to the caller's" {
	needs_root
	start_in_ns user sleep unshare -U -r unshare -U -r sleep 1000
	inner=$(ino "$pid" user)
	run -0 attr "/ns/user/$inner" parent
	outer=${output#/ns/user/}
	[ "$outer" != "$inner" ]
	[ "$outer" != "$(ino self user)" ]
	run -0 attr "/ns/user/$outer" parent
	assert_output "/ns/user/$(ino self user)"
	# Both resolve, and the caller's has no parent it may see.
	run -0 attr "/ns/user/$outer" nstype
	assert_output user
	run -0 attr "/ns/user/$(ino self user)" parent
	assert_output null
}

@test "a pid namespace has its parent; other kinds have none" {
	needs_root
	start_forked_sleep unshare -p -f --kill-child
	child=$(ino "$pid" pid)
	[ "$child" != "$(ino self pid)" ]
	run -0 attr "/ns/pid/$child" parent
	assert_output "/ns/pid/$(ino self pid)"
	run -0 attr "/ns/pid/$(ino self pid)" parent
	assert_output null
	run -0 attr "/ns/net/$(ino self net)" parent
	assert_output null
}

@test "an nsfs file under /proc/PID/ns resolves to its namespace" {
	needs_root
	start_in_ns net sleep unshare -n sleep 1000
	run -0 --separate-stderr "$NSCAT" -r -n -o path \
	    "/proc/$pid/ns/net" /proc/self/ns/user
	assert_output "$(printf '/ns/net/%s\n/ns/user/%s' "$(ino "$pid" net)" \
	    "$(ino self user)")"
}

@test "a namespace only a descriptor keeps alive is listed, with its holder" {
	needs_root
	start_in_ns net sleep unshare -n sleep 1000
	maker=$pid
	net=$(ino "$maker" net)
	sleep 1000 7<"/proc/$maker/ns/net" 3>&- &
	holder=$!
	helpers+=("$holder")
	for i in $(seq 100); do
		[[ $(readlink "/proc/$holder/fd/7") == "net:[$net]" ]] && break
		sleep 0.05
	done
	kill -KILL "$maker"
	while [ -e "/proc/$maker/ns" ]; do sleep 0.05; done
	run -0 --separate-stderr "$NSCAT" -J -o path,nprocs,fds,keepers,summary \
	    "/ns/net/$net"
	run -0 jq -r '.objects[0] | [.path, .nprocs, (.fds | join(",")),
	    (.keepers | join(",")), .summary] | join("|")' <<<"$output"
	assert_output "/ns/net/$net|$(nprocs_seen 0)|/proc/$holder/fd/7|/proc/$holder/fd/7|net $net $(procs_seen 0) procs held by /proc/$holder/fd/7"
	run -0 attr "/proc/$holder/fd/7" object
	assert_output "/ns/net/$net"
	# Something keeps it alive, so the listing of its kind has it.
	run -0 --separate-stderr "$NSLS" /ns/net
	assert_line "/ns/net/$net"
	run -0 --separate-stderr "$NSLS" -n -r -o path,keepers /ns/net
	assert_line "/ns/net/$net /proc/$holder/fd/7"
	run -0 --separate-stderr "$NSCAT" -n -r -o path "/proc/$holder/fd/7"
	assert_output "/proc/$holder/fd/7"
}

@test "a network namespace kept by a socket held elsewhere: its keepers" {
	needs_root
	command -v python3 >/dev/null || skip "no python3"
	start_in_ns net sleep unshare -n sleep 1000
	maker=$pid
	net=$(ino "$maker" net)
	out=$BATS_TEST_TMPDIR/holder
	# The holder makes a socket in the namespace and comes back out.
	python3 -c '
import ctypes, os, socket, sys, time
libc = ctypes.CDLL(None, use_errno=True)
there = os.open(sys.argv[1], os.O_RDONLY)
here = os.open("/proc/self/ns/net", os.O_RDONLY)
if libc.setns(there, 0x40000000) != 0:
	sys.exit("setns there")
s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
if libc.setns(here, 0x40000000) != 0:
	sys.exit("setns back")
os.close(there)
print("sock=%d" % os.fstat(s.fileno()).st_ino)
print("ready", flush=True)
time.sleep(600)' "/proc/$maker/ns/net" >"$out" 2>&1 3>&- &
	holder=$!
	helpers+=("$holder")
	wait_ready "$out"
	sock=$(sed -n 's/^sock=//p' "$out")
	kill -KILL "$maker"
	while [ -e "/proc/$maker/ns" ]; do sleep 0.05; done
	run -0 attr "/ns/net/$net" keepers
	run -0 jq -r 'join(",")' <<<"$output"
	assert_output "/sock/udp/$sock"
	run -0 attr "/ns/net/$net" summary
	assert_output "net $net $(procs_seen 0) procs held by /sock/udp/$sock"
	run -0 attr "/sock/udp/$sock" netns
	assert_output "/ns/net/$net"
}

@test "a uts namespace has its host and domain names, as its members see them" {
	needs_root
	out=$BATS_TEST_TMPDIR/uts
	unshare -u sh -c 'hostname "nst$$"; domainname "nsd$$"; echo ready;
	    exec sleep 600' >"$out" 2>&1 3>&- &
	helpers+=("$!")
	wait_ready "$out"
	pid=$!
	uts=$(ino "$pid" uts)
	run -0 --separate-stderr "$NSCAT" -n -r -o path,hostname,domainname \
	    "/proc/$pid/ns/uts"
	assert_output "/ns/uts/$uts $(nsenter -t "$pid" -u hostname) $(nsenter -t "$pid" -u domainname)"
	assert_output "/ns/uts/$uts nst$pid nsd$pid"
	# Reading it leaves the tool in its own namespace.
	run -0 --separate-stderr "$NSCAT" -n -r -o hostname \
	    "/ns/uts/$uts" /proc/self/ns/uts
	assert_output "nst$pid
$(hostname)"
	run -0 --separate-stderr "$NSLS" -n -r -o path,hostname /ns/uts
	assert_line "/ns/uts/$uts nst$pid"
	run -0 --separate-stderr "$NSCAT" -n -r -o path "/ns/uts/$uts"
	assert_output "/ns/uts/$uts"
}

@test "a rootless uts namespace is read by its unprivileged owner" {
	local as

	need_rootless -r -u
	start_holder_of "${as[@]}" unshare -r -u sh -c 'hostname "rl$$";
	    echo ready; exec sleep 600'
	pid=$holder
	uts=$(ino "$pid" uts)
	run -0 unskipped "${as[@]}" "$NSCAT" -n -r -o path,hostname \
	    "/ns/uts/$uts"
	assert_output "/ns/uts/$uts rl$pid"
	# Another user may not enter it: passed over, and said so.
	run --separate-stderr setpriv --reuid=65533 --regid=65533 \
	    --clear-groups "$NSCAT" -n -r -o hostname "/ns/uts/$uts"
	refute_output "rl$pid"
	[[ $stderr == *"not readable (permission denied), skipped"* ]]
}

@test "a user namespace has its id maps and setgroups, as its members show them" {
	needs_root
	start_in_ns user sleep unshare -U --map-user=1000 --map-group=1000 \
	    sleep 1000
	user=$(ino "$pid" user)
	run -0 --separate-stderr "$NSCAT" -J -o uid_map,gid_map,setgroups \
	    "/ns/user/$user"
	run -0 jq -r '.objects[0] | [(.uid_map | join(",")),
	    (.gid_map | join(",")), .setgroups] | join("|")' <<<"$output"
	assert_output "$(awk '{ print $1, $2, $3 }' "/proc/$pid/uid_map" | paste -sd,)|$(awk '{ print $1, $2, $3 }' "/proc/$pid/gid_map" | paste -sd,)|$(cat "/proc/$pid/setgroups")"
	assert_output "1000 0 1|1000 0 1|deny"
	run -0 attr "/ns/user/$(ino self user)" setgroups
	assert_output allow
}

@test "a cgroup namespace has its root, as a path of the file tree" {
	local cg base ns

	needs_root
	base=$(awk '$9 == "cgroup2" { print $5; exit }' /proc/self/mountinfo)
	[ -n "$base" ] || skip "no cgroup2 hierarchy mounted"
	cg=$base/nstools-$$
	mkdir "$cg" || skip "cannot make a cgroup under $base"
	cgroups+=("$cg")
	sh -c 'echo $$ >"$1/cgroup.procs" && exec unshare -C sleep 1000' - \
	    "$cg" 3>&- &
	helpers+=("$!")
	pid=$!
	# Quoted: unquoted, the right of != is a pattern, and a bracket
	# such as [4026531835] matches one digit, never the name itself.
	for i in $(seq 100); do
		ns=$(readlink "/proc/$pid/ns/cgroup")
		[[ -n $ns && $ns != "$(readlink /proc/self/ns/cgroup)" ]] &&
		    break
		sleep 0.05
	done
	[ "$(nsenter -t "$pid" -C sed -n 's/^0:://p' "/proc/$pid/cgroup")" = / ]
	cgns=$(ino "$pid" cgroup)
	run -0 attr "/ns/cgroup/$cgns" root
	assert_output "/fs$cg"
	run -0 --separate-stderr "$NSCAT" -n -r -o path "$output"
	assert_output "/fs$cg"
	run -0 --separate-stderr "$NSCAT" -n -r -o path "$cg"
	assert_output "/fs$cg"
}

@test "a time namespace has its clock offsets" {
	needs_root
	unshare -T -f --monotonic 1000 --boottime 2000 true 2>/dev/null ||
	    skip "this kernel or unshare makes no time namespace"
	start_forked_sleep unshare -T -f --kill-child --monotonic 1000 \
	    --boottime 2000
	time=$(ino "$pid" time)
	[ "$time" != "$(ino self time)" ]
	run -0 --separate-stderr "$NSCAT" -n -r -o path,monotonic,boottime \
	    "/ns/time/$time"
	assert_output "/ns/time/$time $(awk '$1 == "monotonic" { print $2 "\\x20" $3 }' "/proc/$pid/timens_offsets") $(awk '$1 == "boottime" { print $2 "\\x20" $3 }' "/proc/$pid/timens_offsets")"
	assert_output "/ns/time/$time 1000\\x200 2000\\x200"
	run -0 attr "/ns/time/$(ino self time)" monotonic
	assert_output "0 0"
}

@test "the attributes of a kind are its own, each with its help" {
	run -0 --separate-stderr "$NSCAT" -n -r -o hostname "/ns/uts/$(ino self uts)"
	assert_output "$(hostname)"
	run -0 --separate-stderr "$NSCAT" -n -r -o hostname "/ns/net/$(ino self net)"
	# "-": a network namespace has no such column.
	[ "$output" = - ]
	run -0 --separate-stderr "$NSCAT" -H
	for c in hostname domainname uid_map gid_map setgroups monotonic \
	    boottime keepers; do
		assert_line --regexp "^${c^^} +(string|strings|links) +[a-z]"
	done
	assert_line --regexp "^ROOT +link +on cgroupns: "
}

# Run a function of this file in a pid namespace of its own, with a
# /proc of its own in a mount namespace of its own: there every process,
# and so every namespace one is in, is the test's, and two listings, the
# tools' and a peer's, see the same ones though not at one moment.  The
# test's holders are in one namespace of each kind of their own.
# $output and $stderr as run gives them.
in_own_pidns() {
	needs_root
	unshare -p -f --mount-proc true 2>/dev/null ||
	    skip "no pid namespace with a /proc of its own here"
	export -f "$1"
	NSLS=$NSLS NSCAT=$NSCAT run --separate-stderr \
	    unshare -p -f --mount-proc bash -c '
		set -eo pipefail
		unshare -C -i -m -n -u -U -T -p -f sleep 1000 &
		for i in $(seq 100); do
			pgrep -x sleep >/dev/null && break
			sleep 0.05
		done
		"$@"' bash "$@"
}

# Each namespace lsns lists that nsls does not, and each nsls lists that
# lsns does not and that holds a process, for every kind.  lsns runs
# first, not beside nsls: a process nsls forks to read a namespace may
# be gone by the time lsns reads its links, and lsns then lists none of
# that kind (it is asked again if it fails).
lsns_and_nsls() {
	local t ns theirs i
	for t in cgroup ipc mnt net pid time user uts; do
		for i in 1 2 3; do
			theirs=$(lsns -n -r -o NS -t "$t") && break
			sleep 0.1
		done
		comm -3 <(sort -u <<<"$theirs") \
		    <("$NSLS" "/ns/$t" | sed "s|^/ns/$t/||" | sort -u) |
		while IFS= read -r ns; do
			# Only nsls lists one no process is in: an owner, a
			# parent, or one a bind mount keeps.
			if [[ $ns == $'\t'* ]] &&
			    [[ $("$NSCAT" -n -r -o nprocs "/ns/$t/${ns#$'\t'}") == 0 ]]
			then
				continue
			fi
			if [[ $ns == $'\t'* ]]; then
				echo "$t: ${ns#$'\t'} listed by nsls alone, with processes"
			else
				echo "$t: $ns listed by lsns alone"
			fi
		done
	done
	echo done
}

@test "nsls /ns/KIND lists what lsns lists, and only namespaces" {
	command -v lsns >/dev/null || skip "no lsns here"
	in_own_pidns lsns_and_nsls
	assert_success
	assert_output done
}

# What nscat says of every namespace nsls lists: each as itself.  A
# namespace another suite ends between the listing and nscat (one bound
# in /run/netns, which this pid namespace sees too) is said to be no
# such object, and no longer listed.
listed_resolve() {
	local kinds=(/ns/cgroup /ns/ipc /ns/mnt /ns/net /ns/pid /ns/time
	    /ns/user /ns/uts) listed got p err

	err=$(mktemp)
	listed=$("$NSLS" "${kinds[@]}")
	got=$("$NSCAT" -n -r -o path - 2>"$err" <<<"$listed") ||
	    true
	diff <(echo "$listed") <(echo "$got") | sed -n 's/^> //p' | grep . &&
	    return 1
	for p in $(comm -23 <(sort <<<"$listed") <(sort <<<"$got")); do
		grep -qFx "nscat: $p: no such object" "$err" &&
		    ! "$NSLS" "${kinds[@]}" | grep -qFx "$p" || {
			echo "$p did not resolve:" >&2
			cat "$err" >&2
			return 1
		}
	done
	rm -f "$err"
	echo same
}

@test "every listed namespace resolves to itself" {
	in_own_pidns listed_resolve
	assert_success
	assert_equal "$stderr" ""
	assert_output same
}

@test "nsls -l and nscat -J of /ns are valid JSON with the summaries" {
	run -0 --separate-stderr "$NSLS" -J -l /ns/net
	run -0 jq -r '.nodes[0].summary' <<<"$output"
	assert_output --regexp '^net [0-9]+ [0-9]+\+? procs? '
	run -0 --separate-stderr "$NSCAT" -J "/ns/user/$(ino self user)"
	run -0 jq -r '.objects[0] | [.type, .nstype,
	    ((.processes | length) > 0 and (.nprocs == null or .nprocs > 0))] |
	    join(" ")' \
	    <<<"$output"
	assert_output "userns user true"
}

@test "paths that name no namespace" {
	for p in /ns/nosuch /ns/net/1 /ns/net/x /ns/net/01 \
	    "/ns/user/$(ino self net)" "/ns/net/$(ino self net)/x"; do
		run -1 --separate-stderr "$NSCAT" "$p"
		assert_output ""
		grep -qxF "nscat: $p: no such object" <<<"$stderr"
	done
}

@test "a namespace whose processes the caller cannot see has no count" {
	needs_root
	command -v ip >/dev/null || skip "ip(8) is missing"
	command -v setpriv >/dev/null || skip "no setpriv"
	# A process of root's in a namespace ip netns names: nobody finds
	# the namespace by its nsfs mount, but not the process in it.
	run -0 --separate-stderr unshare -m --propagation private bash -c '
		set -e
		n=nstools-hidden-$$
		ip netns add "$n"
		ip netns exec "$n" sleep 1000 &
		trap "kill $!; ip netns delete $n" EXIT
		for i in $(seq 50); do
			[ "$(ip netns pids "$n")" ] && break
			sleep 0.1
		done
		stat -L -c %i "/run/netns/$n"
		setpriv --reuid=65534 --regid=65534 --clear-groups \
		    "$1" -r -n -o path,nprocs,summary "/run/netns/$n"
	' - "$NSCAT"
	ino=${lines[0]}
	# Not "0 procs": some are hidden, so the count is of those seen.
	assert_line --index 1 --regexp "^/ns/net/$ino - net\\\\x20$ino\\\\x200\\+\\\\x20procs\\\\x20held\\\\x20by\\\\x20/fs/run/netns/nstools-hidden-[0-9]+\$"
	[[ $stderr =~ $SKIPPED_LINE ]]
}
