build-new/obj/lib/net/link.o: lib/net/link.c lib/core/provider.h \
 lib/core/ns.h lib/net/link.h lib/net/netns.h lib/core/nl.h
lib/core/provider.h:
lib/core/ns.h:
lib/net/link.h:
lib/net/netns.h:
lib/core/nl.h:
