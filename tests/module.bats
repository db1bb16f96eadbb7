#!/usr/bin/env bats
# /module: the machine's kernel modules, checked against /sys/module and
# /proc/modules (what lsmod prints).  A tree of modules built for the test
# is exercised by tests/unit/modparse.c, for kernels that load none.

bats_require_minimum_version 1.5.0
load helpers/common

# One attribute of one object, as JSON gives it (null when it has none).
attr() {
	"$NSCAT" -J -o "$2" "$1" 2>/dev/null | jq -r ".objects[0].$2"
}

# Every module the kernel has, by name: /sys/module and /proc/modules.
all_modules() {
	{
		ls /sys/module
		[ -r /proc/modules ] && cut -d' ' -f1 /proc/modules
	} | sort -u
}

# A module that is built in: a /sys/module entry that is not loaded.
builtin_module() {
	local m

	for m in $(ls /sys/module); do
		[ -e "/sys/module/$m/initstate" ] && continue
		[ -r /proc/modules ] &&
		    grep -q "^$m " /proc/modules && continue
		echo "$m"
		return 0
	done
	return 1
}

# The modules nsls lists, and those /sys/module and /proc/modules have:
# the differences.  Modules are loaded as other programs need them (a
# veth pair, a loop device): compared with agreed.
list_as_sysfs() {
	diff <("$NSLS" /module) <(all_modules | sed 's|^|/module/|')
}

@test "nsls /module lists every module of /sys/module and /proc/modules" {
	run -0 --separate-stderr "$NSLS" /module
	[ -n "$output" ]
	run -0 agreed list_as_sysfs
}

# A loaded module's name, size, refcount, state and holders as nscat
# gives them and as its line of /proc/modules has them: the differences.
module_as_proc() {
	local name size refcnt users want
	read -r name size refcnt users _ < <(awk -v m="$1" '$1 == m' /proc/modules)
	want=$(tr ',' '\n' <<<"$users" |
	    grep -v -e '^-$' -e '^$' -e '^\[permanent\]$' | paste -sd,)
	diff <("$NSCAT" -J -o name,size,refcount,state,holders,summary "/module/$1" |
	    jq -r '.objects[0] | ([.name, .size, .refcount, .state,
	    ((.holders // []) | map(select(. != null) | ltrimstr("/module/"))
	    | join(","))] | join(" ")), .summary') \
	    <(echo "$name $size $refcnt live $want"
	    echo "$name $size $refcnt used by: ${want:--}")
}

# The loaded modules as lsmod and as nsls and nscat give them.
lsmod_as_nscat() {
	diff <(lsmod | awk 'NR > 1 { print $1, $2, $3 }' | sort) \
	    <("$NSLS" /module | "$NSCAT" -n -r -o name,size,refcount,state - |
	    awk '$4 != "builtin" { print $1, $2, $3 }' | sort)
}

@test "loaded modules have the size, count and users lsmod shows" {
	[ -r /proc/modules ] || skip "this kernel has no /proc/modules"
	[ -s /proc/modules ] || skip "no module is loaded"
	local name
	for name in $(awk '$5 == "Live" { print $1 }' /proc/modules); do
		# One that was unloaded meanwhile is no more in the table.
		grep -q "^$name " /proc/modules || continue
		run -0 agreed module_as_proc "$name"
	done
	command -v lsmod >/dev/null || return 0
	run -0 agreed lsmod_as_nscat
}

@test "a module outside /proc/modules without initstate is built in" {
	m=$(builtin_module) || skip "no built-in module has a /sys/module entry"
	run -0 --separate-stderr "$NSCAT" -P -o path,type,name,state,size,refcount \
	    "/module/$m"
	assert_output "PATH=\"/module/$m\" TYPE=\"module\" NAME=\"$m\" STATE=\"builtin\" SIZE=\"\" REFCOUNT=\"\""
	run -0 attr "/module/$m" summary
	assert_output "$m builtin"
}

# Attributes of many modules, "NAME|VALUE" a line, by one nscat: a module
# and a process or two each took seconds where modules are many.
attr_of_modules() {
	local col=$1
	shift
	"$NSCAT" -J -o name,"$col" "${@/#//module/}" |
	    jq -r --arg c "$col" '.objects[] | "\(.name)|\(.[$c])"'
}

@test "parameters are name=value, sorted, as modprobe takes them" {
	# Globs sorted byte by byte, as the tool sorts; no process a name.
	local LC_ALL=C m p f v want=() mods=()
	for m in $(ls /sys/module); do
		[ -d "/sys/module/$m/parameters" ] || continue
		v=
		for p in "/sys/module/$m/parameters"/*; do
			[ -e "$p" ] || continue
			f=${p##*/}
			{ f+="=$(<"$p")"; } 2>/dev/null || continue
			case ${f#*=} in
			*[[:blank:]\"]*) f="${f%%=*}=\"${f#*=}\"" ;;
			esac
			v="$v${v:+ }$f"
		done
		[ -n "$v" ] || continue
		mods+=("$m")
		want+=("$m|$v")
	done
	((${#mods[@]} > 0)) || skip "no module has a readable parameter"
	run -0 attr_of_modules parameters "${mods[@]}"
	assert_output "$(printf '%s\n' "${want[@]}")"
}

@test "version, srcversion and taint are what /sys/module says" {
	local m f want mods
	for f in version srcversion taint; do
		want=() mods=()
		for m in $(ls /sys/module); do
			[ -r "/sys/module/$m/$f" ] || continue
			mods+=("$m")
			want+=("$m|$(<"/sys/module/$m/$f")")
		done
		((${#mods[@]} > 0)) || continue
		run -0 attr_of_modules "$f" "${mods[@]}"
		assert_output "$(printf '%s\n' "${want[@]}" | sed 's/|$/|null/')"
	done
}

@test "drivers are BUS:DRIVER; bound devices are links under /dev" {
	found=
	for d in /sys/module/*/drivers; do
		[ -d "$d" ] || continue
		m=$(basename "$(dirname "$d")")
		run -0 attr "/module/$m" drivers
		assert_output "$(ls "$d" | LC_ALL=C sort | paste -sd' ')"
		run -0 --separate-stderr "$NSCAT" -n -r -o bound "/module/$m"
		for link in $(tr -d '\n' <<<"$output" | sed 's/\\x0a/ /g'); do
			[[ $link == /dev/* ]]
			run -0 --separate-stderr "$NSCAT" -n -r -o path "$link"
			assert_output "$link"
		done
		found=1
	done
	[ -n "$found" ] || skip "no module has drivers on this kernel"
}

@test "a name with - for _ and the sysfs directory are aliases" {
	m=$(ls /sys/module | grep -m1 _) || skip "no module name holds a _"
	run -0 --separate-stderr "$NSCAT" -n -r -o path "/module/${m//_/-}" \
	    "/sys/module/$m" "/module/$m"
	assert_output "$(printf '/module/%s\n' "$m" "$m" "$m")"
}

# Every module nsls lists read back by nscat, and the counts of the JSON
# listing and of the summary beside those of /sys/module and
# /proc/modules: the differences.
listed_resolve() {
	local listed n
	listed=$("$NSLS" /module)
	diff <(echo "$listed") <("$NSCAT" -n -r -o path - <<<"$listed")
	n=$(all_modules | wc -l)
	diff <("$NSLS" -J -l /module | jq -r '.nodes | length') <(echo "$n")
	diff <("$NSCAT" -J -o summary /module | jq -r '.objects[0].summary') \
	    <(echo "$n modules")
	diff <("$NSCAT" -J - <<<"$listed" |
	    jq -r '.objects | map(.type) | unique | join(",")') <(echo module)
}

@test "every listed module resolves to itself; JSON is valid" {
	run -0 agreed listed_resolve
}

@test "paths that name no module" {
	m=$(ls /sys/module | head -1)
	for p in /module/nosuch-module /module/x/y "/module/$m/x"; do
		run -1 --separate-stderr "$NSCAT" "$p"
		assert_output ""
		assert_equal "$stderr" "nscat: $p: no such object"
	done
}
