build-new/obj/lib/host/host.o: lib/host/host.c lib/core/core.h \
 lib/core/provider.h lib/core/ns.h lib/host/hostparse.h \
 lib/host/hostcall.h lib/host/rsh.h lib/host/hostconf.h
lib/core/core.h:
lib/core/provider.h:
lib/core/ns.h:
lib/host/hostparse.h:
lib/host/hostcall.h:
lib/host/rsh.h:
lib/host/hostconf.h:
