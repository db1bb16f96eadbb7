build-new/obj/lib/core/fail.o: lib/core/fail.c lib/core/provider.h \
 lib/core/ns.h lib/core/remotefs.h
lib/core/provider.h:
lib/core/ns.h:
lib/core/remotefs.h:
