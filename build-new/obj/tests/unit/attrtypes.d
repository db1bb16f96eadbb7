build-new/obj/tests/unit/attrtypes.o: tests/unit/attrtypes.c \
 lib/core/core.h lib/core/provider.h lib/core/ns.h tests/unit/tap.h
lib/core/core.h:
lib/core/provider.h:
lib/core/ns.h:
tests/unit/tap.h:
