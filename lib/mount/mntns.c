/*
 * mntns.c: mount namespaces read through a member (see mntns.h).
 *
 * A path of another namespace's tree is walked here a component at a
 * time from the member's root, rather than by openat2(2) with
 * RESOLVE_IN_ROOT, which does the same in the kernel: the sandbox
 * refuses openat2, whose flags lie out of a filter's reach.  Each
 * component is opened with O_NOFOLLOW from the directory before it; a
 * symbolic link is read and its text walked in its place, an absolute
 * one from the root again; ".." takes back the last component walked,
 * and the directory before it is reached again from the root, so that
 * nothing climbs above that root, which the kernel itself would not
 * stop a walk at (the caller's root is elsewhere).
 */
#include <sys/stat.h>
#include <sys/types.h>

#include <err.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "provider.h"
#include "mntns.h"
#include "nstab.h"

/* As many symbolic links as the kernel follows in one walk (MAXSYMLINKS). */
#define MAXLINKS	40

/*
 * A namespace asked this run, and what its member showed of it, opened
 * when the member was chosen: a run sees one moment, and whatever the
 * member does afterwards, leaving included, changes nothing of it.  The
 * namespace's own descriptor keeps it alive meanwhile, and with it every
 * mount of its tree, which would else be taken apart when its last
 * process left.
 */
struct member {
	uint64_t	 ino;
	int		 ns;		/* the namespace, or -1 */
	int		 mountinfo;	/* the member's mountinfo, or -1 */
	int		 root;		/* its root directory (O_PATH), or -1 */
	int		 error;		/* why there is none */
};

static struct member *members;
static size_t nmembers;

uint64_t
ns_mntns_here(void)
{
	static uint64_t here;

	return ns_self_ns("mnt", &here);
}

int
ns_mntns_prefix(const char *path, uint64_t *ino, size_t *len)
{
	char num[24];
	size_t n;

	if (strncmp(path, "/ns/mnt/", 8) != 0)
		return -1;
	n = strcspn(path + 8, "/");
	if (n == 0 || n >= sizeof(num))
		return -1;
	memcpy(num, path + 8, n);
	num[n] = '\0';
	if (ns_parse_u64(num, UINT64_MAX, ino) == -1)
		return -1;
	*len = 8 + n;
	return 0;
}

void
ns_mntns_skip(uint64_t ino)
{
	char path[48];

	snprintf(path, sizeof(path), "/ns/mnt/%llu", (unsigned long long)ino);
	ns_skip_path(path);
}

static void
close_member(struct member *m)
{
	int save = errno;

	if (m->ns != -1)
		close(m->ns);
	if (m->mountinfo != -1)
		close(m->mountinfo);
	if (m->root != -1)
		close(m->root);
	m->ns = m->mountinfo = m->root = -1;
	errno = save;
}

/*
 * Open what process pid shows of namespace ino, if it is in it: 0, or -1
 * with errno (ENOENT if it left or moved, EACCES if not ours).  Its
 * /proc/PID directory, held meanwhile, names that process and no other.
 */
static int
open_member(struct member *m, uint64_t pid)
{
	char path[64];
	struct stat st;
	int proc;

	snprintf(path, sizeof(path), "/proc/%llu", (unsigned long long)pid);
	if ((proc = open(path, O_PATH | O_DIRECTORY | O_CLOEXEC)) == -1)
		return -1;
	if ((m->ns = openat(proc, "ns/mnt", O_RDONLY | O_CLOEXEC)) == -1 ||
	    fstat(m->ns, &st) == -1)
		goto fail;
	if ((uint64_t)st.st_ino != m->ino) {
		errno = ENOENT;
		goto fail;
	}
	if ((m->mountinfo = openat(proc, "mountinfo", O_RDONLY |
	    O_CLOEXEC)) == -1 || (m->root = openat(proc, "root", O_PATH |
	    O_DIRECTORY | O_CLOEXEC)) == -1)
		goto fail;
	close(proc);
	return 0;
fail:
	if (errno == EPERM)
		errno = EACCES;
	/* A zombie has no root and no mount table left to show. */
	if (errno == ESRCH)
		errno = ENOENT;
	close_member(m);
	close(proc);
	return -1;
}

/* The first process of the namespace that can be opened.  Its pids are
 * copied out first: the lookup may grow the table, which moves them. */
static void
choose(struct member *m)
{
	struct nsent *e;
	uint64_t *pids;
	size_t i, n;

	m->error = ENOENT;
	if ((e = ns_nstab_lookup(m->ino, T_MNT)) == NULL || e->type != T_MNT)
		return;
	/* A namespace that only a mount or a descriptor keeps has no
	 * process to read it through, and no table of pids to copy. */
	if ((n = e->npids) == 0)
		return;
	pids = ns_xmalloc((n + 1) * sizeof(*pids));
	memcpy(pids, e->pids, n * sizeof(*pids));
	for (i = 0; i < n && m->ns == -1; i++)
		if (open_member(m, pids[i]) == -1 && errno == EACCES)
			m->error = EACCES;
	free(pids);
}

/* The namespace's member, chosen the first time; what cannot be read is
 * counted as skipped, once. */
static struct member *
member(uint64_t ino)
{
	struct member *m;
	size_t i;

	for (i = 0; i < nmembers; i++)
		if (members[i].ino == ino)
			return &members[i];
	members = ns_xreallocarray(members, nmembers + 1, sizeof(*members));
	m = &members[nmembers++];
	m->ino = ino;
	m->ns = m->mountinfo = m->root = -1;
	choose(m);
	if (m->ns == -1)
		ns_mntns_skip(ino);
	return m;
}

int
ns_mntns_mountinfo(uint64_t ino)
{
	struct member *m = member(ino);
	int fd;

	if (m->ns == -1) {
		errno = m->error;
		return -1;
	}
	if ((fd = fcntl(m->mountinfo, F_DUPFD_CLOEXEC, 0)) == -1)
		return -1;
	if (lseek(fd, 0, SEEK_SET) == -1) {
		close(fd);
		return -1;
	}
	return fd;
}

static int
root_of(uint64_t ino)
{
	struct member *m = member(ino);

	if (m->ns == -1)
		errno = m->error;
	return m->root;
}

/* The text of a symbolic link opened with O_PATH, of any length. */
static char *
link_text(int fd)
{
	char *buf = NULL, *nbuf;
	size_t size = PATH_MAX;
	ssize_t n;

	for (;;) {
		if ((nbuf = realloc(buf, size)) == NULL) {
			free(buf);
			return NULL;
		}
		buf = nbuf;
		if ((n = readlinkat(fd, "", buf, size)) == -1) {
			free(buf);
			return NULL;
		}
		if ((size_t)n < size) {
			buf[n] = '\0';
			return buf;
		}
		size *= 2;
	}
}

/* The directory of a path already walked (no link, no ".." in it),
 * reached again from the root; it must still hold no link. */
static int
rewalk(int root, const char *done)
{
	char *copy, *s, *next;
	int cur, fd;

	if ((cur = fcntl(root, F_DUPFD_CLOEXEC, 0)) == -1)
		return -1;
	copy = ns_xstrdup(done);
	for (s = copy; s != NULL && cur != -1; s = next) {
		s += strspn(s, "/");
		if (*s == '\0')
			break;
		if ((next = strchr(s, '/')) != NULL)
			*next++ = '\0';
		fd = openat(cur, s, O_PATH | O_NOFOLLOW | O_DIRECTORY |
		    O_CLOEXEC);
		close(cur);
		cur = fd;
	}
	free(copy);
	return cur;
}

/* What is left to walk: the text of a link, then the rest of before. */
static char *
then_rest(const char *text, const char *rest)
{
	char *s;

	s = ns_xasprintf("%s/%s", text, rest);
	return s;
}

/*
 * The walk itself (see the top of the file): an O_PATH descriptor of
 * what path names in the tree of root, and in *real, if asked, the
 * path it was reached by, with no link and no ".." in it.
 */
static int
walk(int root, const char *path, int follow, char **real)
{
	char *todo, *rest, *text, *done, *slash, name[NAME_MAX + 1];
	size_t len, dlen = 0, dcap = 256;
	struct stat st;
	int cur, fd, links = 0, save, last;

	if ((cur = fcntl(root, F_DUPFD_CLOEXEC, 0)) == -1)
		return -1;
	todo = ns_xstrdup(path);
	done = ns_xmalloc(dcap);
	done[0] = '\0';
	for (rest = todo;;) {
		rest += strspn(rest, "/");
		if (*rest == '\0')
			break;
		if ((len = strcspn(rest, "/")) > NAME_MAX) {
			errno = ENAMETOOLONG;
			goto fail;
		}
		memcpy(name, rest, len);
		name[len] = '\0';
		rest += len;
		last = rest[strspn(rest, "/")] == '\0';
		if (strcmp(name, ".") == 0)
			continue;
		if (strcmp(name, "..") == 0) {
			/* At the root, ".." is the root itself. */
			if ((slash = strrchr(done, '/')) != NULL)
				*slash = '\0';
			dlen = strlen(done);
			close(cur);
			if ((cur = rewalk(root, done)) == -1)
				goto fail;
			continue;
		}
		if ((fd = openat(cur, name, O_PATH | O_NOFOLLOW | O_CLOEXEC)) ==
		    -1 || fstat(fd, &st) == -1) {
			save = errno;
			if (fd != -1)
				close(fd);
			errno = save;
			goto fail;
		}
		if (S_ISLNK(st.st_mode) && (follow || !last)) {
			text = link_text(fd);
			close(fd);
			if (text == NULL)
				goto fail;
			if (++links > MAXLINKS) {
				free(text);
				errno = ELOOP;
				goto fail;
			}
			if (*text == '/') {
				close(cur);
				if ((cur = fcntl(root, F_DUPFD_CLOEXEC, 0)) ==
				    -1) {
					free(text);
					goto fail;
				}
				done[0] = '\0';
				dlen = 0;
			}
			rest = then_rest(text, rest);
			free(text);
			free(todo);
			todo = rest;
			continue;
		}
		if (!last && !S_ISDIR(st.st_mode)) {
			close(fd);
			errno = ENOTDIR;
			goto fail;
		}
		if (dlen + len + 2 > dcap) {
			dcap = (dlen + len + 2) * 2;
			if ((done = realloc(done, dcap)) == NULL)
				err(1, NULL);
		}
		done[dlen++] = '/';
		memcpy(done + dlen, name, len + 1);
		dlen += len;
		close(cur);
		cur = fd;
	}
	free(todo);
	if (real != NULL) {
		if (dlen == 0)
			strlcpy(done, "/", dcap);
		*real = done;
	} else
		free(done);
	return cur;
fail:
	save = errno;
	if (cur != -1)
		close(cur);
	free(todo);
	free(done);
	errno = save == ENOTDIR ? ENOENT : save;
	return -1;
}

int
ns_mntns_open(uint64_t ino, const char *path, int follow)
{
	int root;

	if ((root = root_of(ino)) == -1)
		return -1;
	return walk(root, path, follow, NULL);
}

char *
ns_mntns_realpath(uint64_t ino, const char *path)
{
	char *real;
	int root, fd;

	if ((root = root_of(ino)) == -1 ||
	    (fd = walk(root, path, 1, &real)) == -1)
		return NULL;
	close(fd);
	return real;
}
