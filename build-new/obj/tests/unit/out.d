build-new/obj/tests/unit/out.o: tests/unit/out.c lib/core/core.h \
 lib/core/provider.h lib/core/ns.h lib/core/ns.h tests/unit/tap.h
lib/core/core.h:
lib/core/provider.h:
lib/core/ns.h:
lib/core/ns.h:
tests/unit/tap.h:
