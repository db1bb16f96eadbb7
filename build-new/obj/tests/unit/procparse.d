build-new/obj/tests/unit/procparse.o: tests/unit/procparse.c \
 lib/proc/procparse.h tests/unit/tap.h
lib/proc/procparse.h:
tests/unit/tap.h:
