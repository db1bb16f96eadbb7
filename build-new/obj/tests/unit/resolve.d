build-new/obj/tests/unit/resolve.o: tests/unit/resolve.c lib/core/ns.h \
 tests/unit/tap.h
lib/core/ns.h:
tests/unit/tap.h:
