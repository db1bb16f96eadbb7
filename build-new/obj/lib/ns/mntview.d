build-new/obj/lib/ns/mntview.o: lib/ns/mntview.c lib/core/provider.h \
 lib/core/ns.h lib/mount/mntns.h lib/ns/nsview.h lib/core/ns.h
lib/core/provider.h:
lib/core/ns.h:
lib/mount/mntns.h:
lib/ns/nsview.h:
lib/core/ns.h:
