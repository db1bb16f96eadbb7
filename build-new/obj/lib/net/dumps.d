build-new/obj/lib/net/dumps.o: lib/net/dumps.c build-new/gen/lazy.h \
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
 /usr/include/libnl3/netlink/cache.h /usr/include/libnl3/netlink/msg.h \
 /usr/include/libnl3/netlink/route/addr.h \
 /usr/include/libnl3/netlink/route/link.h \
 /usr/include/libnl3/netlink/route/neighbour.h \
 /usr/include/libnl3/netlink/route/nexthop.h \
 /usr/include/libnl3/netlink/route/route.h \
 /usr/include/libnl3/netlink/route/rtnl.h \
 /usr/include/libmount/libmount.h /usr/include/blkid/blkid.h \
 /usr/include/libsmartcols/libsmartcols.h lib/core/provider.h \
 lib/core/ns.h lib/net/link.h lib/net/netns.h lib/net/dumps.h \
 lib/core/nl.h
build-new/gen/lazy.h:
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
/usr/include/libnl3/netlink/cache.h:
/usr/include/libnl3/netlink/msg.h:
/usr/include/libnl3/netlink/route/addr.h:
/usr/include/libnl3/netlink/route/link.h:
/usr/include/libnl3/netlink/route/neighbour.h:
/usr/include/libnl3/netlink/route/nexthop.h:
/usr/include/libnl3/netlink/route/route.h:
/usr/include/libnl3/netlink/route/rtnl.h:
/usr/include/libmount/libmount.h:
/usr/include/blkid/blkid.h:
/usr/include/libsmartcols/libsmartcols.h:
lib/core/provider.h:
lib/core/ns.h:
lib/net/link.h:
lib/net/netns.h:
lib/net/dumps.h:
lib/core/nl.h:
