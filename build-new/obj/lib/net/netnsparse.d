build-new/obj/lib/net/netnsparse.o: lib/net/netnsparse.c \
 lib/net/netnsparse.h
lib/net/netnsparse.h:
