/*
 * hostcall.c: the machines of /host and the calls made to them: each
 * machine's transport (hostconf.c), running a remote tool and
 * judging its reply, and saying once, naming the machine, why one could
 * not be reached.  What the replies hold is host.c's.
 */
#include <sys/types.h>

#include <err.h>
#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core.h"
#include "hostcall.h"
#include "hostconf.h"
#include "hostparse.h"
#include "rsh.h"

/* The most messages of one host a run relays, the most of a message's
 * bytes said, and the most a count of a host's may reach: a host that
 * writes a million lines is a few lines here, not a wall. */
#define MESSAGES_MAX	64
#define MESSAGE_LEN	512
#define COUNT_MAX	1000000000UL

/* The hosts of the run, in the order they were first named. */
static struct rhost	*rhosts, **rhosts_end = &rhosts;

struct rhost *
ns_rhost_get(const char *name)
{
	struct rhost *h;
	const char *tr;

	for (h = rhosts; h != NULL; h = h->next)
		if (strcmp(h->name, name) == 0)
			return h;
	if ((h = calloc(1, sizeof(*h))) == NULL ||
	    (h->name = strdup(name)) == NULL)
		err(1, NULL);
	if ((tr = ns_host_transport(name)) != NULL &&
	    (h->transport = strdup(tr)) == NULL)
		err(1, NULL);
	*rhosts_end = h;
	rhosts_end = &h->next;
	return h;
}

/*
 * Messages.
 */

/* Remote text for our stderr: what is no printable ASCII escaped, the
 * rest as the remote tool escaped it already. */
char *
ns_host_clean(const char *s, size_t n)
{
	static const char hex[] = "0123456789abcdef";
	char *out, *q;
	size_t i;

	out = ns_xmalloc(4 * n + 1);
	for (q = out, i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];

		if (c < 0x20 || c > 0x7e) {
			*q++ = '\\';
			*q++ = 'x';
			*q++ = hex[c >> 4];
			*q++ = hex[c & 0xf];
		} else
			*q++ = (char)c;
	}
	*q = '\0';
	return out;
}

/* "PROG: /host/NAME: why", once for the host; its objects fail from now
 * on. */
void
ns_host_fail(struct rhost *h, const char *why)
{
	char *name;

	if (h->dead)
		return;
	h->dead = 1;
	if ((name = ns_escape(h->name)) == NULL)
		err(1, NULL);
	warnx("/host/%s: %s", name, why);
	free(name);
}

/* The last line of what the transport said on stderr, cleaned. */
char *
ns_host_last_line(const struct rsh_reply *r)
{
	size_t end = r->nerrs, start;

	while (end > 0 && (r->errs[end - 1] == '\n' ||
	    r->errs[end - 1] == '\r'))
		end--;
	for (start = end; start > 0 && r->errs[start - 1] != '\n'; start--)
		;
	return ns_host_clean(r->errs + start, end - start);
}

/* n += k, held at COUNT_MAX. */
static void
count_add(unsigned long *n, unsigned long k)
{
	*n = k > COUNT_MAX - *n ? COUNT_MAX : *n + k;
}

void
ns_host_bad(struct rhost *h)
{
	count_add(&h->bad, 1);
}

void
ns_host_cut(struct rhost *h)
{
	count_add(&h->cut, 1);
}

/* One message of a host's, "WHAT: why" after the remote tool's name,
 * as ours.  WHAT is a path there if it is a canonical one: given the
 * host's prefix; anything else is the host's words, after its name. */
static void
say_message(const char *name, const char *s)
{
	const char *colon = strstr(s, ": ");
	char *what;
	size_t n;

	n = colon != NULL ? (size_t)(colon - s) : strlen(s);
	if (*s == '/') {
		what = ns_xstrndup(s, n);
		if (ns_host_path_ok(what)) {
			warnx("/host/%s%s%s", name, strcmp(what, "/") == 0 ?
			    "" : what, s + n);
			free(what);
			return;
		}
		free(what);
	}
	warnx("/host/%s: %s", name, s);
}

/*
 * Each line a remote tool wrote on stderr, said here: "PROG: /PATH:
 * why" as "PROG: /host/NAME/PATH: why", its count of objects skipped
 * added to the host's.  With enoent, a "no such object" line is left
 * for the caller; the number of lines said.  What a host writes is
 * bounded here whatever it writes: MESSAGES_MAX lines a run, each cut
 * at MESSAGE_LEN, the rest counted and said at the end.
 */
int
ns_host_relay(struct rhost *h, const struct rsh_reply *r, int *enoent)
{
	char *line, *s, *name, *p;
	size_t start, end, len;
	unsigned long k;
	int said = 0;

	if ((name = ns_escape(h->name)) == NULL)
		err(1, NULL);
	for (start = 0; start < r->nerrs; start = end + 1) {
		if ((p = memchr(r->errs + start, '\n', r->nerrs - start)) ==
		    NULL)
			end = r->nerrs;
		else
			end = (size_t)(p - r->errs);
		if (end == start)
			continue;
		line = ns_host_clean(r->errs + start, end - start);
		len = strlen(line);
		if ((k = ns_host_skipped_line(line)) > 0) {
			count_add(&h->skipped, k);
		} else if (enoent != NULL && len > 16 &&
		    strcmp(line + len - 16, ": no such object") == 0) {
			*enoent = 1;
		} else if (h->said >= MESSAGES_MAX) {
			count_add(&h->unsaid, 1);
		} else {
			if (len > MESSAGE_LEN)
				strlcpy(line + MESSAGE_LEN - 3, "...", 4);
			s = (p = strstr(line, ": ")) != NULL ? p + 2 : line;
			say_message(name, s);
			h->said++;
			said++;
		}
		free(line);
	}
	free(name);
	return said;
}

/* "s" for a count other than one. */
static const char *
plural(unsigned long n)
{
	return n == 1 ? "" : "s";
}

int
ns_host_report(void)
{
	struct rhost *h;
	char *name;
	int bad = 0;

	for (h = rhosts; h != NULL; h = h->next) {
		if (!h->skipped && !h->unsaid && !h->bad && !h->cut)
			continue;
		if ((name = ns_escape(h->name)) == NULL)
			err(1, NULL);
		if (h->skipped)
			warnx("/host/%s: %lu object%s not readable there "
			    "(permission denied), skipped", name, h->skipped,
			    plural(h->skipped));
		if (h->unsaid)
			warnx("/host/%s: %lu more message%s, not shown", name,
			    h->unsaid, plural(h->unsaid));
		if (h->bad)
			warnx("/host/%s: %lu value%s of its replies dropped: "
			    "no canonical path or name", name, h->bad,
			    plural(h->bad));
		if (h->cut)
			warnx("/host/%s: %lu attribute%s past the %d an "
			    "object may have, dropped", name, h->cut,
			    plural(h->cut), HOST_ATTRS_MAX);
		bad |= h->bad > 0 || h->cut > 0;
		free(name);
	}
	return bad;
}

/* A call that failed and said nothing: a transport that does not say
 * why. */
void
ns_host_quiet_fail(struct rhost *h, int status)
{
	char why[64];

	snprintf(why, sizeof(why), "the remote command failed (exit %d)",
	    status);
	ns_host_fail(h, why);
}

/*
 * Run a remote tool: 0, or -1 with the host said dead (errno EREMOTEIO)
 * when the transport failed or the tools are missing there.  The exit
 * status of the tool is the caller's to judge.
 */
int
ns_host_reach_start(struct rhost *h, const char *const *args,
    struct rsh_call *c)
{
	if (h->dead) {
		errno = EREMOTEIO;
		return -1;
	}
	if (ns_rsh_start(h->name, args, c) == -1) {
		ns_host_fail(h, strerror(errno));
		errno = EREMOTEIO;
		return -1;
	}
	return 0;
}

/* The reply of a call reach_start started, judged as reach does. */
int
ns_host_reach_end(struct rhost *h, struct rsh_call *c,
    struct rsh_reply *r)
{
	char *why, *line;

	ns_rsh_wait(c, r);
	if (r->toolarge) {
		why = ns_xasprintf(r->toolarge == 1 ? "a reply larger than "
		    "%zu bytes (NSTOOLS_REPLY_MAX), cut off" :
		    "more than %zu bytes of messages, cut off",
		    r->toolarge == 1 ? ns_rsh_reply_max() : RSH_MESSAGES_MAX);
		ns_host_fail(h, why);
		free(why);
		goto fail;
	}
	if (r->timedout) {
		why = ns_xasprintf("no answer in %d s", ns_rsh_timeout());
		ns_host_fail(h, why);
		free(why);
		goto fail;
	}
	/* 127 is the remote shell's "command not found". */
	if (r->status == 127 || r->status == 126) {
		ns_host_fail(h, "nstools not installed there");
		goto fail;
	}
	/* 255 is ssh's own failure; -1 a transport killed. */
	if (r->status == 255 || r->status == -1) {
		line = ns_host_last_line(r);
		ns_host_fail(h, *line ? line : "the transport failed");
		free(line);
		goto fail;
	}
	return 0;
fail:
	ns_rsh_reply_free(r);
	memset(r, 0, sizeof(*r));
	errno = EREMOTEIO;
	return -1;
}

int
ns_host_reach(struct rhost *h, const char *const *args,
    struct rsh_reply *r)
{
	struct rsh_call c;

	memset(r, 0, sizeof(*r));
	if (ns_host_reach_start(h, args, &c) == -1)
		return -1;
	return ns_host_reach_end(h, &c, r);
}


static void	judge_fail(struct rhost *, struct rsh_reply *);

/* More of a reply came: its whole rows are parsed while the rest is on
 * its way. */
static void
feed(void *st, const char *text, size_t len)
{
	ns_host_stream_feed(st, text, len);
}

/*
 * A remote tool whose reply is JSON, parsed into doc.  A reply that is
 * no nstools JSON, or a usage error, is a tool of another version most
 * likely: the host is said dead, naming the version it has.  Any other
 * failure is said in the words of its last line on stderr.
 */
int
ns_host_call(struct rhost *h, const char *const *args, struct rsh_reply *r,
    struct host_doc *doc)
{
	struct host_stream st;
	struct rsh_call c;

	memset(r, 0, sizeof(*r));
	ns_host_stream_init(&st, doc);
	if (ns_host_reach_start(h, args, &c) == -1)
		return -1;
	c.more = feed;
	c.arg = &st;
	if (ns_host_reach_end(h, &c, r) == -1) {
		ns_host_stream_free(&st);
		return -1;
	}
	if ((r->status == 0 || r->status == 1) &&
	    ns_host_stream_end(&st, r->out, r->nout) == 0)
		return 0;
	ns_host_stream_free(&st);
	judge_fail(h, r);
	return -1;
}

/* The reply of a call that reached the host, parsed into doc or the
 * host said dead, as call says. */
int
ns_host_judge(struct rhost *h, struct rsh_reply *r, struct host_doc *doc)
{
	memset(doc, 0, sizeof(*doc));
	if ((r->status == 0 || r->status == 1) &&
	    ns_host_parse(r->out, r->nout, doc) == 0)
		return 0;
	judge_fail(h, r);
	return -1;
}

/* A reply that is no document: the host said dead, in the words of the
 * version it has or of its last line; errno EREMOTEIO. */
static void
judge_fail(struct rhost *h, struct rsh_reply *r)
{
	const char *const ver[] = { "nscat", "-V", NULL };
	struct rsh_reply v;
	char *why, *line;
	int status;

	status = r->status;
	line = ns_host_last_line(r);
	ns_rsh_reply_free(r);
	memset(r, 0, sizeof(*r));
	if (ns_host_reach(h, ver, &v) == -1) {
		free(line);
		return;
	}
	if (status <= 2 && v.status == 0 && strncmp(v.out, "nscat ", 6) == 0) {
		free(line);
		line = ns_host_clean(v.out, strcspn(v.out, "\n"));
		why = ns_xasprintf("incompatible nstools there (%s)", line);
		ns_host_fail(h, why);
		free(why);
	} else if (*line != '\0')
		ns_host_fail(h, line);
	else
		ns_host_quiet_fail(h, status);
	free(line);
	ns_rsh_reply_free(&v);
	errno = EREMOTEIO;
}
