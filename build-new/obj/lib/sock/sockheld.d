build-new/obj/lib/sock/sockheld.o: lib/sock/sockheld.c lib/fd/fdindex.h \
 lib/core/provider.h lib/core/ns.h lib/net/netns.h lib/sock/sock.h \
 lib/sock/sockparse.h lib/sock/sockns.h
lib/fd/fdindex.h:
lib/core/provider.h:
lib/core/ns.h:
lib/net/netns.h:
lib/sock/sock.h:
lib/sock/sockparse.h:
lib/sock/sockns.h:
