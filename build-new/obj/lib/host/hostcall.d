build-new/obj/lib/host/hostcall.o: lib/host/hostcall.c lib/core/core.h \
 lib/core/provider.h lib/core/ns.h lib/host/hostcall.h \
 lib/host/hostparse.h lib/host/rsh.h lib/host/hostconf.h
lib/core/core.h:
lib/core/provider.h:
lib/core/ns.h:
lib/host/hostcall.h:
lib/host/hostparse.h:
lib/host/rsh.h:
lib/host/hostconf.h:
