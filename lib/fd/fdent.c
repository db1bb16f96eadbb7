/*
 * fdent.c: one descriptor, or one association of fdinfo -a, and what is
 * read about it.
 *
 * A descriptor is told at first sight by the text readlink gives for it
 * (its kind's row, fdkind.h); what it refers to, its object, is a
 * canonical path worked out by its kind (a file, a pipe, a socket, each
 * kind of anonymous inode), and the rest comes lazily from one stat(2),
 * one lstat(2) (the open mode) and one read of /proc/PID/fdinfo/N, each
 * done at most once.  The stat(2) is the kernel's cached answer, and a
 * path is looked up on a file server only as long as it answers
 * (remotefs.c).
 */
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/syscall.h>
#include <sys/sysmacros.h>
#include <sys/xattr.h>

#include <dirent.h>
#include <err.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <search.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fdent.h"
#include "nsparse.h"
#include "procparse.h"
#include "remotefs.h"

static int	obj_own(struct fdent *, char *, size_t);
static int	obj_path(struct fdent *, char *, size_t);
static int	obj_pipe(struct fdent *, char *, size_t);
static int	obj_eventfd(struct fdent *, char *, size_t);
static int	obj_pidfd(struct fdent *, char *, size_t);
static int	obj_bpf(struct fdent *, char *, size_t);
static int	obj_memfd(struct fdent *, char *, size_t);
static int	obj_nsfs(struct fdent *, char *, size_t);

/*
 * What the entries know of each kind: its name, how readlink's text
 * tells it, and its maker of object paths (none for a catalog row, or
 * for a socket, whose holders are known by their link).
 */
static const struct {
	const char	*name;
	int		 anon;
	const char	*link;
	int		(*object)(struct fdent *, char *, size_t);
} kinds[NFAMILIES] = {
#define FD_KIND(id, name, anon, link, own, holders, object, ...) \
	[id] = { name, anon, link, object },
	FD_KINDS
#undef FD_KIND
};

static const char *const ns_types[] = {
	"cgroup", "ipc", "mnt", "net", "pid", "time", "user", "uts",
};

struct fdent *
ns_fdent_new(uint64_t pid, int fd)
{
	struct fdent *e;

	e = ns_xcalloc(sizeof(*e));
	e->refs = 1;
	e->pid = pid;
	e->fd = fd;
	e->dfd = -1;
	e->st_err = e->lst_err = e->info_err = e->obj_err = e->proto_err = -1;
	e->mq = -1;
	return e;
}

void
ns_fdent_unref(struct fdent *e)
{
	if (e == NULL || --e->refs > 0)
		return;
	free(e->link);
	free(e->info);
	free(e->object);
	free(e);
}

/* "net:[4026531833]": the namespace type, or NULL. */
const char *
ns_fd_nsfs_type(const char *link, uint64_t *ino)
{
	const char *open, *close;
	char num[24];
	size_t i, n;

	if ((open = strstr(link, ":[")) == NULL ||
	    (close = strchr(open, ']')) == NULL || close[1] != '\0' ||
	    (size_t)(close - open - 2) >= sizeof(num))
		return NULL;
	memcpy(num, open + 2, close - open - 2);
	num[close - open - 2] = '\0';
	if (ns_parse_u64(num, UINT64_MAX, ino) == -1)
		return NULL;
	n = open - link;
	for (i = 0; i < sizeof(ns_types) / sizeof(ns_types[0]); i++)
		if (strlen(ns_types[i]) == n &&
		    strncmp(link, ns_types[i], n) == 0)
			return ns_types[i];
	return NULL;
}

/* The number in "pipe:[N]" or "socket:[N]" after its prefix. */
int
ns_fd_bracket_number(const char *link, const char *prefix, uint64_t *n)
{
	char num[24];
	size_t plen = strlen(prefix), len;

	if (strncmp(link, prefix, plen) != 0)
		return -1;
	len = strlen(link + plen);
	if (len < 2 || len - 1 >= sizeof(num) || link[plen + len - 1] != ']')
		return -1;
	memcpy(num, link + plen, len - 1);
	num[len - 1] = '\0';
	return ns_parse_u64(num, UINT64_MAX, n);
}

enum family
ns_fd_family_of(const char *link)
{
	char cls[32];
	uint64_t ino;
	size_t i;

	/* Every descriptor's link is asked: the first byte passes over
	 * most rows without a call. */
	for (i = 0; i < NFAMILIES; i++)
		if (kinds[i].link != NULL && kinds[i].link[0] == link[0] &&
		    strncmp(link, kinds[i].link, strlen(kinds[i].link)) == 0)
			return i;
	if (strncmp(link, "anon_inode:", 11) == 0) {
		ns_fd_anon_class(link, cls, sizeof(cls));
		for (i = 0; i < NFAMILIES; i++)
			if (kinds[i].anon && kinds[i].name != NULL &&
			    strcmp(cls, kinds[i].name) == 0)
				return i;
		return F_ANON;
	}
	if (fd_link_is_memfd(link))
		return F_MEMFD;
	/* memfd_secret(2)'s areas are all so named: the file of an
	 * internal mount, one inode each. */
	if (strcmp(link, "/secretmem (deleted)") == 0)
		return F_SECRETMEM;
	if (link[0] == '/' || link[0] == '\0')
		return F_PATH;
	if (ns_fd_nsfs_type(link, &ino) != NULL)
		return F_NSFS;
	return F_UNKN;
}

char *
ns_fd_read_link_at(int dfd, const char *name)
{
	char buf[PATH_MAX + 16], *s;
	ssize_t n;

	if ((n = readlinkat(dfd, name, buf, sizeof(buf) - 1)) == -1) {
		/* Only a path can be longer than the kernel will give: the
		 * descriptor is still there, its text is left empty. */
		if (errno != ENAMETOOLONG)
			return NULL;
		n = 0;
	}
	buf[n] = '\0';
	s = ns_xstrdup(buf);
	return s;
}

/*
 * A descriptor whose link is not ours to read.  The kernel lists
 * /proc/PID/fd to whoever may search the directory (its owner, or a
 * caller with CAP_DAC_READ_SEARCH) but gives the links, fdinfo and
 * stat(2) through them only with ptrace read access: then lstat(2)
 * still works, which tells a descriptor that is there (listed, its
 * open mode known, the rest empty, as lsof lists it) from one that is
 * gone or a directory we may not search at all.  Counted once a run.
 */
static int
ent_unreadable(struct fdent *e, int dfd, const char *name)
{
	char path[64];
	struct stat st;
	int save = errno;

	if ((save != EACCES && save != EPERM) ||
	    fstatat(dfd, name, &st, AT_SYMLINK_NOFOLLOW) == -1) {
		errno = save;
		return -1;
	}
	e->link = ns_xstrdup("");
	e->link_err = EACCES;
	e->fam = F_UNKN;
	e->lmode = st.st_mode;
	e->lst_err = 0;
	ns_fmt(path, sizeof(path), "/proc/%llu/fd/%d",
	    (unsigned long long)e->pid, e->fd);
	ns_skip_path(path);
	return 0;
}

/* A descriptor, its link read: NULL with errno if it is gone or not
 * ours to see.  dfd is /proc/PID/fd opened, or -1. */
struct fdent *
ns_fdent_load(int dfd, uint64_t pid, int fd)
{
	char path[64];
	struct fdent *e;
	int save;

	e = ns_fdent_new(pid, fd);
	if (dfd >= 0)
		ns_fmt(path, sizeof(path), "%d", fd);
	else
		ns_fmt(path, sizeof(path), "/proc/%llu/fd/%d",
		    (unsigned long long)pid, fd);
	if ((e->link = ns_fd_read_link_at(dfd >= 0 ? dfd : AT_FDCWD, path)) ==
	    NULL) {
		if (ent_unreadable(e, dfd >= 0 ? dfd : AT_FDCWD, path) == 0)
			return e;
		save = errno;
		if (ns_errno_limit(save)) {
			ns_fmt(path, sizeof(path), "/proc/%llu/fd/%d",
			    (unsigned long long)pid, fd);
			ns_fail_limit(path, save);
		}
		ns_fdent_unref(e);
		errno = save;
		return NULL;
	}
	e->fam = ns_fd_family_of(e->link);
	return e;
}

/* The file below /proc/PID that stands for the entry, for stat(2). */
int
ns_fdent_file(const struct fdent *e, char *buf, size_t size)
{
	if (e->fd >= 0)
		ns_fmt(buf, size, "/proc/%llu/fd/%d",
		    (unsigned long long)e->pid, e->fd);
	else if (e->src[0] != '\0')
		ns_fmt(buf, size, "/proc/%llu/%s",
		    (unsigned long long)e->pid, e->src);
	else {
		errno = ENOENT;
		return -1;
	}
	return 0;
}

/*
 * stat(2) or lstat(2) of the entry's link: relative to /proc/PID/fd
 * while a walk holds it open ("N", or "../cwd" for an association),
 * which spares the kernel a walk of /proc and of the process's directory
 * for each descriptor; by its path below /proc otherwise.  What the link
 * leads to is stat(2)ed from the kernel's cache, never by asking a file
 * server: the mount's id comes with it, into mnt_id.
 */
static int
ent_fstatat(const struct fdent *e, struct stat *st, int flags,
    uint64_t *mnt_id)
{
	char name[96];
	int dfd = e->dfd;

	if (e->dfd < 0) {
		if (ns_fdent_file(e, name, sizeof(name)) == -1)
			return -1;
		dfd = AT_FDCWD;
	} else if (e->fd >= 0)
		ns_fmt(name, sizeof(name), "%d", e->fd);
	else if (e->src[0] != '\0')
		ns_fmt(name, sizeof(name), "../%s", e->src);
	else {
		errno = ENOENT;
		return -1;
	}
	if (flags & AT_SYMLINK_NOFOLLOW)
		return fstatat(dfd, name, st, flags);
	return ns_held_stat(dfd, name, st, mnt_id);
}

const struct stat *
ns_fdent_stat(struct fdent *e)
{
	if (e->st_err == -1)
		e->st_err = ent_fstatat(e, &e->st, 0, &e->mnt_id) == -1 ?
		    errno : 0;
	if (e->st_err != 0) {
		errno = e->st_err;
		return NULL;
	}
	return &e->st;
}

/* The mqueue file system's magic number, which <linux/magic.h> lacks. */
#define MQUEUE_MAGIC	0x19800202

/*
 * A POSIX message queue reads as "/NAME": a file of the mqueue file
 * system's internal mount, which no path of ours reaches unless one is
 * mounted.  Only a regular file named by one component, on a device of
 * major 0, can be one, and statfs(2) of that alone tells: of a file
 * server's file, it would ask the server.
 */
int
ns_fdent_is_mqueue(struct fdent *e)
{
	const struct stat *st;
	struct statfs sfs;
	char path[96];

	if (e->mq != -1)
		return e->mq;
	e->mq = 0;
	if (e->fam != F_PATH || e->fd < 0 || e->link[0] != '/' ||
	    strchr(e->link + 1, '/') != NULL ||
	    (st = ns_fdent_stat(e)) == NULL ||
	    !S_ISREG(st->st_mode) || major(st->st_dev) != 0 ||
	    ns_remotefs_dev(st->st_dev) ||
	    ns_fdent_file(e, path, sizeof(path)) == -1)
		return 0;
	if (statfs(path, &sfs) == 0 && sfs.f_type == MQUEUE_MAGIC)
		e->mq = 1;
	return e->mq;
}

/*
 * Whether the kernel opens every file of the family for reading and
 * writing: a socket (sock_alloc_file), an eventfd, an epoll, a timerfd
 * and a signalfd are made O_RDWR, and none can be opened again through
 * /proc with another mode (ENXIO); dup(2), SCM_RIGHTS and
 * pidfd_getfd(2) share the one file.
 */
static int
always_rw(enum family fam)
{
	return fam == F_SOCK || fam == F_EVENTFD || fam == F_EPOLL ||
	    fam == F_TIMERFD || fam == F_SIGNALFD;
}

/*
 * How the descriptor was opened.  The kernel gives the link in
 * /proc/PID/fd the owner's read and write bits of the open file's mode:
 * one lstat(2), where fdinfo would take an open, a read and a close,
 * and none for a family always opened both ways.
 */
int
ns_fdent_lmode(struct fdent *e, mode_t *m)
{
	struct stat st;

	if (e->lst_err == -1) {
		if (e->fd < 0)
			e->lst_err = ENOENT;
		else if (always_rw(e->fam)) {
			e->lmode = S_IFLNK | S_IRWXU;
			e->lst_err = 0;
		} else if (ent_fstatat(e, &st, AT_SYMLINK_NOFOLLOW, NULL) == -1)
			e->lst_err = errno;
		else {
			e->lmode = st.st_mode;
			e->lst_err = 0;
		}
	}
	if (e->lst_err != 0) {
		errno = e->lst_err;
		return -1;
	}
	*m = e->lmode;
	return 0;
}

/*
 * The directory the fdinfo text is read from, and the path in it.  A
 * walk opens /proc/PID/fdinfo once for all the descriptors of the
 * process that need it (each eventfd does, for its id): "../fdinfo/N"
 * from /proc/PID/fd was a lookup of two more names each time.
 */
static int
info_at(struct fdent *e, char *path, size_t size)
{
	if (e->infodir != NULL && *e->infodir == -1 &&
	    (*e->infodir = openat(e->dfd, "../fdinfo", O_RDONLY |
	    O_DIRECTORY | O_CLOEXEC)) == -1)
		*e->infodir = -2;
	if (e->infodir != NULL && *e->infodir >= 0) {
		ns_fmt(path, size, "%d", e->fd);
		return *e->infodir;
	}
	if (e->dfd >= 0) {
		ns_fmt(path, size, "../fdinfo/%d", e->fd);
		return e->dfd;
	}
	ns_fmt(path, size, "/proc/%llu/fdinfo/%d",
	    (unsigned long long)e->pid, e->fd);
	return AT_FDCWD;
}

/* The fdinfo text, read once; NULL with errno. */
const char *
ns_fdent_info(struct fdent *e)
{
	char path[64];
	int dir;

	if (e->info_err == -1) {
		dir = info_at(e, path, sizeof(path));
		if (e->fd < 0)
			e->info_err = ENOENT;
		else if ((e->info = ns_read_single_at(dir, path)) == NULL)
			e->info_err = errno;
		else if (ns_fdinfo_parse_common(e->info, &e->ci) == -1)
			e->info_err = EINVAL;
		else
			e->info_err = 0;
	}
	if (e->info_err != 0) {
		errno = e->info_err;
		return NULL;
	}
	return e->info;
}

/*
 * getxattrat(2), Linux 6.13, which glibc does not wrap yet: new system
 * calls have one number on every architecture but alpha.
 */
#if !defined(SYS_getxattrat) && !defined(__alpha__)
#define SYS_getxattrat	464
#endif

struct xattrat_args {
	uint64_t	 value;
	uint32_t	 size;
	uint32_t	 flags;
};

/* getxattr(2) of the descriptor's file, relative to /proc/PID/fd while a
 * walk has it open, as ent_fstatat. */
static ssize_t
ns_fdent_getxattr(const struct fdent *e, const char *name, char *buf,
    size_t size)
{
	char path[64];
#ifdef SYS_getxattrat
	static int missing;
	struct xattrat_args args = { (uintptr_t)buf, (uint32_t)size, 0 };
	long n;

	if (e->dfd >= 0 && e->fd >= 0 && !missing) {
		ns_fmt(path, sizeof(path), "%d", e->fd);
		n = syscall(SYS_getxattrat, e->dfd, path, 0, name, &args,
		    sizeof(args));
		if (n >= 0 || errno != ENOSYS)
			return n;
		missing = 1;
	}
#endif
	if (ns_fdent_file(e, path, sizeof(path)) == -1)
		return -1;
	return getxattr(path, name, buf, size);
}

/* The socket's protocol as the kernel names it: "TCP", "UNIX-STREAM". */
const char *
ns_fdent_proto(struct fdent *e)
{
	ssize_t n;

	if (e->proto_err == -1) {
		if ((n = ns_fdent_getxattr(e, "system.sockprotoname", e->proto,
		    sizeof(e->proto) - 1)) == -1)
			e->proto_err = errno;
		else {
			e->proto[n] = '\0';
			e->proto_err = 0;
		}
	}
	if (e->proto_err != 0) {
		errno = e->proto_err;
		return NULL;
	}
	return e->proto;
}

/* The socket's protocol, told by a caller that knows it. */
void
ns_fdent_set_proto(struct fdent *e, const char *name)
{
	strlcpy(e->proto, name, sizeof(e->proto));
	e->proto_err = 0;
}

/*
 * The kinds of a file, told by its mode as stat(2) gives it and named as
 * lsfd names them; those a descriptor of a path commonly is have their
 * line in the catalog (catalog.c).
 */
const struct fd_file_kind ns_fd_file_kinds[] = {
	{ S_IFREG, "REG", "/fs/PATH", "read,write,seek,mmap,lock,ioctl",
	    "a regular file" },
	{ S_IFDIR, "DIR", "/fs/PATH", "getdents,seek,openat,fchdir",
	    "a directory" },
	{ S_IFLNK, "LINK", "/fs/PATH", "fstat,openat,linkat",
	    "a symbolic link, held with O_PATH" },
	{ S_IFCHR, "CHR", "/dev/char/MAJ/MIN", "read,write,poll,ioctl,mmap",
	    "a character device; what it does is the driver's" },
	{ S_IFBLK, "BLK", "/dev/block/MAJ/MIN", "read,write,seek,mmap,ioctl",
	    "a block device" },
	{ S_IFIFO, "FIFO", NULL, NULL, NULL },
	{ S_IFSOCK, "SOCK", NULL, NULL, NULL },
	{ 0, NULL, NULL, NULL, NULL }
};

static const char *
mode_kind(mode_t m)
{
	const struct fd_file_kind *f;

	for (f = ns_fd_file_kinds; f->name != NULL; f++)
		if ((m & S_IFMT) == f->mode)
			return f->name;
	return "UNKN";
}

/* lsfd's TYPE: the file type, a socket's protocol, an anonymous
 * inode's class, else the kind's row. */
const char *
ns_fdent_kind(struct fdent *e)
{
	const struct stat *st;
	const char *k;

	if (e->kind[0] != '\0' || e->link_err != 0)
		return e->kind;
	if (e->fam == F_PATH) {
		/* A mapping's file is read from maps, which has no mode. */
		if (e->fd < 0 && e->src[0] == '\0')
			k = "REG";
		else if (ns_fdent_is_mqueue(e))
			k = kinds[F_MQUEUE].name;
		else
			k = (st = ns_fdent_stat(e)) != NULL ?
			    mode_kind(st->st_mode) : "UNKN";
	} else if (e->fam == F_SOCK)
		k = (k = ns_fdent_proto(e)) != NULL ? k : "SOCK";
	else if (kinds[e->fam].name != NULL)
		k = kinds[e->fam].name;
	else {
		ns_fd_anon_class(e->link, e->kind, sizeof(e->kind));
		return e->kind;
	}
	strlcpy(e->kind, k, sizeof(e->kind));
	return e->kind;
}

/*
 * Object paths, one function a family: 0 with the canonical path in
 * buf, or -1 with errno (ENOENT: it refers to nothing with a path).
 */
static int
obj_own(struct fdent *e, char *buf, size_t size)
{
	if (e->fd < 0)
		return ns_none();
	ns_fmt(buf, size, "/proc/%llu/fd/%d", (unsigned long long)e->pid,
	    e->fd);
	return 0;
}

/*
 * What a path names, looked up once a run: descriptors and mappings by
 * the thousand name the same few files (a library, a log, /dev/null),
 * and each is checked against its path.  The tools live for a moment;
 * nsmount's workers for a second.
 */
struct named {
	char		*path;
	int		 err;		/* stat(2)'s errno (ETIMEDOUT: its
					   server did not answer), or 0 */
	dev_t		 dev;
	ino_t		 ino;
};

static void *named_files;		/* a tsearch(3) tree of them */

static int
named_cmp(const void *a, const void *b)
{
	return strcmp(((const struct named *)a)->path,
	    ((const struct named *)b)->path);
}

/* Whether path names the very file of st: 1 or 0, or -1 if the file
 * server it is on did not answer. */
static int
names_file(const char *path, const struct stat *st)
{
	struct named key = { .path = (char *)path }, *n, **found;
	struct stat named;

	if ((found = tfind(&key, &named_files, named_cmp)) != NULL)
		n = *found;
	else {
		if ((n = calloc(1, sizeof(*n))) == NULL ||
		    (n->path = strdup(path)) == NULL)
			err(1, NULL);
		if (ns_path_stat(path, st->st_dev, &named, 0, 0) == -1)
			n->err = errno;
		else {
			n->dev = named.st_dev;
			n->ino = named.st_ino;
		}
		if (tsearch(n, &named_files, named_cmp) == NULL)
			err(1, NULL);
	}
	if (n->err == ETIMEDOUT)
		return -1;
	return n->err == 0 && n->dev == st->st_dev && n->ino == st->st_ino;
}

/* The IPC namespace of a process ("self" for ours), as readlink names
 * it: "ipc:[4026531839]". */
static int
ipc_ns_of(const char *pid, char *buf, size_t size)
{
	char path[64];
	ssize_t n;

	ns_fmt(path, sizeof(path), "/proc/%s/ns/ipc", pid);
	if ((n = readlink(path, buf, size - 1)) == -1)
		return -1;
	buf[n] = '\0';
	return 0;
}

/*
 * A queue is named by its name in the caller's IPC namespace.  Which
 * namespace's queue a descriptor holds is nowhere told; the holder's
 * own is taken, so that a queue of another namespace gets no path
 * rather than the path of another queue.  An unlinked queue has no name
 * left, as a deleted file has none.
 */
static int
obj_mqueue(struct fdent *e, char *buf, size_t size)
{
	static char self[64];
	char pid[24], theirs[64];

	if (e->st.st_nlink == 0 ||
	    (self[0] == '\0' && ipc_ns_of("self", self, sizeof(self)) == -1))
		goto none;
	ns_fmt(pid, sizeof(pid), "%llu", (unsigned long long)e->pid);
	if (ipc_ns_of(pid, theirs, sizeof(theirs)) == -1 ||
	    strcmp(self, theirs) != 0)
		goto none;
	if ((size_t)ns_fmt(buf, size, "/ipc/mqueue/%s", e->link + 1) >=
	    size) {
		errno = ENAMETOOLONG;
		return -1;
	}
	return 0;
none:
	errno = ENOENT;
	return -1;
}

/*
 * A SysV shared memory segment's file has the segment id as its inode
 * number, an id of the ipc namespace that made it: the mapper's own,
 * which it attaches from.  One of another namespace than the caller's
 * is named under it; one whose namespace cannot be read, as before.
 */
static int
obj_shm(struct fdent *e, const struct stat *st, char *buf, size_t size)
{
	static char self[64];
	char pid[24], theirs[64];
	uint64_t ns;

	ns_fmt(pid, sizeof(pid), "%llu", (unsigned long long)e->pid);
	if ((self[0] != '\0' || ipc_ns_of("self", self, sizeof(self)) == 0) &&
	    ipc_ns_of(pid, theirs, sizeof(theirs)) == 0 &&
	    strcmp(self, theirs) != 0 &&
	    ns_nsfs_parse(theirs, &ns) == ns_nsfs_type_index("ipc")) {
		ns_fmt(buf, size, "/ns/ipc/%llu/ipc/shm/%llu",
		    (unsigned long long)ns, (unsigned long long)st->st_ino);
		return 0;
	}
	ns_fmt(buf, size, "/ipc/shm/%llu", (unsigned long long)st->st_ino);
	return 0;
}

/* Whether path names the very symbolic link of st, which an O_PATH
 * descriptor can hold and stat(2) of its name would pass through.  Such
 * descriptors are few: no cache. */
static int
names_link(const char *path, const struct stat *st)
{
	struct stat named;

	if (ns_path_stat(path, st->st_dev, &named, AT_SYMLINK_NOFOLLOW,
	    0) == -1)
		return errno == ETIMEDOUT ? -1 : 0;
	return named.st_dev == st->st_dev && named.st_ino == st->st_ino;
}

/*
 * A path is only a name: the file may have been deleted or renamed, or
 * lie outside the caller's root or mount namespace.  It names the
 * object only if looking it up here finds the very file held.  Where
 * the file server does not answer, the kernel's cache is taken at its
 * word: a name under a mount point of ours, not deleted, counted as an
 * object not answering.
 */
static int
obj_path(struct fdent *e, char *buf, size_t size)
{
	const struct stat *st;
	int named;

	if ((st = ns_fdent_stat(e)) == NULL)
		return -1;
	if (ns_fdent_is_mqueue(e))
		return obj_mqueue(e, buf, size);
	if (S_ISCHR(st->st_mode) || S_ISBLK(st->st_mode)) {
		ns_fmt(buf, size, "/dev/%s/%u/%u",
		    S_ISBLK(st->st_mode) ? "block" : "char",
		    major(st->st_rdev), minor(st->st_rdev));
		return 0;
	}
	if (e->fd < 0 && strncmp(e->link, "/SYSV", 5) == 0 &&
	    ns_has_suffix(e->link, " (deleted)"))
		return obj_shm(e, st, buf, size);
	if (e->link[0] != '/')
		return ns_none();
	named = S_ISLNK(st->st_mode) ? names_link(e->link, st) :
	    names_file(e->link, st);
	if (named == -1) {
		ns_unanswered_path(e->link);
		named = ns_remotefs_cached_name(e->link, st, e->mnt_id);
	}
	/* A link of nearly PATH_MAX bytes has no room for "/fs": its file
	 * has no path, as one whose link the kernel would not give. */
	if (!named || (size_t)ns_fmt(buf, size, "/fs%s",
	    strcmp(e->link, "/") == 0 ? "" : e->link) >= size)
		return ns_none();
	return 0;
}

static int
obj_pipe(struct fdent *e, char *buf, size_t size)
{
	uint64_t ino;

	if (ns_fd_bracket_number(e->link, "pipe:[", &ino) == -1)
		return ns_none();
	ns_fmt(buf, size, "/pipe/%llu", (unsigned long long)ino);
	return 0;
}

/* Before Linux 5.2 an eventfd had no id: it is its descriptor then. */
static int
obj_eventfd(struct fdent *e, char *buf, size_t size)
{
	struct fdinfo_eventfd ev;
	const char *info;

	if ((info = ns_fdent_info(e)) == NULL)
		return -1;
	if (ns_fdinfo_parse_eventfd(info, &ev) == -1 || ev.id < 0)
		return obj_own(e, buf, size);
	ns_fmt(buf, size, "/anon/eventfd/%lld", (long long)ev.id);
	return 0;
}

/* BPF_F_MMAPABLE, which an array map must be made with to be mapped. */
#define BPF_MMAPABLE	0x400

/* The id of a bpf map that a descriptor holds if it was made mmapable,
 * or -1. */
static int
mmapable_map(struct fdent *e, uint64_t *id)
{
	struct fdinfo_bpf b;
	const char *info;

	if (e->fam != F_BPF_MAP || (info = ns_fdent_info(e)) == NULL ||
	    ns_fdinfo_parse_bpf(info, &b) == -1 || b.prog ||
	    !(b.map_flags & BPF_MMAPABLE))
		return -1;
	*id = b.id;
	return 0;
}

/*
 * A bpf map mapped reads as "anon_inode:bpf-map", the inode every bpf
 * map shares, and nothing tells its id but a descriptor of it.  The map
 * is taken to be the one mmapable map the process holds a descriptor
 * of; where it holds none or several, the region has no object.
 */
static int
obj_bpf_mapped(struct fdent *e, char *buf, size_t size)
{
	struct dirent *d;
	struct fdent *c;
	char path[64];
	uint64_t fd, id, found = 0;
	DIR *dir;
	int n = 0;

	ns_fmt(path, sizeof(path), "/proc/%llu/fd",
	    (unsigned long long)e->pid);
	if ((dir = opendir(path)) == NULL)
		return -1;
	while ((d = readdir(dir)) != NULL) {
		if (ns_parse_u64(d->d_name, INT_MAX, &fd) == -1 ||
		    (c = ns_fdent_load(dirfd(dir), e->pid, (int)fd)) == NULL)
			continue;
		c->dfd = dirfd(dir);
		if (mmapable_map(c, &id) == 0 && (n == 0 || id != found)) {
			found = id;
			n++;
		}
		ns_fdent_unref(c);
	}
	closedir(dir);
	if (n != 1)
		return ns_none();
	ns_fmt(buf, size, "/anon/bpf-map/%llu", (unsigned long long)found);
	return 0;
}

static int
obj_bpf(struct fdent *e, char *buf, size_t size)
{
	struct fdinfo_bpf b;
	const char *info;

	if (e->fd < 0 && strcmp(e->link, "anon_inode:bpf-map") == 0)
		return obj_bpf_mapped(e, buf, size);
	if ((info = ns_fdent_info(e)) == NULL)
		return -1;
	if (ns_fdinfo_parse_bpf(info, &b) == -1)
		return obj_own(e, buf, size);
	ns_fmt(buf, size, "/anon/%s/%llu", b.link ? "bpf_link" : b.prog ?
	    "bpf-prog" : "bpf-map", (unsigned long long)b.id);
	return 0;
}

/* Pid is -1 once the process is gone, 0 if it is not in our pid
 * namespace: no process to name either way. */
static int
obj_pidfd(struct fdent *e, char *buf, size_t size)
{
	struct fdinfo_pidfd p;
	const char *info;

	if ((info = ns_fdent_info(e)) == NULL)
		return -1;
	if (ns_fdinfo_parse_pidfd(info, &p) == -1 || p.pid <= 0)
		return ns_none();
	ns_fmt(buf, size, "/proc/%lld", (long long)p.pid);
	return 0;
}

static int
obj_nsfs(struct fdent *e, char *buf, size_t size)
{
	const char *type;
	uint64_t ino;

	if ((type = ns_fd_nsfs_type(e->link, &ino)) == NULL)
		return ns_none();
	ns_fmt(buf, size, "/ns/%s/%llu", type, (unsigned long long)ino);
	return 0;
}

/* A memfd or a secretmem area: a file with no path, by its inode. */
static int
obj_memfd(struct fdent *e, char *buf, size_t size)
{
	const struct stat *st;

	if ((st = ns_fdent_stat(e)) == NULL)
		return -1;
	ns_fmt(buf, size, "/anon/%s/%llu", e->fam == F_MEMFD ? "memfd" :
	    "secretmem", (unsigned long long)st->st_ino);
	return 0;
}

const char *
ns_fdent_object(struct fdent *e)
{
	return ns_fdent_object_made(e, kinds[e->fam].object);
}

const char *
ns_fdent_object_made(struct fdent *e, int (*make)(struct fdent *, char *,
    size_t))
{
	char buf[PATH_MAX + 16];

	/* Not told here: the layer that can tell it may ask again. */
	if (e->obj_err == -1 && e->link_err == 0 && make == NULL) {
		errno = ENOENT;
		return NULL;
	}
	if (e->obj_err == -1 && e->link_err != 0)
		e->obj_err = e->link_err;
	if (e->obj_err == -1) {
		if (make(e, buf, sizeof(buf)) == -1)
			e->obj_err = errno;
		else {
			e->object = ns_xstrdup(buf);
			e->obj_err = 0;
		}
	}
	if (e->obj_err != 0) {
		errno = e->obj_err;
		return NULL;
	}
	return e->object;
}

/* A process whose descriptors are not ours to list, counted once a run
 * (with its namespaces and maps, which are guarded alike). */
void
ns_fd_skip_pid(uint64_t pid)
{
	char path[32];

	ns_fmt(path, sizeof(path), "/proc/%llu", (unsigned long long)pid);
	ns_skip_path(path);
}

/*
 * The command and user of a process, read once for all its descriptors:
 * a small cache by pid, as descriptors come grouped by process.
 */
#define PROCS	256

static struct fd_proc procs[PROCS];

struct fd_proc *
ns_fd_proc_of(uint64_t pid)
{
	struct fd_proc *p = &procs[pid % PROCS];

	if (p->pid == pid)
		return p;
	memset(p, 0, sizeof(*p));
	p->pid = pid;
	p->status_err = -1;
	p->uid_err = -1;
	return p;
}

/*
 * The command, users and groups of a process, from one read of its
 * status: a listing's COMM and USER were its comm file and a resolution
 * of /proc/PID, which reads the status too.
 */
int
ns_fd_proc_status(struct fd_proc *p)
{
	char path[64], buf[STATUS_MAX];
	uint64_t uids[2], gids[2];
	int i;

	if (p->status_err == -1) {
		ns_fmt(path, sizeof(path), "/proc/%llu/status",
		    (unsigned long long)p->pid);
		if (ns_read_record(path, buf, sizeof(buf)) == -1)
			p->status_err = errno;
		else if (ns_proc_status_name(buf, p->comm,
		    sizeof(p->comm)) == -1 ||
		    ns_proc_status_ids(buf, "Uid:", uids, 2) == -1 ||
		    ns_proc_status_ids(buf, "Gid:", gids, 2) == -1)
			p->status_err = EINVAL;
		else {
			/* Made once here, not once a descriptor. */
			for (i = 0; i < 4; i++)
				ns_fmt(p->ids[i], sizeof(p->ids[i]),
				    i < 2 ? "/user/%llu" : "/group/%llu",
				    (unsigned long long)(i < 2 ? uids[i] :
				    gids[i - 2]));
			p->status_err = 0;
		}
	}
	if (p->status_err != 0) {
		errno = p->status_err;
		return -1;
	}
	return 0;
}

/* The owner of /proc/PID, the process's effective user as lsfd takes it:
 * asked when a column wants it. */
int
ns_fd_proc_uid(struct fd_proc *p, uid_t *uid)
{
	char path[32];
	struct stat st;

	if (p->uid_err == -1) {
		ns_fmt(path, sizeof(path), "/proc/%llu",
		    (unsigned long long)p->pid);
		if (stat(path, &st) == -1)
			p->uid_err = errno;
		else {
			p->uid = st.st_uid;
			p->uid_err = 0;
		}
	}
	if (p->uid_err != 0) {
		errno = p->uid_err;
		return -1;
	}
	*uid = p->uid;
	return 0;
}

/*
 * An object's entry hangs on its priv; an object that was copied
 * without it (ns_obj_dup) reads its descriptor again.
 */
struct fdent *
ns_fdent_of(struct ns_obj *o)
{
	if (o->priv == NULL) {
		/* An association is read only with its process. */
		if (strcmp(o->cls->type, "assoc") == 0) {
			errno = ENOENT;
			return NULL;
		}
		o->priv = ns_fdent_load(-1, fd_obj_pid(o), fd_obj_fd(o));
	}
	return o->priv;
}

/* The entry's fdinfo text parsed, or NULL with errno. */
const char *
ns_fdent_info_of(struct ns_obj *o, struct fdent **ep)
{
	struct fdent *e;

	if ((e = ns_fdent_of(o)) == NULL)
		return NULL;
	*ep = e;
	return ns_fdent_info(e);
}

/*
 * /proc/PID/fd, opened.  A process that is exiting or changing its
 * credentials can refuse for an instant what it allows before and
 * after: a second try tells that from a process that is not ours to
 * read, which is counted.  NULL with errno (EACCES: counted).
 */
DIR *
ns_fd_open_fds(uint64_t pid)
{
	char path[64];
	DIR *dir;
	int try;

	ns_fmt(path, sizeof(path), "/proc/%llu/fd", (unsigned long long)pid);
	for (try = 0; try < 2; try++) {
		if ((dir = opendir(path)) != NULL)
			return dir;
		if (errno != EACCES && errno != EPERM) {
			if (errno == ESRCH)
				errno = ENOENT;
			ns_fail_limit(path, errno);
			return NULL;
		}
	}
	ns_fd_skip_pid(pid);
	errno = EACCES;
	return NULL;
}

const char *
ns_fd_kind_link(enum family f)
{
	return kinds[f].object == NULL ? kinds[f].link : NULL;
}
