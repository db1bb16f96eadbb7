build-new/obj/lib/watch/watch-proc.o: lib/watch/watch-proc.c \
 lib/core/provider.h lib/core/ns.h lib/watch/watch.h
lib/core/provider.h:
lib/core/ns.h:
lib/watch/watch.h:
