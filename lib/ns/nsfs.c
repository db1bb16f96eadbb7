/*
 * nsfs.c: the /ns provider: Linux namespaces, by type and inode.
 *
 * A namespace has no name, only the inode of its nsfs file, the one that
 * /proc/PID/ns/TYPE links to: /ns/net/4026531840 is that network
 * namespace.  The namespaces come from one pass over every process's
 * /proc/PID/ns and from the nsfs files bind-mounted somewhere (ip netns
 * keeps its namespaces under /run/netns so), read once per run into one
 * table keyed by inode.
 *
 * The nsfs ioctls give each namespace's owning user namespace and, for
 * pid and user namespaces, the parent.  Those are namespaces too, alive
 * even when no process is in them any more, so asking them adds to the
 * table: every owner or parent link leads to an object.  A namespace that
 * only an open descriptor keeps alive is found in the scan of every
 * process's descriptors (fd.c's), made when a path names one the table
 * lacks, when a kind is listed, or when a column about holders is asked
 * for: nsls /ns/net lists every namespace something keeps alive.
 *
 * Each kind has its own attributes besides the common ones, read from a
 * member's /proc files or from inside (nsread.c); keepers says what keeps
 * a namespace alive, the union of its processes, descriptors, mounts and,
 * for a network namespace, the sockets of it that others hold.
 *
 * A network namespace is also the root of its view, /ns/net/INODE/dev,
 * net and sock, which netview.c makes of the providers of those; its
 * name, as ip netns gives it, is an alias.
 */
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/types.h>

#include <dirent.h>
#include <err.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <linux/nsfs.h>

#include "columns.h"
#include "fdindex.h"
#include "lazy.h"
#include "provider.h"
#include "nsparse.h"
#include "nsread.h"
#include "nstab.h"
#include "nsview.h"

/* The node /ns/TYPE has its type alone (a namespace's ids: nstab.h). */
NS_OBJ_SLOT(0, int, kind_type, kind_set_type)

/* Where ip netns keeps its namespaces, as iproute2 names it. */
#define NETNS_RUN_DIR	"/run/netns"

/* Older C libraries lack the newest clone flag. */
#ifndef CLONE_NEWTIME
#define CLONE_NEWTIME	0x00000080
#endif

static const struct ns_class ns_classes[NSFS_NTYPES];
static const struct ns_class kind_class, top_class;

/* As ns_nstab_of(), with the owners, parents and creators asked. */
static struct nsent *
entry_asked(struct ns_obj *o)
{
	struct nsent *e;

	if ((e = ns_nstab_of(o)) == NULL)
		return NULL;
	ns_nstab_ask_all();
	return ns_nstab_find(nsobj_ino(o));
}

static int
set_ns(struct ns_obj *o, int type, uint64_t ino)
{
	if (ns_obj_set(o, &ns_classes[type], "/ns/%s/%llu", ns_nsfs_types[type],
	    (unsigned long long)ino) == -1)
		return -1;
	nsobj_set_ids(o, ino, type);
	return 0;
}

NS_GETTER_OBJ(nstype, ns_val_add, ns_nsfs_types[nsobj_type(o)])
NS_GETTER_OBJ(inode, ns_val_num, (unsigned long long)nsobj_ino(o))

static int
get_processes(struct ns_obj *o, struct ns_val *v)
{
	struct nsent *e;
	size_t i;

	if ((e = ns_nstab_of(o)) == NULL)
		return -1;
	for (i = 0; i < e->npids; i++)
		ns_val_addf(v, "/proc/%llu", (unsigned long long)e->pids[i]);
	return 0;
}

/* How many processes, where all could be seen: a count of those seen
 * would be a lie, 0 for a namespace whose every process is hidden. */
static int
get_nprocs(struct ns_obj *o, struct ns_val *v)
{
	struct nsent *e;

	if ((e = ns_nstab_of(o)) == NULL)
		return -1;
	if (ns_nstab_partial(nsobj_type(o)))
		return ns_none();
	ns_val_num(v, e->npids);
	return 0;
}

static int
get_owner(struct ns_obj *o, struct ns_val *v)
{
	struct nsent *e;

	if ((e = entry_asked(o)) == NULL)
		return -1;
	if (e->owner == 0)
		return ns_none();
	ns_val_addf(v, "/ns/user/%llu", (unsigned long long)e->owner);
	return 0;
}

static int
get_parent(struct ns_obj *o, struct ns_val *v)
{
	struct nsent *e;

	/* Only pid and user namespaces nest: no need to ask any. */
	if (nsobj_type(o) != T_PID && nsobj_type(o) != T_USER)
		return ns_none();
	if ((e = entry_asked(o)) == NULL)
		return -1;
	if (e->parent == 0)
		return ns_none();
	ns_val_addf(v, "/ns/%s/%llu", ns_nsfs_types[e->type],
	    (unsigned long long)e->parent);
	return 0;
}

static int
get_creator(struct ns_obj *o, struct ns_val *v)
{
	struct nsent *e;

	if ((e = entry_asked(o)) == NULL)
		return -1;
	if (!e->has_creator)
		return ns_none();
	ns_val_addf(v, "/user/%u", (unsigned)e->creator);
	return 0;
}

static int
get_nsfs(struct ns_obj *o, struct ns_val *v)
{
	struct nsent *e;
	size_t i;

	if ((e = ns_nstab_of(o)) == NULL)
		return -1;
	for (i = 0; i < e->nmounts; i++)
		ns_val_fs(v, e->mounts[i]);
	return 0;
}

/* The command line of a process, as lsns shows it; its comm if empty. */
static void
command(uint64_t pid, char *buf, size_t size)
{
	char path[64];
	ssize_t n, i;

	snprintf(path, sizeof(path), "/proc/%llu/cmdline",
	    (unsigned long long)pid);
	n = ns_read_file(path, buf, size);
	while (n > 0 && buf[n - 1] == '\0')
		n--;
	for (i = 0; i < n; i++)
		if (buf[i] == '\0')
			buf[i] = ' ';
	if (n > 0) {
		buf[n] = '\0';
		return;
	}
	snprintf(path, sizeof(path), "/proc/%llu/comm",
	    (unsigned long long)pid);
	if (ns_read_file(path, buf, size) <= 0)
		strlcpy(buf, "-", size);
}

/*
 * What keeps a namespace alive: its processes, the descriptors of its
 * nsfs files, where those are mounted, and for a network namespace the
 * sockets made in it that processes elsewhere hold.  The descriptors
 * come from the scan of every one (fd.c), the sockets from their
 * provider, both only when asked.
 */
static int
get_keepers(struct ns_obj *o, struct ns_val *v)
{
	struct nsent *e;
	size_t i;

	if ((e = ns_nstab_of(o)) == NULL)
		return -1;
	for (i = 0; i < e->npids; i++)
		ns_val_addf(v, "/proc/%llu", (unsigned long long)e->pids[i]);
	for (i = 0; i < e->nmounts; i++)
		ns_val_fs(v, e->mounts[i]);
	(void)ns_fd_holders(o->path, v);
	if (e->type == T_NET)
		ns_nstab_net_sockets(e, v);
	return v->n > 0 ? 0 : ns_none();
}

/* What keeps a namespace no process is in: the first keeper. */
static void
held_by(struct ns_obj *o, char *buf, size_t size)
{
	struct ns_val v = { 0 };

	if (get_keepers(o, &v) == 0)
		snprintf(buf, size, "held by %s", v.buf);
	else
		strlcpy(buf, "-", size);
	ns_val_free(&v);
}

/*
 * "net 4026531840 85 procs /sbin/init", as lsns prints a namespace: the
 * command is the first process's; with no process in it, what keeps it
 * alive, "held by /proc/123/fd/4".
 */
static int
ns_summary(struct ns_obj *o, struct ns_val *v)
{
	struct nsent *e;
	char cmd[512];
	size_t npids;

	if ((e = ns_nstab_of(o)) == NULL)
		return -1;
	if ((npids = e->npids) > 0)
		command(e->pids[0], cmd, sizeof(cmd));
	else
		held_by(o, cmd, sizeof(cmd));
	/* Where processes were hidden, those seen are a least: "1+". */
	ns_val_addf(v, "%s %llu %zu%s proc%s %s", ns_nsfs_types[nsobj_type(o)],
	    (unsigned long long)nsobj_ino(o), npids,
	    ns_nstab_partial(nsobj_type(o)) ? "+" : "",
	    npids == 1 ? "" : "s", cmd);
	return 0;
}

/* The name ip netns gives a namespace: its file's below /run/netns, or
 * else the last component of where some other nsfs bind mount is. */
static const char *
ns_name(const struct nsent *e)
{
	const char *s;
	size_t i;

	for (i = 0; i < e->nmounts; i++)
		if (strncmp(e->mounts[i], NETNS_RUN_DIR "/",
		    strlen(NETNS_RUN_DIR) + 1) == 0)
			return e->mounts[i] + strlen(NETNS_RUN_DIR) + 1;
	if (e->nmounts == 0 || (s = strrchr(e->mounts[0], '/')) == NULL ||
	    s[1] == '\0')
		return NULL;
	return s + 1;
}

static int
get_name(struct ns_obj *o, struct ns_val *v)
{
	struct nsent *e;
	const char *name;

	if ((e = ns_nstab_of(o)) == NULL)
		return -1;
	if ((name = ns_name(e)) == NULL)
		return ns_none();
	ns_val_add(v, name);
	return 0;
}

/* The attributes every kind of namespace has, first in each list. */
#define NS_COMMON_ATTRS \
	{ "nstype", NS_STRING, \
	    "kind of namespace: cgroup, ipc, mnt, net, pid, time, user, uts", \
	    get_nstype }, \
	NS_COL_FILE_INODE(get_inode), \
	{ "processes", NS_LINKS, "processes in the namespace", \
	    get_processes }, \
	{ "nprocs", NS_NUMBER, "how many processes are in the namespace", \
	    get_nprocs }, \
	{ "owner", NS_LINK, "user namespace that owns it", get_owner }, \
	{ "parent", NS_LINK, "parent of a pid or user namespace", \
	    get_parent }, \
	{ "creator", NS_LINK, "user who made the user namespace", \
	    get_creator }, \
	{ "nsfs", NS_LINKS, "where its nsfs file is mounted", get_nsfs }, \
	{ "name", NS_STRING, \
	    "its name, as ip netns gives it (an nsfs bind mount's)", \
	    get_name }, \
	NS_ATTR_FDS, \
	{ "keepers", NS_LINKS, \
	    "what keeps a namespace alive: processes, mounts, fds, sockets", \
	    get_keepers }

static const struct ns_attr ns_attrs[] = {
	NS_COMMON_ATTRS,
	{ NULL }
};

static const struct ns_attr cgroup_attrs[] = {
	NS_COMMON_ATTRS,
	{ "root", NS_LINK, "a cgroup namespace's root cgroup, of the unified hierarchy",
	    ns_get_cgroup_root },
	{ NULL }
};

static const struct ns_attr time_attrs[] = {
	NS_COMMON_ATTRS,
	{ "monotonic", NS_STRING,
	    "a time namespace's CLOCK_MONOTONIC offset: seconds, nanoseconds",
	    ns_get_monotonic },
	{ "boottime", NS_STRING,
	    "a time namespace's CLOCK_BOOTTIME offset: seconds, nanoseconds",
	    ns_get_boottime },
	{ NULL }
};

static const struct ns_attr user_attrs[] = {
	NS_COMMON_ATTRS,
	{ "uid_map", NS_STRINGS, "a user namespace's uid map lines: inside, outside, count",
	    ns_get_uid_map },
	{ "gid_map", NS_STRINGS, "a user namespace's gid map lines: inside, outside, count",
	    ns_get_gid_map },
	{ "setgroups", NS_STRING, "whether a user namespace allows setgroups: allow, deny",
	    ns_get_setgroups },
	{ NULL }
};

static const struct ns_attr uts_attrs[] = {
	NS_COMMON_ATTRS,
	{ "hostname", NS_STRING, "a uts namespace's host name", ns_get_hostname },
	{ "domainname", NS_STRING, "a uts namespace's NIS domain name", ns_get_domainname },
	{ NULL }
};

#define NS_CLASS(name, list) { \
	.type = name, \
	.attrs = list, \
	.summary = ns_summary, \
}

/* Where the linker gathers what NS_VIEW registers (nsview.h). */
extern const struct nsview *const __start_nstools_views[]
    __attribute__((weak));
extern const struct nsview *const __stop_nstools_views[]
    __attribute__((weak));

/* The kinds of namespace that hold objects, and their views. */
static const struct nsview *views[NSFS_NTYPES];
static pthread_once_t views_once = PTHREAD_ONCE_INIT;

static void
views_load(void)
{
	const struct nsview *const *v;
	int t;

	if (__start_nstools_views == NULL)
		return;
	for (v = __start_nstools_views; v < __stop_nstools_views; v++)
		if ((t = ns_nsfs_type_index((*v)->type)) != -1)
			views[t] = *v;
}

/* The view of a kind of namespace, or NULL. */
static const struct nsview *
view_of(int type)
{
	(void)pthread_once(&views_once, views_load);
	return views[type];
}

/* Such a namespace is the root of its view: a network namespace's dev,
 * net and sock, a mount namespace's mount and fs... */
static int
view_list(struct ns_obj *o, ns_emit_fn emit, void *arg)
{
	const struct nsview *w = view_of(nsobj_type(o));

	return w->list == NULL ? 0 : w->list(nsobj_ino(o), emit, arg);
}

#define NS_VIEW_CLASS(name) { \
	.type = name, \
	.attrs = ns_attrs, \
	.summary = ns_summary, \
	.list = view_list, \
}

/* One class a kind, so that nsls -l's TYPE column tells them apart. */
static const struct ns_class ns_classes[NSFS_NTYPES] = {
	NS_CLASS("cgroupns", cgroup_attrs), NS_VIEW_CLASS("ipcns"),
	NS_VIEW_CLASS("mntns"), NS_VIEW_CLASS("netns"), NS_VIEW_CLASS("pidns"),
	NS_CLASS("timens", time_attrs), NS_CLASS("userns", user_attrs),
	NS_CLASS("utsns", uts_attrs)
};

static int
by_inode(const void *a, const void *b)
{
	const struct nsent *x = *(struct nsent *const *)a;
	const struct nsent *y = *(struct nsent *const *)b;

	return x->ino < y->ino ? -1 : x->ino > y->ino;
}

/* Whether a listing of a kind leaves out the namespaces only a
 * descriptor keeps (ns_hint_no_fd_keepers). */
static int no_fd_keepers;

void
ns_hint_no_fd_keepers(void)
{
	no_fd_keepers = 1;
}

/*
 * The namespaces of one kind, by inode as lsns sorts them.  The entries
 * are copied out first: emitting may run a getter that grows the table.
 */
static int
kind_list(struct ns_obj *o, ns_emit_fn emit, void *arg)
{
	struct ns_obj c = {0};
	struct nsent **sel;
	uint64_t *inos;
	size_t i, n = 0;
	int type = kind_type(o), stop = 0;

	/* The namespaces only a descriptor keeps are listed too, and their
	 * owners and parents with them, unless the tool said it does not
	 * need them. */
	if (no_fd_keepers)
		ns_nstab_scan_type(type);
	else
		ns_nstab_scan_fds();
	sel = ns_xreallocarray(NULL, ns_nstab_count() + 1, sizeof(*sel));
	for (i = 0; i < ns_nstab_count(); i++)
		if (ns_nstab_at(i)->type == type)
			sel[n++] = ns_nstab_at(i);
	qsort(sel, n, sizeof(*sel), by_inode);
	inos = ns_xreallocarray(NULL, n + 1, sizeof(*inos));
	for (i = 0; i < n; i++)
		inos[i] = sel[i]->ino;
	free(sel);
	for (i = 0; i < n && !stop; i++) {
		set_ns(&c, type, inos[i]);
		stop = emit(&c, arg);
		ns_obj_clear(&c);
	}
	free(inos);
	return stop;
}

static int
kind_summary(struct ns_obj *o, struct ns_val *v)
{
	size_t n = ns_count_children(o);

	ns_val_addf(v, "%zu %s namespace%s", n, ns_nsfs_types[kind_type(o)],
	    n == 1 ? "" : "s");
	return 0;
}

static const struct ns_class kind_class = {
	.type = "namespaces",
	.attrs = ns_no_attrs,
	.list = kind_list,
	.summary = kind_summary,
};

static int
set_kind(struct ns_obj *o, int type)
{
	if (ns_obj_set(o, &kind_class, "/ns/%s", ns_nsfs_types[type]) == -1)
		return -1;
	kind_set_type(o, type);
	return 0;
}

static int
top_list(struct ns_obj *o, ns_emit_fn emit, void *arg)
{
	return ns_emit_each(NSFS_NTYPES, set_kind, emit, arg);
}

static int
top_summary(struct ns_obj *o, struct ns_val *v)
{
	ns_val_add(v, "Linux namespaces, by type and inode");
	return 0;
}

static const struct ns_class top_class = {
	.type = "ns",
	.attrs = ns_no_attrs,
	.list = top_list,
	.summary = top_summary,
};

/* Whether the caller's own namespace of a kind has this inode. */
static int
is_own(int type, uint64_t ino)
{
	char path[64], text[64];
	uint64_t own;
	ssize_t n;

	snprintf(path, sizeof(path), "/proc/self/ns/%s", ns_nsfs_types[type]);
	if ((n = readlink(path, text, sizeof(text) - 1)) == -1)
		return 0;
	text[n] = '\0';
	return ns_nsfs_parse(text, &own) == type && own == ino;
}

/*
 * A network namespace by its name, an alias: the file ip netns keeps it
 * as, else any nsfs bind mount whose last component it is.  0 if none.
 */
static uint64_t
named(const char *name)
{
	char path[PATH_MAX];
	struct stat st;
	const char *s;
	size_t i;

	if (strchr(name, '/') != NULL || strcmp(name, ".") == 0 ||
	    strcmp(name, "..") == 0)
		return 0;
	snprintf(path, sizeof(path), "%s/%s", NETNS_RUN_DIR, name);
	if (stat(path, &st) == 0 && ns_nstab_on_nsfs(&st))
		return st.st_ino;
	ns_nstab_scan();
	for (i = 0; i < ns_nstab_count(); i++)
		if (ns_nstab_at(i)->type == T_NET &&
		    (s = ns_name(ns_nstab_at(i))) != NULL &&
		    strcmp(s, name) == 0)
			return ns_nstab_at(i)->ino;
	return 0;
}

static int
ns_lookup(struct ns_obj *o, char **comp, int n)
{
	struct nsent *e;
	uint64_t ino;
	int type;

	if (n == 0)
		return ns_obj_set(o, &top_class, "/ns");
	if ((type = ns_nsfs_type_index(comp[0])) == -1 ||
	    (n > 2 && view_of(type) == NULL))
		goto none;
	if (n == 1)
		return set_kind(o, type);
	if (ns_parse_u64(comp[1], UINT64_MAX, &ino) == -1 &&
	    (type != T_NET || (ino = named(comp[1])) == 0))
		goto none;
	/* The caller's own namespaces need no walk over every process. */
	if (!is_own(type, ino) &&
	    ((e = ns_nstab_lookup(ino, type)) == NULL || e->type != type))
		goto none;
	if (n > 2)
		return view_of(type)->lookup(o, ino, comp + 2, n - 2);
	return set_ns(o, type, ino);
none:
	errno = ENOENT;
	return -1;
}

/*
 * An nsfs file: /proc/PID/ns/net, or one bind-mounted such as
 * /run/netns/X.  The file itself says its kind, so naming it needs no
 * walk over every process; it joins the table with its path, and the
 * walk, if a column needs one, adds what it finds to the same entry.  A
 * file that cannot be opened is looked for in the table, and one found
 * nowhere is left to the file tree.
 */
static int
ns_recognize(struct ns_obj *o, const char *path, const struct stat *st)
{
	struct nsent *e;
	int fd, type = -1;

	if (!ns_nstab_on_nsfs(st))
		return 0;
	if ((e = ns_nstab_find(st->st_ino)) != NULL)
		return set_ns(o, e->type, st->st_ino) == -1 ? -1 : 1;
	if ((fd = ns_nstab_open_checked(path, st->st_ino)) != -1) {
		type = ns_nsfs_type_of_flag(ioctl(fd, NS_GET_NSTYPE));
		close(fd);
	}
	if (type == -1) {
		if ((e = ns_nstab_lookup(st->st_ino, -1)) == NULL)
			return 0;
		return set_ns(o, e->type, st->st_ino) == -1 ? -1 : 1;
	}
	e = ns_nstab_add(st->st_ino, type);
	e->via = ns_xstrdup(path);
	return set_ns(o, type, st->st_ino) == -1 ? -1 : 1;
}

NS_PROVIDER(ns_provider,
	.name = "ns",
	.help = "Linux namespaces, by type and inode",
	.lookup = ns_lookup,
	.recognize = ns_recognize,
	.classes = NS_CLASSES(&top_class, &kind_class, &ns_classes[T_CGROUP],
	    &ns_classes[T_IPC], &ns_classes[T_MNT], &ns_classes[T_NET],
	    &ns_classes[T_PID], &ns_classes[T_TIME], &ns_classes[T_USER],
	    &ns_classes[T_UTS]));
