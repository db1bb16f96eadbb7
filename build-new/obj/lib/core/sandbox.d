build-new/obj/lib/core/sandbox.o: lib/core/sandbox.c lib/core/ns.h \
 lib/core/provider.h build-new/gen/sandbox-filter.h
lib/core/ns.h:
lib/core/provider.h:
build-new/gen/sandbox-filter.h:
