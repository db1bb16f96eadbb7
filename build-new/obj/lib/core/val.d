build-new/obj/lib/core/val.o: lib/core/val.c lib/core/provider.h \
 lib/core/ns.h
lib/core/provider.h:
lib/core/ns.h:
