build-new/obj/lib/watch/watch-sock.o: lib/watch/watch-sock.c \
 lib/net/netns.h lib/core/nl.h lib/core/provider.h lib/core/ns.h \
 lib/sock/sockparse.h lib/watch/watch.h
lib/net/netns.h:
lib/core/nl.h:
lib/core/provider.h:
lib/core/ns.h:
lib/sock/sockparse.h:
lib/watch/watch.h:
