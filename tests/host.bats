#!/usr/bin/env bats
# /host: other machines, through a real sshd on 127.0.0.1 that this suite
# starts with keys it makes, and through NSTOOLS_RSH wrappers: one that
# runs the command in a private network and mount namespace (a machine
# whose /dev/net differs), one with no tools on its PATH, one that never
# answers, one whose tools speak another version.  Hostile names cross
# the wire; a host that is down costs one error line; the second call to
# a host shares the first one's connection.

bats_require_minimum_version 1.5.0
load helpers/common
load helpers/names

# A port nothing listens on now.
free_port() {
	python3 -c 'import socket
s = socket.socket()
s.bind(("127.0.0.1", 0))
print(s.getsockname()[1])'
}

setup_file() {
	local d=$BATS_FILE_TMPDIR sshd port down

	export NSTOOLS_HOST_SKIP=
	sshd=$(command -v sshd || echo /usr/sbin/sshd)
	if [ "$(id -u)" != 0 ] || [ ! -x "$sshd" ] || ! command -v ssh; then
		NSTOOLS_HOST_SKIP="needs root, sshd and ssh (openssh-server)"
		return 0
	fi
	port=$(free_port)
	down=$(free_port)
	ssh-keygen -q -t ed25519 -N '' -f "$d/hostkey"
	ssh-keygen -q -t ed25519 -N '' -f "$d/userkey"
	cp "$d/userkey.pub" "$d/authorized_keys"
	echo "[127.0.0.1]:$port $(cat "$d/hostkey.pub")" >"$d/known_hosts"
	# The remote PATH leads to the tools under test.
	cat >"$d/sshd_config" <<-EOF
	ListenAddress 127.0.0.1:$port
	HostKey $d/hostkey
	AuthorizedKeysFile $d/authorized_keys
	PubkeyAuthentication yes
	PasswordAuthentication no
	KbdInteractiveAuthentication no
	PermitRootLogin prohibit-password
	UsePAM no
	StrictModes no
	PidFile $d/sshd.pid
	LogLevel VERBOSE
	SetEnv PATH=$BIN:/usr/bin:/bin
	EOF
	cat >"$d/ssh_config" <<-EOF
	Host local down
	HostName 127.0.0.1
	User root
	IdentityFile $d/userkey
	IdentitiesOnly yes
	UserKnownHostsFile $d/known_hosts
	StrictHostKeyChecking yes
	LogLevel ERROR
	Host local
	Port $port
	Host down
	Port $down
	EOF
	mkdir -p /run/sshd
	"$sshd" -D -f "$d/sshd_config" -E "$d/sshd.log" &
	echo $! >"$d/sshd.started"
	for _ in $(seq 50); do
		grep -q "listening on 127.0.0.1 port $port" "$d/sshd.log" \
		    2>/dev/null && break
		sleep 0.1
	done
	if ! ssh -F "$d/ssh_config" -o BatchMode=yes local true; then
		NSTOOLS_HOST_SKIP="sshd could not be started or reached: $(tail -1 "$d/sshd.log")"
		return 0
	fi

	# NSTOOLS_RSH's convention: HOST, then the command's words, each
	# quoted for a POSIX shell as ssh would hand them to one.
	cat >"$d/netns-rsh" <<-EOF
	#!/bin/sh
	shift
	PATH=$BIN:\$PATH exec unshare -n -m sh -c '
	    { ip link add nsh0 type dummy || ip link add nsh0 type bridge; } \\
	        2>/dev/null && exec sh -c "\$1"' sh "\$*"
	EOF
	mkdir "$d/nobin"
	cat >"$d/bare-rsh" <<-EOF
	#!/bin/sh
	shift
	PATH=$d/nobin exec /bin/sh -c "\$*"
	EOF
	# Each call counted, then run here.
	cat >"$d/count-rsh" <<-EOF
	#!/bin/sh
	shift
	echo "\$*" >>"$d/calls"
	PATH=$BIN:\$PATH exec /bin/sh -c "\$*"
	EOF
	# A host that answers, but only after a while.
	cat >"$d/late-rsh" <<-EOF
	#!/bin/sh
	shift
	sleep 2
	PATH=$BIN:\$PATH exec /bin/sh -c "\$*"
	EOF
	cat >"$d/slow-rsh" <<-EOF
	#!/bin/sh
	exec sleep 60
	EOF
	# Tools of another version: they print no nstools JSON.
	mkdir "$d/oldbin"
	cat >"$d/oldbin/nscat" <<-EOF
	#!/bin/sh
	[ "\$1" = -V ] && { echo "nscat 0.0"; exit 0; }
	echo "PATH TYPE"
	EOF
	cp "$d/oldbin/nscat" "$d/oldbin/nsls"
	cat >"$d/old-rsh" <<-EOF
	#!/bin/sh
	shift
	PATH=$d/oldbin:/usr/bin:/bin exec /bin/sh -c "\$*"
	EOF
	chmod +x "$d"/*-rsh "$d"/oldbin/*
	mkdir -p "$d/config/nstools"
	cat >"$d/config/nstools/hosts" <<-EOF
	# the machines of this suite
	local ssh -F $d/ssh_config
	down ssh -F $d/ssh_config

	netns $d/netns-rsh
	bare $d/bare-rsh
	EOF
}

teardown_file() {
	local d=$BATS_FILE_TMPDIR s

	# The shared connections, then the server.
	for s in "$d"/run/nstools/*; do
		[ -S "$s" ] && ssh -o ControlPath="$s" -O exit local 2>/dev/null
	done
	if [ -f "$d/sshd.started" ]; then
		kill "$(cat "$d/sshd.started")" 2>/dev/null
		wait "$(cat "$d/sshd.started")" 2>/dev/null
	fi
	return 0
}

setup() {
	[ -z "$NSTOOLS_HOST_SKIP" ] || skip "$NSTOOLS_HOST_SKIP"
	D=$BATS_FILE_TMPDIR
	export XDG_CONFIG_HOME=$D/config XDG_RUNTIME_DIR=$D/run
	mkdir -p "$XDG_RUNTIME_DIR"
	chmod 700 "$XDG_RUNTIME_DIR"
	unset NSTOOLS_RSH NSTOOLS_TIMEOUT
}

# End every shared connection the suite's calls have left.
close_shared() {
	local s

	for s in "$XDG_RUNTIME_DIR"/nstools/*; do
		[ -S "$s" ] && ssh -o ControlPath="$s" -O exit local 2>/dev/null
	done
	return 0
}

# How many sessions sshd has accepted.
accepted() {
	grep -c 'Accepted publickey' "$D/sshd.log" || true
}

@test "nsls /host lists the configured hosts, in the file's order" {
	run -0 --separate-stderr "$NSLS" /host
	assert_output "$(printf '%s\n' /host/local /host/down /host/netns \
	    /host/bare)"
	assert_equal "$stderr" ""
	run -0 "$NSLS" -n -r -o path,type /host/local
	refute_output --partial "/host/local/host "
	assert_line "/host/local/proc processes"
}

@test "nscat over ssh: the remote's paths and links under /host/NAME" {
	run -0 --separate-stderr "$NSCAT" -n -r -o path,name,group \
	    /host/local/user/root
	assert_output "/host/local/user/0 root /host/local/group/0"
	assert_equal "$stderr" ""
	run -0 "$NSCAT" /host/local/group/0
	assert_line --regexp '^path +/host/local/group/0$'
	assert_line --regexp '^type +group$'
}

@test "following a link stays on the machine" {
	run -0 bash -c "'$NSCAT' -n -r -o group /host/local/user/0 |
	    '$NSCAT' -n -r -o path,name -"
	assert_output "/host/local/group/0 root"
}

@test "a remote listing's paths round-trip and its columns are fetched" {
	run -0 "$NSLS" -n -r -o path,type,summary /host/local/ipc
	assert_line --regexp '^/host/local/ipc/shm ipcs [0-9]+\\x20shared'
	run -0 "$NSLS" /host/local/ipc
	assert_round_trip "${lines[@]}"
}

@test "nscat -J of a remote object is the remote's JSON, paths prefixed" {
	run -0 "$NSCAT" -J /host/local/user/0
	run -0 jq -r '.objects[0] | .path, .type, .uid, .group' <<<"$output"
	assert_output "$(printf '%s\n' /host/local/user/0 user 0 \
	    /host/local/group/0)"
}

@test "NSTOOLS_RSH reaches a machine whose interfaces differ" {
	run -0 --separate-stderr "$NSCAT" -n -r -o path,name,linktype \
	    /host/netns/dev/net/1 /host/netns/dev/net/2
	assert_output "$(printf '%s\n' '/host/netns/dev/net/1 lo loopback' \
	    '/host/netns/dev/net/2 nsh0 ether')"
	assert_equal "$stderr" ""
	run -0 "$NSLS" /host/netns/dev/net
	assert_output "$(printf '%s\n' /host/netns/dev/net/1 \
	    /host/netns/dev/net/2)"
	# The local machine has no such interface.
	run -0 "$NSLS" -n -r -o name /dev/net
	refute_line nsh0
}

# devtree's tree of a network namespace's interfaces as netns-rsh makes
# it (lo and nsh0), every path prefixed, and through /host/netns: the
# differences, and what /host/netns said on stderr.  The interfaces of
# other namespaces, which other suites make and end meanwhile, are left
# out.
tree_as_home() {
	diff <(PATH=$BIN:$PATH unshare -n -m sh -c '
	    { ip link add nsh0 type dummy || ip link add nsh0 type bridge; } \
		2>/dev/null && exec devtree -s net -r -n -o path,parent,name,dev' |
	    grep -v '^/ns/' | sed 's|^/|/host/netns/|; s| /| /host/netns/|g') \
	    <("$DEVTREE" -s net -r -n -o path,parent,name,dev /host/netns 2>&1 |
	    grep -v '^/host/netns/ns/')
}

@test "devtree draws another machine's tree, as that machine draws it" {
	local want

	# The same tree as at home, every path with the machine's prefix:
	# both of a namespace made for it, with the same two interfaces,
	# which nothing else changes meanwhile.
	run -0 tree_as_home
	assert_output ""
	# Drawn as a tree, its interfaces are that machine's.
	run -0 "$DEVTREE" -s net -o name /host/netns
	assert_line --regexp '^ *[^ ]*nsh0$'
	run -0 "$DEVTREE" -J -N /host/netns/dev/net
	assert_output --partial '"path": "/host/netns/dev/net/2"'
	# -u draws the chain from the top down to the device asked for.
	want=$("$DEVTREE" -u -r -n -o path /dev/net/1 |
	    sed 's|/dev/|/host/netns/dev/|g')
	run -0 "$DEVTREE" -u -r -n -o path /host/netns/dev/net/1
	assert_output "$want"
	# A tree is of one machine.
	run -2 --separate-stderr "$DEVTREE" /host/local /dev/block
	assert_equal "$stderr" \
	    "devtree: /dev/block: not of the first path's machine: a tree is of one"
	run -1 --separate-stderr "$DEVTREE" /host/down
	assert_regex "$stderr" '^devtree: /host/down: ssh: connect to host'
}

@test "NSTOOLS_RSH serves a name the hosts file does not have" {
	NSTOOLS_RSH=$D/netns-rsh run -0 "$NSCAT" -n -r -o path,name \
	    /host/elsewhere/dev/net/2
	assert_output "/host/elsewhere/dev/net/2 nsh0"
}

@test "hostile names cross the wire and round-trip" {
	local dir=$BATS_TEST_TMPDIR/h n want=() i

	hostile_names
	mkdir "$dir"
	for n in "${RAW[@]}"; do
		touch -- "$dir/$n"
	done
	# A name a shell would run, were it ever given to one unquoted.
	touch -- "$dir/q'x\$(touch pwned)\`touch pwned\`;touch pwned"
	run -0 --separate-stderr "$NSLS" "/host/local/fs$(esc "$dir")"
	refute_raw_output
	for i in "${!ESC[@]}"; do
		assert_line "/host/local/fs$(esc "$dir")/${ESC[$i]}"
	done
	assert_line "/host/local/fs$(esc "$dir")/q'x\$(touch\x20pwned)\`touch\x20pwned\`;touch\x20pwned"
	assert_equal "${#lines[@]}" "$((${#RAW[@]} + 1))"
	assert_round_trip "${lines[@]}"
	[ ! -e ~/pwned ] && [ ! -e "$dir/pwned" ]
	run -0 unskipped "$NSCAT" -n -r -o name "/host/local/fs$(esc "$dir")/sp\\x20ace"
	assert_output 'sp\x20ace'
}

@test "a host that is down is one error line; the rest print" {
	local t=$SECONDS

	NSTOOLS_TIMEOUT=5 run -1 --separate-stderr "$NSCAT" -n -r -o path \
	    /host/down/proc/1 /user/0 /host/down/user/0 /host/local/user/0
	assert_output "$(printf '%s\n' /user/0 /host/local/user/0)"
	assert_regex "$stderr" \
	    '^nscat: /host/down: ssh: connect to host 127\.0\.0\.1 port [0-9]+: Connection refused$'
	((SECONDS - t < 10))
	run -1 --separate-stderr "$NSLS" /host/down
	assert_output ""
	assert_regex "$stderr" '^nsls: /host/down: ssh: connect to host'
	assert_equal "${#stderr_lines[@]}" 1
	# The machine itself, named alone, is no row of missing values.
	run -1 --separate-stderr "$NSCAT" /host/down /host/local
	assert_line --index 0 "path      /host/local"
	assert_regex "$stderr" '^nscat: /host/down: ssh: connect to host'
	assert_equal "${#stderr_lines[@]}" 1
}

@test "a remote without the tools is one clear error naming it" {
	run -1 --separate-stderr "$NSCAT" -n -r -o path /host/bare/proc/1 \
	    /user/0 /host/bare/user/0
	assert_output /user/0
	assert_equal "$stderr" "nscat: /host/bare: nstools not installed there"
}

@test "a remote of another version is one error naming its version" {
	NSTOOLS_RSH=$D/old-rsh run -1 --separate-stderr "$NSLS" /host/old/proc
	assert_output ""
	assert_equal "$stderr" \
	    "nsls: /host/old: incompatible nstools there (nscat 0.0)"
}

@test "a host that does not answer is given up after NSTOOLS_TIMEOUT" {
	local t=$SECONDS

	NSTOOLS_RSH=$D/slow-rsh NSTOOLS_TIMEOUT=1 run -1 --separate-stderr \
	    "$NSCAT" -n -r -o path /host/slow/proc/1 /user/0
	assert_output /user/0
	assert_equal "$stderr" "nscat: /host/slow: no answer in 1 s"
	((SECONDS - t < 5))
}

@test "a second call shares the first one's connection" {
	local n

	close_shared
	n=$(accepted)
	run -0 "$NSCAT" -n -r -o path /host/local/user/0
	assert_equal "$(accepted)" "$((n + 1))"
	run -0 "$NSLS" /host/local/ipc
	run -0 "$NSCAT" -n -r -o name /host/local/user/0
	assert_equal "$(accepted)" "$((n + 1))"
	# The sockets live in a directory of ours alone.
	run -0 stat -c %a "$XDG_RUNTIME_DIR/nstools"
	assert_output 700
}

@test "calls started together make one connection, without a warning" {
	local n

	close_shared
	n=$(accepted)
	# nsls asks for the node and its listing at once: with no shared
	# connection up, the second waits for the one the first makes,
	# rather than make its own and say "ControlSocket ... already
	# exists, disabling multiplexing".
	run -0 --separate-stderr "$NSLS" /host/local/ipc
	assert_equal "$stderr" ""
	assert_line /host/local/ipc/shm
	assert_equal "$(accepted)" "$((n + 1))"
}

@test "no such remote object is the tool's own message" {
	run -1 --separate-stderr "$NSCAT" /host/local/user/0/x \
	    /host/local/pipe/1
	assert_equal "$(stderr_unskipped)" "$(printf '%s\n' \
	    'nscat: /host/local/user/0/x: no such object' \
	    'nscat: /host/local/pipe/1: no such object')"
	run -1 --separate-stderr "$NSCAT" /host/-oProxyCommand=x/proc
	assert_equal "$stderr" \
	    'nscat: /host/-oProxyCommand=x/proc: no such object'
}

@test "fdinfo lists a remote object's holders, on that machine" {
	local f=$BATS_TEST_TMPDIR/held pid

	touch "$f"
	sleep 60 3<"$f" &
	pid=$!
	run -0 --separate-stderr "$FDINFO" -n -r -o pid,fd,path,object,user \
	    "/host/local/fs$(esc "$f")"
	kill "$pid"
	assert_output "$pid 3 /host/local/proc/$pid/fd/3 /host/local/fs$(esc "$f") /host/local/user/0"
	assert_equal "$(stderr_unskipped)" ""
}

@test "an attribute is a link or a text as its class says, on every class" {
	local pid

	sleep 60 3</dev/null &
	pid=$!
	run -0 unskipped "$NSCAT" -n -r -o path,user,comm \
	    /host/local/proc/$pid /host/local/proc/$pid/fd/3
	kill "$pid"
	# A link comes back under the machine's prefix, text as it is.
	assert_line "/host/local/proc/$pid /host/local/user/0 sleep"
	assert_line "/host/local/proc/$pid/fd/3 /host/local/user/0 sleep"
}

@test "the paths of one command to one host go in one call" {
	rm -f "$D/calls"
	export NSTOOLS_RSH=$D/count-rsh
	run -1 --separate-stderr "$NSCAT" -n -r -o path,name - <<-EOF
	/host/counted/user/0
	/host/counted/group/0
	/host/counted/user/0/none
	/user/0
	EOF
	assert_output "$(printf '%s\n' '/host/counted/user/0 root' \
	    '/host/counted/group/0 root' '/user/0 root')"
	assert_equal "$stderr" \
	    "nscat: /host/counted/user/0/none: no such object"
	run -0 cat "$D/calls"
	assert_output "nscat -J -- /user/0 /group/0 /user/0/none"
	# A node and its listing: one call, whose first row is the node.
	rm -f "$D/calls"
	run -0 "$NSLS" -l /host/counted/user
	assert_line --regexp '^/host/counted/user/0 +user +root '
	run -0 cat "$D/calls"
	assert_output "nsls -J -a -o path,type,summary /user"
}

@test "several hosts in one command are asked at once" {
	local t=$SECONDS

	NSTOOLS_RSH=$D/late-rsh run -0 --separate-stderr "$NSCAT" -n -r \
	    -o path,name /host/a/user/0 /host/b/user/0 /host/c/group/0 \
	    /host/a/group/0
	assert_output "$(printf '%s\n' '/host/a/user/0 root' \
	    '/host/b/user/0 root' '/host/c/group/0 root' \
	    '/host/a/group/0 root')"
	# Three hosts of two seconds each, not six seconds in a row.
	((SECONDS - t < 5))
}

@test "completion offers the hosts, then the paths of a machine" {
	run -0 complete_words "$NSLS" /host/lo
	assert_output /host/local/
	run -0 complete_words "$NSLS" /host/local/ip
	assert_output /host/local/ipc/
}
