build-new/obj/lib/sock/netnsrefs.o: lib/sock/netnsrefs.c lib/fd/fdindex.h \
 lib/core/provider.h lib/core/ns.h lib/ns/nstab.h
lib/fd/fdindex.h:
lib/core/provider.h:
lib/core/ns.h:
lib/ns/nstab.h:
