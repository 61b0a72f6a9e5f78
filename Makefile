# benchdelta - build, test, install.
#   make              build ./benchdelta
#   make check        build and run every test (unit, golden, cli, tui, man), in parallel
#   make check-slow   the crash and concurrency trials in full number
#   make check-san    the tests that exercise memory under AddressSanitizer + UndefinedBehaviorSanitizer
#   make demo         open the TUI on the bundled samples
#   make bench        speed and memory as ratios (tests/bench/RESULTS.md)
#   make corpus       score the real-thread corpus (tests/corpus/); corpus-update rewrites its floors
#   make samples      regenerate samples/ by running the real tools
#   make man          rewrite the man page's METRICS section from parsers/metrics.h
#   make install / uninstall   (PREFIX, DESTDIR)
# Missing system packages are installed by scripts/deps.sh: `make` installs
# only what the build needs, the test targets also what the tests need.

.DEFAULT_GOAL := all

PREFIX     ?= /usr/local
BINDIR     ?= $(PREFIX)/bin
MANDIR     ?= $(PREFIX)/share/man
PKG_CONFIG ?= pkg-config
CFLAGS     ?= -O2 -g
BUILD      ?= build
BIN        ?= ./benchdelta
VERSION    := 0.1.0

ifeq ($(V),1)
Q :=
else
Q := @
endif

PKGS      := ncursesw libpcre2-8 jansson libxxhash gsl libcurl sqlite3
# compiled against, not linked: opened when needed (util/libcurl.h says why)
DLOPEN_PKGS := libcurl
TEST_PKGS := cmocka

# -pthread: a large text's walk runs on a second thread (parsers/segpipe.h)
BD_CFLAGS := -std=c11 -pthread -Wall -Wextra -Wshadow -Wstrict-prototypes -Wmissing-prototypes \
             -Wno-missing-field-initializers -DBD_VERSION='"$(VERSION)"'
ifeq ($(DEVELOPER),1)
BD_CFLAGS += -Werror
endif

# The package flags are found once per build directory, after scripts/deps.sh
# has made sure the packages are there (make restarts once it has this file).
NO_CONFIG_GOALS := clean distclean uninstall
ifneq ($(filter-out $(NO_CONFIG_GOALS),$(or $(MAKECMDGOALS),all)),)
-include $(BUILD)/config.mk
endif

$(BUILD)/config.mk: scripts/deps.sh Makefile
	@mkdir -p $(BUILD)
	@sh scripts/deps.sh
	@{ echo "PKG_CFLAGS := $$($(PKG_CONFIG) --cflags $(PKGS))"; \
	   echo "PKG_LIBS := $$($(PKG_CONFIG) --libs $(filter-out $(DLOPEN_PKGS),$(PKGS))) -lcsv -lm -ldl -pthread"; } > $@.tmp && mv $@.tmp $@

# The test goals also need the test-only packages (cmocka, tmux, groff...):
# a second file, made only when a test goal is asked for, so that a plain
# `make` never installs them.
TEST_GOALS := check check-% run-% golden-update tests/%.sh $(BUILD)/tests/%
ifneq ($(filter $(TEST_GOALS),$(MAKECMDGOALS)),)
-include $(BUILD)/test-config.mk
endif

$(BUILD)/test-config.mk: scripts/deps.sh Makefile
	@mkdir -p $(BUILD)
	@sh scripts/deps.sh test
	@{ echo "TEST_CFLAGS := $$($(PKG_CONFIG) --cflags $(TEST_PKGS))"; \
	   echo "TEST_LIBS := $$($(PKG_CONFIG) --libs $(TEST_PKGS))"; } > $@.tmp && mv $@.tmp $@

LIB_SRC := $(sort $(wildcard util/*.c parsers/*.c store/*.c cli/*.c tui/*.c))
LIB_OBJ := $(LIB_SRC:%.c=$(BUILD)/%.o)
MAIN_OBJ := $(BUILD)/main.o
UNIT_SRC := $(sort $(wildcard tests/unit/test_*.c))
UNIT_BIN := $(UNIT_SRC:tests/unit/%.c=$(BUILD)/tests/%)

.PHONY: all check check-all check-fuzz-replay check-unit check-golden check-cli check-tui check-man check-layers check-tree check-portable \
        check-corpus corpus corpus-update check-san golden-update demo bench samples install uninstall clean deps fuzz \
        man
.DELETE_ON_ERROR:

all: $(BIN)

deps:
	@sh scripts/deps.sh test

$(BIN): $(MAIN_OBJ) $(LIB_OBJ)
	@echo "  LD      $@"
	$(Q)$(CC) $(LDFLAGS) -o $@ $(MAIN_OBJ) $(LIB_OBJ) $(PKG_LIBS) $(LDLIBS)

$(BUILD)/%.o: %.c $(BUILD)/config.mk
	@mkdir -p $(@D)
	@echo "  CC      $<"
	$(Q)$(CC) -I. $(CPPFLAGS) $(PKG_CFLAGS) $(BD_CFLAGS) $(CFLAGS) -MMD -MP -c -o $@ $<

$(BUILD)/tests/%: tests/unit/%.c $(LIB_OBJ) $(BUILD)/config.mk $(BUILD)/test-config.mk
	@mkdir -p $(@D)
	@echo "  CC      $<"
	$(Q)$(CC) -I. $(CPPFLAGS) $(PKG_CFLAGS) $(TEST_CFLAGS) $(BD_CFLAGS) $(CFLAGS) $(LDFLAGS) \
		-o $@ $< $(LIB_OBJ) $(PKG_LIBS) $(TEST_LIBS) $(LDLIBS)

-include $(LIB_OBJ:.o=.d) $(MAIN_OBJ:.o=.d)

# ---- tests ----
#
# Every test is a target of its own (a unit program, a CLI or TUI script,
# the goldens of one samples folder), each with its own scratch store, so
# `make -j` runs them side by side; `check`, `check-slow` and `check-san`
# ask for one job per CPU when given no -j, and print each test's output
# whole. New tests are found by their names (tests/unit/test_*.c,
# tests/cli/t*.sh, tests/tui/t*.sh, samples/*/): nothing to list here.
#   check       every test once, the crash and concurrency trials few
#   check-slow  the tests that say "# check-slow:" again with BD_SLOW=1:
#               their trials in full number; and make bench's TUI harness
#               run once (check-bench-tui), so that it keeps up with the TUI
#   check-san   under ASan+UBSan, the tests that exercise memory: unit,
#               fuzz replay (every sample whole, cut and flipped through
#               the import), CLI, TUI, corpus; not the goldens and the
#               locale pass, whose code the replay and the CLI tests run

# the recorded-answers HTTP server the import-by-address tests talk to
REPLAY := $(BUILD)/tests/http/replay

# SAN_ENV: BD_SAN=1 under check-san, where a test may ask the same code in fewer processes
TEST_ENV := BENCHDELTA=$(abspath $(BIN)) LC_ALL=C.UTF-8 TZ=UTC BD_REPLAY=$(abspath $(REPLAY)) $(SAN_ENV)

# one job per CPU unless -j was given; each test's output in one piece
JOBS ?= $(shell nproc 2>/dev/null || echo 2)
PARALLEL = $(if $(filter -j%,$(MAKEFLAGS)),,-j$(JOBS)) --output-sync=target

UNIT_RUNS := $(UNIT_SRC:tests/unit/%.c=run-unit/%)
CLI_TESTS := $(sort $(wildcard tests/cli/t*.sh))
TUI_TESTS := $(sort $(wildcard tests/tui/t*.sh))
SLOW_TESTS := $(shell grep -l '^\# check-slow:' $(CLI_TESTS) $(TUI_TESTS) 2>/dev/null)
# the longest first, so that the last to finish is a short one
LONG_FIRST = $(filter $(LONG),$(1)) $(filter-out $(LONG),$(1))
LONG := run-cli/t97-pipe run-cli/t80-first-import run-cli/t83-crash run-cli/t91-index-import \
	run-cli/t93-index-edits run-cli/t93-index-shared run-cli/t93-store-index run-cli/t96-mapped-input \
	run-golden/hyperfine run-golden/issues
CLI_RUNS := $(call LONG_FIRST,$(CLI_TESTS:tests/cli/%.sh=run-cli/%))
TUI_RUNS := $(TUI_TESTS:tests/tui/%.sh=run-tui/%)
SLOW_RUNS := $(patsubst tests/%.sh,run-slow/%,$(SLOW_TESTS))
# the goldens by samples folder (and any golden folder whose samples are gone)
GOLDEN_SETS := $(sort $(filter-out src,$(notdir $(patsubst %/,%,$(dir $(wildcard samples/*/*)))) \
	$(notdir $(patsubst %/,%,$(dir $(wildcard tests/golden/*/*.tsv))))))
GOLDEN_RUNS := $(call LONG_FIRST,$(GOLDEN_SETS:%=run-golden/%))
LOCALE_RUNS := $(GOLDEN_SETS:%=run-locale/%) run-locale-compare

.PHONY: check-slow check-bench-tui check-memory check-locale $(UNIT_RUNS) $(CLI_RUNS) $(TUI_RUNS) $(SLOW_RUNS) \
	$(GOLDEN_RUNS) $(LOCALE_RUNS)

check:
	@$(MAKE) --no-print-directory $(PARALLEL) check-all

check-all: $(GOLDEN_RUNS) check-cli check-unit check-tui check-locale check-corpus check-fuzz-replay \
	check-layers check-tree check-man check-portable
	@echo "all tests passed ($(BIN))"

check-slow:
	@$(MAKE) --no-print-directory $(PARALLEL) $(SLOW_RUNS) check-bench-tui
	@echo "slow tests passed ($(BIN))"

# make bench's TUI harness still runs against the TUI's state (its figures are not judged here)
check-bench-tui: $(BIN) $(BUILD)/bench_tui
	@echo "  BENCH   tests/bench/matrix.sh"
	@sh tests/bench/matrix.sh $(BIN) $(BUILD)/bench_tui >/dev/null

# The fuzz target over the samples and tests/fuzz/corpus/ (whole, cut, flipped):
# under check-san this is the corpus replayed with ASan and UBSan.
check-fuzz-replay: $(BUILD)/tests/fuzz_replay
	@$(BUILD)/tests/fuzz_replay $(wildcard samples/*/*.txt samples/*/*.md samples/*/*.json \
		samples/*/*.csv tests/fuzz/corpus/*)

$(BUILD)/tests/fuzz_replay: tests/fuzz/replay.c tests/fuzz/fuzz_import.c $(LIB_OBJ) $(BUILD)/config.mk
	@mkdir -p $(@D)
	@echo "  CC      $@"
	$(Q)$(CC) -I. $(CPPFLAGS) $(PKG_CFLAGS) $(BD_CFLAGS) $(CFLAGS) $(LDFLAGS) -o $@ \
		tests/fuzz/replay.c tests/fuzz/fuzz_import.c $(LIB_OBJ) $(PKG_LIBS) $(LDLIBS)

check-layers:
	@sh tests/check-layers.sh
	@sh tests/check-include-cycles.sh

# util/util.c builds without glibc's <malloc.h> and Linux's huge pages
check-portable:
	@CC="$(CC)" sh tests/check-portable.sh

# the files of tui/ call each other in a tree (the objects' symbols: nm)
check-tree: $(filter $(BUILD)/tui/%,$(LIB_OBJ))
	@sh tests/check-tui-tree.sh $(BUILD)

check-unit: $(UNIT_RUNS)

$(UNIT_RUNS): run-unit/%: $(BUILD)/tests/%
	@echo "  UNIT    $<"
	@out=$$(cd tests/unit && $(TEST_ENV) $(abspath $<) 2>&1) || { echo "$$out"; exit 1; }

check-golden: $(GOLDEN_RUNS)

$(GOLDEN_RUNS): run-golden/%: $(BIN)
	@$(TEST_ENV) sh tests/golden/run.sh $*

# Numbers read and written the same under a comma-decimal locale: the
# import/export and compare goldens again under de_DE.UTF-8 (scripts/deps.sh
# test generates it), and tests/tui/t27-locale.sh for the screen.
check-locale: $(LOCALE_RUNS)

$(filter run-locale/%,$(LOCALE_RUNS)): run-locale/%: $(BIN)
	@out=$$($(TEST_ENV) TEST_LOCALE=de_DE.UTF-8 sh tests/golden/run.sh $* 2>&1) || \
		{ echo "  LOCALE  de_DE.UTF-8: $*"; echo "$$out"; exit 1; }

run-locale-compare: $(BIN)
	@echo "  LOCALE  de_DE.UTF-8: import/export and compare goldens"
	@out=$$($(TEST_ENV) TEST_LOCALE=de_DE.UTF-8 sh tests/cli/t71-compare-golden.sh 2>&1) || \
		{ echo "$$out"; exit 1; }

golden-update: $(BIN)
	@$(TEST_ENV) UPDATE=1 sh tests/golden/run.sh
	@$(TEST_ENV) UPDATE=1 sh tests/cli/t71-compare-golden.sh
	@$(TEST_ENV) UPDATE=1 sh tests/cli/t94-factors-golden.sh

$(REPLAY): tests/http/replay.c $(BUILD)/config.mk
	@mkdir -p $(@D)
	@echo "  CC      $<"
	$(Q)$(CC) $(CPPFLAGS) $(BD_CFLAGS) $(CFLAGS) $(LDFLAGS) -o $@ $<

check-cli: $(CLI_RUNS)

$(CLI_RUNS): run-cli/%: $(BIN) $(REPLAY)
	@echo "  CLI     tests/cli/$*.sh"
	@$(TEST_ENV) sh tests/cli/$*.sh

check-tui: $(TUI_RUNS)

$(TUI_RUNS): run-tui/%: $(BIN) $(REPLAY)
	@$(TEST_ENV) sh tests/tui/run.sh tests/tui/$*.sh

$(SLOW_RUNS): run-slow/%: $(BIN) $(REPLAY)
	@echo "  SLOW    tests/$*.sh"
	@$(TEST_ENV) BD_SLOW=1 sh tests/$*.sh

# the corpus of real threads: no case may fall below its floor (tests/corpus/FLOORS)
check-corpus: $(BIN)
	@echo "  CORPUS  tests/corpus"
	@$(TEST_ENV) sh tests/corpus/selftest.sh >/dev/null
	@out=$$($(TEST_ENV) CHECK=1 CORPUS_OUT=$(BUILD)/corpus sh tests/corpus/score.sh 2>&1) || { echo "$$out"; exit 1; }

corpus: $(BIN)
	@$(TEST_ENV) CORPUS_OUT=$(BUILD)/corpus sh tests/corpus/score.sh

corpus-update: $(BIN)
	@$(TEST_ENV) UPDATE=1 CORPUS_OUT=$(BUILD)/corpus sh tests/corpus/score.sh

# the METRICS section of benchdelta(1) is printed from the METRICS table
$(BUILD)/gen-metrics: man/gen-metrics.c $(LIB_OBJ) $(BUILD)/config.mk
	@echo "  CC      $<"
	$(Q)$(CC) -I. $(CPPFLAGS) $(PKG_CFLAGS) $(BD_CFLAGS) $(CFLAGS) $(LDFLAGS) -o $@ $< $(LIB_OBJ) \
		$(PKG_LIBS) $(LDLIBS)

man: $(BUILD)/gen-metrics
	@sh scripts/man-metrics.sh $(BUILD)/gen-metrics man/benchdelta.1

check-man: $(BUILD)/gen-metrics
	@echo "  MAN     man/benchdelta.1 man/benchdelta-store.5"
	@sh scripts/man-metrics.sh $(BUILD)/gen-metrics man/benchdelta.1 check
	@sh scripts/readme-formats.sh README.md
	@for m in man/benchdelta.1 man/benchdelta-store.5; do \
		out=$$(LC_ALL=C.UTF-8 groff -man -ww -z -Tutf8 $$m 2>&1); \
		if [ -n "$$out" ]; then echo "$$m: $$out"; exit 1; fi; \
	done

tests/%.sh: FORCE $(BIN) $(REPLAY)
	@$(TEST_ENV) sh $@
FORCE:

SAN_FLAGS := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer

check-san:
	@$(MAKE) --no-print-directory $(PARALLEL) BUILD=build-san BIN=build-san/benchdelta \
		CFLAGS="-O1 -g $(SAN_FLAGS)" LDFLAGS="$(SAN_FLAGS)" SAN_ENV=BD_SAN=1 check-memory

check-memory: check-cli check-unit check-tui check-corpus check-fuzz-replay
	@echo "memory tests passed ($(BIN))"

# ---- the rest ----

# every sample file its own import, so each thread or log is its own experiment
demo: $(BIN)
	@rm -rf $(BUILD)/demo-store
	@for f in samples/issues/* samples/*/*.txt samples/*/*.json; do \
		BENCHDELTA_STORE=$(BUILD)/demo-store $(BIN) import "$$f" >/dev/null 2>&1; \
	done; true
	@BENCHDELTA_STORE=$(BUILD)/demo-store $(BIN)

bench: $(BIN) $(BUILD)/bench_tui $(BUILD)/bench_catalog $(BUILD)/bench_cores
	@sh scripts/deps.sh bench
	@sh tests/bench/run.sh $(BIN) $(BUILD)/bench_catalog $(BUILD)/bench_cores
	@sh tests/bench/matrix.sh $(BIN) $(BUILD)/bench_tui

# the catalog's summaries of a whole store (tests/bench/bench_catalog.c)
$(BUILD)/bench_catalog: tests/bench/bench_catalog.c $(LIB_OBJ) $(BUILD)/config.mk
	@echo "  CC      $<"
	$(Q)$(CC) -I. $(CPPFLAGS) $(PKG_CFLAGS) $(BD_CFLAGS) $(CFLAGS) $(LDFLAGS) -o $@ $< $(LIB_OBJ) \
		$(PKG_LIBS) $(LDLIBS)

# whether two cores are free while the bench runs (tests/bench/bench_cores.c)
$(BUILD)/bench_cores: tests/bench/bench_cores.c $(BUILD)/config.mk
	@echo "  CC      $<"
	$(Q)$(CC) $(CPPFLAGS) $(BD_CFLAGS) $(CFLAGS) $(LDFLAGS) -o $@ $<

# the Matrix's open and redraw times (tests/bench/bench_tui.c)
$(BUILD)/bench_tui: tests/bench/bench_tui.c $(LIB_OBJ) $(BUILD)/config.mk
	@echo "  CC      $<"
	$(Q)$(CC) -I. $(CPPFLAGS) $(PKG_CFLAGS) $(BD_CFLAGS) $(CFLAGS) $(LDFLAGS) -o $@ $< $(LIB_OBJ) \
		$(PKG_LIBS) $(LDLIBS)

samples:
	@sh scripts/deps.sh samples
	@TOOLS="$(TOOLS)" sh scripts/make-samples.sh

# shell completions, where bash-completion, zsh and fish look for them
BASHCOMPDIR ?= $(PREFIX)/share/bash-completion/completions
ZSHCOMPDIR  ?= $(PREFIX)/share/zsh/site-functions
FISHCOMPDIR ?= $(PREFIX)/share/fish/vendor_completions.d

install: $(BIN)
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(MANDIR)/man1 $(DESTDIR)$(MANDIR)/man5 \
		$(DESTDIR)$(BASHCOMPDIR) $(DESTDIR)$(ZSHCOMPDIR) $(DESTDIR)$(FISHCOMPDIR)
	install -m 0755 $(BIN) $(DESTDIR)$(BINDIR)/benchdelta
	install -m 0644 man/benchdelta.1 $(DESTDIR)$(MANDIR)/man1/benchdelta.1
	install -m 0644 man/benchdelta-store.5 $(DESTDIR)$(MANDIR)/man5/benchdelta-store.5
	install -m 0644 completions/benchdelta.bash $(DESTDIR)$(BASHCOMPDIR)/benchdelta
	install -m 0644 completions/_benchdelta $(DESTDIR)$(ZSHCOMPDIR)/_benchdelta
	install -m 0644 completions/benchdelta.fish $(DESTDIR)$(FISHCOMPDIR)/benchdelta.fish

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/benchdelta $(DESTDIR)$(MANDIR)/man1/benchdelta.1 \
		$(DESTDIR)$(MANDIR)/man5/benchdelta-store.5 $(DESTDIR)$(BASHCOMPDIR)/benchdelta \
		$(DESTDIR)$(ZSHCOMPDIR)/_benchdelta $(DESTDIR)$(FISHCOMPDIR)/benchdelta.fish

clean:
	rm -rf build build-san benchdelta

# ---- fuzzing (clang + libFuzzer; not part of check) ----
FUZZ_SECONDS ?= 60
FUZZ_FLAGS := -g -O1 -fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=all

fuzz:
	@$(MAKE) --no-print-directory BUILD=build-fuzz CC=clang CFLAGS="$(FUZZ_FLAGS)" \
		build-fuzz/fuzz_import
	@mkdir -p build-fuzz/corpus
	@cp samples/*/*.txt samples/*/*.md samples/*/*.json build-fuzz/corpus/ 2>/dev/null; true
	build-fuzz/fuzz_import -max_total_time=$(FUZZ_SECONDS) -max_len=65536 \
		-rss_limit_mb=2048 build-fuzz/corpus

build-fuzz/fuzz_import: tests/fuzz/fuzz_import.c $(LIB_OBJ)
	$(Q)$(CC) -I. $(PKG_CFLAGS) $(BD_CFLAGS) $(CFLAGS) -fsanitize=fuzzer -o $@ $< $(LIB_OBJ) \
		$(PKG_LIBS)
