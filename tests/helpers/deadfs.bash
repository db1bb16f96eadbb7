# A file server that does not answer, for deadfs.bats and
# deadfs-wait.bats: nsmount's FUSE daemon in a mount namespace of its
# own, and a process that holds a file, a directory and a mapping on its
# mount, which the tools under test then meet.

HOLD=$HELPERS/holdnames

# Mount in the directory $1 and start the holder: server, hold, fd, mnt,
# file, dirheld and dir set; where this machine cannot, DEADFS_SKIP says
# why, and nothing runs.
deadfs_start() {
	local i

	DEADFS_SKIP=
	server=
	hold=
	stopped=
	dir=$1
	mnt=$dir/mnt
	if [ ! -c /dev/fuse ]; then
		DEADFS_SKIP="no /dev/fuse here"
	elif ! command -v fusermount3 >/dev/null; then
		DEADFS_SKIP="no fusermount3 (Debian package fuse3)"
	elif ! unshare -m true 2>/dev/null; then
		DEADFS_SKIP="no new mount namespace allowed"
	fi
	[ -z "$DEADFS_SKIP" ] || return 0
	mkdir "$mnt"
	# unshare execs nsmount in the new namespace and setsid makes it
	# the leader of a process group of its own, which its spawner and
	# workers share: one signal to the group stops them all.
	unshare -m --propagation private setsid "$NSMOUNT" -f "$mnt" \
	    2>"$dir/nsmount.err" 3>&- &
	server=$!
	for i in $(seq 200); do
		in_ns awk -v m="$mnt" '$2 == m { f = 1 } END { exit !f }' \
		    /proc/self/mounts 2>/dev/null && break
		kill -0 "$server" 2>/dev/null || break
		sleep 0.05
	done
	if ! in_ns awk -v m="$mnt" '$2 == m { f = 1 } END { exit !f }' \
	    /proc/self/mounts; then
		DEADFS_SKIP="FUSE cannot mount here: $(cat "$dir/nsmount.err")"
		return 0
	fi
	[ "$(ps -o pgid= -p "$server" | tr -d ' ')" = "$server" ] || {
		echo "nsmount is not the leader of its process group" >&2
		return 1
	}
	file=$mnt/user/0/name
	dirheld=$mnt/dev
	# nsenter execs the holder: its pid is $!.
	nsenter -t "$server" -m -- "$HOLD" -f "$file" -p "$file" \
	    -d "$dirheld" >"$dir/hold.out" 2>&1 3>&- &
	hold=$!
	await_ready "$dir/hold.out"
	fd=$(awk '$1 == "FD" { print $2; exit }' "$dir/hold.out")
}

# Let the daemon go on, end the holder and unmount, whatever happened.
deadfs_stop() {
	local i

	[ -n "$server" ] || return 0
	kill -CONT -- "-$server" 2>/dev/null || true
	[ -z "$hold" ] || kill "$hold" 2>/dev/null || true
	[ -z "$hold" ] || wait "$hold" 2>/dev/null || true
	in_ns fusermount3 -u "$mnt" 2>/dev/null ||
	    in_ns umount -l "$mnt" 2>/dev/null || true
	for i in $(seq 100); do
		kill -0 "$server" 2>/dev/null || break
		sleep 0.05
	done
	kill -- "-$server" 2>/dev/null || true
	wait "$server" 2>/dev/null || true
}

# Run a command in the mount namespace of the mount.
in_ns() {
	nsenter -t "$server" -m -- "$@"
}

# Stop the daemon, its spawner and its workers, once the kernel's caches
# of the files held (a second for nsmount's entries and attributes) have
# run out: from then on a lookup there asks the daemon.
stop_server() {
	sleep 1.5
	kill -STOP -- "-$server"
	stopped=1
}

# Run a tool in the namespace, at most 20 seconds, and the seconds it
# took in $took: run's status, output and stderr as usual.
timed() {
	local t0

	# LeakSanitizer stops each thread of the tool with ptrace at exit;
	# a thread still waiting on the stopped daemon never stops (the wait
	# yields to a fatal signal only), and the check would wait for ever.
	# The same code is checked for leaks by the suites with a live server.
	if [ -n "$stopped" ] && [ -n "${ASAN_OPTIONS-}" ]; then
		local -x ASAN_OPTIONS="$ASAN_OPTIONS:detect_leaks=0"
	fi
	t0=$(date +%s%N)
	run --separate-stderr timeout 20 nsenter -t "$server" -m -- "$@"
	took=$((($(date +%s%N) - t0) / 1000000))
	echo "took ${took} ms: $*" >&3
}

# The line that counts what a file server did not answer for: $1 objects.
unanswered() {
	local n=$1 s=s line

	[ "$n" -ne 1 ] || s=
	line="$n object$s not answering (file server stopped or gone: $mnt),"
	line+=" shown from the kernel's cache"
	grep -Fx -e "fdinfo: $line" -e "nscat: $line" -e "nsls: $line" \
	    <<<"$stderr"
}

