/*
 * core.c: the provider registry, objects, listing and the resolver that
 * turns whatever a user has in hand into a canonical path; and the set
 * of objects a run passed over, so that each is counted once however
 * many scans (a walk, the index of every descriptor, the namespaces'
 * scan of every process) meet it.
 *
 * It also holds, once, the services every provider borrows: memory that
 * is there or the run ends (err(1), as OpenBSD's xmalloc), the walk of
 * every process in /proc, which the descriptor index, the namespaces'
 * scan and the sockets' holders all make without the /proc provider, and
 * the names of users and groups that summaries print.
 */
#include <sys/types.h>

#include <dirent.h>
#include <err.h>
#include <errno.h>
#include <grp.h>
#include <limits.h>
#include <pthread.h>
#include <pwd.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "provider.h"
#include "core.h"
#include "remotefs.h"

/* Where the linker gathers what NS_PROVIDER registers; weak, for a
 * program that links no provider (a parser's fuzz target). */
extern const struct ns_provider *const __start_nstools_providers[]
    __attribute__((weak));
extern const struct ns_provider *const __stop_nstools_providers[]
    __attribute__((weak));

/* Every provider, sorted once, in the order recognize is tried: fs
 * takes every real file that no other provider claims, so it comes last
 * (its fallback field); apart from that the order is by name. */
static const struct ns_provider **providers;
/* The same by name alone, the fallback among them: the root's order. */
static const struct ns_provider **byname;
static size_t nproviders;
static pthread_once_t providers_once = PTHREAD_ONCE_INIT;

static ns_list_fn	root_list;
static ns_get_fn	root_summary;

const struct ns_attr ns_no_attrs[] = {
	{ NULL }
};

static const struct ns_class root_class = {
	.type = "root",
	.attrs = ns_no_attrs,
	.list = root_list,
	.summary = root_summary,
};

static int
cmp_provider(const void *a, const void *b)
{
	const struct ns_provider *x = *(const struct ns_provider *const *)a;
	const struct ns_provider *y = *(const struct ns_provider *const *)b;

	if (x->fallback != y->fallback)
		return x->fallback - y->fallback;
	return strcmp(x->name, y->name);
}

static int
cmp_provider_name(const void *a, const void *b)
{
	return strcmp((*(const struct ns_provider *const *)a)->name,
	    (*(const struct ns_provider *const *)b)->name);
}

static void
providers_load(void)
{
	size_t n = 0;

	if (__start_nstools_providers != NULL)
		n = (size_t)(__stop_nstools_providers -
		    __start_nstools_providers);
	providers = ns_xcallocarray(n + 1, sizeof(*providers));
	if (n > 0)
		memcpy(providers, __start_nstools_providers,
		    n * sizeof(*providers));
	qsort(providers, n, sizeof(*providers), cmp_provider);
	byname = ns_xcallocarray(n + 1, sizeof(*byname));
	if (n > 0)
		memcpy(byname, providers, n * sizeof(*byname));
	qsort(byname, n, sizeof(*byname), cmp_provider_name);
	nproviders = n;
}

const struct ns_provider *const *
ns_providers(size_t *n)
{
	(void)pthread_once(&providers_once, providers_load);
	*n = nproviders;
	return providers;
}

static const struct ns_provider *
provider_named(const char *name)
{
	size_t i, n;

	/* A descriptor's socket or file is resolved a row: the first
	 * byte tells most providers apart without a call. */
	for (i = 0, ns_providers(&n); i < n; i++)
		if (providers[i]->name[0] == name[0] &&
		    strcmp(providers[i]->name, name) == 0)
			return providers[i];
	return NULL;
}

int
ns_obj_set(struct ns_obj *o, const struct ns_class *cls, const char *fmt, ...)
{
	va_list ap, aq;
	char buf[256], *path;
	int n;

	va_start(ap, fmt);
	/* A path set as it is, once a row of a listing: not through
	 * printf; a short one formatted on the stack, as most are. */
	if (strcmp(fmt, "%s") == 0)
		path = ns_xstrdup(va_arg(ap, const char *));
	else {
		va_copy(aq, ap);
		n = ns_vfmt(buf, sizeof(buf), fmt, aq);
		va_end(aq);
		path = n >= 0 && (size_t)n < sizeof(buf) ? ns_xstrdup(buf) :
		    ns_xvasprintf(fmt, ap);
	}
	va_end(ap);
	free(o->path);
	o->path = path;
	o->cls = cls;
	/* Another object now: no value kept is its. */
	if (o->memo != NULL)
		ns_memo_free(o);
	return 0;
}

void
ns_obj_clear(struct ns_obj *o)
{
	ns_memo_free(o);
	if (o->priv != NULL && o->cls != NULL && o->cls->release != NULL)
		o->cls->release(o);
	free(o->path);
	memset(o, 0, sizeof(*o));
}

void
ns_obj_free(struct ns_obj *o)
{
	if (o == NULL)
		return;
	ns_obj_clear(o);
	free(o);
}

struct ns_obj *
ns_obj_dup(const struct ns_obj *o)
{
	struct ns_obj *d;

	if ((d = calloc(1, sizeof(*d))) == NULL ||
	    (d->path = strdup(o->path)) == NULL)
		err(1, NULL);
	d->cls = o->cls;
	memcpy(d->id, o->id, sizeof(d->id));
	/* priv is not shared: the copy loads its own when asked.  The
	 * values a filter read go with it, for its row. */
	ns_memo_copy(d, o);
	return d;
}

const char *
ns_obj_path(const struct ns_obj *o)
{
	return o->path;
}

int
ns_obj_isnode(const struct ns_obj *o)
{
	return o->cls->list != NULL;
}

int
ns_list(struct ns_obj *o, ns_emit_fn emit, void *arg)
{
	if (o->cls->list == NULL) {
		errno = ENOTDIR;
		return -1;
	}
	return o->cls->list(o, emit, arg) < 0 ? -1 : 0;
}

static int
root_list(struct ns_obj *o, ns_emit_fn emit, void *arg)
{
	const struct ns_provider *p;
	struct ns_obj c = { 0 };
	size_t i, n;
	int stop = 0;

	/* By name, the fallback (fs) too. */
	(void)ns_providers(&n);
	for (i = 0; i < n && !stop; i++) {
		p = byname[i];
		if (p->lookup(&c, NULL, 0) == -1) {
			ns_obj_clear(&c);
			continue;
		}
		stop = emit(&c, arg);
		ns_obj_clear(&c);
	}
	return stop ? 1 : 0;
}

static int
root_summary(struct ns_obj *o, struct ns_val *v)
{
	ns_val_add(v, "the root of the namespace");
	return 0;
}

/*
 * Split a namespace path into its components in place.  "." goes and ".."
 * takes the component before it away, as a path is read by a person; only
 * a file tree, where a symbolic link makes ".." mean something else,
 * keeps them for the provider to resolve against the real tree.
 */
static int
split(char *path, char ***compp)
{
	char **comp = NULL, *s, *next;
	int n = 0, cap = 0, literal = 0;

	for (s = path; s != NULL; s = next) {
		while (*s == '/')
			s++;
		if (*s == '\0')
			break;
		if ((next = strchr(s, '/')) != NULL)
			*next++ = '\0';
		if (!literal && strcmp(s, ".") == 0)
			continue;
		if (!literal && strcmp(s, "..") == 0) {
			if (n > 0)
				n--;
			continue;
		}
		if (n == cap) {
			cap = cap ? cap * 2 : 8;
			comp = ns_xreallocarray(comp, cap, sizeof(*comp));
		}
		comp[n++] = s;
		/* /fs, and another mount namespace's tree,
		 * /ns/mnt/INODE/fs. */
		if (strcmp(s, "fs") == 0 && (n == 1 || (n == 4 &&
		    strcmp(comp[0], "ns") == 0 && strcmp(comp[1], "mnt") == 0)))
			literal = 1;
	}
	*compp = comp;
	return n;
}

/* A path in the namespace: 0, or -1 with errno (ENOENT: not ours, or no
 * such object); *owned, where given, is set when a node of ours took it. */
static int
resolve_ns(struct ns_obj *o, char *path, int *owned)
{
	const struct ns_provider *p;
	char **comp;
	int n, r;

	n = split(path, &comp);
	if (n == 0) {
		free(comp);
		return ns_obj_set(o, &root_class, "/");
	}
	if ((p = provider_named(comp[0])) == NULL) {
		free(comp);
		errno = ENOENT;
		return -1;
	}
	if (owned != NULL)
		*owned = 1;
	r = p->lookup(o, comp + 1, n - 1);
	free(comp);
	return r;
}

/*
 * realpath(3) into a buffer of PATH_MAX, waited for only so long where
 * a file server may be asked (remotefs.c): a user's path may lie on a
 * mount whose server is gone.
 */
static char *
real_path_of(const char *path, char *real)
{
	char *s;

	if ((s = ns_path_real(path, 1)) == NULL)
		return NULL;
	if (strlcpy(real, s, PATH_MAX) >= PATH_MAX) {
		free(s);
		errno = ENAMETOOLONG;
		return NULL;
	}
	free(s);
	return real;
}

/*
 * The real path of the directory a name is in, and the name: for a magic
 * link, which realpath(3) cannot follow.  "." and ".." as the last name
 * would make the path no canonical one.
 */
static int
real_dir(const char *input, char *real, size_t size)
{
	char buf[PATH_MAX], dir[PATH_MAX], *slash, *name;
	const char *d;
	size_t len;

	if (strlcpy(buf, input, sizeof(buf)) >= sizeof(buf)) {
		errno = ENAMETOOLONG;
		return -1;
	}
	for (len = strlen(buf); len > 1 && buf[len - 1] == '/'; len--)
		buf[len - 1] = '\0';
	if ((slash = strrchr(buf, '/')) == NULL) {
		d = ".";
		name = buf;
	} else {
		*slash = '\0';
		d = slash == buf ? "/" : buf;
		name = slash + 1;
	}
	if (*name == '\0' || strcmp(name, ".") == 0 ||
	    strcmp(name, "..") == 0)
		return ns_none();
	if (real_path_of(d, dir) == NULL)
		return -1;
	if ((size_t)snprintf(real, size, "%s/%s",
	    strcmp(dir, "/") == 0 ? "" : dir, name) >= size) {
		errno = ENAMETOOLONG;
		return -1;
	}
	return 0;
}

/* A real file, by stat: the first provider that claims it.  A file
 * server that does not answer makes it ETIMEDOUT. */
static int
resolve_real(struct ns_obj *o, const char *input)
{
	char real[PATH_MAX];
	struct stat st;
	size_t i, n;
	int r;

	if (ns_path_stat(input, 0, &st, 0, 1) == -1) {
		/* A component that is not a directory names nothing too. */
		if (errno == ENOTDIR)
			errno = ENOENT;
		return -1;
	}
	if (real_path_of(input, real) == NULL) {
		/* A magic link such as /proc/PID/ns/net reaches a file whose
		 * link text ("net:[4026531840]") is no path: the providers
		 * get the real directory and the link's own name, and
		 * stat(2) says what it is. */
		if (errno != ENOENT || real_dir(input, real, sizeof(real)) == -1)
			return -1;
	}
	for (i = 0, ns_providers(&n); i < n; i++) {
		if (providers[i]->recognize == NULL)
			continue;
		ns_obj_clear(o);
		if ((r = providers[i]->recognize(o, real, &st)) != 0)
			return r == 1 ? 0 : -1;
	}
	errno = ENOENT;
	return -1;
}

/* An identifier such as b8:0 or n2. */
static int
resolve_ident(struct ns_obj *o, const char *s)
{
	size_t i, n;
	int r;

	for (i = 0, ns_providers(&n); i < n; i++) {
		if (providers[i]->ident == NULL)
			continue;
		ns_obj_clear(o);
		if ((r = providers[i]->ident(o, s)) != 0)
			return r == 1 ? 0 : -1;
	}
	errno = ENOENT;
	return -1;
}

int
ns_resolve_into(struct ns_obj *o, const char *input)
{
	char *s, *path;
	int r, e, owned = 0;

	memset(o, 0, sizeof(*o));
	if (*input == '\0')
		return ns_none();
	if ((s = strdup(input)) == NULL || (path = strdup(input)) == NULL)
		err(1, NULL);
	ns_unescape(s);
	ns_unescape(path);
	if (*s == '/') {
		/* The namespace wins where both readings exist. */
		if ((r = resolve_ns(o, path, &owned)) == 0 || errno != ENOENT)
			goto out;
		ns_obj_clear(o);
		/* Where a node of ours said "no such object" (a descriptor
		 * closed meanwhile), the file the same path reaches (the
		 * descriptor reopened) may be too deep for a path of ours:
		 * that is no object either. */
		if (owned) {
			if ((r = resolve_real(o, s)) != 0 &&
			    errno == ENAMETOOLONG)
				errno = ENOENT;
			goto out;
		}
	} else {
		if ((r = resolve_ident(o, s)) == 0 || errno != ENOENT)
			goto out;
		ns_obj_clear(o);
	}
	r = resolve_real(o, s);
out:
	e = errno;
	if (r != 0)
		ns_obj_clear(o);
	free(s);
	free(path);
	errno = e;
	return r == 0 ? 0 : -1;
}

/*
 * A path a provider made, into o: canonical and not escaped, so that it
 * is looked up as it is, with no copy to undo escapes in (a backslash in
 * a file's name is the name's).
 */
int
ns_resolve_path(struct ns_obj *o, const char *path)
{
	char buf[512], *s = buf;
	size_t len = strlen(path);
	int r, e;

	memset(o, 0, sizeof(*o));
	if (*path != '/')
		return ns_none();
	if (len >= sizeof(buf) && (s = malloc(len + 1)) == NULL)
		err(1, NULL);
	memcpy(s, path, len + 1);
	if ((r = resolve_ns(o, s, NULL)) == -1) {
		e = errno;
		ns_obj_clear(o);
		errno = e;
	}
	if (s != buf)
		free(s);
	return r;
}

struct ns_obj *
ns_lookup_path(const char *path)
{
	struct ns_obj *o;
	int e;

	o = ns_xmalloc(sizeof(*o));
	if (ns_resolve_path(o, path) == 0)
		return o;
	e = errno;
	free(o);
	errno = e;
	return NULL;
}

struct ns_obj *
ns_resolve(const char *input)
{
	struct ns_obj *o;

	o = ns_xmalloc(sizeof(*o));
	if (ns_resolve_into(o, input) == -1) {
		free(o);
		return NULL;
	}
	return o;
}

uint64_t
ns_self_ns(const char *type, uint64_t *here)
{
	char path[32];
	struct stat st;

	snprintf(path, sizeof(path), "/proc/self/ns/%s", type);
	if (*here == 0 && stat(path, &st) == 0)
		*here = st.st_ino;
	return *here;
}

/* Only thread group leaders show up in a listing of /proc. */
int
ns_proc_each(int (*fn)(uint64_t pid, void *), void *arg)
{
	struct dirent *d;
	uint64_t pid;
	DIR *dir;
	int stop = 0;

	if ((dir = opendir("/proc")) == NULL)
		return ns_fail("/proc", errno);
	while (!stop && (d = readdir(dir)) != NULL)
		if (ns_parse_u64(d->d_name, INT_MAX, &pid) == 0 && pid != 0)
			stop = fn(pid, arg);
	closedir(dir);
	return stop;
}

/*
 * The names of a few ids, for summaries.  A listing's rows mostly share
 * a few owners, and a lookup may be a query to a directory service, so
 * the last NAME_CACHE ids asked for, named or not, are remembered.  An
 * id the database lacks reads as its number.  The name returned holds
 * until the next call.
 */
#define NAME_CACHE	16

struct name_cache {
	struct {
		uint64_t id;
		int	 used;
		char	 name[64];
	}		 ent[NAME_CACHE];
	unsigned	 next;		/* the oldest entry, to give over */
};

/* The name of id in the cache c, asked of lookup (NULL: no name) the
 * first time. */
static const char *
cached_name(struct name_cache *c, uint64_t id,
    const char *(*lookup)(uint64_t))
{
	const char *name;
	unsigned i;

	for (i = 0; i < NAME_CACHE; i++)
		if (c->ent[i].used && c->ent[i].id == id)
			return c->ent[i].name;
	i = c->next;
	c->next = (c->next + 1) % NAME_CACHE;
	c->ent[i].id = id;
	c->ent[i].used = 1;
	if (id <= UINT32_MAX && (name = lookup(id)) != NULL)
		strlcpy(c->ent[i].name, name, sizeof(c->ent[i].name));
	else
		snprintf(c->ent[i].name, sizeof(c->ent[i].name), "%llu",
		    (unsigned long long)id);
	return c->ent[i].name;
}

static const char *
passwd_name(uint64_t uid)
{
	struct passwd *pw = getpwuid((uid_t)uid);

	return pw != NULL ? pw->pw_name : NULL;
}

static const char *
group_name(uint64_t gid)
{
	struct group *gr = getgrgid((gid_t)gid);

	return gr != NULL ? gr->gr_name : NULL;
}

const char *
ns_user_name(uint64_t uid)
{
	static struct name_cache users;

	return cached_name(&users, uid, passwd_name);
}

const char *
ns_group_name(uint64_t gid)
{
	static struct name_cache groups;

	return cached_name(&groups, gid, group_name);
}
