/*
 * nsread.c: what each kind of namespace holds: a uts namespace's names,
 * a user namespace's id maps, a cgroup namespace's root, a time
 * namespace's offsets.
 *
 * Where a member's /proc files show it, they are read: the id maps, the
 * offsets, whoever may read that process's files.  A uts namespace's
 * names show in no file but to a reader inside it, so it is entered
 * (nsenter.c): setns there and back, or a child through its owner for a
 * rootless one.  A cgroup namespace needs both, see cgroup_root.  What
 * cannot be read is passed over and counted once, by its path.
 */
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/utsname.h>

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "mountinfo.h"
#include "nsenter.h"
#include "nsparse.h"
#include "nsread.h"
#include "nstab.h"

/* Count what could not be read, once, by its path; -1 with errno. */
static int
unreadable(const char *path, int e)
{
	if (e == EACCES || e == EPERM)
		ns_skip_path(path);
	errno = e;
	return -1;
}

/* nsread.h: the first member's that shows it. */
char *
ns_member_file(struct nsent *e, const char *file, const char *check)
{
	char path[64];
	struct stat st;
	uint64_t ino = e->ino;
	size_t i, n = e->npids;
	uint64_t *pids;
	char *text = NULL;
	int denied = 0;

	/* A copy: nothing here adds to the table, but e is not ours. */
	pids = ns_xmalloc((n + 1) * sizeof(*pids));
	memcpy(pids, e->pids, n * sizeof(*pids));
	for (i = 0; i < n && text == NULL; i++) {
		if (check != NULL) {
			snprintf(path, sizeof(path), "/proc/%llu/ns/%s",
			    (unsigned long long)pids[i], check);
			if (stat(path, &st) == -1 || (uint64_t)st.st_ino != ino)
				continue;
		}
		snprintf(path, sizeof(path), "/proc/%llu/%s",
		    (unsigned long long)pids[i], file);
		if ((text = ns_read_file_at(AT_FDCWD, path)) == NULL &&
		    (errno == EACCES || errno == EPERM)) {
			snprintf(path, sizeof(path), "/proc/%llu",
			    (unsigned long long)pids[i]);
			ns_skip_path(path);
			denied = 1;
		}
	}
	free(pids);
	if (text == NULL)
		errno = denied ? EACCES : ENOENT;
	return text;
}

/* In the namespace: "HOST\0DOMAIN". */
static ssize_t
read_uname(char *buf, size_t size, void *arg)
{
	struct utsname u;
	int n;

	(void)arg;
	if (uname(&u) == -1)
		return -1;
	n = snprintf(buf, size, "%s%c%s", u.nodename, '\0', u.domainname);
	if (n < 0 || (size_t)n >= size) {
		errno = EOVERFLOW;
		return -1;
	}
	return n;
}

/* Its host name (which 0) or domain name (1), entered for. */
static int
get_uts(struct ns_obj *o, struct ns_val *v, int which)
{
	char buf[2 * sizeof(((struct utsname *)0)->nodename) + 2];
	struct nsent *e;
	ssize_t n;
	int fd, err;

	if ((e = ns_nstab_of(o)) == NULL)
		return -1;
	if ((fd = ns_nstab_open(e)) == -1)
		return unreadable(o->path, errno == 0 ? ENOENT : errno);
	n = ns_enter_read(fd, T_UTS, read_uname, NULL, buf, sizeof(buf) - 1);
	err = errno;
	close(fd);
	if (n < 0)
		return unreadable(o->path, err);
	buf[n] = '\0';
	ns_val_add(v, which == 0 ? buf : buf + strlen(buf) + 1);
	return 0;
}

int
ns_get_hostname(struct ns_obj *o, struct ns_val *v)
{
	return get_uts(o, v, 0);
}

int
ns_get_domainname(struct ns_obj *o, struct ns_val *v)
{
	return get_uts(o, v, 1);
}

/* The lines of a member's id map; none at all for a map not written. */
static int
get_map(struct ns_obj *o, struct ns_val *v, const char *file)
{
	char out[96], *text, *s, *line;
	struct nsent *e;

	if ((e = ns_nstab_of(o)) == NULL ||
	    (text = ns_member_file(e, file, NULL)) == NULL)
		return -1;
	for (s = text; (line = strsep(&s, "\n")) != NULL;)
		if (ns_idmap_line(line, out, sizeof(out)) == 0)
			ns_val_add(v, out);
	free(text);
	return v->n > 0 ? 0 : ns_none();
}

int
ns_get_uid_map(struct ns_obj *o, struct ns_val *v)
{
	return get_map(o, v, "uid_map");
}

int
ns_get_gid_map(struct ns_obj *o, struct ns_val *v)
{
	return get_map(o, v, "gid_map");
}

int
ns_get_setgroups(struct ns_obj *o, struct ns_val *v)
{
	struct nsent *e;
	char *text;
	size_t n;

	if ((e = ns_nstab_of(o)) == NULL ||
	    (text = ns_member_file(e, "setgroups", NULL)) == NULL)
		return -1;
	n = strcspn(text, "\n");
	text[n] = '\0';
	if (strcmp(text, "allow") == 0 || strcmp(text, "deny") == 0)
		ns_val_add(v, text);
	free(text);
	return v->n > 0 ? 0 : ns_none();
}

/*
 * The offset of one clock.  /proc/PID/timens_offsets shows the offsets
 * of the namespace the process's children will be in, which the kernel
 * lets be set until the first of them starts: only a member whose
 * time_for_children is this namespace too says what this one holds.
 */
static int
get_offset(struct ns_obj *o, struct ns_val *v, const char *clock)
{
	char out[64], *text;
	struct nsent *e;
	int r;

	if ((e = ns_nstab_of(o)) == NULL ||
	    (text = ns_member_file(e, "timens_offsets", "time_for_children")) ==
	    NULL)
		return -1;
	if ((r = ns_timens_offset(text, clock, out, sizeof(out))) == 0)
		ns_val_add(v, out);
	free(text);
	return r == 0 ? 0 : ns_none();
}

int
ns_get_monotonic(struct ns_obj *o, struct ns_val *v)
{
	return get_offset(o, v, "monotonic");
}

int
ns_get_boottime(struct ns_obj *o, struct ns_val *v)
{
	return get_offset(o, v, "boottime");
}

/* A process's cgroup of the unified hierarchy, as the reader's cgroup
 * namespace names it: relative to its root. */
static int
unified_of(uint64_t pid, char *out, size_t size)
{
	char path[64], *text;
	int r;

	snprintf(path, sizeof(path), "/proc/%llu/cgroup",
	    (unsigned long long)pid);
	if ((text = ns_read_file_at(AT_FDCWD, path)) == NULL)
		return -1;
	r = ns_cgroup_unified(text, out, size);
	free(text);
	if (r == -1)
		errno = ENOENT;
	return r;
}

/* In the cgroup namespace: the member's cgroup as it names it. */
static ssize_t
read_unified(char *buf, size_t size, void *arg)
{
	if (unified_of(*(uint64_t *)arg, buf, size) == -1)
		return -1;
	return strlen(buf);
}

struct cgroup2 {
	const char	*cgroup;
	char		*file;		/* where it lies, once found */
};

/* The first mount of the unified hierarchy below which the cgroup is. */
static int
cgroup2_mount(const struct ns_mountinfo *m, void *arg)
{
	struct cgroup2 *q = arg;
	char path[PATH_MAX];

	if (strcmp(m->fstype, "cgroup2") != 0 ||
	    ns_cgroup_file(q->cgroup, m->root, m->target, path,
	    sizeof(path)) == -1)
		return 0;
	q->file = ns_xstrdup(path);
	return 1;
}

/*
 * The root of a cgroup namespace, in the unified hierarchy.  A member's
 * /proc/PID/cgroup, read here, gives its cgroup relative to the root of
 * the caller's cgroup namespace; read inside the target (entered, or by
 * a child through its owner) it gives the same cgroup relative to the
 * target's root.  The root is the first less the second's suffix.  The
 * member is read again after, and one that moved meanwhile is passed
 * over: the two reads would be of different cgroups.
 */
static int
cgroup_root(struct nsent *e, const char *objpath, char *root, size_t size)
{
	char outer[PATH_MAX], inner[PATH_MAX], again[PATH_MAX];
	uint64_t pid;
	ssize_t n;
	size_t i;
	int fd, err = ENOENT;

	for (i = 0; i < e->npids; i++) {
		pid = e->pids[i];
		if (unified_of(pid, outer, sizeof(outer)) == -1) {
			err = errno == ESRCH ? ENOENT : errno;
			continue;
		}
		if ((fd = ns_nstab_open(e)) == -1)
			break;
		n = ns_enter_read(fd, T_CGROUP, read_unified, &pid, inner,
		    sizeof(inner));
		err = errno;
		close(fd);
		if (n < 0) {
			if (err == EACCES || err == EPERM)
				return unreadable(objpath, err);
			continue;
		}
		inner[n] = '\0';
		if (unified_of(pid, again, sizeof(again)) == -1 ||
		    strcmp(outer, again) != 0)
			continue;
		if (ns_cgroup_root(outer, inner, root, size) == 0)
			return 0;
		err = ENOENT;
	}
	errno = err;
	return -1;
}

int
ns_get_cgroup_root(struct ns_obj *o, struct ns_val *v)
{
	char root[PATH_MAX];
	struct cgroup2 q = { .cgroup = root };
	struct nsent *e;

	if ((e = ns_nstab_of(o)) == NULL || cgroup_root(e, o->path, root,
	    sizeof(root)) == -1)
		return -1;
	if (ns_mountinfo_each(cgroup2_mount, &q) <= 0 || q.file == NULL)
		return ns_none();
	ns_val_fs(v, q.file);
	free(q.file);
	return 0;
}
