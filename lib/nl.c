/*
 * nl.c: the netlink socket every reader of a kernel table opens (link.c,
 * net.c: rtnetlink; sock.c: sock_diag), set up one way.
 */
#include <err.h>

#include <netlink/netlink.h>
#include <netlink/socket.h>

#include "provider.h"

struct nl_sock *
ns_nl_socket(int protocol)
{
	struct nl_sock *sk;

	if ((sk = nl_socket_alloc()) == NULL)
		err(1, NULL);
	if (nl_connect(sk, protocol) < 0) {
		nl_socket_free(sk);
		return NULL;
	}
	/* The kernel fills each message of a dump up to the reader's
	 * buffer, up to 32 KiB: fewer, larger reads. */
	nl_socket_set_msg_buf_size(sk, 32768);
	/* A dump ends with NLMSG_DONE; an acknowledgement is not needed. */
	nl_socket_disable_auto_ack(sk);
	return sk;
}
