build-new/obj/tests/unit/modparse.o: tests/unit/modparse.c \
 lib/core/core.h lib/core/provider.h lib/core/ns.h lib/dev/modparse.h \
 tests/unit/tap.h
lib/core/core.h:
lib/core/provider.h:
lib/core/ns.h:
lib/dev/modparse.h:
tests/unit/tap.h:
