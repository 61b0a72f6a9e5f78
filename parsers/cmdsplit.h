/*
 * cmdsplit.h - tell benchmarked commands apart: the part that differs names
 * the variant, the part they share names the scenario.
 *   "taskset -c 0 ./llrt_optimized x.js", "taskset -c 0 ./llrt_release x.js"
 *   → variants "llrt_optimized", "llrt_release"; scenario "taskset -c 0 x.js"
 */
#ifndef BD_PARSERS_CMDSPLIT_H
#define BD_PARSERS_CMDSPLIT_H

#include <stddef.h>

#include "parsers/recset.h"
#include "util/arena.h"
#include "util/buf.h"

/*
 * Split `n` commands (n >= 2, not all equal). On success returns 0, sets
 * variants[i] for each command and *scenario, all allocated in `a`.
 * Returns -1 (nothing set) when fewer than two distinct commands are given,
 * or when they differ only in one number (a parameter scan: the number
 * belongs to the scenario, not the build).
 */
int cmd_split(const char *const *cmds, size_t n, struct arena *a, const char **variants,
	      const char **scenario);

/*
 * Line up commands of several variants: `group[i]` says which variant ran
 * cmds[i] (0 .. ngroups-1, every group present). Finds the words that are
 * the same within each group and differ between groups: they name each
 * group (names[g], shared path parts trimmed), the remaining words are each
 * command's scenario (scenario[i]). Returns 0, or -1 (nothing set) when the
 * commands differ in shape, no word tells the groups apart, or only a
 * number does (a parameter scan). Strings go to `a`.
 */
int cmd_align(const char *const *cmds, const size_t *group, size_t n, size_t ngroups,
	      struct arena *a, const char **scenario, const char **names);

/*
 * For the runs [from, rs->nruns) of one invocation (a hyperfine block, a
 * JSON or CSV export): when their commands tell them apart, propose each
 * run's variant (origin "command") and their shared scenario; otherwise
 * (or when a run's command is unknown, "") the scenario is each run's
 * whole command.
 */
void cmd_propose(struct recset *rs, uint32_t from, struct arena *a);

/*
 * The program a command line runs, wrappers ("taskset -c 0", "sudo",
 * "/usr/bin/time", "perf stat", a prompt's "$"), their options and
 * variables ("A=1") skipped: a pointer into `cmd` and its length in *len,
 * or NULL when there is none.
 */
const char *cmd_program(const char *cmd, size_t *len);

/*
 * The build a lone command's program names by itself: a build word as a
 * directory ("./target/debug/deno" → "debug", "build/lto/app" → "lto") or
 * after the program's own name ("./app-pgo" → "pgo", "rg.non-lto" →
 * "non-lto"), appended to *out. 0 when it names none.
 */
int cmd_build_name(const char *cmd, struct buf *out);

/*
 * Variables set before a command that configure the build it runs
 * ("RUSTFLAGS='-C codegen-units=16 -Z thinlto' time cargo test"; names
 * ending in FLAGS, CC, CXX, GOAMD64, GOEXPERIMENT, CARGO_PROFILE_*): the
 * build they name is appended to *name (the value, unquoted, or NAME=value
 * when the value holds no build word), and *rest points at the command
 * after them. Returns 1, or 0 (nothing set) when no such variable leads.
 */
int cmd_build_env(const char *cmd, struct buf *name, const char **rest);

#endif
