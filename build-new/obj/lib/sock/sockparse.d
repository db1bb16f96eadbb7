build-new/obj/lib/sock/sockparse.o: lib/sock/sockparse.c lib/core/nl.h \
 lib/core/provider.h lib/core/ns.h lib/sock/sockparse.h
lib/core/nl.h:
lib/core/provider.h:
lib/core/ns.h:
lib/sock/sockparse.h:
