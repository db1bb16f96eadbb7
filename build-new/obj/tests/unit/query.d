build-new/obj/tests/unit/query.o: tests/unit/query.c lib/out/query.h \
 lib/core/provider.h lib/core/ns.h tests/unit/tap.h
lib/out/query.h:
lib/core/provider.h:
lib/core/ns.h:
tests/unit/tap.h:
