build-new/obj/lib/ns/nstab.o: lib/ns/nstab.c lib/fd/fdindex.h \
 lib/core/provider.h lib/core/ns.h lib/core/mountinfo.h lib/ns/nsparse.h \
 lib/ns/nstab.h
lib/fd/fdindex.h:
lib/core/provider.h:
lib/core/ns.h:
lib/core/mountinfo.h:
lib/ns/nsparse.h:
lib/ns/nstab.h:
