build-new/obj/tests/unit/size.o: tests/unit/size.c lib/core/core.h \
 lib/core/provider.h lib/core/ns.h tests/unit/tap.h
lib/core/core.h:
lib/core/provider.h:
lib/core/ns.h:
tests/unit/tap.h:
