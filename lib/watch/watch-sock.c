/*
 * watch-sock.c: what nswatch hears of sockets.  The kernel announces a
 * socket's end, to root, on sock_diag's destroy groups (TCP and UDP, over
 * IPv4 and IPv6), as ss -E reads them; it announces no socket's birth.
 * A destroyed socket has given up its inode by the time it is announced
 * (the message says inode 0), so its path is found by its cookie, the
 * kernel's other identity of a socket, in a map of the four tables
 * dumped at start and again after each round of destroy events: memory
 * bounded by the tables, no work while nothing closes.  A socket born
 * and gone between two dumps has no path left; its line names its
 * protocol's node and says its cookie instead.  Either way the line says
 * the socket's local and remote addresses, as the message gives them.
 *
 * The groups answer for the namespace their socket was made in: another
 * network namespace a path names (/ns/net/INODE/sock/tcp) has a socket,
 * and a map, of its own.  Its sockets keep their paths of /sock, which
 * inodes make unique on the machine.
 */
#include <sys/socket.h>

#include <netinet/in.h>

#include <err.h>
#include <errno.h>
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <linux/inet_diag.h>
#include <linux/netlink.h>
#include <linux/rtnetlink.h>
#include <linux/sock_diag.h>

#include "netns.h"
#include "nl.h"
#include "provider.h"
#include "sockparse.h"
#include "watch.h"

#define NTABLE	4

/* A table: its node, destroy group, and dump. */
static const struct {
	const char	*top;
	int		 group;
	int		 family;
	int		 proto;
} tables[NTABLE] = {
	{ "/sock/tcp", SKNLGRP_INET_TCP_DESTROY, AF_INET, IPPROTO_TCP },
	{ "/sock/tcp6", SKNLGRP_INET6_TCP_DESTROY, AF_INET6, IPPROTO_TCP },
	{ "/sock/udp", SKNLGRP_INET_UDP_DESTROY, AF_INET, IPPROTO_UDP },
	{ "/sock/udp6", SKNLGRP_INET6_UDP_DESTROY, AF_INET6, IPPROTO_UDP },
};

struct known {
	uint64_t	cookie;
	uint32_t	inode;
};

/* One network namespace watched, for the watch's life. */
struct sockwatch {
	uint64_t	 ino;		/* 0: the caller's own */
	struct ns_nlsock *sk;		/* the destroy groups', kept open */
	struct ns_tree	 defs[NTABLE];
	struct known	*known;		/* sorted by cookie */
	size_t		 nknown, capknown, mark;
};

static uint64_t
cookie_of(const struct inet_diag_msg *m)
{
	return (uint64_t)m->id.idiag_cookie[1] << 32 | m->id.idiag_cookie[0];
}

static int
cmp_known(const void *a, const void *b)
{
	const struct known *x = a, *y = b;

	return x->cookie < y->cookie ? -1 : x->cookie > y->cookie;
}

/* One socket of a dump into the map. */
static int
known_msg(struct nlmsghdr *h, void *arg)
{
	struct sockwatch *sw = arg;
	const struct inet_diag_msg *m = NLMSG_DATA(h);

	if (h->nlmsg_len < NLMSG_LENGTH(sizeof(*m)) || m->idiag_inode == 0)
		return 0;
	if (sw->nknown == sw->capknown && (sw->known = reallocarray(sw->known,
	    sw->capknown = sw->capknown * 2 + 256, sizeof(*sw->known))) ==
	    NULL)
		err(1, NULL);
	sw->known[sw->nknown].cookie = cookie_of(m);
	sw->known[sw->nknown++].inode = m->idiag_inode;
	return 0;
}

/* A table dumped again forgets what its last dump put in the map. */
static void
known_reset(void *arg)
{
	struct sockwatch *sw = arg;

	sw->nknown = sw->mark;
}

/* A sock_diag socket in sw's namespace; NULL where none can be had. */
static struct ns_nlsock *
sw_socket(const struct sockwatch *sw)
{
	struct ns_nlsock *sk;
	uint64_t before;

	if (sw->ino == 0)
		return ns_nl_socket(NETLINK_SOCK_DIAG);
	before = ns_netns_retarget(sw->ino);
	sk = ns_netns_nl_socket(NETLINK_SOCK_DIAG);
	ns_netns_retarget(before);
	return sk;
}

/* Dump the four tables afresh into the map of cookies; a table the
 * kernel will not dump is left out. */
static void
known_load(struct sockwatch *sw)
{
	struct inet_diag_req_v2 req;
	struct ns_nlsock *sk;
	struct ns_nlreq msg;
	size_t i;

	sw->nknown = 0;
	if ((sk = sw_socket(sw)) == NULL)
		return;
	for (i = 0; i < NTABLE; i++) {
		memset(&req, 0, sizeof(req));
		req.sdiag_family = tables[i].family;
		req.sdiag_protocol = tables[i].proto;
		req.idiag_states = ~0U;
		ns_nlreq_init(&msg, SOCK_DIAG_BY_FAMILY, NLM_F_DUMP, &req,
		    sizeof(req));
		sw->mark = sw->nknown;
		(void)ns_nl_request(sk, &msg, known_msg, known_reset, sw);
	}
	ns_nl_close(sk);
	if (sw->nknown > 0)
		qsort(sw->known, sw->nknown, sizeof(*sw->known), cmp_known);
}

static uint32_t
known_inode(const struct sockwatch *sw, uint64_t cookie)
{
	struct known k = { cookie, 0 }, *f;

	if (sw->nknown == 0)
		return 0;
	f = bsearch(&k, sw->known, sw->nknown, sizeof(*sw->known), cmp_known);
	return f != NULL ? f->inode : 0;
}

/* The table a message is of, by its family and IP protocol; -1 if none
 * of the four. */
static int
table_of(int family, int proto)
{
	int i;

	for (i = 0; i < NTABLE; i++)
		if (tables[i].family == family && tables[i].proto == proto)
			return i;
	return -1;
}

/* The IP protocol a destroy message says, or -1. */
static int
msg_proto(const struct nlmsghdr *h)
{
	const struct nlattr *tb[INET_DIAG_MAX + 1];

	if (ns_nl_parse(h, sizeof(struct inet_diag_msg), tb,
	    INET_DIAG_MAX) == -1 || tb[INET_DIAG_PROTOCOL] == NULL ||
	    NS_NLA_LEN(tb[INET_DIAG_PROTOCOL]) < 1)
		return -1;
	return *(const unsigned char *)NS_NLA_DATA(tb[INET_DIAG_PROTOCOL]);
}

static void
destroy_msg(struct ns_source *src, const void *msg, void *arg)
{
	static const char *const names[] = { "cookie", "local", "remote" };
	const struct nlmsghdr *h = msg;
	const struct inet_diag_msg *m = NLMSG_DATA(h);
	struct sockwatch *sw = arg;
	struct sock_ent e;
	char path[64], cookie[24], local[INET6_ADDRSTRLEN + 16];
	char remote[sizeof(local)];
	const char *vals[] = { cookie, local, remote };
	uint32_t inode;
	int t;

	if (h->nlmsg_type != SOCK_DIAG_BY_FAMILY ||
	    h->nlmsg_len < NLMSG_LENGTH(sizeof(*m)) ||
	    (t = table_of(m->idiag_family, msg_proto(h))) == -1)
		return;
	memset(&e, 0, sizeof(e));
	if (ns_sock_diag_inet((struct nlmsghdr *)h, m->idiag_family, &e) ==
	    -1)
		return;
	/* As sock.c's local and remote say them; remote if connected. */
	ns_sock_inet_endpoint(&e, 0, local, sizeof(local));
	remote[0] = '\0';
	if (e.dport != 0)
		ns_sock_inet_endpoint(&e, 1, remote, sizeof(remote));
	snprintf(cookie, sizeof(cookie), "%" PRIu64, cookie_of(m));
	if ((inode = m->idiag_inode) == 0)
		inode = known_inode(sw, cookie_of(m));
	if (inode != 0) {
		snprintf(path, sizeof(path), "%s/%" PRIu32, tables[t].top,
		    inode);
		ns_source_note(src, "remove", path, names + 1, vals + 1, 2);
	} else
		ns_source_note(src, "remove", sw->defs[t].top, names, vals,
		    3);
}

static void
destroy_read(struct ns_source *src, int fd, void *arg)
{
	ns_source_netlink(src, fd, destroy_msg, arg);
	known_load(arg);
}

/* Watch the sockets of namespace ino (0: the caller's own) where w
 * wants them. */
static void
open_netns(struct ns_watch *w, uint64_t ino, void *arg)
{
	struct sockwatch *sw = ns_xcalloc(sizeof(*sw));
	struct ns_source *src = NULL;
	struct ns_nlsock *sk = NULL;
	char *top = NULL;
	int i;

	(void)arg;
	sw->ino = ino;
	for (i = 0; i < NTABLE; i++) {
		if (ino != 0 && asprintf(&top, "/ns/net/%" PRIu64 "%s", ino,
		    tables[i].top) == -1)
			err(1, NULL);
		sw->defs[i].top = ino != 0 ? top : tables[i].top;
		sw->defs[i].depth = 1;
		sw->defs[i].ident = "local,remote";
		sw->defs[i].objs = ino != 0 ? tables[i].top : NULL;
		if (!ns_watch_wants(w, sw->defs[i].top))
			continue;
		if (sk == NULL && (sk = sw_socket(sw)) == NULL) {
			ns_watch_refuse(w, sw->defs[i].top, "sock_diag: %s",
			    ino != 0 ? "the network namespace cannot be "
			    "entered" : strerror(errno));
			if (ino == 0 && ns_watch_nargs(w) == 0)
				warn("/sock: sock_diag");
			break;
		}
		if (ns_nl_join(sk, tables[i].group) == -1) {
			ns_watch_refuse(w, sw->defs[i].top, "sock_diag's "
			    "destroy group: %s", strerror(errno));
			if (ns_watch_nargs(w) == 0)
				warn("%s: sock_diag destroy group",
				    sw->defs[i].top);
			continue;
		}
		if (src == NULL) {
			ns_source_rcvbuf(ns_nl_fd(sk));
			src = ns_watch_source(w, "sock_diag", ns_nl_fd(sk),
			    destroy_read, sw);
		}
		ns_source_tree(src, &sw->defs[i]);
	}
	/* Kept open for the watch's life, or let go with what it holds. */
	if (src != NULL) {
		sw->sk = sk;
		known_load(sw);
		return;
	}
	ns_nl_close(sk);
	if (ino != 0)
		for (i = 0; i < NTABLE; i++)
			free((char *)sw->defs[i].top);
	free(sw);
}

void
ns_watch_sock(struct ns_watch *w)
{
	ns_watch_netns(w, open_netns, NULL);
}
