/*
 * fail.c: what a run could not read, and why (DESIGN.md, rule 11).
 *
 * A failed open, read, readlink, opendir or socket means one of three
 * things.  The object left (ENOENT, ESRCH): one run sees one moment,
 * and that is no failure, said nowhere.  It is not ours to read (EACCES,
 * EPERM): counted, and said in one line at the end, so that an
 * unprivileged run is not a wall of warnings.  Or the tool itself ran
 * out of something (EMFILE, ENFILE, ENOMEM): then what it prints lacks
 * rows that exist and are readable, and a "permission denied" or a
 * silent exit 0 would be a lie.  A limit is said once for each cause,
 * with the limit itself, and the run exits 1; the rest is still
 * printed, as for an input that names nothing.
 *
 * Every place that reads the kernel reports its failure here, rather
 * than deciding for itself which errors are data.
 */
#include <sys/resource.h>

#include <err.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <search.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "provider.h"
#include "procstate.h"

/* Objects passed over as not readable. */
static unsigned long skipped;
/* How many ns_skip_hold(1) are not yet undone. */
static int skip_holds;
/* The limits already said, by errno: each once a run. */
static int said_emfile, said_enfile, said_enomem;

int
ns_errno_limit(int e)
{
	return e == EMFILE || e == ENFILE || e == ENOMEM;
}

int
ns_errno_closed(int e)
{
	return ns_errno_limit(e) || e == ENOENT || e == ESRCH ? e : EACCES;
}

int
ns_errno_benign(int e)
{
	return e == ENOENT || e == ESRCH || e == EACCES || e == EPERM;
}

/* A limit's value as ulimit prints it. */
static void
limit_text(int resource, char *buf, size_t size)
{
	struct rlimit rl;

	if (getrlimit(resource, &rl) == -1)
		snprintf(buf, size, "unknown");
	else if (rl.rlim_cur == RLIM_INFINITY)
		snprintf(buf, size, "unlimited");
	else
		snprintf(buf, size, "%llu", (unsigned long long)rl.rlim_cur);
}

/* The cause of a limit, after its strerror text: what the user can
 * raise, or that nothing in the process set it. */
static void
limit_cause(int e, char *buf, size_t size)
{
	char n[32];

	switch (e) {
	case EMFILE:
		limit_text(RLIMIT_NOFILE, n, sizeof(n));
		snprintf(buf, size, " (the descriptor limit, ulimit -n, is %s)",
		    n);
		break;
	case ENFILE:
		snprintf(buf, size,
		    " (the system's limit on open files, fs.file-max)");
		break;
	default:
		limit_text(RLIMIT_AS, n, sizeof(n));
		if (strcmp(n, "unlimited") == 0)
			buf[0] = '\0';
		else
			snprintf(buf, size,
			    " (the memory limit, ulimit -v, is %s bytes)", n);
		break;
	}
}

int
ns_fail_limit(const char *what, int e)
{
	char cause[96], *s;
	int *said, save = errno;

	switch (e) {
	case EMFILE:
		said = &said_emfile;
		break;
	case ENFILE:
		said = &said_enfile;
		break;
	case ENOMEM:
		said = &said_enomem;
		break;
	default:
		return 0;
	}
	if (*said)
		return 1;
	*said = 1;
	limit_cause(e, cause, sizeof(cause));
	/* The path is escaped, as every message quotes one; with no
	 * memory left to escape it, the cause is what matters. */
	if ((s = ns_escape(what)) != NULL)
		warnx("%s: %s%s", s, strerror(e), cause);
	else
		warnx("%s%s", strerror(e), cause);
	free(s);
	errno = save;
	return 1;
}

/* The same for a path relative to a directory descriptor: the message
 * names the file whole, as the directory's link in /proc tells it, for
 * which no descriptor is needed. */
int
ns_fail_limit_at(int dfd, const char *path, int e)
{
	char dir[PATH_MAX], link[64], *full;
	ssize_t n;
	int r, save = errno;

	if (!ns_errno_limit(e))
		return 0;
	if (dfd == AT_FDCWD || path[0] == '/')
		return ns_fail_limit(path, e);
	ns_fmt(link, sizeof(link), "/proc/self/fd/%d", dfd);
	if ((n = readlink(link, dir, sizeof(dir) - 1)) == -1)
		return ns_fail_limit(path, e);
	dir[n] = '\0';
	if (asprintf(&full, "%s/%s", dir, path) == -1)
		return ns_fail_limit(dir, e);
	r = ns_fail_limit(full, e);
	free(full);
	errno = save;
	return r;
}

int
ns_fail(const char *what, int e)
{
	if (!ns_fail_limit(what, e) && (e == EACCES || e == EPERM))
		ns_skip_path(what);
	errno = e;
	return -1;
}

int
ns_failed(void)
{
	return said_emfile || said_enfile || said_enomem;
}

void
ns_skip(void)
{
	skipped++;
}

unsigned long
ns_skipped(void)
{
	return skipped;
}

void
ns_skipped_report(void)
{
	if (skipped)
		warnx("%lu object%s not readable (permission denied), skipped",
		    skipped, skipped == 1 ? "" : "s");
}

static int
skip_cmp(const void *a, const void *b)
{
	return strcmp(a, b);
}

/*
 * The kernel lets a process's descriptor table, its namespace links and
 * its maps be read on one condition, ptrace read access: a scan that
 * cannot list /proc/PID/fd and one that cannot read /proc/PID/ns have
 * passed over one thing, the process.  A descriptor listed with its
 * link unreadable is an object of its own.
 */
static char *
skip_key(const char *path)
{
	const char *s;
	char *key;
	size_t n;

	if (strncmp(path, "/proc/", 6) == 0) {
		n = strspn(path + 6, "0123456789");
		s = path + 6 + n;
		if (n > 0 && strcmp(s, "/fd") == 0) {
			key = ns_xstrndup(path, s - path);
			return key;
		}
	}
	key = ns_xstrdup(path);
	return key;
}

void
ns_skip_hold(int on)
{
	skip_holds += on ? 1 : -1;
}

/*
 * Whether the process a /proc/PID path names has left, or is a zombie:
 * the kernel answers EACCES, not ENOENT, for a link of a process reaped
 * since its directory was looked up, and a zombie has no namespaces.
 * Such a process is one that left, silent as ENOENT is (rule 11).
 */
int
ns_proc_gone(const char *path)
{
	char stat_path[64], buf[512], state;
	size_t n;
	ssize_t r;
	int fd;

	if (strncmp(path, "/proc/", 6) != 0 ||
	    (n = strspn(path + 6, "0123456789")) == 0 || n > 20 ||
	    (path[6 + n] != '\0' && path[6 + n] != '/'))
		return 0;
	ns_fmt(stat_path, sizeof(stat_path), "/proc/%.*s/stat", (int)n,
	    path + 6);
	if ((fd = open(stat_path, O_RDONLY | O_CLOEXEC)) == -1)
		return errno == ENOENT || errno == ESRCH;
	r = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (r <= 0)
		return r == -1 && errno == ESRCH;
	buf[r] = '\0';
	state = ns_proc_stat_state(buf);
	return state == 'Z' || state == 'X';
}

void
ns_skip_path(const char *path)
{
	static void *seen;
	char *key, **node;

	/* Not even remembered: the same object met later is counted. */
	if (skip_holds > 0)
		return;
	key = skip_key(path);
	if ((node = tsearch(key, &seen, skip_cmp)) == NULL)
		err(1, NULL);
	if (*node != key) {
		free(key);
		return;
	}
	/* Remembered all the same: it will not come back. */
	if (ns_proc_gone(path))
		return;
	ns_skip();
}

/*
 * A tool that reads every process's descriptors needs a few of its own
 * at once (a directory, a file, a socket, a namespace), and a listing
 * of many namespaces holds one of each: the soft limit is raised to the
 * hard one, as systemd and most servers do.  What the hard limit still
 * refuses is said by ns_fail_limit.
 */
void
ns_nofile_raise(void)
{
	struct rlimit rl;

	if (getrlimit(RLIMIT_NOFILE, &rl) == -1 || rl.rlim_cur == rl.rlim_max)
		return;
	rl.rlim_cur = rl.rlim_max;
	(void)setrlimit(RLIMIT_NOFILE, &rl);
}
