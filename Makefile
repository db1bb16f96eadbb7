# nstools: GNU make.  ./configure writes config.mk; this file finds the
# sources by wildcard, so a new provider, tool, helper, unit test or man
# page needs no edit here.
#
#   lib/SUBJECT/*.c   -> build/libns.a (each folder on the include path)
#   cmd/TOOL.c        -> build/TOOL
#   tests/helpers/X.c -> build/helpers/X
#   tests/unit/X.c    -> build/unit/X (a TAP program, run by make check)
#   bench/X.c         -> build/bench/X (a load generator, for make bench)
#   tests/fuzz/X.c    -> build/fuzz/X (a libFuzzer target, for make fuzz)
#   man/X.[1-8]       -> $(MANDIR)/man[1-8]/X.[1-8]
#
# make dist writes the release tarball nstools-VERSION.tar.gz, make
# distcheck proves it builds, passes and installs, and make installcheck
# runs the suites against the tools installed in BINDIR.
#
# Objects live under build/obj/, beside their .d dependency files.
# make V=1 shows the full compiler command lines.  B=DIR builds in DIR
# instead of build/ (CI's sanitizer build is make B=build-asan).

# clean, distclean and lint work without config.mk; the rest needs it.
ifneq ($(wildcard config.mk),)
include config.mk
else ifneq ($(filter-out clean distclean lint,$(or $(MAKECMDGOALS),all)),)
$(error config.mk is missing: run ./configure first)
endif

# Make's built-in rules would only race the ones below.
MAKEFLAGS += --no-builtin-rules
.SUFFIXES:
# A half-written target must not pass for a built one next time.
.DELETE_ON_ERROR:

B = build
# bash-completion loads a command's completion from here, by its name.
BASHCOMPDIR = $(PREFIX)/share/bash-completion/completions

LIB_SRCS = $(sort $(wildcard lib/*/*.c))
# lib/'s folders by subject, each on the include path: a file includes
# "fd.h", not "../fd/fd.h", and a header may move between folders.
LIB_DIRS = $(sort $(patsubst %/,%,$(dir $(wildcard lib/*/*.[ch]))))
CMD_SRCS = $(sort $(wildcard cmd/*.c))
HELPER_SRCS = $(sort $(wildcard tests/helpers/*.c))
UNIT_SRCS = $(sort $(wildcard tests/unit/*.c))
BENCH_SRCS = $(sort $(wildcard bench/*.c))
MANS = $(sort $(wildcard man/*.[1-8]))
SUITES = $(sort $(wildcard tests/*.bats))

LIB_OBJS = $(LIB_SRCS:%.c=$(B)/obj/%.o)
LIB = $(B)/libns.a
TOOLS = $(CMD_SRCS:cmd/%.c=$(B)/%)
HELPERS = $(HELPER_SRCS:tests/helpers/%.c=$(B)/helpers/%)
UNITS = $(UNIT_SRCS:tests/unit/%.c=$(B)/unit/%)
BENCHES = $(BENCH_SRCS:bench/%.c=$(B)/bench/%)
OBJS = $(LIB_OBJS) $(CMD_SRCS:%.c=$(B)/obj/%.o) \
	$(HELPER_SRCS:%.c=$(B)/obj/%.o) $(UNIT_SRCS:%.c=$(B)/obj/%.o) \
	$(BENCH_SRCS:%.c=$(B)/obj/%.o)

# The tools are for Linux and use its interfaces (vasprintf, O_PATH, setns),
# so _GNU_SOURCE holds everywhere.  It is defined empty, as a file's own
# "#define _GNU_SOURCE" does, so that one is a harmless redefinition.
# These flags stay out of CFLAGS, so that make CFLAGS=... keeps them.
ALL_CPPFLAGS = -D_GNU_SOURCE= $(LIB_DIRS:%=-I%) -I$(B)/gen $(CPPFLAGS)
DEPFLAGS = -MMD -MP

ifeq ($(V),1)
Q =
msg = @:
else
Q = @
msg = @printf '  %-7s %s\n'
endif

.PHONY: all check check-unit installcheck bench install uninstall clean distclean \
	lint dist distcheck FORCE

# The helpers and unit tests too: make check then only runs them, and a
# make -j builds them with the rest.
all: $(LIB) $(TOOLS) $(HELPERS) $(UNITS)

# Every object depends on config.mk: reconfiguring (say, with
# --enable-sanitize) must rebuild them all.
$(B)/obj/%.o: %.c config.mk
	$(msg) CC $@
	@mkdir -p $(@D)
	$(Q)$(CC) $(ALL_CPPFLAGS) $(CFLAGS) $(DEPFLAGS) -c -o $@ $<

# The version, from build-aux/version on every run of make; the header
# is rewritten only when it changes, so that lib/core/version.c alone is
# rebuilt then, and nothing otherwise.
VERSION := $(shell sh build-aux/version)

$(B)/gen/version.h: FORCE
	@mkdir -p $(@D)
	@printf '#define NSTOOLS_VERSION "%s"\n' '$(VERSION)' >$@.tmp
	@if cmp -s $@.tmp $@; then rm -f $@.tmp; else mv -f $@.tmp $@; fi

$(B)/obj/lib/core/version.o $(B)/fuzz/obj/lib/core/version.o: $(B)/gen/version.h

# The sandbox's seccomp filters, compiled by libseccomp once, here: the
# tools load the BPF it wrote and do not link libseccomp (see
# build-aux/sandbox-filter.c).
$(B)/gen/sandbox-filter: build-aux/sandbox-filter.c lib/core/ns.h config.mk
	$(msg) LD $@
	@mkdir -p $(@D)
	$(Q)$(CC) $(ALL_CPPFLAGS) $(SECCOMP_CPPFLAGS) $(CFLAGS) $(LDFLAGS) \
	    -o $@ $< $(or $(SECCOMP_LIBS),$(error config.mk predates \
	    SECCOMP_LIBS: run ./configure again))

$(B)/gen/sandbox-filter.h: $(B)/gen/sandbox-filter
	$(msg) GEN $@
	$(Q)$< >$@

$(B)/obj/lib/core/sandbox.o $(B)/fuzz/obj/lib/core/sandbox.o: $(B)/gen/sandbox-filter.h

# The libraries the tools load when first called (lib/core/lazy.c): the table
# of their functions, and a macro for each that calls through it.
$(B)/gen/lazy.h: lib/core/lazy.list build-aux/lazy.awk
	$(msg) GEN $@
	@mkdir -p $(@D)
	$(Q)awk -f build-aux/lazy.awk lib/core/lazy.list >$@.tmp && mv -f $@.tmp $@

# Before the first build the objects' .d files do not name it yet.
$(LIB_OBJS): | $(B)/gen/lazy.h

$(LIB): $(LIB_OBJS)
	$(msg) AR $@
	@mkdir -p $(@D)
	@rm -f $@
	$(Q)$(AR) rcs $@ $(LIB_OBJS)

# The whole library: a provider registers itself (NS_PROVIDER), and no
# call from elsewhere would pull its file out of the archive.
WHOLE_LIB = -Wl,--whole-archive $(LIB) -Wl,--no-whole-archive

$(TOOLS): $(B)/%: $(B)/obj/cmd/%.o $(LIB)
	$(msg) LD $@
	$(Q)$(CC) $(LDFLAGS) -o $@ $< $(WHOLE_LIB) $(LIBS)

# nsmount alone links libfuse3: configure puts its flags in FUSE_*.
$(B)/obj/cmd/nsmount.o: ALL_CPPFLAGS += $(FUSE_CPPFLAGS)$(if $(FUSE_LIBS),,\
	$(error config.mk predates nsmount: run ./configure again))
$(B)/nsmount: LIBS += $(FUSE_LIBS)

# The helpers and unit tests call libnl and the rest themselves.
$(HELPERS): $(B)/helpers/%: $(B)/obj/tests/helpers/%.o $(LIB)
	$(msg) LD $@
	@mkdir -p $(@D)
	$(Q)$(CC) $(LDFLAGS) -o $@ $< $(LIB) $(LIBS) $(LAZY_LIBS)

$(UNITS): $(B)/unit/%: $(B)/obj/tests/unit/%.o $(LIB)
	$(msg) LD $@
	@mkdir -p $(@D)
	$(Q)$(CC) $(LDFLAGS) -o $@ $< $(WHOLE_LIB) $(LIBS) $(LAZY_LIBS)

# The unit tests first, then every bats suite; tests/harness counts the TAP
# lines of all of them and ends with the one "N passed, N failed" line.
# The suites take the tools from $(B), so that make check B=build-asan
# tests that build.
check: all $(UNITS)
	@NSTOOLS_BUILD='$(abspath $(B))' bash tests/harness $(UNITS) $(SUITES)

# The unit tests alone: no root, no kernel object made, nothing but the
# library; what a package build can run.
check-unit: $(UNITS)
	@bash tests/harness $(UNITS)

# The same suites against the installed tools (those in BINDIR), with the
# helpers they need built here: what the Debian package's tests run.
installcheck: $(HELPERS)
	@NSTOOLS_BUILD='$(abspath $(B))' NSTOOLS_BIN='$(BINDIR)' \
	    bash tests/harness $(SUITES)

# The load generators need none of libns (only libbsd's strtonum).
$(BENCHES): $(B)/bench/%: $(B)/obj/bench/%.o
	$(msg) LD $@
	@mkdir -p $(@D)
	$(Q)$(CC) $(LDFLAGS) -o $@ $< $(LIBS)

# The tools against lsfd, lsof, ss, ip, udevadm and lsblk, on loads made
# for it; one table on standard output (see bench/run).  BENCH_SIZE=tiny
# runs the tiny loads only, to prove that it works.
bench: all $(BENCHES)
	@BENCH_SIZE='$(BENCH_SIZE)' bash bench/run

# Each tool once under valgrind's memcheck: no error, no definite leak.
memcheck: all
	@NSTOOLS_BUILD='$(abspath $(B))' bash tests/harness tests/memcheck/*.bats

# libFuzzer targets: tests/fuzz/NAME.c -> $(B)/fuzz/NAME, built by clang
# with a copy of the library of their own, instrumented for the fuzzer and
# the sanitizers whatever configure chose.  make fuzz runs each for
# FUZZ_SECONDS on its seeds, tests/fuzz/corpus/NAME (see tests/fuzz/run).
FUZZ_SRCS = $(sort $(wildcard tests/fuzz/*.c))
FUZZERS = $(FUZZ_SRCS:tests/fuzz/%.c=$(B)/fuzz/%)
FUZZ_LIB = $(B)/fuzz/libns.a
FUZZ_LIB_OBJS = $(LIB_SRCS:%.c=$(B)/fuzz/obj/%.o)
FUZZ_OBJS = $(FUZZ_LIB_OBJS) $(FUZZ_SRCS:%.c=$(B)/fuzz/obj/%.o)
$(FUZZ_LIB_OBJS): | $(B)/gen/lazy.h
FUZZ_CC = clang
FUZZ_CFLAGS = -std=gnu11 -g -O1 -fno-omit-frame-pointer -Wall -Wextra \
	-Wno-unused-parameter -Wno-missing-field-initializers \
	-fsanitize=address,undefined -fno-sanitize-recover=all
FUZZ_SECONDS = 30

.PHONY: memcheck fuzz fuzzers

$(B)/fuzz/obj/%.o: %.c config.mk
	$(msg) FUZZCC $@
	@mkdir -p $(@D)
	$(Q)$(FUZZ_CC) $(ALL_CPPFLAGS) $(FUZZ_CFLAGS) -fsanitize=fuzzer-no-link \
	    $(DEPFLAGS) -c -o $@ $<

$(FUZZ_LIB): $(FUZZ_LIB_OBJS)
	$(msg) AR $@
	@rm -f $@
	$(Q)$(AR) rcs $@ $(FUZZ_LIB_OBJS)

$(FUZZERS): $(B)/fuzz/%: $(B)/fuzz/obj/tests/fuzz/%.o $(FUZZ_LIB)
	$(msg) LD $@
	$(Q)$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer -o $@ $< $(FUZZ_LIB) \
	    $(LIBS) $(LAZY_LIBS)

fuzzers: $(FUZZERS)

fuzz: $(FUZZERS)
	@bash tests/fuzz/run '$(FUZZ_SECONDS)' $(FUZZERS)

install: all
	install -d '$(DESTDIR)$(BINDIR)'
	$(if $(TOOLS),install -m 755 $(TOOLS) '$(DESTDIR)$(BINDIR)')
	@set -e; for m in $(MANS); do \
		d='$(DESTDIR)$(MANDIR)'/man$${m##*.}; \
		echo "install -m 644 $$m $$d"; \
		install -d "$$d"; install -m 644 "$$m" "$$d"; \
	done
	install -d '$(DESTDIR)$(BASHCOMPDIR)'
	install -m 644 completion/nstools.bash '$(DESTDIR)$(BASHCOMPDIR)/nstools'
	$(foreach t,$(TOOLS:$(B)/%=%),ln -sf nstools '$(DESTDIR)$(BASHCOMPDIR)/$(t)';)

uninstall:
	rm -f $(foreach t,$(TOOLS:$(B)/%=%),'$(DESTDIR)$(BINDIR)/$(t)')
	rm -f $(foreach m,$(MANS:man/%=%),'$(DESTDIR)$(MANDIR)/man$(subst .,,$(suffix $(m)))/$(m)')
	rm -f '$(DESTDIR)$(BASHCOMPDIR)/nstools' $(foreach t,$(TOOLS:$(B)/%=%),'$(DESTDIR)$(BASHCOMPDIR)/$(t)')

# The release tarball: every file git tracks (outside a checkout, every
# file but what a build makes), and .tarball-version, which stands in for
# git describe there.  Reproducible: entries sorted, owned by root, dated
# by the last commit (outside a checkout, by .tarball-version's date).
DIST = nstools-$(VERSION)
DIST_EXCLUDE = ./.git ./.ci ./$(B) ./build ./build-asan ./config.mk \
	./nstools-*.tar.gz ./$(DIST) ./$(DIST).list './nstools-sanitizer.*' \
	'./conf[0-9]*'

dist:
	@set -e; rm -rf '$(DIST)' '$(DIST).tar.gz'; \
	if test -e .git; then \
		git ls-files -z -- . ':!:.ci' ':!:.gitignore' >'$(DIST).list'; \
		epoch=$$(git log -1 --format=%ct); \
	else \
		find . \( $(foreach x,$(DIST_EXCLUDE),-path '$(x)' -o) \
		    -false \) -prune -o \( -type f -o -type l \) \
		    ! -name .tarball-version -print0 | sed -z 's,^\./,,' \
		    >'$(DIST).list'; \
		epoch=$$(stat -c %Y .tarball-version); \
	fi; \
	mkdir '$(DIST)'; \
	tar -c --null -T '$(DIST).list' | tar -x -C '$(DIST)'; \
	rm -f '$(DIST).list'; \
	printf '%s\n' '$(VERSION)' >'$(DIST)/.tarball-version'; \
	find '$(DIST)' -exec touch -h -d "@$$epoch" {} +; \
	tar -c --sort=name --owner=0 --group=0 --numeric-owner \
	    --mode=u+w,go-w --mtime="@$$epoch" --format=gnu '$(DIST)' | \
	    gzip -n -9 >'$(DIST).tar.gz'; \
	rm -rf '$(DIST)'; \
	echo '$(DIST).tar.gz'

# As automake's distcheck: the tarball, unpacked in a directory of its
# own, configures with its own prefix, builds apart from its sources,
# passes make check (make $(DISTCHECK_CHECK) where that is set), installs
# under DESTDIR with everything in place,
# uninstalls leaving nothing behind, and makes the same tarball again.
distcheck: dist
	@bash build-aux/distcheck '$(DIST)'

FORCE:

lint:
	$(if $(MANS),mandoc -Tlint -W warning $(MANS),@echo 'no man pages to check')

clean:
	rm -rf $(B)

distclean: clean
	rm -f config.mk

-include $(OBJS:.o=.d)
-include $(FUZZ_OBJS:.o=.d)
