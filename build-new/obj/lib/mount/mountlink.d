build-new/obj/lib/mount/mountlink.o: lib/mount/mountlink.c lib/core/ns.h \
 lib/mount/mountlink.h
lib/core/ns.h:
lib/mount/mountlink.h:
