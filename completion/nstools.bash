# bash completion for nstools: nsls, nscat, fdinfo, devtree, nsmount and
# nswatch.
#
# Options come from each tool's -h, column names for -o from its -H, and
# namespace paths one component at a time from nsls, which lists the
# children of the part already typed.  nsls prints paths escaped (a space
# is \x20); they are offered quoted for the shell, so that the tool gets
# the escaped form, which it reads back as the same object.
#
# It needs nothing but bash.  In zsh, load it through bashcompinit:
#     autoload -U +X bashcompinit && bashcompinit
#     source /usr/local/share/bash-completion/completions/nstools

# The options of a tool, from its -h: every word of an option line that
# starts with a dash.  With "arg" as the second argument, only those that
# take an argument (the option is followed by a word in capitals).
_nstools_options()
{
	"$1" -h 2>/dev/null | awk -v want="$2" '
	$1 ~ /^-/ {
		for (i = 1; i <= NF && $i ~ /^-/; i++) {
			o = $i
			sub(/,$/, "", o)
			# --summary[=WHEN]: an optional argument is no part
			# of the option.
			sub(/\[=.*$/, "", o)
			opts[++n] = o
		}
		arg = i <= NF && $i ~ /^[A-Z]+$/
		for (j = 1; j <= n; j++)
			if (want != "arg" || arg)
				print opts[j]
		n = 0
	}'
}

# The column names of a tool, lower case, from its -H: each once, though
# -H lists a name again for each kind of object it means something else
# on.
_nstools_columns()
{
	"$1" -H -n -r 2>/dev/null | awk '!seen[tolower($1)]++ { print tolower($1) }'
}

# Undo the shell's quoting of a word as typed so far: backslashes, and
# single or double quotes, closed or not.
_nstools_dequote()
{
	local s=$1 out= c

	while [[ -n $s ]]; do
		c=${s:0:1}
		s=${s:1}
		case $c in
		\\)
			out+=${s:0:1}
			s=${s:1}
			;;
		\')
			out+=${s%%\'*}
			[[ $s == *\'* ]] && s=${s#*\'} || s=
			;;
		\")
			c=${s%%\"*}
			out+=${c//\\\\/\\}
			[[ $s == *\"* ]] && s=${s#*\"} || s=
			;;
		*)
			out+=$c
			;;
		esac
	done
	printf '%s' "$out"
}

# The words on standard input that start with $1, in either case when $2
# is "icase", as the tools take column names and kinds: a word that
# matches only in another case is offered in the case typed, all
# capitals or all small letters, so that what is typed stays its start.
_nstools_match()
{
	awk -v last="$1" -v icase="$2" '
	$0 == "" { next }
	index($0, last) == 1 { print; next }
	icase != "icase" || index(tolower($0), tolower(last)) != 1 { next }
	last ~ /[a-z]/ && last !~ /[A-Z]/ { print tolower($0); next }
	last ~ /[A-Z]/ && last !~ /[a-z]/ { print toupper($0); next }
	{ print }'
}

# Offer the words of a comma-separated list: what is typed before the
# last comma (and a leading +, for -o +LIST) stays, the last item is
# completed from the words given on standard input, in either case with
# "icase" as the second argument.
_nstools_list()
{
	local cur=$1 head= last w

	if [[ $cur == *,* ]]; then
		head=${cur%,*},
		last=${cur##*,}
	else
		last=$cur
		if [[ $last == +* ]]; then
			head=+
			last=${last#+}
		fi
	fi
	while IFS= read -r w; do
		COMPREPLY+=("$head$w")
	done < <(_nstools_match "$last" "${2-}")
	_nstools_nospace
}

_nstools_nospace()
{
	type compopt >/dev/null 2>&1 && compopt -o nospace 2>/dev/null
	return 0
}

# The machines /host/NAME can name besides those of the hosts file: the
# ones ssh knows, as bash-completion finds them, if it is loaded.
_nstools_hosts()
{
	declare -F _known_hosts_real >/dev/null || return 0
	local COMPREPLY=()
	_known_hosts_real -- "$1" 2>/dev/null
	printf '/host/%s\n' "${COMPREPLY[@]}"
}

# Namespace paths, one component at a time: the children of the node
# typed so far that start with what follows its last slash.  A path that
# is all there is gets a slash if it is a node, so that the next TAB
# goes on down, and a space if it is an object with no children.  A
# machine of /host is listed over the network: a few seconds at most.
_nstools_paths()
{
	local nsls=$1 cur dir p slash=
	local -a found

	cur=$(_nstools_dequote "$2")
	dir=${cur%/*}
	[[ -n $dir ]] || dir=/
	while IFS= read -r p; do
		[[ $p == "$cur"* && " ${found[*]} " != *" $p "* ]] &&
		    found+=("$p")
	done < <(NSTOOLS_TIMEOUT=${NSTOOLS_TIMEOUT:-5} \
	    "$nsls" -- "$dir" 2>/dev/null
	    [[ $dir == /host ]] && _nstools_hosts "${cur#/host/}")
	if ((${#found[@]} == 0)); then
		# Not in the namespace: a real file, which the tools take too.
		_nstools_files "$2"
		return 0
	fi
	if ((${#found[@]} == 1)) && [[ $dir == /host ]]; then
		# A machine is a node: no need to ask it.
		slash=/
	elif ((${#found[@]} == 1)); then
		# nsls prints an object with no children as itself.
		p=$(NSTOOLS_TIMEOUT=${NSTOOLS_TIMEOUT:-5} \
		    "$nsls" -- "${found[0]}" 2>/dev/null | head -n 1)
		[[ $p == "${found[0]}" ]] || slash=/
	fi
	for p in "${found[@]}"; do
		COMPREPLY+=("$(printf '%q' "$p")$slash")
	done
	[[ -z $slash ]] || _nstools_nospace
}

# Real files, quoted for the shell; a directory that is all there is gets
# a slash.
_nstools_files()
{
	local cur p
	local -a found

	cur=$(_nstools_dequote "$1")
	while IFS= read -r p; do
		found+=("$p")
	done < <(compgen -f -- "$cur")
	for p in "${found[@]}"; do
		COMPREPLY+=("$(printf '%q' "$p")")
	done
	if ((${#found[@]} == 1)) && [[ -d ${found[0]} ]]; then
		COMPREPLY[0]+=/
		_nstools_nospace
	fi
}

# Drop from every candidate what bash already holds of the word before
# its last colon or equals sign: bash splits words there, so it replaces
# only the part after it.
_nstools_ltrim()
{
	local whole=$1 part=$2 strip i

	[[ $whole == "$part" ]] && return 0
	strip=${whole%"$part"}
	for ((i = 0; i < ${#COMPREPLY[@]}; i++)); do
		COMPREPLY[i]=${COMPREPLY[i]#"$strip"}
	done
}

_nstools()
{
	local tool=${COMP_WORDS[0]##*/} cword=$COMP_CWORD cur prev opt i

	COMPREPLY=()
	cur=${COMP_WORDS[cword]}
	# bash breaks words at : and =, as in /dev/pci/0000:00:03.0 and in
	# --output=LIST: put the word back together.
	i=$cword
	while ((i > 1)) && [[ ${COMP_WORDS[i]} == [:=] ||
	    ${COMP_WORDS[i - 1]} == [:=] ]] &&
	    [[ ${COMP_WORDS[i - 1]} != -* || ${COMP_WORDS[i]} != = ]]; do
		i=$((i - 1))
		cur=${COMP_WORDS[i]}$cur
	done
	if [[ ${COMP_WORDS[i]} == = && ${COMP_WORDS[i - 1]} == -* ]]; then
		# --output=LIST: complete LIST as the option's argument.
		prev=${COMP_WORDS[i - 1]}
		cur=${cur#=}
	else
		prev=${COMP_WORDS[i - 1]}
	fi
	((i > 0)) || prev=

	opt=
	while IFS= read -r i; do
		[[ $prev == "$i" ]] && opt=$prev
	done < <(_nstools_options "${COMP_WORDS[0]}" arg)

	if [[ -n $opt ]]; then
		case $tool:$opt in
		nsmount:-o|nsmount:--options)
			_nstools_list "$cur" <<-EOF
				allow_other
				allow_root
				auto_unmount
				attr_timeout=
				debug
				default_permissions
				entry_timeout=
				fsname=
				negative_timeout=
				subtype=
			EOF
			;;
		*:-o|*:--output)
			_nstools_list "$cur" icase < <(
			    _nstools_columns "${COMP_WORDS[0]}")
			;;
		fdinfo:-p|fdinfo:--pid)
			_nstools_list "$cur" < <(
			    "${COMP_WORDS[0]%fdinfo}nsls" /proc 2>/dev/null |
			    sed 's|.*/||')
			;;
		fdinfo:-t|fdinfo:--type)
			_nstools_list "$cur" icase < <(
			    "${COMP_WORDS[0]}" --types -n 2>/dev/null |
			    awk 'NR > 1 || $1 != "KIND" { print $1 }')
			;;
		devtree:-s|devtree:--subsystems)
			# What -s takes: the subsystems and the kinds of
			# numbered device, not the device tree.
			_nstools_list "$cur" < <(
			    "${COMP_WORDS[0]%devtree}nsls" -r -n -o path,type \
			    /dev 2>/dev/null |
			    awk '$2 != "tree" { sub(".*/", "", $1); print $1 }')
			;;
		esac
	elif [[ $cur == -* ]]; then
		while IFS= read -r i; do
			[[ $i == "$cur"* ]] && COMPREPLY+=("$i")
		done < <(_nstools_options "${COMP_WORDS[0]}")
	elif [[ $tool == nsmount ]]; then
		while IFS= read -r i; do
			COMPREPLY+=("$(printf '%q' "$i")/")
		done < <(compgen -d -- "$(_nstools_dequote "$cur")")
		_nstools_nospace
	elif [[ $cur == [/\'\"]* ]]; then
		_nstools_paths "${COMP_WORDS[0]%"$tool"}nsls" "$cur"
	else
		_nstools_files "$cur"
	fi
	_nstools_ltrim "$cur" "${COMP_WORDS[cword]}"
	return 0
}

if [[ -n ${ZSH_VERSION-} ]]; then
	# zsh's bashcompinit has no compopt: no space is ever added, so that
	# a path can go on after its slash.
	complete -o nospace -F _nstools nsls nscat fdinfo devtree nsmount nswatch
else
	complete -F _nstools nsls nscat fdinfo devtree nsmount nswatch
fi
