build-new/obj/lib/ns/ipcview.o: lib/ns/ipcview.c lib/core/provider.h \
 lib/core/ns.h lib/ipc/ipcns.h lib/ns/nsview.h lib/core/ns.h
lib/core/provider.h:
lib/core/ns.h:
lib/ipc/ipcns.h:
lib/ns/nsview.h:
lib/core/ns.h:
