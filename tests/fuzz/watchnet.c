/*
 * watch-netparse.c's reading of the kernel's link and address messages,
 * fuzzed: the input's first byte picks the message type (NEWLINK,
 * DELLINK, NEWADDR, DELADDR), the rest is the message after its netlink
 * header, as a kernel newer than the headers, or a broken one, could
 * send it.  What is read must be bounded: a name and a kind that end
 * within their buffers, a key that is an address and a prefix length.
 */
#include <sys/socket.h>

#include <stddef.h>

#include <linux/rtnetlink.h>

#include "watch-netparse.h"

#include "fuzz.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const uint16_t types[] = {
		RTM_NEWLINK, RTM_DELLINK, RTM_NEWADDR, RTM_DELADDR
	};
	struct nlmsghdr *h;
	struct ns_wlink l;
	struct ns_waddr a;
	size_t len;

	if (size < 1 || size > 65536)
		return 0;
	len = NLMSG_HDRLEN + size - 1;
	if ((h = calloc(1, len)) == NULL)
		abort();
	h->nlmsg_len = (uint32_t)len;
	h->nlmsg_type = types[data[0] % 4];
	memcpy((char *)h + NLMSG_HDRLEN, data + 1, size - 1);
	if (ns_wlink_parse(h, &l) == 0) {
		FUZZ_CHECK(memchr(l.name, '\0', sizeof(l.name)) != NULL);
		FUZZ_CHECK(memchr(l.kind, '\0', sizeof(l.kind)) != NULL);
		FUZZ_CHECK(l.ifindex > 0);
		FUZZ_CHECK(!l.moved || l.del);
	}
	if (ns_waddr_parse(h, &a) == 0) {
		FUZZ_CHECK(memchr(a.key, '\0', sizeof(a.key)) != NULL);
		FUZZ_CHECK(strchr(a.key, '-') != NULL);
		FUZZ_CHECK(strchr(a.key, '/') == NULL);
		FUZZ_CHECK(memchr(a.label, '\0', sizeof(a.label)) != NULL);
		FUZZ_CHECK(a.ifindex != 0);
	}
	free(h);
	return 0;
}
