/*
 * link.c's reading of an RTM_NEWLINK message, fuzzed: the input is the
 * message after its netlink header (the ifinfomsg, then attributes), and
 * every getter reads every attribute type, as a kernel newer than the
 * headers, or a broken one, could send any of them at any length.
 */
#include <sys/socket.h>

#include <stddef.h>

#include "link.h"

#include "fuzz.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const size_t sizes[] = { 1, 3, 18, 64 };
	struct nlmsghdr *h;
	struct link *l;
	const char *s;
	uint64_t n64;
	uint32_t n32;
	int32_t s32;
	uint8_t n8;
	size_t i, len;
	int type;
	char buf[64];

	if (size > 65536)
		return 0;
	len = NLMSG_HDRLEN + size;
	if ((h = calloc(1, len)) == NULL)
		abort();
	h->nlmsg_len = (uint32_t)len;
	h->nlmsg_type = RTM_NEWLINK;
	memcpy((char *)h + NLMSG_HDRLEN, data, size);
	if ((l = ns_link_from_msg(h, len)) == NULL) {
		free(h);
		return 0;
	}
	(void)ns_link_ifindex(l);
	(void)ns_link_flags(l);
	for (type = -1; type <= IFLA_MAX + 1; type++) {
		if ((s = ns_link_str(l, type)) != NULL)
			FUZZ_CHECK(strlen(s) < len);
		(void)ns_link_u32(l, type, &n32);
		(void)ns_link_u8(l, type, &n8);
		(void)ns_link_s32(l, type, &s32);
		(void)ns_link_attr(l, type, 0);
		for (i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++)
			if ((s = ns_link_lladdr(l, type, buf,
			    sizes[i])) != NULL)
				FUZZ_CHECK(strlen(s) < sizes[i]);
	}
	/* The nests, of settings and of address families, by any type. */
	for (type = -1; type <= 64; type++) {
		(void)ns_link_info_attr(l, IFLA_INFO_DATA, type, 1);
		(void)ns_link_info_attr(l, IFLA_INFO_SLAVE_DATA, type, 4);
		(void)ns_link_info_attr(l, type, 1, 0);
		(void)ns_link_af_attr(l, AF_INET6, type, 1);
		(void)ns_link_af_attr(l, type, IFLA_INET6_ADDR_GEN_MODE, 1);
	}
	if ((s = ns_link_kind(l)) != NULL)
		FUZZ_CHECK(strlen(s) < len);
	if ((s = ns_link_slave_kind(l)) != NULL)
		FUZZ_CHECK(strlen(s) < len);
	for (i = 0; i < sizeof(struct rtnl_link_stats64); i += 8)
		(void)ns_link_stat(l, i, &n64);
	ns_link_put(l);
	free(h);
	return 0;
}
