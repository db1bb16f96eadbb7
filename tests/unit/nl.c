/*
 * nl.c's reading of a netlink answer: datagrams built as the kernel
 * builds them, fed to ns_nl_answer_read, for the end of a dump, the
 * errors it maps to errno, an interrupted dump and another answer's
 * leftovers; and the requests it builds, byte for byte, with the
 * attribute lookup that reads answers.
 */
#include <errno.h>
#include <stdint.h>
#include <string.h>

#include <linux/netlink.h>

#include "nl.h"
#include "tap.h"

#define SEQ	7

static _Alignas(struct nlmsghdr) unsigned char buf[4096];
static size_t used;

/* Append one message to buf. */
static void
put(uint16_t type, uint16_t flags, uint32_t seq, const void *data,
    size_t len)
{
	struct nlmsghdr h = {
		.nlmsg_len = NLMSG_LENGTH(len),
		.nlmsg_type = type,
		.nlmsg_flags = flags,
		.nlmsg_seq = seq,
	};

	memcpy(buf + used, &h, sizeof(h));
	if (len > 0)
		memcpy(buf + used + NLMSG_HDRLEN, data, len);
	used += NLMSG_ALIGN(h.nlmsg_len);
}

/* An NLMSG_ERROR carrying err, of the request seq. */
static void
put_error(int err, uint32_t seq)
{
	struct nlmsgerr e = { .error = err };

	e.msg.nlmsg_seq = seq;
	put(NLMSG_ERROR, 0, seq, &e, sizeof(e));
}

static int calls;

static int
count(struct nlmsghdr *h, void *arg)
{
	(void)h;
	(void)arg;
	calls++;
	return 0;
}

static int
refuse(struct nlmsghdr *h, void *arg)
{
	(void)h;
	(void)arg;
	errno = ENOMEM;
	return -1;
}

/* Read buf as one datagram of the answer to SEQ. */
static int
read_buf(struct ns_nl_answer *a, ns_nl_msg_fn fn)
{
	memset(a, 0, sizeof(*a));
	a->seq = SEQ;
	calls = 0;
	return ns_nl_answer_read(a, buf, used, fn, NULL);
}

static void
reset(void)
{
	memset(buf, 0, sizeof(buf));
	used = 0;
}

/* A request as libnl built it: header, family header, attributes, each
 * padded to four bytes; and ns_nl_parse finds them again. */
static void
requests(void)
{
	struct ns_nlreq r;
	const struct nlattr *tb[30];
	unsigned char fam[5] = { 1, 2, 3, 4, 5 };
	uint32_t v = 0x01020304, got;

	ns_nlreq_init(&r, 18, NLM_F_DUMP, fam, sizeof(fam));
	is_int(r.h.nlmsg_len, NLMSG_HDRLEN + 8, "a family header is padded");
	is_int(r.h.nlmsg_type, 18, "the type");
	is_int(r.h.nlmsg_flags, NLM_F_REQUEST | NLM_F_DUMP,
	    "NLM_F_REQUEST and the flags asked, no NLM_F_ACK");
	ok(memcmp(NLMSG_DATA(&r.h), fam, sizeof(fam)) == 0 &&
	    r.buf[NLMSG_HDRLEN + 5] == 0, "the family header, then zeros");

	ns_nlreq_put(&r, 3, "eth0", 5);
	is_int(r.h.nlmsg_len, NLMSG_HDRLEN + 8 + 12, "a string attribute, "
	    "its NUL and padding");
	ns_nlreq_put(&r, 29, &v, sizeof(v));
	is_int(r.h.nlmsg_len, NLMSG_HDRLEN + 8 + 12 + 8, "a u32 attribute");

	is_int(ns_nl_parse(&r.h, sizeof(fam), tb, 29), 0, "parsed");
	ok(tb[3] != NULL && NS_NLA_LEN(tb[3]) == 5 &&
	    strcmp(NS_NLA_DATA(tb[3]), "eth0") == 0,
	    "the string is found again");
	ok(tb[29] != NULL && memcmp(NS_NLA_DATA(tb[29]), &v, sizeof(v)) == 0,
	    "so is the number");
	ok(tb[4] == NULL && tb[0] == NULL, "an absent one is not");
	is_int(ns_nl_parse(&r.h, sizeof(fam), tb, 28), 0, "parsed with a "
	    "smaller max");
	ok(tb[3] != NULL, "one of a larger type is passed over");

	v = 7;
	ns_nlreq_put(&r, 29 | NLA_F_NESTED, &v, sizeof(v));
	ns_nl_parse(&r.h, sizeof(fam), tb, 29);
	memcpy(&got, NS_NLA_DATA(tb[29]), sizeof(got));
	is_int(got, 7, "the last of a type wins, its flag bits aside");

	r.h.nlmsg_len -= 6;
	ns_nl_parse(&r.h, sizeof(fam), tb, 29);
	memcpy(&got, NS_NLA_DATA(tb[29]), sizeof(got));
	is_int(got, 0x01020304, "one cut by the message's end is not read");
	r.h.nlmsg_len = NLMSG_HDRLEN + 2;
	is_int(ns_nl_parse(&r.h, sizeof(fam), tb, 29), -1,
	    "a message shorter than its family header fails");
}

int
main(void)
{
	struct ns_nl_answer a;
	uint32_t payload = 42;
	int done;

	reset();
	put(20, NLM_F_MULTI, SEQ, &payload, sizeof(payload));
	put(20, NLM_F_MULTI, SEQ, &payload, sizeof(payload));
	is_int(read_buf(&a, count), 1, "a dump's datagram without its end: "
	    "more to come");
	is_int(calls, 2, "each message handed over");

	done = 0;
	put(NLMSG_DONE, NLM_F_MULTI, SEQ, &done, sizeof(done));
	is_int(read_buf(&a, count), 0, "NLMSG_DONE ends it");
	is_int(calls, 2, "NLMSG_DONE is not handed over");
	is_int(a.intr, 0, "not interrupted");

	reset();
	put(20, NLM_F_MULTI, SEQ - 1, &payload, sizeof(payload));
	put(NLMSG_DONE, NLM_F_MULTI, SEQ - 1, &done, sizeof(done));
	put(20, NLM_F_MULTI, SEQ, &payload, sizeof(payload));
	is_int(read_buf(&a, count), 1, "an earlier answer's end is not ours");
	is_int(calls, 1, "an earlier answer's message is passed over");

	reset();
	put(20, NLM_F_MULTI | NLM_F_DUMP_INTR, SEQ, &payload,
	    sizeof(payload));
	put(NLMSG_DONE, NLM_F_MULTI, SEQ, &done, sizeof(done));
	is_int(read_buf(&a, count), 0, "an interrupted dump still ends");
	is_int(a.intr, 1, "NLM_F_DUMP_INTR is noted");

	reset();
	put_error(-ENOENT, SEQ);
	is_int(read_buf(&a, count), -1, "NLMSG_ERROR fails it");
	is_int(a.error, ENOENT, "with the kernel's errno");

	reset();
	put_error(0, SEQ);
	is_int(read_buf(&a, count), 0, "an acknowledgement ends it");

	reset();
	put(NLMSG_ERROR, 0, SEQ, &payload, sizeof(payload));
	is_int(read_buf(&a, count), -1, "a short NLMSG_ERROR fails it");
	is_int(a.error, EIO, "as EIO");

	reset();
	done = -EINVAL;
	put(NLMSG_DONE, NLM_F_MULTI, SEQ, &done, sizeof(done));
	is_int(read_buf(&a, count), -1, "an error in NLMSG_DONE fails it");
	is_int(a.error, EINVAL, "with the kernel's errno");

	reset();
	put(NLMSG_DONE, NLM_F_MULTI, SEQ, NULL, 0);
	is_int(read_buf(&a, count), 0, "an NLMSG_DONE without its error");

	reset();
	put(16, 0, SEQ, &payload, sizeof(payload));
	is_int(read_buf(&a, count), 0, "the answer to a request that is no "
	    "dump is its one message");
	is_int(calls, 1, "and it is handed over");

	reset();
	put(NLMSG_NOOP, NLM_F_MULTI, SEQ, NULL, 0);
	put(20, NLM_F_MULTI, SEQ, &payload, sizeof(payload));
	is_int(read_buf(&a, count), 1, "NLMSG_NOOP is passed over");
	is_int(calls, 1, "and not handed over");

	reset();
	put(20, NLM_F_MULTI, SEQ, &payload, sizeof(payload));
	is_int(read_buf(&a, refuse), -1, "a message refused fails it");
	is_int(a.error, ENOMEM, "with the refusal's errno");

	reset();
	used = 8;
	is_int(read_buf(&a, count), -1, "a datagram shorter than a header");
	is_int(a.error, EIO, "is EIO");

	reset();
	put(20, NLM_F_MULTI, SEQ, &payload, sizeof(payload));
	((struct nlmsghdr *)buf)->nlmsg_len = 4000;
	is_int(read_buf(&a, count), 1, "a message longer than the datagram");
	is_int(calls, 0, "is not handed over");

	requests();
	return done_testing();
}
