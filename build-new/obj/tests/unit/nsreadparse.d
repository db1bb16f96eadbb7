build-new/obj/tests/unit/nsreadparse.o: tests/unit/nsreadparse.c \
 lib/ns/nsparse.h tests/unit/tap.h
lib/ns/nsparse.h:
tests/unit/tap.h:
