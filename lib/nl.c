/*
 * nl.c: the netlink socket every reader of a kernel table opens (link.c,
 * net.c: rtnetlink; sock*.c, watch-sock.c: sock_diag), set up one way,
 * and the one loop that reads the answer to a request (nl.h).
 *
 * libnl builds and sends the request; the answer is read here, into one
 * buffer, and each message handed over where it lies.  nl_recvmsgs would
 * copy every message into an allocation of its own first, which for a
 * table of ten thousand sockets is ten thousand of them.
 */
#include <sys/socket.h>

#include <err.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "lazy.h"
#include "provider.h"
#include "nl.h"

/* The size of a read: the most the kernel puts in one datagram of a
 * dump, unless one message is larger. */
#define NL_READ		32768

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
	ns_nl_setup(sk);
	return sk;
}

void
ns_nl_setup(struct nl_sock *sk)
{
	/* The kernel fills each message of a dump up to the reader's
	 * buffer, up to 32 KiB: fewer, larger reads. */
	nl_socket_set_msg_buf_size(sk, NL_READ);
	/* A dump ends with NLMSG_DONE; an acknowledgement is not needed. */
	nl_socket_disable_auto_ack(sk);
}

/* The end of an answer: NLMSG_DONE, which may carry the error that cut a
 * dump short, or NLMSG_ERROR, whose error 0 is an acknowledgement. */
static int
answer_end(struct ns_nl_answer *a, const struct nlmsghdr *h)
{
	const struct nlmsgerr *e;
	int error = 0;

	if (h->nlmsg_type == NLMSG_DONE) {
		if (h->nlmsg_len >= NLMSG_LENGTH(sizeof(int)))
			memcpy(&error, NLMSG_DATA(h), sizeof(error));
	} else {
		if (h->nlmsg_len < NLMSG_LENGTH(sizeof(*e))) {
			a->error = EIO;
			return -1;
		}
		e = NLMSG_DATA(h);
		error = e->error;
	}
	if (error < 0) {
		a->error = -error;
		return -1;
	}
	return 0;
}

int
ns_nl_answer_read(struct ns_nl_answer *a, void *buf, size_t size,
    ns_nl_msg_fn fn, void *arg)
{
	struct nlmsghdr *h = buf;
	size_t step;
	int more = 1;

	if (size < sizeof(*h)) {
		a->error = EIO;
		return -1;
	}
	/* NLMSG_OK and NLMSG_NEXT, on a size_t that must not wrap. */
	for (; size >= sizeof(*h) && h->nlmsg_len >= sizeof(*h) &&
	    h->nlmsg_len <= size; h = (struct nlmsghdr *)((char *)h + step),
	    size -= step) {
		if ((step = NLMSG_ALIGN(h->nlmsg_len)) > size)
			step = size;
		/* What is left of an earlier answer. */
		if (h->nlmsg_seq != a->seq)
			continue;
		if (h->nlmsg_flags & NLM_F_DUMP_INTR)
			a->intr = 1;
		/* The answer to a request that is no dump is one message. */
		more = (h->nlmsg_flags & NLM_F_MULTI) != 0;
		if (h->nlmsg_type == NLMSG_DONE || h->nlmsg_type == NLMSG_ERROR)
			return answer_end(a, h);
		if (h->nlmsg_type == NLMSG_NOOP)
			continue;
		errno = 0;
		if (fn(h, arg) == -1) {
			a->error = errno != 0 ? errno : EIO;
			return -1;
		}
	}
	return more;
}

/* One datagram into buf: its length, which is more than size if it did
 * not fit; -1 with a->error. */
static ssize_t
read_one(int fd, void *buf, size_t size, struct ns_nl_answer *a)
{
	struct sockaddr_nl peer;
	struct iovec iov = { .iov_base = buf, .iov_len = size };
	struct msghdr mh = {
		.msg_name = &peer,
		.msg_namelen = sizeof(peer),
		.msg_iov = &iov,
		.msg_iovlen = 1,
	};
	ssize_t n;

	/* MSG_TRUNC: the length of the datagram, even if cut. */
	while ((n = recvmsg(fd, &mh, MSG_TRUNC)) == -1 && errno == EINTR)
		;
	if (n <= 0) {
		a->error = n == 0 ? EIO : errno;
		return -1;
	}
	return n;
}

/* Send the request once and read its whole answer. */
static int
ask(struct nl_sock *sk, struct nl_msg *req, struct ns_nl_answer *a,
    unsigned char **buf, size_t *size, ns_nl_msg_fn fn, void *arg)
{
	const struct nlmsghdr *first;
	ssize_t n;
	int r, cut;

	memset(a, 0, sizeof(*a));
	/* A fresh number: what is left of the last try is told apart. */
	nlmsg_hdr(req)->nlmsg_seq = NL_AUTO_SEQ;
	errno = 0;
	if (nl_send_auto(sk, req) < 0) {
		a->error = errno != 0 ? errno : EIO;
		return -1;
	}
	a->seq = nlmsg_hdr(req)->nlmsg_seq;
	do {
		if ((n = read_one(nl_socket_get_fd(sk), *buf, *size, a)) == -1)
			return -1;
		/* A message larger than the buffer was cut and is lost: the
		 * request is made again, once this answer is over, into a
		 * buffer that holds it. */
		if ((cut = (size_t)n > *size))
			a->intr = 1;
		r = ns_nl_answer_read(a, *buf, cut ? *size : (size_t)n, fn,
		    arg);
		first = (const struct nlmsghdr *)*buf;
		if (cut && r == 1 && !(first->nlmsg_flags & NLM_F_MULTI))
			r = 0;
		if (cut) {
			free(*buf);
			*size = (size_t)n;
			if ((*buf = malloc(*size)) == NULL)
				err(1, NULL);
		}
	} while (r == 1);
	return r;
}

int
ns_nl_request(struct nl_sock *sk, struct nl_msg *req, ns_nl_msg_fn fn,
    ns_nl_reset_fn reset, void *arg)
{
	struct ns_nl_answer a;
	unsigned char *buf;
	size_t size = NL_READ;
	int tries, r;

	if ((buf = malloc(size)) == NULL)
		err(1, NULL);
	for (tries = 1;; tries++) {
		if ((r = ask(sk, req, &a, &buf, &size, fn, arg)) == -1 ||
		    !a.intr)
			break;
		if (tries == NS_NL_DUMP_TRIES) {
			a.error = EAGAIN;
			r = -1;
			break;
		}
		if (reset != NULL)
			reset(arg);
	}
	free(buf);
	if (r == -1)
		errno = a.error;
	return r;
}
