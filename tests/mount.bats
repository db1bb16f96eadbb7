#!/usr/bin/env bats
#
# /mount: the caller's mount table.  The mounts under test are made in a
# mount namespace of their own (unshare -m), so the machine's table is
# never touched; there the tools read the namespace's mountinfo.

load helpers/common
bats_require_minimum_version 1.5.0

setup() {
	dir=$(realpath "$BATS_TEST_TMPDIR")
	[[ $dir =~ ^[A-Za-z0-9/._-]+$ ]] || skip "test directory name needs escaping: $dir"
}

# Run a script in a new mount namespace, with the tools and $dir at hand.
in_mntns() {
	[[ $(id -u) == 0 ]] || skip "needs root for unshare -m"
	unshare -m true 2>/dev/null || skip "unshare -m is not allowed here"
	NSLS=$NSLS NSCAT=$NSCAT dir=$dir \
	    run --separate-stderr unshare -m --propagation private bash -c "set -e; $1"
}

# Run a function of this file where the mount table holds still: in a
# mount namespace of its own, a copy of the caller's that no other
# program mounts in or unmounts from (propagation private), so that two
# readers, a tool and mountinfo or findmnt, read one table though not at
# one moment.  As root, or in a user namespace of its own; where neither
# may be made, in the caller's table.  $output and $stderr as run gives.
in_still() {
	local how=()

	if [[ $(id -u) == 0 ]] && unshare -m true 2>/dev/null; then
		how=(unshare -m --propagation private)
	elif unshare -rm true 2>/dev/null; then
		how=(unshare -rm --propagation private)
	fi
	export -f "$1" rule5
	NSLS=$NSLS NSCAT=$NSCAT dir=$dir \
	    run --separate-stderr "${how[@]}" bash -c "set -eo pipefail; $*"
}

# Lines of findmnt -r's escaped by the tools' rule: each is read back
# into its bytes (findmnt writes \xHH for a blank, a backslash and what
# its locale does not print) and written as a path prints them (\xHH for
# the space, the backslash and every byte outside printable ASCII).
rule5() {
	perl -pe 'chomp; s/\\x([0-9a-fA-F]{2})/chr hex $1/ge;
	    s/([^!-~]|\\)/sprintf("\\x%02x", ord $1)/ge; $_ .= "\n"'
}

# The mount id of the root mount, from mountinfo: the line whose mount
# point (the fifth field) is "/".
root_mount_id() {
	awk '$5 == "/" { id = $1 } END { print id }' /proc/self/mountinfo
}

# The mounts as nsls lists them and as mountinfo has them, apart.
list_and_mountinfo() {
	"$NSLS" /mount
	echo --
	awk '{ print "/mount/" $1 }' /proc/self/mountinfo
	awk '$5 == "/" { id = $1 } END { print "root=/mount/" id }' \
	    /proc/self/mountinfo
}

@test "/mount lists every mount in mountinfo order" {
	in_still list_and_mountinfo
	assert_success
	assert_equal "$stderr" ""
	local ours=${output%%$'\n'--$'\n'*} theirs=${output#*$'\n'--$'\n'}
	assert_equal "$ours" "${theirs%$'\n'root=*}"
	assert_line "${theirs##*root=}"
}

count_and_mountinfo() {
	"$NSCAT" -n -r -o path,type,count /mount
	echo "/mount mounts $(wc -l </proc/self/mountinfo)"
}

@test "/mount itself is a node that counts the mounts" {
	in_still count_and_mountinfo
	assert_success
	assert_equal "${#lines[@]}" 2
	assert_equal "${lines[0]}" "${lines[1]}"
}

@test "the mount of /fs has target /fs" {
	run --separate-stderr "$NSCAT" -n -r -o mount /fs
	assert_success
	assert_output "/mount/$(root_mount_id)"
	run --separate-stderr "$NSCAT" -n -r -o path,type,id,target "$output"
	assert_success
	assert_output "/mount/$(root_mount_id) mount $(root_mount_id) /fs"
}

@test "dev, fsroot and fstype agree with mountinfo" {
	local id majmin root type
	read -r id _ majmin root _ _ _ < <(awk '$5 == "/"' /proc/self/mountinfo)
	type=$(awk '$5 == "/" { for (i = 7; $i != "-"; i++); print $(i + 1) }' \
	    /proc/self/mountinfo)
	run --separate-stderr "$NSCAT" -n -r -o dev,fsroot,fstype "/mount/$id"
	assert_success
	assert_output "$majmin $root $type"
}

@test "the device of a block-backed / links to its block device" {
	local majmin
	majmin=$(awk '$5 == "/" { print $3 }' /proc/self/mountinfo)
	[[ -e /sys/dev/block/$majmin ]] || skip "/ is not on a block device"
	run --separate-stderr "$NSCAT" -n -r -o device "/mount/$(root_mount_id)"
	assert_success
	assert_output "/dev/block/${majmin/://}"
}

@test "a mount of no device has no device link; source and spec its text" {
	in_mntns '
		mkdir "$dir/mnt"
		mount -t tmpfs nstest "$dir/mnt"
		m=$($NSCAT -n -r -o mount "$dir/mnt")
		$NSCAT -J -o device,source,spec "$m" | jq -c ".objects[0]"
	'
	assert_success
	assert_equal "$stderr" ""
	assert_output '{"device":null,"source":"nstest","spec":"nstest"}'
}

@test "source is findmnt's SOURCE: a bind mount of a directory says which" {
	command -v findmnt >/dev/null || skip "no findmnt"
	in_mntns '
		mkdir -p "$dir/mnt" "$dir/bind"
		mount -t tmpfs nstest "$dir/mnt"
		mkdir "$dir/mnt/sub"
		mount --bind "$dir/mnt/sub" "$dir/bind"
		for t in "$dir/mnt" "$dir/bind"; do
			m=$($NSCAT -n -r -o mount "$t")
			echo "$($NSCAT -n -r -o source "$m") $(findmnt -n -o SOURCE "$t")"
		done
	'
	assert_success
	assert_line --index 0 "nstest nstest"
	assert_line --index 1 "nstest[/sub] nstest[/sub]"
}

devices_resolve() {
	"$NSLS" -n -r -o device /mount | grep -v '^-$' | "$NSCAT" -n -r -o path -
}

@test "every device link names an object" {
	in_still devices_resolve
	assert_success
	assert_equal "$stderr" ""
}

@test "the root mount has no parent in the table" {
	local id parent
	read -r id parent _ < <(awk '$5 == "/"' /proc/self/mountinfo)
	grep -q "^$parent " /proc/self/mountinfo && skip "/ has a parent here"
	run --separate-stderr "$NSCAT" "/mount/$id"
	assert_success
	refute_line --regexp '^parent '
}

@test "a mount id that is not in the table is no such object" {
	run -1 --separate-stderr "$NSCAT" /mount/4000000000 /mount/abc \
	    "/mount/0$(root_mount_id)" "/mount/$(root_mount_id)/x"
	assert_equal "$stderr" "nscat: /mount/4000000000: no such object
nscat: /mount/abc: no such object
nscat: /mount/0$(root_mount_id): no such object
nscat: /mount/$(root_mount_id)/x: no such object"
}

@test "a tmpfs mounted in a namespace of its own" {
	in_mntns '
		mkdir "$dir/mnt"
		mount -t tmpfs -o size=1m,mode=700 nstest "$dir/mnt"
		touch "$dir/mnt/file"
		m=$($NSCAT -n -r -o mount "$dir/mnt")
		echo "mount=$m"
		echo "file=$($NSCAT -n -r -o mount "$dir/mnt/file")"
		echo "below=$($NSCAT -n -r -o mount "$dir")"
		echo "id=$(awk -v t="$dir/mnt" "\$5 == t { print \$1 }" /proc/self/mountinfo)"
		$NSCAT -P -o fstype,target,device,source,spec,options,fsoptions,fsroot,propagation "$m"
		p=$($NSCAT -n -r -o parent "$m")
		echo "parent=$p"
		echo "parentpath=$($NSCAT -n -r -o path "$p")"
		$NSLS -l /mount | grep -F " $dir/mnt "
	'
	assert_success
	assert_equal "$stderr" ""
	local id
	id=$(sed -n 's/^id=//p' <<<"$output")
	[[ -n $id ]]
	assert_line "mount=/mount/$id"
	assert_line "file=/mount/$id"
	assert_line --regexp "^below=/mount/[0-9]+\$"
	refute_line "below=/mount/$id"
	assert_line "FSTYPE=\"tmpfs\" TARGET=\"/fs$dir/mnt\" DEVICE=\"\" SOURCE=\"nstest\" SPEC=\"nstest\" OPTIONS=\"rw,relatime\" FSOPTIONS=\"rw,size=1024k,mode=700\" FSROOT=\"/\" PROPAGATION=\"private\""
	# The parent is the mount the directory below lives on.
	local below
	below=$(sed -n 's/^below=//p' <<<"$output")
	assert_line "parent=$below"
	assert_line "parentpath=$below"
	assert_line --regexp "^/mount/$id +mount +$dir/mnt tmpfs nstest rw,relatime\$"
}

@test "a read-only bind mount of a subdirectory shows its fsroot" {
	in_mntns '
		mkdir "$dir/mnt" "$dir/bind"
		mount -t tmpfs nstest "$dir/mnt"
		mkdir "$dir/mnt/sub"
		mount --bind -o ro "$dir/mnt/sub" "$dir/bind"
		$NSCAT -n -r -o fsroot,options,fstype "$($NSCAT -n -r -o mount "$dir/bind")"
	'
	assert_success
	assert_output --regexp '^/sub ro(,[a-z]+)* tmpfs$'
}

@test "propagation shows the peer groups" {
	in_mntns '
		mkdir "$dir/a" "$dir/b"
		mount -t tmpfs nstest "$dir/a"
		mount --make-shared "$dir/a"
		mount --bind "$dir/a" "$dir/b"
		mount --make-slave "$dir/b"
		mount --make-shared "$dir/b"
		for m in a b; do
			$NSCAT -n -r -o propagation "$($NSCAT -n -r -o mount "$dir/$m")"
		done
	'
	assert_success
	assert_equal "${#lines[@]}" 2
	[[ ${lines[0]} =~ ^shared:([0-9]+)$ ]]
	local group=${BASH_REMATCH[1]}
	[[ ${lines[1]} =~ ^shared:[0-9]+,master:$group$ ]]
}

@test "a mount point with a blank and a newline in its name" {
	in_mntns '
		mkdir "$dir/a b"$'"'"'\n'"'"'c
		mount -t tmpfs nstest "$dir/a b"$'"'"'\n'"'"'c
		m=$($NSCAT -n -r -o mount "/fs$dir/a\\x20b\\x0ac")
		$NSCAT -n -r -o target "$m"
		$NSCAT -J -o target "$m" | jq -r ".[][0].target"
		$NSLS -l /mount
	'
	assert_success
	refute_control_bytes "$output"
	assert_line --index 0 "/fs$dir/a\\x20b\\x0ac"
	assert_line --index 1 "/fs$dir/a\\x20b\\x0ac"
}

# The JSON listing of the mounts, its length, and mountinfo's.
json_and_mountinfo() {
	local json
	json=$("$NSLS" -J -o id,target,fstype,source,device,parent /mount)
	jq -e . <<<"$json" >/dev/null
	jq '.[] | length' <<<"$json"
	wc -l </proc/self/mountinfo
	jq -r '.[][0].id | type' <<<"$json"
}

@test "every format of /mount is clean, and JSON is valid" {
	local f
	for f in -l -r -P "-o path,target,source,device,propagation,summary"; do
		# shellcheck disable=SC2086
		run --separate-stderr "$NSLS" $f /mount
		assert_success
		refute_control_bytes "$output"
	done
	in_still json_and_mountinfo
	assert_success
	assert_equal "${lines[0]}" "${lines[1]}"
	assert_equal "${lines[2]}" number
}

# Each parent link of a mount, and what nscat makes of it.
parents_resolve() {
	local p
	# "-" is the root's, which has none.
	for p in $("$NSLS" -n -r -o parent /mount | sort -u | grep -vx -- -); do
		echo "$p $("$NSCAT" -n -r -o path "$p")"
	done
}

@test "every parent link names a mount in the table" {
	in_still parents_resolve
	assert_success
	assert_equal "$stderr" ""
	run -0 awk '$1 != $2' <<<"$output"
	assert_output ""
}

# The tree nsls -T draws beside findmnt's, of one table.  With an
# argument, mounts at hostile names are made first, their names holding
# a blank, a tab, a newline, a backslash, a control byte and bytes that
# are no UTF-8, and their targets as nsls prints them come first.  Prints
# the differences, if any, and "same".
tree_as_findmnt() {
	local n json
	if [[ -n ${1-} ]]; then
		for n in $'m sp\ttab' $'nl\nx' 'back\slash' $'c\001\303\251\377'; do
			mkdir "$dir/$n"
			mount -t tmpfs nstest "$dir/$n"
		done
		mkdir "$dir/m sp"$'\t'"tab/sub"
		mount -t tmpfs nstest "$dir/m sp"$'\t'"tab/sub"
		"$NSLS" -n -r -o target /mount | grep -F "/fs$dir/"
	fi
	# Every mount once, and each child's parent is the row above it.
	json=$("$NSLS" -T -J -o path,target,parent /mount)
	diff <(jq -r '[.. | objects | select(.path?) | .path] | length' \
	    <<<"$json") <("$NSLS" /mount | wc -l)
	diff <(jq -r '.. | objects | select(.children?) | .path as $p |
	    .children[] | select(.parent != $p) | .path' <<<"$json") /dev/null
	# The same tree as findmnt's: the root's children are the mounts
	# findmnt puts right under /.
	diff <(jq -r '.nodes[0].children[].path' <<<"$json" |
	    sed 's|^/mount/||' | sort) \
	    <(findmnt -J -o TARGET,ID |
	    jq -r '.filesystems[0].children[].id' | sort)
	# And every mount has the target findmnt gives it, escaped.
	diff <("$NSLS" -n -r -o id,target /mount | sort) \
	    <(paste -d ' ' <(findmnt -r -n -o ID) \
	    <(LC_ALL=C findmnt -r -n -o TARGET | rule5 |
	    sed 's|^/$|/fs|; t; s|^/|/fs/|') | sort)
	echo same
}

@test "nsls -T draws the mounts as findmnt does: each under its parent" {
	command -v findmnt >/dev/null || skip "no findmnt here"
	in_still tree_as_findmnt
	assert_success
	assert_output same
	# -Q keeps a match and the mounts that lead to it; -r draws no
	# tree, the rows in its order.
	run -0 unskipped "$NSLS" -T -n -r -o target -Q 'target == "/fs/proc"' /mount
	assert_output "$(printf '%s\n' /fs /fs/proc)"
	run -2 --separate-stderr "$NSLS" -T -R /mount
}

@test "nsls and findmnt agree on mount points of any bytes" {
	command -v findmnt >/dev/null || skip "no findmnt here"
	[[ $(id -u) == 0 ]] || skip "needs root to mount"
	in_still tree_as_findmnt hostile
	assert_success
	assert_equal "$(sort <<<"$output")" "$(sort <<EOF
/fs$dir/m\\x20sp\\x09tab
/fs$dir/m\\x20sp\\x09tab/sub
/fs$dir/nl\\x0ax
/fs$dir/back\\x5cslash
/fs$dir/c\\x01\\xc3\\xa9\\xff
same
EOF
)"
}
