/*
 * net.c: the /net provider: the addresses, routes and neighbours of the
 * caller's network namespace, as rtnetlink gives them.
 *
 *	/net/addr/IFINDEX/ADDR-PLEN	an address, under its interface
 *	/net/route/TABLE/DST-PLEN...	a route, under its table
 *	/net/neigh/IFINDEX/ADDR		a neighbour, under its interface
 *
 * Each of the three is one rtnetlink dump, made the first time it is
 * needed and kept for the run, indexed by an array sorted on the
 * kernel's own key: a lookup is a binary search, a listing a walk in
 * order.  An object remembers its place in that array (id[0]), which
 * stays put for the run, and its kind (id[1]).
 *
 * The dumps are parsed by libnl into its objects, but not gathered into
 * libnl caches: a cache keeps one object per identity as libnl sees it,
 * and its identity of a route (family, table, tos, destination,
 * priority) leaves out the interface, so a route cache holds one
 * fe80::/64 route where the kernel has one per interface.
 */
#include <sys/types.h>
#include <sys/socket.h>

#include <arpa/inet.h>
#include <err.h>
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <linux/if_addr.h>
#include <linux/neighbour.h>
#include <linux/rtnetlink.h>
#include <netlink/netlink.h>
#include <netlink/cache.h>
#include <netlink/msg.h>
#include <netlink/route/addr.h>
#include <netlink/route/neighbour.h>
#include <netlink/route/nexthop.h>
#include <netlink/route/route.h>

#include "provider.h"
#include "link.h"
#include "nl.h"
#include "watch.h"

/* What an object is sorted and found by. */
struct key {
	uint32_t	 major;		/* the ifindex, or the table */
	int		 family;	/* AF_INET or AF_INET6 */
	unsigned char	 addr[16];	/* the address, zero-padded */
	int		 plen;		/* prefix length; 0 for a neighbour */
};

/* One object of a dump. */
struct ent {
	struct key	 key;
	char		*name;		/* its path's last component */
	struct nl_object *obj;		/* held for the run */
	size_t		 seq;		/* its place in the dump */
};

/* One dump and its index, made once per run. */
struct set {
	int		 msgtype;	/* RTM_GETADDR... */
	size_t		 hdrlen;	/* its header: ifaddrmsg... */
	/* Fill in the key and name of an object; -1 to pass it over. */
	int		(*keep)(struct nl_object *, struct ent *);
	/* Make names unique once the index is sorted; may be NULL. */
	void		(*settle)(struct set *);
	int		 loaded;
	int		 error;		/* errno of a failed dump */
	struct ent	*ent;
	size_t		 n;
};

/* A number and the name ip(8) gives it. */
struct name {
	uint32_t	 id;
	const char	*name;
};

/* Names from a builtin list and from one of iproute2's files. */
struct names {
	const char		*file;
	const struct name	*builtin;
	size_t			 nbuiltin;
	int			 loaded;
	struct name		*v;
	size_t			 n;
};

/* The interface names of this network namespace, sorted by ifindex. */
struct ifname {
	uint32_t	 ifindex;
	char		*name;
};

/* One of /net/addr, /net/route, /net/neigh. */
struct kind {
	const char		*name;	/* its component below /net */
	struct set		*set;
	const struct ns_class	*top;	/* /net/addr */
	const struct ns_class	*group;	/* /net/addr/IFINDEX */
	const struct ns_class	*leaf;	/* /net/addr/IFINDEX/ADDR */
	/* The number a group component names, aliases allowed. */
	int			(*group_id)(const char *, uint32_t *);
	/* The entry a leaf component names, or -1 with errno. */
	int			(*find)(uint32_t, const char *, size_t *);
};

static int	keep_addr(struct nl_object *, struct ent *);
static int	keep_route(struct nl_object *, struct ent *);
static int	keep_neigh(struct nl_object *, struct ent *);
static void	settle_routes(struct set *);
static int	ifindex_of(const char *, uint32_t *);
static int	table_of(const char *, uint32_t *);
static int	find_addr(uint32_t, const char *, size_t *);
static int	find_route(uint32_t, const char *, size_t *);
static int	find_neigh(uint32_t, const char *, size_t *);

static const struct ns_class net_class, addrs_class, ifaddrs_class,
    addr_class, routes_class, table_class, route_class, neighs_class,
    ifneighs_class, neigh_class;

static struct set addrs = {
	.msgtype = RTM_GETADDR,
	.hdrlen = sizeof(struct ifaddrmsg),
	.keep = keep_addr,
};
static struct set routes = {
	.msgtype = RTM_GETROUTE,
	.hdrlen = sizeof(struct rtmsg),
	.keep = keep_route,
	.settle = settle_routes,
};
static struct set neighs = {
	.msgtype = RTM_GETNEIGH,
	.hdrlen = sizeof(struct ndmsg),
	.keep = keep_neigh,
};

enum { KADDR, KROUTE, KNEIGH, NKIND };

static const struct kind kinds[NKIND] = {
	[KADDR] = { "addr", &addrs, &addrs_class, &ifaddrs_class,
	    &addr_class, ifindex_of, find_addr },
	[KROUTE] = { "route", &routes, &routes_class, &table_class,
	    &route_class, table_of, find_route },
	[KNEIGH] = { "neigh", &neighs, &neighs_class, &ifneighs_class,
	    &neigh_class, ifindex_of, find_neigh },
};

static const struct name table_builtin[] = {
	{ RT_TABLE_DEFAULT, "default" },
	{ RT_TABLE_MAIN, "main" },
	{ RT_TABLE_LOCAL, "local" },
};

/* The protocols iproute2 knows without its file. */
static const struct name proto_builtin[] = {
	{ RTPROT_UNSPEC, "unspec" },
	{ RTPROT_REDIRECT, "redirect" },
	{ RTPROT_KERNEL, "kernel" },
	{ RTPROT_BOOT, "boot" },
	{ RTPROT_STATIC, "static" },
	{ RTPROT_GATED, "gated" },
	{ RTPROT_RA, "ra" },
	{ RTPROT_MRT, "mrt" },
	{ RTPROT_ZEBRA, "zebra" },
	{ RTPROT_BIRD, "bird" },
	{ RTPROT_DNROUTED, "dnrouted" },
	{ RTPROT_XORP, "xorp" },
	{ RTPROT_NTK, "ntk" },
	{ RTPROT_DHCP, "dhcp" },
	{ RTPROT_KEEPALIVED, "keepalived" },
	{ RTPROT_BABEL, "babel" },
	{ RTPROT_BGP, "bgp" },
	{ RTPROT_ISIS, "isis" },
	{ RTPROT_OSPF, "ospf" },
	{ RTPROT_RIP, "rip" },
	{ RTPROT_EIGRP, "eigrp" },
};

static struct names tables = {
	.file = "/etc/iproute2/rt_tables",
	.builtin = table_builtin,
	.nbuiltin = sizeof(table_builtin) / sizeof(table_builtin[0]),
};
static struct names protos = {
	.file = "/etc/iproute2/rt_protos",
	.builtin = proto_builtin,
	.nbuiltin = sizeof(proto_builtin) / sizeof(proto_builtin[0]),
};

static const struct name scope_names[] = {
	{ RT_SCOPE_UNIVERSE, "global" },
	{ RT_SCOPE_SITE, "site" },
	{ RT_SCOPE_LINK, "link" },
	{ RT_SCOPE_HOST, "host" },
	{ RT_SCOPE_NOWHERE, "nowhere" },
};

static const struct name rtype_names[] = {
	{ RTN_UNSPEC, "none" },
	{ RTN_UNICAST, "unicast" },
	{ RTN_LOCAL, "local" },
	{ RTN_BROADCAST, "broadcast" },
	{ RTN_ANYCAST, "anycast" },
	{ RTN_MULTICAST, "multicast" },
	{ RTN_BLACKHOLE, "blackhole" },
	{ RTN_UNREACHABLE, "unreachable" },
	{ RTN_PROHIBIT, "prohibit" },
	{ RTN_THROW, "throw" },
	{ RTN_NAT, "nat" },
	{ RTN_XRESOLVE, "xresolve" },
};

/* Address flags, in bit order, by the names ip(8) prints.  The secondary
 * bit of an IPv6 address means a temporary one, and ip says so. */
static const struct name addr_flag_names[] = {
	{ IFA_F_SECONDARY, "secondary" },
	{ IFA_F_NODAD, "nodad" },
	{ IFA_F_OPTIMISTIC, "optimistic" },
	{ IFA_F_DADFAILED, "dadfailed" },
	{ IFA_F_HOMEADDRESS, "home" },
	{ IFA_F_DEPRECATED, "deprecated" },
	{ IFA_F_TENTATIVE, "tentative" },
	{ IFA_F_PERMANENT, "permanent" },
	{ IFA_F_MANAGETEMPADDR, "mngtmpaddr" },
	{ IFA_F_NOPREFIXROUTE, "noprefixroute" },
	{ IFA_F_MCAUTOJOIN, "autojoin" },
	{ IFA_F_STABLE_PRIVACY, "stable-privacy" },
};

static const struct name nud_names[] = {
	{ NUD_INCOMPLETE, "INCOMPLETE" },
	{ NUD_REACHABLE, "REACHABLE" },
	{ NUD_STALE, "STALE" },
	{ NUD_DELAY, "DELAY" },
	{ NUD_PROBE, "PROBE" },
	{ NUD_FAILED, "FAILED" },
	{ NUD_NOARP, "NOARP" },
	{ NUD_PERMANENT, "PERMANENT" },
};

static const struct name ntf_names[] = {
	{ NTF_PROXY, "proxy" },
	{ NTF_EXT_LEARNED, "extern_learn" },
	{ NTF_OFFLOADED, "offload" },
	{ NTF_ROUTER, "router" },
};

#define NELEM(a)	(sizeof(a) / sizeof((a)[0]))

static struct nl_sock	*nlsock;
static int		 nlfailed;
static struct ifname	*ifnames;
static size_t		 nifnames;
static int		 ifnames_loaded;

/*
 * Small helpers.
 */
static char *
xstrdup(const char *s)
{
	char *d;

	if ((d = strdup(s)) == NULL)
		err(1, NULL);
	return d;
}

/* Append to a malloc'd string, which may start out NULL. */
static void
catf(char **s, const char *fmt, ...)
{
	va_list ap;
	char *add, *n;

	va_start(ap, fmt);
	if (vasprintf(&add, fmt, ap) == -1)
		err(1, NULL);
	va_end(ap);
	if (asprintf(&n, "%s%s", *s != NULL ? *s : "", add) == -1)
		err(1, NULL);
	free(*s);
	free(add);
	*s = n;
}

/* Append a word, a space before it unless it is the first. */
static void
catw(char **s, const char *word)
{
	catf(s, "%s%s", *s != NULL ? " " : "", word);
}

static int
none(void)
{
	errno = ENOENT;
	return -1;
}

/* Hand over a malloc'd string as the value; none if it is NULL. */
static int
add_own(struct ns_val *val, char *s)
{
	if (s == NULL)
		return none();
	ns_val_add(val, s);
	free(s);
	return 0;
}

static const char *
name_in(const struct name *v, size_t n, uint32_t id)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (v[i].id == id)
			return v[i].name;
	return NULL;
}

/* The names of the bits set in a mask, comma-separated; NULL if none. */
static char *
bit_names(const struct name *v, size_t n, uint32_t mask)
{
	char *s = NULL;
	size_t i;

	for (i = 0; i < n; i++)
		if (mask & v[i].id)
			catf(&s, "%s%s", s != NULL ? "," : "", v[i].name);
	return s;
}

static const char *
family_name(int family)
{
	return family == AF_INET ? "inet" : "inet6";
}

/*
 * iproute2's name files: "NUMBER NAME" a line, # for comments.  A line
 * later in the file wins, as it does for ip(8), so the file's entries
 * are searched from the end and before the builtin ones.
 */
static int
parse_number(const char *s, char **end, uint32_t *v)
{
	unsigned long long n;

	if (*s < '0' || *s > '9')
		return -1;
	errno = 0;
	n = strtoull(s, end, 0);
	if (errno != 0 || n > UINT32_MAX)
		return -1;
	*v = n;
	return 0;
}

static void
names_load(struct names *nm)
{
	char *line = NULL, *p, *end;
	size_t size = 0;
	uint32_t id;
	FILE *fp;

	if (nm->loaded)
		return;
	nm->loaded = 1;
	if ((fp = fopen(nm->file, "re")) == NULL)
		return;
	while (getline(&line, &size, fp) != -1) {
		p = line + strspn(line, " \t");
		if (parse_number(p, &end, &id) == -1 ||
		    (*end != ' ' && *end != '\t'))
			continue;
		p = end + strspn(end, " \t");
		p[strcspn(p, " \t\n#")] = '\0';
		if (*p == '\0')
			continue;
		if ((nm->v = reallocarray(nm->v, nm->n + 1,
		    sizeof(*nm->v))) == NULL)
			err(1, NULL);
		nm->v[nm->n].id = id;
		nm->v[nm->n++].name = xstrdup(p);
	}
	free(line);
	fclose(fp);
}

static const char *
names_find(struct names *nm, uint32_t id)
{
	size_t i;

	names_load(nm);
	for (i = nm->n; i > 0; i--)
		if (nm->v[i - 1].id == id)
			return nm->v[i - 1].name;
	return name_in(nm->builtin, nm->nbuiltin, id);
}

static int
names_id(struct names *nm, const char *name, uint32_t *id)
{
	size_t i;

	names_load(nm);
	for (i = nm->n; i > 0; i--)
		if (strcmp(nm->v[i - 1].name, name) == 0) {
			*id = nm->v[i - 1].id;
			return 0;
		}
	for (i = 0; i < nm->nbuiltin; i++)
		if (strcmp(nm->builtin[i].name, name) == 0) {
			*id = nm->builtin[i].id;
			return 0;
		}
	return none();
}

/* A number's name, else the number, in buf. */
static const char *
name_or_number(const char *name, uint32_t id, char *buf, size_t size)
{
	if (name != NULL)
		return name;
	snprintf(buf, size, "%u", id);
	return buf;
}

/*
 * Netlink.  One socket serves every dump of the run.
 */
static struct nl_sock *
nl_route(void)
{
	if (nlsock == NULL && !nlfailed &&
	    (nlsock = ns_nl_socket(NETLINK_ROUTE)) == NULL)
		nlfailed = 1;
	return nlsock;
}

static int
cmp_ifname(const void *a, const void *b)
{
	const struct ifname *x = a, *y = b;

	return x->ifindex < y->ifindex ? -1 : x->ifindex > y->ifindex;
}

static int
ifname_add(struct link *link, void *arg)
{
	const char *name;

	(void)arg;
	if ((name = link_str(link, IFLA_IFNAME)) == NULL)
		return 0;
	if ((ifnames = reallocarray(ifnames, nifnames + 1,
	    sizeof(*ifnames))) == NULL)
		err(1, NULL);
	ifnames[nifnames].ifindex = link_ifindex(link);
	ifnames[nifnames++].name = xstrdup(name);
	return 0;
}

/* The names are for summaries and aliases only: link.c's table (the
 * one dump /dev/net reads too), the first time one is wanted.  It comes
 * in the order of the ifindex. */
static void
ifnames_load(void)
{
	if (ifnames_loaded)
		return;
	ifnames_loaded = 1;
	(void)link_each(ifname_add, NULL);
}

/* The interface's name; its number if it has none. */
static const char *
ifname(uint32_t ifindex, char *buf, size_t size)
{
	struct ifname k = { .ifindex = ifindex }, *f;

	ifnames_load();
	if (nifnames > 0 && (f = bsearch(&k, ifnames, nifnames,
	    sizeof(*ifnames), cmp_ifname)) != NULL)
		return f->name;
	snprintf(buf, size, "%u", ifindex);
	return buf;
}

/* An interface component: its ifindex, or its name as an alias. */
static int
ifindex_of(const char *s, uint32_t *v)
{
	uint64_t n;
	size_t i;

	if (ns_parse_u64(s, INT_MAX, &n) == 0) {
		*v = n;
		return 0;
	}
	ifnames_load();
	for (i = 0; i < nifnames; i++)
		if (strcmp(ifnames[i].name, s) == 0) {
			*v = ifnames[i].ifindex;
			return 0;
		}
	return none();
}

/* A table component: its number, or its name (main, local) as an alias. */
static int
table_of(const char *s, uint32_t *v)
{
	uint64_t n;

	if (ns_parse_u64(s, UINT32_MAX, &n) == 0) {
		*v = n;
		return 0;
	}
	return names_id(&tables, s, v);
}

/*
 * Addresses in text.  Paths hold the form inet_ntop gives, the
 * compressed one for IPv6, so that each address has one spelling.
 */
static void
addr_bytes(struct nl_addr *a, unsigned char out[16])
{
	unsigned int len;

	memset(out, 0, 16);
	if (a == NULL)
		return;
	if ((len = nl_addr_get_len(a)) > 16)
		len = 16;
	memcpy(out, nl_addr_get_binary_addr(a), len);
}

static const char *
key_text(const struct key *k, char *buf, size_t size)
{
	if (inet_ntop(k->family, k->addr, buf, size) == NULL)
		strlcpy(buf, "?", size);
	return buf;
}

/* An address libnl holds: IP in inet_ntop's form, link layer in hex. */
static const char *
nladdr_text(struct nl_addr *a, char *buf, size_t size)
{
	unsigned int len;
	int family;

	if (a == NULL || (len = nl_addr_get_len(a)) == 0) {
		errno = ENOENT;
		return NULL;
	}
	family = nl_addr_get_family(a);
	if ((family == AF_INET && len == 4) || (family == AF_INET6 &&
	    len == 16))
		return inet_ntop(family, nl_addr_get_binary_addr(a), buf,
		    size);
	return nl_addr2str(a, buf, size);
}

static int
add_nladdr(struct ns_val *val, struct nl_addr *a)
{
	char buf[INET6_ADDRSTRLEN + 64];

	if (nladdr_text(a, buf, sizeof(buf)) == NULL)
		return -1;
	ns_val_add(val, buf);
	return 0;
}

/* An address in text, of either family, into a key. */
static int
parse_addr(const char *s, size_t len, struct key *k)
{
	char buf[INET6_ADDRSTRLEN];

	if (len >= sizeof(buf))
		return -1;
	memcpy(buf, s, len);
	buf[len] = '\0';
	memset(k->addr, 0, sizeof(k->addr));
	if (inet_pton(AF_INET, buf, k->addr) == 1)
		k->family = AF_INET;
	else if (inet_pton(AF_INET6, buf, k->addr) == 1)
		k->family = AF_INET6;
	else
		return -1;
	return 0;
}

/* "ADDR-PLEN" up to the first comma; what follows (a route's suffix) is
 * left in *rest. */
static int
parse_prefix(const char *s, struct key *k, const char **rest)
{
	const char *end = s + strcspn(s, ","), *dash;
	char plen[4];
	uint64_t v;

	for (dash = end; dash > s && dash[-1] != '-'; dash--)
		;
	if (dash == s || dash == end || (size_t)(end - dash) >= sizeof(plen))
		return -1;
	memcpy(plen, dash, end - dash);
	plen[end - dash] = '\0';
	if (parse_addr(s, dash - 1 - s, k) == -1 ||
	    ns_parse_u64(plen, k->family == AF_INET ? 32 : 128, &v) == -1)
		return -1;
	k->plen = v;
	*rest = end;
	return 0;
}

/*
 * The index of a dump.
 */

/* depth 1 compares the interface or table alone, depth 2 the whole key. */
static int
cmp_key(const struct key *a, const struct key *b, int depth)
{
	int c;

	if (a->major != b->major)
		return a->major < b->major ? -1 : 1;
	if (depth < 2)
		return 0;
	if (a->family != b->family)
		return a->family < b->family ? -1 : 1;
	if ((c = memcmp(a->addr, b->addr, sizeof(a->addr))) != 0)
		return c;
	if (a->plen != b->plen)
		return a->plen < b->plen ? -1 : 1;
	return 0;
}

/* Equal names sort in the kernel's order, which settle_routes uses. */
static int
cmp_ent(const void *x, const void *y)
{
	const struct ent *a = x, *b = y;
	int c;

	if ((c = cmp_key(&a->key, &b->key, 2)) != 0)
		return c;
	if ((c = strcmp(a->name, b->name)) != 0)
		return c;
	return a->seq < b->seq ? -1 : a->seq > b->seq;
}

/* One object libnl parsed from the dump, kept if it is one of ours. */
static void
take_obj(struct nl_object *o, void *arg)
{
	struct set *s = arg;
	struct ent e = { 0 };

	if (s->keep(o, &e) == -1)
		return;
	nl_object_get(o);
	e.obj = o;
	e.seq = s->n;
	if ((s->ent = reallocarray(s->ent, s->n + 1, sizeof(*s->ent))) ==
	    NULL)
		err(1, NULL);
	s->ent[s->n++] = e;
}

/* One message of a dump, which libnl parses into objects.  nl_msg_parse
 * finds the parser by the protocol of the message, which a copy is told. */
static int
take_msg(struct nlmsghdr *h, void *arg)
{
	struct nl_msg *msg;

	if ((msg = nlmsg_convert(h)) == NULL)
		err(1, NULL);
	nlmsg_set_proto(msg, NETLINK_ROUTE);
	nl_msg_parse(msg, take_obj, arg);
	nlmsg_free(msg);
	return 0;
}

static void
set_empty(struct set *s)
{
	size_t i;

	for (i = 0; i < s->n; i++) {
		nl_object_put(s->ent[i].obj);
		free(s->ent[i].name);
	}
	s->n = 0;
}

/* A dump made again, as the kernel said it changed under the last one,
 * which held some objects twice or not at all: libnl's caches do so. */
static void
set_reset(void *arg)
{
	set_empty(arg);
}

/* Dump every object of the set's type, of every family. */
static int
set_dump(struct set *s)
{
	union {
		struct ifaddrmsg ifa;
		struct rtmsg	 rtm;
		struct ndmsg	 ndm;
	} hdr;
	struct nl_msg *msg;
	int r;

	memset(&hdr, 0, sizeof(hdr));
	if ((msg = nlmsg_alloc_simple(s->msgtype, NLM_F_DUMP)) == NULL ||
	    nlmsg_append(msg, &hdr, s->hdrlen, NLMSG_ALIGNTO) < 0)
		err(1, NULL);
	r = ns_nl_request(nlsock, msg, take_msg, set_reset, s);
	nlmsg_free(msg);
	return r;
}

static int
set_load(struct set *s)
{
	if (!s->loaded) {
		s->loaded = 1;
		if (nl_route() == NULL)
			s->error = EACCES;
		else if (set_dump(s) == -1)
			s->error = errno == EPERM || errno == EACCES ? EACCES :
			    EIO;
		/* qsort's base must be a valid pointer even for none, and a
		 * new network namespace has no address, route or neighbour. */
		if (s->n > 0)
			qsort(s->ent, s->n, sizeof(*s->ent), cmp_ent);
		if (s->settle != NULL)
			s->settle(s);
	}
	if (s->error != 0) {
		errno = s->error;
		return -1;
	}
	return 0;
}

/* The first entry not below k (upper: above k) at the given depth. */
static size_t
set_bound(const struct set *s, const struct key *k, int depth, int upper)
{
	size_t lo = 0, hi = s->n, mid;
	int c;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		c = cmp_key(&s->ent[mid].key, k, depth);
		if (c < 0 || (upper && c == 0))
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* The entries of one interface or table: [*lo, return). */
static size_t
set_group(const struct set *s, uint32_t major, size_t *lo)
{
	struct key k = { .major = major };

	*lo = set_bound(s, &k, 1, 0);
	return set_bound(s, &k, 1, 1);
}

static struct ent *
ent_of(const struct ns_obj *o)
{
	return &kinds[o->id[1]].set->ent[o->id[0]];
}

/*
 * Addresses, keyed by interface, family, address and prefix length: the
 * kernel's own key but for an IPv4 peer, which would have to share
 * address and prefix length with another to matter.
 */
static int
keep_addr(struct nl_object *o, struct ent *e)
{
	struct rtnl_addr *a = (struct rtnl_addr *)o;
	char text[INET6_ADDRSTRLEN];

	e->key.family = rtnl_addr_get_family(a);
	if (e->key.family != AF_INET && e->key.family != AF_INET6)
		return -1;
	e->key.major = rtnl_addr_get_ifindex(a);
	addr_bytes(rtnl_addr_get_local(a), e->key.addr);
	e->key.plen = rtnl_addr_get_prefixlen(a);
	if (asprintf(&e->name, "%s-%d", key_text(&e->key, text,
	    sizeof(text)), e->key.plen) == -1)
		err(1, NULL);
	return 0;
}

static int
find_addr(uint32_t ifindex, const char *comp, size_t *at)
{
	struct key k = { .major = ifindex };
	const char *rest;
	size_t i;

	if (parse_prefix(comp, &k, &rest) == -1 || *rest != '\0')
		return none();
	i = set_bound(&addrs, &k, 2, 0);
	if (i == addrs.n || cmp_key(&addrs.ent[i].key, &k, 2) != 0)
		return none();
	*at = i;
	return 0;
}

/*
 * Routes, under the number of their table.  A route's component is its
 * destination, DST-PLEN, followed by what tells it from the other routes
 * of its table to that destination, each part only where it differs
 * from the default:
 *
 *	,metric=N	its priority, if not 0
 *	,tos=0xNN	its type of service, if not 0
 *	,from=SRC-PLEN	its source prefix (IPv6 source routing)
 *	,dev=IFINDEX	its interface, if it is a device route (one
 *			path, no gateway)
 *
 * Each part is a property of the route itself, never of its neighbours,
 * so a path does not change while its route lives, whatever routes come
 * and go beside it; suffixing only routes that share a destination would
 * rename a lone route the moment a second one appeared.  The interface
 * belongs in the name of a device route because the kernel keeps one
 * such route per interface where several interfaces reach a prefix:
 * fe80::/64, ff00::/8 and the local and broadcast routes of an address
 * set on two interfaces.  A gateway route is named without it, so that
 * the default route is plain 0.0.0.0-0 or ::-0: the kernel merges IPv6
 * gateway routes of one metric into one multipath route, and IPv4 keeps
 * two to one destination, tos and metric only when told to append.
 * Those last, which nothing above tells apart, are the one place a name
 * depends on others: they gain ",via=GATEWAY", then ",dev=IFINDEX", and
 * what still collides (routes that differ in protocol or type alone) a
 * ",N" in the order of the kernel's dump, the first keeping its name.
 *
 * A component without its suffix is an alias while only one route of the
 * table goes to that destination: /net/route/main/10.0.0.0-24.
 */
/* The route's one path; NULL for a multipath route. */
static struct rtnl_nexthop *
single_hop(struct rtnl_route *r)
{
	if (rtnl_route_get_nnexthops(r) != 1)
		return NULL;
	return rtnl_route_nexthop_n(r, 0);
}

static struct nl_addr *
hop_gateway(struct rtnl_nexthop *nh)
{
	struct nl_addr *gw;

	if ((gw = rtnl_route_nh_get_gateway(nh)) != NULL &&
	    nl_addr_get_len(gw) > 0)
		return gw;
	/* An IPv4 route through an IPv6 gateway names it in RTA_VIA. */
	if ((gw = rtnl_route_nh_get_via(nh)) != NULL &&
	    nl_addr_get_len(gw) > 0)
		return gw;
	return NULL;
}

/* The path of a device route: one interface, no gateway. */
static struct rtnl_nexthop *
device_hop(struct rtnl_route *r)
{
	struct rtnl_nexthop *nh;

	if ((nh = single_hop(r)) == NULL ||
	    rtnl_route_nh_get_ifindex(nh) <= 0 || hop_gateway(nh) != NULL)
		return NULL;
	return nh;
}

static int
route_src(struct rtnl_route *r, char *buf, size_t size)
{
	struct nl_addr *src = rtnl_route_get_src(r);
	unsigned int plen;

	if (src == NULL || (plen = nl_addr_get_prefixlen(src)) == 0 ||
	    nladdr_text(src, buf, size) == NULL)
		return -1;
	snprintf(buf + strlen(buf), size - strlen(buf), "/%u", plen);
	return 0;
}

static char *
route_name(struct rtnl_route *r, const struct key *k)
{
	char text[INET6_ADDRSTRLEN + 8], *s = NULL, *slash;
	struct rtnl_nexthop *nh;

	catf(&s, "%s-%d", key_text(k, text, sizeof(text)), k->plen);
	if (rtnl_route_get_priority(r) != 0)
		catf(&s, ",metric=%u", rtnl_route_get_priority(r));
	if (rtnl_route_get_tos(r) != 0)
		catf(&s, ",tos=0x%02x", rtnl_route_get_tos(r));
	if (route_src(r, text, sizeof(text)) == 0) {
		if ((slash = strchr(text, '/')) != NULL)
			*slash = '-';
		catf(&s, ",from=%s", text);
	}
	if ((nh = device_hop(r)) != NULL)
		catf(&s, ",dev=%d", rtnl_route_nh_get_ifindex(nh));
	return s;
}

static int
keep_route(struct nl_object *o, struct ent *e)
{
	struct rtnl_route *r = (struct rtnl_route *)o;
	struct nl_addr *dst = rtnl_route_get_dst(r);

	/* The dump holds multicast forwarding entries too, under families
	 * of their own; ip(8) shows them with "ip mroute". */
	e->key.family = rtnl_route_get_family(r);
	if (e->key.family != AF_INET && e->key.family != AF_INET6)
		return -1;
	e->key.major = rtnl_route_get_table(r);
	addr_bytes(dst, e->key.addr);
	e->key.plen = dst != NULL ? (int)nl_addr_get_prefixlen(dst) : 0;
	e->name = route_name(r, &e->key);
	return 0;
}

static int
same_name(const struct ent *a, const struct ent *b)
{
	return cmp_key(&a->key, &b->key, 2) == 0 &&
	    strcmp(a->name, b->name) == 0;
}

/* The end of the run of entries named like s->ent[i]. */
static size_t
run_end(const struct set *s, size_t i)
{
	size_t j;

	for (j = i + 1; j < s->n && same_name(&s->ent[i], &s->ent[j]); j++)
		;
	return j;
}

/* The gateway of a gateway route with one path. */
static int
via_part(struct rtnl_route *r, char *buf, size_t size)
{
	struct rtnl_nexthop *nh = single_hop(r);
	char gw[INET6_ADDRSTRLEN + 64];

	if (nh == NULL || nladdr_text(hop_gateway(nh), gw, sizeof(gw)) == NULL)
		return -1;
	snprintf(buf, size, ",via=%s", gw);
	return 0;
}

/* The interface of a gateway route with one path (a device route has it
 * in its name already). */
static int
dev_part(struct rtnl_route *r, char *buf, size_t size)
{
	struct rtnl_nexthop *nh = single_hop(r);

	if (nh == NULL || rtnl_route_nh_get_ifindex(nh) <= 0 ||
	    hop_gateway(nh) == NULL)
		return -1;
	snprintf(buf, size, ",dev=%d", rtnl_route_nh_get_ifindex(nh));
	return 0;
}

/* Add a part to the names of the routes that share one. */
static void
settle_by(struct set *s, int (*part)(struct rtnl_route *, char *, size_t))
{
	char buf[INET6_ADDRSTRLEN + 64];
	size_t i, j, m;
	int changed = 0;

	for (i = 0; i < s->n; i = j) {
		if ((j = run_end(s, i)) - i == 1)
			continue;
		for (m = i; m < j; m++) {
			if (part((struct rtnl_route *)s->ent[m].obj, buf,
			    sizeof(buf)) == -1)
				continue;
			catf(&s->ent[m].name, "%s", buf);
			changed = 1;
		}
	}
	if (changed)
		qsort(s->ent, s->n, sizeof(*s->ent), cmp_ent);
}

static void
settle_routes(struct set *s)
{
	size_t i, j, m;
	int changed = 0;

	settle_by(s, via_part);
	settle_by(s, dev_part);
	for (i = 0; i < s->n; i = j) {
		j = run_end(s, i);
		for (m = i + 1; m < j; m++) {
			catf(&s->ent[m].name, ",%zu", m - i + 1);
			changed = 1;
		}
	}
	if (changed)
		qsort(s->ent, s->n, sizeof(*s->ent), cmp_ent);
}

static int
find_route(uint32_t table, const char *comp, size_t *at)
{
	struct key k = { .major = table };
	char text[INET6_ADDRSTRLEN], *want = NULL;
	const char *rest;
	size_t i, lo, hi;

	if (parse_prefix(comp, &k, &rest) == -1)
		return none();
	lo = set_bound(&routes, &k, 2, 0);
	hi = set_bound(&routes, &k, 2, 1);
	/* The address is spelled again, so that any spelling inet_pton
	 * takes finds the route. */
	catf(&want, "%s-%d%s", key_text(&k, text, sizeof(text)), k.plen,
	    rest);
	for (i = lo; i < hi; i++)
		if (strcmp(routes.ent[i].name, want) == 0)
			break;
	free(want);
	if (i == hi && *rest == '\0' && hi - lo == 1)
		i = lo;
	if (i == hi)
		return none();
	*at = i;
	return 0;
}

/*
 * Neighbours, keyed by interface, family and address, as the kernel
 * keeps them.
 */
static int
keep_neigh(struct nl_object *o, struct ent *e)
{
	struct rtnl_neigh *nb = (struct rtnl_neigh *)o;
	struct nl_addr *dst = rtnl_neigh_get_dst(nb);
	char text[INET6_ADDRSTRLEN];

	/* The bridges' forwarding entries come in the same dump, under
	 * AF_BRIDGE; they are not neighbours by address. */
	e->key.family = rtnl_neigh_get_family(nb);
	if ((e->key.family != AF_INET && e->key.family != AF_INET6) ||
	    dst == NULL)
		return -1;
	e->key.major = rtnl_neigh_get_ifindex(nb);
	addr_bytes(dst, e->key.addr);
	e->name = xstrdup(key_text(&e->key, text, sizeof(text)));
	return 0;
}

static int
find_neigh(uint32_t ifindex, const char *comp, size_t *at)
{
	struct key k = { .major = ifindex };
	size_t i;

	if (parse_addr(comp, strlen(comp), &k) == -1)
		return none();
	i = set_bound(&neighs, &k, 2, 0);
	if (i == neighs.n || cmp_key(&neighs.ent[i].key, &k, 2) != 0)
		return none();
	*at = i;
	return 0;
}

/*
 * Listing.  Every node below /net keeps its kind in id[1]; a group
 * (an interface, a table) its number in id[0], a leaf its entry.
 */
static int
emit_obj(struct ns_obj *c, ns_emit_fn emit, void *arg)
{
	if (emit(c, arg)) {
		ns_obj_clear(c);
		return 1;
	}
	ns_obj_clear(c);
	return 0;
}

static int
net_list(struct ns_obj *o, ns_emit_fn emit, void *arg)
{
	struct ns_obj c = { 0 };
	size_t i;

	for (i = 0; i < NKIND; i++) {
		ns_obj_set(&c, kinds[i].top, "/net/%s", kinds[i].name);
		c.id[1] = i;
		if (emit_obj(&c, emit, arg))
			return 1;
	}
	return 0;
}

/* /net/addr: one node for every interface (table) that has entries. */
static int
top_list(struct ns_obj *o, ns_emit_fn emit, void *arg)
{
	const struct kind *k = &kinds[o->id[1]];
	struct ns_obj c = { 0 };
	size_t i;

	if (set_load(k->set) == -1)
		return -1;
	for (i = 0; i < k->set->n; i++) {
		if (i > 0 && k->set->ent[i].key.major ==
		    k->set->ent[i - 1].key.major)
			continue;
		ns_obj_set(&c, k->group, "/net/%s/%u", k->name,
		    k->set->ent[i].key.major);
		c.id[0] = k->set->ent[i].key.major;
		c.id[1] = o->id[1];
		if (emit_obj(&c, emit, arg))
			return 1;
	}
	return 0;
}

static int
group_list(struct ns_obj *o, ns_emit_fn emit, void *arg)
{
	const struct kind *k = &kinds[o->id[1]];
	struct ns_obj c = { 0 };
	size_t i, lo, hi;

	if (set_load(k->set) == -1)
		return -1;
	hi = set_group(k->set, o->id[0], &lo);
	for (i = lo; i < hi; i++) {
		ns_obj_set(&c, k->leaf, "/net/%s/%u/%s", k->name,
		    k->set->ent[i].key.major, k->set->ent[i].name);
		c.id[0] = i;
		c.id[1] = o->id[1];
		if (emit_obj(&c, emit, arg))
			return 1;
	}
	return 0;
}

/*
 * Getters shared by the three kinds of object.
 */
static int
get_key_addr(struct ns_obj *o, struct ns_val *val)
{
	char text[INET6_ADDRSTRLEN];

	ns_val_add(val, key_text(&ent_of(o)->key, text, sizeof(text)));
	return 0;
}

static int
get_prefixlen(struct ns_obj *o, struct ns_val *val)
{
	ns_val_num(val, ent_of(o)->key.plen);
	return 0;
}

static int
get_family(struct ns_obj *o, struct ns_val *val)
{
	ns_val_add(val, family_name(ent_of(o)->key.family));
	return 0;
}

/* The interface an address or neighbour is on, or a group's. */
static int
get_major_interface(struct ns_obj *o, struct ns_val *val)
{
	uint64_t ifindex = o->cls == &ifaddrs_class ||
	    o->cls == &ifneighs_class ? o->id[0] : ent_of(o)->key.major;

	ns_val_addf(val, "/dev/net/%llu", (unsigned long long)ifindex);
	return 0;
}

/*
 * Addresses.
 */
static struct rtnl_addr *
addr_of(struct ns_obj *o)
{
	return (struct rtnl_addr *)ent_of(o)->obj;
}

static int
get_addr_scope(struct ns_obj *o, struct ns_val *val)
{
	char buf[16];
	int scope = rtnl_addr_get_scope(addr_of(o));

	ns_val_add(val, name_or_number(name_in(scope_names,
	    NELEM(scope_names), scope), scope, buf, sizeof(buf)));
	return 0;
}

static int
get_addr_flags(struct ns_obj *o, struct ns_val *val)
{
	struct rtnl_addr *a = addr_of(o);
	unsigned int flags = rtnl_addr_get_flags(a);
	char *s = NULL, *rest;

	if (rtnl_addr_get_family(a) == AF_INET6 && (flags & IFA_F_TEMPORARY)) {
		s = xstrdup("temporary");
		flags &= ~IFA_F_TEMPORARY;
	}
	if ((rest = bit_names(addr_flag_names, NELEM(addr_flag_names),
	    flags)) != NULL) {
		catf(&s, "%s%s", s != NULL ? "," : "", rest);
		free(rest);
	}
	return add_own(val, s);
}

static int
get_label(struct ns_obj *o, struct ns_val *val)
{
	const char *label = rtnl_addr_get_label(addr_of(o));

	if (label == NULL || *label == '\0')
		return none();
	ns_val_add(val, label);
	return 0;
}

static int
get_broadcast(struct ns_obj *o, struct ns_val *val)
{
	return add_nladdr(val, rtnl_addr_get_broadcast(addr_of(o)));
}

static int
get_peer(struct ns_obj *o, struct ns_val *val)
{
	return add_nladdr(val, rtnl_addr_get_peer(addr_of(o)));
}

/* Seconds left, or "forever", as ip(8) prints it. */
static int
add_lifetime(struct ns_val *val, uint32_t secs)
{
	if (secs == UINT32_MAX)
		ns_val_add(val, "forever");
	else
		ns_val_addf(val, "%u", secs);
	return 0;
}

static int
get_valid_lft(struct ns_obj *o, struct ns_val *val)
{
	return add_lifetime(val, rtnl_addr_get_valid_lifetime(addr_of(o)));
}

static int
get_preferred_lft(struct ns_obj *o, struct ns_val *val)
{
	return add_lifetime(val,
	    rtnl_addr_get_preferred_lifetime(addr_of(o)));
}

/* "inet 10.0.0.2/24 scope global eth0", as ip addr words it. */
static int
addr_summary(struct ns_obj *o, struct ns_val *val)
{
	struct rtnl_addr *a = addr_of(o);
	const struct key *k = &ent_of(o)->key;
	char text[INET6_ADDRSTRLEN + 64], num[16], *s = NULL;
	int scope = rtnl_addr_get_scope(a);

	catf(&s, "%s %s", family_name(k->family),
	    key_text(k, text, sizeof(text)));
	if (nladdr_text(rtnl_addr_get_peer(a), text, sizeof(text)) != NULL)
		catf(&s, " peer %s", text);
	catf(&s, "/%d scope %s", k->plen, name_or_number(name_in(scope_names,
	    NELEM(scope_names), scope), scope, num, sizeof(num)));
	catw(&s, ifname(k->major, num, sizeof(num)));
	return add_own(val, s);
}

/* "eth0 10.0.0.2/24 fe80::1/64", as ip -br addr words it. */
static int
ifaddrs_summary(struct ns_obj *o, struct ns_val *val)
{
	char text[INET6_ADDRSTRLEN], num[16], *s = NULL;
	size_t i, lo, hi;

	catw(&s, ifname(o->id[0], num, sizeof(num)));
	if (set_load(&addrs) == 0) {
		hi = set_group(&addrs, o->id[0], &lo);
		for (i = lo; i < hi; i++)
			catf(&s, " %s/%d", key_text(&addrs.ent[i].key, text,
			    sizeof(text)), addrs.ent[i].key.plen);
	}
	return add_own(val, s);
}

/*
 * Routes.
 */
static struct rtnl_route *
route_of(struct ns_obj *o)
{
	return (struct rtnl_route *)ent_of(o)->obj;
}

static const char *
proto_name(uint8_t proto, char *buf, size_t size)
{
	return name_or_number(names_find(&protos, proto), proto, buf, size);
}

static const char *
scope_name(uint8_t scope, char *buf, size_t size)
{
	return name_or_number(name_in(scope_names, NELEM(scope_names), scope),
	    scope, buf, size);
}

static const char *
rtype_name(uint8_t type, char *buf, size_t size)
{
	return name_or_number(name_in(rtype_names, NELEM(rtype_names), type),
	    type, buf, size);
}

static int
get_table_number(struct ns_obj *o, struct ns_val *val)
{
	ns_val_num(val, o->cls == &table_class ? o->id[0] :
	    ent_of(o)->key.major);
	return 0;
}

static int
get_table_name(struct ns_obj *o, struct ns_val *val)
{
	const char *name = names_find(&tables, o->id[0]);

	if (name == NULL)
		return none();
	ns_val_add(val, name);
	return 0;
}

/* "main", or "table 100" for a table without a name. */
static int
table_summary(struct ns_obj *o, struct ns_val *val)
{
	const char *name = names_find(&tables, o->id[0]);

	if (name != NULL)
		ns_val_add(val, name);
	else
		ns_val_addf(val, "table %llu", (unsigned long long)o->id[0]);
	return 0;
}

static int
get_route_kind(struct ns_obj *o, struct ns_val *val)
{
	char buf[16];

	ns_val_add(val, rtype_name(rtnl_route_get_type(route_of(o)), buf,
	    sizeof(buf)));
	return 0;
}

static int
get_protocol(struct ns_obj *o, struct ns_val *val)
{
	char buf[16];

	ns_val_add(val, proto_name(rtnl_route_get_protocol(route_of(o)), buf,
	    sizeof(buf)));
	return 0;
}

static int
get_route_scope(struct ns_obj *o, struct ns_val *val)
{
	char buf[16];

	ns_val_add(val, scope_name(rtnl_route_get_scope(route_of(o)), buf,
	    sizeof(buf)));
	return 0;
}

static int
get_metric(struct ns_obj *o, struct ns_val *val)
{
	ns_val_num(val, rtnl_route_get_priority(route_of(o)));
	return 0;
}

static int
get_tos(struct ns_obj *o, struct ns_val *val)
{
	ns_val_num(val, rtnl_route_get_tos(route_of(o)));
	return 0;
}

static int
get_source(struct ns_obj *o, struct ns_val *val)
{
	char buf[INET6_ADDRSTRLEN + 8];

	if (route_src(route_of(o), buf, sizeof(buf)) == -1)
		return none();
	ns_val_add(val, buf);
	return 0;
}

static int
get_gateway(struct ns_obj *o, struct ns_val *val)
{
	struct rtnl_nexthop *nh = single_hop(route_of(o));

	return nh != NULL ? add_nladdr(val, hop_gateway(nh)) : none();
}

static int
get_route_interface(struct ns_obj *o, struct ns_val *val)
{
	struct rtnl_nexthop *nh = single_hop(route_of(o));

	if (nh == NULL || rtnl_route_nh_get_ifindex(nh) <= 0)
		return none();
	ns_val_addf(val, "/dev/net/%d", rtnl_route_nh_get_ifindex(nh));
	return 0;
}

static int
get_prefsrc(struct ns_obj *o, struct ns_val *val)
{
	return add_nladdr(val, rtnl_route_get_pref_src(route_of(o)));
}

/* One path of a route: gateway, interface (its path, or its name for a
 * summary) and, for a multipath route, weight, which the kernel keeps
 * less one. */
static char *
hop_text(struct rtnl_nexthop *nh, int names, int weight)
{
	char text[INET6_ADDRSTRLEN + 64], num[16], *s = NULL;
	int ifindex = rtnl_route_nh_get_ifindex(nh);

	if (nladdr_text(hop_gateway(nh), text, sizeof(text)) != NULL)
		catf(&s, "via %s", text);
	if (ifindex > 0 && names)
		catf(&s, "%sdev %s", s != NULL ? " " : "", ifname(ifindex, num,
		    sizeof(num)));
	else if (ifindex > 0)
		catf(&s, "%sdev /dev/net/%d", s != NULL ? " " : "", ifindex);
	if (weight)
		catf(&s, "%sweight %u", s != NULL ? " " : "",
		    rtnl_route_nh_get_weight(nh) + 1);
	return s;
}

static int
get_nexthops(struct ns_obj *o, struct ns_val *val)
{
	struct rtnl_route *r = route_of(o);
	int i, n = rtnl_route_get_nnexthops(r);
	char *s;

	if (n < 2)
		return none();
	for (i = 0; i < n; i++) {
		s = hop_text(rtnl_route_nexthop_n(r, i), 0, 1);
		ns_val_add(val, s);
		free(s);
	}
	return 0;
}

/* As ip route prints it: "10.0.0.0/24 dev eth0 proto kernel scope link
 * src 10.0.0.2", the type only if not unicast, the protocol only if not
 * boot, the scope only if not global. */
static int
route_summary(struct ns_obj *o, struct ns_val *val)
{
	struct rtnl_route *r = route_of(o);
	const struct key *k = &ent_of(o)->key;
	char text[INET6_ADDRSTRLEN + 64], num[16], *s = NULL, *hop;
	struct rtnl_nexthop *nh;
	int i, n;

	if (rtnl_route_get_type(r) != RTN_UNICAST)
		catw(&s, rtype_name(rtnl_route_get_type(r), num, sizeof(num)));
	if (k->plen == 0)
		catw(&s, "default");
	else if (k->plen == (k->family == AF_INET ? 32 : 128))
		catw(&s, key_text(k, text, sizeof(text)));
	else
		catf(&s, "%s%s/%d", s != NULL ? " " : "", key_text(k, text,
		    sizeof(text)), k->plen);
	if (route_src(r, text, sizeof(text)) == 0)
		catf(&s, " from %s", text);
	if (rtnl_route_get_tos(r) != 0)
		catf(&s, " tos 0x%02x", rtnl_route_get_tos(r));
	if ((nh = single_hop(r)) != NULL &&
	    (hop = hop_text(nh, 1, 0)) != NULL) {
		catw(&s, hop);
		free(hop);
	}
	if (rtnl_route_get_protocol(r) != RTPROT_BOOT)
		catf(&s, " proto %s", proto_name(rtnl_route_get_protocol(r),
		    num, sizeof(num)));
	if (rtnl_route_get_scope(r) != RT_SCOPE_UNIVERSE)
		catf(&s, " scope %s", scope_name(rtnl_route_get_scope(r), num,
		    sizeof(num)));
	if (nladdr_text(rtnl_route_get_pref_src(r), text, sizeof(text)) !=
	    NULL)
		catf(&s, " src %s", text);
	if (rtnl_route_get_priority(r) != 0)
		catf(&s, " metric %u", rtnl_route_get_priority(r));
	if ((n = rtnl_route_get_nnexthops(r)) > 1)
		for (i = 0; i < n; i++) {
			hop = hop_text(rtnl_route_nexthop_n(r, i), 1, 1);
			catf(&s, " nexthop %s", hop);
			free(hop);
		}
	return add_own(val, s);
}

/*
 * Neighbours.
 */
static struct rtnl_neigh *
neigh_of(struct ns_obj *o)
{
	return (struct rtnl_neigh *)ent_of(o)->obj;
}

static int
get_lladdr(struct ns_obj *o, struct ns_val *val)
{
	return add_nladdr(val, rtnl_neigh_get_lladdr(neigh_of(o)));
}

static char *
nud_text(int state)
{
	if (state == NUD_NONE)
		return xstrdup("NONE");
	return bit_names(nud_names, NELEM(nud_names), state);
}

static int
get_state(struct ns_obj *o, struct ns_val *val)
{
	return add_own(val, nud_text(rtnl_neigh_get_state(neigh_of(o))));
}

static int
get_neigh_flags(struct ns_obj *o, struct ns_val *val)
{
	return add_own(val, bit_names(ntf_names, NELEM(ntf_names),
	    rtnl_neigh_get_flags(neigh_of(o))));
}

/* "10.0.0.9 dev eth0 lladdr 02:00:00:00:00:09 PERMANENT", as ip neigh
 * prints it. */
static int
neigh_summary(struct ns_obj *o, struct ns_val *val)
{
	struct rtnl_neigh *nb = neigh_of(o);
	const struct key *k = &ent_of(o)->key;
	char text[INET6_ADDRSTRLEN + 64], num[16], *s = NULL, *w;

	catf(&s, "%s dev %s", key_text(k, text, sizeof(text)),
	    ifname(k->major, num, sizeof(num)));
	if (nladdr_text(rtnl_neigh_get_lladdr(nb), text, sizeof(text)) != NULL)
		catf(&s, " lladdr %s", text);
	if ((w = bit_names(ntf_names, NELEM(ntf_names),
	    rtnl_neigh_get_flags(nb))) != NULL) {
		catw(&s, w);
		free(w);
	}
	if ((w = nud_text(rtnl_neigh_get_state(nb))) != NULL) {
		catw(&s, w);
		free(w);
	}
	return add_own(val, s);
}

static int
ifneighs_summary(struct ns_obj *o, struct ns_val *val)
{
	char num[16];

	ns_val_add(val, ifname(o->id[0], num, sizeof(num)));
	return 0;
}

/*
 * The top nodes.
 */
static int
net_summary(struct ns_obj *o, struct ns_val *val)
{
	ns_val_add(val, "addresses, routes and neighbours");
	return 0;
}

static int
addrs_summary(struct ns_obj *o, struct ns_val *val)
{
	ns_val_add(val, "addresses by interface");
	return 0;
}

static int
routes_summary(struct ns_obj *o, struct ns_val *val)
{
	ns_val_add(val, "routes by table");
	return 0;
}

static int
neighs_summary(struct ns_obj *o, struct ns_val *val)
{
	ns_val_add(val, "neighbours by interface");
	return 0;
}

/*
 * Lookup: /net, /net/KIND, /net/KIND/GROUP, /net/KIND/GROUP/LEAF.
 */
static int
net_lookup(struct ns_obj *o, char **comp, int n)
{
	const struct kind *k;
	uint32_t major;
	size_t i, lo, at;

	if (n == 0)
		return ns_obj_set(o, &net_class, "/net");
	for (i = 0; i < NKIND && strcmp(comp[0], kinds[i].name) != 0; i++)
		;
	if (i == NKIND || n > 3)
		return none();
	k = &kinds[i];
	o->id[1] = i;
	if (n == 1)
		return ns_obj_set(o, k->top, "/net/%s", k->name);
	if (k->group_id(comp[1], &major) == -1 || set_load(k->set) == -1)
		return -1;
	if (n == 2) {
		if (set_group(k->set, major, &lo) == lo)
			return none();
		o->id[0] = major;
		return ns_obj_set(o, k->group, "/net/%s/%u", k->name, major);
	}
	if (k->find(major, comp[2], &at) == -1)
		return -1;
	o->id[0] = at;
	return ns_obj_set(o, k->leaf, "/net/%s/%u/%s", k->name, major,
	    k->set->ent[at].name);
}

static const struct ns_attr no_attrs[] = {
	{ NULL }
};

static const struct ns_attr ifgroup_attrs[] = {
	{ "interface", NS_LINK, "the network interface",
	    get_major_interface },
	{ NULL }
};

static const struct ns_attr table_attrs[] = {
	{ "table", NS_NUMBER, "the routing table's number",
	    get_table_number },
	{ "name", NS_STRING, "the routing table's name: main, local...",
	    get_table_name },
	{ NULL }
};

static const struct ns_attr addr_attrs[] = {
	{ "address", NS_STRING, "the address", get_key_addr },
	{ "prefixlen", NS_NUMBER, "the length of the address's prefix",
	    get_prefixlen },
	{ "family", NS_STRING, "the address family: inet, inet6",
	    get_family },
	{ "scope", NS_STRING, "where the address is valid: global, link, "
	    "host...", get_addr_scope },
	{ "flags", NS_STRING, "the address flags: permanent,secondary...",
	    get_addr_flags },
	{ "label", NS_STRING, "the address's label (IPv4)", get_label },
	{ "broadcast", NS_STRING, "the broadcast address", get_broadcast },
	{ "remote", NS_STRING, "the address of the other end of a "
	    "point-to-point link", get_peer },
	{ "valid_lft", NS_STRING, "seconds the address stays valid, or "
	    "forever", get_valid_lft },
	{ "preferred_lft", NS_STRING, "seconds the address stays "
	    "preferred, or forever", get_preferred_lft },
	{ "interface", NS_LINK, "the network interface",
	    get_major_interface },
	{ NULL }
};

static const struct ns_attr route_attrs[] = {
	{ "destination", NS_STRING, "the destination prefix's address",
	    get_key_addr },
	{ "prefixlen", NS_NUMBER, "the length of the address's prefix",
	    get_prefixlen },
	{ "family", NS_STRING, "the address family: inet, inet6",
	    get_family },
	{ "table", NS_NUMBER, "the routing table's number",
	    get_table_number },
	{ "kind", NS_STRING, "the route type: unicast, local, broadcast, "
	    "unreachable...", get_route_kind },
	{ "protocol", NS_STRING, "what made the route: kernel, boot, "
	    "static, dhcp...", get_protocol },
	{ "scope", NS_STRING, "how far the destination is: global, link, "
	    "host...", get_route_scope },
	{ "metric", NS_NUMBER, "the route's priority: lower wins",
	    get_metric },
	{ "tos", NS_NUMBER, "the type of service the route is for",
	    get_tos },
	{ "from", NS_STRING, "the source prefix the route is for "
	    "(IPv6), as ip route prints it", get_source },
	{ "gateway", NS_STRING, "the next hop", get_gateway },
	{ "interface", NS_LINK, "the network interface",
	    get_route_interface },
	{ "prefsrc", NS_STRING, "the source address preferred for the "
	    "destination", get_prefsrc },
	{ "nexthops", NS_STRINGS, "every path of a multipath route, one a "
	    "line: gateway, interface and weight", get_nexthops },
	{ NULL }
};

static const struct ns_attr neigh_attrs[] = {
	{ "address", NS_STRING, "the address", get_key_addr },
	{ "family", NS_STRING, "the address family: inet, inet6",
	    get_family },
	{ "lladdr", NS_STRING, "the neighbour's link-layer address",
	    get_lladdr },
	{ "state", NS_STRING, "the neighbour's state: REACHABLE, STALE, "
	    "PERMANENT...", get_state },
	{ "flags", NS_STRING, "the neighbour's flags: router, proxy...",
	    get_neigh_flags },
	{ "interface", NS_LINK, "the network interface",
	    get_major_interface },
	{ NULL }
};

static const struct ns_class net_class = {
	.type = "net",
	.attrs = no_attrs,
	.list = net_list,
	.summary = net_summary,
};

static const struct ns_class addrs_class = {
	.type = "addrs",
	.attrs = no_attrs,
	.list = top_list,
	.summary = addrs_summary,
};

static const struct ns_class ifaddrs_class = {
	.type = "ifaddrs",
	.attrs = ifgroup_attrs,
	.list = group_list,
	.summary = ifaddrs_summary,
};

static const struct ns_class addr_class = {
	.type = "address",
	.attrs = addr_attrs,
	.summary = addr_summary,
};

static const struct ns_class routes_class = {
	.type = "routes",
	.attrs = no_attrs,
	.list = top_list,
	.summary = routes_summary,
};

static const struct ns_class table_class = {
	.type = "table",
	.attrs = table_attrs,
	.list = group_list,
	.summary = table_summary,
};

static const struct ns_class route_class = {
	.type = "route",
	.attrs = route_attrs,
	.summary = route_summary,
};

static const struct ns_class neighs_class = {
	.type = "neighs",
	.attrs = no_attrs,
	.list = top_list,
	.summary = neighs_summary,
};

static const struct ns_class ifneighs_class = {
	.type = "ifneighs",
	.attrs = ifgroup_attrs,
	.list = group_list,
	.summary = ifneighs_summary,
};

static const struct ns_class neigh_class = {
	.type = "neighbour",
	.attrs = neigh_attrs,
	.summary = neigh_summary,
};

/*
 * nswatch: rtnetlink's multicast groups say that an address, a route or
 * a neighbour came, went or changed.  A route's path depends on its
 * siblings (the metric and interface that tell it apart), so each group
 * only marks its subtree, which is listed afresh and compared: the
 * paths printed are those a listing gives.  Lifetimes, which count down,
 * are not compared.
 */
static const struct ns_tree watch_trees[] = {
	{ "/net/addr", 2, "flags,scope,label", NULL, NULL },
	{ "/net/route", 2, "kind,protocol,scope,gateway,interface,prefsrc,"
	    "nexthops", NULL, NULL },
	{ "/net/neigh", 2, "lladdr,state,flags", NULL, NULL },
};

static void
watch_msg(struct ns_source *src, const void *msg, void *arg)
{
	const struct nlmsghdr *h = msg;
	const int *tree = arg;

	switch (h->nlmsg_type) {
	case RTM_NEWADDR:
	case RTM_DELADDR:
		ns_source_dirty(src, tree[0]);
		break;
	case RTM_NEWROUTE:
	case RTM_DELROUTE:
		ns_source_dirty(src, tree[1]);
		break;
	case RTM_NEWNEIGH:
	case RTM_DELNEIGH:
		ns_source_dirty(src, tree[2]);
		break;
	}
}

static void
watch_read(struct ns_source *src, int fd, void *arg)
{
	ns_source_netlink(src, fd, watch_msg, arg);
}

static void
net_watch(struct ns_watch *w)
{
	static const int groups[][2] = {
		{ RTNLGRP_IPV4_IFADDR, RTNLGRP_IPV6_IFADDR },
		{ RTNLGRP_IPV4_ROUTE, RTNLGRP_IPV6_ROUTE },
		{ RTNLGRP_NEIGH, RTNLGRP_NEIGH },
	};
	static int tree[3] = { -1, -1, -1 };
	struct ns_source *src = NULL;
	struct nl_sock *sk;
	size_t i;

	if ((sk = ns_nl_socket(NETLINK_ROUTE)) == NULL) {
		warnx("/net: rtnetlink: the kernel refused");
		return;
	}
	for (i = 0; i < 3; i++) {
		if (!ns_watch_wants(w, watch_trees[i].top))
			continue;
		if (nl_socket_add_memberships(sk, groups[i][0], groups[i][1],
		    0) < 0) {
			warnx("%s: rtnetlink: the kernel refused",
			    watch_trees[i].top);
			continue;
		}
		if (src == NULL) {
			nl_socket_set_buffer_size(sk, 1 << 20, 0);
			src = ns_watch_source(w, "rtnetlink",
			    nl_socket_get_fd(sk), watch_read, tree);
		}
		tree[i] = ns_source_tree(src, &watch_trees[i]);
	}
	if (src == NULL)
		nl_socket_free(sk);
}

static const struct ns_class *const classes[] = {
	&net_class,
	&addrs_class,
	&ifaddrs_class,
	&addr_class,
	&routes_class,
	&table_class,
	&route_class,
	&neighs_class,
	&ifneighs_class,
	&neigh_class,
	NULL
};

const struct ns_provider net_provider = {
	.name = "net",
	.help = "addresses, routes and neighbours",
	.lookup = net_lookup,
	.classes = classes,
	.watch = net_watch,
};
