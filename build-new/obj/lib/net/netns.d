build-new/obj/lib/net/netns.o: lib/net/netns.c lib/core/provider.h \
 lib/core/ns.h lib/net/netns.h lib/ns/nsenter.h lib/ns/nstab.h \
 lib/core/nl.h
lib/core/provider.h:
lib/core/ns.h:
lib/net/netns.h:
lib/ns/nsenter.h:
lib/ns/nstab.h:
lib/core/nl.h:
