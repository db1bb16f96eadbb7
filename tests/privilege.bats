#!/usr/bin/env bats
# Privilege: the key cases as an unprivileged user (nobody, through
# setpriv, with no capabilities): the output is limited to what that user
# may read, one summary line on stderr says how much was skipped, a
# listing that merely skips exits 0, and only an argument that itself
# cannot be read makes it 1.  And no tool writes anything, or is set-uid.

bats_require_minimum_version 1.5.0
load helpers/common
load helpers/names

HOLD=$HELPERS/holdnames

SKIPPED='^(nsls|nscat|fdinfo|devtree): [1-9][0-9]* objects? not readable \(permission denied\), skipped$'

setup() {
	helpers=()
	[ "$(id -u)" = 0 ] || skip "needs root to become another user"
	getent passwd nobody >/dev/null || skip "there is no user nobody"
	as_nobody "$NSLS" -d / >/dev/null 2>&1 ||
	    skip "nobody cannot run the tools where they were built"
	pub=$(mktemp -d "${TMPDIR:-/tmp}/nstools-priv.XXXXXX")
	chmod 755 "$pub"
	epub=/fs$(esc "$(realpath "$pub")")
}

teardown() {
	stop_helpers
	[ -z "${pub-}" ] || rm -rf "$pub"
}

as_nobody() {
	setpriv --reuid=nobody --regid="$(id -g nobody)" --clear-groups \
	    --inh-caps=-all "$@"
}

# A helper of root's and one of nobody's, each holding a file open:
# their pids in $rootpid and $nbpid, nobody's file's path in $nbfile.
two_helpers() {
	echo secret >"$pub/rootfile"
	chmod 600 "$pub/rootfile"
	echo open >"$pub/nbfile"
	chmod 644 "$pub/nbfile"
	start_helper root "$HOLD" -f "$pub/rootfile"
	rootpid=$pid
	rootfd=$(awk '$1 == "FD" { print $2; exit }' "$BATS_TEST_TMPDIR/root.out")
	start_helper nobody setpriv --reuid=nobody --regid="$(id -g nobody)" \
	    --clear-groups --inh-caps=-all "$HOLD" -f "$pub/nbfile"
	nbpid=$pid
	nbfd=$(awk '$1 == "FD" { print $2; exit }' "$BATS_TEST_TMPDIR/nobody.out")
	nbfile=$epub/nbfile
}

@test "nsls -R /proc as nobody: what nobody may read, one line on stderr, exit 0" {
	two_helpers
	run -0 --separate-stderr as_nobody "$NSLS" -R /proc
	refute_raw_output
	# Every process is there; only nobody's descriptors are.
	assert_line "/proc/$rootpid"
	assert_line "/proc/$rootpid/fd"
	refute_line --partial "/proc/$rootpid/fd/"
	assert_line "/proc/$nbpid/fd/$nbfd"
	assert_equal "$(wc -l <<<"$stderr")" 1
	assert_equal "$(grep -Ec "$SKIPPED" <<<"$stderr")" 1
}

@test "fdinfo as nobody: nobody's own descriptors, one line on stderr, exit 0" {
	two_helpers
	run -0 --separate-stderr as_nobody "$FDINFO" -r -n -o pid,user,fd,object
	refute_raw_output
	# user is the process's, a link, as on /proc/PID.
	assert_line "$nbpid /user/$(id -u nobody) $nbfd $nbfile"
	refute_line --regexp "^$rootpid "
	run -0 awk -v u="/user/$(id -u nobody)" '$2 != u' <<<"$output"
	assert_output ''
	assert_equal "$(grep -Ec "$SKIPPED" <<<"$stderr")" 1
	assert_equal "$(wc -l <<<"$stderr")" 1
	# As fdinfo(1) says: a process of -p that cannot be read is skipped
	# and counted, not an error.
	run -0 --separate-stderr as_nobody "$FDINFO" -n -p "$rootpid"
	assert_output ''
	assert_equal "$stderr" 'fdinfo: 1 object not readable (permission denied), skipped'
	run -0 --separate-stderr as_nobody "$FDINFO" -n -r -o fd,object -p "$nbpid"
	assert_line "$nbfd $nbfile"
	[ -z "$stderr" ]
}

@test "fdinfo PATH as nobody: the holders nobody may see" {
	two_helpers
	run -0 --separate-stderr as_nobody "$FDINFO" -r -n -o pid,fd "$nbfile"
	assert_output "$nbpid $nbfd"
	assert_equal "$(grep -Ec "$SKIPPED" <<<"$stderr")" 1
	# As root both are seen.
	run -0 --separate-stderr "$FDINFO" -r -n -o pid "$nbfile" "$epub/rootfile"
	assert_output "$nbpid
$rootpid"
	assert_equal "$(stderr_unskipped)" ""
}

# nobody with CAP_DAC_READ_SEARCH, as root in a container without
# CAP_SYS_PTRACE is: it may list /proc/PID/fd of root's processes, but
# their links, fdinfo and stat(2) through them take ptrace read access.
as_searcher() {
	setpriv --reuid=nobody --regid="$(id -g nobody)" --clear-groups \
	    --inh-caps=-all,+dac_read_search --ambient-caps=+dac_read_search "$@"
}

@test "descriptors listed but not readable: a row each, the error in the name, counted" {
	two_helpers
	as_searcher ls "/proc/$rootpid/fd" >/dev/null 2>&1 ||
	    skip "nobody cannot be given CAP_DAC_READ_SEARCH here"
	local fds n
	fds=$(ls "/proc/$rootpid/fd" | sort -n)
	n=$(wc -l <<<"$fds")
	run -0 --separate-stderr as_searcher "$FDINFO" -J -p "$rootpid" \
	    -o path,pid,fd,user,kind,object,name,mode
	assert_json "$output"
	run -0 jq -r '.fds[] | [.path, .pid, .fd, .kind, .object, .name] | map(tostring) | join("|")' <<<"$output"
	assert_equal "$output" "$(for fd in $fds; do
		echo "/proc/$rootpid/fd/$fd|$rootpid|$fd|null|null|(readlink: Permission denied)"
	done)"
	assert_equal "$stderr" "fdinfo: $n object$([ "$n" = 1 ] || echo s) not readable (permission denied), skipped"
	# The open mode is known from the link's own mode.
	run -0 --separate-stderr as_searcher "$FDINFO" -r -n -o fd,mode -p "$rootpid"
	assert_line "$rootfd r--"
	# The path it prints resolves, to the same.
	run -0 --separate-stderr as_searcher "$NSCAT" -n -r -o path,fd,name \
	    "/proc/$rootpid/fd/$rootfd"
	assert_output "/proc/$rootpid/fd/$rootfd $rootfd (readlink:\x20Permission\x20denied)"
	assert_equal "$stderr" 'nscat: 1 object not readable (permission denied), skipped'
	# The node says how many, and how many could not be read.
	run -0 --separate-stderr as_searcher "$NSCAT" -J -o summary,count \
	    "/proc/$rootpid/fd"
	run -0 jq -c '.objects[0]' <<<"$output"
	assert_output "{\"summary\":\"$n descriptor$([ "$n" = 1 ] || echo s), $n not readable\",\"count\":$n}"
}

@test "a descriptor table not ours to list is no empty one" {
	two_helpers
	run -0 --separate-stderr as_nobody "$NSCAT" -J -o summary,count \
	    "/proc/$rootpid/fd"
	run -0 jq -c '.objects[0]' <<<"$output"
	assert_output '{"summary":"descriptors not readable: Permission denied","count":null}'
	assert_equal "$stderr" 'nscat: 1 object not readable (permission denied), skipped'
	# -a lists what lsof lists: cwd, root and exe, each with its error.
	run -0 --separate-stderr as_nobody "$FDINFO" -a -r -n -o assoc,kind,object,name \
	    -p "$rootpid"
	assert_output "exe - - (readlink:\x20Permission\x20denied)
cwd - - (readlink:\x20Permission\x20denied)
rtd - - (readlink:\x20Permission\x20denied)"
	assert_equal "$stderr" 'fdinfo: 1 object not readable (permission denied), skipped'
}

@test "a process passed over counts once, however many scans meet it" {
	command -v unshare >/dev/null || skip "unshare is missing"
	unshare --pid --fork --mount-proc true 2>/dev/null ||
	    skip "cannot make a pid namespace"
	# A /proc of our own: its processes are the shell and one helper of
	# root's, neither of them nobody's to read.  The namespaces' scan
	# and the index of every descriptor each meet both.
	run -0 --separate-stderr unshare --pid --fork --mount-proc bash -c '
		sleep 1000 &
		ns=$(stat -L -c %i /proc/self/ns/net)
		setpriv --reuid=nobody --regid="$(id -g nobody)" \
		    --clear-groups --inh-caps=-all \
		    "$0" -n -r -o path,processes,fds "/ns/net/$ns"
		kill $!' "$NSCAT"
	assert_equal "$stderr" 'nscat: 2 objects not readable (permission denied), skipped'
}

@test "nscat of root's process as nobody: what may be read, nothing said" {
	two_helpers
	run -0 --separate-stderr as_nobody "$NSCAT" -J \
	    -o pid,comm,user,state,cwd,exe,root "/proc/$rootpid"
	[ -z "$stderr" ]
	assert_json "$output"
	run -0 jq -c '.objects[0]' <<<"$output"
	assert_output "{\"pid\":$rootpid,\"comm\":\"holdnames\",\"user\":\"/user/0\",\"state\":\"S\",\"cwd\":null,\"exe\":null,\"root\":null}"
	# Its own are all there.
	run -0 --separate-stderr as_nobody "$NSCAT" -n -r -o cwd,exe "/proc/$nbpid"
	assert_output "/fs$(esc "$(readlink "/proc/$nbpid/cwd")") /fs$(esc "$(realpath "$HOLD")")"
}

@test "an argument that cannot be read: one message, exit 1, the others printed" {
	two_helpers
	mkdir -m 700 "$pub/secret"
	touch "$pub/secret/hidden"
	mkdir -m 755 "$pub/open"
	touch "$pub/open/a"
	run -1 --separate-stderr as_nobody "$NSLS" "/proc/$rootpid/fd" "$epub/open"
	assert_output "$epub/open/a"
	assert_equal "$stderr" "nsls: /proc/$rootpid/fd: Permission denied"
	run -1 --separate-stderr as_nobody "$NSLS" "$epub/secret"
	assert_output ''
	assert_equal "$stderr" "nsls: $epub/secret: Permission denied"
	run -1 --separate-stderr as_nobody "$NSCAT" -n -r -o path \
	    "/proc/$rootpid/fd/$rootfd" "$epub/secret/hidden" "$epub/open/a"
	assert_output "$epub/open/a"
	assert_equal "$stderr" "nscat: /proc/$rootpid/fd/$rootfd: Permission denied
nscat: $epub/secret/hidden: Permission denied"
}

@test "a walk below the arguments: what cannot be read is counted, exit 0" {
	mkdir -m 700 "$pub/secret"
	touch "$pub/secret/hidden"
	mkdir -m 755 "$pub/open"
	touch "$pub/open/a"
	run -0 --separate-stderr as_nobody "$NSLS" -R "$epub"
	assert_equal "$(sort <<<"$output")" "$epub/open
$epub/open/a
$epub/secret"
	assert_equal "$stderr" 'nsls: 1 object not readable (permission denied), skipped'
	run -0 --separate-stderr as_nobody "$NSLS" -R -J "$epub"
	assert_json "$output"
	assert_equal "$stderr" 'nsls: 1 object not readable (permission denied), skipped'
}

@test "every node but /fs as nobody: exit 0, at most one line on stderr" {
	two_helpers
	local nodes=(/proc /sock /pipe /anon /ns /ipc /user /group /mount /dev
	    /net /module)
	run -0 --separate-stderr as_nobody "$NSLS" -R -l "${nodes[@]}"
	refute_raw_output
	[ "$(wc -l <<<"$stderr")" -le 1 ]
	[ -z "$stderr" ] || [[ $stderr =~ $SKIPPED ]]
	run -0 --separate-stderr as_nobody "$NSCAT" -J -o path,count,summary \
	    "${nodes[@]}"
	assert_json "$output"
	[ -z "$stderr" ] || [[ $stderr =~ $SKIPPED ]]
	run -0 --separate-stderr as_nobody "$FDINFO" -a -J
	assert_json "$output"
	[[ $stderr =~ $SKIPPED ]]
	run -0 --separate-stderr as_nobody "$DEVTREE"
	[ -z "$stderr" ] || [[ $stderr =~ $SKIPPED ]]
}

@test "hostile names read by nobody: the same escaped output as root's" {
	hostile_names
	mkdir "$pub/h"
	for n in "${RAW[@]}"; do
		touch -- "$pub/h/$n"
	done
	run -0 --separate-stderr "$NSLS" -r -o path,name,summary "$epub/h"
	rootout=$output
	run -0 --separate-stderr as_nobody "$NSLS" -r -o path,name,summary "$epub/h"
	refute_raw_output
	[ -z "$stderr" ]
	assert_equal "$output" "$rootout"
	run -0 --separate-stderr as_nobody "$NSLS" -J -o path,name "$epub/h"
	assert_json "$output"
}

# The system calls that change something, for strace -e.
WRITES=creat,mkdir,mkdirat,rmdir,unlink,unlinkat,rename,renameat,renameat2,link,linkat,symlink,symlinkat,chmod,fchmod,fchmodat,chown,fchown,fchownat,lchown,truncate,ftruncate,utime,utimes,utimensat,futimesat,mknod,mknodat,setxattr,lsetxattr,fsetxattr,removexattr,lremovexattr,fremovexattr,fallocate,mount,umount2,unshare,sethostname,kill,ptrace
# The calls the test looks at, and only those: tracing every read and
# stat of a scan took minutes and a gigabyte of log on a busy machine.
TRACED=open,openat,openat2,write,writev,pwrite64,pwritev,pwritev2,sendfile,sendto,sendmsg,ioctl,setns,$WRITES

# The setns calls of one process's trace ($1) that the tools may not
# make, printed.  A tool enters a namespace of a kind it reads inside
# (net, ipc, uts, cgroup: lib/net/netns.c, lib/ns/nsenter.c), naming that kind,
# and goes back to its own of the same kind, the calls nested in pairs;
# or, in a child that reads a rootless namespace (ns_enter_fork), joins
# the user namespace that owns it and then it, and never comes back.
setns_misused() {
	awk '
	function bad(why) { print FILENAME ": " why ": " $0; wrong = 1 }
	/^setns\(/ && / = 0$/ {
		t = $0
		sub(/^setns\([0-9]+, /, "", t)
		sub(/\).*/, "", t)
		n++
		if (n == 1 && t == "CLONE_NEWUSER") { child = 1; next }
		if (t !~ /^CLONE_NEW(NET|IPC|UTS|CGROUP)$/)
			bad("a setns into no namespace the tools read in")
		else if (child && n > 2)
			bad("a setns after a child joined its namespace")
		else if (!child && depth > 0 && stack[depth] == t)
			depth--
		else if (!child)
			stack[++depth] = t
	}
	END {
		if (depth > 0)
			print FILENAME ": a setns with no way back into the " \
			    stack[depth] " namespace"
		if (child && n != 2)
			print FILENAME ": a child in a user namespace that joined no other"
		exit wrong || depth > 0 || (child && n != 2)
	}' "$1"
}

@test "no tool writes anything" {
	command -v strace >/dev/null || skip "strace is not installed"
	# A sanitizer's runtime makes its log directory and the like on its
	# own; the plain build is the one to judge the tools by.
	if nm -D "$NSLS" 2>/dev/null | grep -q __asan_init; then
		skip "a sanitizer build: its runtime writes for itself"
	fi
	two_helpers
	# Namespaces of every kind a tool reads inside, of its own, so that
	# every kind of setns is made whatever else this machine runs.
	start_helper holder unshare -C -i -n -u sh -c 'echo pid=$$; echo ready; exec sleep 1000'
	local t ns=() log=$BATS_TEST_TMPDIR/strace
	for t in net ipc uts cgroup; do
		ns+=("/ns/$t/$(stat -L -c %i "/proc/$pid/ns/$t")")
	done
	# The processes the test made, not every process of the machine:
	# nsls -R of /proc walks every thread, descriptor and mapping.
	local procs="/proc/self /proc/$rootpid /proc/$nbpid /proc/$pid"
	# And one rootless namespace of nobody's, which nobody's tools read
	# through a child in the user namespace that owns it.
	local cmds=() nobody=
	if setpriv --reuid=nobody --regid="$(id -g nobody)" --clear-groups \
	    --inh-caps=-all unshare -r -u true 2>/dev/null; then
		start_helper rootless setpriv --reuid=nobody \
		    --regid="$(id -g nobody)" --clear-groups --inh-caps=-all \
		    unshare -r -u sh -c 'echo pid=$$; echo ready; exec sleep 1000'
		nobody="setpriv --reuid=nobody --regid=$(id -g nobody) --clear-groups --inh-caps=-all"
		cmds+=("$nobody $NSCAT -o hostname,uid_map /ns/uts/$(stat -L -c %i "/proc/$pid/ns/uts") /ns/user/$(stat -L -c %i "/proc/$pid/ns/user")")
	fi
	local cmd f
	for cmd in "${cmds[@]}" "$NSLS -R -l $procs /sock /dev /net /ipc /pipe /anon /mount /user /group /module ${ns[*]}" \
	    "$NSLS -R $epub" "$FDINFO -a -p $rootpid,$nbpid,$pid" "$FDINFO $nbfile" \
	    "$DEVTREE" "$DEVTREE -u /dev/net/1" \
	    "$NSCAT -J /proc/self /proc/$rootpid/fd/$rootfd $epub/nbfile /dev/net/1 /sock /mount /user/0 /ipc /module /net /ns /dev/char/1/3 ${ns[*]}"; do
		rm -f "$log".*
		# One trace a process (-ff), so that calls of two processes
		# never interleave; each at most 64 MiB (ulimit -f).
		# shellcheck disable=SC2086
		(ulimit -f 65536
		timeout -k 5 300 strace -ff --seccomp-bpf -qq -s 32 -o "$log" \
		    -e trace="$TRACED" $cmd >/dev/null 2>&1) ||
		    { echo "$cmd failed under strace, or traced too much" >&2; return 1; }
		# Files opened only for reading.
		if cat "$log".* | grep -E '^(open|openat|openat2)\(.*O_(WRONLY|RDWR|CREAT|TRUNC|APPEND)' >&2; then
			echo "$cmd: an open for writing" >&2
			return 1
		fi
		# Nothing of the list that changes things.
		if cat "$log".* | grep -E "^(${WRITES//,/|})\\(" >&2; then
			echo "$cmd: a call that changes something" >&2
			return 1
		fi
		# setns only into the namespaces a tool reads inside, naming
		# their kind, and back.
		for f in "$log".*; do
			setns_misused "$f" >&2 || { echo "$cmd: a setns it may not make" >&2; return 1; }
		done
		# Written: standard output and error, nothing else; but a
		# child in a rootless namespace sends its answer back through
		# the pipe its parent made.
		if grep -LE '^setns\([0-9]+, CLONE_NEWUSER\) += 0$' "$log".* |
		    xargs cat | grep -E '^(write|writev|pwrite64|pwritev|pwritev2|sendfile)\(([03-9]|[0-9]{2,})[,]' >&2; then
			echo "$cmd: a write to a descriptor not 1 or 2" >&2
			return 1
		fi
		# Asked of the kernel over netlink: queries only.  strace names
		# the type by the socket's protocol, which it cannot learn of a
		# socket opened in another network namespace: there it writes
		# SOCK_DIAG_BY_FAMILY as its number, 0x14, and RTM_GETLINK,
		# GETADDR, GETROUTE, GETNEIGH and GETNSID as theirs.
		if cat "$log".* | grep -E '^(sendmsg|sendto)\(' |
		    grep -oE 'nlmsg_type=[A-Z_0-9a-z]+' |
		    grep -Ev '=(RTM_GET[A-Z]+|SOCK_DIAG_BY_FAMILY|0x14|0x12|0x16|0x1a|0x1e|0x5a)$' >&2; then
			echo "$cmd: a netlink request that is no query" >&2
			return 1
		fi
		# ioctl: the terminal's size, namespaces' relations and a
		# socket's namespace (SIOCGSKNS) only.
		if cat "$log".* | grep -E '^ioctl\(' |
		    grep -Ev 'ioctl\([0-9]+, (TCGETS|TIOCGWINSZ|NS_GET_[A-Z_]+|SIOCGSKNS)[,)]' >&2; then
			echo "$cmd: an ioctl that is no query" >&2
			return 1
		fi
	done
}

@test "no tool is set-uid, nor asks for privilege" {
	for tool in "$NSLS" "$NSCAT" "$FDINFO" "$DEVTREE" "$NSMOUNT" "$NSWATCH"; do
		[ -f "$tool" ] && [ -x "$tool" ] || continue
		run -0 find "$tool" -perm /6000
		assert_output ''
		command -v nm >/dev/null || continue
		run -0 nm -D --undefined-only "$tool"
		refute_output --regexp '(^| )(set(e|re|res)?[ug]id|setgroups|capset)(@|$)'
	done
}
