#!/usr/bin/env bats
# Every example of the README and of the man pages, run.  The examples
# are read from the pages when the suite runs, never copied here, so that
# a page edited later is tested as it then reads:
#
# - a man page's `.Dl $ COMMAND` lines, and the `$ COMMAND` lines of its
#   `.Bd -literal` blocks, with mdoc's escapes undone (an escape not known
#   here fails the example, as does a line mandoc would render otherwise);
# - README.md's `$ COMMAND` lines in its code blocks.  The commands with
#   no `$ ` prompt, those that set up a fresh machine at its top
#   (./configure --install-deps, make, make check) and the package build,
#   are CI's own steps (.ci/run), tested there.
#
# A line that ends inside a command (a `|`, an open `do`) goes on on the
# next line; the lines after a command up to the next prompt are its
# output as the page shows it.  Each example runs in bash, with
# pipefail, the tools under test first on PATH, in a directory of its
# own, HOME a directory of the test's, and passes when it exits 0 (1 only
# where its last command is grep or jq -e and that alone found nothing)
# with nothing on standard error but the lines that say what this machine
# is, not what the example does: "N objects not readable (permission
# denied), skipped", "N objects not answering (file server stopped or
# gone...)" (a FUSE server another suite stopped), and nswatch's line on
# how it hears of processes, which nswatch(1) promises.
# What the page shows in place of the machine's own objects is replaced by
# what this suite made or found (the table in `table` below), and an
# example is skipped, with the reason, only where that is missing here.
# Some examples follow rules of their own:
#
# - one that sets variables (NAME=... or eval) is run again, output
#   discarded, before each later example of its block, as a shell keeps
#   them;
# - one whose shown output starts with its tool's own message shows an
#   error: it passes when it fails with those lines on standard error;
# - one that runs nswatch runs for 2 seconds and passes when the timeout
#   ends it (124) with standard error clean;
# - those on the nsmount mount point run after the others of their page,
#   the mount first and the unmount last;
# - `cat ~/FILE` with the file's text shown under it writes that text
#   there first (executable where it starts with #!), unless this suite
#   made that file itself;
# - `TYPED<TAB> -> LINE` is completion: bash completion of TYPED must
#   give LINE.
#
# An example no rule matches still runs as it is.  An example that failed
# only because objects went away while it ran, and are gone still (a
# process or socket that nsls listed and that ended before nscat read
# it, a /proc entry that grep was given), is run again, twice at most,
# and then passed over with a TAP comment naming them: that is what the
# machine did meanwhile, not what the page says.  One test per page; it
# lists every failed example, by page, line and text, as it was run, and
# the examples skipped, with the reason, as TAP comments.

bats_require_minimum_version 1.5.0
load helpers/common

REPO=$BATS_TEST_DIRNAME/..
MKFDS=$HELPERS/mkfds
TOOLS="nsls nscat fdinfo devtree nswatch nsmount"
# The line a tool ends with when a file system's server does not answer
# (one another suite stopped, say): what the machine is, as SKIPPED_LINE.
DEAD_LINE='^(nsls|nscat|fdinfo|devtree): [1-9][0-9]* objects? not answering \(file server stopped or gone(: [^)]*)?\), shown from the kernel.s cache$'
NSWATCH_PROC_LINE='^nswatch: /proc: (events from the proc connector|no proc connector .*)$'

# Start a command that says "ready" and then waits, in a process group of
# its own (teardown_file kills the group), its output in the file $1.
start_fixture() {
	local out=$1
	shift
	# Started from a subshell, so that it is no job of this shell's.
	(setsid "$@" >"$out" 2>&1 </dev/null 3>&- &
	    echo "$!" >>"$BATS_FILE_TMPDIR/fixtures")
	await_ready "$out"
}

setup_file() {
	local d out p

	d=$(realpath "$BATS_FILE_TMPDIR")
	export EX_DIR=$d
	: >"$d/fixtures"

	# "Another machine" is this one, reached through NSTOOLS_RSH.
	cat >"$d/rsh-here" <<-EOF
	#!/bin/sh
	shift
	PATH=$BIN:\$PATH exec /bin/sh -c "\$*"
	EOF
	chmod +x "$d/rsh-here"
	export EX_RSH=$d/rsh-here

	# A process holding a file, a deleted file, an epoll, a TCP
	# listener with a connection to it and a unix pair.
	mkdir "$d/held"
	out=$d/mkfds.out
	(cd "$d/held" && start_fixture "$out" "$MKFDS" -d "$d/held" \
	    file deleted epoll tcp unix-stream)
	export EX_PID EX_EPOLL EX_PORT EX_LISTEN EX_FILE
	EX_PID=$(sed -n 's/^pid=//p' "$out")
	EX_EPOLL=$(awk '$1 == "epoll" { print $2 }' "$out")
	EX_PORT=$(helper_word "$out" tcp-listen port)
	EX_LISTEN=$(helper_word "$out" tcp-listen ino)
	EX_FILE=$(helper_word "$out" file path)

	# Names that hold a space and control bytes.
	mkdir "$d/names"
	touch "$d/names/a b" "$d/names/$(printf 'tab\tx')" \
	    "$d/names/$(printf 'nl\nx')" "$d/names/$(printf 'esc\033[1mx')"

	# The first disk, its partition, the PCI function it hangs on; a
	# loop device; an interface; the default route.
	export EX_DISK= EX_DISKNODE= EX_DISKDEV= EX_PART= EX_PCI= EX_LOOP=
	EX_DISK=$("$NSLS" -R -b -r -n -o path,devtype,size /dev/block \
	    2>/dev/null | awk '$2 == "disk" && $3 > 0 &&
		$1 !~ /^\/dev\/block\/7\// { print $1; exit }')
	if [ -n "$EX_DISK" ]; then
		read -r EX_DISKNODE EX_DISKDEV < <("$NSCAT" -n -r \
		    -o devnode,dev "$EX_DISK" 2>/dev/null)
		EX_PART=$("$NSLS" -R -r -n -o devtype,devnode "$EX_DISK" \
		    2>/dev/null | awk '$1 == "partition" { print $2; exit }')
		EX_PART=${EX_PART:-$EX_DISKNODE}
		EX_PCI=$("$DEVTREE" -u -r -n -o path "$EX_DISK" 2>/dev/null |
		    grep -m 1 '^/dev/pci/' || true)
	fi
	EX_LOOP=$("$NSLS" -R -r -n -o driver,devnode /dev/block 2>/dev/null |
	    awk '$1 == "loop" && $2 ~ /^\/dev\// { print $2; exit }')
	export EX_IF EX_ROUTE=
	EX_IF=$(ip route show default 2>/dev/null |
	    awk '{ for (i = 1; i < NF; i++) if ($i == "dev") { print $(i + 1); exit } }')
	[ -z "$EX_IF" ] || EX_ROUTE=yes
	[ -n "$EX_IF" ] || EX_IF=$("$NSLS" -r -n -o name /dev/net 2>/dev/null |
	    grep -v -x -m 1 lo || echo lo)

	# The network namespace ip-netns calls blue: a name of this run's,
	# made in a network and mount namespace of a holder's own (its
	# /run/netns a tmpfs of that namespace), so that no other suite sees
	# it; a veth from the holder's namespace into it, a listener there.
	export EX_BLUE=nstools-ex-$$-$RANDOM EX_BLUE_PID= EX_BLUE_WHY=
	export EX_PEER= EX_INNER= EX_BLUE_PORT=
	out=$d/blue.out
	mkdir "$d/blue"
	if ! unshare -n -m true 2>/dev/null; then
		EX_BLUE_WHY="no network and mount namespace may be made here"
	elif ! start_fixture "$out" unshare -n -m bash -c '
		set -e
		mkdir -p /run/netns
		mount -t tmpfs nstools-examples /run/netns
		ip link set lo up
		ip netns add "$1"
		ip link add vh type veth peer name vc netns "$1"
		ip link set vh up
		ip -n "$1" link set vc up
		ip -n "$1" link set lo up
		echo "peer=$(ip -o link show vh | cut -d: -f1)"
		echo "inner=$(ip -n "$1" -o link show vc | cut -d: -f1)"
		cd "$2"
		nsenter --net="/run/netns/$1" "$3" -d "$2" tcp >"$2/mkfds.out" &
		for i in $(seq 100); do
			grep -q ^ready "$2/mkfds.out" && break
			sleep 0.05
		done
		echo ready
		exec sleep 100000' sh "$EX_BLUE" "$d/blue" "$MKFDS"
	then
		EX_BLUE_WHY="no veth into a named network namespace here: $(tail -1 "$out")"
	else
		EX_BLUE_PID=$(tail -n 1 "$d/fixtures")
		EX_PEER=$(sed -n 's/^peer=//p' "$out")
		EX_INNER=$(sed -n 's/^inner=//p' "$out")
		EX_BLUE_PORT=$(helper_word "$d/blue/mkfds.out" tcp-listen port)
	fi

	# A file system that a process keeps busy, with its working
	# directory and a file open on it: a tmpfs mounted on $d/busy in a
	# mount namespace of that process's own, where nothing else is.
	export EX_BUSY=$d/busy EX_BUSY_PID= EX_BUSY_WHY=
	out=$d/busy.out
	mkdir "$d/busy"
	if ! unshare -m true 2>/dev/null; then
		EX_BUSY_WHY="no mount namespace may be made here"
	elif ! start_fixture "$out" unshare -m sh -c '
		mount -t tmpfs nstools-busy "$1" && cd "$1" &&
		    exec "$2" -d "$1" file' sh "$d/busy" "$MKFDS"; then
		EX_BUSY_WHY="no tmpfs may be mounted here: $(tail -1 "$out")"
	else
		EX_BUSY_PID=$(tail -n 1 "$d/fixtures")
	fi

	# A container: mount, pid, ipc, uts and network namespaces of its
	# own, a tmpfs "scratch" on its /mnt; $EX_CTR, its process.
	export EX_CTR= EX_CTR_WHY=
	out=$d/ctr.out
	if ! unshare -m -p -i -u -n --fork --mount-proc true 2>/dev/null; then
		EX_CTR_WHY="no mount, pid, ipc, uts and network namespaces may be made here"
	elif ! start_fixture "$out" unshare -m -p -i -u -n --fork --mount-proc \
	    sh -c 'mount -t tmpfs scratch /mnt && hostname nstools-example &&
		echo ready && exec sleep 100000'; then
		EX_CTR_WHY="no container may be made here: $(tail -1 "$out")"
	else
		p=$(tail -n 1 "$d/fixtures")
		EX_CTR=$(cat "/proc/$p/task/$p/children")
		EX_CTR=${EX_CTR%% *}
	fi
}

teardown_file() {
	local p

	while read -r p; do
		kill -KILL -- "-$p" 2>/dev/null || kill -KILL "$p" 2>/dev/null || true
	done <"$BATS_FILE_TMPDIR/fixtures"
}

setup() {
	T=$(realpath "$BATS_TEST_TMPDIR")
	home=$T/home
	mkdir -p "$home/.config/nstools" "$home/bin" "$T/work" "$T/run"
	touch "$home/.profile"
	printf 'web1\ndb2\n' >"$home/.config/nstools/hosts"
	failures=()
	skipped=0
}

teardown() {
	if awk -v m="$T/ns" '$2 == m { f = 1 } END { exit !f }' /proc/self/mounts; then
		fusermount3 -u "$T/ns" 2>/dev/null || fusermount3 -u -z "$T/ns" 2>/dev/null ||
		    umount -l "$T/ns" 2>/dev/null || true
	fi
}

# "-" if $1 is not empty, else $2: the reason an example is skipped.
ok_or() {
	if [ -n "$1" ]; then echo -; else echo "$2"; fi
}

# The substitutions, four words an entry: what a page names (a Perl
# regular expression), what the example gets instead ("&": the same),
# where it then runs (in the namespaces of a holder, where that name means
# something: "blue", the network namespace's, "busy", the busy file
# system's), and, where this machine has no such thing, why the example
# is skipped ("-" or nothing where it has).
table() {
	local nodisk="no disk here (nsls /dev/block finds none)"
	local disk pci loop route blue busy port ctr

	disk=$(ok_or "$EX_DISK" "$nodisk")
	pci=$(ok_or "$EX_PCI" "the disk hangs on no PCI function here")
	loop=$(ok_or "$EX_LOOP" "no loop device here")
	route=$(ok_or "$EX_ROUTE" "no IPv4 default route here")
	blue=${EX_BLUE_WHY:--}
	busy=${EX_BUSY_WHY:--}
	port=$(ok_or "$EX_BLUE_PORT" "${EX_BLUE_WHY:-no listener in the namespace blue}")
	ctr=${EX_CTR_WHY:--}

	table=(
	'/proc/1234/fd/5\b'      "/proc/$EX_PID/fd/$EX_EPOLL" '' ''
	'\b1234\b'               "$EX_PID"           '' ''
	'(?<=-p )42\b'           "$EX_PID"           '' ''
	'/var/log/syslog\b'      "$EX_FILE"          '' ''
	'(?<![\w.])/mnt\b'       "$EX_BUSY"          busy "$busy"
	'/tmp/ns\b'              "$T/ns"             '' ''
	# Other suites' files come and go in /tmp while a pipeline reads it.
	'(?<=\s)/tmp(?=\s|$)'    "$EX_DIR/names"     '' ''
	':8088\b'                ":$EX_PORT"         '' ''
	':22\b'                  ":$EX_PORT"         '' ''
	'/sock/tcp/812\b'        "/sock/tcp/$EX_LISTEN" '' ''
	'\bsshd\b'               mkfds               '' ''
	'/user/1000\b'           "/user/$(id -u)"    '' ''
	'(?<=\s)X(?=\s|$)'       /etc/passwd         '' ''
	'\beth0\b'               "$EX_IF"            '' ''
	'/net/route/main/0\.0\.0\.0-0\b' '&' '' "$route"
	'/dev/block/254/0\b'     "$EX_DISK"          '' "$disk"
	'/dev/block/254\b'       "${EX_DISK%/*}"     '' "$disk"
	'\bb254:0\b'             "$EX_DISKDEV"       '' "$disk"
	'/dev/(vda1|sdb1)\b'     "$EX_PART"          '' "$disk"
	'/dev/vda\b'             "$EX_DISKNODE"      '' "$disk"
	'/dev/pci/0000:00:02\.0\b' "$EX_PCI"         '' "$pci"
	'/dev/loop0\b'           "$EX_LOOP"          '' "$loop"
	'/ns/net/blue/dev/net/2\b' "/ns/net/$EX_BLUE/dev/net/$EX_INNER" blue "$blue"
	'\bblue\b'               "$EX_BLUE"          blue "$blue"
	'/dev/net/66\b'          "/dev/net/$EX_PEER" blue "$blue"
	':8080\b'                ":$EX_BLUE_PORT"    '' "$port"
	'\bpgrep -n \w+'         "echo $EX_CTR"      '' "$ctr"
	'\b4242\b'               "$EX_CTR"           '' "$ctr"
	)
}

# Make the examples of a page runnable, in one pass over them all: read
# from standard input, each example's command and its shown output
# (NUL-terminated), undo mdoc's escapes in both where $1 is "man" (left to
# right, as mandoc reads them; an escape not known here is an error), then
# replace in the command, in one pass, what the table (the arguments
# after $1, pattern and value in turn) names.  For each example it writes
# four NUL-terminated fields: the error, the command, the shown output,
# and the indexes of the entries used, a newline, the command as run.
prepare() {
	perl -0 -e '
	my $man = shift eq "man";
	my (@p, @v);
	while (@ARGV) { push @p, shift; push @v, shift; }
	my $re = join "|", map { "(?<g$_>$p[$_])" } 0 .. $#p;
	my %e = ("(dq" => "\"", "(aq" => "\x27", "(ga" => "`", "(ti" => "~",
	    "(ha" => "^", "(rs" => "\\", "(em" => "--", "e" => "\\",
	    "&" => "", "-" => "-", "|" => "", "^" => "", " " => " ");
	my @in = map { chomp; $_ } <STDIN>;
	while (@in) {
		my ($cmd, $shown) = (shift @in, shift @in);
		my $error = "";
		if ($man) {
			for ($cmd, $shown) {
				s{\\(\([a-z]{2}|.)}{
					exists $e{$1} ? $e{$1} :
					    do { $error ||= "unknown mdoc escape \\$1"; "" } }ge;
			}
		}
		my %used;
		(my $run = $cmd) =~ s{$re}{
			my ($i) = grep { defined $+{"g$_"} } 0 .. $#p;
			$used{$i} = 1;
			$v[$i] eq "&" ? $& : $v[$i] }ge;
		print "$error\0$cmd\0$shown\0",
		    join(" ", sort { $a <=> $b } keys %used), "\n$run\0";
	}' -- "$@"
}

# The code lines of a page, one a line: block number, line number, "$"
# for a prompt line or "." for any other, and the text (a prompt's
# without "$ ").
code_lines() {
	case $1 in
	*.md)
		awk '
		function put(t) {
			if (t ~ /^\$ /) print blk "\t" NR "\t$\t" substr(t, 3)
			else print blk "\t" NR "\t.\t" t
		}
		/^```/ { fence = !fence; blk++; next }
		fence { put($0); next }
		/^    / { if (!code) blk++; code = 1; put(substr($0, 5)); next }
		/^[ \t]*$/ { if (code) put(""); next }
		{ code = 0 }' "$1"
		;;
	*)
		awk '
		/^\.Dl \$ / { blk++; print blk "\t" NR "\t$\t" substr($0, 7); next }
		/^\.Bd -literal/ { lit = 1; blk++; next }
		/^\.Ed/ { lit = 0; next }
		lit && /^\$ / { print blk "\t" NR "\t$\t" substr($0, 3); next }
		lit { print blk "\t" NR "\t.\t" $0 }' "$1"
		;;
	esac
}

# The examples of page $1 in arrays ex_block, ex_line, ex_cmd (as the
# page spells it, continuation lines joined) and ex_shown (the output the
# page shows under it).
read_examples() {
	local page=$1 blks=() lns=() kinds=() texts=() b l k t i j n cmd

	while IFS=$'\t' read -r b l k t; do
		blks+=("$b") lns+=("$l") kinds+=("$k") texts+=("$t")
	done < <(code_lines "$page")
	ex_block=() ex_line=() ex_cmd=() ex_shown=()
	n=${#blks[@]}
	for ((i = 0; i < n; i++)); do
		[ "${kinds[i]}" = '$' ] || continue
		cmd=${texts[i]}
		j=$((i + 1))
		# Go on while bash finds the command unfinished.
		while ((j < n)) && [ "${blks[j]}" = "${blks[i]}" ] &&
		    [ "${kinds[j]}" != '$' ] &&
		    bash -n <<<"$cmd" 2>&1 | grep -q 'unexpected end of file'; do
			cmd+=$'\n'"${texts[j]}"
			j=$((j + 1))
		done
		t=
		while ((j < n)) && [ "${blks[j]}" = "${blks[i]}" ] &&
		    [ "${kinds[j]}" != '$' ]; do
			t+=${texts[j]}$'\n'
			j=$((j + 1))
		done
		while [[ $t == *$'\n\n' ]]; do t=${t%$'\n'}; done
		ex_block+=("${blks[i]}") ex_line+=("${lns[i]}")
		ex_cmd+=("$cmd") ex_shown+=("${t%$'\n'}")
	done
}

# Run the example in $2 (the prelude $3 first), in the place $4 names,
# for at most $5 seconds, in the directory $1: its status in $1/rc, its
# last pipeline's statuses in $1/ps, its output in $1/out and $1/err.
run_example() {
	local rd=$1 cmd rc=0

	mkdir -p "$rd"
	{
		echo 'set -o pipefail'
		[ -z "$3" ] || printf '{\n%s\n} >/dev/null 2>&1\n' "$3"
		printf '%s\n' "$2"
		echo '__rc=$? __ps=${PIPESTATUS[*]}'
		printf 'echo "$__ps" >%q\n' "$rd/ps"
		echo 'exit "$__rc"'
	} >"$rd/script"
	: >"$rd/ps"
	case $4 in
	blue) cmd=(timeout "$5" nsenter -t "$EX_BLUE_PID" -n -m bash "$rd/script") ;;
	busy) cmd=(timeout "$5" nsenter -t "$EX_BUSY_PID" -m bash "$rd/script") ;;
	*) cmd=(timeout "$5" bash "$rd/script") ;;
	esac
	(cd "$T/work" && unset XDG_CONFIG_HOME &&
	    HOME=$home PATH=$BIN:$PATH NSTOOLS_RSH=$EX_RSH "${cmd[@]}") \
	    </dev/null >"$rd/out" 2>"$rd/err" 3>&- || rc=$?
	echo "$rc" >"$rd/rc"
}

# Whether the example that ran in the directory $rd ($1, its shown output
# $2) passed; if not, why, in $why.
judge() {
	local text=$1 shown=$2 err tool last rc ps

	rc=$(cat "$rd/rc")
	ps=$(cat "$rd/ps")
	err=$(grep -Ev "$SKIPPED_LINE|$DEAD_LINE" "$rd/err" || true)
	tool=${text%% *}
	why=
	# nswatch says on standard error how it hears of processes, as
	# nswatch(1) promises: one line, where it watches /proc.
	[[ $text != *nswatch* ]] || err=$(grep -Ev "$NSWATCH_PROC_LINE" <<<"$err" || true)
	if [[ " $TOOLS " == *" $tool "* && $shown == "$tool: "* ]]; then
		# An error the page shows.
		# The page shows the message, not the usage lines after it.
		shown=$(grep "^$tool: " <<<"$shown")
		((rc == 1 || rc == 2)) || why="exit $rc, where the page shows an error"
		[ "$(grep "^$tool: " <<<"$err")" = "$shown" ] ||
		    why+="${why:+; }stderr is not the error the page shows"
	else
		if [[ $text =~ (^|[^[:alnum:]_-])nswatch[[:space:]] ]]; then
			((rc == 124)) || why="exit $rc before the timeout"
		elif ((rc != 0)); then
			last=${text##*|}
			last=${last#"${last%%[![:space:]]*}"}
			if ! ((rc == 1)) || ! [[ $ps =~ ^(0 )*1$ ]] ||
			    [ -s "$rd/out" ] ||
			    ! [[ $last =~ ^grep[[:space:]] ||
			    $last =~ ^jq[[:space:]](.*[[:space:]])?(-[a-zA-Z]*e[a-zA-Z]*|--exit-status)[[:space:]] ]]; then
				why="exit $rc"
			fi
		fi
		[ -z "$err" ] || why+="${why:+; }stderr not clean"
	fi
	[ -z "$why" ] && return 0
	[ -z "$err" ] || why+=$'\n'"$(sed 's/^/      stderr: /' <<<"$err" | head -n 12)"
	return 1
}

# Whether what failed the example that ran in $rd is only objects that went
# away while it ran, each gone still: processes, sockets, pipes that
# nscat or fdinfo was given by the tool before it in a pipeline, or
# /proc entries that grep was given by the shell.  They are listed in
# $gone.
raced() {
	local line obj rc

	rc=$(cat "$rd/rc")
	((rc == 1 || rc == 2)) || return 1
	gone=
	while IFS= read -r line; do
		if [[ $line =~ ^(nsls|nscat|fdinfo|devtree):\ (/(proc|sock|pipe|anon)/[^ ]+):\ no\ such\ object$ ]]; then
			obj=${BASH_REMATCH[2]}
			! "$NSCAT" -n -r -o path "$obj" >/dev/null 2>&1 || return 1
		elif [[ $line =~ ^grep:\ .*/proc/([0-9]+)/[^/]+:\ No\ such\ file\ or\ directory$ ]]; then
			obj=/proc/${BASH_REMATCH[1]}
			[ ! -e "$obj" ] || return 1
		else
			return 1
		fi
		gone+=" $obj"
	done < <(grep -Ev "$SKIPPED_LINE|$DEAD_LINE" "$rd/err")
	[ -n "$gone" ]
}

# Completion: "TYPED<TAB> -> LINE".  Whether bash completion of TYPED's
# last word gives LINE's last word (the replies' common prefix, as bash
# inserts it); why not in $why.
check_completion() {
	local typed=${1%%<TAB>*} want=${1#*->} words r got= first=1

	want=${want#"${want%%[![:space:]]*}"}
	want=${want%"${want##*[![:space:]]}"}
	read -r -a words <<<"$typed"
	[[ $typed != *' ' ]] || words+=("")
	words[0]=$BIN/${words[0]}
	while IFS= read -r r; do
		if ((first)); then
			got=$r first=0
		else
			while [[ $r != "$got"* ]]; do got=${got%?}; done
		fi
	done < <(cd "$T/work" && set +e && PATH=$BIN:$PATH complete_words "${words[@]}")
	why=
	[ "${typed% *} $got" = "${want% *} ${want##* }" ] ||
	    why="completes to \"${typed% *} $got\", the page says \"$want\""
	[ -z "$why" ]
}

# Run every example of the page $1 (a path under the repository).
check_page() {
	local page=$1 file=$REPO/$1 i n text why skip e idx rd limit
	local late=() order=() ran=0 try tilde err used line gone pairs
	local -a watching=()
	local -A rendered=()

	read_examples "$file"
	n=${#ex_cmd[@]}
	[ "$n" -gt 0 ] || { echo "$page: no example found" >&2; return 1; }
	table
	pairs=()
	for ((e = 0; e < ${#table[@]}; e += 4)); do
		pairs+=("${table[e]}" "${table[e + 1]}")
	done
	if [[ $page == man/* ]] && ! command -v mandoc >/dev/null; then
		echo "# $page: no mandoc here, examples not checked as rendered" >&3
	elif [[ $page == man/* ]]; then
		# The lines as mandoc renders them, to find each example in.
		while IFS= read -r line; do
			rendered[x$line]=1
		done < <(mandoc -T ascii -O width=1000 "$file" |
		    sed 's/.\x08//g;s/^[[:space:]]*//')
	fi

	ex_text=() ex_run=() ex_where=() ex_skip=()
	i=0
	while IFS= read -r -d '' err && IFS= read -r -d '' text &&
	    IFS= read -r -d '' ex_shown[i] && IFS= read -r -d '' used; do
		ex_text[i]=$text ex_run[i]=${used#*$'\n'} ex_where[i]= skip=
		used=${used%%$'\n'*}
		if [ -n "$err" ]; then
			failures+=("$page:${ex_line[i]}: ${ex_cmd[i]}"$'\n'"      $err")
			skip=failed
		elif ((${#rendered[@]})); then
			while IFS= read -r line; do
				line=${line#"${line%%[![:space:]]*}"}
				[ -z "${rendered[x$line]-}" ] || continue
				failures+=("$page:${ex_line[i]}: $text"$'\n'"      mandoc renders it otherwise (mdoc quoting, or a macro's name?)")
				skip=failed
				break
			done <<<"\$ $text"
		fi
		for idx in $used; do
			e=$((idx * 4))
			[ -z "${table[e + 2]}" ] || ex_where[i]=${table[e + 2]}
			[ "${table[e + 3]:--}" = - ] || skip=${skip:-${table[e + 3]}}
		done
		[[ $text != *'<TAB>'* ]] || ex_where[i]=completion
		ex_skip[i]=$skip
		# A file shown by cat under HOME: written from the page.
		if [[ $text =~ ^cat\ ~/([^[:space:]]+) ]] && [ -n "${ex_shown[i]}" ]; then
			tilde=$home/${BASH_REMATCH[1]}
			if [ ! -e "$tilde" ]; then
				mkdir -p "${tilde%/*}"
				printf '%s\n' "${ex_shown[i]}" >"$tilde"
				[[ ${ex_shown[i]} != '#!'* ]] || chmod +x "$tilde"
			fi
		fi
		# On the nsmount mount point: after the others, the mount
		# first.
		if [[ ${ex_run[i]} == *"$T/ns"* ]]; then
			if [[ $text =~ (^|[^[:alnum:]])nsmount[[:space:]] ]]; then
				late=("$i" "${late[@]}")
			else
				late+=("$i")
			fi
		else
			order+=("$i")
		fi
		i=$((i + 1))
	done < <(for ((i = 0; i < n; i++)); do
		printf '%s\0%s\0' "${ex_cmd[i]}" "${ex_shown[i]}"
	done | prepare "${page%%/*}" "${pairs[@]}")
	((i == n)) || { echo "$page: $i of $n examples prepared" >&2; return 1; }
	# The unmount last of all.
	for i in "${late[@]}"; do
		[[ ${ex_text[i]} == *fusermount3* ]] || order+=("$i")
	done
	for i in "${late[@]}"; do
		[[ ${ex_text[i]} != *fusermount3* ]] || order+=("$i")
	done
	if ((${#late[@]})) &&
	    { [ ! -c /dev/fuse ] || ! command -v fusermount3 >/dev/null; }; then
		for i in "${late[@]}"; do
			ex_skip[i]=${ex_skip[i]:-"no FUSE here (/dev/fuse, fusermount3)"}
		done
	fi

	# The variables set before each in its block: its prelude.
	ex_prelude=()
	for i in "${order[@]}"; do
		ex_prelude[i]=
		for ((e = 0; e < i; e++)); do
			[ "${ex_block[e]}" = "${ex_block[i]}" ] || continue
			[[ ${ex_text[e]} =~ ^[A-Za-z_][A-Za-z0-9_]*=[^[:space:]]*$ ||
			    ${ex_text[e]} =~ ^[A-Za-z_][A-Za-z0-9_]*=\$\([^\)]*\)$ ||
			    ${ex_text[e]} =~ ^eval[[:space:]] ]] || continue
			ex_prelude[i]+=${ex_run[e]}$'\n'
			[ -z "${ex_where[e]}" ] || ex_where[i]=${ex_where[e]}
			[ -z "${ex_skip[e]}" ] || ex_skip[i]=${ex_skip[i]:-"needs line ${ex_line[e]}, skipped: ${ex_skip[e]}"}
		done
	done
	# Those that run until the timeout ends them all start now, side by
	# side, each in a directory of its own.
	for i in "${order[@]}"; do
		[ -z "${ex_skip[i]}" ] &&
		    [[ ${ex_text[i]} =~ (^|[^[:alnum:]_-])nswatch[[:space:]] ]] ||
		    continue
		run_example "$T/run/$i" "${ex_run[i]}" "${ex_prelude[i]}" \
		    "${ex_where[i]}" 2 &
		watching[i]=$!
	done

	for i in "${order[@]}"; do
		[ "${ex_skip[i]}" != failed ] || continue
		text=${ex_text[i]}
		if [ -n "${ex_skip[i]}" ]; then
			echo "# skipped $page:${ex_line[i]}: $text: ${ex_skip[i]}" >&3
			skipped=$((skipped + 1))
			continue
		fi
		ran=$((ran + 1))
		if [ "${ex_where[i]}" = completion ]; then
			check_completion "$text" ||
			    failures+=("$page:${ex_line[i]}: $text"$'\n'"      $why")
			continue
		fi
		rd=$T/run/$i
		limit=60
		[[ ! $text =~ (^|[^[:alnum:]_-])nswatch[[:space:]] ]] || limit=2
		for try in 1 2 3; do
			if [ -n "${watching[i]-}" ]; then
				wait "${watching[i]}" || true
				unset "watching[i]"
			else
				run_example "$rd" "${ex_run[i]}" "${ex_prelude[i]}" \
				    "${ex_where[i]}" "$limit"
			fi
			judge "$text" "${ex_shown[i]}" && break
			raced || break
			# Gone three times: what the machine did meanwhile, not
			# the page.
			if ((try == 3)); then
				echo "# $page:${ex_line[i]}: objects gone while it ran, passed over:$gone" >&3
				why=
			fi
		done
		[ -z "$why" ] || failures+=("$page:${ex_line[i]}: $text"$'\n'"      as run: ${ex_run[i]//$'\n'/$'\n'      }"$'\n'"      $why")
	done
	echo "# $page: $n examples, $ran run, $skipped skipped, ${#failures[@]} failed" >&3
	if ((${#failures[@]})); then
		printf '%s\n' "${failures[@]}" >&2
		return 1
	fi
}

@test "README.md: every example runs" {
	untraced check_page README.md
}

@test "nsls(1): every example runs" {
	untraced check_page man/nsls.1
}

@test "nscat(1): every example runs" {
	untraced check_page man/nscat.1
}

@test "fdinfo(1): every example runs" {
	untraced check_page man/fdinfo.1
}

@test "devtree(1): every example runs" {
	untraced check_page man/devtree.1
}

@test "nswatch(1): every example runs" {
	untraced check_page man/nswatch.1
}

@test "nsmount(1): every example runs" {
	untraced check_page man/nsmount.1
}

@test "nstools(7): every example runs" {
	untraced check_page man/nstools.7
}

@test "every man page is one of those tested here" {
	local p

	for p in "$REPO"/man/*.[1-8]; do
		p=${p##*/}
		grep -Fq "check_page man/$p" "$BATS_TEST_FILENAME" ||
		    { echo "man/$p has no test here" >&2; return 1; }
	done
}
