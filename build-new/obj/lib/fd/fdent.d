build-new/obj/lib/fd/fdent.o: lib/fd/fdent.c lib/fd/fdent.h \
 lib/fd/fdkind.h lib/fd/fdparse.h lib/core/provider.h lib/core/ns.h \
 lib/ns/nsparse.h lib/proc/procparse.h lib/core/remotefs.h
lib/fd/fdent.h:
lib/fd/fdkind.h:
lib/fd/fdparse.h:
lib/core/provider.h:
lib/core/ns.h:
lib/ns/nsparse.h:
lib/proc/procparse.h:
lib/core/remotefs.h:
