/*
 * remotefs.c: file systems that answer through a server, and the calls
 * on them that a run waits for only so long (DESIGN.md, rule 10).
 *
 * A stat, lookup, open or read of a file of NFS, CIFS, 9p or a FUSE
 * daemon waits for its server; a hard NFS mount whose server is gone,
 * or a FUSE daemon that is stopped, makes it wait for ever, in a sleep
 * that only a fatal signal ends.  lsof learnt it first (its -b).  So:
 *
 * - What a process holds is looked at through its magic link in /proc
 *   with statx(2) and AT_STATX_DONT_SYNC: the link leads to the file
 *   without a lookup, and the kernel answers from its inode cache, which
 *   neither NFS nor FUSE refreshes by asking the server then.
 * - What only the server can tell (whether a name still leads to the
 *   file) is asked in a thread of its own, and waited for at most
 *   NSTOOLS_FS_TIMEOUT seconds a file system and run: the waits of one
 *   file system add up, and once they reach that, or a call of it does
 *   not answer, it is asked nothing more in the run.  What it owed an
 *   answer for is shown as the kernel's cache knows it, and counted in
 *   one line at the end, as the not readable are.
 * - A path a user gives is looked up the same way while the caller's
 *   tree holds such a mount, since a symbolic link may lead there.
 *
 * Which file systems answer through a server is one table of their
 * types; which mount is of which type, /proc/self/mountinfo, read once.
 * A thread left waiting holds no lock and nothing of its caller's: its
 * request and its answer are the ask's own, which it frees if it ever
 * returns, and the process's exit ends it as a fatal signal ends the
 * kernel's wait.
 */
#include <sys/stat.h>
#include <sys/sysmacros.h>

#include <dirent.h>
#include <err.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <search.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "provider.h"
#include "text.h"
#include "mountinfo.h"
#include "remotefs.h"

/* NSTOOLS_FS_TIMEOUT's default, in seconds. */
#define WAIT_DEFAULT	2

/* A thread's stack: a stat and a realpath(3) need little. */
#define ASK_STACK	(256 * 1024)

/*
 * The types of file systems that answer through a server or a daemon,
 * one row each; a row that ends in '.' is a prefix (fuse.sshfs).  nfsd,
 * the NFS server's own control file system, is local: no prefix "nfs".
 */
static const char *const remote_types[] = {
	"fuse", "fuseblk", "fuse.",	/* a daemon of FUSE */
	"nfs", "nfs4",
	"cifs", "smb3", "smbfs",
	"9p",
	"virtiofs",			/* FUSE, its daemon on the host */
	"ceph", "afs", "coda", "ncpfs", "glusterfs", "lustre",
	"gfs2", "ocfs2",		/* cluster locks wait on the others */
	"orangefs", "beegfs", "gpfs",
};

int
ns_remotefs_type(const char *type)
{
	const char *r;
	size_t i, n;

	for (i = 0; i < sizeof(remote_types) / sizeof(remote_types[0]); i++) {
		r = remote_types[i];
		n = strlen(r);
		if (r[n - 1] == '.' ? strncmp(type, r, n) == 0 && type[n] != '\0' :
		    strcmp(type, r) == 0)
			return 1;
	}
	return 0;
}

/* The caller's mounts, as mountinfo lists them, and what waiting on
 * each file system has cost. */
struct mnt {
	uint64_t	 id;
	dev_t		 dev;
	int		 remote;
	char		*target;
	char		*fstype;
};

struct fswait {
	dev_t		 dev;
	long long	 left_ns;	/* of the run's wait on it */
	int		 dead;		/* did not answer: not asked again */
	const char	*target;	/* where it is mounted, to say so */
};

static struct {
	int		 loaded;
	struct mnt	*m;
	size_t		 n;
	int		 any;		/* a remote one among them */
	struct fswait	*w;
	size_t		 nw;
} fs;

static int
mnt_add(const struct ns_mountinfo *mi, void *arg)
{
	struct mnt *m;

	fs.m = ns_xreallocarray(fs.m, fs.n + 1, sizeof(*fs.m));
	m = &fs.m[fs.n++];
	m->id = mi->id;
	m->dev = mi->dev;
	m->remote = ns_remotefs_type(mi->fstype);
	m->target = ns_xstrdup(mi->target);
	m->fstype = ns_xstrdup(mi->fstype);
	if (m->remote)
		fs.any = 1;
	return 0;
}

/* A table that cannot be read holds no remote mount, as none is seen. */
static void
load(void)
{
	if (fs.loaded)
		return;
	fs.loaded = 1;
	(void)ns_mountinfo_each(mnt_add, NULL);
}

int
ns_remotefs_dev(dev_t dev)
{
	size_t i;

	load();
	for (i = 0; i < fs.n; i++)
		if (fs.m[i].dev == dev)
			return fs.m[i].remote;
	return 0;
}

int
ns_remotefs_any(void)
{
	load();
	return fs.any;
}

/* Whether path is dir or lies below it, by the text alone. */
static int
path_under(const char *path, const char *dir)
{
	size_t n = strlen(dir);

	if (strcmp(dir, "/") == 0)
		return path[0] == '/';
	return strncmp(path, dir, n) == 0 && (path[n] == '\0' ||
	    path[n] == '/');
}

/* The mount a path lies on by its text: the last of the longest mount
 * points that hold it, as the last mounted is the one seen. */
static const struct mnt *
mount_of(const char *path)
{
	const struct mnt *best = NULL;
	size_t i, n, len = 0;

	load();
	if (path[0] != '/')
		return NULL;
	for (i = 0; i < fs.n; i++) {
		n = strlen(fs.m[i].target);
		if (path_under(path, fs.m[i].target) && n >= len) {
			best = &fs.m[i];
			len = n;
		}
	}
	return best;
}

static long long
wait_budget(void)
{
	const char *env = getenv("NSTOOLS_FS_TIMEOUT"), *e;
	long long t;

	if (env == NULL || *env == '\0')
		return WAIT_DEFAULT * 1000000000LL;
	t = strtonum(env, 1, 3600, &e);
	return (e != NULL ? WAIT_DEFAULT : t) * 1000000000LL;
}

/* The wait state of a remote file system; NULL for any other, whose
 * every call is given the whole time and never given up on for good. */
static struct fswait *
wait_of(dev_t dev)
{
	struct fswait *w;
	size_t i, j;

	load();
	for (i = 0; i < fs.n; i++)
		if (fs.m[i].dev == dev && fs.m[i].remote)
			break;
	if (i == fs.n)
		return NULL;
	/* By index: fs.w is NULL until the first, and NULL + 0 is no
	 * pointer C allows. */
	for (j = 0; j < fs.nw; j++)
		if (fs.w[j].dev == dev)
			return &fs.w[j];
	fs.w = ns_xreallocarray(fs.w, fs.nw + 1, sizeof(*fs.w));
	w = &fs.w[fs.nw++];
	w->dev = dev;
	w->left_ns = wait_budget();
	w->dead = 0;
	w->target = fs.m[i].target;
	return w;
}

static pthread_mutex_t ask_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t ask_cond;
static pthread_once_t ask_once = PTHREAD_ONCE_INIT;

/* The waits are measured on the monotonic clock, which no change of the
 * time of day moves. */
static void
ask_init(void)
{
	pthread_condattr_t ca;

	if (pthread_condattr_init(&ca) != 0 ||
	    pthread_condattr_setclock(&ca, CLOCK_MONOTONIC) != 0 ||
	    pthread_cond_init(&ask_cond, &ca) != 0)
		errx(1, "cannot set up a condition variable");
	pthread_condattr_destroy(&ca);
}

static void *
ask_run(void *arg)
{
	struct ns_ask *a = arg;
	int rc, e, left;

	rc = a->fn(a);
	e = errno;
	pthread_mutex_lock(&ask_lock);
	a->rc = rc;
	a->err = e;
	a->done = 1;
	left = a->left;
	pthread_cond_broadcast(&ask_cond);
	pthread_mutex_unlock(&ask_lock);
	if (left)
		a->release(a);
	return NULL;
}

/* The thread, with every signal blocked: a signal is the main
 * thread's to take.  0, or an error number. */
static int
ask_start(struct ns_ask *a)
{
	pthread_attr_t at;
	pthread_t t;
	sigset_t all, old;
	int e;

	if ((e = pthread_attr_init(&at)) != 0)
		return e;
	(void)pthread_attr_setdetachstate(&at, PTHREAD_CREATE_DETACHED);
	(void)pthread_attr_setstacksize(&at, ASK_STACK);
	sigfillset(&all);
	pthread_sigmask(SIG_SETMASK, &all, &old);
	e = pthread_create(&t, &at, ask_run, a);
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	pthread_attr_destroy(&at);
	return e;
}

static long long
elapsed_ns(const struct timespec *t0)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (t.tv_sec - t0->tv_sec) * 1000000000LL +
	    (t.tv_nsec - t0->tv_nsec);
}

int
ns_ask_bounded(dev_t dev, struct ns_ask *a)
{
	struct fswait *w = wait_of(dev);
	struct timespec t0, until;
	long long budget;
	int e;

	if (w != NULL && (w->dead || w->left_ns <= 0)) {
		w->dead = 1;
		a->release(a);
		errno = ETIMEDOUT;
		return -1;
	}
	pthread_once(&ask_once, ask_init);
	a->done = a->left = 0;
	/* Without a thread (a limit met) the call is made here, as it
	 * was before there were threads. */
	if ((e = ask_start(a)) != 0) {
		a->rc = a->fn(a);
		a->err = errno;
		return 0;
	}
	budget = w != NULL ? w->left_ns : wait_budget();
	clock_gettime(CLOCK_MONOTONIC, &t0);
	until.tv_sec = t0.tv_sec + budget / 1000000000LL;
	until.tv_nsec = t0.tv_nsec + budget % 1000000000LL;
	if (until.tv_nsec >= 1000000000L) {
		until.tv_sec++;
		until.tv_nsec -= 1000000000L;
	}
	pthread_mutex_lock(&ask_lock);
	while (!a->done && pthread_cond_timedwait(&ask_cond, &ask_lock,
	    &until) != ETIMEDOUT)
		;
	if (!a->done) {
		a->left = 1;
		pthread_mutex_unlock(&ask_lock);
		if (w != NULL) {
			w->dead = 1;
			w->left_ns = 0;
		}
		errno = ETIMEDOUT;
		return -1;
	}
	pthread_mutex_unlock(&ask_lock);
	if (w != NULL)
		w->left_ns -= elapsed_ns(&t0);
	return 0;
}

/* A statx(2) answer as stat(2) gives it. */
void
ns_stat_from_statx(struct stat *st, const struct statx *sx)
{
	memset(st, 0, sizeof(*st));
	st->st_dev = makedev(sx->stx_dev_major, sx->stx_dev_minor);
	st->st_rdev = makedev(sx->stx_rdev_major, sx->stx_rdev_minor);
	st->st_ino = sx->stx_ino;
	st->st_mode = sx->stx_mode;
	st->st_nlink = sx->stx_nlink;
	st->st_uid = sx->stx_uid;
	st->st_gid = sx->stx_gid;
	st->st_size = sx->stx_size;
	st->st_blksize = sx->stx_blksize;
	st->st_blocks = sx->stx_blocks;
	st->st_atim.tv_sec = sx->stx_atime.tv_sec;
	st->st_atim.tv_nsec = sx->stx_atime.tv_nsec;
	st->st_mtim.tv_sec = sx->stx_mtime.tv_sec;
	st->st_mtim.tv_nsec = sx->stx_mtime.tv_nsec;
	st->st_ctim.tv_sec = sx->stx_ctime.tv_sec;
	st->st_ctim.tv_nsec = sx->stx_ctime.tv_nsec;
}

int
ns_held_stat(int dfd, const char *path, struct stat *st, uint64_t *mnt_id)
{
	struct statx sx;

	if (mnt_id != NULL)
		*mnt_id = 0;
	if (statx(dfd, path, AT_STATX_DONT_SYNC, STATX_BASIC_STATS |
	    STATX_MNT_ID, &sx) == -1) {
		/* Before Linux 4.11 there is only the stat that may wait. */
		if (errno != ENOSYS)
			return -1;
		return fstatat(dfd, path, st, 0);
	}
	ns_stat_from_statx(st, &sx);
	if (mnt_id != NULL && (sx.stx_mask & STATX_MNT_ID))
		*mnt_id = sx.stx_mnt_id;
	return 0;
}

/*
 * What is done to a path in a thread: a stat(2) (with the mount's id),
 * a realpath(3), a readlink(2), or an open(2) of a directory and the
 * reading of its entries.  The answer stays the ask's until the caller
 * takes it.
 */
enum path_op { OP_STAT, OP_REAL, OP_READLINK, OP_READDIR };

struct path_ask {
	struct ns_ask	 a;
	enum path_op	 op;
	int		 flags;
	struct stat	 st;
	uint64_t	 mnt_id;
	char		*out;		/* malloc'd: a path, a link's text,
					   or the entries */
	size_t		 outlen;
	char		 path[];
};

static int
path_statx(struct path_ask *p)
{
	struct statx sx;

	if (statx(AT_FDCWD, p->path, p->flags, STATX_BASIC_STATS |
	    STATX_MNT_ID, &sx) == -1) {
		if (errno != ENOSYS)
			return -1;
		return fstatat(AT_FDCWD, p->path, &p->st,
		    p->flags & AT_SYMLINK_NOFOLLOW);
	}
	ns_stat_from_statx(&p->st, &sx);
	if (sx.stx_mask & STATX_MNT_ID)
		p->mnt_id = sx.stx_mnt_id;
	return 0;
}

/* The text of a link, whatever its length: st_size cannot be trusted
 * for it (procfs says 0), so the buffer grows until the text fits. */
static char *
readlink_whole(const char *path)
{
	size_t size = PATH_MAX;
	char *buf = NULL, *nbuf;
	ssize_t n;
	int save;

	for (;;) {
		if ((nbuf = realloc(buf, size)) == NULL)
			break;
		buf = nbuf;
		if ((n = readlink(path, buf, size)) == -1)
			break;
		if ((size_t)n < size) {
			buf[n] = '\0';
			return buf;
		}
		size *= 2;
	}
	save = errno;
	free(buf);
	errno = save;
	return NULL;
}

/* Each entry as its type (DT_*), its name and a NUL, one after the
 * other: a directory read whole, since its server may stop answering
 * between two reads.  An entry whose type the file system does not say
 * is stat(2)ed here, for the same reason. */
static int
path_readdir(struct path_ask *p)
{
	struct dirent *de;
	struct stat st;
	size_t cap = 0, n;
	DIR *d;
	int fd, save;
	char *s;

	if ((fd = open(p->path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW |
	    O_CLOEXEC)) == -1)
		return -1;
	if ((d = fdopendir(fd)) == NULL) {
		save = errno;
		close(fd);
		errno = save;
		return -1;
	}
	for (;;) {
		errno = 0;
		if ((de = readdir(d)) == NULL)
			break;
		n = strlen(de->d_name) + 2;
		if (p->outlen + n > cap) {
			cap = cap ? cap * 2 : 4096;
			if (cap < p->outlen + n)
				cap = p->outlen + n;
			if ((s = realloc(p->out, cap)) == NULL)
				break;
			p->out = s;
		}
		if (de->d_type == DT_UNKNOWN && fstatat(fd, de->d_name, &st,
		    AT_SYMLINK_NOFOLLOW | AT_NO_AUTOMOUNT) == 0)
			de->d_type = IFTODT(st.st_mode);
		p->out[p->outlen] = (char)de->d_type;
		memcpy(p->out + p->outlen + 1, de->d_name, n - 1);
		p->outlen += n;
	}
	save = errno;
	closedir(d);
	errno = save;
	return save != 0 ? -1 : 0;
}

static int
path_fn(struct ns_ask *a)
{
	struct path_ask *p = (struct path_ask *)a;

	switch (p->op) {
	case OP_STAT:
		return path_statx(p);
	case OP_REAL:
		return (p->out = realpath(p->path, NULL)) == NULL ? -1 : 0;
	case OP_READLINK:
		return (p->out = readlink_whole(p->path)) == NULL ? -1 : 0;
	case OP_READDIR:
		return path_readdir(p);
	}
	errno = EINVAL;
	return -1;
}

static void
path_free(struct ns_ask *a)
{
	struct path_ask *p = (struct path_ask *)a;

	free(p->out);
	free(p);
}

/*
 * Which file system's wait a call on path is counted against: the one of
 * dev (the file expected there) if it answers through a server, else the
 * one the path lies on if so; if strict, any, while a server's file
 * system is mounted at all.  0 when the call is made at once.
 */
static int
path_key(const char *path, dev_t dev, int strict, dev_t *key)
{
	const struct mnt *m;

	if (!ns_remotefs_any())
		return 0;
	m = mount_of(path);
	if (dev != 0 && ns_remotefs_dev(dev))
		*key = dev;
	else if (m != NULL && m->remote)
		*key = m->dev;
	else if (strict && ns_remotefs_any())
		*key = m != NULL ? m->dev : 0;
	else
		return 0;
	return 1;
}

/* The ask of op on path, run and waited for: NULL with errno if it did
 * not answer or failed; the caller frees it with path_free. */
static struct path_ask *
path_ask(enum path_op op, const char *path, int flags, dev_t key)
{
	struct path_ask *p;
	size_t len = strlen(path) + 1;

	p = ns_xcalloc(sizeof(*p) + len);
	p->a.fn = path_fn;
	p->a.release = path_free;
	p->op = op;
	p->flags = flags;
	memcpy(p->path, path, len);
	if (ns_ask_bounded(key, &p->a) == -1)
		return NULL;
	if (p->a.rc == -1) {
		len = (size_t)p->a.err;
		path_free(&p->a);
		errno = (int)len;
		return NULL;
	}
	return p;
}

int
ns_path_statx(const char *path, dev_t dev, struct stat *st,
    uint64_t *mnt_id, int flags, int strict)
{
	struct path_ask *p;
	struct statx sx;
	dev_t key;

	/* As stat(2) and lstat(2): no automount is set off. */
	flags |= AT_NO_AUTOMOUNT;
	if (mnt_id != NULL)
		*mnt_id = 0;
	if (!path_key(path, dev, strict, &key)) {
		if (statx(AT_FDCWD, path, flags, STATX_BASIC_STATS |
		    STATX_MNT_ID, &sx) == -1)
			return errno == ENOSYS ? fstatat(AT_FDCWD, path, st,
			    flags & AT_SYMLINK_NOFOLLOW) : -1;
		ns_stat_from_statx(st, &sx);
		if (mnt_id != NULL && (sx.stx_mask & STATX_MNT_ID))
			*mnt_id = sx.stx_mnt_id;
		return 0;
	}
	if ((p = path_ask(OP_STAT, path, flags, key)) == NULL)
		return -1;
	*st = p->st;
	if (mnt_id != NULL)
		*mnt_id = p->mnt_id;
	path_free(&p->a);
	return 0;
}

int
ns_path_stat(const char *path, dev_t dev, struct stat *st, int flags,
    int strict)
{
	return ns_path_statx(path, dev, st, NULL, flags, strict);
}

/* The answer of a path ask, taken from it. */
static char *
path_take(struct path_ask *p)
{
	char *s;

	if (p == NULL)
		return NULL;
	s = p->out;
	p->out = NULL;
	path_free(&p->a);
	return s;
}

char *
ns_path_real(const char *path, int strict)
{
	dev_t key;

	if (!path_key(path, 0, strict, &key))
		return realpath(path, NULL);
	return path_take(path_ask(OP_REAL, path, 0, key));
}

char *
ns_path_readlink(const char *path, int strict)
{
	dev_t key;

	if (!path_key(path, 0, strict, &key))
		return readlink_whole(path);
	return path_take(path_ask(OP_READLINK, path, 0, key));
}

char *
ns_path_readdir(const char *path, dev_t dev, size_t *len)
{
	struct path_ask *p;
	dev_t key;

	if (!path_key(path, dev, 1, &key))
		key = dev;
	if ((p = path_ask(OP_READDIR, path, 0, key)) == NULL)
		return NULL;
	*len = p->outlen;
	return path_take(p);
}

int
ns_remotefs_cached_name(const char *path, const struct stat *held,
    uint64_t mnt_id)
{
	size_t i;

	load();
	if (path[0] != '/' || ns_has_suffix(path, " (deleted)"))
		return 0;
	for (i = 0; i < fs.n; i++)
		if ((mnt_id != 0 ? fs.m[i].id == mnt_id :
		    fs.m[i].dev == held->st_dev) &&
		    path_under(path, fs.m[i].target))
			return 1;
	return 0;
}

/* The objects shown from the cache, each once. */
static void *unanswered_seen;
static unsigned long unanswered_n;

static int
seen_cmp(const void *a, const void *b)
{
	return strcmp(a, b);
}

void
ns_unanswered_path(const char *path)
{
	char *key, **node;

	key = ns_xstrdup(path);
	if ((node = tsearch(key, &unanswered_seen, seen_cmp)) == NULL)
		err(1, NULL);
	if (*node != key) {
		free(key);
		return;
	}
	unanswered_n++;
}

/* One line, naming the mount points that did not answer. */
void
ns_unanswered_report(void)
{
	char *where = NULL, *s, *t;
	size_t i;

	if (unanswered_n == 0)
		return;
	for (i = 0; i < fs.nw; i++) {
		if (!fs.w[i].dead)
			continue;
		if ((s = ns_escape(fs.w[i].target)) == NULL)
			err(1, NULL);
		t = ns_xasprintf("%s%s%s", where != NULL ? where : "",
		    where != NULL ? ", " : "", s);
		free(s);
		free(where);
		where = t;
	}
	warnx("%lu object%s not answering (file server stopped or gone%s%s), "
	    "shown from the kernel's cache", unanswered_n,
	    unanswered_n == 1 ? "" : "s", where != NULL ? ": " : "",
	    where != NULL ? where : "");
	free(where);
}
