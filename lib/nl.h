/*
 * nl.h: the one way a netlink request is sent and its answer read, for
 * every reader of a kernel table (link.c, net.c: rtnetlink; sock*.c,
 * watch-sock.c: sock_diag).  ns_nl_socket, which opens the socket, is in
 * provider.h.
 *
 * As iproute2's rtnl_dump_filter: the answer is read until NLMSG_DONE
 * (or, for a request that is no dump, until its one message); a dump
 * the kernel marks NLM_F_DUMP_INTR, which changed while it was read and
 * may hold an object twice or not at all, is made again, a few times at
 * most; and every failure comes back one way, as -1 and an errno.
 */
#ifndef NS_NL_H
#define NS_NL_H

#include <stddef.h>
#include <stdint.h>

#include <linux/netlink.h>

struct nl_sock;
struct nl_msg;

/* Set up a connected socket as ns_nl_socket does its own (one made
 * elsewhere, in another namespace, and handed over). */
void	 ns_nl_setup(struct nl_sock *);

/* Times a dump is made before one that changed under it is given up. */
#define NS_NL_DUMP_TRIES	5

/*
 * Given each message of the answer (NLMSG_DONE, NLMSG_ERROR and
 * NLMSG_NOOP are the reader's own): the message is in the read buffer,
 * and only until the call returns, so what is kept of it is copied.  0
 * goes on; -1 stops the read, which fails with the errno it set.
 */
typedef int	(*ns_nl_msg_fn)(struct nlmsghdr *, void *);
/* Called before a dump is made again: forget what was kept of the last. */
typedef void	(*ns_nl_reset_fn)(void *);

/*
 * Send req (its sequence number and port are filled in) on sk and hand
 * each message of the answer to fn.  0, or -1 with errno: the kernel's
 * error (an NLMSG_ERROR, or one NLMSG_DONE carries: ENOENT, EINVAL where
 * no diag module answers, EPERM...), ENOBUFS where the socket overran
 * and messages were lost, EAGAIN where the dump changed every time it
 * was made, EIO for an answer that is no netlink, or fn's.  What is left
 * of a failed answer on sk is passed over by the next request's reading,
 * by its sequence number.  reset may be NULL for a request that is no
 * dump.
 */
int	 ns_nl_request(struct nl_sock *, struct nl_msg *req, ns_nl_msg_fn,
	    ns_nl_reset_fn, void *);

/*
 * The reading of an answer, one datagram at a time: ns_nl_request's
 * inside, apart for the unit test.  seq is the request's.
 */
struct ns_nl_answer {
	uint32_t	 seq;
	int		 intr;		/* the dump changed meanwhile */
	int		 error;		/* an errno, once it failed */
};

/* Walk one datagram of len bytes: 1 if more of the answer is to come,
 * 0 at its end, -1 if it failed (the errno in a->error). */
int	 ns_nl_answer_read(struct ns_nl_answer *a, void *buf, size_t len,
	    ns_nl_msg_fn, void *);

#endif
