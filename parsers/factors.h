/*
 * factors.h - the build factors a variant's name states, read with one
 * table of the words people write for them: "Release + PGO optimized +
 * BOLT instrumented" is pgo=optimized, bolt=instrumented (and the release
 * profile, a base level); "quilkin_lto_instrumented" is lto=on,
 * pgo=instrumented; "gcc 13 -O3" is compiler=gcc 13, opt=O3.
 *
 * FACTORS is the factors, FACTOR_WORDS the spellings. Both are data: the
 * reader (factors.c), the words label.c takes as naming a build (the rows
 * marked L), the `tag` command's factor names and the man page's FACTORS
 * section (`make man`) are made from them. What no row names stays one of
 * the name's other words (factor_reading.words), never a guess.
 */
#ifndef BD_PARSERS_FACTORS_H
#define BD_PARSERS_FACTORS_H

#include <stddef.h>

/*
 * X(ENUM, name, levels, description). `levels` are the known levels in
 * their order, '|' between, the base level first ("none": what a name that
 * does not mention the factor has); "" for a factor without a base (a
 * compiler, a branch: any level, none of them the base).
 */
#define FACTORS(X)                                                                                 \
	X(PGO, "pgo", "none|instrumented|optimized|autofdo", "profile-guided optimization")        \
	X(LTO, "lto", "off|on|thin|fat|full", "link-time optimization")                            \
	X(BOLT, "bolt", "none|instrumented|optimized|propeller", "post-link optimization: BOLT, Propeller") \
	X(CGU, "cgu", "default", "codegen units (a number)")                                       \
	X(OPT, "opt", "default|O0|O1|O2|O3|Os|Oz|Og|Ofast", "optimization level")                  \
	X(ALLOC, "alloc", "system|mimalloc|jemalloc|snmalloc|tcmalloc|rpmalloc", "memory allocator") \
	X(CPU, "target-cpu", "generic|native", "target CPU or instruction set")                    \
	X(PANIC, "panic", "unwind|abort", "panic strategy")                                        \
	X(STRIP, "strip", "no|yes", "symbols stripped")                                            \
	X(DEBUGINFO, "debuginfo", "no|yes", "debug information")                                   \
	X(PROFILE, "profile", "release|debug|relwithdebinfo|minsizerel|releasefast|releasesafe|releasesmall", \
	  "build profile")                                                                         \
	X(SANITIZER, "sanitizer", "none|asan|ubsan|tsan|msan|yes", "sanitizers built in")          \
	X(LINK, "link", "default|static|dynamic", "static or dynamic linking")                     \
	X(LIBC, "libc", "default|glibc|musl", "C library")                                         \
	X(CHANNEL, "channel", "stable|beta|nightly", "toolchain release channel")                  \
	X(COMPILER, "compiler", "", "compiler and its version: gcc 13, clang 17, rustc 1.72")      \
	X(RUNTIME, "runtime", "", "runtime and its version: node 20, python 3.12")                 \
	X(REVISION, "revision", "", "branch, pull request or commit of the code: main, PR 123, 1a2b3c4") \
	X(CHANGE, "change", "before|after", "before and after a change (old and new, patched)")

#define FACTOR_ENUM_(e, name, levels, desc) FACTOR_##e,
enum factor_id { FACTORS(FACTOR_ENUM_) FACTOR__COUNT };
#undef FACTOR_ENUM_
/* A word that belongs to no factor (a base word, a filler). */
#define FACTOR_NONE FACTOR__COUNT

/*
 * What a word does (FACTOR_WORDS' ROLE):
 *   WORD   names FACTOR at LEVEL; a qualifier beside it may set another
 *          level ("PGO instrumented", "thin LTO", "lto=off")
 *   QUAL   a qualifier: the level of the factor word beside it, within a
 *          part of the name ('+' and ',' part it); LEVEL "@base" is the
 *          factor's base ("lto=false", "PGO off"), "@not" the same
 *          for the factor word after it ("no LTO", "without PGO"), "@on"
 *          the word's own level ("lto=true"). Alone, a qualifier with a FACTOR names that
 *          factor ("instrumented" alone is PGO's instrumented build); one
 *          without stays among the other words
 *   VALUE  names FACTOR; the token after it is the level ("cgu 1",
 *          "gcc 13", "rustc 1.72", "target-cpu=x86-64-v3"), or LEVEL when
 *          no value follows ("gcc")
 *   BASE   the base build: every factor at its base ("baseline", "stock")
 *   LABEL  names a build in prose (label.c), but no factor ("profiled")
 *   FILLER says nothing ("build", "with", "on top of")
 * A spelling of several words ("profile guided") matches those tokens in
 * a row; a longer match wins. LABEL column: L when the word alone names a
 * build in a label (label.c's build words), _ when not.
 */
enum factor_role { FW_WORD, FW_QUAL, FW_VALUE, FW_BASE, FW_LABEL, FW_FILLER };

/* X(FACTOR, spelling, level, ROLE, LABEL) */
#define FACTOR_WORDS(X)                                                                            \
	/* profile-guided optimization */                                                          \
	X(PGO, "pgo", "optimized", WORD, L)                                                        \
	X(PGO, "fdo", "optimized", WORD, L)                                                        \
	X(PGO, "autofdo", "autofdo", WORD, L)                                                      \
	X(PGO, "profile guided", "optimized", WORD, _)                                             \
	X(PGO, "profile guided optimization", "optimized", WORD, _)                                \
	X(PGO, "fprofile", "optimized", WORD, _)                                                   \
	X(PGO, "instrumented", "instrumented", QUAL, L)                                            \
	X(PGO, "instrumentation", "instrumented", QUAL, L)                                         \
	X(PGO, "instrument", "instrumented", QUAL, _)                                              \
	X(NONE, "instr", "instrumented", QUAL, _)                                                  \
	X(NONE, "gen", "instrumented", QUAL, _)                                                    \
	X(NONE, "generate", "instrumented", QUAL, _)                                               \
	X(NONE, "optimized", "optimized", QUAL, L)                                                 \
	X(NONE, "optimised", "optimized", QUAL, L)                                                 \
	X(NONE, "optimization", "optimized", QUAL, L)                                              \
	X(NONE, "optimisation", "optimized", QUAL, L)                                              \
	X(NONE, "optimize", "optimized", QUAL, _)                                                  \
	X(NONE, "use", "optimized", QUAL, _)                                                       \
	/* link-time optimization */                                                              \
	X(LTO, "lto", "on", WORD, L)                                                               \
	X(LTO, "flto", "on", WORD, _)                                                              \
	X(LTO, "ltcg", "on", WORD, _)                                                              \
	X(LTO, "link time optimization", "on", WORD, _)                                            \
	X(LTO, "link time optimisation", "on", WORD, _)                                            \
	X(LTO, "thinlto", "thin", WORD, L)                                                         \
	X(NONE, "thin", "thin", QUAL, L)                                                           \
	X(NONE, "fat", "fat", QUAL, L)                                                             \
	X(NONE, "full", "full", QUAL, _)                                                           \
	/* post-link optimization */                                                              \
	X(BOLT, "bolt", "optimized", WORD, L)                                                      \
	X(BOLT, "bolted", "optimized", WORD, _)                                                    \
	X(BOLT, "plo", "optimized", WORD, L)                                                       \
	X(BOLT, "propeller", "propeller", WORD, L)                                                 \
	/* on and off, for any factor */                                                          \
	X(NONE, "no", "@not", QUAL, _)                                                             \
	X(NONE, "non", "@not", QUAL, _)                                                            \
	X(NONE, "without", "@not", QUAL, _)                                                        \
	X(NONE, "off", "@base", QUAL, _)                                                           \
	X(NONE, "false", "@base", QUAL, _)                                                         \
	X(NONE, "disabled", "@base", QUAL, _)                                                      \
	X(NONE, "true", "@on", QUAL, _)                                                            \
	X(NONE, "yes", "@on", QUAL, _)                                                             \
	X(NONE, "enabled", "@on", QUAL, _)                                                         \
	X(NONE, "on", "@on", QUAL, _)                                                              \
	/* codegen units, optimization level */                                                   \
	X(CGU, "cgu", "", VALUE, L)                                                                \
	X(CGU, "codegen units", "", VALUE, _)                                                      \
	X(NONE, "codegen", "", LABEL, L)                                                           \
	X(OPT, "o0", "O0", WORD, L)                                                                \
	X(OPT, "o1", "O1", WORD, L)                                                                \
	X(OPT, "o2", "O2", WORD, L)                                                                \
	X(OPT, "o3", "O3", WORD, L)                                                                \
	X(OPT, "os", "Os", WORD, L)                                                                \
	X(OPT, "oz", "Oz", WORD, L)                                                                \
	X(OPT, "og", "Og", WORD, L)                                                                \
	X(OPT, "ofast", "Ofast", WORD, _)                                                          \
	X(OPT, "opt level", "", VALUE, _)                                                          \
	/* allocator, C library, linking */                                                       \
	X(ALLOC, "system", "system", WORD, _)                                                      \
	X(ALLOC, "mimalloc", "mimalloc", WORD, L)                                                  \
	X(ALLOC, "jemalloc", "jemalloc", WORD, L)                                                  \
	X(ALLOC, "tcmalloc", "tcmalloc", WORD, L)                                                  \
	X(ALLOC, "snmalloc", "snmalloc", WORD, _)                                                  \
	X(ALLOC, "rpmalloc", "rpmalloc", WORD, _)                                                  \
	X(LIBC, "glibc", "glibc", WORD, L)                                                         \
	X(LIBC, "musl", "musl", WORD, L)                                                           \
	X(LINK, "static", "static", WORD, L)                                                       \
	X(LINK, "dynamic", "dynamic", WORD, L)                                                     \
	/* target CPU */                                                                          \
	X(CPU, "native", "native", WORD, L)                                                        \
	X(CPU, "target cpu", "", VALUE, _)                                                         \
	X(CPU, "march", "", VALUE, L)                                                              \
	X(CPU, "mtune", "", VALUE, L)                                                              \
	X(CPU, "avx2", "avx2", WORD, L)                                                            \
	X(CPU, "avx512", "avx512", WORD, L)                                                        \
	X(CPU, "sse4", "sse4", WORD, L)                                                            \
	X(NONE, "simd", "", LABEL, L)                                                              \
	/* panic, strip, debug information, profile, sanitizers, channel */                       \
	X(PANIC, "panic", "abort", WORD, _)                                                        \
	X(PANIC, "abort", "abort", QUAL, _)                                                        \
	X(PANIC, "unwind", "unwind", QUAL, _)                                                      \
	X(STRIP, "strip", "yes", WORD, _)                                                          \
	X(STRIP, "stripped", "yes", WORD, L)                                                       \
	X(STRIP, "unstripped", "no", WORD, _)                                                      \
	X(DEBUGINFO, "debuginfo", "yes", WORD, _)                                                  \
	X(DEBUGINFO, "debug info", "yes", WORD, _)                                                 \
	X(DEBUGINFO, "debug symbols", "yes", WORD, _)                                              \
	X(PROFILE, "release", "release", WORD, L)                                                  \
	X(PROFILE, "debug", "debug", WORD, L)                                                      \
	X(PROFILE, "relwithdebinfo", "relwithdebinfo", WORD, _)                                    \
	X(PROFILE, "minsizerel", "minsizerel", WORD, _)                                            \
	X(PROFILE, "releasefast", "releasefast", WORD, L)                                          \
	X(PROFILE, "releasesafe", "releasesafe", WORD, L)                                          \
	X(PROFILE, "releasesmall", "releasesmall", WORD, L)                                        \
	X(SANITIZER, "asan", "asan", WORD, L)                                                      \
	X(SANITIZER, "ubsan", "ubsan", WORD, L)                                                    \
	X(SANITIZER, "tsan", "tsan", WORD, L)                                                      \
	X(SANITIZER, "msan", "msan", WORD, _)                                                      \
	X(SANITIZER, "sanitized", "yes", WORD, L)                                                  \
	X(CHANNEL, "stable", "stable", WORD, L)                                                    \
	X(CHANNEL, "beta", "beta", WORD, L)                                                        \
	X(CHANNEL, "nightly", "nightly", WORD, L)                                                  \
	/* compilers and runtimes, with their versions */                                         \
	X(COMPILER, "gcc", "gcc", VALUE, L)                                                        \
	X(COMPILER, "clang", "clang", VALUE, L)                                                    \
	X(COMPILER, "rustc", "rustc", VALUE, L)                                                    \
	X(COMPILER, "msvc", "msvc", VALUE, L)                                                      \
	X(COMPILER, "icc", "icc", VALUE, L)                                                        \
	X(COMPILER, "icx", "icx", VALUE, _)                                                        \
	X(RUNTIME, "node", "node", VALUE, _)                                                       \
	X(RUNTIME, "nodejs", "node", VALUE, _)                                                     \
	X(RUNTIME, "deno", "deno", VALUE, _)                                                       \
	X(RUNTIME, "bun", "bun", VALUE, _)                                                         \
	X(RUNTIME, "python", "python", VALUE, _)                                                   \
	X(RUNTIME, "cpython", "python", VALUE, _)                                                  \
	X(RUNTIME, "pypy", "pypy", VALUE, _)                                                       \
	X(RUNTIME, "ruby", "ruby", VALUE, _)                                                       \
	X(RUNTIME, "php", "php", VALUE, _)                                                         \
	X(RUNTIME, "jdk", "jdk", VALUE, _)                                                         \
	X(RUNTIME, "openjdk", "jdk", VALUE, _)                                                     \
	X(RUNTIME, "java", "java", VALUE, _)                                                       \
	X(RUNTIME, "dotnet", "dotnet", VALUE, _)                                                   \
	X(RUNTIME, "luajit", "luajit", VALUE, _)                                                   \
	X(RUNTIME, "go", "go", VALUE, _)                                                           \
	/* the code: branch, pull request, commit */                                              \
	X(REVISION, "main", "main", WORD, L)                                                       \
	X(REVISION, "master", "master", WORD, L)                                                   \
	X(REVISION, "trunk", "trunk", WORD, _)                                                     \
	X(REVISION, "head", "head", WORD, L)                                                       \
	X(REVISION, "branch", "", VALUE, _)                                                        \
	X(REVISION, "commit", "", VALUE, _)                                                        \
	X(REVISION, "pr", "pr", VALUE, _)                                                          \
	/* before and after a change */                                                           \
	X(CHANGE, "before", "before", WORD, L)                                                     \
	X(CHANGE, "after", "after", WORD, L)                                                       \
	X(CHANGE, "old", "before", WORD, L)                                                        \
	X(CHANGE, "new", "after", WORD, L)                                                         \
	X(CHANGE, "original", "before", WORD, L)                                                   \
	X(CHANGE, "unpatched", "before", WORD, L)                                                  \
	X(CHANGE, "patched", "after", WORD, L)                                                     \
	X(CHANGE, "patch", "after", WORD, _)                                                       \
	X(CHANGE, "this pr", "after", WORD, _)                                                     \
	X(CHANGE, "reference", "before", WORD, L)                                                  \
	X(CHANGE, "candidate", "after", WORD, L)                                                   \
	/* the base build, and words that say nothing */                                          \
	X(NONE, "baseline", "", BASE, L)                                                           \
	X(NONE, "default", "", BASE, L)                                                            \
	X(NONE, "vanilla", "", BASE, L)                                                            \
	X(NONE, "stock", "", BASE, L)                                                              \
	X(NONE, "plain", "", BASE, _)                                                              \
	X(NONE, "profiled", "", LABEL, L)                                                          \
	X(NONE, "build", "", FILLER, _)                                                            \
	X(NONE, "builds", "", FILLER, _)                                                           \
	X(NONE, "built", "", FILLER, _)                                                            \
	X(NONE, "binary", "", FILLER, _)                                                           \
	X(NONE, "bin", "", FILLER, _)                                                              \
	X(NONE, "version", "", FILLER, _)                                                          \
	X(NONE, "variant", "", FILLER, _)                                                          \
	X(NONE, "with", "", FILLER, _)                                                             \
	X(NONE, "w", "", FILLER, _)                                                                \
	X(NONE, "and", "", FILLER, _)                                                              \
	X(NONE, "plus", "", FILLER, _)                                                             \
	X(NONE, "using", "", FILLER, _)                                                            \
	X(NONE, "only", "", FILLER, _)                                                             \
	X(NONE, "on top of", "", FILLER, _)                                                        \
	X(NONE, "the", "", FILLER, _)                                                              \
	X(NONE, "a", "", FILLER, _)

/* One factor's levels read from a name, each as a short string. */
#define FACTOR_LEVEL_MAX 40

struct factor_reading {
	/* per factor: its level as the name states it ("optimized", "O3", "gcc 13"); "" unstated */
	char level[FACTOR__COUNT][FACTOR_LEVEL_MAX];
	/* the name's other words, lower case, sorted, one space between ("quilkin") */
	char words[160];
	unsigned nread; /* words read from the table (factors, base words) */
};

/*
 * Read the name s[0..n) into *out (cleared first). Tokens are runs of
 * letters and digits (a '.' between digits kept: "1.72"), lower-cased;
 * '+', ',', ';', '&' and '|' part the name. Never fails: a name
 * no row knows has nread 0 and every word in `words`.
 */
void factor_read(const char *s, size_t n, struct factor_reading *out);

const char *factor_name(enum factor_id f);
const char *factor_description(enum factor_id f);
/* The known levels, '|' between, the base first; "" for a factor without a base. */
const char *factor_levels(enum factor_id f);
/* The base level ("none", "off") into out; "" when the factor has none. Returns out. */
const char *factor_base(enum factor_id f, char *out, size_t size);
/*
 * The place of `level` among f's known levels (0: the base), or -1 when it
 * is not one of them; "" is the base (or -1 for a factor without one).
 */
int factor_level_rank(enum factor_id f, const char *level);
/*
 * The factor a user's word names: a name of FACTORS ("pgo", "target-cpu"),
 * in any case, or a spelling of FACTOR_WORDS that names one factor alone
 * ("PGO", "ThinLTO" is lto, "allocator" and "opt-level" are known
 * too); -1 when none.
 */
int factor_lookup(const char *name);
/*
 * A level as a user wrote it for factor f, in the table's spelling, into
 * `out`: "Instrumentation" is "instrumented", "off"/"no"/"false" are the
 * base, "3" for opt is "O3", anything else lower-cased as written.
 */
const char *factor_normalize_level(int f, const char *level, char *out, size_t size);

/* The spellings, roles and flags of FACTOR_WORDS, for the man page. */
struct factor_word {
	int factor; /* enum factor_id, or FACTOR_NONE */
	const char *spelling;
	const char *level;
	enum factor_role role;
	int label; /* names a build in prose */
};
extern const struct factor_word factor_words[];
extern const size_t factor_nwords;

#endif
