build-new/obj/lib/ns/pidview.o: lib/ns/pidview.c lib/core/provider.h \
 lib/core/ns.h lib/ns/nstab.h lib/ns/nsview.h lib/core/ns.h \
 lib/proc/procparse.h
lib/core/provider.h:
lib/core/ns.h:
lib/ns/nstab.h:
lib/ns/nsview.h:
lib/core/ns.h:
lib/proc/procparse.h:
