/*
 * watch-netparse.c: an rtnetlink message of a link or an address, read
 * as nswatch tells of it (watch-netparse.h).  The address's key is made
 * as dumps.c makes the one of a dump: the local address (IFA_LOCAL,
 * else IFA_ADDRESS, as libnl reads it) and the prefix length, so that a
 * message names the object a listing names.
 */
#include <sys/socket.h>

#include <arpa/inet.h>

#include <stdio.h>
#include <string.h>

#include <linux/if_addr.h>
#include <linux/if_link.h>
#include <linux/rtnetlink.h>

#include "nl.h"
#include "watch-netparse.h"

/* A string attribute into buf: its bytes up to the first NUL, none if
 * they do not fit (a name cut short would name another). */
static void
attr_str(const struct nlattr *a, char *buf, size_t size)
{
	size_t n;

	buf[0] = '\0';
	if (a == NULL)
		return;
	n = strnlen(NS_NLA_DATA(a), NS_NLA_LEN(a));
	if (n >= size)
		return;
	memcpy(buf, NS_NLA_DATA(a), n);
	buf[n] = '\0';
}

/* An attribute of 4 bytes, as a signed number: 0, or -1 if it is not. */
static int
attr_s32(const struct nlattr *a, int32_t *v)
{
	if (a == NULL || NS_NLA_LEN(a) < sizeof(*v))
		return -1;
	memcpy(v, NS_NLA_DATA(a), sizeof(*v));
	return 0;
}

/* The kind in IFLA_LINKINFO's nested IFLA_INFO_KIND. */
static void
link_kind(const struct nlattr *info, char *buf, size_t size)
{
	const struct nlattr *a;
	size_t at, len;

	buf[0] = '\0';
	if (info == NULL)
		return;
	len = NS_NLA_LEN(info);
	for (at = 0; at + NLA_HDRLEN <= len; at += NLA_ALIGN(a->nla_len)) {
		a = (const struct nlattr *)((const char *)NS_NLA_DATA(info) +
		    at);
		if (a->nla_len < NLA_HDRLEN || a->nla_len > len - at)
			return;
		if ((a->nla_type & NLA_TYPE_MASK) == IFLA_INFO_KIND) {
			attr_str(a, buf, size);
			return;
		}
	}
}

int
ns_wlink_parse(const struct nlmsghdr *h, struct ns_wlink *l)
{
	const struct nlattr *tb[IFLA_MAX + 1];
	struct ifinfomsg ifi;

	memset(l, 0, sizeof(*l));
	if ((h->nlmsg_type != RTM_NEWLINK && h->nlmsg_type != RTM_DELLINK) ||
	    ns_nl_parse(h, sizeof(ifi), tb, IFLA_MAX) == -1)
		return -1;
	memcpy(&ifi, NLMSG_DATA(h), sizeof(ifi));
	/* A bridge tells of its ports (AF_BRIDGE) with these types too. */
	if (ifi.ifi_family != AF_UNSPEC || ifi.ifi_index <= 0)
		return -1;
	l->del = h->nlmsg_type == RTM_DELLINK;
	l->ifindex = ifi.ifi_index;
	attr_str(tb[IFLA_IFNAME], l->name, sizeof(l->name));
	link_kind(tb[IFLA_LINKINFO], l->kind, sizeof(l->kind));
	l->newindex = l->ifindex;
	if (l->del && attr_s32(tb[IFLA_NEW_NETNSID], &l->nsid) == 0) {
		l->moved = 1;
		if (attr_s32(tb[IFLA_NEW_IFINDEX], &l->newindex) == -1 ||
		    l->newindex <= 0)
			l->newindex = l->ifindex;
	}
	return 0;
}

int
ns_waddr_parse(const struct nlmsghdr *h, struct ns_waddr *a)
{
	const struct nlattr *tb[IFA_MAX + 1], *at;
	struct ifaddrmsg ifa;
	char text[INET6_ADDRSTRLEN];
	size_t alen;

	memset(a, 0, sizeof(*a));
	if ((h->nlmsg_type != RTM_NEWADDR && h->nlmsg_type != RTM_DELADDR) ||
	    ns_nl_parse(h, sizeof(ifa), tb, IFA_MAX) == -1)
		return -1;
	memcpy(&ifa, NLMSG_DATA(h), sizeof(ifa));
	if (ifa.ifa_family == AF_INET)
		alen = 4;
	else if (ifa.ifa_family == AF_INET6)
		alen = 16;
	else
		return -1;
	if (ifa.ifa_index == 0 || ifa.ifa_prefixlen > alen * 8)
		return -1;
	if ((at = tb[IFA_LOCAL]) == NULL)
		at = tb[IFA_ADDRESS];
	if (at == NULL || NS_NLA_LEN(at) != alen ||
	    inet_ntop(ifa.ifa_family, NS_NLA_DATA(at), text, sizeof(text)) ==
	    NULL)
		return -1;
	a->del = h->nlmsg_type == RTM_DELADDR;
	a->ifindex = ifa.ifa_index;
	snprintf(a->key, sizeof(a->key), "%s-%u", text, ifa.ifa_prefixlen);
	attr_str(tb[IFA_LABEL], a->label, sizeof(a->label));
	return 0;
}
