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

struct ns_nlsock;

/* A netlink socket made elsewhere (in another namespace, and handed
 * over), as ns_nl_socket (provider.h) makes its own; it is the socket's
 * to close. */
struct ns_nlsock *ns_nl_adopt(int fd);
/* Its descriptor, for poll. */
int	 ns_nl_fd(const struct ns_nlsock *);
/* Join a multicast group (RTNLGRP_LINK...): 0, or -1 with errno. */
int	 ns_nl_join(struct ns_nlsock *, unsigned int group);
/* Close it and free it; NULL is nothing. */
void	 ns_nl_close(struct ns_nlsock *);

/*
 * The attributes of a message whose family header is hdrlen bytes, by
 * type, as libnl's nlmsg_parse without a policy: tb[0..max] the last
 * attribute of each type (its flag bits aside), NULL where none; those
 * of a larger type, and one cut short by the message's end, passed
 * over.  -1 if the message is too short for its family header.
 */
int	 ns_nl_parse(const struct nlmsghdr *, size_t hdrlen,
	    const struct nlattr **tb, uint16_t max);
/* An attribute's payload and its length. */
#define NS_NLA_DATA(a)	((void *)((char *)(a) + NLA_HDRLEN))
#define NS_NLA_LEN(a)	((size_t)((a)->nla_len - NLA_HDRLEN))

/*
 * A request: the netlink header, the family's header and a few
 * attributes, in one buffer of its own (on the caller's stack).
 * ns_nlreq_init writes the headers, ns_nlreq_put adds an attribute; a
 * request too large for the buffer is a bug, and ends the program.
 */
struct ns_nlreq {
	union {
		struct nlmsghdr	h;
		unsigned char	buf[256];
	};
};
void	 ns_nlreq_init(struct ns_nlreq *, uint16_t type, uint16_t flags,
	    const void *hdr, size_t len);
void	 ns_nlreq_put(struct ns_nlreq *, uint16_t type, const void *data,
	    size_t len);

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
int	 ns_nl_request(struct ns_nlsock *, struct ns_nlreq *req, ns_nl_msg_fn,
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
