/*
 * fs.c: the ordinary file tree, grafted in under /fs.
 *
 * /fs/etc/passwd is the real /etc/passwd and /fs itself is the real root
 * directory.  An object is named by the real path of the directory that
 * holds it and its own name: a symbolic link is an object of its own, never
 * the file it points to.  The core tries this provider last, so every real
 * file that no other provider claims ends up here.
 *
 * Directories list their entries in the order readdir(3) gives them, as
 * ls -f does: sorting would mean reading a whole directory before the first
 * line, and the tools stream.  A listing never follows a symbolic link, so
 * a recursive walk ends even where links form a loop.
 *
 * Another mount namespace's tree is grafted in the same way under
 * /ns/mnt/INODE/fs, with the same classes: an object's path says which
 * tree it is of, and every look at that tree goes through mntns.c, from
 * a member's root, which nothing walked there can leave.  The links an
 * object makes to files of its tree stay under its prefix.
 */

/* statx(2), O_PATH, AT_NO_AUTOMOUNT and asprintf(3) are GNU. */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif

#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/types.h>

#include <dirent.h>
#include <err.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "columns.h"
#include "provider.h"
#include "mntns.h"
#include "remotefs.h"

/* What one statx(2) of the object tells, kept for every getter. */
struct fs_priv {
	struct stat	 st;
	uint64_t	 mnt_id;
	int		 has_mnt_id;
};

static const struct ns_class fs_dir, fs_file, fs_symlink, fs_fifo,
    fs_socket, fs_blockdev, fs_chardev;

static const struct ns_class *
class_of_mode(mode_t m)
{
	switch (m & S_IFMT) {
	case S_IFDIR:	return &fs_dir;
	case S_IFLNK:	return &fs_symlink;
	case S_IFIFO:	return &fs_fifo;
	case S_IFSOCK:	return &fs_socket;
	case S_IFBLK:	return &fs_blockdev;
	case S_IFCHR:	return &fs_chardev;
	default:	return &fs_file;
	}
}

/*
 * The tree an object is of: 0 for the caller's own, under /fs, else the
 * inode of the mount namespace of /ns/mnt/INODE/fs; *len is the length
 * of that prefix.
 */
static uint64_t
tree_of(const struct ns_obj *obj, size_t *len)
{
	uint64_t ino;

	if (ns_mntns_prefix(obj->path, &ino, len) == 0) {
		*len += strlen("/fs");
		return ino;
	}
	*len = strlen("/fs");
	return 0;
}

/* The real path behind an object, in its tree: its path without the
 * prefix. */
static const char *
real_path(const struct ns_obj *obj)
{
	size_t len;
	const char *p;

	tree_of(obj, &len);
	p = obj->path + len;
	return *p == '\0' ? "/" : p;
}

/* The path of a file of the tree ino, as the tools print it. */
static void
add_path(struct ns_val *v, uint64_t ino, const char *realpath)
{
	if (ino == 0)
		ns_val_fs(v, realpath);
	else
		ns_val_addf(v, "/ns/mnt/%llu/fs%s", (unsigned long long)ino,
		    strcmp(realpath, "/") == 0 ? "" : realpath);
}

/*
 * Where the *at(2) calls find an object: in the caller's own tree, its
 * real path as it is; in another namespace's, its name in its directory,
 * that directory opened from the member's root.  place_done closes it.
 */
struct place {
	int		 dfd;
	const char	*name;
};

static int
place_of(const struct ns_obj *obj, struct place *pl)
{
	const char *path = real_path(obj), *slash;
	uint64_t ino;
	size_t len;
	char *dir;

	pl->dfd = AT_FDCWD;
	pl->name = path;
	if ((ino = tree_of(obj, &len)) == 0)
		return 0;
	slash = strrchr(path, '/');
	if (slash[1] == '\0') {
		pl->name = ".";
		pl->dfd = ns_mntns_open(ino, "/", 1);
	} else {
		pl->name = slash + 1;
		dir = ns_xstrndup(path, slash == path ? 1 : slash - path);
		pl->dfd = ns_mntns_open(ino, dir, 1);
		free(dir);
	}
	return pl->dfd == -1 ? -1 : 0;
}

static void
place_done(struct place *pl)
{
	int save = errno;

	if (pl->dfd >= 0)
		close(pl->dfd);
	errno = save;
}

void
ns_val_fs(struct ns_val *v, const char *realpath)
{
	if (strcmp(realpath, "/") == 0)
		ns_val_add(v, "/fs");
	else
		ns_val_addf(v, "/fs%s", realpath);
}

/*
 * The mount id from the fdinfo of a descriptor that only names the file:
 * for kernels whose statx(2) does not know STATX_MNT_ID (before 5.8).
 */
static int
mnt_id_from_fdinfo(const struct place *pl, uint64_t *id)
{
	char fdinfo[64], buf[1024], *line, *end;
	int fd, rv = -1;

	if ((fd = openat(pl->dfd, pl->name, O_PATH | O_NOFOLLOW |
	    O_CLOEXEC)) == -1)
		return -1;
	snprintf(fdinfo, sizeof(fdinfo), "/proc/self/fdinfo/%d", fd);
	if (ns_read_file(fdinfo, buf, sizeof(buf)) == -1)
		goto out;
	for (line = buf; line != NULL; line = end) {
		if ((end = strchr(line, '\n')) != NULL)
			*end++ = '\0';
		if (strncmp(line, "mnt_id:", 7) == 0) {
			line += 7;
			line += strspn(line, " \t");
			rv = ns_parse_u64(line, UINT64_MAX, id);
			goto out;
		}
	}
	errno = ENOENT;
out:
	close(fd);
	return rv;
}

/*
 * A file of the caller's own tree that a file server did not answer for:
 * counted, and ETIMEDOUT.
 */
static int
unanswered(const struct ns_obj *obj)
{
	ns_unanswered_path(obj->path);
	errno = ETIMEDOUT;
	return -1;
}

/*
 * Stat the object once and keep the answer.  AT_NO_AUTOMOUNT keeps a look
 * at an automount point from mounting it, as lstat(2) does.  In the
 * caller's own tree a file server is waited for only so long.
 */
static struct fs_priv *
load(struct ns_obj *obj)
{
	struct fs_priv *p;
	struct statx sx;
	struct place pl;
	int flags = AT_SYMLINK_NOFOLLOW | AT_NO_AUTOMOUNT;

	if (obj->priv != NULL)
		return obj->priv;
	if (place_of(obj, &pl) == -1)
		return NULL;
	if ((p = calloc(1, sizeof(*p))) == NULL) {
		place_done(&pl);
		return NULL;
	}
	if (pl.dfd == AT_FDCWD) {
		if (ns_path_statx(pl.name, 0, &p->st, &p->mnt_id, flags,
		    1) == -1) {
			free(p);
			if (errno == ETIMEDOUT)
				unanswered(obj);
			return NULL;
		}
		p->has_mnt_id = p->mnt_id != 0;
	} else if (statx(pl.dfd, pl.name, flags,
	    STATX_BASIC_STATS | STATX_MNT_ID, &sx) == 0) {
		ns_stat_from_statx(&p->st, &sx);
		if (sx.stx_mask & STATX_MNT_ID) {
			p->mnt_id = sx.stx_mnt_id;
			p->has_mnt_id = 1;
		}
	} else if (errno != ENOSYS || fstatat(pl.dfd, pl.name, &p->st,
	    AT_SYMLINK_NOFOLLOW) == -1) {
		place_done(&pl);
		free(p);
		return NULL;
	}
	if (!p->has_mnt_id && mnt_id_from_fdinfo(&pl, &p->mnt_id) == 0)
		p->has_mnt_id = 1;
	place_done(&pl);
	obj->priv = p;
	return p;
}

static void
fs_release(struct ns_obj *obj)
{
	free(obj->priv);
	obj->priv = NULL;
}

/* "drwxr-xr-x", as ls -l writes it (strmode(3) without its blank). */
static void
mode_string(mode_t m, char s[11])
{
	static const char rwx[] = "rwxrwxrwx";
	int i;

	switch (m & S_IFMT) {
	case S_IFDIR:	s[0] = 'd'; break;
	case S_IFLNK:	s[0] = 'l'; break;
	case S_IFIFO:	s[0] = 'p'; break;
	case S_IFSOCK:	s[0] = 's'; break;
	case S_IFBLK:	s[0] = 'b'; break;
	case S_IFCHR:	s[0] = 'c'; break;
	default:	s[0] = '-'; break;
	}
	for (i = 0; i < 9; i++)
		s[i + 1] = m & (0400 >> i) ? rwx[i] : '-';
	if (m & S_ISUID)
		s[3] = m & S_IXUSR ? 's' : 'S';
	if (m & S_ISGID)
		s[6] = m & S_IXGRP ? 's' : 'S';
	if (m & S_ISVTX)
		s[9] = m & S_IXOTH ? 't' : 'T';
	s[10] = '\0';
}

/*
 * ISO 8601 in local time with the zone's offset, as date -Iseconds prints
 * it: no blank inside, so a value stays one field in every format.
 */
static void
add_time(struct ns_val *v, const struct timespec *ts)
{
	struct tm tm;
	char buf[64];
	size_t n;

	if (localtime_r(&ts->tv_sec, &tm) == NULL ||
	    (n = strftime(buf, sizeof(buf), "%Y-%m-%dT%H:%M:%S%z", &tm)) < 5) {
		ns_val_num(v, (unsigned long long)ts->tv_sec);
		return;
	}
	/* strftime writes "+0100"; ISO 8601's extended form wants "+01:00". */
	memmove(buf + n - 1, buf + n - 2, 3);
	buf[n - 2] = ':';
	ns_val_add(v, buf);
}

static const char *
base_name(const char *path)
{
	const char *s;

	if (strcmp(path, "/") == 0)
		return path;
	s = strrchr(path, '/');
	return s != NULL ? s + 1 : path;
}

NS_GETTER_OBJ(name, ns_val_add, base_name(real_path(o)))
NS_GETTER(size, struct fs_priv, load, ns_val_num,
    (unsigned long long)r->st.st_size)

static int
get_mode(struct ns_obj *obj, struct ns_val *v)
{
	struct fs_priv *p;
	char s[11];

	if ((p = load(obj)) == NULL)
		return -1;
	mode_string(p->st.st_mode, s);
	ns_val_add(v, s);
	return 0;
}

NS_GETTER(perm, struct fs_priv, load, ns_val_addf, "%04o",
    (unsigned)(r->st.st_mode & 07777))
NS_GETTER(nlink, struct fs_priv, load, ns_val_num,
    (unsigned long long)r->st.st_nlink)
NS_GETTER(inode, struct fs_priv, load, ns_val_num,
    (unsigned long long)r->st.st_ino)
NS_GETTER(owner, struct fs_priv, load, ns_val_addf, "/user/%u",
    (unsigned)r->st.st_uid)
NS_GETTER(group, struct fs_priv, load, ns_val_addf, "/group/%u",
    (unsigned)r->st.st_gid)

static int
get_mount(struct ns_obj *obj, struct ns_val *v)
{
	struct fs_priv *p;

	if ((p = load(obj)) == NULL)
		return -1;
	if (!p->has_mnt_id)
		return ns_none();
	ns_val_addf(v, "/mount/%llu", (unsigned long long)p->mnt_id);
	return 0;
}

NS_GETTER(dev, struct fs_priv, load, ns_val_addf, "%u:%u", major(r->st.st_dev),
    minor(r->st.st_dev))

static int
get_device(struct ns_obj *obj, struct ns_val *v)
{
	struct fs_priv *p;

	if ((p = load(obj)) == NULL)
		return -1;
	if (!S_ISBLK(p->st.st_mode) && !S_ISCHR(p->st.st_mode))
		return ns_none();
	ns_val_addf(v, "/dev/%s/%u/%u", S_ISBLK(p->st.st_mode) ?
	    "block" : "char", major(p->st.st_rdev), minor(p->st.st_rdev));
	return 0;
}

static int
get_mtime(struct ns_obj *obj, struct ns_val *v)
{
	struct fs_priv *p;

	if ((p = load(obj)) == NULL)
		return -1;
	add_time(v, &p->st.st_mtim);
	return 0;
}

static int
get_atime(struct ns_obj *obj, struct ns_val *v)
{
	struct fs_priv *p;

	if ((p = load(obj)) == NULL)
		return -1;
	add_time(v, &p->st.st_atim);
	return 0;
}

static int
get_ctime(struct ns_obj *obj, struct ns_val *v)
{
	struct fs_priv *p;

	if ((p = load(obj)) == NULL)
		return -1;
	add_time(v, &p->st.st_ctim);
	return 0;
}

/*
 * The link text, whatever its length: st_size cannot be trusted for it
 * (procfs says 0), so the buffer grows until the text fits.
 */
static char *
read_link(const struct ns_obj *obj)
{
	char *buf = NULL, *nbuf;
	size_t size = PATH_MAX;
	struct place pl;
	ssize_t n;

	if (place_of(obj, &pl) == -1)
		return NULL;
	if (pl.dfd == AT_FDCWD)
		return ns_path_readlink(pl.name, 1);
	for (;;) {
		if ((nbuf = realloc(buf, size)) == NULL) {
			free(buf);
			place_done(&pl);
			return NULL;
		}
		buf = nbuf;
		if ((n = readlinkat(pl.dfd, pl.name, buf, size)) == -1) {
			free(buf);
			place_done(&pl);
			return NULL;
		}
		if ((size_t)n < size) {
			buf[n] = '\0';
			place_done(&pl);
			return buf;
		}
		size *= 2;
	}
}

static int
get_target(struct ns_obj *obj, struct ns_val *v)
{
	char *s;

	if ((s = read_link(obj)) == NULL) {
		if (errno == EINVAL)
			errno = ENOENT;
		return -1;
	}
	ns_val_add(v, s);
	free(s);
	return 0;
}

/* realpath(3) in the tree ino. */
static char *
resolve(uint64_t ino, const char *path)
{
	return ino == 0 ? ns_path_real(path, 1) :
	    ns_mntns_realpath(ino, path);
}

/* Where the link leads in the end; a dangling link or a loop has none. */
static int
get_resolves(struct ns_obj *obj, struct ns_val *v)
{
	uint64_t ino;
	size_t len;
	char *s;

	ino = tree_of(obj, &len);
	if ((s = resolve(ino, real_path(obj))) == NULL) {
		if (errno != EACCES)
			errno = ENOENT;
		return -1;
	}
	add_path(v, ino, s);
	free(s);
	return 0;
}

/* "-rw-r--r-- 1 root root 1234 2026-12-03 05:00 passwd", as ls -l. */
static int
fs_summary(struct ns_obj *obj, struct ns_val *v)
{
	struct fs_priv *p;
	const struct stat *st;
	char mode[11], size[48], date[32], *link = NULL;
	struct tm tm;

	if ((p = load(obj)) == NULL)
		return -1;
	st = &p->st;
	mode_string(st->st_mode, mode);
	if (S_ISBLK(st->st_mode) || S_ISCHR(st->st_mode))
		snprintf(size, sizeof(size), "%u, %u", major(st->st_rdev),
		    minor(st->st_rdev));
	else
		snprintf(size, sizeof(size), "%lld", (long long)st->st_size);
	if (localtime_r(&st->st_mtim.tv_sec, &tm) == NULL ||
	    strftime(date, sizeof(date), "%Y-%m-%d %H:%M", &tm) == 0)
		strlcpy(date, "?", sizeof(date));
	if (S_ISLNK(st->st_mode))
		link = read_link(obj);
	ns_val_addf(v, "%s %lu %s %s %s %s %s%s%s", mode,
	    (unsigned long)st->st_nlink, ns_user_name(st->st_uid),
	    ns_group_name(st->st_gid), size, date, base_name(real_path(obj)),
	    link != NULL ? " -> " : "", link != NULL ? link : "");
	free(link);
	return 0;
}

/*
 * The class of a directory entry: readdir(3) usually says the type, which
 * is all a listing needs; only a file system that does not say is asked
 * with fstatat(2).  NULL when the entry went away meanwhile.
 */
static const struct ns_class *
class_of_entry(int dfd, const struct dirent *de)
{
	struct stat st;

	if (de->d_type != DT_UNKNOWN)
		return class_of_mode(DTTOIF(de->d_type));
	if (fstatat(dfd, de->d_name, &st,
	    AT_SYMLINK_NOFOLLOW | AT_NO_AUTOMOUNT) == -1)
		return NULL;
	return class_of_mode(st.st_mode);
}

/*
 * A directory of a file server, read whole in a bounded time: one that
 * does not answer is counted and lists nothing, so that a walk goes on.
 */
static int
dir_list_remote(struct ns_obj *obj, const char *path, dev_t dev,
    ns_emit_fn emit, void *arg)
{
	struct ns_obj c = {0};
	char *ents, *s;
	size_t len;
	int r = 0;

	if ((ents = ns_path_readdir(path, dev, &len)) == NULL) {
		if (errno != ETIMEDOUT)
			return -1;
		(void)unanswered(obj);
		return 0;
	}
	for (s = ents; r == 0 && s < ents + len; s += strlen(s + 1) + 2) {
		if (strcmp(s + 1, ".") == 0 || strcmp(s + 1, "..") == 0)
			continue;
		if (ns_obj_set(&c, class_of_mode(DTTOIF((unsigned char)*s)),
		    "%s/%s", obj->path, s + 1) == -1)
			break;
		if (emit(&c, arg))
			r = 1;
		ns_obj_clear(&c);
	}
	free(ents);
	return r;
}

static int
dir_list(struct ns_obj *obj, ns_emit_fn emit, void *arg)
{
	struct ns_obj c = {0};
	const struct ns_class *cls;
	struct fs_priv *p;
	struct dirent *de;
	struct place pl;
	DIR *d;
	int fd, save;

	if (place_of(obj, &pl) == -1)
		return -1;
	if (pl.dfd == AT_FDCWD) {
		/* Counted already by load if it did not answer. */
		if ((p = load(obj)) == NULL && errno == ETIMEDOUT)
			return 0;
		if (p != NULL && ns_remotefs_dev(p->st.st_dev))
			return dir_list_remote(obj, pl.name, p->st.st_dev,
			    emit, arg);
	}
	/* O_NOFOLLOW: a directory swapped for a link is not walked into. */
	fd = openat(pl.dfd, pl.name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW |
	    O_CLOEXEC);
	place_done(&pl);
	if (fd == -1)
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
		if (strcmp(de->d_name, ".") == 0 ||
		    strcmp(de->d_name, "..") == 0)
			continue;
		if ((cls = class_of_entry(fd, de)) == NULL)
			continue;
		if (ns_obj_set(&c, cls, "%s/%s", obj->path, de->d_name) == -1)
			break;
		if (emit(&c, arg)) {
			ns_obj_clear(&c);
			closedir(d);
			return 1;
		}
		ns_obj_clear(&c);
	}
	save = errno;
	closedir(d);
	if (save != 0) {
		errno = save;
		return -1;
	}
	return 0;
}

/*
 * The canonical form of a real path whose last component exists: the
 * directory part resolved by realpath(3), the last name kept as it is, so
 * that a symbolic link stays itself.  A path ending in "." or ".." names a
 * directory, and realpath(3) resolves all of it.
 */
static char *
canonical(uint64_t ino, const char *path)
{
	const char *base;
	char *dir, *rdir, *s;
	int rv;

	base = strrchr(path, '/') + 1;
	if (*base == '\0' || strcmp(base, ".") == 0 ||
	    strcmp(base, "..") == 0)
		return resolve(ino, path);
	if ((dir = strndup(path, base - path)) == NULL)
		return NULL;
	rdir = resolve(ino, dir);
	free(dir);
	if (rdir == NULL)
		return NULL;
	rv = asprintf(&s, "%s/%s", strcmp(rdir, "/") == 0 ? "" : rdir, base);
	free(rdir);
	return rv == -1 ? NULL : s;
}

static int
set_obj(struct ns_obj *obj, uint64_t ino, const char *realpath, mode_t m)
{
	const char *rest = strcmp(realpath, "/") == 0 ? "" : realpath;

	if (ino == 0)
		return ns_obj_set(obj, class_of_mode(m), "/fs%s", rest);
	return ns_obj_set(obj, class_of_mode(m), "/ns/mnt/%llu/fs%s",
	    (unsigned long long)ino, rest);
}

/* Join the components into an absolute path; NULL with errno if no name. */
static char *
join(char **comp, int n)
{
	size_t len = 2;
	char *path;
	int i;

	for (i = 0; i < n; i++) {
		/* No file name holds a slash: such a component names nothing. */
		if (strchr(comp[i], '/') != NULL) {
			errno = ENOENT;
			return NULL;
		}
		len += strlen(comp[i]) + 1;
	}
	if ((path = malloc(len)) == NULL)
		return NULL;
	strlcpy(path, "/", len);
	for (i = 0; i < n; i++) {
		if (i > 0)
			strlcat(path, "/", len);
		strlcat(path, comp[i], len);
	}
	return path;
}

static int
fs_lookup(struct ns_obj *obj, char **comp, int n)
{
	struct stat st;
	char *path, *canon;
	int rv, save;

	if ((path = join(comp, n)) == NULL)
		return -1;
	if (ns_path_stat(path, 0, &st, AT_SYMLINK_NOFOLLOW, 1) == -1 ||
	    (canon = canonical(0, path)) == NULL) {
		save = errno == ENOTDIR ? ENOENT : errno;
		free(path);
		errno = save;
		return -1;
	}
	free(path);
	rv = set_obj(obj, 0, canon, st.st_mode);
	free(canon);
	return rv;
}

/* The same in the tree of the mount namespace ino, through a member. */
int
ns_fs_lookup_in(struct ns_obj *obj, uint64_t ino, char **comp, int n)
{
	struct stat st;
	char *path, *canon = NULL;
	int fd, rv, save;

	if ((path = join(comp, n)) == NULL)
		return -1;
	if ((fd = ns_mntns_open(ino, path, 0)) == -1 ||
	    fstat(fd, &st) == -1 || (canon = canonical(ino, path)) == NULL) {
		save = errno == ENOTDIR ? ENOENT : errno;
		if (fd != -1)
			close(fd);
		free(path);
		errno = save;
		return -1;
	}
	close(fd);
	free(path);
	rv = set_obj(obj, ino, canon, st.st_mode);
	free(canon);
	return rv;
}

/* Every real file is a file here: the core asks this provider last. */
static int
fs_recognize(struct ns_obj *obj, const char *realpath, const struct stat *st)
{
	if (set_obj(obj, 0, realpath, st->st_mode) == -1)
		return -1;
	return 1;
}

#define FS_ATTRS \
	{ "name", NS_STRING, "file name, the last component", get_name }, \
	{ "mode", NS_STRING, "file type and permissions, as ls -l", \
	    get_mode }, \
	NS_COL_FILE_PERM(get_perm), \
	{ "nlink", NS_NUMBER, "number of hard links", get_nlink }, \
	NS_COL_FILE_OWNER(get_owner), \
	NS_COL_FILE_GROUP(get_group), \
	NS_COL_FILE_SIZE(get_size), \
	{ "mtime", NS_STRING, "last modification, ISO 8601 local time", \
	    get_mtime }, \
	{ "atime", NS_STRING, "last access, ISO 8601 local time", \
	    get_atime }, \
	{ "ctime", NS_STRING, "last status change, ISO 8601 local time", \
	    get_ctime }, \
	NS_COL_FILE_INODE(get_inode), \
	{ "dev", NS_STRING, "device number of the file system, MAJ:MIN", \
	    get_dev }, \
	{ "mount", NS_LINK, "mount the file lives on", get_mount }, \
	NS_ATTR_FDS

static const struct ns_attr fs_attrs[] = {
	FS_ATTRS,
	{ NULL }
};

static const struct ns_attr fs_node_attrs[] = {
	FS_ATTRS,
	{ "device", NS_LINK, "device the node stands for", get_device },
	{ NULL }
};

static const struct ns_attr fs_link_attrs[] = {
	FS_ATTRS,
	{ "link_text", NS_STRING, "symbolic link text", get_target },
	{ "resolves", NS_LINK, "file the symbolic link leads to",
	    get_resolves },
	{ NULL }
};

static const struct ns_class fs_dir = {
	"dir", fs_attrs, dir_list, fs_summary, fs_release
};
static const struct ns_class fs_file = {
	"file", fs_attrs, NULL, fs_summary, fs_release
};
static const struct ns_class fs_symlink = {
	"symlink", fs_link_attrs, NULL, fs_summary, fs_release
};
static const struct ns_class fs_fifo = {
	"fifo", fs_attrs, NULL, fs_summary, fs_release
};
static const struct ns_class fs_socket = {
	"socket", fs_attrs, NULL, fs_summary, fs_release
};
static const struct ns_class fs_blockdev = {
	"blockdev", fs_node_attrs, NULL, fs_summary, fs_release
};
static const struct ns_class fs_chardev = {
	"chardev", fs_node_attrs, NULL, fs_summary, fs_release
};

NS_PROVIDER(ns_fs_provider,
	.name = "fs",
	.help = "the file tree: /fs/etc/passwd is /etc/passwd",
	.lookup = fs_lookup,
	.recognize = fs_recognize,
	.classes = NS_CLASSES(&fs_dir, &fs_file, &fs_symlink, &fs_fifo,
	    &fs_socket, &fs_blockdev, &fs_chardev),
	.fallback = 1);
