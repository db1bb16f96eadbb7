/*
 * fdassoc.c: what a process holds other than by a descriptor, for
 * fdinfo -a (its program, directories, namespaces and mapped files,
 * named as lsfd names them), and the files that inotify and fanotify
 * marks name.  Each association is an entry as a descriptor is
 * (fdent.h), listed with its process.
 */
#include <sys/stat.h>
#include <sys/sysmacros.h>

#include <dirent.h>
#include <err.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fdassoc.h"
#include "mountinfo.h"
#include "remotefs.h"

/*
 * Associations, for fdinfo -a: what a process holds other than by a
 * descriptor, named as lsfd names them.
 */
/* The file name of /proc/PID/FILE: relative to /proc/PID/fd open as dfd,
 * or absolute. */
static void
proc_file(uint64_t pid, int dfd, const char *file, char *buf, size_t size)
{
	if (dfd >= 0)
		snprintf(buf, size, "../%s", file);
	else
		snprintf(buf, size, "/proc/%llu/%s", (unsigned long long)pid,
		    file);
}

static int
assoc_link(uint64_t pid, int dfd, const char *assoc, const char *src,
    int (*fn)(struct fdent *, void *), void *arg)
{
	struct fdent *e;
	char path[96];
	int r, denied;

	e = ns_fdent_new(pid, -1);
	strlcpy(e->assoc, assoc, sizeof(e->assoc));
	strlcpy(e->src, src, sizeof(e->src));
	proc_file(pid, dfd, src, path, sizeof(path));
	if ((e->link = ns_fd_read_link_at(dfd >= 0 ? dfd : AT_FDCWD, path)) ==
	    NULL) {
		/* exe, cwd and root are listed with their error, as lsof
		 * lists them, the process counted as passed over; a
		 * namespace, which lsof does not list, is counted only. */
		denied = errno == EACCES || errno == EPERM;
		if (denied)
			ns_fd_skip_pid(pid);
		if (!denied || strncmp(src, "ns/", 3) == 0) {
			ns_fdent_unref(e);
			return 0;
		}
		e->link = ns_xstrdup("");
		e->link_err = EACCES;
		e->fam = F_UNKN;
	} else
		e->fam = ns_fd_family_of(e->link);
	e->dfd = dfd;
	r = fn(e, arg);
	e->dfd = -1;
	ns_fdent_unref(e);
	return r;
}

static int
assoc_ns(uint64_t pid, int dfd, int (*fn)(struct fdent *, void *),
    void *arg)
{
	char path[64], src[48];
	const char *name;
	struct dirent *d;
	DIR *dir;
	int r = 0, nfd;

	proc_file(pid, dfd, "ns", path, sizeof(path));
	if ((nfd = openat(dfd >= 0 ? dfd : AT_FDCWD, path,
	    O_RDONLY | O_DIRECTORY | O_CLOEXEC)) == -1)
		return 0;
	if ((dir = fdopendir(nfd)) == NULL) {
		close(nfd);
		return 0;
	}
	while (r == 0 && (d = readdir(dir)) != NULL) {
		if (d->d_name[0] == '.' || strlen(d->d_name) + 4 > sizeof(src))
			continue;
		name = d->d_name;
		if (strcmp(name, "pid_for_children") == 0)
			name = "pid4c";
		else if (strcmp(name, "time_for_children") == 0)
			name = "time4c";
		strlcpy(src, "ns/", sizeof(src));
		strlcat(src, d->d_name, sizeof(src));
		r = assoc_link(pid, dfd, name, src, fn, arg);
	}
	closedir(dir);
	return r;
}

static void
merge_mode(char *into, const char *mode)
{
	int i;

	for (i = 0; i < 3; i++)
		if (mode[i] != '-')
			into[i] = mode[i];
}

/*
 * maps writes a newline in a path as "\012" but a backslash as itself,
 * so "\012" there may be either: the reading that finds the very file
 * mapped is the one taken.
 */
static char *
map_path(const struct fd_mapping *m)
{
	struct stat st;
	char *s, *p, *q;

	s = ns_xstrdup(m->path);
	if (strstr(s, "\\012") == NULL)
		return s;
	for (p = q = s; *p != '\0'; p++) {
		if (strncmp(p, "\\012", 4) == 0) {
			*q++ = '\n';
			p += 3;
		} else
			*q++ = *p;
	}
	*q = '\0';
	if (ns_path_stat(s, m->dev, &st, 0, 0) == 0 && st.st_dev == m->dev &&
	    st.st_ino == m->ino)
		return s;
	free(s);
	s = ns_xstrdup(m->path);
	return s;
}

static int
assoc_maps(uint64_t pid, int dfd, int (*fn)(struct fdent *, void *),
    void *arg)
{
	struct fd_mapping *maps = NULL, m;
	struct fdent *e;
	char path[64], *text, *line, *next;
	size_t n = 0, i;
	int r = 0;

	proc_file(pid, dfd, "maps", path, sizeof(path));
	if ((text = ns_read_file_at(dfd >= 0 ? dfd : AT_FDCWD, path)) ==
	    NULL) {
		if (errno == EACCES || errno == EPERM)
			ns_fd_skip_pid(pid);
		return 0;
	}
	for (line = text; line != NULL && *line != '\0'; line = next) {
		if ((next = strchr(line, '\n')) != NULL)
			*next++ = '\0';
		if (ns_fd_parse_mapping(line, &m) == -1)
			continue;
		/* A library is several regions of one file; the process
		 * holds the file once, in the union of their modes. */
		for (i = 0; i < n; i++)
			if (maps[i].dev == m.dev && maps[i].ino == m.ino &&
			    maps[i].shared == m.shared &&
			    strcmp(maps[i].path, m.path) == 0)
				break;
		if (i < n) {
			merge_mode(maps[i].mode, m.mode);
			continue;
		}
		maps = ns_xreallocarray(maps, n + 1, sizeof(*maps));
		maps[n++] = m;
	}
	for (i = 0; r == 0 && i < n; i++) {
		e = ns_fdent_new(pid, -1);
		strlcpy(e->assoc, maps[i].shared ? "shm" : "mem",
		    sizeof(e->assoc));
		e->link = map_path(&maps[i]);
		e->fam = ns_fd_family_of(e->link);
		strlcpy(e->amode, maps[i].mode, sizeof(e->amode));
		/* What is no file is read through the region's link in
		 * map_files (which takes privilege), as a descriptor is. */
		if (e->fam != F_PATH && e->fam != F_MEMFD &&
		    e->fam != F_SECRETMEM) {
			snprintf(e->src, sizeof(e->src), "map_files/%s",
			    maps[i].range);
			e->dfd = dfd;
		} else {
			e->st.st_dev = maps[i].dev;
			e->st.st_ino = maps[i].ino;
			e->st_err = 0;
		}
		r = fn(e, arg);
		e->dfd = -1;
		ns_fdent_unref(e);
	}
	free(maps);
	free(text);
	return r;
}

/* What process pid holds besides its descriptors; dfd is its
 * /proc/PID/fd open, or -1. */
int
ns_fd_assoc_each(uint64_t pid, int dfd, int (*fn)(struct fdent *, void *),
    void *arg)
{
	int r;

	if ((r = assoc_link(pid, dfd, "exe", "exe", fn, arg)) != 0 ||
	    (r = assoc_link(pid, dfd, "cwd", "cwd", fn, arg)) != 0 ||
	    (r = assoc_link(pid, dfd, "rtd", "root", fn, arg)) != 0 ||
	    (r = assoc_ns(pid, dfd, fn, arg)) != 0)
		return r;
	return assoc_maps(pid, dfd, fn, arg);
}

/*
 * Marks of inotify and fanotify name a file by its device and inode and
 * a file handle.  open_by_handle_at(2) turns the handle into the file,
 * given any file on the same file system, which the mount table gives;
 * it takes CAP_DAC_READ_SEARCH, so unprivileged callers get no path.
 * On a file server's file system the opens would ask the server, which
 * may not answer (remotefs.c): such a mark gets no path either.
 */
struct mnt_dev {
	dev_t		 dev;
	char		*dir;
};

static struct {
	int		 loaded;
	struct mnt_dev	*m;
	size_t		 n;
} mnts;

/* A mount of a subdirectory reaches less of its file system than one of
 * the root: only the latter name the file system. */
static int
mnt_add(const struct ns_mountinfo *m, void *arg)
{
	if (strcmp(m->root, "/") != 0)
		return 0;
	mnts.m = ns_xreallocarray(mnts.m, mnts.n + 1, sizeof(*mnts.m));
	mnts.m[mnts.n].dev = m->dev;
	mnts.m[mnts.n++].dir = ns_xstrdup(m->target);
	return 0;
}

static void
mnts_load(void)
{
	mnts.loaded = 1;
	ns_mountinfo_each(mnt_add, NULL);
}

int
ns_fd_mark_path(const struct fdinfo_mark *m, char *buf, size_t size)
{
	struct file_handle *fh;
	struct stat st, named;
	char self[64], target[PATH_MAX];
	dev_t dev = makedev(KDEV_MAJOR(m->sdev), KDEV_MINOR(m->sdev));
	size_t i;
	ssize_t n;
	int mfd, fd = -1;

	if (m->handle_bytes == 0 || m->ino == 0)
		goto none;
	if (!mnts.loaded)
		mnts_load();
	for (i = 0; i < mnts.n; i++)
		if (mnts.m[i].dev == dev)
			break;
	/* The mount must be open for real: an O_PATH descriptor will not
	 * do for open_by_handle_at(2). */
	if (i == mnts.n || ns_remotefs_dev(dev))
		goto none;
	if ((mfd = open(mnts.m[i].dir, O_RDONLY | O_DIRECTORY |
	    O_CLOEXEC)) == -1) {
		ns_fail_limit(mnts.m[i].dir, errno);
		goto none;
	}
	fh = ns_xmalloc(sizeof(*fh) + m->handle_bytes);
	fh->handle_bytes = m->handle_bytes;
	fh->handle_type = m->handle_type;
	memcpy(fh->f_handle, m->handle, m->handle_bytes);
	fd = open_by_handle_at(mfd, fh, O_PATH | O_CLOEXEC);
	free(fh);
	close(mfd);
	if (fd == -1) {
		ns_fail_limit(mnts.m[i].dir, errno);
		goto none;
	}
	snprintf(self, sizeof(self), "/proc/self/fd/%d", fd);
	if (fstat(fd, &st) == -1 ||
	    (n = readlink(self, target, sizeof(target) - 1)) == -1)
		goto none;
	target[n] = '\0';
	close(fd);
	fd = -1;
	if (target[0] != '/' || stat(target, &named) == -1 ||
	    named.st_dev != st.st_dev || named.st_ino != st.st_ino ||
	    (size_t)snprintf(buf, size, "/fs%s",
	    strcmp(target, "/") == 0 ? "" : target) >= size)
		goto none;
	return 0;
none:
	if (fd != -1)
		close(fd);
	errno = ENOENT;
	return -1;
}

