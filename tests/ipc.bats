#!/usr/bin/env bats
# /ipc: System V objects the tests make with ipcmk(1) and perl, checked
# against lsipc(1) and /proc/sysvipc; POSIX queues made by the mqmk helper
# in an IPC and mount namespace of the test's own.

bats_require_minimum_version 1.5.0
load helpers/common

setup() {
	helpers=()
	shms=()
	sems=()
	msgs=()
}

teardown() {
	local id

	kill_helpers
	for id in "${shms[@]}"; do
		ipcrm -m "$id" 2>/dev/null || true
	done
	for id in "${sems[@]}"; do
		ipcrm -s "$id" 2>/dev/null || true
	done
	for id in "${msgs[@]}"; do
		ipcrm -q "$id" 2>/dev/null || true
	done
}

# One attribute of one object, as JSON gives it (null when it has none).
attr() {
	"$NSCAT" -J -o "$2" "$1" 2>/dev/null | jq -r ".objects[0].$2"
}

# A column of one row of a /proc/sysvipc table, by the row's id.
sysvipc() {
	awk -v id="$2" -v col="$3" '
		NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
		$2 == id { print $c[col] }' "/proc/sysvipc/$1"
}

iso() {
	date -d "@$1" -Iseconds
}

# Run a script in an IPC namespace of its own, as root or in a user
# namespace of its own, with the tools at hand: its System V tables hold
# what the script makes and nothing any other program makes or removes
# meanwhile, so that two readers see the same.  In the caller's where
# neither can be made.  $output and $stderr as run gives them.
in_own_ipcns() {
	local how=()

	if [ "$(id -u)" = 0 ] && unshare -i true 2>/dev/null; then
		how=(unshare -i)
	elif unshare -ri true 2>/dev/null; then
		how=(unshare -ri)
	fi
	NSLS=$NSLS NSCAT=$NSCAT run --separate-stderr "${how[@]}" \
	    bash -c "set -eo pipefail; $1"
}

needs_perl_ipc() {
	perl -MIPC::SysV=shmat -e 1 2>/dev/null ||
	    skip "perl with IPC::SysV is missing"
}

# Run a perl script in the background that prints one line when ready;
# that line is left in $ready and the perl pid in $pid.
start_perl() {
	perl -e "$1" >"$BATS_TEST_TMPDIR/ready" 3>&- &
	pid=$!
	helpers+=("$pid")
	wait_written "$BATS_TEST_TMPDIR/ready"
	ready=$(<"$BATS_TEST_TMPDIR/ready")
	[ -n "$ready" ]
}

# One System V object of each kind, removed in teardown: a segment of $1
# bytes, a set of $2 semaphores and a message queue.
make_sysv() {
	run -0 ipcmk -M "$1"
	shms+=("${output##* }")
	run -0 ipcmk -S "$2"
	sems+=("${output##* }")
	run -0 ipcmk -Q
	msgs+=("${output##* }")
}

@test "/ipc lists the four kinds" {
	run -0 "$NSLS" /ipc
	assert_output "$(printf '/ipc/%s\n' shm sem msg mqueue)"
}

@test "a shared memory segment made by ipcmk: its attributes" {
	run -0 ipcmk -M 4096 -p 0640
	id=${output##* }
	shms+=("$id")
	key=$(lsipc -m --noheadings -r -o KEY,ID | awk -v id="$id" '$2 == id { print $1 }')
	run -0 --separate-stderr "$NSCAT" -J \
	    -o path,type,key,id,owner,group,creator,cgroup,perm,size,nattch,ctime,cpid,atime,status \
	    "/ipc/shm/$id"
	run -0 jq -r '.objects[0] | [.path, .type, .key, .id, .owner, .group,
	    .creator, .cgroup, .perm, .size, .nattch, .ctime, .cpid, .atime,
	    .status] | join("|")' <<<"$output"
	u=$(id -u)
	g=$(id -g)
	assert_output "/ipc/shm/$id|shm|$key|$id|/user/$u|/group/$g|/user/$u|/group/$g|0640|4096|0|$(iso "$(sysvipc shm "$id" ctime)")|||"
	run -0 attr "/ipc/shm/$id" summary
	assert_output "$key $(id -un) 0640 4096 bytes 0 attached"
}

@test "lsipc and nscat agree on every segment, set and queue" {
	in_own_ipcns '
		ipcmk -M 8192 >/dev/null
		ipcmk -S 2 >/dev/null
		ipcmk -Q >/dev/null
		diff <(lsipc -m --noheadings -r -b -P \
		    -o ID,KEY,PERMS,SIZE,NATTCH,UID,GID,CUID,CGID | sort -n) \
		    <("$NSLS" /ipc/shm | "$NSCAT" -n -r \
		    -o id,key,perm,size,nattch,owner,group,creator,cgroup - |
		    sed "s|/user/||g; s|/group/||g" | sort -n)
		diff <(lsipc -s --noheadings -r -o ID,KEY | sort -n) \
		    <("$NSLS" /ipc/sem | "$NSCAT" -n -r -o id,key - | sort -n)
		diff <(lsipc -q --noheadings -r -b -o ID,KEY,USEDBYTES,MSGS |
		    sort -n) \
		    <("$NSLS" /ipc/msg | "$NSCAT" -n -r -o id,key,cbytes,qnum - |
		    sort -n)
		echo same'
	assert_success
	assert_output same
}

@test "a semaphore set: nsems, times and summary" {
	run -0 ipcmk -S 3 -p 0600
	id=${output##* }
	sems+=("$id")
	run -0 --separate-stderr "$NSCAT" -P -o path,type,nsems,perm,otime "/ipc/sem/$id"
	assert_output "PATH=\"/ipc/sem/$id\" TYPE=\"sem\" NSEMS=\"3\" PERM=\"0600\" OTIME=\"\""
	run -0 attr "/ipc/sem/$id" summary
	assert_output --regexp "^0x[0-9a-f]{8} $(id -un) 0600 3 sems$"
	run -0 attr "/ipc/sem/$id" ctime
	assert_output "$(iso "$(sysvipc sem "$id" ctime)")"
}

@test "private segments are told apart by id: attached, cpid, lpid" {
	needs_perl_ipc
	start_perl '
		use IPC::SysV qw(IPC_PRIVATE IPC_CREAT shmat);
		my $a = shmget(IPC_PRIVATE, 4096, IPC_CREAT | 0600);
		my $b = shmget(IPC_PRIVATE, 8192, IPC_CREAT | 0600);
		defined $a && defined $b or die "shmget: $!";
		defined shmat($b, undef, 0) or die "shmat: $!";
		$| = 1;
		print "$a $b\n";
		sleep 1000;'
	read -r a b <<<"$ready"
	shms+=("$a" "$b")
	run -0 --separate-stderr "$NSCAT" -J \
	    -o path,key,nattch,attached,cpid,lpid,atime "/ipc/shm/$a" "/ipc/shm/$b"
	run -0 jq -r '.objects[] | [.path, .key, .nattch,
	    ((.attached // []) | map(select(. != null)) | join(",")),
	    .cpid, .lpid, (.atime != null)] | join("|")' <<<"$output"
	assert_line --index 0 "/ipc/shm/$a|0x00000000|0||/proc/$pid||false"
	assert_line --index 1 "/ipc/shm/$b|0x00000000|1|/proc/$pid|/proc/$pid|/proc/$pid|true"
	run -0 attr "/ipc/shm/$b" atime
	assert_output "$(iso "$(sysvipc shm "$b" atime)")"
	# The links lead somewhere.
	run -0 "$NSCAT" -n -r -o path "/proc/$pid"
	assert_output "/proc/$pid"
}

@test "a removed segment still attached shows status dest" {
	needs_perl_ipc
	start_perl '
		use IPC::SysV qw(IPC_PRIVATE IPC_CREAT IPC_RMID shmat);
		my $id = shmget(IPC_PRIVATE, 4096, IPC_CREAT | 0600);
		defined shmat($id, undef, 0) or die "shmat: $!";
		shmctl($id, IPC_RMID, 0) or die "shmctl: $!";
		$| = 1;
		print "$id\n";
		sleep 1000;'
	id=$ready
	shms+=("$id")
	run -0 attr "/ipc/shm/$id" status
	assert_output dest
	run -0 attr "/ipc/shm/$id" perm
	assert_output 0600
}

@test "a message queue with a message: cbytes, qnum, lspid, stime" {
	needs_perl_ipc
	start_perl '
		use IPC::SysV qw(IPC_PRIVATE IPC_CREAT);
		my $id = msgget(IPC_PRIVATE, IPC_CREAT | 0620);
		defined $id or die "msgget: $!";
		msgsnd($id, pack("l! a*", 1, "hello"), 0) or die "msgsnd: $!";
		$| = 1;
		print "$id\n";
		sleep 1000;'
	id=$ready
	msgs+=("$id")
	run -0 --separate-stderr "$NSCAT" -P \
	    -o path,type,perm,cbytes,qnum,lspid,lrpid,rtime "/ipc/msg/$id"
	assert_output "PATH=\"/ipc/msg/$id\" TYPE=\"msg\" PERM=\"0620\" CBYTES=\"5\" QNUM=\"1\" LSPID=\"/proc/$pid\" LRPID=\"\" RTIME=\"\""
	run -0 attr "/ipc/msg/$id" stime
	assert_output "$(iso "$(sysvipc msg "$id" stime)")"
	run -0 attr "/ipc/msg/$id" summary
	assert_output "0x00000000 $(id -un) 0620 5 bytes 1 msgs"
}

@test "every listed System V object resolves to itself; JSON is valid" {
	in_own_ipcns '
		ipcmk -M 4096 >/dev/null
		ipcmk -S 1 >/dev/null
		ipcmk -Q >/dev/null
		listed=$("$NSLS" /ipc/shm /ipc/sem /ipc/msg)
		wc -l <<<"$listed"
		diff <(echo "$listed") <("$NSCAT" -n -r -o path - <<<"$listed")
		"$NSLS" -J -l /ipc/shm /ipc/sem /ipc/msg | jq -r ".nodes | length"
		"$NSCAT" -J - <<<"$listed" |
		    jq -r ".objects | map(.type) | unique | join(\",\")"'
	assert_success
	assert_equal "$(stderr_unskipped)" ""
	[ "${lines[0]}" -ge 3 ]
	[ "${lines[1]}" -ge 3 ]
	assert_line --index 2 "msg,sem,shm"
}

@test "POSIX queues where the mqueue file system is mounted" {
	[ "$(id -u)" = 0 ] || skip "needs root to mount mqueue"
	mkdir "$BATS_TEST_TMPDIR/mq"
	# An IPC namespace of the test's own holds the queues, a mount
	# namespace the mount: both go when the script ends.
	run -0 --separate-stderr unshare -i -m --propagation private bash -c '
		set -e
		mount -t mqueue none "$1"
		"$4" -s 12 -n q1 "$(printf "a b\033c")" >"$1.ready" &
		helper=$!
		trap "kill $helper; wait $helper" EXIT
		for i in $(seq 100); do [ -s "$1.ready" ] && break; sleep 0.05; done
		echo "$helper"
		"$2" /ipc/mqueue
		"$3" -r -n -o path,name,owner,group,perm,qsize,notify,signo,notifier,file \
		    /ipc/mqueue/q1
		"$3" -r -n -o path,summary "$1/q1" "/ipc/mqueue/a\x20b\x1bc"
		"$3" -r -n -o summary,mount /ipc/mqueue
		"$3" -J -o path,name /ipc/mqueue/q1 | jq -c .objects
		"$3" -r -n -o fds /ipc/mqueue/q1
		"$5" -p "$helper" -t mqueue -r -n -o kind,object
	' - "$BATS_TEST_TMPDIR/mq" "$NSLS" "$NSCAT" "$HELPERS/mqmk" \
	    "$FDINFO"
	refute_control_bytes "$output"
	helper=${lines[0]}
	dir=$(realpath "$BATS_TEST_TMPDIR/mq")
	assert_line --index 1 '/ipc/mqueue/a\x20b\x1bc'
	assert_line --index 2 /ipc/mqueue/q1
	assert_line --index 3 "/ipc/mqueue/q1 /q1 /user/$(id -u) /group/$(id -g) 0600 12 signal 10 /proc/$helper /fs$dir/q1"
	assert_line --index 4 '/ipc/mqueue/q1 /q1\x20root\x200600\x2012\x20bytes'
	assert_line --index 5 '/ipc/mqueue/a\x20b\x1bc /a\x20b\x1bc\x20root\x200600\x2012\x20bytes'
	assert_line --index 6 --regexp '^2\\x20POSIX\\x20message\\x20queues /mount/[0-9]+$'
	assert_line --index 7 '[{"path":"/ipc/mqueue/q1","name":"/q1"}]'
	# The queues' descriptors and the queues meet.
	assert_line --index 8 --regexp "^/proc/$helper/fd/[0-9]+\$"
	assert_line --index 9 "mqueue /ipc/mqueue/q1"
	assert_line --index 10 'mqueue /ipc/mqueue/a\x20b\x1bc'
	[ "${#lines[@]}" -eq 11 ]
}

@test "without an mqueue mount /ipc/mqueue is empty" {
	[ "$(id -u)" = 0 ] || skip "needs root for a mount namespace"
	run -0 --separate-stderr unshare -m --propagation private bash -c '
		umount -a -t mqueue 2>/dev/null
		"$1" /ipc/mqueue
		"$2" -r -n -o summary /ipc/mqueue
	' - "$NSLS" "$NSCAT"
	assert_output 'no\x20mqueue\x20file\x20system\x20mounted'
}

@test "paths that name no IPC object" {
	run -0 ipcmk -M 4096
	id=${output##* }
	shms+=("$id")
	for p in /ipc/nosuch /ipc/shm/x /ipc/shm/0$id /ipc/shm/2147483648 \
	    "/ipc/sem/999999999" "/ipc/shm/$id/x" /ipc/mqueue/nosuch; do
		run -1 --separate-stderr "$NSCAT" "$p"
		assert_output ""
		# A queue no mount shows is looked for among the descriptors:
		# those not readable are said.
		assert_equal "$(stderr_unskipped)" "nscat: $p: no such object"
	done
}
