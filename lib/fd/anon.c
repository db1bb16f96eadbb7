/*
 * anon.c: the /anon provider: anonymous-inode objects, by kind and id.
 *
 * Most anonymous-inode descriptors share one inode, so the inode names
 * none of them.  Where the kernel gives an object an id of its own (an
 * eventfd's eventfd-id, a bpf map's or program's id) that id is its
 * name, /anon/KIND/ID; a memfd is a file with no path, named by its
 * inode.  The other kinds (epoll, timerfd, signalfd, inotify...) have
 * nothing but the descriptor that holds them: listing /anon/KIND gives
 * those descriptors' paths.  Everything here is found by the one scan
 * of every descriptor (fd.c's index).  A memfd, a secretmem area or a
 * bpf map can be held by no descriptor at all, as a process's program
 * (fexecve(3) of a memfd) or a mapping: such an object is looked for
 * among every process's associations too, which costs a read of every
 * maps file, only when no descriptor holds it or its kind is listed.
 * A bpf program that only a link holds is found through the link.
 */
#include <err.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "columns.h"
#include "provider.h"
#include "fdindex.h"
#include "fdparse.h"

/* An anonymous object's id: the kernel's id of it. */
NS_OBJ_ID(0, anon_id, anon_set_id)

static ns_list_fn	top_list, kind_list;
static ns_get_fn	top_summary, kind_summary, obj_summary, get_kind,
    get_id, get_counter, get_bpf_type, get_bpf_tag, get_bpf_name, get_bpf_prog,
    get_size, get_attached;

static const struct ns_attr kind_attrs[] = {
	NS_COL_KIND(get_kind),
	{ NULL }
};

#define ANON_COMMON \
	NS_COL_KIND(get_kind), \
	{ "id", NS_NUMBER, "the object's number in the kernel: a mount id, " \
	    "an eventfd or bpf id, a memfd's inode", get_id }, \
	NS_ATTR_FDS

static const struct ns_attr eventfd_attrs[] = {
	ANON_COMMON,
	NS_COL_COUNTER(get_counter),
	{ NULL }
};

static const struct ns_attr bpf_attrs[] = {
	ANON_COMMON,
	NS_COL_BPF_TYPE(get_bpf_type),
	NS_COL_BPF_TAG(get_bpf_tag),
	NS_COL_BPF_NAME(get_bpf_name),
	{ "attached", NS_LINKS, "the processes that have it mapped or run "
	    "it as their program", get_attached },
	{ NULL }
};

static const struct ns_attr bpf_link_attrs[] = {
	ANON_COMMON,
	NS_COL_BPF_TYPE(get_bpf_type),
	NS_COL_BPF_PROG(get_bpf_prog),
	{ NULL }
};

static const struct ns_attr memfd_attrs[] = {
	ANON_COMMON,
	NS_COL_SIZE(get_size),
	{ "attached", NS_LINKS, "the processes that have it mapped or run "
	    "it as their program", get_attached },
	{ NULL }
};

static const struct ns_class top_class = {
	.type = "anon",
	.attrs = ns_no_attrs,
	.list = top_list,
	.summary = top_summary,
};

static const struct ns_class kind_class = {
	.type = "anonkind",
	.attrs = kind_attrs,
	.list = kind_list,
	.summary = kind_summary,
};

static const struct ns_class eventfd_class = {
	.type = "eventfd",
	.attrs = eventfd_attrs,
	.summary = obj_summary,
};

static const struct ns_class bpf_map_class = {
	.type = "bpf-map",
	.attrs = bpf_attrs,
	.summary = obj_summary,
};

static const struct ns_class bpf_prog_class = {
	.type = "bpf-prog",
	.attrs = bpf_attrs,
	.summary = obj_summary,
};

static const struct ns_class bpf_link_class = {
	.type = "bpf_link",
	.attrs = bpf_link_attrs,
	.summary = obj_summary,
};

static const struct ns_class memfd_class = {
	.type = "memfd",
	.attrs = memfd_attrs,
	.summary = obj_summary,
};

static const struct ns_class secretmem_class = {
	.type = "secretmem",
	.attrs = memfd_attrs,
	.summary = obj_summary,
};

/* The kinds whose objects have ids, one row each: the link text of a
 * descriptor of it, what its node lists, whether a process can hold
 * one other than by a descriptor (mapped, or run as its program), and
 * the class of its objects. */
static const struct idkind {
	const char		*name;
	const char		*link;
	const char		*what;
	int			 mappable;
	const struct ns_class	*cls;
} idkinds[] = {
	{ "bpf-map", "anon_inode:bpf-map", "bpf maps, by map id", 1,
	    &bpf_map_class },
	{ "bpf-prog", "anon_inode:bpf-prog", "bpf programs, by program id",
	    0, &bpf_prog_class },
	{ "bpf_link", "anon_inode:bpf_link", "bpf links, by link id", 0,
	    &bpf_link_class },
	{ "eventfd", "anon_inode:[eventfd]", "event counters, by eventfd id",
	    0, &eventfd_class },
	{ "memfd", "/memfd:", "files in memory with no path, by inode", 1,
	    &memfd_class },
	{ "secretmem", "/secretmem", "memory even the kernel does not map, "
	    "by inode", 1, &secretmem_class },
};
#define NIDKINDS	(sizeof(idkinds) / sizeof(idkinds[0]))

static const struct idkind *
idkind_named(const char *name)
{
	size_t i;

	for (i = 0; i < NIDKINDS; i++)
		if (strcmp(idkinds[i].name, name) == 0)
			return &idkinds[i];
	return NULL;
}

/* The class of "anon_inode:[eventfd]" or "anon_inode:inotify". */
static int
class_of_link(const char *link, char *buf, size_t size)
{
	const char *s;
	size_t n;

	if (strncmp(link, "anon_inode:", 11) != 0)
		return -1;
	s = link + 11;
	if (*s == '[')
		s++;
	n = strlen(s);
	if (n > 0 && s[n - 1] == ']')
		n--;
	if (n == 0 || n >= size)
		return -1;
	memcpy(buf, s, n);
	buf[n] = '\0';
	return 0;
}

/* Every kind there is: those with ids, and each class the descriptors
 * of this run show. */
static struct {
	int	 loaded;
	char	**name;
	size_t	 n;
} kinds;

static void
add_kind(const char *name)
{
	size_t i;

	for (i = 0; i < kinds.n; i++)
		if (strcmp(kinds.name[i], name) == 0)
			return;
	if ((kinds.name = reallocarray(kinds.name, kinds.n + 1,
	    sizeof(*kinds.name))) == NULL ||
	    (kinds.name[kinds.n] = strdup(name)) == NULL)
		err(1, NULL);
	kinds.n++;
}

static int
add_kind_of(struct fdent *e, void *arg)
{
	char cls[64];

	if (class_of_link(ns_fd_ent_link(e), cls, sizeof(cls)) == 0)
		add_kind(cls);
	return 0;
}

static void
kinds_load(void)
{
	size_t i;

	if (kinds.loaded)
		return;
	kinds.loaded = 1;
	for (i = 0; i < NIDKINDS; i++)
		add_kind(idkinds[i].name);
	ns_fd_index_each("anon_inode:", add_kind_of, NULL);
	qsort(kinds.name, kinds.n, sizeof(*kinds.name), ns_cmp_strings);
}

static int
kind_exists(const char *name)
{
	size_t i;

	kinds_load();
	for (i = 0; i < kinds.n; i++)
		if (strcmp(kinds.name[i], name) == 0)
			return 1;
	return 0;
}

static void
set_kind(struct ns_obj *o, const char *name)
{
	ns_obj_set(o, &kind_class, "/anon/%s", name);
}

static int
make_kind(struct ns_obj *c, int i)
{
	set_kind(c, kinds.name[i]);
	return 0;
}

static int
top_list(struct ns_obj *o, ns_emit_fn emit, void *arg)
{
	kinds_load();
	return ns_emit_each((int)kinds.n, make_kind, emit, arg);
}

static int
top_summary(struct ns_obj *o, struct ns_val *v)
{
	ns_val_add(v, "anonymous-inode objects, by kind and id");
	return 0;
}

/* The kind's name: the last component of /anon/KIND, or the one before
 * it for /anon/KIND/ID. */
static const char *
kind_of(const struct ns_obj *o, char *buf, size_t size)
{
	const char *s = o->path + strlen("/anon/");
	size_t n = strcspn(s, "/");

	if (n >= size)
		n = size - 1;
	memcpy(buf, s, n);
	buf[n] = '\0';
	return buf;
}

static int
get_kind(struct ns_obj *o, struct ns_val *v)
{
	char kind[64];

	ns_val_add(v, kind_of(o, kind, sizeof(kind)));
	return 0;
}

struct listing {
	const char	*kind;
	const char	*prefix;	/* "/anon/KIND/" */
	uint64_t	*ids;
	size_t		 nids, cap;
	char		**fds;		/* descriptors that are their object */
	size_t		 nfds;
};

static void
add_fd_path(struct listing *l, struct fdent *e)
{
	char *s;

	s = ns_xasprintf("/proc/%llu/fd/%d",
	    (unsigned long long)ns_fd_ent_pid(e), ns_fd_ent_fd(e));
	l->fds = ns_xreallocarray(l->fds, l->nfds + 1, sizeof(*l->fds));
	l->fds[l->nfds++] = s;
}

static void
add_id(struct listing *l, uint64_t id)
{
	if (l->nids == l->cap) {
		l->cap = l->cap ? l->cap * 2 : 64;
		l->ids = ns_xreallocarray(l->ids, l->cap, sizeof(*l->ids));
	}
	l->ids[l->nids++] = id;
}

/* Sort each descriptor of the kind into an id, or a descriptor that
 * stands for its object itself. */
static int
collect(struct fdent *e, void *arg)
{
	struct listing *l = arg;
	const struct idkind *k = idkind_named(l->kind);
	const char *obj;
	char cls[64];
	uint64_t id;

	if (k == NULL) {
		if (class_of_link(ns_fd_ent_link(e), cls, sizeof(cls)) == 0 &&
		    strcmp(cls, l->kind) == 0)
			add_fd_path(l, e);
		return 0;
	}
	if ((obj = ns_fd_ent_object(e)) == NULL)
		return 0;
	if (strncmp(obj, l->prefix, strlen(l->prefix)) != 0) {
		/* A descriptor that is its own object (an eventfd of a kernel
		 * without ids) is listed; a file whose name starts like a
		 * memfd's, or a mapping of no id, is not. */
		if (ns_fd_ent_fd(e) >= 0 && strncmp(obj, "/proc/", 6) == 0)
			add_fd_path(l, e);
		return 0;
	}
	if (ns_parse_u64(obj + strlen(l->prefix), UINT64_MAX, &id) == -1)
		return 0;
	add_id(l, id);
	return 0;
}

static int
cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

static void
set_obj(struct ns_obj *o, const struct idkind *k, uint64_t id)
{
	ns_obj_set(o, k->cls, "/anon/%s/%llu", k->name,
	    (unsigned long long)id);
	anon_set_id(o, id);
}

/* The program of a bpf link: 0 if its fdinfo names none. */
static uint64_t
linked_prog(struct fdent *e)
{
	struct fdinfo_bpf b;
	const char *info;

	if ((info = ns_fd_ent_info(e)) == NULL ||
	    ns_fdinfo_parse_bpf(info, &b) == -1 || !b.link)
		return 0;
	return b.prog_id;
}

static int
collect_linked(struct fdent *e, void *arg)
{
	uint64_t id;

	if ((id = linked_prog(e)) != 0)
		add_id(arg, id);
	return 0;
}

static int
links_to(struct fdent *e, void *arg)
{
	return linked_prog(e) == *(uint64_t *)arg;
}

/* Whether a link holds the program: a program attached by a link needs
 * no descriptor of its own. */
static int
held_by_link(uint64_t id)
{
	return ns_fd_index_each("anon_inode:bpf_link", links_to, &id) == 1;
}

static int
emit_listing(struct listing *l, const struct idkind *k, ns_emit_fn emit,
    void *arg)
{
	struct ns_obj c = { 0 };
	size_t i;
	int stop = 0;

	/* qsort's base must be a valid pointer even for no elements. */
	if (l->nids > 0)
		qsort(l->ids, l->nids, sizeof(*l->ids), cmp_u64);
	for (i = 0; !stop && i < l->nids; i++) {
		if (i > 0 && l->ids[i] == l->ids[i - 1])
			continue;
		set_obj(&c, k, l->ids[i]);
		stop = emit(&c, arg);
		ns_obj_clear(&c);
	}
	/* A descriptor closed since the scan is passed over. */
	for (i = 0; !stop && i < l->nfds; i++) {
		if (ns_resolve_into(&c, l->fds[i]) == 0)
			stop = emit(&c, arg);
		ns_obj_clear(&c);
	}
	return stop;
}

static int
kind_list(struct ns_obj *o, ns_emit_fn emit, void *arg)
{
	struct listing l = { 0 };
	const struct idkind *k;
	char kind[64], prefix[80];
	int stop;

	l.kind = kind_of(o, kind, sizeof(kind));
	snprintf(prefix, sizeof(prefix), "/anon/%s/", l.kind);
	l.prefix = prefix;
	k = idkind_named(l.kind);
	if (k != NULL && k->mappable)
		ns_fd_index_each_all(k->link, collect, &l);
	else
		ns_fd_index_each(k != NULL ? k->link : "anon_inode:", collect,
		    &l);
	if (k != NULL && strcmp(k->name, "bpf-prog") == 0)
		ns_fd_index_each("anon_inode:bpf_link", collect_linked, &l);
	stop = emit_listing(&l, k, emit, arg);
	ns_free_strings(l.fds, l.nfds);
	free(l.ids);
	return stop;
}

static int
kind_summary(struct ns_obj *o, struct ns_val *v)
{
	const struct idkind *k;
	char kind[64];

	if ((k = idkind_named(kind_of(o, kind, sizeof(kind)))) != NULL)
		ns_val_add(v, k->what);
	else
		ns_val_addf(v, "%s objects, by the descriptors that hold them",
		    kind);
	return 0;
}

NS_GETTER_OBJ(id, ns_val_num, anon_id(o))

static int
first(struct fdent *e, void *arg)
{
	*(struct fdent **)arg = e;
	return 1;
}

/* Whether a kind's objects can be held other than by a descriptor. */
static int
mappable(const struct ns_obj *o)
{
	const struct idkind *k;
	char kind[64];

	return (k = idkind_named(kind_of(o, kind, sizeof(kind)))) != NULL &&
	    k->mappable;
}

/* One descriptor that holds the object, for what its fdinfo says; where
 * none does, a process that has it mapped or runs it. */
static struct fdent *
holder_of(struct ns_obj *o)
{
	struct fdent *e = NULL;

	ns_fd_index_holders(o->path, first, &e);
	if (e == NULL && mappable(o))
		ns_fd_index_holders_all(o->path, first, &e);
	if (e == NULL)
		errno = ENOENT;
	return e;
}

static const char *
holder_info(struct ns_obj *o)
{
	struct fdent *e;

	if ((e = holder_of(o)) == NULL)
		return NULL;
	return ns_fd_ent_info(e);
}

/* The values its fdinfo text gives, read as fd.c reads a holder's. */
NS_GETTER_TRY(counter, const char, holder_info, ns_fd_val_counter, r)
NS_GETTER_TRY(bpf_type, const char, holder_info, ns_fd_val_bpf_type, r)
NS_GETTER_TRY(bpf_tag, const char, holder_info, ns_fd_val_bpf_tag, r)
NS_GETTER_TRY(bpf_prog, const char, holder_info, ns_fd_val_bpf_prog, r)
NS_GETTER_TRY(bpf_name, struct fdent, holder_of, ns_fd_val_bpf_name, r)

/* maps tells no size: a mapping alone does not give it. */
static int
get_size(struct ns_obj *o, struct ns_val *v)
{
	const struct stat *st;
	struct fdent *e;

	if ((e = holder_of(o)) == NULL || (st = ns_fd_ent_stat(e)) == NULL)
		return -1;
	if (strcmp(ns_fd_ent_assoc(e), "mem") == 0 ||
	    strcmp(ns_fd_ent_assoc(e), "shm") == 0)
		return ns_none();
	ns_val_num(v, (unsigned long long)st->st_size);
	return 0;
}

static int
val_has(const struct ns_val *v, const char *s)
{
	size_t off;

	for (off = 0; off < v->len; off += strlen(v->buf + off) + 1)
		if (strcmp(v->buf + off, s) == 0)
			return 1;
	return 0;
}

static int
add_attached(struct fdent *e, void *arg)
{
	struct ns_val *v = arg;
	char path[32];

	if (ns_fd_ent_fd(e) >= 0)
		return 0;
	snprintf(path, sizeof(path), "/proc/%llu",
	    (unsigned long long)ns_fd_ent_pid(e));
	/* A process's program is mapped too: it is listed once. */
	if (!val_has(v, path))
		ns_val_add(v, path);
	return 0;
}

static int
get_attached(struct ns_obj *o, struct ns_val *v)
{
	ns_fd_index_holders_all(o->path, add_attached, v);
	if (v->n == 0)
		return ns_none();
	return 0;
}

static int
count_one(struct fdent *e, void *arg)
{
	(*(size_t *)arg)++;
	return 0;
}

/* "eventfd 3 count=5, 1 holder", "bpf-map 7 array, 2 holders",
 * "memfd 12 NAME, 1 holder". */
static int
obj_summary(struct ns_obj *o, struct ns_val *v)
{
	struct ns_val val = { 0 };
	const char *link;
	struct fdent *e;
	char kind[64], detail[256] = "";
	size_t n = 0, len;

	kind_of(o, kind, sizeof(kind));
	if (o->cls == &eventfd_class && get_counter(o, &val) == 0)
		snprintf(detail, sizeof(detail), "count=%s", val.buf);
	else if ((o->cls == &bpf_map_class || o->cls == &bpf_prog_class ||
	    o->cls == &bpf_link_class) && get_bpf_type(o, &val) == 0)
		strlcpy(detail, val.buf, sizeof(detail));
	else if (o->cls == &memfd_class && (e = holder_of(o)) != NULL) {
		/* The name in "/memfd:NAME (deleted)". */
		link = ns_fd_ent_link(e) + strlen("/memfd:");
		len = strlen(link);
		if (len >= 10 && strcmp(link + len - 10, " (deleted)") == 0)
			len -= 10;
		if (len >= sizeof(detail))
			len = sizeof(detail) - 1;
		memcpy(detail, link, len);
		detail[len] = '\0';
	}
	ns_val_free(&val);
	if (mappable(o))
		ns_fd_index_holders_all(o->path, count_one, &n);
	else
		ns_fd_index_holders(o->path, count_one, &n);
	ns_val_addf(v, "%s %llu%s%s, %zu holder%s", kind,
	    (unsigned long long)anon_id(o), detail[0] ? " " : "", detail, n,
	    n == 1 ? "" : "s");
	return 0;
}

static int
anon_lookup(struct ns_obj *o, char **comp, int n)
{
	const struct idkind *k;
	struct ns_obj probe = { 0 };
	uint64_t id;

	if (n == 0)
		return ns_obj_set(o, &top_class, "/anon");
	if (n > 2 || !kind_exists(comp[0]))
		goto none;
	if (n == 1) {
		set_kind(o, comp[0]);
		return 0;
	}
	if ((k = idkind_named(comp[0])) == NULL ||
	    ns_parse_u64(comp[1], UINT64_MAX, &id) == -1)
		goto none;
	set_obj(&probe, k, id);
	if (holder_of(&probe) == NULL && !(probe.cls == &bpf_prog_class &&
	    held_by_link(id))) {
		ns_obj_clear(&probe);
		goto none;
	}
	*o = probe;
	return 0;
none:
	errno = ENOENT;
	return -1;
}

NS_PROVIDER(ns_anon_provider,
	.name = "anon",
	.help = "anonymous-inode objects, by kind and id",
	.lookup = anon_lookup,
	.classes = NS_CLASSES(&top_class, &kind_class, &eventfd_class,
	    &bpf_map_class, &bpf_prog_class, &bpf_link_class, &memfd_class,
	    &secretmem_class));
