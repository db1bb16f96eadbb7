build-new/obj/lib/core/fmt.o: lib/core/fmt.c lib/core/provider.h \
 lib/core/ns.h
lib/core/provider.h:
lib/core/ns.h:
