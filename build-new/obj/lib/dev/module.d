build-new/obj/lib/dev/module.o: lib/dev/module.c lib/core/provider.h \
 lib/core/ns.h lib/dev/modparse.h
lib/core/provider.h:
lib/core/ns.h:
lib/dev/modparse.h:
