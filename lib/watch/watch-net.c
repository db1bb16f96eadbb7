/*
 * watch-net.c: what nswatch hears of the network: interfaces
 * (/dev/net), addresses, routes and neighbours (/net), from rtnetlink's
 * multicast groups, in the caller's network namespace and in each other
 * one a path names (/ns/net/INODE/...), by a socket made inside it.
 *
 * A message of an interface or an address names its object, so these
 * come and go by the kernel's word (their subtrees are told, watch.h):
 * an add for one not known yet, a remove, with what the object was, an
 * interface's name and kind, an address's interface and that one's
 * name, from a map of the namespace's interfaces that the link messages
 * keep.  Their subtrees are listed only for what changed.  So an
 * address the kernel never announced (IPv6, tentative while its link
 * was down) is still told of when it goes, as ip monitor tells of it.
 * A DELLINK that names another namespace (IFLA_NEW_NETNSID) is a move,
 * with the interface's new path; the netnsid is mapped to its namespace
 * by a worker (netns.c asks each namespace there is for its id), since
 * what an id names changes as namespaces come and go.
 *
 * A route's path depends on its siblings (the metric and interface that
 * tell it apart), so a route's message, and a neighbour's, only marks
 * its subtree, which is listed afresh and compared.  Lifetimes, which
 * count down, are not compared.
 *
 * A socket holds its namespace: one watched lives while the watch
 * runs, as it does under ip -n NAME monitor.
 */
#include <sys/socket.h>

#include <err.h>
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <linux/rtnetlink.h>

#include "netns.h"
#include "nl.h"
#include "provider.h"
#include "watch.h"
#include "watch-netparse.h"

enum { T_LINK, T_ADDR, T_ROUTE, T_NEIGH, NTREE };

static const struct ns_tree net_trees[NTREE] = {
	[T_LINK] = { "/dev/net", 1,
	    "name,flags,operstate,carrier,address,mtu", NULL, NULL,
	    "name,kind", 1 },
	[T_ADDR] = { "/net/addr", 2, "flags,scope,label", NULL, NULL,
	    "interface,ifname=interface.name", 1 },
	[T_ROUTE] = { "/net/route", 2, "kind,protocol,scope,gateway,"
	    "interface,prefsrc,nexthops", NULL, NULL,
	    "interface,ifname=interface.name", 0 },
	[T_NEIGH] = { "/net/neigh", 2, "lladdr,state,flags", NULL, NULL,
	    "interface,ifname=interface.name", 0 },
};

static const unsigned int net_groups[NTREE][2] = {
	[T_LINK] = { RTNLGRP_LINK, RTNLGRP_LINK },
	[T_ADDR] = { RTNLGRP_IPV4_IFADDR, RTNLGRP_IPV6_IFADDR },
	[T_ROUTE] = { RTNLGRP_IPV4_ROUTE, RTNLGRP_IPV6_ROUTE },
	[T_NEIGH] = { RTNLGRP_NEIGH, RTNLGRP_NEIGH },
};

/* An interface as last told: what its addresses' lines name it by. */
struct link {
	int32_t		 ifindex;
	char		 name[NS_WLINK_NAME];
	char		 kind[NS_WLINK_KIND];
};

/* One network namespace watched; kept for the watch's life, which is
 * the process's. */
struct netwatch {
	uint64_t	 ino;		/* 0: the caller's own */
	char		 prefix[32];	/* "", or /ns/net/INO */
	struct ns_nlsock *sk;
	struct ns_tree	 defs[NTREE];	/* net_trees under the prefix */
	int		 tree[NTREE];	/* the source's subtree, or -1 */
	struct link	*links;		/* sorted by ifindex */
	size_t		 nlinks;
};

/* ---- the interfaces of a namespace, by index ---- */

static struct link *
link_find(struct netwatch *nw, int32_t ifindex, size_t *at)
{
	size_t lo = 0, hi = nw->nlinks, mid;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (nw->links[mid].ifindex == ifindex) {
			*at = mid;
			return &nw->links[mid];
		}
		if (ifindex < nw->links[mid].ifindex)
			hi = mid;
		else
			lo = mid + 1;
	}
	*at = lo;
	return NULL;
}

/* Keep what a message says of an interface; what it leaves out stays. */
static void
link_put(struct netwatch *nw, const struct ns_wlink *l)
{
	struct link *k;
	size_t at;

	if ((k = link_find(nw, l->ifindex, &at)) == NULL) {
		nw->links = ns_xreallocarray(nw->links, nw->nlinks + 1,
		    sizeof(*nw->links));
		k = &nw->links[at];
		memmove(k + 1, k, (nw->nlinks - at) * sizeof(*k));
		nw->nlinks++;
		memset(k, 0, sizeof(*k));
		k->ifindex = l->ifindex;
	}
	if (l->name[0] != '\0')
		strlcpy(k->name, l->name, sizeof(k->name));
	if (l->kind[0] != '\0')
		strlcpy(k->kind, l->kind, sizeof(k->kind));
}

/* Let an interface go, filling in what its message left out. */
static void
link_drop(struct netwatch *nw, struct ns_wlink *l)
{
	struct link *k;
	size_t at;

	if ((k = link_find(nw, l->ifindex, &at)) == NULL)
		return;
	if (l->name[0] == '\0')
		strlcpy(l->name, k->name, sizeof(l->name));
	if (l->kind[0] == '\0')
		strlcpy(l->kind, k->kind, sizeof(l->kind));
	memmove(k, k + 1, (nw->nlinks - at - 1) * sizeof(*k));
	nw->nlinks--;
}

static const char *
link_name(struct netwatch *nw, uint32_t ifindex)
{
	struct link *k;
	size_t at;

	if (ifindex > INT32_MAX ||
	    (k = link_find(nw, (int32_t)ifindex, &at)) == NULL)
		return "";
	return k->name;
}

static int
link_dumped(struct nlmsghdr *h, void *arg)
{
	struct ns_wlink l;

	if (ns_wlink_parse(h, &l) == 0)
		link_put(arg, &l);
	return 0;
}

static void
link_reset(void *arg)
{
	struct netwatch *nw = arg;

	nw->nlinks = 0;
}

/* The socket of a request in nw's namespace; NULL with errno. */
static struct ns_nlsock *
nw_socket(const struct netwatch *nw, int protocol)
{
	struct ns_nlsock *sk;
	uint64_t before;
	int e;

	if (nw->ino == 0)
		return ns_nl_socket(protocol);
	before = ns_netns_retarget(nw->ino);
	errno = 0;
	sk = ns_netns_nl_socket(protocol);
	e = errno != 0 ? errno : EACCES;
	ns_netns_retarget(before);
	errno = e;
	return sk;
}

/* Dump the namespace's interfaces into the map, afresh. */
static void
links_load(struct netwatch *nw)
{
	struct ifinfomsg ifi = { .ifi_family = AF_UNSPEC };
	struct ns_nlsock *sk;
	struct ns_nlreq req;

	nw->nlinks = 0;
	if ((sk = nw_socket(nw, NETLINK_ROUTE)) == NULL)
		return;
	ns_nlreq_init(&req, RTM_GETLINK, NLM_F_DUMP, &ifi, sizeof(ifi));
	(void)ns_nl_request(sk, &req, link_dumped, link_reset, nw);
	ns_nl_close(sk);
}

/* ---- a move: where to ---- */

struct whither {
	uint64_t	 from;		/* the namespace that gave the id */
	int32_t		 nsid;
};

/* In a worker: the inode of the namespace nsid names, or 0. */
static void
write_whither(FILE *fp, void *arg)
{
	struct whither *q = arg;

	ns_netns_retarget(q->from);
	fprintf(fp, "%" PRIu64, ns_netns_of_nsid(q->nsid));
}

/* The path an interface moved out of nw has in its new namespace, or
 * "" if that cannot be found (a namespace nothing this process can see
 * keeps). */
static void
moved_to(const struct netwatch *nw, const struct ns_wlink *l, char *buf,
    size_t size)
{
	struct whither q = { nw->ino, l->nsid };
	uint64_t ino = 0;
	size_t len;
	char *answer;

	answer = ns_watch_worker(write_whither, &q, &len);
	if (len > 0 && len < 32 && answer[len - 1] != '\0') {
		answer = realloc(answer, len + 1);
		if (answer == NULL)
			err(1, NULL);
		answer[len] = '\0';
		if (ns_parse_u64(answer, UINT64_MAX, &ino) == -1)
			ino = 0;
	}
	free(answer);
	buf[0] = '\0';
	if (ino == ns_netns_here())
		snprintf(buf, size, "/dev/net/%" PRId32, l->newindex);
	else if (ino != 0)
		snprintf(buf, size, "/ns/net/%" PRIu64 "/dev/net/%" PRId32,
		    ino, l->newindex);
}

/* ---- messages ---- */

static void
link_msg(struct ns_source *src, struct netwatch *nw,
    const struct nlmsghdr *h)
{
	static const char *const names[] = { "to", "name", "kind" };
	const char *vals[3];
	char path[64], to[64];
	struct ns_wlink l;
	int t = nw->tree[T_LINK];

	if (ns_wlink_parse(h, &l) == -1) {
		/* A bridge's word of a port: its flags may have changed. */
		if (t >= 0)
			ns_source_dirty(src, t);
		return;
	}
	snprintf(path, sizeof(path), "%s/dev/net/%" PRId32, nw->prefix,
	    l.ifindex);
	if (!l.del) {
		link_put(nw, &l);
		if (t < 0)
			return;
		vals[1] = l.name;
		vals[2] = l.kind;
		if (!ns_source_knows(src, path))
			ns_source_note(src, "add", path, names + 1, vals + 1,
			    2);
		/* Listed for what else it has, or what changed. */
		ns_source_dirty(src, t);
		return;
	}
	link_drop(nw, &l);
	if (t < 0)
		return;
	vals[1] = l.name;
	vals[2] = l.kind;
	if (!l.moved) {
		ns_source_note(src, "remove", path, names + 1, vals + 1, 2);
		return;
	}
	moved_to(nw, &l, to, sizeof(to));
	vals[0] = to;
	ns_source_note(src, "move", path, names, vals, 3);
}

static void
addr_msg(struct ns_source *src, struct netwatch *nw,
    const struct nlmsghdr *h)
{
	static const char *const names[] = { "interface", "ifname" };
	const char *vals[2];
	char path[128], iface[64];
	struct ns_waddr a;
	int t = nw->tree[T_ADDR];

	if (t < 0 || ns_waddr_parse(h, &a) == -1)
		return;
	snprintf(path, sizeof(path), "%s/net/addr/%" PRIu32 "/%s",
	    nw->prefix, a.ifindex, a.key);
	snprintf(iface, sizeof(iface), "%s/dev/net/%" PRIu32, nw->prefix,
	    a.ifindex);
	vals[0] = iface;
	vals[1] = link_name(nw, a.ifindex);
	/* An IPv4 address's label is its interface's name, unless set. */
	if (vals[1][0] == '\0')
		vals[1] = a.label;
	if (a.del)
		ns_source_note(src, "remove", path, names, vals, 2);
	else {
		if (!ns_source_knows(src, path))
			ns_source_note(src, "add", path, names, vals, 2);
		ns_source_dirty(src, t);
	}
}

static void
net_msg(struct ns_source *src, const void *msg, void *arg)
{
	const struct nlmsghdr *h = msg;
	struct netwatch *nw = arg;

	switch (h->nlmsg_type) {
	case RTM_NEWLINK:
	case RTM_DELLINK:
		link_msg(src, nw, h);
		break;
	case RTM_NEWADDR:
	case RTM_DELADDR:
		addr_msg(src, nw, h);
		break;
	case RTM_NEWROUTE:
	case RTM_DELROUTE:
		if (nw->tree[T_ROUTE] >= 0)
			ns_source_dirty(src, nw->tree[T_ROUTE]);
		break;
	case RTM_NEWNEIGH:
	case RTM_DELNEIGH:
		if (nw->tree[T_NEIGH] >= 0)
			ns_source_dirty(src, nw->tree[T_NEIGH]);
		break;
	}
}

static void
net_read(struct ns_source *src, int fd, void *arg)
{
	/* Link messages were lost with the rest: the map is made again. */
	if (ns_source_netlink(src, fd, net_msg, arg) == -1)
		links_load(arg);
}

/* ---- opening ---- */

/* Why nw's rtnetlink cannot be had, for the subtrees that want it. */
static void
refuse(struct ns_watch *w, struct netwatch *nw, const int *wants, int e)
{
	int i;

	for (i = 0; i < NTREE; i++) {
		if (!wants[i])
			continue;
		if (nw->ino != 0)
			ns_watch_refuse(w, nw->defs[i].top,
			    "the network namespace cannot be entered: %s",
			    strerror(e));
		else {
			ns_watch_refuse(w, nw->defs[i].top, "rtnetlink: %s",
			    strerror(e));
			if (ns_watch_nargs(w) == 0)
				warnx("%s: rtnetlink: %s", nw->defs[i].top,
				    strerror(e));
		}
	}
}

/* Join the groups the wanted subtrees need, and the link group, whose
 * messages keep the map of interfaces: 0, or -1 with errno. */
static int
join(struct netwatch *nw, const int *wants)
{
	int i;

	if (ns_nl_join(nw->sk, RTNLGRP_LINK) == -1)
		return -1;
	for (i = 0; i < NTREE; i++)
		if (wants[i] && (ns_nl_join(nw->sk, net_groups[i][0]) == -1 ||
		    ns_nl_join(nw->sk, net_groups[i][1]) == -1))
			return -1;
	return 0;
}

/* Watch the namespace ino (0: the caller's own) where w wants it. */
static void
open_netns(struct ns_watch *w, uint64_t ino, void *arg)
{
	struct netwatch *nw = ns_xcalloc(sizeof(*nw));
	struct ns_source *src;
	char *top;
	int i, any = 0, wants[NTREE];

	(void)arg;
	nw->ino = ino;
	if (ino != 0)
		snprintf(nw->prefix, sizeof(nw->prefix), "/ns/net/%" PRIu64,
		    ino);
	for (i = 0; i < NTREE; i++) {
		nw->defs[i] = net_trees[i];
		top = ns_xasprintf("%s%s", nw->prefix, net_trees[i].top);
		nw->defs[i].top = top;
		nw->tree[i] = -1;
		any |= wants[i] = ns_watch_wants(w, nw->defs[i].top);
	}
	if (!any)
		goto out;
	if ((nw->sk = nw_socket(nw, NETLINK_ROUTE)) == NULL ||
	    join(nw, wants) == -1) {
		refuse(w, nw, wants, errno);
		ns_nl_close(nw->sk);
		goto out;
	}
	ns_source_rcvbuf(ns_nl_fd(nw->sk));
	src = ns_watch_source(w, "rtnetlink", ns_nl_fd(nw->sk), net_read, nw);
	for (i = 0; i < NTREE; i++)
		if (wants[i])
			nw->tree[i] = ns_source_tree(src, &nw->defs[i]);
	/* After joining: a change made meanwhile is told after the map. */
	links_load(nw);
	return;
out:
	for (i = 0; i < NTREE; i++)
		free((char *)nw->defs[i].top);
	free(nw);
}

/* Why a path under /ns that no namespace's source reaches cannot be
 * watched: a namespace's own coming and going is announced by nothing,
 * and of another namespace only a network one's subtrees have sources. */
static void
refuse_ns(struct ns_watch *w)
{
	const char *arg, *p;
	int i, depth;

	for (i = 0; i < ns_watch_nargs(w); i++) {
		arg = ns_watch_arg(w, i);
		if (strncmp(arg, "/ns/", 4) != 0 && strcmp(arg, "/ns") != 0)
			continue;
		for (depth = 0, p = arg; (p = strchr(p, '/')) != NULL; p++)
			depth++;
		if (depth <= 3)
			ns_watch_refuse(w, arg, "the kernel announces no "
			    "namespace's coming or going");
		else if (strncmp(arg, "/ns/net/", 8) != 0)
			ns_watch_refuse(w, arg, "of another namespace, only "
			    "a network namespace's subtrees are watched");
	}
}

void
ns_watch_net(struct ns_watch *w)
{
	ns_watch_netns(w, open_netns, NULL);
	refuse_ns(w);
}
