build-new/obj/tests/unit/sockparse.o: tests/unit/sockparse.c \
 lib/core/provider.h lib/core/ns.h lib/sock/sockparse.h tests/unit/tap.h
lib/core/provider.h:
lib/core/ns.h:
lib/sock/sockparse.h:
tests/unit/tap.h:
