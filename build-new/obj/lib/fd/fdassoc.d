build-new/obj/lib/fd/fdassoc.o: lib/fd/fdassoc.c lib/fd/fdassoc.h \
 lib/fd/fdent.h lib/fd/fdkind.h lib/fd/fdparse.h lib/core/provider.h \
 lib/core/ns.h lib/core/mountinfo.h lib/core/remotefs.h
lib/fd/fdassoc.h:
lib/fd/fdent.h:
lib/fd/fdkind.h:
lib/fd/fdparse.h:
lib/core/provider.h:
lib/core/ns.h:
lib/core/mountinfo.h:
lib/core/remotefs.h:
