build-new/obj/tests/unit/nsparse.o: tests/unit/nsparse.c lib/ns/nsparse.h \
 tests/unit/tap.h
lib/ns/nsparse.h:
tests/unit/tap.h:
