build-new/obj/lib/sock/socktab.o: lib/sock/socktab.c lib/net/netns.h \
 lib/ns/nstab.h lib/core/provider.h lib/core/ns.h lib/core/nl.h \
 lib/sock/sock.h lib/sock/sockparse.h
lib/net/netns.h:
lib/ns/nstab.h:
lib/core/provider.h:
lib/core/ns.h:
lib/core/nl.h:
lib/sock/sock.h:
lib/sock/sockparse.h:
