build-new/obj/lib/fd/fd.o: lib/fd/fd.c lib/fd/fd.h lib/fd/fdindex.h \
 lib/core/provider.h lib/core/ns.h lib/fd/fdparse.h lib/fd/fdwalk.h \
 lib/core/ns.h lib/fd/fdassoc.h lib/fd/fdent.h lib/fd/fdkind.h \
 lib/fd/fdattr.h
lib/fd/fd.h:
lib/fd/fdindex.h:
lib/core/provider.h:
lib/core/ns.h:
lib/fd/fdparse.h:
lib/fd/fdwalk.h:
lib/core/ns.h:
lib/fd/fdassoc.h:
lib/fd/fdent.h:
lib/fd/fdkind.h:
lib/fd/fdattr.h:
