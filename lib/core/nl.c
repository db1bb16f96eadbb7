/*
 * nl.c: the netlink socket every reader of a kernel table opens (link.c,
 * net.c: rtnetlink; sock*.c, watch-sock.c: sock_diag), set up one way,
 * and the one loop that reads the answer to a request (nl.h).
 *
 * The socket, the request and the reading of its answer are ours, not
 * libnl's: a request is a header and a few attributes in one small
 * buffer, and the answer is read into one buffer, each message handed
 * over where it lies (nl_recvmsgs would copy every message into an
 * allocation of its own first, ten thousand of them for a table of ten
 * thousand sockets).  Loading libnl-route and libnl-3 costs about a
 * millisecond, a fifth of a small listing; only the parsers of /net's
 * objects (dumps.c) and of some sock_diag answers (sockparse.c) still
 * call into it, and load it when they do.
 */
#include <sys/socket.h>

#include <err.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "provider.h"
#include "nl.h"

/* The size of a read: the most the kernel puts in one datagram of a
 * dump, unless one message is larger. */
#define NL_READ		32768

/* A netlink socket and the number of its last request. */
struct ns_nlsock {
	int		 fd;
	uint32_t	 seq;
};

struct ns_nlsock *
ns_nl_socket(int protocol)
{
	struct sockaddr_nl sa = { .nl_family = AF_NETLINK };
	int fd;

	/* A socket the kernel refuses is a protocol it lacks, or a limit
	 * met, which is said. */
	if ((fd = socket(AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC, protocol)) ==
	    -1) {
		ns_fail_limit("netlink", errno);
		return NULL;
	}
	/* Bound to a port the kernel picks: a socket not bound yet would
	 * get no notification of the groups it joins. */
	if (bind(fd, (struct sockaddr *)&sa, sizeof(sa)) == -1) {
		close(fd);
		return NULL;
	}
	return ns_nl_adopt(fd);
}

struct ns_nlsock *
ns_nl_adopt(int fd)
{
	struct ns_nlsock *sk = ns_xcalloc(sizeof(*sk));

	sk->fd = fd;
	/* Not 0, the number of every notification. */
	sk->seq = (uint32_t)time(NULL) | 1;
	return sk;
}

int
ns_nl_fd(const struct ns_nlsock *sk)
{
	return sk->fd;
}

int
ns_nl_join(struct ns_nlsock *sk, unsigned int group)
{
	return setsockopt(sk->fd, SOL_NETLINK, NETLINK_ADD_MEMBERSHIP, &group,
	    sizeof(group));
}

void
ns_nl_close(struct ns_nlsock *sk)
{
	if (sk == NULL)
		return;
	close(sk->fd);
	free(sk);
}

void
ns_nlreq_init(struct ns_nlreq *r, uint16_t type, uint16_t flags,
    const void *hdr, size_t len)
{
	if (NLMSG_LENGTH(len) > sizeof(r->buf))
		errx(1, "netlink request of %zu bytes", len);
	memset(r, 0, sizeof(*r));
	r->h.nlmsg_len = NLMSG_LENGTH(NLMSG_ALIGN(len));
	r->h.nlmsg_type = type;
	/* A dump ends with NLMSG_DONE; no acknowledgement is asked. */
	r->h.nlmsg_flags = NLM_F_REQUEST | flags;
	memcpy(NLMSG_DATA(&r->h), hdr, len);
}

void
ns_nlreq_put(struct ns_nlreq *r, uint16_t type, const void *data,
    size_t len)
{
	struct nlattr a = { .nla_type = type };
	size_t at = NLMSG_ALIGN(r->h.nlmsg_len);

	if (len > UINT16_MAX - NLA_HDRLEN ||
	    at + NLA_ALIGN(NLA_HDRLEN + len) > sizeof(r->buf))
		errx(1, "netlink request: attribute %u of %zu bytes", type, len);
	a.nla_len = (uint16_t)(NLA_HDRLEN + len);
	memcpy(r->buf + at, &a, sizeof(a));
	memcpy(r->buf + at + NLA_HDRLEN, data, len);
	r->h.nlmsg_len = (uint32_t)(at + NLA_ALIGN(a.nla_len));
}

int
ns_nl_parse(const struct nlmsghdr *h, size_t hdrlen,
    const struct nlattr **tb, uint16_t max)
{
	const struct nlattr *a;
	size_t at = NLMSG_LENGTH(NLMSG_ALIGN(hdrlen)), step;

	memset(tb, 0, (max + 1U) * sizeof(*tb));
	if (h->nlmsg_len < NLMSG_LENGTH(hdrlen))
		return -1;
	for (; at + NLA_HDRLEN <= h->nlmsg_len; at += step) {
		a = (const struct nlattr *)((const char *)h + at);
		if (a->nla_len < NLA_HDRLEN || a->nla_len > h->nlmsg_len - at)
			break;
		if ((a->nla_type & NLA_TYPE_MASK) <= max)
			tb[a->nla_type & NLA_TYPE_MASK] = a;
		step = NLA_ALIGN(a->nla_len);
	}
	return 0;
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
ask(struct ns_nlsock *sk, struct ns_nlreq *req, struct ns_nl_answer *a,
    unsigned char **buf, size_t *size, ns_nl_msg_fn fn, void *arg)
{
	static const struct sockaddr_nl kernel = { .nl_family = AF_NETLINK };
	const struct nlmsghdr *first;
	ssize_t n;
	int r, cut;

	memset(a, 0, sizeof(*a));
	/* A fresh number: what is left of the last try is told apart. */
	req->h.nlmsg_seq = ++sk->seq;
	while ((n = sendto(sk->fd, req->buf, req->h.nlmsg_len, 0,
	    (const struct sockaddr *)&kernel, sizeof(kernel))) == -1 &&
	    errno == EINTR)
		;
	if (n != (ssize_t)req->h.nlmsg_len) {
		a->error = n == -1 ? errno : EIO;
		return -1;
	}
	a->seq = req->h.nlmsg_seq;
	do {
		if ((n = read_one(sk->fd, *buf, *size, a)) == -1)
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
			*buf = ns_xmalloc(*size);
		}
	} while (r == 1);
	return r;
}

int
ns_nl_request(struct ns_nlsock *sk, struct ns_nlreq *req, ns_nl_msg_fn fn,
    ns_nl_reset_fn reset, void *arg)
{
	struct ns_nl_answer a;
	unsigned char *buf;
	size_t size = NL_READ;
	int tries, r;

	buf = ns_xmalloc(size);
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
