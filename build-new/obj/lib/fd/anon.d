build-new/obj/lib/fd/anon.o: lib/fd/anon.c lib/core/provider.h \
 lib/core/ns.h lib/fd/fdindex.h lib/fd/fdparse.h
lib/core/provider.h:
lib/core/ns.h:
lib/fd/fdindex.h:
lib/fd/fdparse.h:
