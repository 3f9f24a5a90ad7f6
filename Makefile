# mmsim: see README.md.  `make run` runs the main job, `make check` the tests.
# Sources are discovered by wildcard: a new .c file under src/ joins the
# library (a new src/workload/NAME.c is a new program: nothing else to
# edit), a new tests/test_*.c file becomes a test program.

MODE ?= release
BUILD := build/$(MODE)
# Both stages of a profile-guided build compile into one tree: gcc names
# a static function's profile after the object it is compiled into.
ifeq ($(MODE),pgo-gen)
BUILD := build/pgo
endif

CC ?= cc
CSTD := -std=gnu11
WARN := -Wall -Wextra -Werror -Wno-unused-parameter
CPPFLAGS += -D_GNU_SOURCE -Isrc -iquote src/kernel/include
LDLIBS += -linih -ljansson -lz -lm
# trace.dat reading (src/trace/tracedat.c) through libtracecmd.  Debian
# 12's libtracecmd.pc requires libtracefs and libtraceevent: without their
# -dev packages pkg-config does not find libtracecmd even when
# libtracecmd-dev is installed (scripts/deps.sh installs all three).  A
# build without it says so here and in `mmsim --version`.  Writing
# trace.dat (src/report/tracedat_write.c) needs no library.
ifeq ($(shell pkg-config --exists libtracecmd 2>/dev/null && echo y),y)
CPPFLAGS += -DHAVE_LIBTRACECMD $(shell pkg-config --cflags libtracecmd)
CPPFLAGS += -DLIBTRACECMD_VERSION='"$(shell pkg-config --modversion libtracecmd)"'
LDLIBS += $(shell pkg-config --libs libtracecmd)
# Not said by a target that installs the dependencies first and then
# builds in a make of its own (run, test, check, ...): that make says it,
# if it is still true once they are installed.
else ifeq ($(filter clean deps run check check-slow test asan validate bench \
	bench-scale valgrind valgrind-quick pgo fuzz fuzz-ci,$(MAKECMDGOALS)),)
$(warning ***************************************************************)
$(warning *** trace.dat READING IS NOT BUILT: pkg-config says:)
$(warning *** $(shell pkg-config --print-errors --exists libtracecmd 2>&1 | head -1))
$(warning *** install libtracecmd-dev libtracefs-dev libtraceevent-dev)
$(warning *** (scripts/deps.sh, or make deps) and build again)
$(warning ***************************************************************)
endif

ifeq ($(MODE),fuzz)
# libFuzzer targets (make fuzz): clang, instrumented library; warnings stay
# visible but do not stop the build, since gcc is the -Werror compiler.
CC := clang
CFLAGS := -O1 -g -fno-omit-frame-pointer -fsanitize=fuzzer-no-link,address,undefined \
	-fno-sanitize-recover=all
WARN := -Wall -Wextra -Wno-unused-parameter
CPPFLAGS += -DMMSIM_ASAN=1 -DMMSIM_FUZZ=1
else ifeq ($(MODE),asan)
CFLAGS ?= -O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined \
	-fno-sanitize-recover=all
LDFLAGS += -fsanitize=address,undefined
CPPFLAGS += -DMMSIM_ASAN=1
else ifeq ($(MODE),debug)
CFLAGS ?= -O0 -g
else
# Profile-guided optimisation (`make pgo`): MODE=pgo-gen builds an
# instrumented mmsim, which scripts/pgo-train.sh runs on the default
# reproduction; MODE=pgo builds the release mmsim again from the same
# sources with the branch and call counts that run measured
# (build/pgo/mmsim; the simulation is the same, only its speed differs:
# bench/RESULTS.md).  Functions the training did not reach are optimised
# as in release (-fprofile-partial-training), and files it never entered
# (most of the command line) have no profile, which is no error.
ifeq ($(MODE),pgo-gen)
CFLAGS ?= -O2 -g -fprofile-generate -fprofile-update=single
LDFLAGS += -fprofile-generate
else ifeq ($(MODE),pgo)
CFLAGS ?= -O2 -g -fprofile-use -fprofile-partial-training -Wno-missing-profile
else
CFLAGS ?= -O2 -g
endif
# Link-time optimisation of the release mmsim: the simulator's hot paths
# cross files everywhere (the page allocator, slab, block layer and the
# engine call each other millions of times a run), and inlining across
# them makes the default run about 10% faster, for a full build a third
# longer (23 s on 2 cores) and a link of some 8 s after each change.  The
# objects are fat, so that the test programs link without it (below);
# `make LTO=` builds without it.
LTO ?= -flto=auto
ifneq ($(LTO),)
LTO_CFLAGS := $(LTO) -ffat-lto-objects
# The archive's index must name the symbols of LTO objects too.
AR := gcc-ar
endif
endif
ALL_CFLAGS = $(CSTD) $(WARN) $(CFLAGS) $(LTO_CFLAGS) -MMD -MP

# Every .c below src/ but the command line's, at any depth (src/kernel/ has
# the kernel's own tree: mm/, block/, fs/, drivers/md/, ...).
LIB_SRCS := $(sort $(shell find src -name '*.c' -not -path 'src/cli/*'))
CLI_SRCS := $(sort $(wildcard src/cli/*.c))
TEST_SRCS := $(sort $(wildcard tests/test_*.c))
TEST_HELPERS := $(filter-out tests/test_%,$(wildcard tests/*.c))
BENCH_SRCS := $(sort $(wildcard bench/*.c))
FUZZ_SRCS := $(sort $(wildcard tests/fuzz/fuzz_*.c))

LIB_OBJS := $(LIB_SRCS:%.c=$(BUILD)/%.o)
CLI_OBJS := $(CLI_SRCS:%.c=$(BUILD)/%.o)
# The commands without main() (src/cli/mmsim.c): for the programs with
# their own, the command-line fuzzer and tests/test_options.c.
CLI_CMD_OBJS := $(filter-out $(BUILD)/src/cli/mmsim.o,$(CLI_OBJS))
TEST_HELPER_OBJS := $(TEST_HELPERS:%.c=$(BUILD)/%.o)
TEST_BINS := $(TEST_SRCS:%.c=$(BUILD)/%)
BENCH_BINS := $(BENCH_SRCS:%.c=$(BUILD)/%)
FUZZ_BINS := $(FUZZ_SRCS:%.c=$(BUILD)/%)

LIB := $(BUILD)/libmmsim.a
MMSIM := $(BUILD)/mmsim
# The library is linked whole: workload programs (src/workload/*.c) and
# measures register themselves in linker sections (WORKLOAD_REGISTER,
# MEASURE_REGISTER) that nothing else refers to, so the linker would leave
# their objects out of a plain archive link.
LINK_LIB := -Wl,--whole-archive $(LIB) -Wl,--no-whole-archive

.PHONY: all run check check-slow test asan bench bench-scale bisect-doc clean deps fuzz fuzz-ci fuzz-run golden pgo readme validate valgrind valgrind-quick install uninstall man FORCE
all: $(MMSIM) $(LIB) mmsim

mmsim: $(MMSIM)
	@if [ "$(MODE)" = release ]; then ln -sf $(MMSIM) mmsim; fi

# The archive is rebuilt when its list of objects changes (a source file
# added or removed), not only when an object does.
LIB_LIST := $(BUILD)/libmmsim.objects
$(LIB_LIST): FORCE
	@mkdir -p $(BUILD)
	@echo '$(LIB_OBJS)' | cmp -s - $@ || echo '$(LIB_OBJS)' > $@

$(LIB): $(LIB_OBJS) $(LIB_LIST)
	@rm -f $@
	$(AR) rcs $@ $(LIB_OBJS)

# With LTO the compiler runs again when mmsim and the bench programs are
# linked: its warnings are errors there as they are at compile time.  The
# test programs link the fat objects' ordinary code: a whole-program pass
# for each would cost seconds apiece.
LTO_LINK := $(if $(LTO_CFLAGS),$(CSTD) $(WARN) $(CFLAGS) $(LTO))
NO_LTO := $(if $(LTO_CFLAGS),-fno-lto)

$(MMSIM): $(CLI_OBJS) $(LIB)
	$(CC) $(LDFLAGS) $(LTO_LINK) -o $@ $(CLI_OBJS) $(LINK_LIB) $(LDLIBS)

# Objects are rebuilt when the flags change (libtracecmd found or lost).
FLAGS_STAMP := $(BUILD)/flags
$(FLAGS_STAMP): FORCE
	@mkdir -p $(BUILD)
	@echo '$(CPPFLAGS) $(ALL_CFLAGS)' | cmp -s - $@ || echo '$(CPPFLAGS) $(ALL_CFLAGS)' > $@

$(BUILD)/%.o: %.c $(FLAGS_STAMP)
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(ALL_CFLAGS) -c -o $@ $<

# The scenario files built into mmsim with .incbin (src/scenario/shipped.c):
# the compiler's dependency list does not name them.
$(BUILD)/src/scenario/shipped.o: $(wildcard scenarios/*.ini)

$(BUILD)/tests/test_%: $(BUILD)/tests/test_%.o $(TEST_HELPER_OBJS) $(LIB)
	$(CC) $(LDFLAGS) $(NO_LTO) -o $@ $< $(TEST_HELPER_OBJS) $(LINK_LIB) $(LDLIBS) -lcmocka

# The option tables' test calls the commands in-process.
$(BUILD)/tests/test_options: $(BUILD)/tests/test_options.o $(TEST_HELPER_OBJS) $(CLI_CMD_OBJS) $(LIB)
	$(CC) $(LDFLAGS) $(NO_LTO) -o $@ $< $(TEST_HELPER_OBJS) $(CLI_CMD_OBJS) $(LINK_LIB) $(LDLIBS) -lcmocka

$(BUILD)/bench/%: $(BUILD)/bench/%.o $(LIB)
	$(CC) $(LDFLAGS) $(LTO_LINK) -o $@ $< $(LINK_LIB) $(LDLIBS)

$(BUILD)/tests/fuzz/fuzz_%: $(BUILD)/tests/fuzz/fuzz_%.o $(LIB)
	$(CC) -fsanitize=fuzzer,address,undefined -o $@ $< $(LINK_LIB) $(LDLIBS)

# The command-line target runs cli_main(): the commands too, without
# mmsim's main().
$(BUILD)/tests/fuzz/fuzz_cli: $(BUILD)/tests/fuzz/fuzz_cli.o $(CLI_CMD_OBJS) $(LIB)
	$(CC) -fsanitize=fuzzer,address,undefined -o $@ $< $(CLI_CMD_OBJS) $(LINK_LIB) $(LDLIBS)

deps:
	@scripts/deps.sh

# make install [PREFIX=/usr/local] [DESTDIR=]: the binary, mmsim(1)
# generated from its --help texts (scripts/mkman.sh), the scenarios (which
# `--scenario NAME` and `mmsim run NAME` find) and the docs.
PREFIX ?= /usr/local
BINDIR = $(PREFIX)/bin
DATADIR = $(PREFIX)/share/mmsim
MANDIR = $(PREFIX)/share/man/man1
DOCDIR = $(PREFIX)/share/doc/mmsim
MAN := $(BUILD)/mmsim.1
# The installed scenarios' directory, compiled into scenario_load.c only
# (a PREFIX of its own does not rebuild everything).
DATADIR_STAMP := $(BUILD)/datadir
$(DATADIR_STAMP): FORCE
	@mkdir -p $(BUILD)
	@echo '$(DATADIR)' | cmp -s - $@ || echo '$(DATADIR)' > $@
$(BUILD)/src/experiment/scenario_load.o: $(DATADIR_STAMP)
$(BUILD)/src/experiment/scenario_load.o: CPPFLAGS += -DMMSIM_DATADIR='"$(DATADIR)"'

$(MAN): $(MMSIM) scripts/mkman.sh
	scripts/mkman.sh $(MMSIM) > $@.tmp && mv $@.tmp $@

man: $(MAN)

install: all $(MAN)
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(MANDIR) \
		$(DESTDIR)$(DATADIR)/scenarios $(DESTDIR)$(DOCDIR)/schema
	install -m 755 $(MMSIM) $(DESTDIR)$(BINDIR)/mmsim
	install -m 644 $(MAN) $(DESTDIR)$(MANDIR)/mmsim.1
	install -m 644 scenarios/*.ini $(DESTDIR)$(DATADIR)/scenarios/
	install -m 644 README.md docs/*.md $(DESTDIR)$(DOCDIR)/
	install -m 644 docs/schema/*.json docs/schema/README.md $(DESTDIR)$(DOCDIR)/schema/

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/mmsim $(DESTDIR)$(MANDIR)/mmsim.1
	rm -rf $(DESTDIR)$(DATADIR) $(DESTDIR)$(DOCDIR)

# The main job.
run: deps
	@$(MAKE) --no-print-directory all
	./mmsim compare --out mmsim-report --force

# The golden run's copy (tests/data/golden/, checked by test_golden):
# written anew after a change meant to alter runs; review its diff.
golden: all
	rm -rf tests/data/golden
	scripts/golden.sh $(CURDIR)/$(BUILD)/mmsim $(CURDIR)/tests/data/golden

# README.md's sample outputs written anew from what mmsim prints
# (scripts/readme.sh; tests/test_readme.c checks them in make test).
readme: all
	scripts/readme.sh $(BUILD)/mmsim

# The full validation against the public record (docs/validation.md): every
# data set (RECORD=cover,20nov for some), SEEDS seeds per condition; SEEDS=3
# for a quick look.
# Each claim is judged again at every point of the shipped calibration's
# ensemble (docs/calibration/shipped-record.json, when it has one) at
# ENSEMBLE_SEEDS seeds; ENSEMBLE= skips that.
SEEDS ?= 10
RECORD ?= all
ENSEMBLE ?= $(if $(shell grep -l '"ensemble"' docs/calibration/shipped-record.json 2>/dev/null),docs/calibration/shipped-record.json)
ENSEMBLE_SEEDS ?= 3
validate: deps
	@$(MAKE) --no-print-directory all
	./mmsim validate --record $(RECORD) --seeds $(SEEDS) -j 2 --out docs/validation.md \
		$(if $(ENSEMBLE),--ensemble $(ENSEMBLE) --ensemble-seeds $(ENSEMBLE_SEEDS)) \
		--command "make validate SEEDS=$(SEEDS)$(if $(filter-out all,$(RECORD)), RECORD=$(RECORD))$(if $(ENSEMBLE),$(if $(filter-out 3,$(ENSEMBLE_SEEDS)), ENSEMBLE_SEEDS=$(ENSEMBLE_SEEDS)), ENSEMBLE=)" \
		--date "$$(date -u '+%Y-%m-%d %H:%M UTC')" \
		--commit "$$(git rev-parse --short HEAD 2>/dev/null || echo unknown)$$(git diff --quiet HEAD -- src 2>/dev/null || echo ' (with uncommitted changes to src/)')"

# docs/bisect.md: mmsim bisect of 2.6.30 against 2.6.32-rc6 on both machines,
# for elapsed time and failures, SEEDS seeds, or SEEDS_X86_64 and SEEDS_X86
# per machine (scripts/bisect-doc.sh; runs kept in build/bisect-doc/).
bisect-doc: deps
	@$(MAKE) --no-print-directory all
	SEEDS=$(SEEDS) $(if $(SEEDS_X86_64),SEEDS_X86_64=$(SEEDS_X86_64)) \
		$(if $(SEEDS_X86),SEEDS_X86=$(SEEDS_X86)) scripts/bisect-doc.sh ./mmsim

# `make check` is the edit-compile-test loop (under 20 s on 2 cores): the
# unit and machine tests and the layering check.  The integration tests
# that run whole default runs, compares, reports, calibrations, browsers
# and installs, several seconds each, are `make check-slow`; `make test`
# (the README's test command, and CI's) runs both in one parallel pass.
SLOW_TEST_NAMES := run examples outputs tracedat_write calibrate progress html bisect \
	validation install tracedat_damage peer_scripts readme
# blkparse and btt on a 30 s default run's block trace, three runs.
SLOW_TEST_NAMES += blktrace_tools
SLOW_TEST_BINS := $(SLOW_TEST_NAMES:%=$(BUILD)/tests/test_%)
FAST_TEST_BINS := $(filter-out $(SLOW_TEST_BINS),$(TEST_BINS))

check: deps
	@scripts/optional-deps.sh
	@scripts/check-layers.sh
	@$(MAKE) --no-print-directory all $(FAST_TEST_BINS)
	@scripts/run-tests.sh $(BUILD) $(FAST_TEST_BINS)

check-slow: deps
	@scripts/optional-deps.sh
	@$(MAKE) --no-print-directory all $(SLOW_TEST_BINS)
	@scripts/run-tests.sh $(BUILD) $(SLOW_TEST_BINS)

test: deps
	@scripts/optional-deps.sh
	@scripts/check-layers.sh
	@$(MAKE) --no-print-directory all $(TEST_BINS)
	@scripts/run-tests.sh $(BUILD) $(SLOW_TEST_BINS) $(FAST_TEST_BINS)

# The whole test suite under AddressSanitizer and UndefinedBehaviorSanitizer.
asan: deps
	@$(MAKE) --no-print-directory MODE=asan test

# The test suite and the default run cut at 60 s (I/O in flight) under
# valgrind's memcheck: any error or leak fails (the engine registers its
# task stacks with valgrind).  Takes minutes, so it is not part of .ci/run;
# logs in $(BUILD)/valgrind/.
VALGRIND = valgrind --error-exitcode=1 --leak-check=full --track-origins=yes \
	--suppressions=tests/valgrind.supp
valgrind: deps
	@$(MAKE) --no-print-directory all $(TEST_BINS)
	@mkdir -p $(BUILD)/valgrind
	@set -e; for t in $(TEST_BINS) run; do \
		log=$(BUILD)/valgrind/$${t##*/}.log; \
		echo "valgrind: $${t##*/}"; \
		if [ $$t = run ]; then cmd="$(MMSIM) run --time 60s"; else cmd=$$t; fi; \
		$(VALGRIND) --log-file=$$log $$cmd >/dev/null 2>&1 || \
			{ grep -v '^==[0-9]*== *$$' $$log | tail -40; \
			  echo "valgrind: $${t##*/} failed, see $$log"; exit 1; }; \
	done; echo "valgrind: no errors, no leaks"

# The short form .ci/run uses (about two minutes): whole default runs on both
# arches, the x86-64 one with --explain, under the same memcheck settings
# minus --track-origins.
VALGRIND_QUICK = valgrind -q --error-exitcode=1 --leak-check=full \
	--suppressions=tests/valgrind.supp
valgrind-quick: deps
	@$(MAKE) --no-print-directory all
	@set -e; for a in "--explain" "--arch x86"; do \
		echo "valgrind: mmsim run $$a"; \
		$(VALGRIND_QUICK) $(MMSIM) run $$a >/dev/null; \
	done; echo "valgrind: default runs have no errors and no leaks"

bench: deps
	@$(MAKE) --no-print-directory all $(BENCH_BINS)
	@scripts/bench.sh $(BUILD)

# The profile-guided mmsim, build/pgo/mmsim: an instrumented build, its
# training run (scripts/pgo-train.sh, some 15 s) and the optimised build,
# every time from scratch (the flags differ, so every object is compiled
# twice: about two minutes on 2 cores).  `make bench MODE=pgo` times it.
pgo: deps
	@$(MAKE) --no-print-directory MODE=pgo-gen build/pgo/mmsim
	@scripts/pgo-train.sh build/pgo
	@$(MAKE) --no-print-directory MODE=pgo build/pgo/mmsim

# The reproduction scaled to 512M, 2G, 8G and 64G (bench/scale/): minutes,
# and about 1 GB of host memory for the 64G run.  SCALE_SIZES="512M 2G".
bench-scale: deps
	@$(MAKE) --no-print-directory all
	@scripts/bench-scale.sh $(BUILD)

# Each tests/fuzz/fuzz_NAME.c runs for FUZZ_TIME seconds from the seed corpus
# tests/fuzz/corpus/NAME/ (read only); what it finds goes to build/fuzz/
# (corpus/NAME, artifacts/NAME-crash-*; absolute paths, as fuzz_cli works
# in a directory of its own).  FUZZ=NAME runs one target.  Every
# target runs even after another fails; the status says whether any did.
FUZZ_TIME ?= 30
FUZZ ?= $(patsubst tests/fuzz/fuzz_%.c,%,$(FUZZ_SRCS))
fuzz: deps
	@$(MAKE) --no-print-directory MODE=fuzz fuzz-run

# For CI: every target for FUZZ_SECONDS (default 10) seconds, without
# installing anything (CI ran scripts/deps.sh).  Without clang, or with a
# clang that cannot link libFuzzer, it says so and succeeds: the fuzzers
# are optional, the rest of CI is not.  About 2 minutes with the build.
FUZZ_SECONDS ?= 10
fuzz-ci:
	@if ! command -v clang >/dev/null 2>&1; then \
		echo "*** fuzz-ci: SKIPPED: clang is not installed (apt-get install clang);"; \
		echo "*** no fuzz target ran"; \
		exit 0; \
	fi; \
	tmp=$$(mktemp -d) && \
	printf 'int LLVMFuzzerTestOneInput(const char *d, unsigned long n) { return 0; }\n' > $$tmp/t.c && \
	if ! clang -fsanitize=fuzzer,address,undefined -o $$tmp/t $$tmp/t.c >/dev/null 2>&1; then \
		rm -rf $$tmp; \
		echo "*** fuzz-ci: SKIPPED: clang cannot link libFuzzer with ASan and UBSan"; \
		echo "*** (-fsanitize=fuzzer,address,undefined); no fuzz target ran"; \
		exit 0; \
	fi; \
	rm -rf $$tmp; \
	$(MAKE) --no-print-directory MODE=fuzz FUZZ_TIME=$(FUZZ_SECONDS) fuzz-run

fuzz-run: $(FUZZ_BINS)
	@failed=""; for name in $(FUZZ); do \
		t=$(BUILD)/tests/fuzz/fuzz_$$name; \
		mkdir -p $(BUILD)/corpus/$$name $(BUILD)/artifacts; \
		echo "fuzz: $$name for $(FUZZ_TIME)s"; \
		LSAN_OPTIONS=suppressions=$(CURDIR)/tests/fuzz/lsan.supp$${LSAN_OPTIONS:+:$$LSAN_OPTIONS} \
		$$t -max_total_time=$(FUZZ_TIME) -timeout=10 -rss_limit_mb=2048 \
			-print_final_stats=1 -artifact_prefix=$(CURDIR)/$(BUILD)/artifacts/$$name- \
			$$( [ -f tests/fuzz/$$name.dict ] && echo -dict=tests/fuzz/$$name.dict ) \
			$(CURDIR)/$(BUILD)/corpus/$$name $(CURDIR)/tests/fuzz/corpus/$$name || failed="$$failed $$name"; \
	done; \
	if [ -n "$$failed" ]; then echo "fuzz: failed:$$failed (see $(BUILD)/artifacts)"; exit 1; fi; \
	echo "fuzz: every target ran $(FUZZ_TIME)s without a finding"

clean:
	rm -rf build mmsim

FORCE:

-include $(LIB_OBJS:.o=.d) $(CLI_OBJS:.o=.d) $(TEST_BINS:=.d) $(TEST_HELPER_OBJS:.o=.d) $(BENCH_BINS:=.d) $(FUZZ_BINS:=.d)
