build-new/obj/lib/watch/watch-netparse.o: lib/watch/watch-netparse.c \
 lib/core/nl.h lib/watch/watch-netparse.h
lib/core/nl.h:
lib/watch/watch-netparse.h:
