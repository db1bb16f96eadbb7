build-new/obj/lib/core/nl.o: lib/core/nl.c lib/core/provider.h \
 lib/core/ns.h lib/core/nl.h
lib/core/provider.h:
lib/core/ns.h:
lib/core/nl.h:
