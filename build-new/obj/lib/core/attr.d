build-new/obj/lib/core/attr.o: lib/core/attr.c lib/core/core.h \
 lib/core/provider.h lib/core/ns.h
lib/core/core.h:
lib/core/provider.h:
lib/core/ns.h:
