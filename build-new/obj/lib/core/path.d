build-new/obj/lib/core/path.o: lib/core/path.c lib/core/ns.h \
 lib/core/core.h lib/core/provider.h
lib/core/ns.h:
lib/core/core.h:
lib/core/provider.h:
