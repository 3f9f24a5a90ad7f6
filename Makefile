# mmsim: see README.md.  `make run` runs the main job, `make check` the tests.
# Sources are discovered by wildcard: a new .c file under src/ joins the
# library, a new tests/test_*.c file becomes a test program.

MODE ?= release
BUILD := build/$(MODE)

CC ?= cc
CSTD := -std=gnu11
WARN := -Wall -Wextra -Werror -Wno-unused-parameter
CPPFLAGS += -D_GNU_SOURCE -Isrc
LDLIBS += -linih -ljansson -lm

ifeq ($(MODE),asan)
CFLAGS ?= -O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined \
	-fno-sanitize-recover=all
LDFLAGS += -fsanitize=address,undefined
CPPFLAGS += -DMMSIM_ASAN=1
else ifeq ($(MODE),debug)
CFLAGS ?= -O0 -g
else
CFLAGS ?= -O2 -g
endif
ALL_CFLAGS = $(CSTD) $(WARN) $(CFLAGS) -MMD -MP

LIB_SRCS := $(sort $(wildcard src/sim/*.c src/kernel/*.c src/workload/*.c src/experiment/*.c \
	src/scenario/*.c src/report/*.c))
CLI_SRCS := $(sort $(wildcard src/cli/*.c))
TEST_SRCS := $(sort $(wildcard tests/test_*.c))
TEST_HELPERS := $(filter-out tests/test_%,$(wildcard tests/*.c))
BENCH_SRCS := $(sort $(wildcard bench/*.c))

LIB_OBJS := $(LIB_SRCS:%.c=$(BUILD)/%.o)
CLI_OBJS := $(CLI_SRCS:%.c=$(BUILD)/%.o)
TEST_HELPER_OBJS := $(TEST_HELPERS:%.c=$(BUILD)/%.o)
TEST_BINS := $(TEST_SRCS:%.c=$(BUILD)/%)
BENCH_BINS := $(BENCH_SRCS:%.c=$(BUILD)/%)

LIB := $(BUILD)/libmmsim.a
MMSIM := $(BUILD)/mmsim

.PHONY: all run check test asan bench clean deps fuzz validate
all: $(MMSIM) $(LIB) mmsim

mmsim: $(MMSIM)
	@if [ "$(MODE)" = release ]; then ln -sf $(MMSIM) mmsim; fi

$(LIB): $(LIB_OBJS)
	@rm -f $@
	$(AR) rcs $@ $^

$(MMSIM): $(CLI_OBJS) $(LIB)
	$(CC) $(LDFLAGS) -o $@ $(CLI_OBJS) $(LIB) $(LDLIBS)

$(BUILD)/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(ALL_CFLAGS) -c -o $@ $<

$(BUILD)/tests/test_%: $(BUILD)/tests/test_%.o $(TEST_HELPER_OBJS) $(LIB)
	$(CC) $(LDFLAGS) -o $@ $< $(TEST_HELPER_OBJS) $(LIB) $(LDLIBS) -lcmocka

$(BUILD)/bench/%: $(BUILD)/bench/%.o $(LIB)
	$(CC) $(LDFLAGS) -o $@ $< $(LIB) $(LDLIBS)

deps:
	@scripts/deps.sh

# The main job.
run: deps
	@$(MAKE) --no-print-directory all
	./mmsim show zoneinfo

check: deps
	@$(MAKE) --no-print-directory all $(TEST_BINS)
	@scripts/run-tests.sh $(BUILD) $(TEST_BINS)

test: check

# The whole test suite under AddressSanitizer and UndefinedBehaviorSanitizer.
asan: deps
	@$(MAKE) --no-print-directory MODE=asan check

bench: deps
	@$(MAKE) --no-print-directory all $(BENCH_BINS)
	@scripts/bench.sh $(BUILD)

clean:
	rm -rf build mmsim

-include $(LIB_OBJS:.o=.d) $(CLI_OBJS:.o=.d) $(TEST_BINS:=.d) $(TEST_HELPER_OBJS:.o=.d) $(BENCH_BINS:=.d)
