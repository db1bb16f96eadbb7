build-new/obj/tests/unit/netnsparse.o: tests/unit/netnsparse.c \
 lib/net/netnsparse.h tests/unit/tap.h
lib/net/netnsparse.h:
tests/unit/tap.h:
