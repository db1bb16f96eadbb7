#!/usr/bin/env bats
# /user/UID and /group/GID, checked against getent and id(1).  The tools
# and their peers read a user database of the suite's own: a copy of the
# machine's /etc/passwd and /etc/group with a group, a user whose primary
# group it is, a second user with the same uid and NIS compat markers
# added, bound over the real files in a mount namespace made for each
# command.  Both sides read the one copy, which no other program changes
# meanwhile, and the machine's files are never written.

bats_require_minimum_version 1.5.0
load helpers/common

# The first id from 4200 up that the database file $1 does not use.
free_id() {
	awk -F: '{ used[$3] = 1 } END { for (i = 4200; i in used; i++); print i }' "$1"
}

setup_file() {
	local db=$BATS_FILE_TMPDIR/db how
	if [ "$(id -u)" = 0 ] && unshare -m true 2>/dev/null; then
		how="unshare -m --propagation private"
	elif unshare -rm true 2>/dev/null; then
		how="unshare -rm --propagation private"
	else
		return 0
	fi
	mkdir "$db"
	cp /etc/passwd "$db/passwd"
	cp /etc/group "$db/group"
	export TGROUP=nstg TUSER=nstu TDUP=nstd
	export tgid tuid muid mgid
	tgid=$(free_id "$db/group")
	tuid=$(free_id "$db/passwd")
	echo "$TGROUP:x:$tgid:daemon,nobody" >>"$db/group"
	echo "$TUSER:x:$tuid:$tgid::/nonexistent:/usr/sbin/nologin" >>"$db/passwd"
	echo "$TDUP:x:$tuid:0::/:/bin/sh" >>"$db/passwd"
	# NIS compat markers: "-" and "+" alone, a name, a netgroup.
	muid=$(free_id "$db/passwd")
	mgid=$(free_id "$db/group")
	printf '%s\n' "-:x:$muid:$mgid::/:/bin/sh" '+::::::' '+nisuser' \
	    '-baduser' '+@netgroup' >>"$db/passwd"
	printf '%s\n' "-:x:$mgid:" '+:::' '+nisgroup' >>"$db/group"
	# in COMMAND ARGS...: the command with the suite's database.
	cat >"$db/in" <<EOF
#!/bin/sh
exec $how sh -c 'mount --bind "\$0/passwd" /etc/passwd &&
    mount --bind "\$0/group" /etc/group && exec "\$@"' "$db" "\$@"
EOF
	chmod +x "$db/in"
	export DB=$db
}

setup() {
	if [ -n "${DB-}" ]; then
		NSLS_REAL=$NSLS NSCAT_REAL=$NSCAT
		NSLS=$BATS_TEST_TMPDIR/nsls NSCAT=$BATS_TEST_TMPDIR/nscat
		printf '#!/bin/sh\nexec "%s" "%s" "$@"\n' "$DB/in" "$NSLS_REAL" >"$NSLS"
		printf '#!/bin/sh\nexec "%s" "%s" "$@"\n' "$DB/in" "$NSCAT_REAL" >"$NSCAT"
		chmod +x "$NSLS" "$NSCAT"
	fi
}

# A command with the suite's database, or the machine's where there is
# none: getent, id.
db() {
	if [ -n "${DB-}" ]; then
		"$DB/in" "$@"
	else
		"$@"
	fi
}

need_fixture() {
	[ -n "${DB-}" ] || skip "no mount namespace for a user database of the suite's"
}

# What a home or shell link should read: the file if it exists, else
# none (null).
fs_or_null() {
	if [ -e "$1" ]; then
		echo "/fs$(realpath "$1")"
	else
		echo null
	fi
}

@test "/user/root is an alias of /user/0" {
	run -0 attrs /user/root path,name,uid
	assert_output "/user/0|root|0"
	run -0 attrs /group/root path,name,gid
	assert_output "/group/0|root|0"
}

@test "a user's attributes follow its passwd entry" {
	for u in root daemon nobody; do
		IFS=: read -r name _ uid gid gecos home shell \
		    < <(db getent passwd "$u")
		run -0 attrs "/user/$uid" \
		    name,uid,group,gecos,home,homedir,shell,loginshell,summary
		assert_output "$name|$uid|/group/$gid|$gecos|$(fs_or_null "$home")|$home|$(fs_or_null "$shell")|$shell|$name uid=$uid gid=$gid $home $shell"
	done
}

@test "a user's groups are those getgrouplist gives" {
	for u in root daemon nobody; do
		want=$(db id -G "$u" | tr ' ' '\n' | sort -un | sed 's,^,/group/,' |
		    paste -sd'|')
		run -0 --separate-stderr "$NSCAT" -J -o groups "/user/$u"
		run jq -r '.objects[0].groups | join("|")' <<<"$output"
		assert_output "$want"
	done
}

@test "no such user or group" {
	for p in /user/nosuchuser /group/nosuchgroup /user/0/x /user/4294967295; do
		run -1 --separate-stderr "$NSCAT" "$p"
		assert_output ""
		[ "$stderr" = "nscat: $p: no such object" ]
	done
}

@test "a uid the database does not know is an object all the same" {
	db getent passwd 4000000000 >/dev/null && skip "uid 4000000000 exists"
	run -0 attrs /user/4000000000 path,uid,name,group,summary
	assert_output "/user/4000000000|4000000000|null|null|uid=4000000000"
	run -0 attrs /group/4000000000 path,gid,name,summary
	assert_output "/group/4000000000|4000000000|null|gid=4000000000"
}

# The ids of a database as getent lists it, as paths under $2, but for
# NIS compat markers: getent writes them with no ids.
ids_of() {
	db getent "$1" | awk -F: '$1 !~ /^[-+]/ { print $3 }' | sort -un |
	    sed "s,^,$2/,"
}

@test "nsls /user and /group list every database id once, in order" {
	run -0 --separate-stderr "$NSLS" /user
	assert_output "$(ids_of passwd /user)"
	n=${#lines[@]}
	run -0 attrs /user count
	assert_output "$n"
	run -0 --separate-stderr "$NSLS" /group
	assert_output "$(ids_of group /group)"
}

@test "NIS compat markers are no users or groups" {
	need_fixture
	# getent lists them, but with no ids, and no lookup answers with one.
	run -0 db getent passwd
	assert_line -- "-:x::::/:/bin/sh"
	run -2 db getent passwd - "$muid" +nisuser
	run -0 --separate-stderr "$NSLS" /user /group
	refute_line "/user/$muid"
	refute_line "/group/$mgid"
	# "+" would have been uid 0 and "-" the name of $muid.
	run -0 attrs /user/0 name
	assert_output root
	run -0 attrs "/user/$muid" path,name
	assert_output "/user/$muid|null"
	run -0 attrs "/group/$mgid" path,name
	assert_output "/group/$mgid|null"
	for p in /user/- /user/+ /user/+nisuser /user/-baduser /group/- \
	    /group/+ /group/+nisgroup; do
		run -1 --separate-stderr "$NSCAT" "$p"
		assert_equal "$stderr" "nscat: $p: no such object"
	done
	run -0 --separate-stderr "$NSLS" -J -l /user
	jq -e . >/dev/null <<<"$output"
}

@test "nsls -J -l /user is valid JSON with a summary per user" {
	run -0 --separate-stderr "$NSLS" -J -l /user
	run -0 jq -r '.nodes[] | select(.path == "/user/0") |
	    "\(.type)|\(.summary)"' <<<"$output"
	assert_output --regexp '^user\|root uid=0 gid=0 '
}

@test "a group's members: those it lists and those it is primary to" {
	need_fixture
	run -0 attrs "/group/$TGROUP" path,name,gid,summary
	assert_output "/group/$tgid|$TGROUP|$tgid|$TGROUP gid=$tgid members: daemon,nobody"
	want=$(printf '%s\n' "$(db id -u daemon)" "$(db id -u nobody)" "$tuid" |
	    sort -un | sed 's,^,/user/,' | paste -sd'|')
	run -0 --separate-stderr "$NSCAT" -J -o members "/group/$tgid"
	run jq -r '.objects[0].members | join("|")' <<<"$output"
	assert_output "$want"
}

@test "a listed member has the group among its groups" {
	need_fixture
	run -0 --separate-stderr "$NSCAT" -J -o groups /user/daemon "/user/$TUSER"
	run jq -r '.objects[] | .groups | join("|")' <<<"$output"
	assert_line --index 0 --partial "/group/$tgid"
	assert_line --index 1 "/group/$tgid"
}

@test "a duplicate uid is listed once and its second name is an alias" {
	need_fixture
	run -0 --separate-stderr "$NSLS" /user
	[ "$(grep -c "^/user/$tuid\$" <<<"$output")" -eq 1 ]
	run -0 attrs "/user/$TDUP" path,name,group
	assert_output "/user/$tuid|$TUSER|/group/$tgid"
}

@test "a home that does not exist is no link; homedir has the text" {
	need_fixture
	[ -e /nonexistent ] && skip "/nonexistent exists"
	run -0 attrs "/user/$tuid" home,homedir,shell,loginshell
	assert_output "null|/nonexistent|$(fs_or_null /usr/sbin/nologin)|/usr/sbin/nologin"
	# Every link a user has names an object (rule 8).
	run -0 --separate-stderr "$NSCAT" -J -o home,shell,group,groups \
	    "/user/$tuid"
	run -0 --separate-stderr "$NSCAT" -n -r -o path - < <(jq -r \
	    '.objects[0] | [.home, .shell, .group, .groups[]?] | .[] |
	    strings' <<<"$output")
	[ -z "$stderr" ]
}
