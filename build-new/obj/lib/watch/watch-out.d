build-new/obj/lib/watch/watch-out.o: lib/watch/watch-out.c \
 lib/core/core.h lib/core/provider.h lib/core/ns.h lib/out/query.h \
 lib/core/provider.h lib/watch/watch-out.h lib/core/ns.h
lib/core/core.h:
lib/core/provider.h:
lib/core/ns.h:
lib/out/query.h:
lib/core/provider.h:
lib/watch/watch-out.h:
lib/core/ns.h:
