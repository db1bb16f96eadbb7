/*
 * The readers of /proc/net text (sock.h), fuzzed: every line through the
 * reader of every table (unix, tcp and udp of both families, netlink,
 * packet), and what a reader accepts through the name and endpoint
 * makers, into buffers of exactly the size given.  A unix line is
 * followed by the next as the rest of its name, as a name with a newline
 * reads.  The input's first bytes also stand for a bound name as
 * sock_diag gives it, NULs and all.
 */
#include <sys/socket.h>
#include <sys/un.h>

#include "sockparse.h"

#include "fuzz.h"

static const size_t sizes[] = { 1, 2, 8, 24, 64 };
#define NSIZES	(sizeof(sizes) / sizeof(sizes[0]))

static void
names(const struct sock_ent *e)
{
	char *buf;
	size_t i;
	int remote;

	(void)ns_sock_state_name(e->state);
	(void)ns_sock_type_name(e->type);
	(void)ns_sock_netlink_name(e->nlproto);
	(void)ns_sock_ethproto_name(e->ethproto);
	if (e->family != AF_INET && e->family != AF_INET6)
		return;
	for (i = 0; i < NSIZES; i++) {
		if ((buf = malloc(sizes[i])) == NULL)
			abort();
		for (remote = 0; remote <= 1; remote++) {
			ns_sock_inet_addr(e, remote, buf, sizes[i]);
			FUZZ_CHECK(strlen(buf) < sizes[i]);
			ns_sock_inet_endpoint(e, remote, buf, sizes[i]);
			FUZZ_CHECK(strlen(buf) < sizes[i]);
		}
		free(buf);
	}
}

struct state {
	struct sock_ent	 unix_ent;	/* the last unix entry, for its name */
	int		 have_unix;
};

static void
line(char *s, void *arg)
{
	struct state *st = arg;
	struct sock_ent e;
	static const int families[] = { AF_INET, AF_INET6 };
	size_t i;

	/* A line that is no entry may be the rest of a unix name. */
	memset(&e, 0, sizeof(e));
	if (ns_sock_parse_unix(s, &e) == 0) {
		names(&e);
		if (st->have_unix)
			ns_sock_ent_free(&st->unix_ent);
		st->unix_ent = e;
		st->have_unix = 1;
	} else {
		ns_sock_ent_free(&e);
		if (st->have_unix)
			ns_sock_unix_append(&st->unix_ent, s);
	}
	for (i = 0; i < sizeof(families) / sizeof(families[0]); i++) {
		memset(&e, 0, sizeof(e));
		if (ns_sock_parse_inet(s, families[i], &e) == 0) {
			FUZZ_CHECK(e.family == (unsigned)families[i]);
			names(&e);
		}
		ns_sock_ent_free(&e);
	}
	memset(&e, 0, sizeof(e));
	if (ns_sock_parse_netlink(s, &e) == 0)
		names(&e);
	ns_sock_ent_free(&e);
	memset(&e, 0, sizeof(e));
	if (ns_sock_parse_packet(s, &e) == 0)
		names(&e);
	ns_sock_ent_free(&e);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct state st;
	char *text, *name, *raw;
	size_t n;

	memset(&st, 0, sizeof(st));
	text = fuzz_string(data, size);
	fuzz_lines(text, line, &st);
	if (st.have_unix)
		ns_sock_ent_free(&st.unix_ent);
	free(text);

	/* A sun_path of up to its size, in a buffer of exactly its length. */
	n = size < sizeof(((struct sockaddr_un *)NULL)->sun_path) ? size :
	    sizeof(((struct sockaddr_un *)NULL)->sun_path);
	if ((raw = malloc(n > 0 ? n : 1)) == NULL)
		abort();
	memcpy(raw, data, n);
	if ((name = ns_sock_unix_name(raw, n)) != NULL) {
		FUZZ_CHECK(name[0] != '\0');
		free(name);
	}
	free(raw);
	return 0;
}
