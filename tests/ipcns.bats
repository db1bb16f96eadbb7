#!/usr/bin/env bats
# /ns/ipc/INODE: another ipc namespace's System V objects, named under it
# as /ns/ipc/INODE/ipc/KIND/ID.  Each test makes its namespaces with
# unshare -i, a holder inside that makes a segment (attached), a
# semaphore set and a message queue (one message) with python3's ctypes,
# then sleeps; teardown kills the holders.  Every path a tool prints is
# checked to name itself again.

bats_require_minimum_version 1.5.0
load helpers/common

PY=/usr/bin/python3

# The holder: keys from argv, ids and "ready" on stdout, then asleep.
HOLD='
import ctypes, sys, time
libc = ctypes.CDLL(None, use_errno=True)
libc.shmat.restype = ctypes.c_void_p
key = int(sys.argv[1], 0)
shm = libc.shmget(key, 8192, 0o1000 | 0o640)
if shm < 0 or libc.shmat(shm, None, 0) == ctypes.c_void_p(-1).value:
    sys.exit("shm")
sem = libc.semget(key + 1, 3, 0o1000 | 0o600)
msg = libc.msgget(key + 2, 0o1000 | 0o620)
class Msg(ctypes.Structure):
    _fields_ = [("mtype", ctypes.c_long), ("mtext", ctypes.c_char * 8)]
if sem < 0 or msg < 0 or libc.msgsnd(msg, ctypes.byref(Msg(1, b"hello")), 5, 0):
    sys.exit("sem or msg")
print("ids", shm, sem, msg, flush=True)
print("ready", flush=True)
time.sleep(600)
'

setup() {
	HOLDERS=()
	SHMS=()
	LAUNCH=(unshare -i)
	[ -x "$PY" ] || skip "no $PY"
	unshare -i true 2>/dev/null || skip "no new ipc namespace allowed here"
	HERE=$(stat -L -c %i /proc/self/ns/ipc)
}

teardown() {
	local p

	for p in "${HOLDERS[@]}"; do
		kill -KILL "$p" 2>/dev/null || true
	done
	for p in "${SHMS[@]}"; do
		ipcrm -m "$p" 2>/dev/null || true
	done
}

# A holder in a new ipc namespace, with the key given: its pid in
# $holder, the namespace's inode in $ino, its shm, sem and msg ids in
# $shm, $sem, $msg.  Arguments before the key prefix ${LAUNCH[@]}, the
# unshare (setpriv, to run it as another user; unshare's own options).
start_holder() {
	local out=$BATS_TEST_TMPDIR/holder$RANDOM key=${!#} i

	"${@:1:$#-1}" "${LAUNCH[@]}" "$PY" -c "$HOLD" "$key" >"$out" 2>&1 &
	holder=$!
	disown
	HOLDERS+=("$holder")
	for i in $(seq 200); do
		grep -qx ready "$out" 2>/dev/null && break
		sleep 0.05
	done
	grep -qx ready "$out" || { cat "$out" >&2; return 1; }
	read -r _ shm sem msg < <(grep '^ids ' "$out")
	ino=$(stat -L -c %i "/proc/$holder/ns/ipc")
}

# Every path of the output names itself again.
round_trip() {
	local p

	for p in $1; do
		run -0 unskipped "$NSCAT" -n -r -o path "$p"
		assert_output "$p"
	done
}

# Every link of the objects' attributes, one a line.
links_of() {
	"$NSCAT" -J "$@" 2>/dev/null |
	    jq -r '.objects[] | to_entries[] | .value |
		(if type == "array" then .[] else . end) | strings |
		select(startswith("/"))' | sort -u
}

@test "another namespace holds ipc, its kinds and its objects, under it" {
	start_holder 0x51c0
	run -0 unskipped "$NSLS" -n -r -o path /ns/ipc/"$ino"
	assert_output "/ns/ipc/$ino/ipc"
	run -0 unskipped "$NSLS" -n -r -o path /ns/ipc/"$ino"/ipc
	assert_output "/ns/ipc/$ino/ipc/shm
/ns/ipc/$ino/ipc/sem
/ns/ipc/$ino/ipc/msg"
	run -0 unskipped "$NSLS" -n -r -o path /ns/ipc/"$ino"/ipc/shm \
	    /ns/ipc/"$ino"/ipc/sem /ns/ipc/"$ino"/ipc/msg
	assert_output "/ns/ipc/$ino/ipc/shm/$shm
/ns/ipc/$ino/ipc/sem/$sem
/ns/ipc/$ino/ipc/msg/$msg"
	run -0 unskipped "$NSLS" -R -n -r -o path /ns/ipc/"$ino"
	assert_line "/ns/ipc/$ino/ipc/msg/$msg"
	round_trip "$output"
	run -0 unskipped "$NSLS" -n -r -o summary /ns/ipc/"$ino"/ipc
	assert_output "1\\x20shared\\x20memory\\x20segment
1\\x20semaphore\\x20set
1\\x20message\\x20queue"
}

@test "an object of another namespace keeps every attribute it has at home" {
	local p

	start_holder 0x51c0
	p=/ns/ipc/$ino/ipc
	run -0 unskipped "$NSCAT" -n -r -o path,type,key,id,owner,group,creator,cgroup,perm,size,nattch,attached,cpid,lpid \
	    "$p/shm/$shm"
	assert_output "$p/shm/$shm shm 0x000051c0 $shm /user/0 /group/0 /user/0 /group/0 0640 8192 1 /proc/$holder /proc/$holder /proc/$holder"
	run -0 unskipped "$NSCAT" -n -r -o key,perm,nsems "$p/sem/$sem"
	assert_output "0x000051c1 0600 3"
	run -0 unskipped "$NSCAT" -n -r -o key,perm,cbytes,qnum,lspid "$p/msg/$msg"
	assert_output "0x000051c2 0620 5 1 /proc/$holder"
	for a in ctime atime; do
		run -0 unskipped "$NSCAT" -n -r -o "$a" "$p/shm/$shm"
		assert_output --regexp '^[0-9]{4}-[0-9]{2}-[0-9]{2}T'
	done
	run -0 unskipped "$NSCAT" -n -r -o stime "$p/msg/$msg"
	assert_output --regexp '^[0-9]{4}-'
	run -0 links_of "$p/shm/$shm" "$p/sem/$sem" "$p/msg/$msg"
	[ -n "$output" ]
	round_trip "$output"
	# What the holder maps is that namespace's segment, not the
	# caller's of the same id.
	run -0 unskipped "$FDINFO" -a -n -r -o assoc,object -p "$holder"
	assert_line "shm $p/shm/$shm"
}

@test "ids are per namespace: each namespace's id names its own object" {
	local first

	start_holder 0x51c0
	first=$ino
	start_holder 0x52c0
	[ "$first" != "$ino" ]
	run -0 unskipped "$NSCAT" -n -r -o key /ns/ipc/"$first"/ipc/shm/0 \
	    /ns/ipc/"$ino"/ipc/shm/0
	assert_output "0x000051c0
0x000052c0"
}

@test "the caller's own namespace under its inode is the short form" {
	local id

	id=$(ipcmk -M 4096 | awk '{ print $NF }')
	SHMS+=("$id")
	run -0 unskipped "$NSLS" -n -r -o path /ns/ipc/"$HERE"
	assert_output "/ipc"
	run -0 unskipped "$NSCAT" -n -r -o path /ns/ipc/"$HERE"/ipc \
	    /ns/ipc/"$HERE"/ipc/shm /ns/ipc/"$HERE"/ipc/shm/"$id"
	assert_output "/ipc
/ipc/shm
/ipc/shm/$id"
	run -0 unskipped "$NSLS" -n -r -o path /ns/ipc/"$HERE"/ipc/shm
	assert_line "/ipc/shm/$id"
}

@test "a namespace or an id that does not exist is no object" {
	local p

	start_holder 0x51c0
	for p in /ns/ipc/1 /ns/ipc/1/ipc /ns/ipc/"$ino"/nosuch \
	    /ns/ipc/"$ino"/ipc/shm/999999 /ns/ipc/"$ino"/ipc/shm/x \
	    /ns/ipc/"$ino"/ipc/mqueue /ns/ipc/"$ino"/ipc/shm/"$shm"/x; do
		run -1 --separate-stderr "$NSCAT" "$p"
		assert_output ""
		[[ $stderr == *"nscat: $p: no such object"* ]]
	done
}

@test "a rootless namespace is read by its unprivileged owner" {
	local as

	command -v setpriv >/dev/null || skip "no setpriv"
	as=(setpriv --reuid=65534 --regid=65534 --clear-groups)
	"${as[@]}" unshare -r -i true 2>/dev/null ||
	    skip "no user namespace for an unprivileged user"
	start_holder "${as[@]}" unshare -r 0x51c0
	run -0 unskipped "${as[@]}" "$NSLS" -n -r -o path \
	    /ns/ipc/"$ino"/ipc/shm
	assert_output "/ns/ipc/$ino/ipc/shm/$shm"
	# Its root is the owner outside: ids are the caller's.
	run -0 unskipped "${as[@]}" "$NSCAT" -n -r -o path,owner,group,creator,cgroup,cpid \
	    /ns/ipc/"$ino"/ipc/shm/"$shm"
	assert_output "/ns/ipc/$ino/ipc/shm/$shm /user/65534 /group/65534 /user/65534 /group/65534 /proc/$holder"
	run -0 unskipped "${as[@]}" "$NSLS" -R -n -r -o path /ns/ipc/"$ino"
	assert_line "/ns/ipc/$ino/ipc/sem/$sem"
	local p
	for p in $output; do
		run -0 unskipped "${as[@]}" "$NSCAT" -n -r -o path "$p"
		assert_output "$p"
	done
}

@test "a namespace the caller may not enter is skipped and counted" {
	local as

	command -v setpriv >/dev/null || skip "no setpriv"
	as=(setpriv --reuid=65534 --regid=65534 --clear-groups)
	# Root's namespace, a process of nobody's in it.
	LAUNCH=()
	start_holder unshare -i "${as[@]}" 0x51c0
	run -0 --separate-stderr "${as[@]}" "$NSLS" -n -r -o path \
	    /ns/ipc/"$ino"/ipc/shm
	assert_output ""
	[[ $stderr =~ $SKIPPED_LINE ]]
	run -1 --separate-stderr "${as[@]}" "$NSCAT" /ns/ipc/"$ino"/ipc/shm/"$shm"
	assert_output ""
	[[ $stderr == *"permission denied"* ]]
}

@test "a namespace that vanishes while it is listed ends no tool by a signal" {
	local i rc

	for i in $(seq 10); do
		start_holder 0x51c0
		"$NSLS" -R -o path,key,attached,cpid /ns/ipc/"$ino" \
		    >/dev/null 2>&1 &
		kill -KILL "$holder"
		rc=0
		wait $! || rc=$?
		[ "$rc" -lt 128 ]
		# Gone once its namespace is: SIGKILL is not death at once.
		while [ -e "/proc/$holder/ns/ipc" ]; do sleep 0.05; done
		run -1 --separate-stderr "$NSCAT" /ns/ipc/"$ino"/ipc/shm/"$shm"
		[ "$status" -lt 128 ]
	done
}
