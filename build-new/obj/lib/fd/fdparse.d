build-new/obj/lib/fd/fdparse.o: lib/fd/fdparse.c lib/fd/fdparse.h \
 lib/core/provider.h lib/core/ns.h
lib/fd/fdparse.h:
lib/core/provider.h:
lib/core/ns.h:
