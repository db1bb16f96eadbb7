build-new/obj/lib/out/query.o: lib/out/query.c lib/out/query.h \
 lib/core/provider.h lib/core/ns.h
lib/out/query.h:
lib/core/provider.h:
lib/core/ns.h:
