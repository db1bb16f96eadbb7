build-new/obj/lib/ns/netview.o: lib/ns/netview.c lib/core/provider.h \
 lib/core/ns.h lib/net/netns.h lib/net/netnsparse.h lib/ns/nsview.h \
 lib/core/ns.h
lib/core/provider.h:
lib/core/ns.h:
lib/net/netns.h:
lib/net/netnsparse.h:
lib/ns/nsview.h:
lib/core/ns.h:
