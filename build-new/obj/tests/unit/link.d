build-new/obj/tests/unit/link.o: tests/unit/link.c \
 /usr/include/libnl3/netlink/netlink.h \
 /usr/include/libnl3/netlink/netlink-compat.h \
 /usr/include/libnl3/netlink/version.h \
 /usr/include/libnl3/netlink/errno.h /usr/include/libnl3/netlink/types.h \
 /usr/include/libnl3/netlink/handlers.h \
 /usr/include/libnl3/netlink/netlink-kernel.h \
 /usr/include/libnl3/netlink/socket.h \
 /usr/include/libnl3/netlink/object.h /usr/include/libnl3/netlink/utils.h \
 /usr/include/libnl3/netlink/list.h /usr/include/libnl3/netlink/attr.h \
 /usr/include/libnl3/netlink/addr.h /usr/include/libnl3/netlink/data.h \
 /usr/include/libnl3/netlink/msg.h lib/net/link.h tests/unit/tap.h
/usr/include/libnl3/netlink/netlink.h:
/usr/include/libnl3/netlink/netlink-compat.h:
/usr/include/libnl3/netlink/version.h:
/usr/include/libnl3/netlink/errno.h:
/usr/include/libnl3/netlink/types.h:
/usr/include/libnl3/netlink/handlers.h:
/usr/include/libnl3/netlink/netlink-kernel.h:
/usr/include/libnl3/netlink/socket.h:
/usr/include/libnl3/netlink/object.h:
/usr/include/libnl3/netlink/utils.h:
/usr/include/libnl3/netlink/list.h:
/usr/include/libnl3/netlink/attr.h:
/usr/include/libnl3/netlink/addr.h:
/usr/include/libnl3/netlink/data.h:
/usr/include/libnl3/netlink/msg.h:
lib/net/link.h:
tests/unit/tap.h:
