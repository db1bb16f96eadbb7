build-new/obj/lib/host/rshspawn.o: lib/host/rshspawn.c \
 lib/host/hostconf.h lib/host/hostparse.h lib/core/provider.h \
 lib/core/ns.h lib/host/rsh.h lib/host/rshspawn.h
lib/host/hostconf.h:
lib/host/hostparse.h:
lib/core/provider.h:
lib/core/ns.h:
lib/host/rsh.h:
lib/host/rshspawn.h:
