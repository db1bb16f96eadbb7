build-new/obj/tests/unit/remotefs.o: tests/unit/remotefs.c \
 lib/core/remotefs.h tests/unit/tap.h
lib/core/remotefs.h:
tests/unit/tap.h:
