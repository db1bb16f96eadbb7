build-new/obj/lib/fd/pipe.o: lib/fd/pipe.c lib/core/provider.h \
 lib/core/ns.h lib/fd/fdindex.h
lib/core/provider.h:
lib/core/ns.h:
lib/fd/fdindex.h:
