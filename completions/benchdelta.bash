# bash completion for benchdelta                       -*- shell-script -*-
# The candidates come from `benchdelta __complete -- WORD...`: subcommands,
# their options and values, experiment and variant names from the store.
# Installed by `make install`; or source this file from ~/.bashrc.

_benchdelta() {
	local i w cur out line
	local -a words=()
	COMPREPLY=()
	# bash splits "a:b" into three words (COMP_WORDBREAKS): join them again
	for ((i = 1; i <= COMP_CWORD; i++)); do
		w=${COMP_WORDS[i]}
		if [[ ${#words[@]} -gt 0 && ( $w == : || ${COMP_WORDS[i-1]} == : ) ]]; then
			words[${#words[@]}-1]+=$w
		else
			words+=("$w")
		fi
	done
	[[ ${#words[@]} -gt 0 ]] || words=("")
	# what was typed, without its quoting: 'a b', "a b" and a\ b are "a b"
	for ((i = 0; i < ${#words[@]}; i++)); do
		w=${words[i]}
		case $w in
		\'*) w=${w#\'}; w=${w%\'} ;;
		\"*) w=${w#\"}; w=${w%\"} ;;
		*) w=${w//\\/} ;;
		esac
		words[i]=$w
	done
	cur=${words[${#words[@]}-1]}
	out=$("${1:-benchdelta}" __complete -- "${words[@]}" 2>/dev/null) || return 0
	case $out in
	:files)
		compopt -o filenames 2>/dev/null
		mapfile -t COMPREPLY < <(compgen -f -- "$cur")
		return 0 ;;
	:dirs)
		compopt -o filenames 2>/dev/null
		mapfile -t COMPREPLY < <(compgen -d -- "$cur")
		return 0 ;;
	esac
	while IFS= read -r line; do
		# bash replaces only what follows the last ':' of the word
		[[ $cur == *:* ]] && line=${line#"${cur%:*}":}
		COMPREPLY+=("$(printf '%q' "$line")")
	done <<<"$out"
	return 0
}
complete -F _benchdelta benchdelta
