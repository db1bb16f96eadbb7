build-new/obj/lib/core/core.o: lib/core/core.c lib/core/provider.h \
 lib/core/ns.h lib/core/core.h lib/core/remotefs.h
lib/core/provider.h:
lib/core/ns.h:
lib/core/core.h:
lib/core/remotefs.h:
