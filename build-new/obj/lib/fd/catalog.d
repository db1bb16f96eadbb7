build-new/obj/lib/fd/catalog.o: lib/fd/catalog.c lib/fd/fd.h \
 lib/fd/fdindex.h lib/core/provider.h lib/core/ns.h lib/fd/fdparse.h \
 lib/fd/fdwalk.h lib/core/ns.h lib/fd/fdent.h lib/fd/fdkind.h
lib/fd/fd.h:
lib/fd/fdindex.h:
lib/core/provider.h:
lib/core/ns.h:
lib/fd/fdparse.h:
lib/fd/fdwalk.h:
lib/core/ns.h:
lib/fd/fdent.h:
lib/fd/fdkind.h:
