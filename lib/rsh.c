/*
 * rsh.c: running a command on another machine, for the /host provider.
 *
 * The command line is `TRANSPORT NAME COMMAND ARGS...', rsync's and
 * pdsh's convention: TRANSPORT's words split at blanks, as rsync splits
 * -e, and each word of the remote command quoted for a POSIX shell
 * (hostparse.c), since ssh joins them into the one string the remote
 * shell reads.  ssh, the default, is given batch mode so that it never
 * asks, a connection timeout, and connection sharing (ControlMaster) with
 * its sockets in a directory of the user's alone, so that the calls of a
 * pipeline cost one handshake.  Calls to one host started together while
 * no shared connection is up would each make one, and all but the first
 * give up sharing with a warning: the later ones wait until the first
 * has made it (its socket appears) or has ended.  Every call is bounded
 * by NSTOOLS_TIMEOUT seconds; the command runs in a process group of its
 * own, which a timeout ends whole.  A call ends when the command exits,
 * not when its pipes close: ssh's shared connection lives on in the
 * background and may hold them.
 */
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>

#include <err.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "hostparse.h"
#include "provider.h"
#include "rsh.h"

/* The default bound on one remote call, in seconds. */
#define TIMEOUT_DEFAULT	30
/* How long an idle shared ssh connection stays, in seconds. */
#define PERSIST		"60"
/* The calls of a run that each make a host's shared connection. */
#define MAKERS		64
/* The pipe of a reply: a listing of 10,000 sockets is 730 kB. */
#define REPLY_PIPE	(1 << 20)

/* The first call of the run to a host with no shared connection yet,
 * which makes it, by the connection's socket. */
static struct maker {
	char	 sock[PATH_MAX];
	pid_t	 pid;
} makers[MAKERS];
static size_t nmakers;

int
ns_rsh_timeout(void)
{
	const char *env = getenv("NSTOOLS_TIMEOUT"), *e;
	long long t;

	if (env == NULL || *env == '\0')
		return TIMEOUT_DEFAULT;
	t = strtonum(env, 1, 86400, &e);
	return e != NULL ? TIMEOUT_DEFAULT : (int)t;
}

/* A directory of ours alone for the shared connections' sockets: under
 * the runtime directory, else in /tmp by uid; NULL if none is safe. */
static const char *
control_dir(void)
{
	static char dir[PATH_MAX];
	static int done;
	const char *run = getenv("XDG_RUNTIME_DIR");
	struct stat st;

	if (done)
		return dir[0] ? dir : NULL;
	done = 1;
	if (run != NULL && *run == '/')
		snprintf(dir, sizeof(dir), "%s/nstools", run);
	else
		snprintf(dir, sizeof(dir), "/tmp/nstools-%lu",
		    (unsigned long)getuid());
	(void)mkdir(dir, 0700);
	/* One another user made would let them listen in. */
	if (lstat(dir, &st) == -1 || !S_ISDIR(st.st_mode) ||
	    st.st_uid != getuid() || (st.st_mode & 077) != 0)
		dir[0] = '\0';
	return dir[0] ? dir : NULL;
}

static void
argv_add(char ***av, size_t *n, const char *s)
{
	if ((*av = reallocarray(*av, *n + 2, sizeof(**av))) == NULL ||
	    ((*av)[*n] = strdup(s)) == NULL)
		err(1, NULL);
	(*av)[++*n] = NULL;
}

/* Whether the command is ssh, which is given the sharing options. */
static int
is_ssh(const char *word)
{
	const char *base = strrchr(word, '/');

	return strcmp(base != NULL ? base + 1 : word, "ssh") == 0;
}

/* The command line: the transport's words (split at blanks, as rsync
 * splits -e), ssh's options if it is ssh, the host, and the remote
 * command's words, each quoted for the remote shell. */
/*
 * The socket of the shared connection to a host through a transport: a
 * name of ours, a hash of both, rather than ssh's %C, so that whether
 * the connection is up can be seen before ssh is run.
 */
static void
control_path(const char *dir, const char *name, const char *transport,
    char *buf, size_t size)
{
	uint64_t h = 0xcbf29ce484222325ULL;
	const char *s;
	int part;

	/* FNV-1a of "TRANSPORT\0NAME". */
	for (part = 0, s = transport; part < 2; part++, s = name) {
		for (; *s != '\0'; s++)
			h = (h ^ (unsigned char)*s) * 0x100000001b3ULL;
		h = h * 0x100000001b3ULL;
	}
	snprintf(buf, size, "%s/%016llx", dir, (unsigned long long)h);
}

static char **
command(const char *name, const char *transport,
    const char *const *args, char *sock, size_t socksize)
{
	char **av = NULL, *words, *w, *s, buf[PATH_MAX + 32];
	const char *dir;
	size_t n = 0;

	*sock = '\0';

	if ((words = strdup(transport != NULL ? transport : "ssh")) == NULL)
		err(1, NULL);
	for (s = words; (w = strsep(&s, " \t")) != NULL;)
		if (*w != '\0')
			argv_add(&av, &n, w);
	free(words);
	if (n > 0 && is_ssh(av[0])) {
		argv_add(&av, &n, "-o");
		argv_add(&av, &n, "BatchMode=yes");
		snprintf(buf, sizeof(buf), "ConnectTimeout=%d",
		    ns_rsh_timeout());
		argv_add(&av, &n, "-o");
		argv_add(&av, &n, buf);
		if ((dir = control_dir()) != NULL) {
			argv_add(&av, &n, "-o");
			argv_add(&av, &n, "ControlMaster=auto");
			control_path(dir, name, transport != NULL ?
			    transport : "ssh", sock, socksize);
			snprintf(buf, sizeof(buf), "ControlPath=%s", sock);
			argv_add(&av, &n, "-o");
			argv_add(&av, &n, buf);
			argv_add(&av, &n, "-o");
			argv_add(&av, &n, "ControlPersist=" PERSIST);
		}
	}
	argv_add(&av, &n, name);
	for (; *args != NULL; args++) {
		s = ns_host_quote(*args);
		argv_add(&av, &n, s);
		free(s);
	}
	return av;
}

static void
argv_free(char **av)
{
	char **p;

	for (p = av; p != NULL && *p != NULL; p++)
		free(*p);
	free(av);
}

static void
child(char **av, int out, int errs)
{
	int null;

	/* Its own process group, so that a timeout ends a wrapper's
	 * children too. */
	setpgid(0, 0);
	if ((null = open("/dev/null", O_RDONLY)) != -1)
		dup2(null, STDIN_FILENO);
	dup2(out, STDOUT_FILENO);
	dup2(errs, STDERR_FILENO);
	execvp(av[0], av);
	dprintf(STDERR_FILENO, "%s: %s\n", av[0], strerror(errno));
	_exit(255);
}

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

/* Read what is there on a pipe; 0 at its end. */
static int
drain(int fd, char **buf, size_t *len)
{
	char chunk[65536];
	ssize_t k;

	while ((k = read(fd, chunk, sizeof(chunk))) > 0)
		append(buf, len, chunk, (size_t)k);
	return k == 0 ? 0 : errno == EAGAIN || errno == EINTR ? 1 : 0;
}

static long long
now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/*
 * Read both pipes until the command exits, or the time is up.  The end
 * is the command's exit, not the pipes': ssh's shared connection lives
 * on in the background and may keep them open.
 */
static void
collect(const struct rsh_call *c, struct rsh_reply *r)
{
	struct pollfd pfd[2] = { { c->out, POLLIN, 0 },
	    { c->errs, POLLIN, 0 } };
	pid_t pid = c->pid;
	int out = c->out, errs = c->errs;
	long long deadline = c->deadline;
	int st, open_out = 1, open_errs = 1;
	size_t had;

	for (;;) {
		pfd[0].fd = open_out ? out : -1;
		pfd[1].fd = open_errs ? errs : -1;
		/* Both pipes closed, the exit is near: look again soon. */
		(void)poll(pfd, 2, open_out || open_errs ? 50 : 5);
		if (open_out) {
			had = r->nout;
			open_out = drain(out, &r->out, &r->nout);
			if (c->more != NULL && r->nout != had)
				c->more(c->arg, r->out, r->nout);
		}
		if (open_errs)
			open_errs = drain(errs, &r->errs, &r->nerrs);
		if (waitpid(pid, &st, WNOHANG) == pid)
			break;
		if (now_ms() > deadline) {
			kill(-pid, SIGKILL);
			kill(pid, SIGKILL);
			waitpid(pid, &st, 0);
			r->timedout = 1;
			break;
		}
	}
	if (open_out)
		drain(out, &r->out, &r->nout);
	if (open_errs)
		drain(errs, &r->errs, &r->nerrs);
	r->status = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

/*
 * Before a call to a host whose shared connection another call of the
 * run is making: wait until its socket is there, or the maker has
 * ended (waitid's WNOWAIT leaves it to be reaped as it would be), or
 * the bound is reached.  The first call to such a host is its maker.
 */
static void
await_sharing(const char *sock, pid_t self_pid, long long deadline)
{
	struct stat st;
	siginfo_t si;
	size_t i;

	if (*sock == '\0' || stat(sock, &st) == 0)
		return;
	for (i = 0; i < nmakers; i++)
		if (strcmp(makers[i].sock, sock) == 0)
			break;
	if (i == nmakers) {
		if (self_pid != 0 && nmakers < MAKERS) {
			strlcpy(makers[nmakers].sock, sock,
			    sizeof(makers[nmakers].sock));
			makers[nmakers++].pid = self_pid;
		}
		return;
	}
	while (stat(sock, &st) == -1 && now_ms() < deadline) {
		memset(&si, 0, sizeof(si));
		if (waitid(P_PID, makers[i].pid, &si,
		    WEXITED | WNOHANG | WNOWAIT) == -1 || si.si_pid != 0)
			return;
		(void)poll(NULL, 0, 5);
	}
}

int
ns_rsh_start(const char *name, const char *transport, const char *const *args,
    struct rsh_call *c)
{
	char **av, sock[PATH_MAX];
	int out[2], errs[2];

	memset(c, 0, sizeof(*c));
	/* The sandbox would refuse the transport its writes, or its exec. */
	if (ns_sandboxed()) {
		errno = EPERM;
		return -1;
	}
	if (pipe2(out, O_CLOEXEC | O_NONBLOCK) == -1)
		return -1;
	if (pipe2(errs, O_CLOEXEC | O_NONBLOCK) == -1) {
		close(out[0]);
		close(out[1]);
		return -1;
	}
	/* Room for a whole listing: the transport writes it in one go
	 * instead of a page at each of our wake-ups.  The limit
	 * (/proc/sys/fs/pipe-max-size) may refuse it; a small pipe
	 * works too. */
	(void)fcntl(out[0], F_SETPIPE_SZ, REPLY_PIPE);
	av = command(name, transport, args, sock, sizeof(sock));
	/* The bound counts from the start: calls started together end
	 * together at the latest. */
	c->deadline = now_ms() + 1000LL * ns_rsh_timeout();
	await_sharing(sock, 0, c->deadline);
	fflush(NULL);
	if ((c->pid = fork()) == 0) {
		/* The child's ends block, as a program expects. */
		fcntl(out[1], F_SETFL, 0);
		fcntl(errs[1], F_SETFL, 0);
		child(av, out[1], errs[1]);
	}
	argv_free(av);
	close(out[1]);
	close(errs[1]);
	if (c->pid == -1) {
		close(out[0]);
		close(errs[0]);
		return -1;
	}
	c->out = out[0];
	c->errs = errs[0];
	/* The first call to a host with no shared connection makes it. */
	await_sharing(sock, c->pid, c->deadline);
	return 0;
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
}

int
ns_rsh_run(const char *name, const char *transport, const char *const *args,
    struct rsh_reply *r)
{
	struct rsh_call c;

	memset(r, 0, sizeof(*r));
	if (ns_rsh_start(name, transport, args, &c) == -1)
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
