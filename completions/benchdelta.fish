# fish completion for benchdelta. The candidates come from
# `benchdelta __complete -- WORD...`: subcommands, their options and values,
# experiment and variant names from the store. Installed by `make install`
# into vendor_completions.d; or copy it to ~/.config/fish/completions/.

function __benchdelta_complete
    set -l words (commandline -opc) (commandline -ct)
    set -l prog $words[1]
    set -e words[1]
    set -l out ($prog __complete -- $words 2>/dev/null)
    switch "$out[1]"
        case :files
            __fish_complete_path (commandline -ct)
        case :dirs
            __fish_complete_directories (commandline -ct)
        case '*'
            printf '%s\n' $out
    end
end

complete -c benchdelta -f -k -a '(__benchdelta_complete)'
