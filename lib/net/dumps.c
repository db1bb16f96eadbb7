/*
 * dumps.c: the three rtnetlink dumps of the /net provider (net.c) and
 * their indexes, and the words ip(8) prints for their numbers.
 *
 * Each dump (addresses, routes, neighbours) is made the first time it
 * is needed and kept for the run, in an array sorted on the kernel's own
 * key: a lookup is a binary search, a listing a walk in order.  An
 * entry's component is made here too, for a route from the properties
 * that tell it apart from its siblings (see "Routes" below).
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

#include "lazy.h"
#include "provider.h"
#include "link.h"
#include "netns.h"
#include "dumps.h"
#include "nl.h"

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

static int	keep_addr(struct nl_object *, struct ent *);
static int	keep_route(struct nl_object *, struct ent *);
static int	keep_neigh(struct nl_object *, struct ent *);
static void	settle_routes(struct set *);

struct set ns_net_addrs = {
	.msgtype = RTM_GETADDR,
	.hdrlen = sizeof(struct ifaddrmsg),
	.keep = keep_addr,
};
struct set ns_net_routes = {
	.msgtype = RTM_GETROUTE,
	.hdrlen = sizeof(struct rtmsg),
	.keep = keep_route,
	.settle = settle_routes,
};
struct set ns_net_neighs = {
	.msgtype = RTM_GETNEIGH,
	.hdrlen = sizeof(struct ndmsg),
	.keep = keep_neigh,
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

/* Route flags, as ip route prints them and in its order: a path's
 * (RTNH_F_*) and then the route's own (RTM_F_*). */
static const struct name rt_flag_names[] = {
	{ RTNH_F_DEAD, "dead" },
	{ RTNH_F_ONLINK, "onlink" },
	{ RTNH_F_PERVASIVE, "pervasive" },
	{ RTNH_F_OFFLOAD, "offload" },
	{ RTNH_F_TRAP, "trap" },
	{ RTM_F_NOTIFY, "notify" },
	{ RTNH_F_LINKDOWN, "linkdown" },
	{ RTNH_F_UNRESOLVED, "unresolved" },
	{ RTM_F_OFFLOAD, "rt_offload" },
	{ RTM_F_TRAP, "rt_trap" },
	{ RTM_F_OFFLOAD_FAILED, "rt_offload_failed" },
};

static const struct name ntf_names[] = {
	{ NTF_PROXY, "proxy" },
	{ NTF_EXT_LEARNED, "extern_learn" },
	{ NTF_OFFLOADED, "offload" },
	{ NTF_ROUTER, "router" },
};

#define NELEM(a)	(sizeof(a) / sizeof((a)[0]))

/* What is kept of a network namespace but its sets: the caller's own
 * here, another's from ns_netns_state (netns.h). */
struct netstate {
	struct ns_nlsock	*nlsock;
	int		 nlfailed;
	struct ifname	*ifnames;
	size_t		 nifnames;
	int		 ifnames_loaded;
};
static struct netstate own_state;

static struct netstate *
net_state(void)
{
	return ns_netns_state(&own_state, sizeof(own_state));
}

/* Append to a malloc'd string, which may start out NULL. */
void
ns_net_catf(char **s, const char *fmt, ...)
{
	va_list ap;
	char *add, *n;

	va_start(ap, fmt);
	add = ns_xvasprintf(fmt, ap);
	va_end(ap);
	n = ns_xasprintf("%s%s", *s != NULL ? *s : "", add);
	free(*s);
	free(add);
	*s = n;
}

/* Append a word, a space before it unless it is the first. */
void
ns_net_catw(char **s, const char *word)
{
	ns_net_catf(s, "%s%s", *s != NULL ? " " : "", word);
}

/* Hand over a malloc'd string as the value; none if it is NULL. */
int
ns_net_add_own(struct ns_val *val, char *s)
{
	if (s == NULL)
		return ns_none();
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
			ns_net_catf(&s, "%s%s", s != NULL ? "," : "",
			    v[i].name);
	return s;
}

const char *
ns_net_family_name(int family)
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
		nm->v = ns_xreallocarray(nm->v, nm->n + 1, sizeof(*nm->v));
		nm->v[nm->n].id = id;
		nm->v[nm->n++].name = ns_xstrdup(p);
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
	return ns_none();
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

const char *
ns_net_proto_name(uint8_t proto, char *buf, size_t size)
{
	return name_or_number(names_find(&protos, proto), proto, buf, size);
}

const char *
ns_net_scope_name(uint8_t scope, char *buf, size_t size)
{
	return name_or_number(name_in(scope_names, NELEM(scope_names), scope),
	    scope, buf, size);
}

const char *
ns_net_rtype_name(uint8_t type, char *buf, size_t size)
{
	return name_or_number(name_in(rtype_names, NELEM(rtype_names), type),
	    type, buf, size);
}

char *
ns_net_nud_text(int state)
{
	if (state == NUD_NONE)
		return ns_xstrdup("NONE");
	return bit_names(nud_names, NELEM(nud_names), state);
}

/* The flags of an address, of a neighbour (NTF_*), by their names. */
char *
ns_net_addr_flags(uint32_t flags)
{
	return bit_names(addr_flag_names, NELEM(addr_flag_names), flags);
}

char *
ns_net_ntf_flags(uint32_t flags)
{
	return bit_names(ntf_names, NELEM(ntf_names), flags);
}

/* The flags of a route or of one of its paths; a route's own that ip
 * does not print (cloned, prefix...) are left out as it leaves them. */
char *
ns_net_rt_flags(uint32_t flags)
{
	return bit_names(rt_flag_names, NELEM(rt_flag_names), flags);
}

/* A routing table's name, NULL if it has none. */
const char *
ns_net_table_name(uint32_t id)
{
	return names_find(&tables, id);
}

/*
 * Netlink.  One socket serves every dump of the run.
 */
static struct ns_nlsock *
nl_route(void)
{
	struct netstate *ns = net_state();

	return ns_netns_route_once(&ns->nlsock, &ns->nlfailed);
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
	struct netstate *ns = arg;
	const char *name;

	if ((name = ns_link_str(link, IFLA_IFNAME)) == NULL)
		return 0;
	ns->ifnames = ns_xreallocarray(ns->ifnames, ns->nifnames + 1,
	    sizeof(*ns->ifnames));
	ns->ifnames[ns->nifnames].ifindex = ns_link_ifindex(link);
	ns->ifnames[ns->nifnames++].name = ns_xstrdup(name);
	return 0;
}

/* The names are for summaries and aliases only: link.c's table (the
 * one dump /dev/net reads too), the first time one is wanted.  It comes
 * in the order of the ifindex. */
static struct netstate *
ifnames_load(void)
{
	struct netstate *ns = net_state();

	if (!ns->ifnames_loaded) {
		ns->ifnames_loaded = 1;
		(void)ns_link_each(ifname_add, ns);
	}
	return ns;
}

/* The interface's name; its number if it has none. */
const char *
ns_net_ifname(uint32_t ifindex, char *buf, size_t size)
{
	struct ifname k = { .ifindex = ifindex }, *f;
	struct netstate *ns = ifnames_load();

	if (ns->nifnames > 0 && (f = bsearch(&k, ns->ifnames, ns->nifnames,
	    sizeof(*ns->ifnames), cmp_ifname)) != NULL)
		return f->name;
	snprintf(buf, size, "%u", ifindex);
	return buf;
}

/* An interface component: its ifindex, or its name as an alias. */
int
ns_net_ifindex_of(const char *s, uint32_t *v)
{
	struct netstate *ns;
	uint64_t n;
	size_t i;

	if (ns_parse_u64(s, INT_MAX, &n) == 0) {
		*v = n;
		return 0;
	}
	ns = ifnames_load();
	for (i = 0; i < ns->nifnames; i++)
		if (strcmp(ns->ifnames[i].name, s) == 0) {
			*v = ns->ifnames[i].ifindex;
			return 0;
		}
	return ns_none();
}

/* A table component: its number, or its name (main, local) as an alias. */
int
ns_net_table_of(const char *s, uint32_t *v)
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

const char *
ns_net_key_text(const struct key *k, char *buf, size_t size)
{
	if (inet_ntop(k->family, k->addr, buf, size) == NULL)
		strlcpy(buf, "?", size);
	return buf;
}

/* An address libnl holds: IP in inet_ntop's form, link layer in hex. */
const char *
ns_net_nladdr_text(struct nl_addr *a, char *buf, size_t size)
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

int
ns_net_add_nladdr(struct ns_val *val, struct nl_addr *a)
{
	char buf[INET6_ADDRSTRLEN + 64];

	if (ns_net_nladdr_text(a, buf, sizeof(buf)) == NULL)
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
	s->ent = ns_xreallocarray(s->ent, s->n + 1, sizeof(*s->ent));
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
	struct ns_nlreq msg;

	memset(&hdr, 0, sizeof(hdr));
	ns_nlreq_init(&msg, (uint16_t)s->msgtype, NLM_F_DUMP, &hdr, s->hdrlen);
	return ns_nl_request(net_state()->nlsock, &msg, take_msg, set_reset,
	    s);
}

struct set *
ns_net_set_of(struct set *s)
{
	struct set *c;

	if (s->copy)
		return s;
	c = ns_netns_state(s, sizeof(*c));
	if (c != s && !c->copy) {
		c->copy = 1;
		c->msgtype = s->msgtype;
		c->hdrlen = s->hdrlen;
		c->keep = s->keep;
		c->settle = s->settle;
	}
	return c;
}

int
ns_net_set_load(struct set *s)
{
	s = ns_net_set_of(s);
	if (!s->loaded) {
		s->loaded = 1;
		/* A limit met keeps its errno, to be said (rule 11); a
		 * namespace that left is silent. */
		if (nl_route() == NULL)
			s->error = ns_errno_closed(errno);
		else if (set_dump(s) == -1)
			s->error = errno == EPERM || errno == EACCES ? EACCES :
			    ns_errno_limit(errno) ? errno : EIO;
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
size_t
ns_net_set_group(struct set *s, uint32_t major, size_t *lo)
{
	struct key k = { .major = major };

	s = ns_net_set_of(s);

	*lo = set_bound(s, &k, 1, 0);
	return set_bound(s, &k, 1, 1);
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
	e->name = ns_xasprintf("%s-%d", ns_net_key_text(&e->key, text,
	    sizeof(text)), e->key.plen);
	return 0;
}

int
ns_net_find_addr(uint32_t ifindex, const char *comp, size_t *at)
{
	struct key k = { .major = ifindex };
	struct set *s;
	const char *rest;
	size_t i;

	if (parse_prefix(comp, &k, &rest) == -1 || *rest != '\0')
		return ns_none();
	s = ns_net_set_of(&ns_net_addrs);
	i = set_bound(s, &k, 2, 0);
	if (i == s->n || cmp_key(&s->ent[i].key, &k, 2) != 0)
		return ns_none();
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
struct rtnl_nexthop *
ns_net_single_hop(struct rtnl_route *r)
{
	if (rtnl_route_get_nnexthops(r) != 1)
		return NULL;
	return rtnl_route_nexthop_n(r, 0);
}

struct nl_addr *
ns_net_hop_gateway(struct rtnl_nexthop *nh)
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

	if ((nh = ns_net_single_hop(r)) == NULL ||
	    rtnl_route_nh_get_ifindex(nh) <= 0 ||
	    ns_net_hop_gateway(nh) != NULL)
		return NULL;
	return nh;
}

int
ns_net_route_src(struct rtnl_route *r, char *buf, size_t size)
{
	struct nl_addr *src = rtnl_route_get_src(r);
	unsigned int plen;

	if (src == NULL || (plen = nl_addr_get_prefixlen(src)) == 0 ||
	    ns_net_nladdr_text(src, buf, size) == NULL)
		return -1;
	snprintf(buf + strlen(buf), size - strlen(buf), "/%u", plen);
	return 0;
}

static char *
route_name(struct rtnl_route *r, const struct key *k)
{
	char text[INET6_ADDRSTRLEN + 8], *s = NULL, *slash;
	struct rtnl_nexthop *nh;

	ns_net_catf(&s, "%s-%d", ns_net_key_text(k, text, sizeof(text)),
	    k->plen);
	if (rtnl_route_get_priority(r) != 0)
		ns_net_catf(&s, ",metric=%u", rtnl_route_get_priority(r));
	if (rtnl_route_get_tos(r) != 0)
		ns_net_catf(&s, ",tos=0x%02x", rtnl_route_get_tos(r));
	if (ns_net_route_src(r, text, sizeof(text)) == 0) {
		if ((slash = strchr(text, '/')) != NULL)
			*slash = '-';
		ns_net_catf(&s, ",from=%s", text);
	}
	if ((nh = device_hop(r)) != NULL)
		ns_net_catf(&s, ",dev=%d", rtnl_route_nh_get_ifindex(nh));
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
	struct rtnl_nexthop *nh = ns_net_single_hop(r);
	char gw[INET6_ADDRSTRLEN + 64];

	if (nh == NULL || ns_net_nladdr_text(ns_net_hop_gateway(nh), gw,
	    sizeof(gw)) == NULL)
		return -1;
	snprintf(buf, size, ",via=%s", gw);
	return 0;
}

/* The interface of a gateway route with one path (a device route has it
 * in its name already). */
static int
dev_part(struct rtnl_route *r, char *buf, size_t size)
{
	struct rtnl_nexthop *nh = ns_net_single_hop(r);

	if (nh == NULL || rtnl_route_nh_get_ifindex(nh) <= 0 ||
	    ns_net_hop_gateway(nh) == NULL)
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
			ns_net_catf(&s->ent[m].name, "%s", buf);
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
			ns_net_catf(&s->ent[m].name, ",%zu", m - i + 1);
			changed = 1;
		}
	}
	if (changed)
		qsort(s->ent, s->n, sizeof(*s->ent), cmp_ent);
}

int
ns_net_find_route(uint32_t table, const char *comp, size_t *at)
{
	struct key k = { .major = table };
	struct set *s = ns_net_set_of(&ns_net_routes);
	char text[INET6_ADDRSTRLEN], *want = NULL;
	const char *rest;
	size_t i, lo, hi;

	if (parse_prefix(comp, &k, &rest) == -1)
		return ns_none();
	lo = set_bound(s, &k, 2, 0);
	hi = set_bound(s, &k, 2, 1);
	/* The address is spelled again, so that any spelling inet_pton
	 * takes finds the route. */
	ns_net_catf(&want, "%s-%d%s", ns_net_key_text(&k, text, sizeof(text)),
	    k.plen, rest);
	for (i = lo; i < hi; i++)
		if (strcmp(s->ent[i].name, want) == 0)
			break;
	free(want);
	if (i == hi && *rest == '\0' && hi - lo == 1)
		i = lo;
	if (i == hi)
		return ns_none();
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
	e->name = ns_xstrdup(ns_net_key_text(&e->key, text, sizeof(text)));
	return 0;
}

int
ns_net_find_neigh(uint32_t ifindex, const char *comp, size_t *at)
{
	struct key k = { .major = ifindex };
	struct set *s = ns_net_set_of(&ns_net_neighs);
	size_t i;

	if (parse_addr(comp, strlen(comp), &k) == -1)
		return ns_none();
	i = set_bound(s, &k, 2, 0);
	if (i == s->n || cmp_key(&s->ent[i].key, &k, 2) != 0)
		return ns_none();
	*at = i;
	return 0;
}

