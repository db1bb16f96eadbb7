build-new/obj/lib/ipc/ipcns.o: lib/ipc/ipcns.c lib/core/provider.h \
 lib/core/ns.h lib/ipc/ipcns.h lib/ns/nsenter.h lib/ns/nsparse.h \
 lib/ns/nsread.h lib/ns/nstab.h
lib/core/provider.h:
lib/core/ns.h:
lib/ipc/ipcns.h:
lib/ns/nsenter.h:
lib/ns/nsparse.h:
lib/ns/nsread.h:
lib/ns/nstab.h:
