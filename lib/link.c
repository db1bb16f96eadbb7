/*
 * link.c: the network interfaces of the caller's network namespace, each
 * kept as the RTM_NEWLINK message the kernel sent for it (see link.h).
 *
 * One netlink socket serves the run.  A lookup asks for one interface
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

#include <netlink/netlink.h>
#include <netlink/attr.h>
#include <netlink/msg.h>

#include "link.h"

#define LINK_LOOKUPS	16		/* requests of one before a dump */

struct link {
	int		 refs;
	int		 nostats;	/* from a dump that left them out */
	struct nlmsghdr	*msg;		/* the copy */
	struct nlattr	*tb[IFLA_MAX + 1];
	struct nlattr	*info[IFLA_INFO_MAX + 1];
};

static struct nl_sock *sk;
static int sk_failed;
/* A dump: the interfaces sorted by ifindex. */
struct table {
	struct link	**v;
	size_t		 n, cap;
	int		 read;		/* tried; v is NULL if it failed */
};

static struct table table;		/* without their statistics */
static struct table stats;		/* whole, once a counter is asked */
static int lookups;

struct link *
link_from_msg(const struct nlmsghdr *h, size_t len)
{
	struct link *l;

	if (len < NLMSG_LENGTH(sizeof(struct ifinfomsg)) ||
	    h->nlmsg_len < NLMSG_LENGTH(sizeof(struct ifinfomsg)) ||
	    h->nlmsg_len > len || h->nlmsg_type != RTM_NEWLINK) {
		errno = EINVAL;
		return NULL;
	}
	if ((l = calloc(1, sizeof(*l))) == NULL ||
	    (l->msg = malloc(h->nlmsg_len)) == NULL)
		err(1, NULL);
	memcpy(l->msg, h, h->nlmsg_len);
	l->refs = 1;
	if (nlmsg_parse(l->msg, sizeof(struct ifinfomsg), l->tb, IFLA_MAX,
	    NULL) < 0 || (l->tb[IFLA_LINKINFO] != NULL &&
	    nla_parse_nested(l->info, IFLA_INFO_MAX, l->tb[IFLA_LINKINFO],
	    NULL) < 0)) {
		link_put(l);
		errno = EINVAL;
		return NULL;
	}
	return l;
}

struct link *
link_ref(struct link *l)
{
	l->refs++;
	return l;
}

void
link_put(struct link *l)
{
	if (l == NULL || --l->refs > 0)
		return;
	free(l->msg);
	free(l);
}

static const struct ifinfomsg *
ifi(const struct link *l)
{
	return nlmsg_data(l->msg);
}

int
link_ifindex(const struct link *l)
{
	return ifi(l)->ifi_index;
}

unsigned
link_flags(const struct link *l)
{
	return ifi(l)->ifi_flags;
}

unsigned
link_arptype(const struct link *l)
{
	return ifi(l)->ifi_type;
}

static const void *
attr_of(struct nlattr *a, size_t len)
{
	if (a == NULL || (size_t)nla_len(a) < len) {
		errno = ENOENT;
		return NULL;
	}
	return nla_data(a);
}

const void *
link_attr(const struct link *l, int type, size_t len)
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
	if (memchr(s, '\0', nla_len(a)) == NULL) {
		errno = ENOENT;
		return NULL;
	}
	return s;
}

const char *
link_str(const struct link *l, int type)
{
	if (type < 0 || type > IFLA_MAX) {
		errno = ENOENT;
		return NULL;
	}
	return str_of(l->tb[type]);
}

const char *
link_kind(const struct link *l)
{
	return str_of(l->info[IFLA_INFO_KIND]);
}

/* A number of n bytes, copied: the payload need not be aligned. */
static int
number(const struct link *l, int type, void *v, size_t n)
{
	const void *p;

	if ((p = link_attr(l, type, n)) == NULL)
		return -1;
	memcpy(v, p, n);
	return 0;
}

int
link_u32(const struct link *l, int type, uint32_t *v)
{
	return number(l, type, v, sizeof(*v));
}

int
link_u8(const struct link *l, int type, uint8_t *v)
{
	return number(l, type, v, sizeof(*v));
}

int
link_s32(const struct link *l, int type, int32_t *v)
{
	return number(l, type, v, sizeof(*v));
}

static int	table_load(struct table *);
static struct link *table_find(const struct table *, int, const char *);

int
link_stat(const struct link *l, size_t off, uint64_t *v)
{
	const char *p;

	if ((p = link_attr(l, IFLA_STATS64, off + sizeof(*v))) == NULL) {
		/* Read without them: from the dump that has them. */
		if (!l->nostats || table_load(&stats) == -1 ||
		    (l = table_find(&stats, link_ifindex(l), NULL)) == NULL ||
		    (p = link_attr(l, IFLA_STATS64, off + sizeof(*v))) ==
		    NULL) {
			errno = ENOENT;
			return -1;
		}
	}
	memcpy(v, p + off, sizeof(*v));
	return 0;
}

/*
 * As ip(8) prints it: the IPv4 or IPv6 address of a tunnel's end, the
 * bytes in hex between colons for the rest.
 */
const char *
link_lladdr(const struct link *l, int type, char *buf, size_t size)
{
	static const char hex[] = "0123456789abcdef";
	const unsigned char *p;
	size_t n, i, k = 0;
	unsigned t = link_arptype(l);

	if ((p = link_attr(l, type, 1)) == NULL)
		return NULL;
	n = nla_len(l->tb[type]);
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

static struct nl_sock *
route_socket(void)
{
	if (sk != NULL || sk_failed)
		return sk;
	if ((sk = nl_socket_alloc()) == NULL)
		err(1, NULL);
	if (nl_connect(sk, NETLINK_ROUTE) < 0) {
		nl_socket_free(sk);
		sk = NULL;
		sk_failed = 1;
		return NULL;
	}
	/* Fewer, larger reads of a dump; no acknowledgement to wait for. */
	nl_socket_set_msg_buf_size(sk, 32768);
	nl_socket_disable_auto_ack(sk);
	return sk;
}

static int
push(struct nl_msg *msg, void *arg)
{
	struct nlmsghdr *h = nlmsg_hdr(msg);
	struct table *t = arg;
	struct link *l;

	if ((l = link_from_msg(h, h->nlmsg_len)) == NULL)
		return NL_SKIP;
	l->nostats = t == &table;
	if (t->n == t->cap) {
		t->cap = t->cap ? 2 * t->cap : 64;
		if ((t->v = reallocarray(t->v, t->cap, sizeof(*t->v))) == NULL)
			err(1, NULL);
	}
	t->v[t->n++] = l;
	return NL_OK;
}

static int
keep_one(struct nl_msg *msg, void *arg)
{
	struct nlmsghdr *h = nlmsg_hdr(msg);
	struct link **one = arg;

	if (*one == NULL)
		*one = link_from_msg(h, h->nlmsg_len);
	return NL_OK;
}

/* RTM_GETLINK, of one interface (by ifindex, or by name) or a dump of
 * them all, with the RTEXT_FILTER_* of mask: 0, or -1 with errno. */
static int
request(int ifindex, const char *name, int dump, uint32_t mask,
    int (*fn)(struct nl_msg *, void *), void *arg)
{
	struct ifinfomsg hdr = { .ifi_family = AF_UNSPEC };
	struct nl_msg *msg;
	struct nl_cb *cb;
	int r;

	if (route_socket() == NULL) {
		errno = EACCES;
		return -1;
	}
	hdr.ifi_index = ifindex;
	if ((msg = nlmsg_alloc_simple(RTM_GETLINK, dump ? NLM_F_DUMP : 0)) ==
	    NULL || nlmsg_append(msg, &hdr, sizeof(hdr), NLMSG_ALIGNTO) < 0 ||
	    (name != NULL && nla_put_string(msg, IFLA_IFNAME, name) < 0) ||
	    (mask != 0 && nla_put_u32(msg, IFLA_EXT_MASK, mask) < 0) ||
	    (cb = nl_cb_alloc(NL_CB_DEFAULT)) == NULL)
		err(1, NULL);
	nl_cb_set(cb, NL_CB_VALID, NL_CB_CUSTOM, fn, arg);
	r = nl_send_auto(sk, msg);
	if (r >= 0)
		r = nl_recvmsgs(sk, cb);
	nl_cb_put(cb);
	nlmsg_free(msg);
	if (r < 0) {
		/* No such interface; and what is left of a failed dump must
		 * not be read as the answer to the next request. */
		if (dump) {
			nl_socket_free(sk);
			sk = NULL;
		}
		errno = ENOENT;
		return -1;
	}
	return 0;
}

static int
cmp_link(const void *a, const void *b)
{
	int x = link_ifindex(*(struct link *const *)a);
	int y = link_ifindex(*(struct link *const *)b);

	return (x > y) - (x < y);
}

/*
 * A dump, once a run.  A listing reads the table without the counters,
 * which are a third of what the kernel writes for an interface; they
 * come in a second dump if one is asked for (a kernel older than 4.13
 * sends them all the same).
 */
static int
table_load(struct table *t)
{
	if (t->read)
		return t->v != NULL ? 0 : -1;
	t->read = 1;
	if (request(0, NULL, 1, t == &table ? RTEXT_FILTER_SKIP_STATS : 0,
	    push, t) == -1) {
		while (t->n > 0)
			link_put(t->v[--t->n]);
		free(t->v);
		t->v = NULL;
		errno = EACCES;
		return -1;
	}
	if (t->v == NULL && (t->v = calloc(1, sizeof(*t->v))) == NULL)
		err(1, NULL);
	qsort(t->v, t->n, sizeof(*t->v), cmp_link);
	return 0;
}

static int
cmp_ifindex(const void *key, const void *elem)
{
	int x = *(const int *)key;
	int y = link_ifindex(*(struct link *const *)elem);

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
		if ((s = link_str(t->v[i], IFLA_IFNAME)) != NULL &&
		    strcmp(s, name) == 0)
			return t->v[i];
	return NULL;
}

struct link *
link_get(int ifindex, const char *name)
{
	struct link *l = NULL;

	if (!table.read && ++lookups > LINK_LOOKUPS)
		(void)table_load(&table);
	if (table.v != NULL) {
		if ((l = table_find(&table, ifindex, name)) == NULL) {
			errno = ENOENT;
			return NULL;
		}
		l->refs++;
		return l;
	}
	if (request(ifindex, ifindex > 0 ? NULL : name, 0, 0, keep_one, &l) ==
	    -1)
		return NULL;
	if (l == NULL)
		errno = ENOENT;
	return l;
}

int
link_each(int (*fn)(struct link *, void *), void *arg)
{
	size_t i;
	int r;

	if (table_load(&table) == -1)
		return -1;
	for (i = 0; i < table.n; i++)
		if ((r = fn(table.v[i], arg)) != 0)
			return r;
	return 0;
}
