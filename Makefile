# nstools: GNU make.  ./configure writes config.mk; this file finds the
# sources by wildcard, so a new provider, tool, helper, unit test or man
# page needs no edit here.
#
#   lib/*.c           -> build/libns.a
#   cmd/TOOL.c        -> build/TOOL
#   tests/helpers/X.c -> build/helpers/X
#   tests/unit/X.c    -> build/unit/X (a TAP program, run by make check)
#   man/X.[1-8]       -> $(MANDIR)/man[1-8]/X.[1-8]
#
# Objects live under build/obj/, beside their .d dependency files.
# make V=1 shows the full compiler command lines.

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

LIB_SRCS = $(sort $(wildcard lib/*.c))
CMD_SRCS = $(sort $(wildcard cmd/*.c))
HELPER_SRCS = $(sort $(wildcard tests/helpers/*.c))
UNIT_SRCS = $(sort $(wildcard tests/unit/*.c))
MANS = $(sort $(wildcard man/*.[1-8]))
SUITES = $(sort $(wildcard tests/*.bats))

LIB_OBJS = $(LIB_SRCS:%.c=$(B)/obj/%.o)
LIB = $(B)/libns.a
TOOLS = $(CMD_SRCS:cmd/%.c=$(B)/%)
HELPERS = $(HELPER_SRCS:tests/helpers/%.c=$(B)/helpers/%)
UNITS = $(UNIT_SRCS:tests/unit/%.c=$(B)/unit/%)
OBJS = $(LIB_OBJS) $(CMD_SRCS:%.c=$(B)/obj/%.o) \
	$(HELPER_SRCS:%.c=$(B)/obj/%.o) $(UNIT_SRCS:%.c=$(B)/obj/%.o)

# The tools are for Linux and use its interfaces (vasprintf, O_PATH, setns),
# so _GNU_SOURCE holds everywhere.  It is defined empty, as a file's own
# "#define _GNU_SOURCE" does, so that one is a harmless redefinition.
# These flags stay out of CFLAGS, so that make CFLAGS=... keeps them.
ALL_CPPFLAGS = -D_GNU_SOURCE= -Ilib $(CPPFLAGS)
DEPFLAGS = -MMD -MP

ifeq ($(V),1)
Q =
msg = @:
else
Q = @
msg = @printf '  %-7s %s\n'
endif

.PHONY: all check install uninstall clean distclean lint

all: $(LIB) $(TOOLS) $(HELPERS)

# Every object depends on config.mk: reconfiguring (say, with
# --enable-sanitize) must rebuild them all.
$(B)/obj/%.o: %.c config.mk
	$(msg) CC $@
	@mkdir -p $(@D)
	$(Q)$(CC) $(ALL_CPPFLAGS) $(CFLAGS) $(DEPFLAGS) -c -o $@ $<

$(LIB): $(LIB_OBJS)
	$(msg) AR $@
	@mkdir -p $(@D)
	@rm -f $@
	$(Q)$(AR) rcs $@ $(LIB_OBJS)

$(TOOLS): $(B)/%: $(B)/obj/cmd/%.o $(LIB)
	$(msg) LD $@
	$(Q)$(CC) $(LDFLAGS) -o $@ $< $(LIB) $(LIBS)

$(HELPERS): $(B)/helpers/%: $(B)/obj/tests/helpers/%.o $(LIB)
	$(msg) LD $@
	@mkdir -p $(@D)
	$(Q)$(CC) $(LDFLAGS) -o $@ $< $(LIB) $(LIBS)

$(UNITS): $(B)/unit/%: $(B)/obj/tests/unit/%.o $(LIB)
	$(msg) LD $@
	@mkdir -p $(@D)
	$(Q)$(CC) $(LDFLAGS) -o $@ $< $(LIB) $(LIBS)

# The unit tests first, then every bats suite; tests/harness counts the TAP
# lines of all of them and ends with the one "N passed, N failed" line.
check: all $(UNITS)
	@bash tests/harness $(UNITS) $(SUITES)

install: all
	install -d '$(DESTDIR)$(BINDIR)'
	$(if $(TOOLS),install -m 755 $(TOOLS) '$(DESTDIR)$(BINDIR)')
	@set -e; for m in $(MANS); do \
		d='$(DESTDIR)$(MANDIR)'/man$${m##*.}; \
		echo "install -m 644 $$m $$d"; \
		install -d "$$d"; install -m 644 "$$m" "$$d"; \
	done

uninstall:
	rm -f $(foreach t,$(TOOLS:$(B)/%=%),'$(DESTDIR)$(BINDIR)/$(t)')
	rm -f $(foreach m,$(MANS:man/%=%),'$(DESTDIR)$(MANDIR)/man$(subst .,,$(suffix $(m)))/$(m)')

lint:
	$(if $(MANS),mandoc -Tlint -W warning $(MANS),@echo 'no man pages to check')

clean:
	rm -rf $(B)

distclean: clean
	rm -f config.mk

-include $(OBJS:.o=.d)
