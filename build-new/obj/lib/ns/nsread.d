build-new/obj/lib/ns/nsread.o: lib/ns/nsread.c lib/core/mountinfo.h \
 lib/ns/nsenter.h lib/ns/nsparse.h lib/ns/nsread.h lib/core/provider.h \
 lib/core/ns.h lib/ns/nstab.h
lib/core/mountinfo.h:
lib/ns/nsenter.h:
lib/ns/nsparse.h:
lib/ns/nsread.h:
lib/core/provider.h:
lib/core/ns.h:
lib/ns/nstab.h:
