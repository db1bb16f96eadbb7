# Shared setup for every bats suite: the assertion libraries and the tools
# under test.  The tools are taken from NSTOOLS_BIN (the installed ones, for
# make installcheck), else from the build directory; the helpers always from
# the build directory, NSTOOLS_BUILD or build/.
bats_require_minimum_version 1.5.0

# The files of an assertion library, as its load.bash names them, in
# lib_files[]; none if it names them otherwise.  bats_load_library
# sources load.bash, which finds each file with $(dirname ...): fifteen
# processes for every test, on two processors a fifth of a whole run.
library_files() {
	local d dirs line pre='source "$(dirname "${BASH_SOURCE[0]}")/'

	lib_files=()
	IFS=: read -ra dirs <<<"${BATS_LIB_PATH:-/usr/lib/bats}"
	for d in "${dirs[@]}"; do
		[[ -f $d/$1/load.bash ]] || continue
		while IFS= read -r line; do
			case $line in
			'' | '#'*) ;;
			"$pre"*'"')
				line=${line#"$pre"}
				lib_files+=("$d/$1/${line%\"}")
				;;
			*) lib_files=(); return ;;
			esac
		done <"$d/$1/load.bash"
		return
	done
}

for lib in bats-support bats-assert; do
	library_files "$lib"
	if ((${#lib_files[@]} == 0)); then
		bats_load_library "$lib"
	else
		for f in "${lib_files[@]}"; do
			source "$f" || exit 1
		done
	fi
done
unset lib f lib_files

BUILD=${NSTOOLS_BUILD:-$BATS_TEST_DIRNAME/../build}
BIN=${NSTOOLS_BIN:-$BUILD}
NSLS=$BIN/nsls
NSCAT=$BIN/nscat
FDINFO=$BIN/fdinfo
DEVTREE=$BIN/devtree
NSMOUNT=$BIN/nsmount
NSWATCH=$BIN/nswatch
HELPERS=$BUILD/helpers

# No raw control byte may reach the output: fail, showing where, if one does.
refute_control_bytes() {
	if LC_ALL=C grep -qP '[\x00-\x08\x0b-\x1f\x7f]' <<<"$1"; then
		echo "raw control byte in output:" >&2
		printf '%s' "$1" | od -c | head -20 >&2
		return 1
	fi
}

# Run a helper untraced: bats traces every command of a test (a DEBUG
# trap) to say where it failed, which makes a shell loop a hundred times
# slower.  A helper that runs many commands and says itself what failed
# runs without it; the trap is back when it returns.  A failure inside
# ends the test there, as it would traced, its line said less exactly.
untraced() {
	local saved

	saved=$(trap -p DEBUG)
	trap - DEBUG
	"$@"
	eval "$saved"
}

# The one line a tool ends with when it passed over what it could not
# read.  Whether it comes depends on the machine, not on the test: a
# supervisor that holds capabilities root lacks keeps its descriptors
# from root too, and every scan of all descriptors meets it.
SKIPPED_LINE='^(nsls|nscat|fdinfo|devtree): (/host/[^ ]*: )?[1-9][0-9]* objects? not readable( there)? \(permission denied\), skipped$'

# The line a tool ends with when a file server did not answer in time:
# the machine again, not the test (a FUSE mount of another suite, slow
# under load, that a scan of every descriptor meets), here or relayed
# from a machine of /host.
UNANSWERED_LINE='^(nsls|nscat|fdinfo|devtree): (/host/[^ ]*: )?[1-9][0-9]* objects? not answering \(file server stopped or gone(: [^)]*)?\), shown from the kernel.s cache$'

# Whether some process hides its namespaces from the caller: its ns links
# say "Permission denied" (pid 1 of some containers to root, every other
# user's process to an unprivileged caller).  A count of a namespace's
# processes is then of those seen: a summary says "1+ proc" and nprocs
# has no value.
ns_hidden() {
	ls -l /proc/[0-9]*/ns/net 2>&1 >/dev/null | grep -q 'Permission denied'
}

# nprocs where $1 processes are seen: $1, or $2 (no value) where some
# are hidden.
nprocs_seen() {
	if ns_hidden; then echo "${2-}"; else echo "$1"; fi
}

# The count in a namespace's summary where $1 processes are seen.
procs_seen() {
	if ns_hidden; then echo "$1+"; else echo "$1"; fi
}

# $stderr without those lines.
stderr_unskipped() {
	[ -z "$stderr" ] ||
	    grep -Ev "$SKIPPED_LINE|$UNANSWERED_LINE" <<<"$stderr" || true
}

# Run a command with its standard error but for that line; its status.
# The errors go to a file of the test's, named by the shell that runs
# the command (a pipeline of two runs them in two): no mktemp and rm for
# each of the thousands of calls, no grep where nothing was said.
unskipped() {
	local err rc=0

	err=${BATS_TEST_TMPDIR:-${BATS_FILE_TMPDIR:-$BATS_RUN_TMPDIR}}
	err=$err/unskipped.$BASHPID
	"$@" 2>"$err" || rc=$?
	[ ! -s "$err" ] ||
	    grep -Ev "$SKIPPED_LINE|$UNANSWERED_LINE" "$err" >&2 || true
	return "$rc"
}

# Some attributes of one object, joined by "|"; null where there is none.
attrs() {
	local obj=$1 cols=$2

	"$NSCAT" -J -o "$cols" "$obj" |
	    jq -r --arg c "$cols" '.objects[0] as $o |
		[$c | split(",")[] | $o[.] | tostring] | join("|")'
}

# Wait until a helper started in the background has written "ready" to
# the file $1 (ten seconds at most), a line of its own or the first word
# of one.  On a timeout, what it wrote goes to standard error.
await_ready() {
	local out=$1 i

	for i in $(seq 200); do
		grep -qE '^ready( |$)' "$out" 2>/dev/null && return 0
		sleep 0.05
	done
	cat "$out" >&2
	return 1
}

# await_ready, and the pid the helper printed ("pid=N") left in $pid.
wait_ready() {
	await_ready "$1" || return 1
	pid=$(sed -n 's/^pid=//p' "$1")
}

# Start a holder: a command, in namespaces of its own most often, that
# says "ready" once it is in them and then waits.  Its pid goes in
# $holder and in helpers[] (kill_helpers -KILL ends it in teardown), what
# it wrote in the file $holder_out; return once it said ready.
start_holder_of() {
	holder_out=$BATS_TEST_TMPDIR/holder$RANDOM
	"$@" >"$holder_out" 2>&1 3>&- &
	holder=$!
	helpers+=("$holder")
	await_ready "$holder_out"
}

# A key=value word of the line a helper printed for a kind: helper_word
# FILE KIND KEY.  Its lines are "KIND FD key=value...".
helper_word() {
	awk -v k="$2" -v w="$3=" '$1 == k {
		for (i = 3; i <= NF; i++)
			if (index($i, w) == 1) { print substr($i, length(w) + 1); exit }
	}' "$1"
}

# Kill the background helpers whose pids a test put in helpers[], with
# the signal given (-TERM by default).  -KILL for holders: the first
# process of a pid namespace, and unshare -f, ignore SIGTERM.
kill_helpers() {
	local p

	for p in "${helpers[@]}"; do
		kill "${1:--TERM}" "$p" 2>/dev/null || true
	done
}

# How to run a command in a new network namespace, as root or in a user
# namespace of its own: the command prefix in ${netns[@]}.  Skip the test,
# saying $1 if given, where neither can be made.
need_netns() {
	if unshare -n true 2>/dev/null; then
		netns=(unshare -n)
	elif unshare -rn true 2>/dev/null; then
		netns=(unshare -rn)
	else
		skip "${1:-cannot make a network namespace}"
	fi
}

# need_netns, and skip the test unless this kernel makes veth pairs in
# such a namespace (the probe's pair ends with it).
need_veth() {
	need_netns "no new network namespace allowed here"
	"${netns[@]}" ip link add v0 type veth peer name v1 2>/dev/null ||
	    skip "this kernel has no veth"
}

# Wait, five seconds at most, until a background helper has written to
# the file $1; the caller checks what it reads there.
wait_written() {
	local i

	for i in $(seq 100); do
		[[ -s $1 ]] && break
		sleep 0.05
	done
	return 0
}

# Whether the tools are a sanitizer build (CI's build-asan): no sandbox,
# no strace, no ulimit -v for AddressSanitizer's shadow memory.
sanitized() {
	nm -D "$NSLS" 2>/dev/null | grep -q __asan_init
}

# Skip the test unless strace is here and can trace the tools (a
# sanitizer build's LeakSanitizer cannot run under it).
need_strace() {
	command -v strace >/dev/null || skip "strace is not installed"
	if sanitized; then
		skip "LeakSanitizer does not run under strace"
	fi
}

# The command prefix that runs a command as nobody, in ${as[@]}; skip the
# test unless nobody may run unshare with the options given ("$@", which
# make a user namespace of its own) here.
need_rootless() {
	command -v setpriv >/dev/null || skip "no setpriv"
	as=(setpriv --reuid=65534 --regid=65534 --clear-groups)
	"${as[@]}" unshare "$@" true 2>/dev/null ||
	    skip "no user namespace for an unprivileged user"
}

# Trace a command while the kernel's counts say every TCP socket is in a
# table (tcp_whole), and see that it does not do what the function $1
# finds in the trace (the file it is given); strace's options and the
# command follow.  Other programs make and close sockets meanwhile: five
# tries, until one the function finds nothing in.  Skip the test where
# the counts never agree.
refute_traced() {
	local find=$1 trace=$BATS_TEST_TMPDIR/trace try did=
	shift

	for try in 1 2 3 4 5; do
		tcp_whole || { sleep 0.2; continue; }
		strace -qq -o "$trace" "$@" >/dev/null 2>&1
		if ! "$find" "$trace"; then
			did=no
			break
		fi
		did=yes
	done
	[ -n "$did" ] || skip "a TCP socket stays unbound somewhere on this machine"
	[ "$did" = no ]
}

# Skip the test unless it runs as root.
need_root() {
	[ "$(id -u)" = 0 ] || skip "needs root"
}

# Complete the last word of the command line given as bash would, with
# completion/nstools.bash (sourced here unless the suite did so already):
# COMPREPLY, one a line.
complete_words() {
	declare -F _nstools >/dev/null ||
	    source "$BATS_TEST_DIRNAME/../completion/nstools.bash"
	COMP_WORDS=("$@")
	COMP_CWORD=$(($# - 1))
	COMPREPLY=()
	_nstools
	printf '%s\n' "${COMPREPLY[@]}"
}

# Whether the kernel's counts say every TCP socket is in a table: the
# sockets it has allocated (sockstat's alloc) are as many as those hashed
# (inuse, IPv4 and IPv6) in every network namespace a process lives in.
tcp_whole() {
	local alloc sum=0 seen=" " p ns n
	alloc=$(awk '$1 == "TCP:" { for (i = 2; i < NF; i++) if ($i == "alloc") print $(i + 1) }' /proc/net/sockstat)
	for p in /proc/[0-9]*; do
		ns=$(stat -L -c %i "$p/ns/net" 2>/dev/null) || continue
		[[ $seen == *" $ns "* ]] && continue
		n=$(cat "$p/net/sockstat" "$p/net/sockstat6" 2>/dev/null |
		    awk '$1 ~ /^TCP6?:$/ { n += $3 } END { print n + 0 }') || continue
		seen+="$ns "
		sum=$((sum + n))
	done
	[ "$sum" = "$alloc" ]
}

# Run a command that compares the tools with a peer, or with themselves
# through nsmount, on what other programs change meanwhile and a test
# can neither hold still nor make its own of: the kernel's modules, the
# machine's block devices.  A difference may be a change between the two
# readings, so the command is tried again, a second later, up to four
# times more; it fails, with what it said, only if it never agrees.
agreed() {
	local i

	for i in 1 2 3 4; do
		"$@" >/dev/null 2>&1 && return 0
		sleep 1
	done
	"$@"
}
