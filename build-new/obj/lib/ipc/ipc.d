build-new/obj/lib/ipc/ipc.o: lib/ipc/ipc.c lib/core/provider.h \
 lib/core/ns.h lib/core/mountinfo.h lib/ipc/ipcns.h lib/ipc/ipcparse.h
lib/core/provider.h:
lib/core/ns.h:
lib/core/mountinfo.h:
lib/ipc/ipcns.h:
lib/ipc/ipcparse.h:
