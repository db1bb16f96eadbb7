build-new/obj/tests/unit/fmt.o: tests/unit/fmt.c lib/core/provider.h \
 lib/core/ns.h tests/unit/tap.h
lib/core/provider.h:
lib/core/ns.h:
tests/unit/tap.h:
