build-new/obj/lib/mount/fs.o: lib/mount/fs.c lib/core/provider.h \
 lib/core/ns.h lib/mount/mntns.h lib/core/remotefs.h
lib/core/provider.h:
lib/core/ns.h:
lib/mount/mntns.h:
lib/core/remotefs.h:
