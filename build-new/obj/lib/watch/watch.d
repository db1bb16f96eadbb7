build-new/obj/lib/watch/watch.o: lib/watch/watch.c lib/core/core.h \
 lib/core/provider.h lib/core/ns.h lib/net/netns.h lib/net/netnsparse.h \
 lib/watch/watch.h lib/watch/watch-out.h lib/core/ns.h
lib/core/core.h:
lib/core/provider.h:
lib/core/ns.h:
lib/net/netns.h:
lib/net/netnsparse.h:
lib/watch/watch.h:
lib/watch/watch-out.h:
lib/core/ns.h:
