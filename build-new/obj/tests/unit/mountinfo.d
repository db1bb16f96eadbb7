build-new/obj/tests/unit/mountinfo.o: tests/unit/mountinfo.c \
 lib/core/mountinfo.h tests/unit/tap.h
lib/core/mountinfo.h:
tests/unit/tap.h:
