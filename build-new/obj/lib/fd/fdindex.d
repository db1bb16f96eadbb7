build-new/obj/lib/fd/fdindex.o: lib/fd/fdindex.c lib/fd/fdassoc.h \
 lib/fd/fdent.h lib/fd/fdkind.h lib/fd/fdparse.h lib/core/provider.h \
 lib/core/ns.h lib/fd/fdindex.h
lib/fd/fdassoc.h:
lib/fd/fdent.h:
lib/fd/fdkind.h:
lib/fd/fdparse.h:
lib/core/provider.h:
lib/core/ns.h:
lib/fd/fdindex.h:
