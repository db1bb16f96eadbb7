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
 * protocol's node and says its cookie and addresses instead.
 */
#include <sys/socket.h>

#include <netinet/in.h>
#include <arpa/inet.h>

#include <err.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <linux/inet_diag.h>
#include <linux/netlink.h>
#include <linux/rtnetlink.h>
#include <linux/sock_diag.h>

#include "nl.h"
#include "provider.h"
#include "watch.h"

static const struct ns_tree sock_trees[] = {
	{ "/sock/tcp", 1, NULL, NULL, NULL },
	{ "/sock/tcp6", 1, NULL, NULL, NULL },
	{ "/sock/udp", 1, NULL, NULL, NULL },
	{ "/sock/udp6", 1, NULL, NULL, NULL },
};

static const int sock_groups[] = {
	SKNLGRP_INET_TCP_DESTROY, SKNLGRP_INET6_TCP_DESTROY,
	SKNLGRP_INET_UDP_DESTROY, SKNLGRP_INET6_UDP_DESTROY,
};

struct known {
	uint64_t	cookie;
	uint32_t	inode;
};

static struct known	*known;
static size_t		 nknown, capknown;

static const struct {
	int	family;
	int	proto;
} tables[] = {
	{ AF_INET, IPPROTO_TCP }, { AF_INET6, IPPROTO_TCP },
	{ AF_INET, IPPROTO_UDP }, { AF_INET6, IPPROTO_UDP },
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
	const struct inet_diag_msg *m = NLMSG_DATA(h);

	(void)arg;
	if (h->nlmsg_len < NLMSG_LENGTH(sizeof(*m)) || m->idiag_inode == 0)
		return 0;
	if (nknown == capknown && (known = reallocarray(known,
	    capknown = capknown * 2 + 256, sizeof(*known))) == NULL)
		err(1, NULL);
	known[nknown].cookie = cookie_of(m);
	known[nknown++].inode = m->idiag_inode;
	return 0;
}

/* A table dumped again forgets what its last dump put in the map. */
static void
known_reset(void *arg)
{
	nknown = *(size_t *)arg;
}

/* Dump the four tables afresh into the map of cookies; a table the
 * kernel will not dump is left out. */
static void
known_load(void)
{
	struct inet_diag_req_v2 req;
	struct ns_nlsock *sk;
	struct ns_nlreq msg;
	size_t i, mark;

	nknown = 0;
	if ((sk = ns_nl_socket(NETLINK_SOCK_DIAG)) == NULL)
		return;
	for (i = 0; i < 4; i++) {
		memset(&req, 0, sizeof(req));
		req.sdiag_family = tables[i].family;
		req.sdiag_protocol = tables[i].proto;
		req.idiag_states = ~0U;
		ns_nlreq_init(&msg, SOCK_DIAG_BY_FAMILY, NLM_F_DUMP, &req,
		    sizeof(req));
		mark = nknown;
		(void)ns_nl_request(sk, &msg, known_msg, known_reset, &mark);
	}
	ns_nl_close(sk);
	if (nknown > 0)
		qsort(known, nknown, sizeof(*known), cmp_known);
}

static uint32_t
known_inode(uint64_t cookie)
{
	struct known k = { cookie, 0 }, *f;

	if (nknown == 0)
		return 0;
	f = bsearch(&k, known, nknown, sizeof(*known), cmp_known);
	return f != NULL ? f->inode : 0;
}

/* The protocol's name for a family and an IP protocol number. */
static const char *
proto_name(int family, int proto)
{
	if (proto == IPPROTO_TCP)
		return family == AF_INET6 ? "tcp6" : "tcp";
	if (proto == IPPROTO_UDP)
		return family == AF_INET6 ? "udp6" : "udp";
	return NULL;
}

static void
destroy_msg(struct ns_source *src, const void *msg, void *arg)
{
	const struct nlmsghdr *h = msg;
	const struct inet_diag_msg *m = NLMSG_DATA(h);
	const struct rtattr *a;
	const char *proto;
	static const char *const names[] = { "cookie", "local", "remote" };
	char path[64], loc[INET6_ADDRSTRLEN], rem[INET6_ADDRSTRLEN];
	char cookie[24], local[INET6_ADDRSTRLEN + 8], remote[sizeof(local)];
	const char *vals[] = { cookie, local, remote };
	uint32_t inode;
	int len, ipproto = -1;

	(void)arg;
	if (h->nlmsg_type != SOCK_DIAG_BY_FAMILY ||
	    h->nlmsg_len < NLMSG_LENGTH(sizeof(*m)))
		return;
	len = h->nlmsg_len - NLMSG_LENGTH(sizeof(*m));
	for (a = (const void *)(m + 1); RTA_OK(a, len); a = RTA_NEXT(a, len))
		if (a->rta_type == INET_DIAG_PROTOCOL)
			ipproto = *(const unsigned char *)RTA_DATA(a);
	if ((proto = proto_name(m->idiag_family, ipproto)) == NULL)
		return;
	if ((inode = m->idiag_inode) == 0)
		inode = known_inode(cookie_of(m));
	if (inode != 0) {
		snprintf(path, sizeof(path), "/sock/%s/%u", proto, inode);
		ns_source_event(src, "remove", path);
		return;
	}
	inet_ntop(m->idiag_family, m->id.idiag_src, loc, sizeof(loc));
	inet_ntop(m->idiag_family, m->id.idiag_dst, rem, sizeof(rem));
	snprintf(path, sizeof(path), "/sock/%s", proto);
	snprintf(cookie, sizeof(cookie), "%llu",
	    (unsigned long long)cookie_of(m));
	snprintf(local, sizeof(local), "%s:%u", loc, ntohs(m->id.idiag_sport));
	snprintf(remote, sizeof(remote), "%s:%u", rem,
	    ntohs(m->id.idiag_dport));
	ns_source_note(src, "remove", path, names, vals, 3);
}

static void
destroy_read(struct ns_source *src, int fd, void *arg)
{
	ns_source_netlink(src, fd, destroy_msg, arg);
	known_load();
}

void
ns_watch_sock(struct ns_watch *w)
{
	struct sockaddr_nl sa = { .nl_family = AF_NETLINK };
	struct ns_source *src = NULL;
	size_t i;
	int fd;

	if (!ns_watch_wants(w, "/sock"))
		return;
	if ((fd = socket(AF_NETLINK, SOCK_RAW | SOCK_NONBLOCK | SOCK_CLOEXEC,
	    NETLINK_SOCK_DIAG)) == -1 ||
	    bind(fd, (struct sockaddr *)&sa, sizeof(sa)) == -1) {
		warn("/sock: sock_diag");
		if (fd != -1)
			close(fd);
		return;
	}
	ns_source_rcvbuf(fd);
	for (i = 0; i < 4; i++) {
		if (!ns_watch_wants(w, sock_trees[i].top))
			continue;
		if (setsockopt(fd, SOL_NETLINK, NETLINK_ADD_MEMBERSHIP,
		    &sock_groups[i], sizeof(sock_groups[i])) == -1) {
			warn("%s: sock_diag destroy group", sock_trees[i].top);
			continue;
		}
		if (src == NULL)
			src = ns_watch_source(w, "sock_diag", fd, destroy_read,
			    NULL);
		ns_source_tree(src, &sock_trees[i]);
	}
	if (src == NULL)
		close(fd);
	else
		known_load();
}
