build-new/obj/lib/out/args.o: lib/out/args.c lib/core/core.h \
 lib/core/provider.h lib/core/ns.h
lib/core/core.h:
lib/core/provider.h:
lib/core/ns.h:
