/*
 * nsmount: mount the namespace, read-only, through FUSE, so that every
 * program reaches its objects as files: a node or an object is a
 * directory, an attribute a file holding its value, a link a symbolic
 * link.
 *
 * The core reads its tables (the mount table, the socket tables, the
 * majors) once per run, as a tool that lives for a moment should.  A
 * file system lives for hours, so the namespace is never read in the
 * process that serves the kernel: a worker process, forked afresh at most
 * once a second, answers the questions, and when it is retired its
 * tables go with it.  What the mount shows is thus never older than that
 * second and the second the kernel may cache a name for, a crash in a
 * provider costs one EIO, not the mount, and the serving process keeps
 * no state but libfuse's table of inodes.  Where the kernel tells of a
 * change (the sources of nswatch, heard by a thread of the server), the
 * kernel's cache of that name is dropped and no worker older than the
 * change answers again.
 */
/* configure picks 312 where libfuse has it: see main. */
#ifndef FUSE_USE_VERSION
#define FUSE_USE_VERSION 31
#endif

#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/types.h>

#include <err.h>
#include <errno.h>
#include <fcntl.h>
#include <fuse.h>
#include <fuse_lowlevel.h>
#include <limits.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "mountlink.h"
#include "ns.h"
#include "tool.h"

/* Mount options every mount starts from; the user's -o comes after them
 * and so wins. */
#define DEFAULT_OPTIONS	"ro,fsname=nstools,subtype=nstools," \
			"entry_timeout=1,attr_timeout=1,negative_timeout=0"

#define WORKER_AGE_MS	1000	/* how long a worker's tables may serve */
#define CHURN_GRACE_MS	250	/* how long one may serve past a process's
				 * start or end */
#define WORKERS		4	/* requests a machine's workers take at once */
#define WORKER_WAIT_MS	20000	/* how long an answer may take */
#define MAX_REQUEST	65536	/* the longest path a request carries */
#define OBJ_CACHE	16	/* objects a worker keeps resolved */
#define MAX_THREADS	64	/* requests the server takes at once */

/* Where an attribute whose name a child takes stays reachable. */
#define ATTR_PREFIX	'@'

enum op {
	OP_STAT,		/* the kind of file: S_IFDIR, S_IFREG, S_IFLNK */
	OP_READLINK,		/* a symbolic link's text */
	OP_READ,		/* an attribute file's contents */
	OP_LIST,		/* a directory: a kind byte and a name, a NUL */
};

struct request {
	uint32_t	op;
	uint32_t	pid;		/* the caller's, for /proc/self */
	uint32_t	len;		/* the path's bytes that follow */
};

struct reply {
	int32_t		err;		/* 0, or an errno */
	uint32_t	mode;		/* OP_STAT: the file type bits */
	uint32_t	len;		/* the data's bytes that follow */
};

struct buf {
	char	*p;
	size_t	 len;
	size_t	 cap;
};

/*
 * The worker's side: what a path in the mount is, and the answers.
 */

enum kind {
	K_DIR,			/* a node or an object */
	K_ALIAS,		/* an alias of one: a link to it */
	K_VALUE,		/* an attribute file */
	K_LINK,			/* an attribute that links to an object */
	K_LINKS,		/* an attribute that links to several */
	K_ENTRY,		/* one of those links */
};

struct place {
	enum kind	 kind;
	struct ns_obj	*obj;		/* the object, or the attribute's */
	const char	*attr;		/* the attribute's name */
	char		*target;	/* what it links to, if it is a link */
	int		 err;		/* K_LINK: why it has no target */
};

struct attrname {
	const char	*name;
	int		 links;		/* as ns_obj_attrs says */
	int		 clash;		/* a child has the name */
};

struct attrlist {
	struct attrname	*a;
	size_t		 n;
};

static struct {
	char		*path;		/* the path it was resolved from */
	struct ns_obj	*obj;
	unsigned long	 used;
} cache[OBJ_CACHE];
static unsigned long ticks;

static void
buf_add(struct buf *b, const void *p, size_t n)
{
	size_t cap;

	if (b->len + n + 1 > b->cap) {
		for (cap = b->cap ? b->cap : 256; cap < b->len + n + 1;)
			cap *= 2;
		if ((b->p = realloc(b->p, cap)) == NULL)
			err(1, NULL);
		b->cap = cap;
	}
	memcpy(b->p + b->len, p, n);
	b->len += n;
	b->p[b->len] = '\0';
}

static void
buf_str(struct buf *b, const char *s)
{
	buf_add(b, s, strlen(s));
}

/*
 * Resolve a path of the namespace, never a real file: ns_resolve falls
 * back to the file tree for what the namespace lacks, which would put
 * /etc and /dev/vda in the mount as links to the real tree.
 */
static struct ns_obj *
resolve_ns(const char *path)
{
	struct ns_obj *o;

	o = ns_lookup_path(path);
	if (o == NULL && errno == ESRCH)
		errno = ENOENT;
	return o;
}

/* Resolved objects, kept for the worker's short life, so that the
 * attributes of one object read one after another share its data. */
static struct ns_obj *
resolve(const char *path)
{
	struct ns_obj *o;
	size_t i, old = 0;

	for (i = 0; i < OBJ_CACHE; i++) {
		if (cache[i].path != NULL && strcmp(cache[i].path, path) == 0) {
			cache[i].used = ++ticks;
			return cache[i].obj;
		}
		if (cache[i].used < cache[old].used)
			old = i;
	}
	if ((o = resolve_ns(path)) == NULL)
		return NULL;
	free(cache[old].path);
	ns_obj_free(cache[old].obj);
	cache[old].path = ns_xstrdup(path);
	cache[old].obj = o;
	cache[old].used = ++ticks;
	return o;
}

static int
add_attr(const char *name, int links, void *arg)
{
	struct attrlist *l = arg;

	l->a = ns_xreallocarray(l->a, l->n + 1, sizeof(*l->a));
	l->a[l->n++] = (struct attrname){ name, links, 0 };
	return 0;
}

struct findattr {
	const char	*name;
	int		 links;
};

static int
match_attr(const char *name, int links, void *arg)
{
	struct findattr *f = arg;

	if (strcmp(name, f->name) != 0)
		return 0;
	f->links = links;
	return 1;
}

/* How the object's attribute called name links (0, 1, 2), or -1 if it
 * has no attribute of that name.  The attribute is not computed. */
static int
attr_links(struct ns_obj *o, const char *name)
{
	struct findattr f = { name, 0 };

	if (ns_obj_attrs(o, match_attr, &f) == 0)
		return -1;
	return f.links;
}

/* An attribute of the object, by its name or its prefixed name. */
static const char *
find_attr(struct ns_obj *o, const char *name, int *links)
{
	if ((*links = attr_links(o, name)) != -1)
		return name;
	if (name[0] == ATTR_PREFIX &&
	    (*links = attr_links(o, name + 1)) != -1)
		return name + 1;
	return NULL;
}

/*
 * The name of one link in a list of links: the target's canonical path
 * with its slashes turned into colons, "proc:42:fd:3", so that the name
 * says what it links to and stays the same while the target lives.
 */
static char *
entry_name(const char *target)
{
	char *s, *p;

	while (*target == '/')
		target++;
	s = ns_xstrdup(target);
	for (p = s; *p != '\0'; p++)
		if (*p == '/')
			*p = ':';
	return s;
}

/* The value of an attribute; NULL with errno, ENOENT if it has none. */
static char *
attr_value(struct ns_obj *o, const char *name, size_t *n)
{
	char *v;

	errno = 0;
	if ((v = ns_obj_attr(o, name, n)) == NULL) {
		if (errno == 0 || errno == ESRCH)
			errno = ENOENT;
		return NULL;
	}
	return v;
}

/* The target of the link called e in the object's list of links. */
static char *
find_entry(struct ns_obj *o, const char *attr, const char *e)
{
	char *v, *s, *name, *target = NULL;
	size_t i, n;

	if ((v = attr_value(o, attr, &n)) == NULL)
		return NULL;
	for (i = 0, s = v; i < n && target == NULL; i++, s += strlen(s) + 1) {
		name = entry_name(s);
		if (strcmp(name, e) == 0 && (target = strdup(s)) == NULL)
			err(1, NULL);
		free(name);
	}
	free(v);
	if (target == NULL)
		errno = ENOENT;
	return target;
}

/* The directory part of a path in the mount, "/" for a top entry. */
static char *
dir_of(const char *path)
{
	const char *slash = strrchr(path, '/');
	char *d;

	if (slash == path)
		slash++;
	d = ns_xstrndup(path, slash - path);
	return d;
}

/*
 * The object's attribute as a file, a link or a directory of links.  A
 * link is there only when it has a value: a disk with no backing file has
 * no backing link.  One not ours to read is there, and says so when read,
 * as /proc/1/cwd does.  0, or ENOENT for a link with no value.
 */
static int
place_attr(struct place *pl, struct ns_obj *o, const char *attr, int links)
{
	char *v;
	size_t n;

	pl->obj = o;
	pl->attr = attr;
	if (links == 2)
		pl->kind = K_LINKS;
	else if (strcmp(attr, "path") == 0)
		/* path is the object itself, better read than followed. */
		pl->kind = K_VALUE;
	else if (links == 0) {
		/* A value the object has not (a bond's mode on a veth) is
		 * no file, as a link with no target is none. */
		pl->kind = K_VALUE;
		if ((v = attr_value(o, attr, &n)) == NULL && errno == ENOENT)
			return ENOENT;
		free(v);
	} else {
		pl->kind = K_LINK;
		if ((v = attr_value(o, attr, &n)) == NULL) {
			if (errno == ENOENT)
				return ENOENT;
			pl->err = errno == EPERM ? EACCES : errno;
		} else if ((pl->target = strdup(v)) == NULL)
			err(1, NULL);
		free(v);
	}
	return 0;
}

/*
 * What a path in the mount is.  A child wins over an attribute of the
 * same name; the attribute stays reachable as @name.  An alias the
 * resolver accepts (/proc/self, /user/root) is a link to its object,
 * unless an attribute has its name.  0, or an errno.
 */
static int
locate(const char *path, struct place *pl)
{
	struct ns_obj *o, *d;
	char *dir, *gdir, *alias = NULL;
	const char *name, *attr;
	int links, e = ENOENT;

	memset(pl, 0, sizeof(*pl));
	if (strcmp(path, "/fs") == 0 || strncmp(path, "/fs/", 4) == 0)
		return ENOENT;
	if ((o = resolve(path)) != NULL) {
		if (strcmp(ns_obj_path(o), path) == 0) {
			pl->kind = K_DIR;
			pl->obj = o;
			return 0;
		}
		alias = ns_xstrdup(ns_obj_path(o));
	} else if (errno != ENOENT)
		e = errno;
	if (strcmp(path, "/") == 0)
		return e;

	dir = dir_of(path);
	name = strrchr(path, '/') + 1;
	if ((d = resolve(dir)) != NULL && strcmp(ns_obj_path(d), dir) == 0) {
		if ((attr = find_attr(d, name, &links)) != NULL &&
		    place_attr(pl, d, attr, links) == 0) {
			free(alias);
			free(dir);
			return 0;
		}
	} else if (strcmp(dir, "/") != 0) {
		/* An entry in a directory of links: DIR is OBJECT/ATTR. */
		gdir = dir_of(dir);
		if ((d = resolve(gdir)) != NULL &&
		    strcmp(ns_obj_path(d), gdir) == 0 &&
		    (attr = find_attr(d, strrchr(dir, '/') + 1, &links)) !=
		    NULL && links == 2) {
			if ((pl->target = find_entry(d, attr, name)) != NULL) {
				pl->kind = K_ENTRY;
				pl->obj = d;
				pl->attr = attr;
				free(gdir);
				free(alias);
				free(dir);
				return 0;
			}
			if (errno != ENOENT)
				e = errno;
		}
		free(gdir);
	}
	free(dir);
	if (alias != NULL) {
		pl->kind = K_ALIAS;
		pl->target = alias;
		return 0;
	}
	return e;
}

/* Whether a link in the directory from to the object to may be served:
 * one whose target is no canonical path, or whose text would leave the
 * mount or its machine, is left out (mountlink.h). */
static int
link_ok(const char *from, const char *to)
{
	char *text;

	if ((text = ns_mount_link(from, to)) == NULL)
		return 0;
	free(text);
	return 1;
}

/*
 * The text of a link from its directory to its object: relative, so that
 * it stays inside the mount wherever that is, and checked so.  NULL for
 * one that would leave the mount or its machine, whatever a provider, or
 * a machine behind /host, gave as its target: such a link is not there.
 * A file of /fs is the real file itself.
 */
static char *
link_text(const char *path, const struct place *pl)
{
	char *dir, *text;

	dir = dir_of(path);
	text = ns_mount_link(dir, pl->target);
	free(dir);
	return text;
}

/*
 * An attribute file: its elements, one a line, escaped by rule 5 as a
 * table writes them, so that cat(1) of a comm sends no escape sequence
 * to the terminal and a value holding a newline is still one line; a
 * text (a command line) keeps its spaces, a path (the path file) has
 * them \x20, as a path is written everywhere.
 */
static int
answer_read(struct place *pl, struct buf *out)
{
	char *v, *s, *e;
	size_t i, n;

	if (pl->kind == K_DIR || pl->kind == K_LINKS)
		return EISDIR;
	if (pl->kind != K_VALUE)
		return EINVAL;
	if ((v = attr_value(pl->obj, pl->attr, &n)) == NULL)
		return errno == ENOENT ? 0 : errno == EPERM ? EACCES : errno;
	for (i = 0, s = v; i < n; i++, s += strlen(s) + 1) {
		if ((e = ns_escape_as(s, strcmp(pl->attr, "path") != 0)) ==
		    NULL)
			err(1, NULL);
		buf_str(out, e);
		buf_str(out, "\n");
		free(e);
	}
	free(v);
	return 0;
}

static int
dot(const char *name)
{
	return strcmp(name, ".") == 0 || strcmp(name, "..") == 0;
}

static void
add_entry(struct buf *out, char kind, const char *name)
{
	buf_add(out, &kind, 1);
	buf_add(out, name, strlen(name) + 1);
}

struct children {
	const char	*dir;		/* the node's path */
	struct attrlist	*attrs;
	struct buf	*out;
	char		**others;	/* children that live elsewhere */
	size_t		  nothers;
};

static int
add_child(struct ns_obj *c, void *arg)
{
	struct children *ch = arg;
	const char *p = ns_obj_path(c), *name;
	size_t i, len = strlen(ch->dir), n;
	char *v;

	if (strcmp(ch->dir, "/") == 0)
		len = 0;
	if (strncmp(p, ch->dir, len) != 0 || p[len] != '/') {
		/* A child that lives elsewhere (the members of /dev/tty
		 * are /dev/char/4/N) appears under its name, or one with
		 * none (a mount of /ns/mnt/INODE/mount) under its last
		 * component, checked once the listing is over. */
		if ((v = attr_value(c, "name", &n)) == NULL &&
		    (v = strdup(strrchr(p, '/') + 1)) == NULL)
			err(1, NULL);
		if ((ch->others = reallocarray(ch->others, ch->nothers + 2,
		    sizeof(*ch->others))) == NULL ||
		    (ch->others[ch->nothers++] = strdup(p)) == NULL)
			err(1, NULL);
		ch->others[ch->nothers++] = v;
		return 0;
	}
	name = p + len + 1;
	/* A descendant further down is reached through its own parent;
	 * /fs is the real tree, already mounted; a name no directory may
	 * have (a machine's listing is input) is no child. */
	if (strchr(name, '/') != NULL || (len == 0 && strcmp(name, "fs") == 0) ||
	    *name == '\0' || dot(name))
		return 0;
	for (i = 0; i < ch->attrs->n; i++)
		if (strcmp(ch->attrs->a[i].name, name) == 0)
			ch->attrs->a[i].clash = 1;
	add_entry(ch->out, 'd', name);
	return 0;
}

/* A child that lives elsewhere, listed under its name if the name leads
 * to it and no attribute or other child has it. */
static void
add_other(struct children *ch, const char *canon, const char *name)
{
	struct ns_obj *o;
	char *path;
	size_t i;

	if (*name == '\0' || strchr(name, '/') != NULL || dot(name) ||
	    !link_ok(ch->dir, canon))
		return;
	for (i = 0; i < ch->attrs->n; i++)
		if (strcmp(ch->attrs->a[i].name, name) == 0)
			return;
	path = ns_xasprintf("%s/%s", strcmp(ch->dir, "/") ? ch->dir : "", name);
	/* Not through the cache: the listing's own object is in use. */
	if ((o = resolve_ns(path)) != NULL) {
		if (strcmp(ns_obj_path(o), canon) == 0)
			add_entry(ch->out, 'l', name);
		ns_obj_free(o);
	}
	free(path);
}

static int
list_object(const char *path, struct ns_obj *o, struct buf *out)
{
	struct attrlist al = { 0 };
	struct children ch = { path, &al, out, NULL, 0 };
	struct place pl = { 0 };
	struct attrname *a;
	char *name;
	size_t i;
	int e = 0;

	ns_obj_attrs(o, add_attr, &al);
	add_entry(out, 'd', ".");
	add_entry(out, 'd', "..");
	if (ns_obj_isnode(o) && ns_list(o, add_child, &ch) == -1) {
		/* A node not ours to list says so, as /proc/1/fd does. */
		if (errno == EACCES || errno == EPERM)
			e = EACCES;
		else if (errno == ENOENT || errno == ESRCH)
			e = ENOENT;
	}
	for (i = 0; e == 0 && i + 1 < ch.nothers; i += 2)
		add_other(&ch, ch.others[i], ch.others[i + 1]);
	ns_free_strings(ch.others, ch.nothers);
	for (i = 0; e == 0 && i < al.n; i++) {
		a = &al.a[i];
		if (a->links < 2 && strcmp(a->name, "path") != 0 &&
		    (place_attr(&pl, o, a->name, a->links) == ENOENT ||
		    (pl.target != NULL && !link_ok(path, pl.target)))) {
			free(pl.target);
			pl.target = NULL;
			continue;
		}
		free(pl.target);
		pl.target = NULL;
		name = ns_xasprintf("%s%s", a->clash ? "@" : "", a->name);
		if (a->links == 2)
			add_entry(out, 'd', name);
		else if (a->links == 1 && strcmp(a->name, "path") != 0)
			add_entry(out, 'l', name);
		else
			add_entry(out, 'f', name);
		free(name);
	}
	free(al.a);
	return e;
}

static int
list_links(const char *path, struct place *pl, struct buf *out)
{
	char *v, *s, **names;
	size_t i, n, k;

	add_entry(out, 'd', ".");
	add_entry(out, 'd', "..");
	if ((v = attr_value(pl->obj, pl->attr, &n)) == NULL)
		return errno == ENOENT ? 0 : errno == EPERM ? EACCES : errno;
	names = ns_xreallocarray(NULL, n ? n : 1, sizeof(*names));
	for (i = 0, k = 0, s = v; i < n; i++, s += strlen(s) + 1)
		if (link_ok(path, s))
			names[k++] = entry_name(s);
	n = k;
	qsort(names, n, sizeof(*names), ns_cmp_strings);
	for (i = 0; i < n; i++) {
		if (*names[i] != '\0' &&
		    (i == 0 || strcmp(names[i], names[i - 1]) != 0))
			add_entry(out, 'l', names[i]);
	}
	ns_free_strings(names, n);
	free(v);
	return 0;
}

/*
 * /proc/self is the caller, not the worker: the kernel says who asks, by
 * thread id, and the thread's process is what self names in procfs.
 */
static int
self_path(const char *path, pid_t tid, char **out)
{
	char file[64], line[256];
	const char *rest;
	long long tgid = -1;
	FILE *fp;

	if (strncmp(path, "/proc/self", 10) != 0 ||
	    (path[10] != '\0' && path[10] != '/')) {
		*out = ns_xstrdup(path);
		return 0;
	}
	rest = path + 10;
	snprintf(file, sizeof(file), "/proc/%d/status", (int)tid);
	if (tid <= 0 || (fp = fopen(file, "re")) == NULL)
		return ENOENT;
	while (fgets(line, sizeof(line), fp) != NULL)
		if (strncmp(line, "Tgid:", 5) == 0) {
			line[strcspn(line, "\n")] = '\0';
			tgid = strtonum(line + 5 + strspn(line + 5, " \t"), 1,
			    INT_MAX, NULL);
			break;
		}
	fclose(fp);
	if (tgid <= 0)
		return ENOENT;
	if (asprintf(out, "/proc/%lld%s", tgid, rest) == -1)
		err(1, NULL);
	return 0;
}

static int
answer(enum op op, const char *mpath, pid_t pid, struct buf *out,
    uint32_t *mode)
{
	struct place pl;
	char *path, *text = NULL;
	int e;

	if ((e = self_path(mpath, pid, &path)) != 0)
		return e;
	memset(&pl, 0, sizeof(pl));
	if (strcmp(mpath, "/proc/self") == 0) {
		/* A link to the caller's own directory, as in procfs. */
		pl.kind = K_ALIAS;
		pl.target = ns_xstrdup(path);
		free(path);
		path = ns_xstrdup(mpath);
	} else if ((e = locate(path, &pl)) != 0) {
		free(path);
		return e == EPERM ? EACCES : e;
	}
	/* A link that may not be served is not there, for every op. */
	if (pl.target != NULL && (text = link_text(path, &pl)) == NULL) {
		free(pl.target);
		free(path);
		return ENOENT;
	}
	switch (op) {
	case OP_STAT:
		if (pl.kind == K_DIR || pl.kind == K_LINKS)
			*mode = S_IFDIR;
		else if (pl.kind == K_VALUE)
			*mode = S_IFREG;
		else
			*mode = S_IFLNK;
		break;
	case OP_READLINK:
		if (text != NULL)
			buf_str(out, text);
		else
			e = pl.kind == K_LINK ? pl.err : EINVAL;
		break;
	case OP_READ:
		e = answer_read(&pl, out);
		break;
	case OP_LIST:
		if (pl.kind == K_DIR)
			e = list_object(path, pl.obj, out);
		else if (pl.kind == K_LINKS)
			e = list_links(path, &pl, out);
		else
			e = ENOTDIR;
		break;
	default:
		e = ENOSYS;
	}
	free(text);
	free(pl.target);
	free(path);
	/* An object that left while it was read is gone, as procfs says
	 * of a process that exits. */
	return e == ESRCH ? ENOENT : e;
}

static int
read_full(int fd, void *p, size_t n)
{
	ssize_t r;

	while (n > 0) {
		if ((r = read(fd, p, n)) == -1 && errno == EINTR)
			continue;
		if (r <= 0)
			return -1;
		p = (char *)p + r;
		n -= r;
	}
	return 0;
}

static int
write_full(int fd, const void *p, size_t n)
{
	ssize_t r;

	while (n > 0) {
		if ((r = send(fd, p, n, MSG_NOSIGNAL)) == -1 && errno == EINTR)
			continue;
		if (r <= 0)
			return -1;
		p = (const char *)p + r;
		n -= r;
	}
	return 0;
}

/* The worker: one request at a time until the server closes its end. */
static void
serve(int fd)
{
	struct request rq;
	struct reply rp;
	struct buf out = { 0 };
	char *path;

	while (read_full(fd, &rq, sizeof(rq)) == 0) {
		if (rq.len == 0 || rq.len > MAX_REQUEST ||
		    (path = malloc(rq.len + 1)) == NULL)
			break;
		if (read_full(fd, path, rq.len) == -1)
			break;
		path[rq.len] = '\0';
		out.len = 0;
		rp.mode = 0;
		rp.err = answer(rq.op, path, rq.pid, &out, &rp.mode);
		if (rp.err != 0)
			out.len = 0;
		rp.len = out.len;
		free(path);
		if (write_full(fd, &rp, sizeof(rp)) == -1 ||
		    write_full(fd, out.p, out.len) == -1)
			break;
	}
	_exit(0);
}

/*
 * The server's side: the worker, and the file system operations.
 */

/*
 * Two pools of workers: one for the namespace of this machine, and one
 * for the paths of other machines (/host/NAME/...), which asks the
 * transport helper forked before its sandbox; every worker is
 * sandboxed.  A request takes the first idle worker of its pool, so that
 * a listing never waits behind another reader's slow answer, and the
 * first stays warm for a reader alone.
 */
struct worker {
	pthread_mutex_t	 lock;
	int		 fd;		/* -1: none */
	int		 pidfd;		/* -1: none, or the kernel has none */
	pid_t		 pid;
	struct timespec	 born;
	int		 remote;	/* of the paths of /host/NAME */
	atomic_int	 apid;		/* pid, read without the lock */
};

static struct worker local[WORKERS], remote[WORKERS];

/*
 * When nswatch last heard of a change, in CLOCK_MONOTONIC ns: of a
 * device, an interface, an address, a mount, which no worker born
 * before it may answer for; and of a process or a socket, which come and
 * go as fast as programs run, so that a worker serves CHURN_GRACE_MS
 * past one.  Without that grace every request of a busy machine forked
 * a worker that read its tables afresh, and a find of the mount took
 * forty times as long.
 */
static atomic_llong	 last_change, last_churn;

static struct fuse	*fuse;
static time_t		 mounted;

static long
ms_since(const struct timespec *t)
{
	struct timespec now;

	clock_gettime(CLOCK_MONOTONIC, &now);
	return (now.tv_sec - t->tv_sec) * 1000 +
	    (now.tv_nsec - t->tv_nsec) / 1000000;
}

/*
 * The spawner: a process forked before the server has a thread, which
 * forks every worker.  A fork of the threaded server would copy any
 * lock another thread held at that moment, an allocator's or a
 * library's, and the worker, which runs the whole library, would wait on
 * it forever (POSIX allows such a child async-signal-safe calls only):
 * under AddressSanitizer a worker hung so within seconds of churn.  It
 * is asked with one byte, 'l' for a worker of this machine or 'r' for
 * one of other machines, and answers with the worker's pid, its socket
 * and a pidfd to kill it by.  Its children are reaped by the kernel.
 */
static int		 spawner_fd = -1;
static pthread_mutex_t	 spawner_lock = PTHREAD_MUTEX_INITIALIZER;

/* The worker's life, in the spawner's child: descriptor 3 is its socket,
 * and it holds none of the server's, not the kernel's FUSE device, nor
 * another worker's socket, which kept would hide the end of its input
 * from that worker. */
static void __attribute__((noreturn))
worker_main(int sock, int is_remote)
{
	int i;

	if (sock != 3 && dup2(sock, 3) == -1)
		_exit(1);
	if (close_range(4, ~0U, 0) == -1)
		for (i = 4; i < 1024; i++)
			(void)close(i);
	/* Its own children (the transport helper) are its to reap. */
	signal(SIGCHLD, SIG_DFL);
	/* It reads the namespace and nothing else: it alone is
	 * sandboxed, since the server must still unmount at the end,
	 * through set-uid fusermount3 for a user.  A worker of other
	 * machines forks the transport helper first, as a tool given a
	 * /host path does (rshspawn.c). */
	if (is_remote)
		ns_sandbox_remote();
	else
		ns_sandbox(0);
	serve(3);
	_exit(0);
}

static void __attribute__((noreturn))
spawner_main(int fd, void *arg)
{
	char kind, cbuf[CMSG_SPACE(2 * sizeof(int))];
	struct msghdr mh;
	struct cmsghdr *cm;
	struct iovec iov;
	int sv[2], fds[2];
	pid_t pid;

	/* It dies of the signals the server catches, and with it. */
	signal(SIGINT, SIG_DFL);
	signal(SIGTERM, SIG_DFL);
	signal(SIGHUP, SIG_DFL);
	signal(SIGPIPE, SIG_DFL);
	signal(SIGCHLD, SIG_IGN);
	(void)prctl(PR_SET_PDEATHSIG, SIGKILL);
	(void)arg;
	close(fuse_session_fd(fuse_get_session(fuse)));
	while (recv(fd, &kind, 1, 0) == 1) {
		pid = -1;
		fds[0] = fds[1] = -1;
		if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0,
		    sv) == 0) {
			if ((pid = fork()) == 0) {
				close(fd);
				worker_main(sv[1], kind == 'r');
			}
			close(sv[1]);
			fds[0] = sv[0];
			if (pid > 0)
				fds[1] = (int)syscall(SYS_pidfd_open, pid, 0);
		}
		memset(&mh, 0, sizeof(mh));
		iov.iov_base = &pid;
		iov.iov_len = sizeof(pid);
		mh.msg_iov = &iov;
		mh.msg_iovlen = 1;
		if (pid > 0) {
			mh.msg_control = cbuf;
			mh.msg_controllen = CMSG_SPACE((fds[1] != -1 ? 2 : 1) *
			    sizeof(int));
			cm = CMSG_FIRSTHDR(&mh);
			cm->cmsg_level = SOL_SOCKET;
			cm->cmsg_type = SCM_RIGHTS;
			cm->cmsg_len = CMSG_LEN((fds[1] != -1 ? 2 : 1) *
			    sizeof(int));
			memcpy(CMSG_DATA(cm), fds, (fds[1] != -1 ? 2 : 1) *
			    sizeof(int));
		}
		if (sendmsg(fd, &mh, MSG_NOSIGNAL) == -1)
			_exit(1);
		if (fds[0] != -1)
			close(fds[0]);
		if (fds[1] != -1)
			close(fds[1]);
	}
	_exit(0);
}

/* Fork the spawner, before any thread: 0, or -1 with errno. */
static int
spawner_start(void)
{
	return (spawner_fd = ns_fork_server(spawner_main, NULL)) == -1 ?
	    -1 : 0;
}

/* Retire a worker: an idle one reads the end of its input and exits;
 * a stuck one is killed.  The spawner reaps both. */
static void
retire(struct worker *w, int stuck)
{
	if (w->fd == -1)
		return;
	close(w->fd);
	w->fd = -1;
	atomic_store(&w->apid, 0);
	if (stuck) {
		if (w->pidfd == -1 ||
		    syscall(SYS_pidfd_send_signal, w->pidfd, SIGKILL, NULL,
		    0) == -1)
			kill(w->pid, SIGKILL);
	}
	if (w->pidfd != -1)
		close(w->pidfd);
	w->pidfd = -1;
}

/* A new worker from the spawner: 0, or -1 with errno. */
static int
spawn(struct worker *w)
{
	char cbuf[CMSG_SPACE(2 * sizeof(int))];
	struct msghdr mh = { 0 };
	struct cmsghdr *cm;
	struct iovec iov;
	char kind = w->remote ? 'r' : 'l';
	int fds[2] = { -1, -1 };
	pid_t pid = -1;
	ssize_t n;

	iov.iov_base = &pid;
	iov.iov_len = sizeof(pid);
	mh.msg_iov = &iov;
	mh.msg_iovlen = 1;
	mh.msg_control = cbuf;
	mh.msg_controllen = sizeof(cbuf);
	pthread_mutex_lock(&spawner_lock);
	if (spawner_fd == -1 ||
	    send(spawner_fd, &kind, 1, MSG_NOSIGNAL) != 1 ||
	    (n = recvmsg(spawner_fd, &mh, MSG_CMSG_CLOEXEC)) !=
	    (ssize_t)sizeof(pid)) {
		pthread_mutex_unlock(&spawner_lock);
		errno = EIO;
		return -1;
	}
	pthread_mutex_unlock(&spawner_lock);
	for (cm = CMSG_FIRSTHDR(&mh); cm != NULL; cm = CMSG_NXTHDR(&mh, cm))
		if (cm->cmsg_level == SOL_SOCKET &&
		    cm->cmsg_type == SCM_RIGHTS)
			memcpy(fds, CMSG_DATA(cm), cm->cmsg_len - CMSG_LEN(0));
	if (pid <= 0 || fds[0] == -1) {
		if (fds[0] != -1)
			close(fds[0]);
		errno = EAGAIN;
		return -1;
	}
	w->fd = fds[0];
	w->pidfd = fds[1];
	w->pid = pid;
	atomic_store(&w->apid, pid);
	clock_gettime(CLOCK_MONOTONIC, &w->born);
	return 0;
}

static int
wait_readable(int fd)
{
	struct pollfd p = { fd, POLLIN, 0 };
	int r;

	while ((r = poll(&p, 1, WORKER_WAIT_MS)) == -1 && errno == EINTR)
		;
	return r == 1 ? 0 : -1;
}

/* The first idle worker of a pool, locked; if all are busy, one of them
 * in turn, once it is done. */
static struct worker *
take(struct worker *pool)
{
	static atomic_uint turn;
	size_t i;

	for (i = 0; i < WORKERS; i++)
		if (pthread_mutex_trylock(&pool[i].lock) == 0)
			return &pool[i];
	i = atomic_fetch_add(&turn, 1) % WORKERS;
	pthread_mutex_lock(&pool[i].lock);
	return &pool[i];
}

/* Whether a worker's tables may no longer serve: it is older than
 * WORKER_AGE_MS, or than a change it cannot have seen. */
static int
stale(const struct worker *w)
{
	long long born = (long long)w->born.tv_sec * 1000000000 +
	    w->born.tv_nsec;
	long age = ms_since(&w->born);

	return age > WORKER_AGE_MS || born <= atomic_load(&last_change) ||
	    (age >= CHURN_GRACE_MS && born <= atomic_load(&last_churn));
}

/*
 * Ask a worker about a path: 0 with the answer in *data (malloc'd), or
 * a negative errno for the kernel.  A worker older than WORKER_AGE_MS is
 * replaced first, so that no table it read is older than that.
 */
static int
ask(enum op op, const char *path, char **data, size_t *len, uint32_t *mode)
{
	struct request rq;
	struct reply rp;
	size_t plen = strlen(path);
	char *d = NULL;
	struct worker *w;
	int r, tries;

	rq.op = op;
	rq.pid = (uint32_t)fuse_get_context()->pid;
	rq.len = (uint32_t)plen;
	if (plen == 0 || plen > MAX_REQUEST)
		return -ENAMETOOLONG;
	/* /host lists the configured hosts: this machine's to say. */
	w = take(strncmp(path, "/host/", 6) == 0 && path[6] != '\0' ?
	    remote : local);
	if (w->fd != -1 && stale(w))
		retire(w, 0);
	for (tries = 0;; tries++) {
		if (w->fd == -1 && spawn(w) == -1) {
			pthread_mutex_unlock(&w->lock);
			return -EIO;
		}
		if (write_full(w->fd, &rq, sizeof(rq)) == 0 &&
		    write_full(w->fd, path, plen) == 0)
			break;
		/* A worker that died while idle never saw the request: a
		 * new one is asked, once. */
		retire(w, 1);
		if (tries == 1) {
			pthread_mutex_unlock(&w->lock);
			return -EIO;
		}
	}
	if (wait_readable(w->fd) == -1 ||
	    read_full(w->fd, &rp, sizeof(rp)) == -1 ||
	    (rp.len > 0 && ((d = malloc(rp.len + 1)) == NULL ||
	    read_full(w->fd, d, rp.len) == -1))) {
		/* A worker that died or hangs costs this request only. */
		retire(w, 1);
		pthread_mutex_unlock(&w->lock);
		free(d);
		return -EIO;
	}
	pthread_mutex_unlock(&w->lock);
	if (d != NULL)
		d[rp.len] = '\0';
	if ((r = rp.err) != 0) {
		free(d);
		return -r;
	}
	if (data != NULL)
		*data = d;
	else
		free(d);
	if (len != NULL)
		*len = rp.len;
	if (mode != NULL)
		*mode = rp.mode;
	return 0;
}

/*
 * A provider may stat a file of this very mount (a descriptor that a
 * reader of the mount holds).  The server is waiting for that worker, so
 * such a request is refused at once rather than queued behind it.
 */
static int
from_worker(void)
{
	pid_t pid = fuse_get_context()->pid;
	size_t i;

	for (i = 0; i < WORKERS; i++)
		if (pid == atomic_load(&local[i].apid) ||
		    pid == atomic_load(&remote[i].apid))
			return 1;
	return 0;
}

static void
fill_stat(struct stat *st, uint32_t mode)
{
	memset(st, 0, sizeof(*st));
	st->st_mode = mode | (mode == S_IFDIR ? 0555 :
	    mode == S_IFLNK ? 0777 : 0444);
	/* One link: the number of subdirectories is not known, and find
	 * must not guess it from st_nlink. */
	st->st_nlink = 1;
	st->st_uid = getuid();
	st->st_gid = getgid();
	st->st_atime = st->st_mtime = st->st_ctime = mounted;
	st->st_blksize = 4096;
}

static void *
fs_init(struct fuse_conn_info *conn, struct fuse_config *cfg)
{
	/* Sizes are not known without computing the value: an attribute
	 * file says 0 bytes, as a file of procfs does, and every read
	 * goes to the worker rather than stopping at that size. */
	cfg->direct_io = 1;
	cfg->kernel_cache = 0;
	cfg->auto_cache = 0;
	cfg->use_ino = 0;
	return NULL;
}

static int
fs_getattr(const char *path, struct stat *st, struct fuse_file_info *fi)
{
	uint32_t mode;
	int r;

	if (from_worker())
		return -EACCES;
	if ((r = ask(OP_STAT, path, NULL, NULL, &mode)) != 0)
		return r;
	fill_stat(st, mode);
	return 0;
}

static int
fs_readlink(const char *path, char *buf, size_t size)
{
	char *d;
	size_t len;
	int r;

	if (from_worker())
		return -EACCES;
	if ((r = ask(OP_READLINK, path, &d, &len, NULL)) != 0)
		return r;
	if (size > 0)
		strlcpy(buf, d != NULL ? d : "", size);
	free(d);
	return 0;
}

struct contents {
	char	*data;
	size_t	 len;
};

/* The value is read once, at open: every read(2) of one open file sees
 * the same moment, as a seq_file of procfs does. */
static int
fs_open(const char *path, struct fuse_file_info *fi)
{
	struct contents *c;
	int r;

	if (from_worker())
		return -EACCES;
	if ((fi->flags & O_ACCMODE) != O_RDONLY)
		return -EACCES;
	if ((c = calloc(1, sizeof(*c))) == NULL)
		return -ENOMEM;
	if ((r = ask(OP_READ, path, &c->data, &c->len, NULL)) != 0) {
		free(c);
		return r;
	}
	fi->fh = (uintptr_t)c;
	fi->direct_io = 1;
	return 0;
}

static int
fs_read(const char *path, char *buf, size_t size, off_t off,
    struct fuse_file_info *fi)
{
	struct contents *c = (struct contents *)(uintptr_t)fi->fh;

	if (off < 0 || (size_t)off >= c->len)
		return 0;
	if (size > c->len - off)
		size = c->len - off;
	memcpy(buf, c->data + off, size);
	return (int)size;
}

static int
fs_release(const char *path, struct fuse_file_info *fi)
{
	struct contents *c = (struct contents *)(uintptr_t)fi->fh;

	free(c->data);
	free(c);
	return 0;
}

/* A directory is listed once, at opendir, as a file is read at open:
 * a node not ours to list fails there, as /proc/1/fd does. */
static int
fs_opendir(const char *path, struct fuse_file_info *fi)
{
	struct contents *c;
	int r;

	if (from_worker())
		return -EACCES;
	if ((c = calloc(1, sizeof(*c))) == NULL)
		return -ENOMEM;
	if ((r = ask(OP_LIST, path, &c->data, &c->len, NULL)) != 0) {
		free(c);
		return r;
	}
	fi->fh = (uintptr_t)c;
	return 0;
}

static int
fs_readdir(const char *path, void *buf, fuse_fill_dir_t filler, off_t off,
    struct fuse_file_info *fi, enum fuse_readdir_flags flags)
{
	struct contents *c = (struct contents *)(uintptr_t)fi->fh;
	enum fuse_fill_dir_flags plus = 0;
	struct stat st;
	uint32_t mode;
	char *e;

	/* The kind of every entry is known without computing anything, so
	 * a listing answers ls -l's questions as well. */
	if (flags & FUSE_READDIR_PLUS)
		plus = FUSE_FILL_DIR_PLUS;
	for (e = c->data; e != NULL && e < c->data + c->len;
	    e += strlen(e + 1) + 2) {
		mode = *e == 'd' ? S_IFDIR : *e == 'l' ? S_IFLNK : S_IFREG;
		fill_stat(&st, mode);
		if (filler(buf, e + 1, &st, 0, dot(e + 1) ? 0 : plus))
			break;
	}
	return 0;
}

static const struct fuse_operations ops = {
	.init		= fs_init,
	.getattr	= fs_getattr,
	.readlink	= fs_readlink,
	.open		= fs_open,
	.read		= fs_read,
	.release	= fs_release,
	.opendir	= fs_opendir,
	.readdir	= fs_readdir,
	.releasedir	= fs_release,
};

/*
 * Serve the kernel until the mount goes.  Requests wait on one worker in
 * turn, and a provider may stat a file of this mount while the server
 * waits (see from_worker): that request needs a thread of its own, so
 * there must be more threads than waiting readers are likely.  libfuse
 * 3.12 capped them at ten; before, there was no cap.
 */
static int
loop(void)
{
#if FUSE_USE_VERSION >= 312
	struct fuse_loop_config *cfg;
	int r;

	if ((cfg = fuse_loop_cfg_create()) == NULL)
		return -1;
	fuse_loop_cfg_set_max_threads(cfg, MAX_THREADS);
	r = fuse_loop_mt(fuse, cfg);
	fuse_loop_cfg_destroy(cfg);
	return r;
#else
	return fuse_loop_mt(fuse, 0);
#endif
}

/*
 * What nswatch hears, the mount forgets: the kernel's cached name and
 * attributes of the object that changed and, for one that came or went,
 * its directory's; and the next request goes to a worker born after the
 * change (ask).  So the mount is as fresh as the event's delivery where
 * the kernel tells of a change, and a second old where it does not.
 */
/* Set, under the lock, before the mount goes: the watch, which runs
 * until the process ends, then tells it nothing more. */
static pthread_mutex_t	 watch_lock = PTHREAD_MUTEX_INITIALIZER;
static int		 watch_stopped;

static void
changed(const char *action, const char *path, void *arg)
{
	struct timespec now;
	char *dir, *slash;

	(void)arg;
	pthread_mutex_lock(&watch_lock);
	if (watch_stopped) {
		pthread_mutex_unlock(&watch_lock);
		return;
	}
	clock_gettime(CLOCK_MONOTONIC, &now);
	atomic_store(strncmp(path, "/proc/", 6) == 0 ||
	    strncmp(path, "/sock/", 6) == 0 ? &last_churn : &last_change,
	    (long long)now.tv_sec * 1000000000 + now.tv_nsec);
	(void)fuse_invalidate_path(fuse, path);
	if (strcmp(action, "change") != 0 && (dir = strdup(path)) != NULL) {
		if ((slash = strrchr(dir, '/')) != NULL) {
			slash[slash == dir] = '\0';
			(void)fuse_invalidate_path(fuse, dir);
		}
		free(dir);
	}
	pthread_mutex_unlock(&watch_lock);
}

/* Set once the watch listens, or has given up: the mount answers
 * nothing before, so that a change made after an answer is heard. */
static pthread_cond_t	 watch_cond = PTHREAD_COND_INITIALIZER;
static int		 watch_ready;

static void
listening(int ok, void *arg)
{
	(void)ok;
	(void)arg;
	pthread_mutex_lock(&watch_lock);
	watch_ready = 1;
	pthread_cond_signal(&watch_cond);
	pthread_mutex_unlock(&watch_lock);
}

/*
 * The watch runs in a process of its own, forked before any thread as
 * the spawner is: it forks a worker for every listing (watch-list.c), and a
 * fork of the threaded server would copy whatever lock another thread
 * held.  It sends one byte first, '1' once it listens or '0' if it
 * cannot, then each change as one record, ACTION NUL PATH; a thread of
 * the server reads them (watch_reader).  It dies with the server.
 */
static int	 watch_fd = -1;
static pid_t	 server_pid;

static void
send_change(const char *action, const char *path, void *arg)
{
	struct iovec iov[2] = {
		{ (void *)action, strlen(action) + 1 },
		{ (void *)path, strlen(path) },
	};
	struct msghdr mh = { .msg_iov = iov, .msg_iovlen = 2 };
	int fd = *(int *)arg;

	/* The server is gone: so is the reason to watch. */
	if (sendmsg(fd, &mh, MSG_NOSIGNAL) == -1)
		_exit(0);
}

static void
send_ready(int ok, void *arg)
{
	char c = ok ? '1' : '0';

	if (send(*(int *)arg, &c, 1, MSG_NOSIGNAL) != 1)
		_exit(0);
}

static void __attribute__((noreturn))
watch_main(int fd, void *arg)
{
	(void)arg;
	signal(SIGINT, SIG_DFL);
	signal(SIGTERM, SIG_DFL);
	signal(SIGHUP, SIG_DFL);
	signal(SIGPIPE, SIG_DFL);
	(void)prctl(PR_SET_PDEATHSIG, SIGKILL);
	if (getppid() != server_pid)
		_exit(0);
	close(fuse_session_fd(fuse_get_session(fuse)));
	if (spawner_fd != -1)
		close(spawner_fd);
	ns_watch_serve(send_change, send_ready, &fd);
	_exit(0);
}

/* The longest record read: a canonical path is at most PATH_MAX bytes,
 * four times that escaped; one longer is not one of ours. */
#define WATCH_RECORD	(4 * PATH_MAX + 64)

static void *
watch_reader(void *arg)
{
	char *buf, *sep;
	ssize_t n;

	(void)arg;
	buf = ns_xmalloc(WATCH_RECORD + 1);
	while ((n = recv(watch_fd, buf, WATCH_RECORD, MSG_TRUNC)) > 0 ||
	    (n == -1 && errno == EINTR)) {
		if (n <= 0 || n > WATCH_RECORD)
			continue;
		buf[n] = '\0';
		if (n == 1)
			listening(buf[0] == '1', NULL);
		else if ((sep = memchr(buf, '\0', n)) != NULL &&
		    sep < buf + n - 1)
			changed(buf, sep + 1, NULL);
	}
	/* The watch ended: the mount waits for it no more. */
	listening(0, NULL);
	free(buf);
	return NULL;
}

/* Fork the watch, before any thread: 0, or -1 with errno. */
static int
watch_start(void)
{
	server_pid = getpid();
	return (watch_fd = ns_fork_server(watch_main, NULL)) == -1 ? -1 : 0;
}

/* Wait, a few seconds at most, until the watch listens. */
static void
await_watch(void)
{
	struct timespec until;

	clock_gettime(CLOCK_REALTIME, &until);
	until.tv_sec += 5;
	pthread_mutex_lock(&watch_lock);
	while (!watch_ready && pthread_cond_timedwait(&watch_cond,
	    &watch_lock, &until) == 0)
		;
	pthread_mutex_unlock(&watch_lock);
}

/*
 * fuse_new, its messages said as every message of the tool is: libfuse
 * writes "fuse: unknown option(s): `-o bogus'" on standard error, which
 * names neither the tool nor the option escaped.  They are caught in a
 * pipe (a few lines, far less than it holds) and said again.
 */
static struct fuse *
new_fuse(struct fuse_args *args)
{
	static const char unknown[] = "unknown option(s): `";
	struct fuse *f;
	char buf[4096], *line, *next, *q;
	ssize_t n;
	int p[2], saved;

	if (pipe2(p, O_CLOEXEC | O_NONBLOCK) == -1 ||
	    (saved = fcntl(STDERR_FILENO, F_DUPFD_CLOEXEC, 3)) == -1)
		err(1, "pipe");
	fflush(stderr);
	(void)dup2(p[1], STDERR_FILENO);
	close(p[1]);
	f = fuse_new(args, &ops, sizeof(ops), NULL);
	fflush(stderr);
	(void)dup2(saved, STDERR_FILENO);
	close(saved);
	n = read(p[0], buf, sizeof(buf) - 1);
	close(p[0]);
	buf[n > 0 ? n : 0] = '\0';
	for (line = buf; *line != '\0'; line = next) {
		if ((next = strchr(line, '\n')) != NULL)
			*next++ = '\0';
		else
			next = line + strlen(line);
		if (strncmp(line, "fuse: ", 6) == 0)
			line += 6;
		if (strncmp(line, unknown, sizeof(unknown) - 1) == 0 &&
		    line[strlen(line) - 1] == '\'') {
			line += sizeof(unknown) - 1;
			line[strlen(line) - 1] = '\0';
			if (strncmp(line, "-o ", 3) == 0)
				line += 3;
			if ((q = ns_quote(line)) == NULL)
				err(1, NULL);
			warnx("-o %s: unknown option", q);
		} else {
			if ((q = ns_quote(line)) == NULL)
				err(1, NULL);
			warnx("%s", q);
		}
		free(q);
	}
	return f;
}

/* Mount, serve until unmounted, and clean up: the exit status. */
static int
serve_mount(struct fuse_args *args, const char *mountpoint, int foreground)
{
	struct fuse_session *se;
	pthread_t watch;
	size_t i;
	int r;

	mounted = time(NULL);
	/* fuse_new says what is wrong with an option itself: an option
	 * it does not know is a usage error. */
	if ((fuse = new_fuse(args)) == NULL)
		return 2;
	if (fuse_mount(fuse, mountpoint) == -1) {
		fuse_destroy(fuse);
		return 1;
	}
	se = fuse_get_session(fuse);
	if (fuse_set_signal_handlers(se) == -1 ||
	    fuse_daemonize(foreground) == -1) {
		fuse_unmount(fuse);
		fuse_destroy(fuse);
		return 1;
	}
	/* After daemonizing, which no thread would outlive; the spawner
	 * and the watch first, while there is none. */
	if (spawner_start() == -1)
		warn("cannot start the process that starts workers");
	if (watch_start() == -1)
		warn("cannot start the process that watches for changes");
	else if (pthread_create(&watch, NULL, watch_reader, NULL) == 0) {
		pthread_detach(watch);
		await_watch();
	}
	r = loop();
	pthread_mutex_lock(&watch_lock);
	watch_stopped = 1;
	pthread_mutex_unlock(&watch_lock);
	for (i = 0; i < WORKERS; i++) {
		pthread_mutex_lock(&local[i].lock);
		retire(&local[i], 0);
		pthread_mutex_unlock(&local[i].lock);
		pthread_mutex_lock(&remote[i].lock);
		retire(&remote[i], 0);
		pthread_mutex_unlock(&remote[i].lock);
	}
	if (spawner_fd != -1)
		close(spawner_fd);
	/* The reader may still be in recv on it: shut, not closed, so the
	 * descriptor is not reused under it; the watch dies with us. */
	if (watch_fd != -1)
		shutdown(watch_fd, SHUT_RDWR);
	fuse_remove_signal_handlers(se);
	fuse_unmount(fuse);
	fuse_destroy(fuse);
	return r == 0 ? 0 : 1;
}

static void	usage(int);

/*
 * -o's options go to libfuse, which quotes one it refuses as it was
 * typed: an empty one, or one with a byte that is not printable ASCII
 * (no option has one), is refused here, escaped.
 */
static void
add_options(struct fuse_args *args, char *list)
{
	char **v, **o, *p, *q;

	if (fuse_opt_add_arg(args, "-o") == -1 ||
	    fuse_opt_add_arg(args, list) == -1)
		err(1, NULL);
	if ((v = ns_optlist('o', "option", list)) == NULL)
		usage(2);
	for (o = v; *o != NULL; o++) {
		for (p = *o; *p >= ' ' && *p < 0x7f; p++)
			;
		if (*p == '\0')
			continue;
		if ((q = ns_quote(*o)) == NULL)
			err(1, NULL);
		warnx("-o: bad option '%s'", q);
		free(q);
		free(v);
		usage(2);
	}
	free(v);
}

/* A mount point libfuse cannot reach it would quote raw: said here,
 * escaped, as any input that names nothing. */
static int
check_mountpoint(const char *path)
{
	struct stat st;
	char *q;
	int e;

	if (stat(path, &st) == -1)
		e = errno;
	else if (!S_ISDIR(st.st_mode))
		e = ENOTDIR;
	else
		return 0;
	if ((q = ns_quote(path)) == NULL)
		err(1, NULL);
	warnx("%s: %s", q, strerror(e));
	free(q);
	return -1;
}

int
main(int argc, char *argv[])
{
	static const struct option longopts[] = {
		{ "foreground",		no_argument,		NULL, 'f' },
		{ "options",		required_argument,	NULL, 'o' },
		NS_LAST_LONGOPTS
	};
	static const struct ns_tool tool = { "nsmount",
	    "fo:" NS_HELP_OPTS, longopts, usage };
	struct fuse_args args = FUSE_ARGS_INIT(0, NULL);
	int ch, foreground = 0, r;
	size_t i;

	for (i = 0; i < WORKERS; i++) {
		local[i].fd = remote[i].fd = -1;
		local[i].pidfd = remote[i].pidfd = -1;
		remote[i].remote = 1;
		if (pthread_mutex_init(&local[i].lock, NULL) != 0 ||
		    pthread_mutex_init(&remote[i].lock, NULL) != 0)
			errx(1, "cannot make a lock");
	}
	if (fuse_opt_add_arg(&args, "nsmount") == -1 ||
	    fuse_opt_add_arg(&args, "-o") == -1 ||
	    fuse_opt_add_arg(&args, DEFAULT_OPTIONS) == -1)
		err(1, NULL);
	/* No output flags: -o is libfuse's options. */
	while ((ch = ns_getopt(&tool, argc, argv, NULL)) != -1) {
		switch (ch) {
		case 'f':
			foreground = 1;
			break;
		case 'o':
			add_options(&args, optarg);
			break;
		}
	}
	argc -= optind;
	argv += optind;
	if (argc != 1)
		usage(2);
	if (check_mountpoint(argv[0]) == -1) {
		fuse_opt_free_args(&args);
		return 1;
	}

	r = serve_mount(&args, argv[0], foreground);
	fuse_opt_free_args(&args);
	return r;
}

static void
usage(int status)
{
	ns_usage(status,
	    "usage: nsmount [-f] [-o options] mountpoint\n",
	    "\nMount the namespace, read-only, for every program.\n\n"
	    " -f, --foreground    stay in the foreground\n"
	    " -o, --options LIST  FUSE and mount options, "
	    "comma-separated\n"
	    NS_USAGE_HELP
	    "\nUnmount with fusermount3 -u or umount.  "
	    "See nsmount(1) and nstools(7).\n");
}
