/*
 * net.c: the /net provider: the addresses, routes and neighbours of the
 * caller's network namespace, as rtnetlink gives them; or of another, the
 * target (netns.h), seen through /ns/net/INODE/net.
 *
 *	/net/addr/IFINDEX/ADDR-PLEN	an address, under its interface
 *	/net/route/TABLE/DST-PLEN...	a route, under its table
 *	/net/neigh/IFINDEX/ADDR		a neighbour, under its interface
 *
 * Each of the three is one rtnetlink dump, made the first time it is
 * needed and kept for the run, indexed by an array sorted on the
 * kernel's own key (dumps.c): a lookup is a binary search, a listing a
 * walk in order.  An object remembers its place in that array (id[0]),
 * which stays put for the run, and its kind (id[1]).  This file holds
 * the nodes: their listing, getters, classes and lookup; nswatch hears
 * of them in watch-net.c.
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

#include "columns.h"
#include "lazy.h"
#include "provider.h"
#include "dumps.h"
#include "nl.h"
#include "watch.h"

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

static const struct ns_class net_class, addrs_class, ifaddrs_class,
    addr_class, routes_class, table_class, route_class, neighs_class,
    ifneighs_class, neigh_class;

enum { KADDR, KROUTE, KNEIGH, NKIND };

static const struct kind kinds[NKIND] = {
	[KADDR] = { "addr", &ns_net_addrs, &addrs_class, &ifaddrs_class,
	    &addr_class, ns_net_ifindex_of, ns_net_find_addr },
	[KROUTE] = { "route", &ns_net_routes, &routes_class, &table_class,
	    &route_class, ns_net_table_of, ns_net_find_route },
	[KNEIGH] = { "neigh", &ns_net_neighs, &neighs_class, &ifneighs_class,
	    &neigh_class, ns_net_ifindex_of, ns_net_find_neigh },
};

/*
 * What a node below /net holds in ns_obj.id: its kind (KADDR...), and a
 * group (an interface, a table) its number, a leaf its entry's place in
 * its kind's set, which stays put for the run.
 */
NS_OBJ_ID(1, net_kind, set_net_kind)
NS_OBJ_ID(0, net_group, set_net_group)
NS_OBJ_SLOT(0, size_t, net_at, set_net_at)

static struct ent *
ent_of(const struct ns_obj *o)
{
	return &ns_net_set_of(kinds[net_kind(o)].set)->ent[net_at(o)];
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
		set_net_kind(&c, i);
		if (emit_obj(&c, emit, arg))
			return 1;
	}
	return 0;
}

/* /net/addr: one node for every interface (table) that has entries. */
static int
top_list(struct ns_obj *o, ns_emit_fn emit, void *arg)
{
	const struct kind *k = &kinds[net_kind(o)];
	struct set *s = ns_net_set_of(k->set);
	struct ns_obj c = { 0 };
	size_t i;

	if (ns_net_set_load(s) == -1)
		return -1;
	for (i = 0; i < s->n; i++) {
		if (i > 0 && s->ent[i].key.major == s->ent[i - 1].key.major)
			continue;
		ns_obj_set(&c, k->group, "/net/%s/%u", k->name,
		    s->ent[i].key.major);
		set_net_group(&c, s->ent[i].key.major);
		set_net_kind(&c, net_kind(o));
		if (emit_obj(&c, emit, arg))
			return 1;
	}
	return 0;
}

static int
group_list(struct ns_obj *o, ns_emit_fn emit, void *arg)
{
	const struct kind *k = &kinds[net_kind(o)];
	struct set *s = ns_net_set_of(k->set);
	struct ns_obj c = { 0 };
	size_t i, lo, hi;

	if (ns_net_set_load(s) == -1)
		return -1;
	hi = ns_net_set_group(s, net_group(o), &lo);
	for (i = lo; i < hi; i++) {
		ns_obj_set(&c, k->leaf, "/net/%s/%u/%s", k->name,
		    s->ent[i].key.major, s->ent[i].name);
		set_net_at(&c, i);
		set_net_kind(&c, net_kind(o));
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

	ns_val_add(val, ns_net_key_text(&ent_of(o)->key, text, sizeof(text)));
	return 0;
}

NS_GETTER_OBJ(prefixlen, ns_val_num, ent_of(o)->key.plen)
NS_GETTER_OBJ(family, ns_val_add, ns_net_family_name(ent_of(o)->key.family))

/* The interface an address or neighbour is on, or a group's. */
static int
get_major_interface(struct ns_obj *o, struct ns_val *val)
{
	uint64_t ifindex = o->cls == &ifaddrs_class ||
	    o->cls == &ifneighs_class ? net_group(o) : ent_of(o)->key.major;

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

	ns_val_add(val, ns_net_scope_name(scope, buf, sizeof(buf)));
	return 0;
}

static int
get_addr_flags(struct ns_obj *o, struct ns_val *val)
{
	struct rtnl_addr *a = addr_of(o);
	unsigned int flags = rtnl_addr_get_flags(a);
	char *s = NULL, *rest;

	if (rtnl_addr_get_family(a) == AF_INET6 && (flags & IFA_F_TEMPORARY)) {
		s = ns_xstrdup("temporary");
		flags &= ~IFA_F_TEMPORARY;
	}
	if ((rest = ns_net_addr_flags(flags)) != NULL) {
		ns_net_catf(&s, "%s%s", s != NULL ? "," : "", rest);
		free(rest);
	}
	return ns_net_add_own(val, s);
}

static int
get_label(struct ns_obj *o, struct ns_val *val)
{
	return ns_val_text(val, rtnl_addr_get_label(addr_of(o)));
}

static int
get_broadcast(struct ns_obj *o, struct ns_val *val)
{
	return ns_net_add_nladdr(val, rtnl_addr_get_broadcast(addr_of(o)));
}

static int
get_peer(struct ns_obj *o, struct ns_val *val)
{
	return ns_net_add_nladdr(val, rtnl_addr_get_peer(addr_of(o)));
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

/*
 * The operational state of the address's interface, read through the
 * resolver from the interface its interface attribute links to: what
 * /dev/net says, so that "which addresses are up" is one -Q away.
 */
static int
get_addr_operstate(struct ns_obj *o, struct ns_val *val)
{
	struct ns_val link = { 0 };
	struct ns_obj *ifobj;
	char *state;
	size_t n;

	(void)get_major_interface(o, &link);
	ifobj = ns_lookup_path(link.buf);
	ns_val_free(&link);
	if (ifobj == NULL)
		return -1;
	state = ns_obj_attr(ifobj, "operstate", &n);
	ns_obj_free(ifobj);
	if (state == NULL)
		return -1;
	ns_val_add(val, state);
	free(state);
	return 0;
}

/* "inet 10.0.0.2/24 scope global eth0", as ip addr words it. */
static int
addr_summary(struct ns_obj *o, struct ns_val *val)
{
	struct rtnl_addr *a = addr_of(o);
	const struct key *k = &ent_of(o)->key;
	char text[INET6_ADDRSTRLEN + 64], num[16], *s = NULL;
	int scope = rtnl_addr_get_scope(a);

	ns_net_catf(&s, "%s %s", ns_net_family_name(k->family),
	    ns_net_key_text(k, text, sizeof(text)));
	if (ns_net_nladdr_text(rtnl_addr_get_peer(a), text, sizeof(text)) !=
	    NULL)
		ns_net_catf(&s, " peer %s", text);
	ns_net_catf(&s, "/%d scope %s", k->plen, ns_net_scope_name(scope, num,
	    sizeof(num)));
	ns_net_catw(&s, ns_net_ifname(k->major, num, sizeof(num)));
	return ns_net_add_own(val, s);
}

/* "eth0 10.0.0.2/24 fe80::1/64", as ip -br addr words it. */
static int
ifaddrs_summary(struct ns_obj *o, struct ns_val *val)
{
	struct set *as = ns_net_set_of(&ns_net_addrs);
	char text[INET6_ADDRSTRLEN], num[16], *s = NULL;
	size_t i, lo, hi;

	ns_net_catw(&s, ns_net_ifname(net_group(o), num, sizeof(num)));
	if (ns_net_set_load(as) == 0) {
		hi = ns_net_set_group(as, net_group(o), &lo);
		for (i = lo; i < hi; i++)
			ns_net_catf(&s, " %s/%d",
			    ns_net_key_text(&as->ent[i].key, text,
			    sizeof(text)), as->ent[i].key.plen);
	}
	return ns_net_add_own(val, s);
}

/*
 * Routes.
 */
static struct rtnl_route *
route_of(struct ns_obj *o)
{
	return (struct rtnl_route *)ent_of(o)->obj;
}

NS_GETTER_OBJ(table_number, ns_val_num,
    o->cls == &table_class ? net_group(o) : ent_of(o)->key.major)

static int
get_table_name(struct ns_obj *o, struct ns_val *val)
{
	const char *name = ns_net_table_name(net_group(o));

	if (name == NULL)
		return ns_none();
	ns_val_add(val, name);
	return 0;
}

/* "main", or "table 100" for a table without a name. */
static int
table_summary(struct ns_obj *o, struct ns_val *val)
{
	const char *name = ns_net_table_name(net_group(o));

	if (name != NULL)
		ns_val_add(val, name);
	else
		ns_val_addf(val, "table %llu",
		    (unsigned long long)net_group(o));
	return 0;
}

static int
get_route_kind(struct ns_obj *o, struct ns_val *val)
{
	char buf[16];

	ns_val_add(val, ns_net_rtype_name(rtnl_route_get_type(route_of(o)), buf,
	    sizeof(buf)));
	return 0;
}

static int
get_protocol(struct ns_obj *o, struct ns_val *val)
{
	char buf[16];

	ns_val_add(val, ns_net_proto_name(rtnl_route_get_protocol(route_of(o)),
	    buf, sizeof(buf)));
	return 0;
}

static int
get_route_scope(struct ns_obj *o, struct ns_val *val)
{
	char buf[16];

	ns_val_add(val, ns_net_scope_name(rtnl_route_get_scope(route_of(o)),
	    buf, sizeof(buf)));
	return 0;
}

NS_GETTER_OBJ(metric, ns_val_num, rtnl_route_get_priority(route_of(o)))
NS_GETTER_OBJ(tos, ns_val_num, rtnl_route_get_tos(route_of(o)))

static int
get_source(struct ns_obj *o, struct ns_val *val)
{
	char buf[INET6_ADDRSTRLEN + 8];

	if (ns_net_route_src(route_of(o), buf, sizeof(buf)) == -1)
		return ns_none();
	ns_val_add(val, buf);
	return 0;
}

static int
get_gateway(struct ns_obj *o, struct ns_val *val)
{
	struct rtnl_nexthop *nh = ns_net_single_hop(route_of(o));

	return nh != NULL ? ns_net_add_nladdr(val, ns_net_hop_gateway(nh)) :
	    ns_none();
}

static int
get_route_interface(struct ns_obj *o, struct ns_val *val)
{
	struct rtnl_nexthop *nh = ns_net_single_hop(route_of(o));

	if (nh == NULL || rtnl_route_nh_get_ifindex(nh) <= 0)
		return ns_none();
	ns_val_addf(val, "/dev/net/%d", rtnl_route_nh_get_ifindex(nh));
	return 0;
}

/* "onlink,linkdown", as ip route prints them; each path of a multipath
 * route has its own, in nexthops. */
static int
get_route_flags(struct ns_obj *o, struct ns_val *val)
{
	return ns_net_add_own(val, ns_net_rt_flags(rtnl_route_get_flags(
	    route_of(o))));
}

static int
get_prefsrc(struct ns_obj *o, struct ns_val *val)
{
	return ns_net_add_nladdr(val, rtnl_route_get_pref_src(route_of(o)));
}

/* Flags as words, as ip(8) prints them: "onlink linkdown". */
static void
flags_words(char *flags)
{
	char *c;

	for (c = flags; (c = strchr(c, ',')) != NULL; c++)
		*c = ' ';
}

/* One path of a route: gateway, interface (its path, or its name for a
 * summary) and, for a multipath route, weight, which the kernel keeps
 * less one, and flags (onlink, dead, linkdown), as ip route prints
 * them. */
static char *
hop_text(struct rtnl_nexthop *nh, int names, int weight)
{
	char text[INET6_ADDRSTRLEN + 64], num[16], *s = NULL, *flags;
	int ifindex = rtnl_route_nh_get_ifindex(nh);

	if (ns_net_nladdr_text(ns_net_hop_gateway(nh), text, sizeof(text)) !=
	    NULL)
		ns_net_catf(&s, "via %s", text);
	if (ifindex > 0 && names)
		ns_net_catf(&s, "%sdev %s", s != NULL ? " " : "",
		    ns_net_ifname(ifindex, num, sizeof(num)));
	else if (ifindex > 0)
		ns_net_catf(&s, "%sdev /dev/net/%d", s != NULL ? " " : "",
		    ifindex);
	if (weight)
		ns_net_catf(&s, "%sweight %u", s != NULL ? " " : "",
		    rtnl_route_nh_get_weight(nh) + 1);
	if (weight && (flags = ns_net_rt_flags(rtnl_route_nh_get_flags(nh))) !=
	    NULL) {
		flags_words(flags);
		ns_net_catw(&s, flags);
		free(flags);
	}
	return s;
}

static int
get_nexthops(struct ns_obj *o, struct ns_val *val)
{
	struct rtnl_route *r = route_of(o);
	int i, n = rtnl_route_get_nnexthops(r);
	char *s;

	if (n < 2)
		return ns_none();
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
		ns_net_catw(&s, ns_net_rtype_name(rtnl_route_get_type(r), num,
		    sizeof(num)));
	if (k->plen == 0)
		ns_net_catw(&s, "default");
	else if (k->plen == (k->family == AF_INET ? 32 : 128))
		ns_net_catw(&s, ns_net_key_text(k, text, sizeof(text)));
	else
		ns_net_catf(&s, "%s%s/%d", s != NULL ? " " : "",
		    ns_net_key_text(k, text, sizeof(text)), k->plen);
	if (ns_net_route_src(r, text, sizeof(text)) == 0)
		ns_net_catf(&s, " from %s", text);
	if (rtnl_route_get_tos(r) != 0)
		ns_net_catf(&s, " tos 0x%02x", rtnl_route_get_tos(r));
	if ((nh = ns_net_single_hop(r)) != NULL &&
	    (hop = hop_text(nh, 1, 0)) != NULL) {
		ns_net_catw(&s, hop);
		free(hop);
	}
	if (rtnl_route_get_protocol(r) != RTPROT_BOOT)
		ns_net_catf(&s, " proto %s",
		    ns_net_proto_name(rtnl_route_get_protocol(r), num,
		    sizeof(num)));
	if (rtnl_route_get_scope(r) != RT_SCOPE_UNIVERSE)
		ns_net_catf(&s, " scope %s",
		    ns_net_scope_name(rtnl_route_get_scope(r), num,
		    sizeof(num)));
	if (ns_net_nladdr_text(rtnl_route_get_pref_src(r), text,
	    sizeof(text)) != NULL)
		ns_net_catf(&s, " src %s", text);
	if (rtnl_route_get_priority(r) != 0)
		ns_net_catf(&s, " metric %u", rtnl_route_get_priority(r));
	if ((hop = ns_net_rt_flags(rtnl_route_get_flags(r))) != NULL) {
		flags_words(hop);
		ns_net_catw(&s, hop);
		free(hop);
	}
	if ((n = rtnl_route_get_nnexthops(r)) > 1)
		for (i = 0; i < n; i++) {
			hop = hop_text(rtnl_route_nexthop_n(r, i), 1, 1);
			ns_net_catf(&s, " nexthop %s", hop);
			free(hop);
		}
	return ns_net_add_own(val, s);
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
	return ns_net_add_nladdr(val, rtnl_neigh_get_lladdr(neigh_of(o)));
}

static int
get_state(struct ns_obj *o, struct ns_val *val)
{
	return ns_net_add_own(val,
	    ns_net_nud_text(rtnl_neigh_get_state(neigh_of(o))));
}

static int
get_neigh_flags(struct ns_obj *o, struct ns_val *val)
{
	return ns_net_add_own(val,
	    ns_net_ntf_flags(rtnl_neigh_get_flags(neigh_of(o))));
}

/* "10.0.0.9 dev eth0 lladdr 02:00:00:00:00:09 PERMANENT", as ip neigh
 * prints it. */
static int
neigh_summary(struct ns_obj *o, struct ns_val *val)
{
	struct rtnl_neigh *nb = neigh_of(o);
	const struct key *k = &ent_of(o)->key;
	char text[INET6_ADDRSTRLEN + 64], num[16], *s = NULL, *w;

	ns_net_catf(&s, "%s dev %s", ns_net_key_text(k, text, sizeof(text)),
	    ns_net_ifname(k->major, num, sizeof(num)));
	if (ns_net_nladdr_text(rtnl_neigh_get_lladdr(nb), text, sizeof(text)) !=
	    NULL)
		ns_net_catf(&s, " lladdr %s", text);
	if ((w = ns_net_ntf_flags(rtnl_neigh_get_flags(nb))) != NULL) {
		ns_net_catw(&s, w);
		free(w);
	}
	if ((w = ns_net_nud_text(rtnl_neigh_get_state(nb))) != NULL) {
		ns_net_catw(&s, w);
		free(w);
	}
	return ns_net_add_own(val, s);
}

static int
ifneighs_summary(struct ns_obj *o, struct ns_val *val)
{
	char num[16];

	ns_val_add(val, ns_net_ifname(net_group(o), num, sizeof(num)));
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
		return ns_none();
	k = &kinds[i];
	set_net_kind(o, i);
	if (n == 1)
		return ns_obj_set(o, k->top, "/net/%s", k->name);
	if (k->group_id(comp[1], &major) == -1 || ns_net_set_load(k->set) == -1)
		return -1;
	if (n == 2) {
		if (ns_net_set_group(k->set, major, &lo) == lo)
			return ns_none();
		set_net_group(o, major);
		return ns_obj_set(o, k->group, "/net/%s/%u", k->name, major);
	}
	if (k->find(major, comp[2], &at) == -1)
		return -1;
	set_net_at(o, at);
	return ns_obj_set(o, k->leaf, "/net/%s/%u/%s", k->name, major,
	    ns_net_set_of(k->set)->ent[at].name);
}

static const struct ns_attr ifgroup_attrs[] = {
	NS_COL_INTERFACE(get_major_interface),
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
	NS_COL_INTERFACE(get_major_interface),
	{ "operstate", NS_STRING, "the interface's operational state: up, "
	    "down...", get_addr_operstate },
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
	NS_COL_INTERFACE(get_route_interface),
	{ "flags", NS_STRING, "the route's flags: onlink,linkdown...",
	    get_route_flags },
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
	NS_COL_INTERFACE(get_major_interface),
	{ NULL }
};

static const struct ns_class net_class = {
	.type = "net",
	.attrs = ns_no_attrs,
	.list = net_list,
	.summary = net_summary,
};

static const struct ns_class addrs_class = {
	.type = "addrs",
	.attrs = ns_no_attrs,
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
	.attrs = ns_no_attrs,
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
	.attrs = ns_no_attrs,
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

NS_PROVIDER(ns_net_provider,
	.name = "net",
	.help = "addresses, routes and neighbours",
	.lookup = net_lookup,
	.classes = NS_CLASSES(&net_class, &addrs_class, &ifaddrs_class,
	    &addr_class, &routes_class, &table_class, &route_class,
	    &neighs_class, &ifneighs_class, &neigh_class),
	/* With the interfaces', from one socket a namespace. */
	.watch = ns_watch_net);
