build-new/obj/lib/sock/sockns.o: lib/sock/sockns.c lib/fd/fdindex.h \
 lib/core/provider.h lib/core/ns.h lib/sock/sockns.h
lib/fd/fdindex.h:
lib/core/provider.h:
lib/core/ns.h:
lib/sock/sockns.h:
