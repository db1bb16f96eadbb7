/*
 * nstab.c: the namespaces a run finds, by inode: those of the processes
 * and of the nsfs files mounted, then, when asked, those the
 * descriptors of every process keep (from fd.c's index of them) and
 * those only sockets keep, each with what keeps it and a way to open it.  The /ns provider (nsfs.c)
 * names them; netns.c enters them.
 */
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/types.h>

#include <dirent.h>
#include <err.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <linux/nsfs.h>

#include "fdindex.h"
#include "provider.h"
#include "mountinfo.h"
#include "nsparse.h"
#include "nstab.h"

/*
 * The table.  ents grows, so an entry is found again by its inode after
 * anything that may add one; slots index it by inode, open addressing,
 * holding an entry's index plus one (0 is an empty slot).
 */
static struct nsent *ents;
static size_t nents, entcap;
static size_t *slots;
static size_t nslots;
static unsigned scanned;	/* the types whose processes are read */
static unsigned hidden;		/* of those, the types some process hid */
static int mounts_scanned;
static size_t asked;		/* entries the closure has asked so far */
static int fds_scanned;

static size_t
slot_of(uint64_t ino)
{
	return (size_t)(ino ^ (ino >> 17)) & (nslots - 1);
}

struct nsent *
ns_nstab_find(uint64_t ino)
{
	size_t i;

	if (nslots == 0)
		return NULL;
	for (i = slot_of(ino); slots[i] != 0; i = (i + 1) & (nslots - 1))
		if (ents[slots[i] - 1].ino == ino)
			return &ents[slots[i] - 1];
	return NULL;
}

static void
index_put(size_t idx)
{
	size_t i;

	for (i = slot_of(ents[idx].ino); slots[i] != 0;
	    i = (i + 1) & (nslots - 1))
		continue;
	slots[i] = idx + 1;
}

/* The entry of this inode, made if new.  Other entry pointers go stale. */
struct nsent *
ns_nstab_add(uint64_t ino, int type)
{
	struct nsent *e;
	size_t i;

	if ((e = ns_nstab_find(ino)) != NULL)
		return e;
	if (nents == entcap) {
		entcap = entcap ? entcap * 2 : 64;
		ents = ns_xreallocarray(ents, entcap, sizeof(*ents));
	}
	/* At most half full, so that every probe ends soon. */
	if ((nents + 1) * 2 > nslots) {
		free(slots);
		nslots = nslots ? nslots * 2 : 128;
		slots = ns_xcallocarray(nslots, sizeof(*slots));
		for (i = 0; i < nents; i++)
			index_put(i);
	}
	e = &ents[nents];
	memset(e, 0, sizeof(*e));
	e->ino = ino;
	e->type = type;
	e->fd = -1;
	index_put(nents++);
	return e;
}

static void
add_pid(struct nsent *e, uint64_t pid)
{
	if (e->npids == e->pidcap) {
		e->pidcap = e->pidcap ? e->pidcap * 2 : 8;
		e->pids = ns_xreallocarray(e->pids, e->pidcap,
		    sizeof(*e->pids));
	}
	e->pids[e->npids++] = pid;
}

/*
 * The namespaces of one process.  A process that is not ours to look
 * into (its ns links say EACCES) is counted as skipped; one that left, or
 * a kind of namespace this kernel lacks, is passed over.
 */
static int
scan_proc(uint64_t pid, void *arg)
{
	const unsigned *types = arg;
	char path[64], text[64];
	uint64_t ino;
	ssize_t n;
	int t;

	for (t = 0; t < NSFS_NTYPES; t++) {
		if (!(*types & 1u << t))
			continue;
		snprintf(path, sizeof(path), "/proc/%llu/ns/%s",
		    (unsigned long long)pid, ns_nsfs_types[t]);
		if ((n = readlink(path, text, sizeof(text) - 1)) == -1) {
			if (errno == EACCES || errno == EPERM) {
				snprintf(path, sizeof(path), "/proc/%llu",
				    (unsigned long long)pid);
				ns_skip_path(path);
				hidden |= *types;
				return 0;
			}
			ns_fail_limit(path, errno);
			continue;
		}
		text[n] = '\0';
		if (ns_nsfs_parse(text, &ino) != t)
			continue;
		add_pid(ns_nstab_add(ino, t), pid);
	}
	return 0;
}

/* The nsfs files mounted somewhere: mountinfo's root says "net:[INO]". */
static int
nsfs_mount(const struct ns_mountinfo *m, void *arg)
{
	struct nsent *e;
	uint64_t ino;
	int t;

	if (strcmp(m->fstype, "nsfs") != 0 || *m->target != '/' ||
	    (t = ns_nsfs_parse(m->root, &ino)) == -1)
		return 0;
	e = ns_nstab_add(ino, t);
	if ((e->mounts = reallocarray(e->mounts, e->nmounts + 1,
	    sizeof(*e->mounts))) == NULL ||
	    (e->mounts[e->nmounts] = strdup(m->target)) == NULL)
		err(1, NULL);
	e->nmounts++;
	return 0;
}

/* Read the processes' namespaces of the types asked not read yet, and
 * the mounts, each once a run. */
static void
scan_types(unsigned types)
{
	types &= ~scanned;
	if (types != 0) {
		scanned |= types;
		ns_proc_each(scan_proc, &types);
	}
	if (!mounts_scanned) {
		mounts_scanned = 1;
		ns_mountinfo_each(nsfs_mount, NULL);
	}
}

int
ns_nstab_partial(int type)
{
	return (hidden & 1u << type) != 0;
}

void
ns_nstab_scan(void)
{
	scan_types((1u << NSFS_NTYPES) - 1);
}

void
ns_nstab_scan_type(int type)
{
	scan_types(1u << type);
}

/* Open a path and make sure it is still the namespace asked for. */
int
ns_nstab_open_checked(const char *path, uint64_t ino)
{
	struct stat st;
	int fd;

	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) == -1) {
		ns_fail_limit(path, errno);
		return -1;
	}
	if (fstat(fd, &st) == -1 || (uint64_t)st.st_ino != ino) {
		close(fd);
		errno = ENOENT;
		return -1;
	}
	return fd;
}

/* A descriptor of the namespace, by whatever way is still open to it. */
int
ns_nstab_open(struct nsent *e)
{
	char path[64];
	size_t i;
	int fd, denied = 0, last = ENOENT;

	if (e->fd != -1) {
		fd = e->fd;
		e->fd = -1;
		return fd;
	}
	for (i = 0; i < e->nmounts; i++)
		if ((fd = ns_nstab_open_checked(e->mounts[i], e->ino)) != -1)
			return fd;
		else
			last = errno;
	if (e->via != NULL && (fd = ns_nstab_open_checked(e->via, e->ino)) != -1)
		return fd;
	else if (e->via != NULL)
		last = errno;
	denied = last == EACCES || last == EPERM;
	/* A pid may have left, or been reused by a process elsewhere; one
	 * reaped meanwhile answers EACCES, and is no refusal. */
	for (i = 0; i < e->npids; i++) {
		snprintf(path, sizeof(path), "/proc/%llu/ns/%s",
		    (unsigned long long)e->pids[i], ns_nsfs_types[e->type]);
		if ((fd = ns_nstab_open_checked(path, e->ino)) != -1)
			return fd;
		if (errno == EACCES || errno == EPERM) {
			if (!ns_proc_gone(path))
				denied = 1;
		} else if (!ns_errno_benign(errno))
			last = errno;
	}
	errno = denied ? EACCES : ns_errno_limit(last) ? last : ENOENT;
	return -1;
}

/*
 * The namespace an nsfs ioctl hands back as a new descriptor: its inode,
 * or 0 when there is none the caller may see (the kernel says EPERM at
 * the top of the caller's view).  A namespace new to the table keeps the
 * descriptor, for the closure to ask it in turn.
 */
static uint64_t
related(int fd, unsigned long req, int type)
{
	struct stat st;
	struct nsent *e;
	int rfd;

	if ((rfd = ioctl(fd, req)) == -1)
		return 0;
	if (fstat(rfd, &st) == -1) {
		close(rfd);
		return 0;
	}
	if (ns_nstab_find(st.st_ino) == NULL) {
		e = ns_nstab_add(st.st_ino, type);
		e->fd = rfd;
	} else
		close(rfd);
	return st.st_ino;
}

/*
 * Ask every entry not asked yet for its owner, parent and creator.  The
 * answers may be new entries, which the loop reaches in turn, so the
 * table ends up closed under owner and parent.
 */
void
ns_nstab_ask_all(void)
{
	struct nsent *e;
	uint64_t owner, parent;
	uid_t uid = (uid_t)-1;
	int fd, type;

	ns_nstab_scan();
	for (; asked < nents; asked++) {
		if ((fd = ns_nstab_open(&ents[asked])) == -1)
			continue;
		type = ents[asked].type;
		owner = related(fd, NS_GET_USERNS, T_USER);
		parent = 0;
		if (type == T_PID || type == T_USER)
			parent = related(fd, NS_GET_PARENT, type);
		e = &ents[asked];
		e->owner = owner;
		e->parent = parent;
		if (type == T_USER && ioctl(fd, NS_GET_OWNER_UID, &uid) == 0) {
			e->creator = uid;
			e->has_creator = 1;
		}
		close(fd);
	}
}

/* An nsfs descriptor of the index: a namespace it alone may keep. */
static int
nsfs_fd(struct fdent *fe, void *arg)
{
	struct nsent *e;
	uint64_t ino;
	int t;

	(void)arg;
	if ((t = ns_nsfs_parse(ns_fd_ent_link(fe), &ino)) == -1 ||
	    ns_nstab_find(ino) != NULL)
		return 0;
	e = ns_nstab_add(ino, t);
	e->via = ns_xasprintf("/proc/%llu/fd/%d",
	    (unsigned long long)ns_fd_ent_pid(fe), ns_fd_ent_fd(fe));
	return 0;
}

/* The scan is fd.c's index of every descriptor, which the holders of
 * the namespaces (their fds column) read too. */
void
ns_nstab_scan_fds(void)
{
	if (fds_scanned)
		return;
	fds_scanned = 1;
	ns_nstab_scan();
	ns_fd_index_each("", nsfs_fd, NULL);
	ns_nstab_ask_all();
}

/*
 * A network namespace no process or mount keeps, only sockets made in
 * it: its descriptor comes from one of them, and stays open for the run
 * as the way to it.
 */
static struct nsent *
from_socket(uint64_t ino)
{
	struct nsent *e;
	int fd;

	if ((fd = ns_sock_netns_fd(ino)) == -1)
		return NULL;
	e = ns_nstab_add(ino, T_NET);
	e->via = ns_xasprintf("/proc/self/fd/%d", fd);
	ns_nstab_ask_all();
	return ns_nstab_find(ino);
}

/*
 * The entry of an inode, wherever it may be found: the processes and
 * mounts first, then the owners and parents, then, once per run, the
 * descriptors of every process, which is the dearest look, and last, for
 * a network namespace (type T_NET, or -1 when not known), its sockets.
 */
struct nsent *
ns_nstab_lookup(uint64_t ino, int type)
{
	struct nsent *e;

	/* A namespace of a known type some process is in is found by the
	 * processes' links of that type alone. */
	if (type >= 0) {
		ns_nstab_scan_type(type);
		if ((e = ns_nstab_find(ino)) != NULL)
			return e;
	}
	ns_nstab_scan();
	if ((e = ns_nstab_find(ino)) != NULL)
		return e;
	ns_nstab_ask_all();
	if ((e = ns_nstab_find(ino)) != NULL)
		return e;
	if (!fds_scanned) {
		ns_nstab_scan_fds();
		if ((e = ns_nstab_find(ino)) != NULL)
			return e;
	}
	/* Only a network namespace can be kept by its sockets alone: an
	 * inode of another type is not worth a look at every socket. */
	return type == T_NET || type == -1 ? from_socket(ino) : NULL;
}

struct nsent *
ns_nstab_of(struct ns_obj *o)
{
	struct nsent *e;

	if ((e = ns_nstab_lookup(nsobj_ino(o), nsobj_type(o))) == NULL)
		errno = ENOENT;
	return e;
}

/* The object's entry; ENOENT if it is gone from the table. */

size_t
ns_nstab_count(void)
{
	return nents;
}

struct nsent *
ns_nstab_at(size_t i)
{
	return &ents[i];
}

int
ns_nstab_open_net(uint64_t ino)
{
	struct nsent *e;
	int fd;

	if ((e = ns_nstab_lookup(ino, T_NET)) == NULL || e->type != T_NET)
		return ns_none();
	if ((fd = ns_nstab_open(e)) == -1 && errno == 0)
		errno = ENOENT;
	return fd;
}

uint64_t
ns_nstab_member_net(uint64_t ino)
{
	struct nsent *e;

	if ((e = ns_nstab_lookup(ino, T_NET)) == NULL || e->type != T_NET ||
	    e->npids == 0)
		return 0;
	return e->pids[0];
}

int
ns_nstab_each_net(int (*fn)(uint64_t, void *), void *arg)
{
	uint64_t *inos;
	size_t i, n = 0;
	int r = 0;

	/* The processes' net links alone: the other seven of each process
	 * are no network namespace (a socket's lookup in fdinfo read all
	 * eight links of every process). */
	ns_nstab_scan_type(T_NET);
	inos = ns_xmalloc((nents + 1) * sizeof(*inos));
	for (i = 0; i < nents; i++)
		if (ents[i].type == T_NET)
			inos[n++] = ents[i].ino;
	/* fn may grow the table. */
	for (i = 0; i < n && r == 0; i++)
		r = fn(inos[i], arg);
	free(inos);
	return r;
}

/* Whether a file lives on nsfs: every nsfs file shares one device. */
int
ns_nstab_on_nsfs(const struct stat *st)
{
	static dev_t dev;
	static int known;
	struct stat self;

	if (!known) {
		if (stat("/proc/self/ns/user", &self) == -1)
			return 0;
		dev = self.st_dev;
		known = 1;
	}
	return st->st_dev == dev;
}

