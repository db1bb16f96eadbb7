/*
 * rsh.c: running a command on another machine, for the /host provider:
 * the tool's side of a call.
 *
 * The call itself is started by the transport helper (rshspawn.c), the
 * one process of a tool that may run a program; the tool, sandboxed,
 * makes the call's pipes, hands their write ends to the helper with the
 * host's name and the command's words, and reads the reply itself.  The
 * helper writes the exit status to a third pipe when the call ends: a
 * call ends when the command exits, not when its pipes close, as ssh's
 * shared connection lives on in the background and may hold them.
 *
 * Another machine's reply is bounded, whatever it sends: every call by
 * NSTOOLS_TIMEOUT seconds, its output by NSTOOLS_REPLY_MAX bytes and its
 * messages by RSH_MESSAGES_MAX; past a bound the call is ended and the host
 * said dead.  The rows of the output are parsed as they come (the caller's
 * `more'), so a tool holds at most its fan-out's calls' bounds.
 */
#include <sys/socket.h>
#include <sys/types.h>

#include <err.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "hostconf.h"
#include "provider.h"
#include "rsh.h"
#include "rshspawn.h"

/* The pipe of a reply. */
#define REPLY_PIPE	(1 << 20)

/* The size of a buffer of a reply that holds n bytes: a power of two,
 * so that a reply read a pipe's page at a time is copied a few times,
 * not once a page. */
static size_t
room(size_t n)
{
	size_t c = 256;

	while (c < n)
		c *= 2;
	return c;
}

static void
append(char **buf, size_t *len, const char *s, size_t n)
{
	size_t need = *len + n + 1;

	if ((*buf == NULL || room(need) > room(*len + 1)) &&
	    (*buf = realloc(*buf, room(need))) == NULL)
		err(1, NULL);
	memcpy(*buf + *len, s, n);
	*len += n;
	(*buf)[*len] = '\0';
}

/* Read what is there on a pipe, up to max bytes in all: 1 while it is
 * open, 0 at its end, -1 when more than max came. */
static int
drain(int fd, char **buf, size_t *len, size_t max)
{
	char chunk[65536];
	ssize_t k;

	while ((k = read(fd, chunk, sizeof(chunk))) > 0) {
		if ((size_t)k > max - *len)
			return -1;
		append(buf, len, chunk, (size_t)k);
	}
	return k == 0 ? 0 : errno == EAGAIN || errno == EINTR ? 1 : 0;
}

/* Ask the helper to end a call; its status comes as any call's. */
static void
end_call(const struct rsh_call *c)
{
	char msg[1 + sizeof(c->pid)];
	int sock;

	if ((sock = ns_rsh_helper()) == -1)
		return;
	msg[0] = RSH_KILL;
	memcpy(msg + 1, &c->pid, sizeof(c->pid));
	(void)send(sock, msg, sizeof(msg), MSG_NOSIGNAL);
}

/* The call's wait status from its status pipe: 1 with it in *st, 0 if
 * not yet, -1 if the helper went without saying. */
static int
status_of(int fd, int *st)
{
	ssize_t k;

	if ((k = read(fd, st, sizeof(*st))) == (ssize_t)sizeof(*st))
		return 1;
	return k == -1 && (errno == EAGAIN || errno == EINTR) ? 0 : -1;
}

/*
 * Read both pipes until the command exits, the time is up, or it said
 * more than its bounds.  The end is the command's exit, not the pipes':
 * ssh's shared connection lives on in the background and may keep them
 * open.
 */
static void
collect(const struct rsh_call *c, struct rsh_reply *r)
{
	struct pollfd pfd[3] = { { c->out, POLLIN, 0 },
	    { c->errs, POLLIN, 0 }, { c->status, POLLIN, 0 } };
	size_t had, max = ns_rsh_reply_max();
	int st = -1, open_out = 1, open_errs = 1, got = 0, ended = 0;
	long long wait;

	for (;;) {
		pfd[0].fd = open_out ? c->out : -1;
		pfd[1].fd = open_errs ? c->errs : -1;
		wait = c->deadline - ns_rsh_now_ms();
		(void)poll(pfd, 3, wait < 0 ? 0 : wait > 1000 ? 1000 :
		    (int)wait);
		if (open_out > 0) {
			had = r->nout;
			if ((open_out = drain(c->out, &r->out, &r->nout,
			    max)) == -1)
				r->toolarge = 1;
			if (c->more != NULL && r->nout != had)
				c->more(c->arg, r->out, r->nout);
		}
		if (open_errs > 0 && (open_errs = drain(c->errs, &r->errs,
		    &r->nerrs, RSH_MESSAGES_MAX)) == -1)
			r->toolarge = 2;
		if ((got = status_of(c->status, &st)) != 0)
			break;
		if (!ended && (r->toolarge || ns_rsh_now_ms() > c->deadline)) {
			/* Ended: its status follows at once. */
			r->timedout = !r->toolarge;
			end_call(c);
			ended = 1;
		}
		if (ended && ns_rsh_now_ms() > c->deadline + 2000)
			break;
	}
	if (open_out > 0 && drain(c->out, &r->out, &r->nout, max) == -1)
		r->toolarge = 1;
	if (open_errs > 0 && drain(c->errs, &r->errs, &r->nerrs,
	    RSH_MESSAGES_MAX) == -1)
		r->toolarge = 2;
	r->status = got == 1 && WIFEXITED(st) && !ended ? WEXITSTATUS(st) :
	    -1;
}

int
ns_rsh_start(const char *name, const char *const *args, struct rsh_call *c)
{
	union {
		struct cmsghdr	hdr;
		char		buf[CMSG_SPACE(3 * sizeof(int))];
	} cm;
	struct iovec iov;
	struct msghdr msg = { .msg_iov = &iov, .msg_iovlen = 1,
	    .msg_control = cm.buf, .msg_controllen = sizeof(cm.buf) };
	struct cmsghdr *cmsg;
	int out[2], errs[2], status[2], ends[3], sock, answer, e;
	char *req = NULL;
	size_t len = 0;
	long long deadline;
	FILE *fp;

	memset(c, 0, sizeof(*c));
	c->out = c->errs = c->status = -1;
	if ((sock = ns_rsh_helper()) == -1)
		return -1;
	if ((fp = open_memstream(&req, &len)) == NULL)
		err(1, NULL);
	fputc(RSH_START, fp);
	fwrite(name, 1, strlen(name) + 1, fp);
	for (; *args != NULL; args++)
		fwrite(*args, 1, strlen(*args) + 1, fp);
	if (fclose(fp) == EOF)
		err(1, NULL);
	if (len > RSH_MSG_MAX) {
		free(req);
		errno = E2BIG;
		return -1;
	}
	if (pipe2(out, O_CLOEXEC) == -1)
		goto fail_req;
	if (pipe2(errs, O_CLOEXEC) == -1)
		goto fail_out;
	if (pipe2(status, O_CLOEXEC) == -1)
		goto fail_errs;
	/* Room for a whole listing: the transport writes it in one go
	 * instead of a page at each of our wake-ups.  The limit
	 * (/proc/sys/fs/pipe-max-size) may refuse it; a small pipe
	 * works too.  Our ends are read as data comes, the call's
	 * block, as a program expects. */
	(void)fcntl(out[0], F_SETPIPE_SZ, REPLY_PIPE);
	(void)fcntl(out[0], F_SETFL, O_NONBLOCK);
	(void)fcntl(errs[0], F_SETFL, O_NONBLOCK);
	(void)fcntl(status[0], F_SETFL, O_NONBLOCK);
	/* The bound counts from the start: calls started together end
	 * together at the latest, whatever the helper waited for. */
	deadline = ns_rsh_now_ms() + 1000LL * ns_rsh_timeout();
	iov = (struct iovec){ req, len };
	cmsg = CMSG_FIRSTHDR(&msg);
	cmsg->cmsg_level = SOL_SOCKET;
	cmsg->cmsg_type = SCM_RIGHTS;
	cmsg->cmsg_len = CMSG_LEN(sizeof(ends));
	ends[0] = out[1];
	ends[1] = errs[1];
	ends[2] = status[1];
	memcpy(CMSG_DATA(cmsg), ends, sizeof(ends));
	answer = -EPIPE;
	if (sendmsg(sock, &msg, MSG_NOSIGNAL) == -1 ||
	    recv(sock, &answer, sizeof(answer), 0) != sizeof(answer))
		answer = -EPIPE;
	free(req);
	req = NULL;
	close(out[1]);
	close(errs[1]);
	close(status[1]);
	if (answer <= 0) {
		close(out[0]);
		close(errs[0]);
		close(status[0]);
		errno = -answer;
		return -1;
	}
	c->pid = answer;
	c->out = out[0];
	c->errs = errs[0];
	c->status = status[0];
	c->deadline = deadline;
	return 0;
fail_errs:
	e = errno;
	close(errs[0]);
	close(errs[1]);
	errno = e;
fail_out:
	e = errno;
	close(out[0]);
	close(out[1]);
	errno = e;
fail_req:
	free(req);
	return -1;
}

void
ns_rsh_wait(struct rsh_call *c, struct rsh_reply *r)
{
	memset(r, 0, sizeof(*r));
	append(&r->out, &r->nout, "", 0);
	append(&r->errs, &r->nerrs, "", 0);
	collect(c, r);
	close(c->out);
	close(c->errs);
	close(c->status);
}

int
ns_rsh_run(const char *name, const char *const *args, struct rsh_reply *r)
{
	struct rsh_call c;

	memset(r, 0, sizeof(*r));
	if (ns_rsh_start(name, args, &c) == -1)
		return -1;
	ns_rsh_wait(&c, r);
	return 0;
}

void
ns_rsh_reply_free(struct rsh_reply *r)
{
	free(r->out);
	free(r->errs);
}
