build-new/obj/lib/out/filter.o: lib/out/filter.c lib/core/core.h \
 lib/core/provider.h lib/core/ns.h lib/out/query.h lib/core/provider.h
lib/core/core.h:
lib/core/provider.h:
lib/core/ns.h:
lib/out/query.h:
lib/core/provider.h:
