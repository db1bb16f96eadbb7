build-new/obj/lib/ns/nsreadparse.o: lib/ns/nsreadparse.c \
 lib/core/provider.h lib/core/ns.h lib/ns/nsparse.h
lib/core/provider.h:
lib/core/ns.h:
lib/ns/nsparse.h:
