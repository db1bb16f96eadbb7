build-new/obj/lib/proc/proc.o: lib/proc/proc.c lib/core/provider.h \
 lib/core/ns.h lib/fd/fd.h lib/fd/fdindex.h lib/fd/fdparse.h \
 lib/fd/fdwalk.h lib/core/ns.h lib/fd/fdparse.h lib/proc/procparse.h \
 lib/core/remotefs.h
lib/core/provider.h:
lib/core/ns.h:
lib/fd/fd.h:
lib/fd/fdindex.h:
lib/fd/fdparse.h:
lib/fd/fdwalk.h:
lib/core/ns.h:
lib/fd/fdparse.h:
lib/proc/procparse.h:
lib/core/remotefs.h:
