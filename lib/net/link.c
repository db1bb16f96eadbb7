/*
 * link.c: the network interfaces of a network namespace, each as the
 * RTM_NEWLINK message the kernel sent for it (see link.h).
 *
 * One netlink socket serves the run, for each namespace: the target's
 * (netns.h), whose state alone is read.  A lookup asks for one interface
 * until there have been LINK_LOOKUPS of them (a list of paths on standard
 * input); then, and for any listing, one dump reads the whole table,
 * indexed by ifindex, and it serves the rest of the run.
 */
#include <arpa/inet.h>
#include <linux/if_arp.h>

#include <err.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "provider.h"
#include "link.h"
#include "netns.h"
#include "nl.h"

#define LINK_LOOKUPS	16		/* requests of one before a dump */

struct link {
	int		 refs;
	int		 owned;		/* msg is its own copy */
	struct nlmsghdr	*msg;
	struct nlattr	*tb[IFLA_MAX + 1];
	struct nlattr	*info[IFLA_INFO_MAX + 1];
};

/* A dump: the interfaces sorted by ifindex, and the arena their
 * messages are kept in. */
struct table {
	struct link	**v;
	size_t		 n, cap;
	unsigned char	**bufs;		/* the arena's chunks */
	size_t		 nbufs;
	size_t		 used;		/* of the last chunk */
	int		 read;		/* tried; v is NULL if it failed */
};

#define CHUNK		65536		/* the arena grows by this */

/*
 * The attributes a dump keeps of each interface: those the providers
 * read.  The kernel sends three times as much (each address family's
 * settings and counters, the 32-bit counters again), and a thousand
 * interfaces kept whole were a megabyte of fresh pages.  A getter of
 * another attribute must add it here.  Of IFLA_AF_SPEC, one setting is
 * kept (keep_af_spec).
 */
static const unsigned short kept[] = {
	IFLA_ADDRESS, IFLA_BROADCAST, IFLA_IFNAME, IFLA_MTU, IFLA_LINK,
	IFLA_QDISC, IFLA_STATS64, IFLA_MASTER, IFLA_TXQLEN, IFLA_OPERSTATE,
	IFLA_LINKMODE, IFLA_LINKINFO, IFLA_IFALIAS, IFLA_PROMISCUITY,
	IFLA_NUM_TX_QUEUES, IFLA_NUM_RX_QUEUES, IFLA_CARRIER, IFLA_GROUP,
	IFLA_LINK_NETNSID, IFLA_CARRIER_CHANGES, IFLA_MIN_MTU, IFLA_MAX_MTU,
	IFLA_ALLMULTI,
};

/* What is kept of one network namespace: its socket, its dump, and how
 * many lookups it has had.  The caller's own is own; another's comes
 * from ns_netns_state, so that each namespace has its own table. */
struct linkstate {
	struct ns_nlsock	*sk;
	int		 sk_failed;
	struct table	 table;
	int		 lookups;
};

static struct linkstate own;

static struct linkstate *
state(void)
{
	return ns_netns_state(&own, sizeof(own));
}

/*
 * Attributes, walked here rather than through libnl's nla_* calls: a
 * dump of a thousand interfaces walks a hundred thousand of them, and a
 * call into a shared library for each step was a tenth of a listing.
 */
#define ATTR_OK(a, rem)	((rem) >= (int)NLA_HDRLEN &&			\
			    (a)->nla_len >= NLA_HDRLEN &&		\
			    (a)->nla_len <= (rem))
#define ATTR_NEXT(a, rem) ((rem) -= NLA_ALIGN((a)->nla_len),		\
			    (struct nlattr *)((char *)(a) +		\
			    NLA_ALIGN((a)->nla_len)))
#define ATTR_TYPE(a)	((a)->nla_type & NLA_TYPE_MASK)

/* The attributes of the len bytes at a, by type up to max; the last of
 * a type wins, as with nla_parse. */
static void
parse_attrs(struct nlattr **tb, int max, struct nlattr *a, int rem)
{
	memset(tb, 0, (max + 1) * sizeof(*tb));
	for (; ATTR_OK(a, rem); a = ATTR_NEXT(a, rem))
		if (ATTR_TYPE(a) <= max)
			tb[ATTR_TYPE(a)] = a;
}

static struct nlattr *
msg_attrs(const struct nlmsghdr *h, int *rem)
{
	size_t head = NLMSG_ALIGN(NLMSG_LENGTH(sizeof(struct ifinfomsg)));

	*rem = h->nlmsg_len > head ? (int)(h->nlmsg_len - head) : 0;
	return (struct nlattr *)((char *)h + head);
}

/* An interface read in place from the message h, which holds len bytes:
 * a copy of its own (owned), or a message in a dump's buffer. */
static struct link *
link_at(struct nlmsghdr *h, size_t len, int owned)
{
	struct link *l;
	struct nlattr *a;
	int rem;

	if (len < NLMSG_LENGTH(sizeof(struct ifinfomsg)) ||
	    h->nlmsg_len < NLMSG_LENGTH(sizeof(struct ifinfomsg)) ||
	    h->nlmsg_len > len || h->nlmsg_type != RTM_NEWLINK) {
		if (owned)
			free(h);
		errno = EINVAL;
		return NULL;
	}
	l = ns_xmalloc(sizeof(*l));
	l->msg = h;
	l->owned = owned;
	l->refs = 1;
	a = msg_attrs(h, &rem);
	parse_attrs(l->tb, IFLA_MAX, a, rem);
	if ((a = l->tb[IFLA_LINKINFO]) != NULL)
		parse_attrs(l->info, IFLA_INFO_MAX, (struct nlattr *)((char *)a +
		    NLA_HDRLEN), a->nla_len - NLA_HDRLEN);
	else
		memset(l->info, 0, sizeof(l->info));
	return l;
}

struct link *
ns_link_from_msg(const struct nlmsghdr *h, size_t len)
{
	struct nlmsghdr *copy;

	if (len < NLMSG_HDRLEN || h->nlmsg_len > len) {
		errno = EINVAL;
		return NULL;
	}
	copy = ns_xmalloc(h->nlmsg_len > NLMSG_HDRLEN ? h->nlmsg_len :
	    NLMSG_HDRLEN);
	memcpy(copy, h, h->nlmsg_len > NLMSG_HDRLEN ? h->nlmsg_len :
	    NLMSG_HDRLEN);
	return link_at(copy, h->nlmsg_len, 1);
}

struct link *
ns_link_ref(struct link *l)
{
	l->refs++;
	return l;
}

void
ns_link_put(struct link *l)
{
	if (l == NULL || --l->refs > 0)
		return;
	if (l->owned)
		free(l->msg);
	free(l);
}

static const struct ifinfomsg *
ifi(const struct link *l)
{
	return NLMSG_DATA(l->msg);
}

int
ns_link_ifindex(const struct link *l)
{
	return ifi(l)->ifi_index;
}

unsigned
ns_link_flags(const struct link *l)
{
	return ifi(l)->ifi_flags;
}

unsigned
ns_link_arptype(const struct link *l)
{
	return ifi(l)->ifi_type;
}

static const void *
attr_of(struct nlattr *a, size_t len)
{
	if (a == NULL || (size_t)(a->nla_len - NLA_HDRLEN) < len) {
		errno = ENOENT;
		return NULL;
	}
	return (char *)a + NLA_HDRLEN;
}

const void *
ns_link_attr(const struct link *l, int type, size_t len)
{
	if (type < 0 || type > IFLA_MAX) {
		errno = ENOENT;
		return NULL;
	}
	return attr_of(l->tb[type], len);
}

static const char *
str_of(struct nlattr *a)
{
	const char *s;

	if ((s = attr_of(a, 1)) == NULL)
		return NULL;
	if (memchr(s, '\0', a->nla_len - NLA_HDRLEN) == NULL) {
		errno = ENOENT;
		return NULL;
	}
	return s;
}

const char *
ns_link_str(const struct link *l, int type)
{
	if (type < 0 || type > IFLA_MAX) {
		errno = ENOENT;
		return NULL;
	}
	return str_of(l->tb[type]);
}

const char *
ns_link_kind(const struct link *l)
{
	return str_of(l->info[IFLA_INFO_KIND]);
}

const char *
ns_link_slave_kind(const struct link *l)
{
	return str_of(l->info[IFLA_INFO_SLAVE_KIND]);
}

/* The last attribute of a type nested in a, as parse_attrs keeps it:
 * found by a walk, for a nest whose types are read one or two at a
 * time, and only for the interfaces of its kind. */
static struct nlattr *
nested(struct nlattr *a, int type)
{
	struct nlattr *in, *found = NULL;
	int rem;

	if (a == NULL || a->nla_len < NLA_HDRLEN)
		return NULL;
	in = (struct nlattr *)((char *)a + NLA_HDRLEN);
	for (rem = a->nla_len - NLA_HDRLEN; ATTR_OK(in, rem);
	    in = ATTR_NEXT(in, rem))
		if (ATTR_TYPE(in) == type)
			found = in;
	return found;
}

const void *
ns_link_info_attr(const struct link *l, int nest, int type, size_t len)
{
	if (nest != IFLA_INFO_DATA && nest != IFLA_INFO_SLAVE_DATA) {
		errno = ENOENT;
		return NULL;
	}
	return attr_of(nested(l->info[nest], type), len);
}

const void *
ns_link_af_attr(const struct link *l, int family, int type, size_t len)
{
	return attr_of(nested(nested(l->tb[IFLA_AF_SPEC], family), type),
	    len);
}

/* A number of n bytes, copied: the payload need not be aligned. */
static int
number(const struct link *l, int type, void *v, size_t n)
{
	const void *p;

	if ((p = ns_link_attr(l, type, n)) == NULL)
		return -1;
	memcpy(v, p, n);
	return 0;
}

int
ns_link_u32(const struct link *l, int type, uint32_t *v)
{
	return number(l, type, v, sizeof(*v));
}

int
ns_link_u8(const struct link *l, int type, uint8_t *v)
{
	return number(l, type, v, sizeof(*v));
}

int
ns_link_s32(const struct link *l, int type, int32_t *v)
{
	return number(l, type, v, sizeof(*v));
}

int
ns_link_stat(const struct link *l, size_t off, uint64_t *v)
{
	const char *p;

	if ((p = ns_link_attr(l, IFLA_STATS64, off + sizeof(*v))) == NULL)
		return -1;
	memcpy(v, p + off, sizeof(*v));
	return 0;
}

/*
 * As ip(8) prints it: the IPv4 or IPv6 address of a tunnel's end, the
 * bytes in hex between colons for the rest.
 */
const char *
ns_link_lladdr(const struct link *l, int type, char *buf, size_t size)
{
	static const char hex[] = "0123456789abcdef";
	const unsigned char *p;
	size_t n, i, k = 0;
	unsigned t = ns_link_arptype(l);

	if ((p = ns_link_attr(l, type, 1)) == NULL)
		return NULL;
	n = l->tb[type]->nla_len - NLA_HDRLEN;
	if (n == 4 && (t == ARPHRD_TUNNEL || t == ARPHRD_SIT ||
	    t == ARPHRD_IPGRE))
		return inet_ntop(AF_INET, p, buf, size);
	if (n == 16 && (t == ARPHRD_TUNNEL6 || t == ARPHRD_IP6GRE))
		return inet_ntop(AF_INET6, p, buf, size);
	if (size < 3 * n) {
		errno = ENOSPC;
		return NULL;
	}
	for (i = 0; i < n; i++) {
		if (i > 0)
			buf[k++] = ':';
		buf[k++] = hex[p[i] >> 4];
		buf[k++] = hex[p[i] & 0xf];
	}
	buf[k] = '\0';
	return buf;
}

/*
 * rtnetlink.
 */

/* The target namespace's rtnetlink socket, made once. */
static struct ns_nlsock *
route_socket(void)
{
	struct linkstate *ls = state();

	return ns_netns_route_once(&ls->sk, &ls->sk_failed);
}

static void
table_push(struct table *t, struct link *l)
{
	if (t->n == t->cap) {
		t->cap = t->cap ? 2 * t->cap : 64;
		t->v = ns_xreallocarray(t->v, t->cap, sizeof(*t->v));
	}
	t->v[t->n++] = l;
}

static void
table_free(struct table *t)
{
	while (t->n > 0)
		ns_link_put(t->v[--t->n]);
	while (t->nbufs > 0)
		free(t->bufs[--t->nbufs]);
	free(t->v);
	free(t->bufs);
	t->v = NULL;
	t->bufs = NULL;
	t->cap = 0;
	t->used = 0;
}

static int
is_kept(int type)
{
	static unsigned char keep[IFLA_MAX + 1];
	static int made;
	size_t i;

	if (!made) {
		for (i = 0; i < sizeof(kept) / sizeof(kept[0]); i++)
			keep[kept[i]] = 1;
		made = 1;
	}
	return type >= 0 && type <= IFLA_MAX && keep[type];
}

/* Room for len bytes in t's arena. */
static void *
arena(struct table *t, size_t len)
{
	size_t size = len > CHUNK ? len : CHUNK;
	void *p;

	if (t->nbufs == 0 || t->used + len > CHUNK) {
		if ((t->bufs = reallocarray(t->bufs, t->nbufs + 1,
		    sizeof(*t->bufs))) == NULL ||
		    (t->bufs[t->nbufs] = malloc(size)) == NULL)
			err(1, NULL);
		t->nbufs++;
		t->used = 0;
	}
	p = t->bufs[t->nbufs - 1] + t->used;
	t->used += NLMSG_ALIGN(len);
	return p;
}

/* A nest's header at q: its type, and the bytes it holds. */
static void
put_nest(unsigned char *q, int type, size_t len)
{
	struct nlattr h = { .nla_len = NLA_HDRLEN + len, .nla_type = type };

	memcpy(q, &h, NLA_HDRLEN);
}

/*
 * What a dump keeps of IFLA_AF_SPEC at a: of every address family's
 * settings, 450 bytes an interface, the IPv6 address generation mode
 * alone, in its two nests.  Its size, and written at q unless q is NULL.
 */
static size_t
keep_af_spec(struct nlattr *a, unsigned char *q)
{
	struct nlattr *mode;
	size_t in;

	if ((mode = nested(nested(a, AF_INET6),
	    IFLA_INET6_ADDR_GEN_MODE)) == NULL)
		return 0;
	in = NLA_ALIGN(mode->nla_len);
	if (q != NULL) {
		put_nest(q, IFLA_AF_SPEC, NLA_HDRLEN + in);
		put_nest(q + NLA_HDRLEN, AF_INET6, in);
		memcpy(q + 2 * NLA_HDRLEN, mode, mode->nla_len);
	}
	return 2 * NLA_HDRLEN + in;
}

/* The bytes a dump keeps of the attribute a (0 for one it drops), and
 * those bytes written at q unless q is NULL. */
static size_t
keep_attr(struct nlattr *a, unsigned char *q)
{
	if (ATTR_TYPE(a) == IFLA_AF_SPEC)
		return keep_af_spec(a, q);
	if (!is_kept(ATTR_TYPE(a)))
		return 0;
	if (q != NULL)
		memcpy(q, a, a->nla_len);
	return NLA_ALIGN(a->nla_len);
}

/* The message h with only its kept attributes, in t's arena. */
static struct nlmsghdr *
compact(struct table *t, const struct nlmsghdr *h)
{
	size_t head = NLMSG_ALIGN(NLMSG_LENGTH(sizeof(struct ifinfomsg)));
	size_t len = head;
	struct nlattr *a, *first;
	struct nlmsghdr *c;
	unsigned char *q;
	int rem, all;

	if (h->nlmsg_len < head)
		return NULL;
	first = msg_attrs(h, &all);
	for (a = first, rem = all; ATTR_OK(a, rem); a = ATTR_NEXT(a, rem))
		len += keep_attr(a, NULL);
	c = arena(t, len);
	memcpy(c, h, head);
	q = (unsigned char *)c + head;
	for (a = first, rem = all; ATTR_OK(a, rem); a = ATTR_NEXT(a, rem))
		q += keep_attr(a, q);
	c->nlmsg_len = (uint32_t)len;
	return c;
}

static int
keep_one(struct nlmsghdr *h, void *arg)
{
	struct link **one = arg;

	if (*one == NULL)
		*one = ns_link_from_msg(h, h->nlmsg_len);
	return 0;
}

/* RTM_GETLINK, for one interface (by ifindex, or by name) or, with
 * NLM_F_DUMP, for them all, with the RTEXT_FILTER_* of mask. */
static void
link_request(struct ns_nlreq *req, int ifindex, const char *name, int flags,
    uint32_t mask)
{
	struct ifinfomsg hdr = { .ifi_family = AF_UNSPEC };

	hdr.ifi_index = ifindex;
	ns_nlreq_init(req, RTM_GETLINK, (uint16_t)flags, &hdr, sizeof(hdr));
	if (name != NULL)
		ns_nlreq_put(req, IFLA_IFNAME, name, strlen(name) + 1);
	if (mask != 0)
		ns_nlreq_put(req, IFLA_EXT_MASK, &mask, sizeof(mask));
}

/* One interface, as a lookup asks for it. */
static struct link *
request_one(int ifindex, const char *name)
{
	struct link *l = NULL;
	struct ns_nlsock *sk;
	struct ns_nlreq req;

	if ((sk = route_socket()) == NULL) {
		errno = ns_errno_closed(errno);
		return NULL;
	}
	link_request(&req, ifindex, name, 0, 0);
	/* An error answer (no such interface) fails it. */
	if (ns_nl_request(sk, &req, keep_one, NULL, &l) == -1 && l != NULL) {
		ns_link_put(l);
		l = NULL;
	}
	if (l == NULL)
		errno = ENOENT;
	return l;
}

/* One interface of a dump: the message, with the attributes kept, goes
 * into the table's arena. */
static int
keep_dumped(struct nlmsghdr *h, void *arg)
{
	struct table *t = arg;
	struct nlmsghdr *c;
	struct link *l;

	if (h->nlmsg_type == RTM_NEWLINK && (c = compact(t, h)) != NULL &&
	    (l = link_at(c, c->nlmsg_len, 0)) != NULL)
		table_push(t, l);
	return 0;
}

static void
dump_reset(void *arg)
{
	table_free(arg);
}

/* A dump into t: 0, or -1 with errno. */
static int
request_dump(struct table *t, uint32_t mask)
{
	struct ns_nlsock *sk;
	struct ns_nlreq req;

	if ((sk = route_socket()) == NULL) {
		errno = ns_errno_closed(errno);
		return -1;
	}
	link_request(&req, 0, NULL, NLM_F_DUMP, mask);
	return ns_nl_request(sk, &req, keep_dumped, dump_reset, t);
}

static int
cmp_link(const void *a, const void *b)
{
	int x = ns_link_ifindex(*(struct link *const *)a);
	int y = ns_link_ifindex(*(struct link *const *)b);

	return (x > y) - (x < y);
}

/*
 * The dump, once a run.  It leaves out each address family's counters
 * (RTEXT_FILTER_SKIP_STATS), a quarter of what the kernel writes for an
 * interface, which no attribute reads; the interface's own counters
 * come all the same.
 */
static int
table_load(struct table *t)
{
	size_t i;
	int e;

	if (t->read)
		return t->v != NULL ? 0 : -1;
	t->read = 1;
	if (request_dump(t, RTEXT_FILTER_SKIP_STATS) == -1) {
		e = errno;
		table_free(t);
		/* What is left of a failed dump must not be read as the
		 * answer to the next request. */
		if (state()->sk != NULL) {
			ns_nl_close(state()->sk);
			state()->sk = NULL;
		}
		/* Not ours to ask, unless a limit was met (said) or the
		 * namespace left (silent). */
		errno = ns_errno_closed(e);
		return -1;
	}
	if (t->v == NULL && (t->v = calloc(1, sizeof(*t->v))) == NULL)
		err(1, NULL);
	/* The kernel dumps in the order of the ifindex, as a rule. */
	for (i = 1; i < t->n; i++)
		if (cmp_link(&t->v[i - 1], &t->v[i]) > 0) {
			qsort(t->v, t->n, sizeof(*t->v), cmp_link);
			break;
		}
	return 0;
}

static int
cmp_ifindex(const void *key, const void *elem)
{
	int x = *(const int *)key;
	int y = ns_link_ifindex(*(struct link *const *)elem);

	return (x > y) - (x < y);
}

static struct link *
table_find(const struct table *t, int ifindex, const char *name)
{
	struct link **found;
	const char *s;
	size_t i;

	if (ifindex > 0) {
		found = bsearch(&ifindex, t->v, t->n, sizeof(*t->v),
		    cmp_ifindex);
		return found != NULL ? *found : NULL;
	}
	for (i = 0; name != NULL && i < t->n; i++)
		if ((s = ns_link_str(t->v[i], IFLA_IFNAME)) != NULL &&
		    strcmp(s, name) == 0)
			return t->v[i];
	return NULL;
}

struct link *
ns_link_get(int ifindex, const char *name)
{
	struct linkstate *ls = state();
	struct link *l = NULL;

	if (!ls->table.read && ++ls->lookups > LINK_LOOKUPS)
		(void)table_load(&ls->table);
	if (ls->table.v != NULL) {
		if ((l = table_find(&ls->table, ifindex, name)) == NULL) {
			errno = ENOENT;
			return NULL;
		}
		l->refs++;
		return l;
	}
	return request_one(ifindex, ifindex > 0 ? NULL : name);
}

int
ns_link_each(int (*fn)(struct link *, void *), void *arg)
{
	struct table *t = &state()->table;
	size_t i;
	int r;

	if (table_load(t) == -1)
		return -1;
	for (i = 0; i < t->n; i++)
		if ((r = fn(t->v[i], arg)) != 0)
			return r;
	return 0;
}
