build-new/obj/lib/host/rsh.o: lib/host/rsh.c lib/host/hostconf.h \
 lib/core/provider.h lib/core/ns.h lib/host/rsh.h lib/host/rshspawn.h
lib/host/hostconf.h:
lib/core/provider.h:
lib/core/ns.h:
lib/host/rsh.h:
lib/host/rshspawn.h:
