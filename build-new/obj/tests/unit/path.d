build-new/obj/tests/unit/path.o: tests/unit/path.c lib/core/provider.h \
 lib/core/ns.h lib/core/core.h lib/core/provider.h tests/unit/tap.h
lib/core/provider.h:
lib/core/ns.h:
lib/core/core.h:
lib/core/provider.h:
tests/unit/tap.h:
