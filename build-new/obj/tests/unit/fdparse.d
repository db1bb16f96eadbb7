build-new/obj/tests/unit/fdparse.o: tests/unit/fdparse.c lib/fd/fdparse.h \
 tests/unit/tap.h
lib/fd/fdparse.h:
tests/unit/tap.h:
