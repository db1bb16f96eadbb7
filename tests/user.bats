#!/usr/bin/env bats
# /user/UID and /group/GID, checked against getent and id(1).  As root the
# suite makes a group, a user whose primary group it is and a second user
# with the same uid, and removes them at the end.

bats_require_minimum_version 1.5.0
load helpers/common

setup_file() {
	[ "$(id -u)" = 0 ] || return 0
	export TGROUP=nstg$$ TUSER=nstu$$ TDUP=nstd$$
	groupadd "$TGROUP"
	useradd -M -N -g "$TGROUP" -d /nonexistent -s /usr/sbin/nologin \
	    "$TUSER"
	useradd -M -N -o -u "$(id -u "$TUSER")" -g 0 -d / -s /bin/sh "$TDUP"
	gpasswd -M daemon,nobody "$TGROUP" >/dev/null
}

teardown_file() {
	[ -n "${TGROUP:-}" ] || return 0
	userdel "$TDUP" || true
	userdel "$TUSER" || true
	groupdel "$TGROUP" || true
}

need_fixture() {
	[ -n "${TGROUP:-}" ] || skip "needs root to add users and groups"
	tgid=$(getent group "$TGROUP" | cut -d: -f3)
	tuid=$(id -u "$TUSER")
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
		    < <(getent passwd "$u")
		run -0 attrs "/user/$uid" \
		    name,uid,group,gecos,home,homedir,shell,loginshell,summary
		assert_output "$name|$uid|/group/$gid|$gecos|$(fs_or_null "$home")|$home|$(fs_or_null "$shell")|$shell|$name uid=$uid gid=$gid $home $shell"
	done
}

@test "a user's groups are those getgrouplist gives" {
	for u in root daemon nobody; do
		want=$(id -G "$u" | tr ' ' '\n' | sort -un | sed 's,^,/group/,' |
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
	getent passwd 4000000000 >/dev/null && skip "uid 4000000000 exists"
	run -0 attrs /user/4000000000 path,uid,name,group,summary
	assert_output "/user/4000000000|4000000000|null|null|uid=4000000000"
	run -0 attrs /group/4000000000 path,gid,name,summary
	assert_output "/group/4000000000|4000000000|null|gid=4000000000"
}

@test "nsls /user and /group list every database id once, in order" {
	run -0 --separate-stderr "$NSLS" /user
	assert_output "$(getent passwd | cut -d: -f3 | sort -un | sed 's,^,/user/,')"
	n=${#lines[@]}
	run -0 attrs /user count
	assert_output "$n"
	run -0 --separate-stderr "$NSLS" /group
	assert_output "$(getent group | cut -d: -f3 | sort -un | sed 's,^,/group/,')"
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
	want=$(printf '%s\n' "$(id -u daemon)" "$(id -u nobody)" "$tuid" |
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
