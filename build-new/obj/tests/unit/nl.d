build-new/obj/tests/unit/nl.o: tests/unit/nl.c lib/core/nl.h \
 tests/unit/tap.h
lib/core/nl.h:
tests/unit/tap.h:
