/*
 * fdindex.c: the one scan of every descriptor on the system that
 * reverse links take (rule 6: the holders of an object).
 *
 * The index reads every descriptor of every process once a run and
 * hashes them by object, kind by kind as questions need, so that the
 * holders of any number of objects cost one scan: fdinfo PATH, the
 * readers of a pipe, the descriptors of an eventfd.  Which kinds can
 * hold an object of a path is said by the kinds' rows (fdkind.h).
 */
#include <dirent.h>
#include <err.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fdassoc.h"
#include "fdent.h"
#include "fdindex.h"

/*
 * The index: every descriptor of every process, read once a run, so
 * that the holders of any number of objects take one scan.  Objects are
 * worked out only for the families a question is about, and hashed by
 * their path.
 */
static struct {
	struct fdent	**ent;
	size_t		  n, cap;
	int		  fds;		/* the descriptors were read */
	int		  assoc;	/* and the associations */
	unsigned	  hashed;	/* families in the hash */
	size_t		 *bucket;	/* entry index + 1, 0 for none */
	size_t		  nbucket;
} ix;

static void
index_add(struct fdent *e)
{
	if (ix.n == ix.cap) {
		ix.cap = ix.cap ? ix.cap * 2 : 1024;
		ix.ent = ns_xreallocarray(ix.ent, ix.cap, sizeof(*ix.ent));
	}
	ix.ent[ix.n++] = e;
}

static int
index_proc(uint64_t pid, void *arg)
{
	struct dirent *d;
	struct fdent *e;
	uint64_t fd;
	DIR *dir;

	if ((dir = ns_fd_open_fds(pid)) == NULL)
		return 0;
	while ((d = readdir(dir)) != NULL) {
		if (ns_parse_u64(d->d_name, INT_MAX, &fd) == -1)
			continue;
		if ((e = ns_fdent_load(dirfd(dir), pid, (int)fd)) != NULL)
			index_add(e);
	}
	closedir(dir);
	return 0;
}

static int
index_assoc_one(struct fdent *e, void *arg)
{
	e->refs++;
	index_add(e);
	return 0;
}

static int
index_assoc(uint64_t pid, void *arg)
{
	(void)ns_fd_assoc_each(pid, -1, index_assoc_one, NULL);
	return 0;
}

static void
index_load(int assoc)
{
	if (!ix.fds) {
		ix.fds = 1;
		(void)ns_proc_each(index_proc, NULL);
	}
	if (assoc && !ix.assoc) {
		ix.assoc = 1;
		(void)ns_proc_each(index_assoc, NULL);
		/* The hash was sized and filled for fewer entries. */
		free(ix.bucket);
		ix.bucket = NULL;
		ix.hashed = 0;
	}
}

static size_t
hash_str(const char *s)
{
	size_t h = 5381;

	while (*s != '\0')
		h = h * 33 + (unsigned char)*s++;
	return h;
}

/* What an entry is hashed by: its link, for a kind whose holders are
 * known by it (a socket), else its object's path; NULL for none. */
static const char *
ent_key(struct fdent *e)
{
	if (ns_fd_kind_link(e->fam) != NULL)
		return e->link;
	return ns_fdent_object(e);
}

/* The same for the holders of object: "socket:[INODE]" for a socket's
 * path, which ends in its inode; the path for the others. */
static const char *
object_key(const char *object, unsigned fams, char *buf, size_t size)
{
	const char *link, *ino;
	int f;

	for (f = 0; f < NFAMILIES; f++)
		if ((fams & (1U << f)) && (link = ns_fd_kind_link(f)) !=
		    NULL && (ino = strrchr(object, '/')) != NULL) {
			snprintf(buf, size, "%s%s]", link, ino + 1);
			return buf;
		}
	return object;
}

static void
index_hash(enum family fam)
{
	struct fdent *e;
	const char *obj;
	size_t i, b;

	if (ix.hashed & (1U << fam))
		return;
	if (ix.bucket == NULL) {
		for (ix.nbucket = 64; ix.nbucket < ix.n * 2; ix.nbucket *= 2)
			continue;
		ix.bucket = ns_xcallocarray(ix.nbucket, sizeof(*ix.bucket));
		ix.hashed = 0;
		for (i = 0; i < ix.n; i++)
			ix.ent[i]->hnext = 0;
	}
	ix.hashed |= 1U << fam;
	/* Backwards, so that each chain runs in the order of the scan. */
	for (i = ix.n; i-- > 0;) {
		e = ix.ent[i];
		if (e->fam != fam || (obj = ent_key(e)) == NULL)
			continue;
		b = hash_str(obj) & (ix.nbucket - 1);
		e->hnext = ix.bucket[b];
		ix.bucket[b] = i + 1;
	}
}

/* Where each kind's objects live, and whether a descriptor of it may be
 * its own object. */
static const struct {
	const char	*holders;
	int		 own;
} kinds[NFAMILIES] = {
#define FD_KIND(id, name, anon, link, own, holders, ...) \
	[id] = { holders, own },
	FD_KINDS
#undef FD_KIND
};
_Static_assert(NFAMILIES <= 32, "the kinds hashed are bits of an unsigned");

/* Whether path starts with one of the blank-separated prefixes. */
static int
has_prefix(const char *path, const char *prefixes)
{
	size_t n;

	for (; *prefixes != '\0'; prefixes += n) {
		prefixes += strspn(prefixes, " ");
		n = strcspn(prefixes, " ");
		if (n > 0 && strncmp(path, prefixes, n) == 0)
			return 1;
	}
	return 0;
}

/* The kinds whose descriptors can refer to an object at path. */
static unsigned
families_of(const char *path)
{
	unsigned fams = 0;
	int own, f;

	/* A descriptor that is its own object: it alone holds it. */
	own = strncmp(path, "/proc/", 6) == 0 && strstr(path, "/fd/") != NULL;
	for (f = 0; f < NFAMILIES; f++)
		if (own ? kinds[f].own : kinds[f].holders != NULL &&
		    has_prefix(path, kinds[f].holders))
			fams |= 1U << f;
	return fams;
}

static int
index_holders(const char *object, int assoc, fd_ent_fn fn, void *arg)
{
	char buf[64];
	const char *key;
	unsigned fams;
	size_t i;
	int f, r;

	index_load(assoc);
	if ((fams = families_of(object)) == 0)
		return 0;
	for (f = 0; f < NFAMILIES; f++)
		if (fams & (1U << f))
			index_hash(f);
	key = object_key(object, fams, buf, sizeof(buf));
	for (i = ix.bucket[hash_str(key) & (ix.nbucket - 1)]; i != 0;
	    i = ix.ent[i - 1]->hnext) {
		/* The associations may have been read for another question. */
		if (strcmp(ent_key(ix.ent[i - 1]), key) != 0 ||
		    (!assoc && ix.ent[i - 1]->fd < 0))
			continue;
		if ((r = fn(ix.ent[i - 1], arg)) != 0)
			return r;
	}
	return 0;
}

int
ns_fd_index_holders(const char *object, fd_ent_fn fn, void *arg)
{
	return index_holders(object, 0, fn, arg);
}

int
ns_fd_index_holders_all(const char *object, fd_ent_fn fn, void *arg)
{
	return index_holders(object, 1, fn, arg);
}

static int
index_each(const char *prefix, int assoc, fd_ent_fn fn, void *arg)
{
	size_t i, n = strlen(prefix);
	int r;

	index_load(assoc);
	for (i = 0; i < ix.n; i++) {
		if ((!assoc && ix.ent[i]->fd < 0) ||
		    strncmp(ix.ent[i]->link, prefix, n) != 0)
			continue;
		if ((r = fn(ix.ent[i], arg)) != 0)
			return r;
	}
	return 0;
}

int
ns_fd_index_each(const char *prefix, fd_ent_fn fn, void *arg)
{
	return index_each(prefix, 0, fn, arg);
}

int
ns_fd_index_each_all(const char *prefix, fd_ent_fn fn, void *arg)
{
	return index_each(prefix, 1, fn, arg);
}

int
ns_fd_add_holder(struct fdent *e, void *arg)
{
	struct ns_val *v = arg;

	if (e->fd >= 0)
		ns_val_addf(v, "/proc/%llu/fd/%d", (unsigned long long)e->pid,
		    e->fd);
	return 0;
}

int
ns_get_fds(struct ns_obj *o, struct ns_val *v)
{
	return ns_fd_holders(o->path, v);
}

int
ns_fd_holders(const char *object, struct ns_val *v)
{
	size_t n = v->n;

	ns_fd_index_holders(object, ns_fd_add_holder, v);
	if (v->n == n)
		return ns_none();
	return 0;
}

uint64_t
ns_fd_ent_pid(const struct fdent *e)
{
	return e->pid;
}

int
ns_fd_ent_fd(const struct fdent *e)
{
	return e->fd;
}

const char *
ns_fd_ent_assoc(const struct fdent *e)
{
	return e->fd >= 0 ? "" : e->assoc;
}

const char *
ns_fd_ent_link(struct fdent *e)
{
	return e->link;
}

const char *
ns_fd_ent_object(struct fdent *e)
{
	return ns_fdent_object(e);
}

const char *
ns_fd_ent_info(struct fdent *e)
{
	return ns_fdent_info(e);
}

const struct stat *
ns_fd_ent_stat(struct fdent *e)
{
	return ns_fdent_stat(e);
}

int
ns_fd_ent_readable(struct fdent *e)
{
	mode_t m;

	return ns_fdent_lmode(e, &m) == 0 && (m & S_IRUSR);
}

int
ns_fd_ent_writable(struct fdent *e)
{
	mode_t m;

	return ns_fdent_lmode(e, &m) == 0 && (m & S_IWUSR);
}

