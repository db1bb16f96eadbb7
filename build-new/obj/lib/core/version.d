build-new/obj/lib/core/version.o: lib/core/version.c lib/core/ns.h \
 build-new/gen/version.h
lib/core/ns.h:
build-new/gen/version.h:
