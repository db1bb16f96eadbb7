/*
 * rshspawn.c: the transport helper.  A tool that may reach another
 * machine forks this small process before it puts its sandbox on; the
 * tool then runs sandboxed whatever it was given, and asks the helper,
 * over a socket pair, to start each remote call, as OpenSSH's privilege
 * separation has a monitor do what the worker may not.  The helper alone
 * may run a program, and it runs one kind: the transport of a host by
 * that host's name, `TRANSPORT NAME COMMAND ARGS...', the transport
 * taken from the hosts file or NSTOOLS_RSH here, not from the request,
 * and every word of the remote command quoted for the remote shell here.
 * A tool that a reply has led astray can so make the helper do nothing
 * but call the configured hosts with quoted words.
 *
 * The command line is rsync's and pdsh's convention: TRANSPORT's words
 * split at blanks, as rsync splits -e, and each word of the remote
 * command quoted for a POSIX shell (hostparse.c), since ssh joins them
 * into the one string the remote shell reads.  ssh, the default, is
 * given batch mode so that it never asks, a connection timeout, and
 * connection sharing (ControlMaster) with its sockets in a directory of
 * the user's alone, so that the calls of a pipeline cost one handshake.
 * Calls to one host started together while no shared connection is up
 * would each make one, and all but the first give up sharing with a
 * warning: the later ones wait until the first has made it (its socket
 * appears) or has ended.  Each call runs in a process group of its own,
 * which a kill ends whole.
 *
 * The tool reads the call's pipes itself; the helper tells it the exit
 * status through a third pipe, written when it reaps the call, and ends
 * when the tool does (its end of the socket closes), killing the calls
 * still running, whose replies nobody would read.
 */
#include <sys/signalfd.h>
#include <sys/socket.h>
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

#include "hostconf.h"
#include "hostparse.h"
#include "provider.h"
#include "rsh.h"
#include "rshspawn.h"

/* How long an idle shared ssh connection stays, in seconds. */
#define PERSIST		"60"
/* The calls of a run that each make a host's shared connection. */
#define MAKERS		64

/* The first call of the run to a host with no shared connection yet,
 * which makes it, by the connection's socket. */
static struct maker {
	char	 sock[PATH_MAX];
	pid_t	 pid;
} makers[MAKERS];
static size_t nmakers;

/* The calls running, each with the pipe its status goes to. */
static struct running {
	pid_t	 pid;
	int	 status_fd;
} *running;
static size_t nrunning;

/* The tool's end of the socket pair, once the helper is started. */
static int helper_fd = -1;

long long
ns_rsh_now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
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

static void
argv_free(char **av)
{
	char **p;

	for (p = av; p != NULL && *p != NULL; p++)
		free(*p);
	free(av);
}

/* Whether the command is ssh, which is given the sharing options. */
static int
is_ssh(const char *word)
{
	const char *base = strrchr(word, '/');

	return strcmp(base != NULL ? base + 1 : word, "ssh") == 0;
}

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

/* The command line: the transport's words (split at blanks, as rsync
 * splits -e), ssh's options if it is ssh, the host, and the remote
 * command's words, each quoted for the remote shell. */
static char **
command(const char *name, const char *transport, char *const *args,
    char *sock, size_t socksize)
{
	char **av = NULL, *words, *w, *s, buf[PATH_MAX + 32];
	const char *dir;
	size_t n = 0;

	*sock = '\0';
	words = ns_xstrdup(transport != NULL ? transport : "ssh");
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

/* The signals the tool had blocked, which the helper's own blocking of
 * SIGCHLD does not pass on to a transport: ssh's shared connection
 * lives on after its call, and serves every later one. */
static sigset_t tool_mask;

static void
child(char **av, int out, int errs)
{
	int null;

	sigprocmask(SIG_SETMASK, &tool_mask, NULL);
	/* Its own process group, so that a kill ends a wrapper's
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
	while (stat(sock, &st) == -1 && ns_rsh_now_ms() < deadline) {
		memset(&si, 0, sizeof(si));
		if (waitid(P_PID, makers[i].pid, &si,
		    WEXITED | WNOHANG | WNOWAIT) == -1 || si.si_pid != 0)
			return;
		(void)poll(NULL, 0, 5);
	}
}

/* Start one call: its process id, or minus an errno. */
static int
spawn(const char *name, char *const *args, int out, int errs)
{
	char **av, sock[PATH_MAX];
	long long deadline;
	pid_t pid;

	/* The same test the tool made: a name is never an option. */
	if (!ns_host_name_ok(name))
		return -EINVAL;
	av = command(name, ns_host_transport(name), args, sock, sizeof(sock));
	/* The bound counts from the start: calls started together end
	 * together at the latest. */
	deadline = ns_rsh_now_ms() + 1000LL * ns_rsh_timeout();
	await_sharing(sock, 0, deadline);
	if ((pid = fork()) == 0)
		child(av, out, errs);
	argv_free(av);
	if (pid == -1)
		return -errno;
	/* The first call to a host with no shared connection makes it. */
	await_sharing(sock, pid, deadline);
	return pid;
}

/* The calls that ended, reaped: each status written to its pipe. */
static void
reap(void)
{
	size_t i;
	pid_t pid;
	int st;

	while ((pid = waitpid(-1, &st, WNOHANG)) > 0)
		for (i = 0; i < nrunning; i++)
			if (running[i].pid == pid) {
				/* A tool that has gone reads it no more:
				 * nothing to do if it fails. */
				if (write(running[i].status_fd, &st,
				    sizeof(st)) != (ssize_t)sizeof(st))
					st = 0;
				close(running[i].status_fd);
				running[i] = running[--nrunning];
				break;
			}
}

/* Whether pid is a call of ours still running. */
static int
is_running(pid_t pid)
{
	size_t i;

	for (i = 0; i < nrunning; i++)
		if (running[i].pid == pid)
			return 1;
	return 0;
}

/* One request: 0, or -1 when the tool has gone. */
static int
request(int sock)
{
	static char buf[RSH_MSG_MAX + 1], *args[RSH_MSG_MAX / 2 + 1];
	union {
		struct cmsghdr	hdr;
		char		buf[CMSG_SPACE(3 * sizeof(int))];
	} cm;
	struct iovec iov = { buf, RSH_MSG_MAX };
	struct msghdr msg = { .msg_iov = &iov, .msg_iovlen = 1,
	    .msg_control = cm.buf, .msg_controllen = sizeof(cm.buf) };
	struct cmsghdr *c;
	char *s, *end;
	int fds[3] = { -1, -1, -1 }, answer;
	size_t i, n = 0, nfds = 0;
	ssize_t len;
	pid_t pid;

	if ((len = recvmsg(sock, &msg, MSG_CMSG_CLOEXEC)) <= 0)
		return len == -1 && errno == EINTR ? 0 : -1;
	for (c = CMSG_FIRSTHDR(&msg); c != NULL; c = CMSG_NXTHDR(&msg, c))
		if (c->cmsg_level == SOL_SOCKET && c->cmsg_type == SCM_RIGHTS &&
		    c->cmsg_len == CMSG_LEN(3 * sizeof(int))) {
			memcpy(fds, CMSG_DATA(c), sizeof(fds));
			nfds = 3;
		}
	if (buf[0] == RSH_KILL && len == 1 + (ssize_t)sizeof(pid)) {
		memcpy(&pid, buf + 1, sizeof(pid));
		if (is_running(pid)) {
			kill(-pid, SIGKILL);
			kill(pid, SIGKILL);
		}
		return 0;
	}
	answer = -EINVAL;
	buf[len] = '\0';
	end = buf + len;
	/* The words, each ending in NUL: the name, then the command's. */
	if (buf[0] == RSH_START && nfds == 3 && len > 1 && end[-1] == '\0') {
		for (s = buf + 1; s < end; s += strlen(s) + 1)
			args[n++] = s;
		args[n] = NULL;
		if (n >= 2 && (running = reallocarray(running, nrunning + 1,
		    sizeof(*running))) != NULL &&
		    (answer = spawn(args[0], args + 1, fds[0], fds[1])) > 0) {
			running[nrunning].pid = answer;
			running[nrunning++].status_fd = fds[2];
			fds[2] = -1;
		}
	}
	for (i = 0; i < nfds; i++)
		if (fds[i] != -1)
			close(fds[i]);
	(void)send(sock, &answer, sizeof(answer), MSG_NOSIGNAL);
	return 0;
}

/* The helper's life: requests, and the calls' ends, until the tool
 * closes its end; then the calls still running are ended. */
static void __attribute__((noreturn))
serve(int sock, void *arg)
{
	struct pollfd pfd[2];
	struct signalfd_siginfo si;
	sigset_t chld;
	size_t i;
	int null;

	(void)arg;
	/* Nothing of the tool's output or input is the helper's. */
	if ((null = open("/dev/null", O_RDWR)) != -1) {
		dup2(null, STDIN_FILENO);
		dup2(null, STDOUT_FILENO);
		if (null > STDERR_FILENO)
			close(null);
	}
	sigemptyset(&chld);
	sigaddset(&chld, SIGCHLD);
	sigprocmask(SIG_BLOCK, &chld, &tool_mask);
	pfd[0] = (struct pollfd){ sock, POLLIN, 0 };
	pfd[1] = (struct pollfd){ signalfd(-1, &chld, SFD_CLOEXEC |
	    SFD_NONBLOCK), POLLIN, 0 };
	for (;;) {
		/* Without a signalfd, a look at the calls now and then. */
		if (poll(pfd, 2, pfd[1].fd == -1 ? 20 : -1) == -1 &&
		    errno != EINTR)
			break;
		if (pfd[1].revents & POLLIN)
			while (read(pfd[1].fd, &si, sizeof(si)) > 0)
				;
		reap();
		if ((pfd[0].revents & (POLLIN | POLLHUP | POLLERR)) &&
		    request(sock) == -1)
			break;
	}
	for (i = 0; i < nrunning; i++) {
		kill(-running[i].pid, SIGKILL);
		kill(running[i].pid, SIGKILL);
	}
	_exit(0);
}

int
ns_rsh_helper_start(void)
{
	if (helper_fd != -1)
		return 0;
	if ((helper_fd = ns_fork_server(serve, NULL)) == -1)
		return -1;
	return 0;
}

int
ns_rsh_helper(void)
{
	/* A sandboxed tool that was given no path of another machine
	 * started none, and can start none now: it reaches no host. */
	if (helper_fd == -1 && (ns_sandboxed() ||
	    ns_rsh_helper_start() == -1)) {
		if (ns_sandboxed())
			errno = EPERM;
		return -1;
	}
	return helper_fd;
}

int
ns_rsh_can_reach(void)
{
	return helper_fd != -1 || !ns_sandboxed();
}

/*
 * The sandbox of a tool that may reach another machine: the helper first.
 */

/* A path of another machine, or standard input, whose lines may be. */
static int
may_reach_host(const char *arg)
{
	return strcmp(arg, "-") == 0 || strncmp(arg, "/host", 5) == 0;
}

int
ns_sandbox_remote(void)
{
	/* The helper that alone may start a transport is forked before
	 * the filter goes on, and keeps running without it. */
	if (ns_rsh_helper_start() == -1)
		return -1;
	return ns_sandbox(0);
}

int
ns_sandbox_args(int argc, char *argv[])
{
	int i;

	for (i = 0; i < argc; i++)
		if (may_reach_host(argv[i]))
			return ns_sandbox_remote();
	return ns_sandbox(0);
}
