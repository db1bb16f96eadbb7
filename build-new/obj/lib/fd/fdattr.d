build-new/obj/lib/fd/fdattr.o: lib/fd/fdattr.c lib/fd/fdassoc.h \
 lib/fd/fdent.h lib/fd/fdkind.h lib/fd/fdparse.h lib/core/provider.h \
 lib/core/ns.h lib/fd/fdattr.h lib/fd/fdindex.h
lib/fd/fdassoc.h:
lib/fd/fdent.h:
lib/fd/fdkind.h:
lib/fd/fdparse.h:
lib/core/provider.h:
lib/core/ns.h:
lib/fd/fdattr.h:
lib/fd/fdindex.h:
