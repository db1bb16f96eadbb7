build-new/obj/tests/unit/fuzzfound.o: tests/unit/fuzzfound.c \
 lib/core/ns.h lib/core/provider.h lib/core/ns.h lib/dev/modparse.h \
 tests/unit/tap.h
lib/core/ns.h:
lib/core/provider.h:
lib/core/ns.h:
lib/dev/modparse.h:
tests/unit/tap.h:
