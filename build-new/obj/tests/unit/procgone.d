build-new/obj/tests/unit/procgone.o: tests/unit/procgone.c lib/core/ns.h \
 tests/unit/tap.h
lib/core/ns.h:
tests/unit/tap.h:
