build-new/obj/tests/unit/fit.o: tests/unit/fit.c lib/core/core.h \
 lib/core/provider.h lib/core/ns.h tests/unit/tap.h
lib/core/core.h:
lib/core/provider.h:
lib/core/ns.h:
tests/unit/tap.h:
