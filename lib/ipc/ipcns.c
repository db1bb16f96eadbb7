/*
 * ipcns.c: the System V tables of another ipc namespace (see ipcns.h).
 *
 * A /proc/sysvipc file takes the ipc namespace of the task that opens
 * it, and its pid namespace, which pids are written for.  The tool
 * enters the namespace with setns(2) (nsenter.c), opens and reads all
 * three tables, and goes back: one entry a namespace a run, and every
 * pid in them is the caller's, since setns changed only the ipc
 * namespace.
 *
 * The owner of a rootless namespace may not enter it from its own user
 * namespace; a child joins the user namespace that owns it first
 * (nsenter.c).  The kernel then writes the owners' and creators' ids as
 * that user namespace maps them, root for its root: so the reader says
 * which user namespace it read in, and those ids are mapped back through
 * its uid_map and gid_map as the caller reads them.  Its pid namespace
 * is still the caller's.
 */
#include <sys/stat.h>
#include <sys/types.h>

#include <err.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "provider.h"
#include "ipcns.h"
#include "nsenter.h"
#include "nsparse.h"
#include "nsread.h"
#include "nstab.h"

/* The tables of 64 KiB first, then four times as much until they fit;
 * no namespace holds a table this big (msgmni is 32000 at most). */
#define FIRST_SIZE	((size_t)64 << 10)
#define MAX_SIZE	((size_t)256 << 20)

static const char *const files[3] = {
	"/proc/sysvipc/shm", "/proc/sysvipc/sem", "/proc/sysvipc/msg"
};

/* A user namespace's maps, read the first time one is asked. */
struct idmaps {
	uint64_t	 userns;
	char		*map[2];	/* uid_map, gid_map; NULL if unread */
};

static struct idmaps *maps;
static size_t nmaps;

static uint64_t
inode_of(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 ? (uint64_t)st.st_ino : 0;
}

uint64_t
ns_ipcns_here(void)
{
	static uint64_t here;

	if (here == 0)
		here = inode_of("/proc/self/ns/ipc");
	return here;
}

static void
skip_ipcns(uint64_t ino)
{
	char path[48];

	snprintf(path, sizeof(path), "/ns/ipc/%llu", (unsigned long long)ino);
	ns_skip_path(path);
}

/* Add the file at path to buf from at on: where it ends, or -1. */
static ssize_t
append_file(char *buf, size_t size, size_t at, const char *path)
{
	ssize_t n;
	int fd, e;

	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) == -1)
		return -1;
	while (at < size && (n = read(fd, buf + at, size - at)) != 0) {
		if (n == -1 && errno == EINTR)
			continue;
		if (n == -1) {
			e = errno;
			close(fd);
			errno = e;
			return -1;
		}
		at += (size_t)n;
	}
	close(fd);
	return (ssize_t)at;
}

/*
 * Inside the namespace: "USERNS\n", the inode of the user namespace
 * read in, then each table and a NUL.  A buffer filled whole says the
 * tables may not have fit.
 */
static ssize_t
read_tables(char *buf, size_t size, void *arg)
{
	ssize_t at;
	size_t k;
	int n;

	(void)arg;
	n = snprintf(buf, size, "%llu\n",
	    (unsigned long long)inode_of("/proc/thread-self/ns/user"));
	if (n < 0 || (size_t)n >= size)
		return (ssize_t)size;
	at = n;
	for (k = 0; k < 3; k++) {
		if ((at = append_file(buf, size, (size_t)at, files[k])) == -1)
			return -1;
		if ((size_t)at >= size)
			return (ssize_t)size;
		buf[at++] = '\0';
	}
	return at;
}

/* Split what read_tables wrote, n bytes; -1 if it is not that. */
static int
split(char *buf, size_t n, char *text[3], uint64_t *userns)
{
	char *s, *end = buf + n, *nl;
	size_t k, len;

	if ((nl = memchr(buf, '\n', n)) == NULL)
		return -1;
	*nl = '\0';
	if (ns_parse_u64(buf, UINT64_MAX, userns) == -1)
		return -1;
	for (k = 0, s = nl + 1; k < 3; k++, s += len + 1) {
		if (s >= end || (len = strnlen(s, (size_t)(end - s))) ==
		    (size_t)(end - s))
			break;
		text[k] = ns_xstrdup(s);
	}
	if (k == 3)
		return 0;
	while (k > 0)
		free(text[--k]);
	return -1;
}

int
ns_ipcns_read(uint64_t ino, char *text[3], uint64_t *userns)
{
	struct nsent *ent;
	size_t size;
	ssize_t n = -1;
	char *buf = NULL;
	int fd, e;

	if ((ent = ns_nstab_lookup(ino, T_IPC)) == NULL ||
	    ent->type != T_IPC || (fd = ns_nstab_open(ent)) == -1) {
		errno = ENOENT;
		return -1;
	}
	for (size = FIRST_SIZE; size <= MAX_SIZE; size *= 4) {
		if ((buf = realloc(buf, size)) == NULL)
			err(1, NULL);
		if ((n = ns_enter_read(fd, T_IPC, read_tables, NULL, buf,
		    size)) == -1 || (size_t)n < size)
			break;
		n = -1;
		errno = EFBIG;
	}
	e = errno;
	close(fd);
	if (n != -1 && split(buf, (size_t)n, text, userns) == -1) {
		n = -1;
		e = EIO;
	}
	free(buf);
	if (n == -1) {
		if (e == EACCES || e == EPERM)
			skip_ipcns(ino);
		errno = e;
		return -1;
	}
	if (*userns == inode_of("/proc/self/ns/user"))
		*userns = 0;
	return 0;
}

static struct idmaps *
maps_of(uint64_t userns)
{
	struct idmaps *m;
	struct nsent *e;
	size_t i;

	for (i = 0; i < nmaps; i++)
		if (maps[i].userns == userns)
			return &maps[i];
	maps = ns_xreallocarray(maps, nmaps + 1, sizeof(*maps));
	m = &maps[nmaps++];
	m->userns = userns;
	m->map[0] = m->map[1] = NULL;
	/* A member's map shows the ids as the caller's namespace has
	 * them, whoever reads it from there. */
	if ((e = ns_nstab_lookup(userns, T_USER)) != NULL &&
	    e->type == T_USER) {
		m->map[0] = ns_member_file(e, "uid_map", "user");
		if ((e = ns_nstab_find(userns)) != NULL)
			m->map[1] = ns_member_file(e, "gid_map", "user");
	}
	return m;
}

int
ns_ipcns_id_up(uint64_t userns, int gid, uint64_t id, uint64_t *out)
{
	struct idmaps *m = maps_of(userns);
	const char *map = m->map[gid != 0];

	if (map == NULL || ns_idmap_up(map, id, out) == -1) {
		errno = ENOENT;
		return -1;
	}
	return 0;
}
