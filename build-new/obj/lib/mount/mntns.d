build-new/obj/lib/mount/mntns.o: lib/mount/mntns.c lib/core/provider.h \
 lib/core/ns.h lib/mount/mntns.h lib/ns/nstab.h
lib/core/provider.h:
lib/core/ns.h:
lib/mount/mntns.h:
lib/ns/nstab.h:
