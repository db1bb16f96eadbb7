build-new/obj/lib/sock/sock.o: lib/sock/sock.c lib/net/netns.h \
 lib/core/provider.h lib/core/ns.h lib/core/remotefs.h lib/sock/sock.h \
 lib/sock/sockparse.h
lib/net/netns.h:
lib/core/provider.h:
lib/core/ns.h:
lib/core/remotefs.h:
lib/sock/sock.h:
lib/sock/sockparse.h:
