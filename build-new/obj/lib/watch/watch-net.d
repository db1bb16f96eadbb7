build-new/obj/lib/watch/watch-net.o: lib/watch/watch-net.c \
 lib/net/netns.h lib/core/nl.h lib/core/provider.h lib/core/ns.h \
 lib/watch/watch.h lib/watch/watch-netparse.h
lib/net/netns.h:
lib/core/nl.h:
lib/core/provider.h:
lib/core/ns.h:
lib/watch/watch.h:
lib/watch/watch-netparse.h:
