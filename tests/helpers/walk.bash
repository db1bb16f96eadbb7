# The round trip of walk.bats: every path a tool prints, fed back to
# nscat, names the same object.  The paths come in lists of records, one
# a line, "PATH<TAB>SOURCE": SOURCE is the command that printed PATH
# among others, one a line, quoted for eval, so that a path that fails
# can be asked again whether its object is still there.  Every list goes
# to nscat in one process, and again for the paths that came back
# different or named nothing; only what still fails is looked at one by
# one.

# The objects the suite keeps alive while it walks.  Each helper writes
# "KIND FD" lines and "ready" to a file of its own in $WALKDIR; their pids
# go to $WALKDIR/pids for teardown_file.  A kind the kernel or the user
# cannot make is left out: the walk is about the paths printed, not about
# which objects exist.

# Sockets and descriptors mkfds has no kind for, the ones that named
# nothing once: unbound sockets, ping, vsock, mptcp, xdp, generic netlink,
# an O_PATH descriptor of a symbolic link, and a memfd that only a
# mapping holds (its line names the descriptor it had).
walk_py() {
	cat <<'EOF'
import os, socket, sys, time

out = []

def hold(kind, make):
    try:
        s = make()
    except OSError:
        return
    out.append("%s %d" % (kind, s if isinstance(s, int) else s.fileno()))
    keep.append(s)

keep = []
S = socket.socket
hold("tcp-unbound", lambda: S(socket.AF_INET, socket.SOCK_STREAM))
hold("udp-unbound", lambda: S(socket.AF_INET, socket.SOCK_DGRAM))
hold("tcp6-unbound", lambda: S(socket.AF_INET6, socket.SOCK_STREAM))
hold("udp6-unbound", lambda: S(socket.AF_INET6, socket.SOCK_DGRAM))
hold("ping", lambda: S(socket.AF_INET, socket.SOCK_DGRAM, socket.IPPROTO_ICMP))
hold("ping6", lambda: S(socket.AF_INET6, socket.SOCK_DGRAM, 58))
hold("raw6", lambda: S(socket.AF_INET6, socket.SOCK_RAW, 58))
hold("mptcp", lambda: S(socket.AF_INET, socket.SOCK_STREAM, 262))
hold("vsock", lambda: S(40, socket.SOCK_STREAM))
hold("xdp", lambda: S(44, socket.SOCK_RAW))
hold("netlink-generic", lambda: S(socket.AF_NETLINK, socket.SOCK_RAW, 16))
hold("netlink-unbound", lambda: S(socket.AF_NETLINK, socket.SOCK_RAW, 0))
def bound_udp():
    s = S(socket.AF_INET, socket.SOCK_DGRAM)
    s.bind(("127.0.0.1", 0))
    return s
hold("udp", bound_udp)
def listening_tcp():
    s = S(socket.AF_INET, socket.SOCK_STREAM)
    s.bind(("127.0.0.1", 0))
    s.listen(1)
    return s
hold("tcp-listen", listening_tcp)
d = sys.argv[1]
try:
    os.symlink("target", os.path.join(d, "link"))
except FileExistsError:
    pass
hold("opath-symlink", lambda: os.open(os.path.join(d, "link"),
    os.O_PATH | os.O_NOFOLLOW))
hold("opath-dir", lambda: os.open(d, os.O_PATH))
# A memfd that only a mapping holds: its descriptor is closed.  Python's
# own mmap would keep a copy of the descriptor, so libc maps it.
try:
    import ctypes
    libc = ctypes.CDLL(None, use_errno=True)
    libc.mmap.restype = ctypes.c_void_p
    libc.mmap.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int,
        ctypes.c_int, ctypes.c_int, ctypes.c_long]
    m = os.memfd_create("walk-mapped")
    os.ftruncate(m, 4096)
    # PROT_READ | PROT_WRITE, MAP_SHARED
    if libc.mmap(None, 4096, 3, 1, m, 0) not in (None, ctypes.c_void_p(-1).value):
        out.append("memfd-mapped %d" % m)
    os.close(m)
except (OSError, AttributeError):
    pass
with open(sys.argv[2] + ".tmp", "w") as f:
    f.write("pid=%d\n%s\nready\n" % (os.getpid(), "\n".join(out)))
os.rename(sys.argv[2] + ".tmp", sys.argv[2])
while True:
    time.sleep(60)
EOF
}

# Wait until the file $1 says "ready"; 1 if it never does.
walk_wait_ready() {
	local i

	for i in $(seq 200); do
		grep -qx ready "$1" 2>/dev/null && return 0
		sleep 0.05
	done
	return 1
}

# Run a helper in the background and wait for it: NAME COMMAND...; what it
# says goes to $WALKDIR/NAME.out.  A helper that cannot start is noted in
# $WALKDIR/missing and left out.
walk_start() {
	local name=$1 out=$WALKDIR/$1.out
	shift

	"$@" >"$out" 2>"$WALKDIR/$name.err" 3>&- &
	echo "$!" >>"$WALKDIR/pids"
	walk_wait_ready "$out" || echo "$name" >>"$WALKDIR/missing"
}

# The helpers: mkfds with the kinds it has, the socket helper, hostile
# names, POSIX queues, a process whose program is a memfd, System V
# objects, a network
# namespace with veths and a bridge (and a dummy where the kernel has
# one), its addresses, routes and neighbours, a veth whose peer is in a
# second network namespace, and a process in mount, uts and ipc
# namespaces of its own that holds a file on a mount only it sees and
# System V objects only it sees.
walk_setup() {
	local d=$WALKDIR/d py=$WALKDIR/walk.py

	mkdir -p "$d"
	: >"$WALKDIR/pids"
	walk_start mkfds "$HELPERS/mkfds" -d "$d" file dir deleted pipe fifo \
	    chardev blockdev unix-listen unix-stream unix-dgram tcp tcp6 \
	    udp udp6 netlink packet raw eventfd timerfd signalfd epoll \
	    inotify fanotify pidfd memfd mmap io_uring nsfs tun bpf-map \
	    bpf-prog ptmx userfaultfd
	walk_py >"$py"
	python3 "$py" "$d" "$WALKDIR/socks.out" 3>&- >/dev/null 2>&1 &
	echo "$!" >>"$WALKDIR/pids"
	walk_wait_ready "$WALKDIR/socks.out" || echo socks >>"$WALKDIR/missing"
	touch "$d/a b"$'\n\e[1m'"c"
	walk_start names "$HELPERS/holdnames" -c $'w\e]0;x\a' \
	    -f "$d/a b\\x0a\\x1b[1mc" -M $'m\xff e' -u "$d/s\\x5cx41" \
	    -a '\x00walk\x0aname'
	walk_start mq "$HELPERS/mqmk" -n -s 8 "walk$$" "walk$$ b"
	walk_memfd_exe
	walk_sysv
	walk_netns
	walk_otherns
}

# System V objects of the caller's ipc namespace, which /ipc lists: a
# segment attached, one attached and removed (it lives on), a semaphore
# set and a queue that has sent and received, so that every pid link
# has a process.  The helper removes them when it is killed.
walk_sysv() {
	perl -MIPC::SysV=shmat -e 1 2>/dev/null || {
		echo sysv >>"$WALKDIR/missing"
		return
	}
	perl -e '
		use IPC::SysV qw(IPC_PRIVATE IPC_CREAT IPC_RMID IPC_NOWAIT
		    shmat);
		my $shm = shmget(IPC_PRIVATE, 4096, IPC_CREAT | 0600);
		my $gone = shmget(IPC_PRIVATE, 4096, IPC_CREAT | 0600);
		my $sem = semget(IPC_PRIVATE, 2, IPC_CREAT | 0600);
		my $msg = msgget(IPC_PRIVATE, IPC_CREAT | 0600);
		my $buf;
		sub clean {
			shmctl($shm, IPC_RMID, 0);
			semctl($sem, 0, IPC_RMID, 0);
			msgctl($msg, IPC_RMID, 0);
			exit 0;
		}
		$SIG{TERM} = $SIG{INT} = \&clean;
		defined $shm && defined $gone && defined $sem && defined $msg
		    or die "ipc: $!";
		defined shmat($shm, undef, 0) && defined shmat($gone, undef, 0)
		    or die "shmat: $!";
		shmctl($gone, IPC_RMID, 0);
		semop($sem, pack("s!3", 0, 1, 0));
		msgsnd($msg, pack("l! a*", 1, "one"), 0);
		msgsnd($msg, pack("l! a*", 1, "two"), 0);
		msgrcv($msg, $buf, 64, 0, IPC_NOWAIT);
		open(my $o, ">", $ARGV[0]) or die;
		print $o "pid=$$\nshm $shm\nshm-removed $gone\nsem $sem\n",
		    "msg $msg\nready\n";
		close $o;
		sleep 1 while 1;
	' "$WALKDIR/sysv.out" 3>&- >/dev/null 2>"$WALKDIR/sysv.err" &
	echo "$!" >>"$WALKDIR/pids"
	walk_wait_ready "$WALKDIR/sysv.out" || echo sysv >>"$WALKDIR/missing"
}

# A process whose program file is a memfd that no descriptor holds:
# sleep, copied into one and run from there.
walk_memfd_exe() {
	python3 -c '
import os, sys
fd = os.memfd_create("walk-exe", os.MFD_CLOEXEC)
with open("/bin/sleep", "rb") as f:
    os.write(fd, f.read())
with open(sys.argv[1], "w") as f:
    f.write("pid=%d\nready\n" % os.getpid())
os.execv("/proc/self/fd/%d" % fd, ["walk-exe", "1000"])
' "$WALKDIR/memfdexe.out" 3>&- >/dev/null 2>&1 &
	echo "$!" >>"$WALKDIR/pids"
	walk_wait_ready "$WALKDIR/memfdexe.out" ||
	    echo memfdexe >>"$WALKDIR/missing"
}

# The network namespace: the socket helper runs in it (ping allowed
# there), with interfaces, addresses, routes and neighbours around it.
walk_netns() {
	local pid far i

	if ! unshare -n true 2>/dev/null; then
		echo netns >>"$WALKDIR/missing"
		return
	fi
	unshare -n sh -c '
		ip link set lo up
		sysctl -qw net.ipv4.ping_group_range="0 2147483647"
		ip link add v0 type veth peer name v1 || exit 1
		ip link add br0 type bridge 2>/dev/null &&
		    ip link set v1 master br0 && ip link set br0 up
		ip link add d0 type dummy 2>/dev/null && ip link set d0 up
		ip link set v0 up
		ip link set v1 up
		ip addr add 10.31.0.1/24 dev v0
		ip addr add 2001:db8:31::1/64 dev v0 nodad
		ip route add 10.32.0.0/16 via 10.31.0.2
		ip route add 10.33.0.0/16 via 10.31.0.3 table 100
		ip neigh add 10.31.0.9 lladdr 02:00:00:00:00:09 dev v0
		exec python3 "$1" "$2" "$3"
	' sh "$WALKDIR/walk.py" "$WALKDIR/d" "$WALKDIR/netns.out" \
	    3>&- >/dev/null 2>"$WALKDIR/netns.err" &
	pid=$!
	echo "$pid" >>"$WALKDIR/pids"
	walk_wait_ready "$WALKDIR/netns.out" || {
		echo netns >>"$WALKDIR/missing"
		return
	}
	# A second namespace, and a veth from the first into it, once the
	# process is in it: before, the veth would end in ours.
	unshare -n sleep 1000 3>&- >/dev/null 2>&1 &
	far=$!
	echo "$far" >>"$WALKDIR/pids"
	for i in $(seq 100); do
		[ "$(readlink "/proc/$far/ns/net")" != \
		    "$(readlink /proc/self/ns/net)" ] && break
		sleep 0.02
	done
	if [ "$(readlink "/proc/$far/ns/net")" != \
	    "$(readlink /proc/self/ns/net)" ] &&
	    nsenter -t "$pid" -n ip link add w0 type veth peer name w1 \
	    netns "$far" 2>/dev/null; then
		nsenter -t "$pid" -n ip link set w0 up 2>/dev/null
	else
		echo farveth >>"$WALKDIR/missing"
	fi
}

# Mount, uts and ipc namespaces of their own: a tmpfs only this process
# sees, a file on it held open, a host name, and a System V segment made
# and attached there.
walk_otherns() {
	if ! unshare -m -u -i true 2>/dev/null; then
		echo otherns >>"$WALKDIR/missing"
		return
	fi
	mkdir -p "$WALKDIR/priv"
	unshare -m -u -i --propagation private sh -c '
		mount -t tmpfs walk "$1" || exit 1
		hostname walk-otherns
		: >"$1/held"
		exec perl -e "
			use IPC::SysV qw(IPC_PRIVATE IPC_CREAT shmat);
			open(my \$h, q(<), \"\$ARGV[0]/held\") or die;
			my \$id = shmget(IPC_PRIVATE, 4096, IPC_CREAT | 0600);
			defined \$id or die;
			defined shmat(\$id, undef, 0) or die;
			open(my \$o, q(>), \$ARGV[1]) or die;
			print \$o qq(pid=\$\$\nshm \$id\nready\n);
			close \$o;
			sleep 1000;" "$1" "$2"
	' sh "$WALKDIR/priv" "$WALKDIR/otherns.out" \
	    3>&- >/dev/null 2>"$WALKDIR/otherns.err" &
	echo "$!" >>"$WALKDIR/pids"
	walk_wait_ready "$WALKDIR/otherns.out" ||
	    echo otherns >>"$WALKDIR/missing"
}

walk_teardown() {
	local p

	[ -s "$WALKDIR/pids" ] || return 0
	while read -r p; do
		kill "$p" 2>/dev/null
	done <"$WALKDIR/pids"
	return 0
}

# The helpers' pids, one a line.
walk_helper_pids() {
	sed -n 's/^pid=//p' "$WALKDIR"/*.out
}

# Sources: each prints paths one a line, as the tool printed them.

# Every object fdinfo -a prints, or those of one process.
src_fdinfo() {
	"$FDINFO" -a -n -r -o object ${1:+-p "$1"} 2>/dev/null | grep -v '^$'
}

# Every path nsls -R prints under a top node.  The file tree of a mount
# namespace (/ns/mnt/INODE/fs) is left out as /fs is: a namespace made by
# unshare -m holds a copy of the whole file system.  Under /ns the walk
# goes down by hand to each namespace's children, the file tree printed
# but not walked (walking it took half a minute), and -R from there.
src_nsls() {
	local kinds nss kids

	if [ "$1" != /ns ]; then
		"$NSLS" -R -n -r -o path "$1" 2>/dev/null
		return
	fi
	mapfile -t kinds < <("$NSLS" -n -r -o path /ns 2>/dev/null)
	mapfile -t nss < <("$NSLS" -n -r -o path "${kinds[@]}" 2>/dev/null)
	mapfile -t kids < <("$NSLS" -n -r -o path "${nss[@]}" 2>/dev/null)
	{
		printf '%s\n' "${kinds[@]}" "${nss[@]}" "${kids[@]}"
		# A child outside /ns is an alias of the caller's own
		# namespace, walked under its own top node.
		printf '%s\n' "${kids[@]}" | grep '^/ns/' |
		    grep -v '^/ns/mnt/[0-9]*/fs$' |
		    "$NSLS" -R -n -r -o path - 2>/dev/null
	} | awk '!seen[$0]++'
}

# The values of one link attribute of one object.
src_link() {
	"$NSCAT" -J -o "$2" "$1" 2>/dev/null |
	    jq -r --arg a "$2" '.objects[0][$a] | arrays[], strings'
}

# The records of a source run once: "PATH<TAB>SOURCE", the source quoted
# for eval (a path's backslashes are its own).
records() {
	local src

	printf -v src '%q ' "$@"
	# "-" is raw output's missing value (a descriptor with no object),
	# no path.
	"$@" | SRC=${src% } awk 'NF && $0 != "-" { print $0 "\t" ENVIRON["SRC"] }'
}

# The round trip of the paths of a list of records, in $1.  It writes
#   $1.fail     a line per failure: PATH<TAB>what went wrong, and where
#   $1.note     aliases and objects that went away, likewise, for the
#               reader
# and returns 0.
roundtrip() {
	local recs=$1 paths=$1.paths

	cut -f1 "$recs" | sort -u >"$paths"
	: >"$recs.fail"
	: >"$recs.note"
	# Exit 1 says that some path named nothing; align finds which.
	"$NSCAT" -n -r -o path,type - <"$paths" >"$paths.out" \
	    2>"$paths.err" || true
	align "$paths" "$paths.out" "$paths.err" >"$paths.res"
	awk -F '\t' '$1 == "bad" { print $2 "\t" $3 }' "$paths.res" \
	    >>"$recs.fail"
	second_round "$recs" "$paths.res"
	recheck "$recs" "$paths.res"
}

# Pair each input with what nscat said of it.  A path that named nothing
# is in an error line, "nscat: PATH: WHY", with its backslashes escaped
# again; every other input has its output line, in order.  The result, a
# line per input: "ok PATH PATH TYPE", "diff PATH OUT TYPE", "err PATH
# WHY", or "bad PATH WHY" when the output cannot be paired at all.
align() {
	awk -F '\t' -v out="$2" -v err="$3" '
	function esc(s) { gsub(/\\/, "\\x5c", s); return s }
	BEGIN {
		while ((getline line < err) > 0) {
			if (line ~ /^nscat: [0-9]+ objects? not readable/)
				continue
			# An escaped path holds no blank.
			if (match(line, /^nscat: [^ ]*: /)) {
				p = substr(line, 8, RLENGTH - 9)
				why[p] = substr(line, RLENGTH + 1)
			} else {
				stray[++nstray] = line
			}
		}
	}
	{
		if ($0 in seen)
			next
		seen[$0] = 1
		e = esc($0)
		if (e in why) {
			print "err\t" $0 "\t" why[e]
			used[e] = 1
			next
		}
		if ((getline line < out) <= 0) {
			print "bad\t" $0 "\tno output line for it"
			next
		}
		n = split(line, f, " ")
		t = n > 1 ? f[2] : ""
		print (f[1] == $0 ? "ok" : "diff") "\t" $0 "\t" f[1] "\t" t
	}
	END {
		while ((getline line < out) > 0)
			print "bad\t" line "\tan output line for no input"
		for (i = 1; i <= nstray; i++)
			print "bad\t" stray[i] "\tstray error message"
		for (e in why)
			if (!(e in used))
				print "bad\t" e "\tan error for no input: " why[e]
	}' "$1"
}

# A path that came back different is an alias only if what came back
# names itself in turn; what did is noted, what did not fails.
second_round() {
	local recs=$1 res=$2

	awk -F '\t' '$1 == "diff" { print $3 }' "$res" | sort -u >"$res.2"
	[ -s "$res.2" ] || return 0
	"$NSCAT" -n -r -o path,type - <"$res.2" >"$res.2.out" \
	    2>"$res.2.err" || true
	align "$res.2" "$res.2.out" "$res.2.err" >"$res.2.res"
	awk -F '\t' '
		NR == FNR { second[$2] = $1 "\t" $3; next }
		$1 == "diff" {
			split(second[$3], s, "\t")
			if (s[1] == "ok")
				print "note\t" $2 "\talias of " $3
			else
				print "fail\t" $2 "\tnot canonical: printed as " \
				    $3 ", which gives " s[2]
		}' "$res.2.res" "$res" |
	while IFS=$'\t' read -r what path why; do
		if [ "$what" = note ]; then
			printf '%s\t%s\n' "$path" "$why" >>"$recs.note"
		else
			printf '%s\t%s\n' "$path" "$why" >>"$recs.fail"
		fi
	done
}

# A path that named nothing is asked once more, all in one process, and
# then fails unless its object has gone: each source that printed it runs
# once more, and if none prints it now, the object vanished between the
# reads.  A descriptor number or a pid is taken again at once by a busy
# process (this shell too: it keeps copies of its descriptors while it
# redirects), and a source would print it again: the kernel's own view of
# a process or a descriptor, read just before and just after the second
# try, must show the same one both times, or it changed under the walk.
recheck() {
	local recs=$1 res=$2 path why before now src still

	awk -F '\t' '$1 == "err" { print $2 }' "$res" >"$res.3"
	[ -s "$res.3" ] || return 0
	perl -lne "$kernel_ids" "$res.3" >"$res.3.before"
	"$NSCAT" -n -r -o path,type - <"$res.3" >"$res.3.out" \
	    2>"$res.3.err" || true
	perl -lne "$kernel_ids" "$res.3" >"$res.3.after"
	align "$res.3" "$res.3.out" "$res.3.err" >"$res.3.res"
	awk -F '\t' '$1 == "ok" { print $2 "\tnamed nothing once, " \
	    "itself on a second try" }' "$res.3.res" >>"$recs.note"
	paste "$res.3.res" "$res.3.before" "$res.3.after" | awk -F '\t' '
	    $1 == "err" { print $2 "\t" $3 "\t" $(NF - 1) "\t" $NF }
	    $1 == "diff" { print $2 "\tgave " $3 " on a second try\t" \
		$(NF - 1) "\t" $NF }
	    $1 == "bad" { print $2 "\t" $3 "\t" $(NF - 1) "\t" $NF }' \
	    >"$res.3.left"
	declare -A again=()
	while IFS=$'\t' read -r path why before now; do
		if [ "$now" = gone ]; then
			printf '%s\tvanished (%s)\n' "$path" "$why" >>"$recs.note"
			continue
		elif [ "$before" != "$now" ]; then
			printf '%s\tchanged under the walk (%s)\n' "$path" "$why" \
			    >>"$recs.note"
			continue
		fi
		still=
		while IFS= read -r src; do
			if [ -z "${again[$src]+x}" ]; then
				again[$src]=$(eval "$src") || true
			fi
			if grep -qxF -- "$path" <<<"${again[$src]}"; then
				still=$src
				break
			fi
		done < <(P=$path awk -F '\t' '$1 == ENVIRON["P"] { print $2 }' \
		    "$recs")
		if [ -n "$still" ]; then
			[ "$now" = - ] && now= || now=" (the kernel: $now)"
			printf '%s\t%s, twice, and %s still prints it%s\n' \
			    "$path" "$why" "$still" "$now" >>"$recs.fail"
		else
			printf '%s\tvanished (%s)\n' "$path" "$why" >>"$recs.note"
		fi
	done <"$res.3.left"
}

# What the kernel says each process or descriptor path of its input is,
# apart from the tools, one a line: the target of a descriptor's link, a
# process's start time; "gone" when it has none, and "-" for any other
# path.  It runs as perl -lne, called straight from the function that
# runs nscat, since a shell function given a redirection has this shell
# keep copies of its descriptors meanwhile: new descriptors of its own.
kernel_ids='
	if (m{^/proc/(\d+)/fd/(\d+)}) {
		my $l = readlink("/proc/$1/fd/$2");
		print defined $l ? $l : "gone";
	} elsif (m{^/proc/(\d+)}) {
		my $s;
		if (open(my $f, "<", "/proc/$1/stat")) {
			$s = <$f>;
		}
		if (defined $s) {
			# The 22nd field, counted after the name.
			$s =~ s/.*\) //s;
			print((split / /, $s)[19]);
		} else {
			print "gone";
		}
	} else {
		print "-";
	}'

# The known failures, from the list walk.bats keeps: "HELPER SPEC
# CLASS" lines become "PATH<TAB>CLASS" in $WALKDIR/known, for each object
# the helper made.  SPEC is fd:KIND, the descriptor the helper gave for
# KIND; exe, its program file; or map:NAME, the memfd of that name it
# maps.
walk_known() {
	local helper spec class pid fd obj

	: >"$WALKDIR/known"
	while read -r helper spec class; do
		[ -n "$helper" ] || continue
		# A helper that could not start has no file.
		pid=$(sed -n 's/^pid=//p' "$WALKDIR/$helper.out" 2>/dev/null) ||
		    continue
		[ -n "$pid" ] || continue
		case $spec in
		fd:*)
			fd=$(awk -v k="${spec#fd:}" '$1 == k { print $2 }' \
			    "$WALKDIR/$helper.out")
			[ -n "$fd" ] || continue
			obj=$("$FDINFO" -p "$pid" -n -r -o fd,object |
			    awk -v fd="$fd" '$1 == fd { print $2 }')
			;;
		exe)
			obj=$("$FDINFO" -a -p "$pid" -n -r -o assoc,object |
			    awk '$1 == "exe" { print $2 }')
			;;
		map:*)
			obj=$("$FDINFO" -a -p "$pid" -n -r -o assoc,object,name |
			    awk -v n="memfd:${spec#map:}" '
				$1 ~ /^(mem|shm)$/ && $3 == n { print $2; exit }')
			;;
		esac
		[ -n "$obj" ] && printf '%s\t%s %s: %s\n' "$obj" "$helper" \
		    "$spec" "$class" >>"$WALKDIR/known"
	done
	return 0
}

# Sort the failures of a walk: a known one, or one of the same class held
# by a process other than the helpers (a socket no diag table lists, a
# memfd no descriptor holds), is noted; the rest stay failures.
triage() {
	local recs=$1 path why cls

	[ -s "$recs.fail" ] || return 0
	mv "$recs.fail" "$recs.fail.all"
	: >"$recs.fail"
	while IFS=$'\t' read -r path why; do
		cls=$(P=$path awk -F '\t' '$1 == ENVIRON["P"] { print $2 }' \
		    "$WALKDIR/known")
		if [ -n "$cls" ]; then
			printf '%s\tknown, %s\n' "$path" "$cls" >>"$recs.note"
		elif cls=$(known_class "$path"); then
			printf '%s\tof a known class, %s\n' "$path" "$cls" \
			    >>"$recs.note"
		else
			printf '%s\t%s\n' "$path" "$why" >>"$recs.fail"
		fi
	done <"$recs.fail.all"
}

# The known class a path that named nothing belongs to, if any.
known_class() {
	# None today: a socket no diag table lists, and a memfd no
	# descriptor holds, both resolve now.  A class that cannot be
	# fixed yet is named here by its path, as "case $1 in ...".
	return 1
}

# The columns that name other objects, for links.  nscat -H gives a
# name's type once, as the first class with that column has it, and four
# names are links in one class and text in another: peer is added, and
# text_columns names the types of object where the others are text.
link_columns() {
	"$NSCAT" -H | awk 'NR > 1 && $2 ~ /^links?$/ { print tolower($1) }'
	echo peer
}
text_columns='symlink.target address.peer route.source fd.user assoc.user'

# The sample whose links are followed, from "PATH TYPE" lines in $1: the
# first, the middle and the last path of every type, and the helpers'
# processes, every path under them and what they hold.
sample() {
	local pid

	sort -k2,2 -k1,1 "$1" | awk '
		{ n[$2]++; p[$2, n[$2]] = $1 }
		END {
			for (t in n) {
				print p[t, 1]
				print p[t, int((n[t] + 1) / 2)]
				print p[t, n[t]]
			}
		}'
	for pid in $(walk_helper_pids); do
		awk -v p="/proc/$pid" '$1 == p || index($1, p "/") == 1 {
			print $1 }' "$1"
		src_fdinfo "$pid"
	done
}

# The link values of the objects whose paths are in $1, as records whose
# source is src_link HOLDER COLUMN.
link_records() {
	local cols

	cols=$(link_columns | jq -R . | jq -sc .)
	"$NSCAT" -J - <"$1" 2>/dev/null |
	    jq -r --argjson cols "$cols" --arg text "$text_columns" '
		($text | split(" ")) as $text |
		.objects[] | .path as $p | .type as $t |
		to_entries[] | .key as $k |
		select($k != "path" and ($cols | index([$k])) and
		    ($text | index([$t + "." + $k]) | not)) |
		(.value | arrays[], strings) |
		[., @sh "src_link \($p) \($k)"] | join("\t")'
}
