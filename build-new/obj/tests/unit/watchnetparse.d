build-new/obj/tests/unit/watchnetparse.o: tests/unit/watchnetparse.c \
 tests/unit/tap.h lib/watch/watch-netparse.h
tests/unit/tap.h:
lib/watch/watch-netparse.h:
