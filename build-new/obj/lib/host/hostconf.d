build-new/obj/lib/host/hostconf.o: lib/host/hostconf.c \
 lib/host/hostconf.h lib/host/hostparse.h lib/core/provider.h \
 lib/core/ns.h
lib/host/hostconf.h:
lib/host/hostparse.h:
lib/core/provider.h:
lib/core/ns.h:
