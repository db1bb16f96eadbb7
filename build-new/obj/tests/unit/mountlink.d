build-new/obj/tests/unit/mountlink.o: tests/unit/mountlink.c \
 lib/mount/mountlink.h tests/unit/tap.h
lib/mount/mountlink.h:
tests/unit/tap.h:
