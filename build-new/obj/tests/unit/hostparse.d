build-new/obj/tests/unit/hostparse.o: tests/unit/hostparse.c \
 lib/host/hostparse.h tests/unit/tap.h
lib/host/hostparse.h:
tests/unit/tap.h:
