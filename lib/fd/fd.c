/*
 * fd.c: the descriptors as objects: /proc/PID/fd and /proc/PID/fd/N, the
 * attributes every descriptor has, the classes of the kinds (fdkind.h),
 * and fdinfo's walks over one process, every process or the holders of
 * an object.
 *
 * An entry (fdent.h) hangs on the priv of each object made of it,
 * counted, so that what was read of a descriptor for one column serves
 * the next.  The attributes of the process that holds a descriptor are
 * asked of the process through the core, as any object's are: the /proc
 * provider lists its descriptors through this file, never the reverse.
 */
#include <sys/stat.h>

#include <dirent.h>
#include <err.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "columns.h"
#include "fd.h"
#include "fdassoc.h"
#include "fdattr.h"
#include "fdent.h"
#include "fdindex.h"
#include "fdwalk.h"

NS_GETTER(pid, struct fdent, ns_fdent_of, ns_val_num, r->pid)
NS_GETTER(process, struct fdent, ns_fdent_of, ns_val_addf, "/proc/%llu",
    (unsigned long long)r->pid)

static int
get_comm(struct ns_obj *o, struct ns_val *v)
{
	struct fd_proc *p;
	struct fdent *e;

	if ((e = ns_fdent_of(o)) == NULL)
		return -1;
	if (ns_fd_proc_status(p = ns_fd_proc_of(e->pid)) == -1)
		return -1;
	ns_val_add(v, p->comm);
	return 0;
}

/* The users and groups of the holder, as /proc/PID gives them, from the
 * status its command came from. */
static int
proc_id(struct ns_obj *o, struct ns_val *v, int which)
{
	struct fd_proc *p;
	struct fdent *e;

	if ((e = ns_fdent_of(o)) == NULL ||
	    ns_fd_proc_status(p = ns_fd_proc_of(e->pid)) == -1)
		return -1;
	ns_val_add(v, p->ids[which]);
	return 0;
}

#define ID_GETTER(attr, which) \
	static int \
	get_proc_##attr(struct ns_obj *o, struct ns_val *v) \
	{ \
		return proc_id(o, v, which); \
	}
ID_GETTER(user, 0)
ID_GETTER(euser, 1)
ID_GETTER(group, 2)
ID_GETTER(egroup, 3)

static int
proc_uid(struct ns_obj *o, uid_t *uid)
{
	struct fd_proc *p;
	struct fdent *e;

	if ((e = ns_fdent_of(o)) == NULL)
		return -1;
	p = ns_fd_proc_of(e->pid);
	return ns_fd_proc_uid(p, uid);
}

/*
 * What belongs to the process that holds the descriptor is read through
 * the process, so that a column means on a descriptor what it means on
 * /proc/PID: its command line, its users, its namespaces.  The process
 * is resolved once for the descriptors of it that come in a row, and
 * keeps what its class read for the next column.
 */
static int
proc_attr(struct ns_obj *o, const char *name, struct ns_val *v)
{
	static struct ns_obj p;
	static uint64_t pid;
	const struct ns_attr *a;
	struct fdent *e;
	char path[32];

	if ((e = ns_fdent_of(o)) == NULL)
		return -1;
	if (p.path == NULL || pid != e->pid) {
		ns_obj_clear(&p);
		ns_fmt(path, sizeof(path), "/proc/%llu",
		    (unsigned long long)e->pid);
		if (ns_resolve_into(&p, path) == -1) {
			memset(&p, 0, sizeof(p));
			return -1;
		}
		pid = e->pid;
	}
	for (a = p.cls->attrs; a != NULL && a->name != NULL; a++)
		if (strcmp(a->name, name) == 0)
			return a->get(&p, v);
	errno = ENOENT;
	return -1;
}

#define PROC_GETTER(attr) \
	static int \
	get_proc_##attr(struct ns_obj *o, struct ns_val *v) \
	{ \
		return proc_attr(o, #attr, v); \
	}
PROC_GETTER(cmdline)
PROC_GETTER(ppid)
PROC_GETTER(threads)
PROC_GETTER(start)
PROC_GETTER(cwd)
PROC_GETTER(root)
PROC_GETTER(exe)
PROC_GETTER(netns)
PROC_GETTER(mntns)
PROC_GETTER(pidns)
PROC_GETTER(userns)
PROC_GETTER(utsns)
PROC_GETTER(ipcns)
PROC_GETTER(cgroupns)
PROC_GETTER(timens)

static int
get_uid(struct ns_obj *o, struct ns_val *v)
{
	uid_t uid;

	if (proc_uid(o, &uid) == -1)
		return -1;
	ns_val_num(v, uid);
	return 0;
}

static int
get_owner(struct ns_obj *o, struct ns_val *v)
{
	uid_t uid;

	if (proc_uid(o, &uid) == -1)
		return -1;
	ns_val_addf(v, "/user/%u", (unsigned)uid);
	return 0;
}

NS_GETTER_IF(fd, struct fdent, ns_fdent_of, r->fd >= 0, ns_val_num, r->fd)

static int
get_assoc(struct ns_obj *o, struct ns_val *v)
{
	struct fdent *e;

	if ((e = ns_fdent_of(o)) == NULL)
		return -1;
	if (e->fd >= 0)
		ns_val_num(v, (unsigned long long)e->fd);
	else
		ns_val_add(v, e->assoc);
	return 0;
}

static int
get_mode(struct ns_obj *o, struct ns_val *v)
{
	struct fdent *e;
	mode_t m;

	if ((e = ns_fdent_of(o)) == NULL)
		return -1;
	if (e->fd < 0 && e->link_err != 0)
		return ns_none();
	if (e->fd < 0) {
		ns_val_add(v, e->amode[0] != '\0' ? e->amode : "---");
		return 0;
	}
	if (ns_fdent_lmode(e, &m) == -1)
		return -1;
	ns_val_addn(v, (m & S_IRUSR) ? (m & S_IWUSR) ? "rw-" : "r--" :
	    (m & S_IWUSR) ? "-w-" : "---", 3);
	return 0;
}

static int
get_flags(struct ns_obj *o, struct ns_val *v)
{
	struct fdent *e;
	char buf[256];

	if (ns_fdent_info_of(o, &e) == NULL)
		return -1;
	ns_fd_flags_string(e->ci.flags, buf, sizeof(buf));
	return ns_val_text(v, buf);
}

static int
get_pos(struct ns_obj *o, struct ns_val *v)
{
	struct fdent *e;

	if (ns_fdent_info_of(o, &e) == NULL)
		return -1;
	if (!(e->ci.has & FI_POS))
		return ns_none();
	ns_val_num(v, e->ci.pos);
	return 0;
}

/* Internal mounts (sockets, pipes, anonymous inodes) and those of other
 * mount namespaces are in no mount table of ours: no link to them. */
static int
get_mount(struct ns_obj *o, struct ns_val *v)
{
	struct ns_obj m;
	struct fdent *e;
	char path[64];

	if (ns_fdent_info_of(o, &e) == NULL)
		return -1;
	if (!(e->ci.has & FI_MNT_ID))
		return ns_none();
	ns_fmt(path, sizeof(path), "/mount/%llu",
	    (unsigned long long)e->ci.mnt_id);
	if (ns_resolve_into(&m, path) == -1)
		return ns_none();
	ns_obj_clear(&m);
	ns_val_add(v, path);
	return 0;
}

NS_GETTER_IF(kind, struct fdent, ns_fdent_of, *ns_fd_kind(r) != '\0',
    ns_val_add, ns_fd_kind(r))

static int
get_object(struct ns_obj *o, struct ns_val *v)
{
	struct fdent *e;
	const char *obj;

	if ((e = ns_fdent_of(o)) == NULL || (obj = ns_fd_object(e)) == NULL)
		return -1;
	ns_val_add(v, obj);
	return 0;
}

static int
get_inode(struct ns_obj *o, struct ns_val *v)
{
	const struct stat *st;
	struct fdent *e;
	uint64_t ino;

	if ((e = ns_fdent_of(o)) == NULL)
		return -1;
	/* What the link says costs nothing more to read. */
	if (ns_fd_bracket_number(e->link, "pipe:[", &ino) == 0 ||
	    ns_fd_bracket_number(e->link, "socket:[", &ino) == 0 ||
	    ns_fd_nsfs_type(e->link, &ino) != NULL) {
		ns_val_num(v, ino);
		return 0;
	}
	if ((st = ns_fdent_stat(e)) == NULL)
		return -1;
	ns_val_num(v, st->st_ino);
	return 0;
}

/* Not reachable by its name: deleted, renamed or out of our sight. */
static int
get_deleted(struct ns_obj *o, struct ns_val *v)
{
	const struct stat *st;
	struct fdent *e;

	if ((e = ns_fdent_of(o)) == NULL)
		return -1;
	/* A path too long to read says nothing either way. */
	if (e->fam != F_PATH || e->link[0] == '\0')
		return ns_none();
	if ((st = ns_fdent_stat(e)) == NULL)
		return -1;
	/* A queue of another IPC namespace has no path but is there. */
	if (ns_fdent_is_mqueue(e))
		ns_val_num(v, st->st_nlink == 0);
	else
		ns_val_num(v, ns_fd_object(e) == NULL);
	return 0;
}

static int
get_size(struct ns_obj *o, struct ns_val *v)
{
	const struct stat *st;
	struct fdent *e;

	if ((e = ns_fdent_of(o)) == NULL || (st = ns_fdent_stat(e)) == NULL)
		return -1;
	if (!S_ISREG(st->st_mode) && e->fam != F_MEMFD &&
	    e->fam != F_SECRETMEM)
		return ns_none();
	ns_val_num(v, (unsigned long long)st->st_size);
	return 0;
}

/* nsls -l: the descriptor (or association), its kind, its name. */
static int
fd_summary(struct ns_obj *o, struct ns_val *v)
{
	struct ns_val name = { 0 };
	struct fdent *e;
	char num[24];
	int r = -1;

	if ((e = ns_fdent_of(o)) != NULL && ns_fd_get_name(o, &name) == 0 &&
	    name.n > 0) {
		if (e->fd >= 0)
			ns_fmt(num, sizeof(num), "%d", e->fd);
		else
			strlcpy(num, e->assoc, sizeof(num));
		if (*ns_fd_kind(e) == '\0')
			ns_val_addf(v, "%s %s", num, name.buf);
		else
			ns_val_addf(v, "%s %s %s", num, ns_fd_kind(e),
			    name.buf);
		r = 0;
	}
	ns_val_free(&name);
	return r;
}

static void
fd_release(struct ns_obj *o)
{
	ns_fdent_unref(o->priv);
	o->priv = NULL;
}

/*
 * The classes: one a family, the common attributes first, then what
 * the family's fdinfo and objects add.  Where another class has a
 * column of the same name, the help says what it means in general.
 */
/*
 * The network namespace a descriptor's object lives in: a socket's own,
 * which is not its holder's where the holder made it before it called
 * setns(2) or unshare(2), as the socket object says it (lsfd's
 * SOCK.NETNS); a tun device's interface's; else the holder's.
 */
static int
get_file_netns(struct ns_obj *o, struct ns_val *v)
{
	if (ns_fd_is_tun(o))
		return ns_fd_get_tun_netns(o, v);
	return get_proc_netns(o, v);
}

/* The holder's own, as proc.c says them (the help the same, one
 * meaning); the network namespace is the object's where it has one. */
#define NETNS_HELP \
	"the network namespace: a socket's or tun device's own, else the " \
	"process's"
#define PROC_ATTRS_NETNS(netns) \
	NS_COL_CMDLINE(get_proc_cmdline), \
	NS_COL_PPID(get_proc_ppid), \
	NS_COL_USER(get_proc_user), \
	NS_COL_EUSER(get_proc_euser), \
	NS_COL_GROUP(get_proc_group), \
	NS_COL_EGROUP(get_proc_egroup), \
	NS_COL_THREADS(get_proc_threads), \
	NS_COL_START(get_proc_start), \
	NS_COL_CWD(get_proc_cwd), \
	NS_COL_ROOT(get_proc_root), \
	NS_COL_EXE(get_proc_exe), \
	{ "netns", NS_LINK, NETNS_HELP, netns }, \
	NS_COL_MNTNS(get_proc_mntns), \
	NS_COL_PIDNS(get_proc_pidns), \
	NS_COL_USERNS(get_proc_userns), \
	NS_COL_UTSNS(get_proc_utsns), \
	NS_COL_IPCNS(get_proc_ipcns), \
	NS_COL_CGROUPNS(get_proc_cgroupns), \
	NS_COL_TIMENS(get_proc_timens)
#define PROC_ATTRS	PROC_ATTRS_NETNS(get_proc_netns)

/* Said once for descriptors and associations, which mean them alike. */
#define FD_ASSOC \
	{ "assoc", NS_STRING, "how the process holds it: a descriptor " \
	    "number, or exe, cwd, rtd, mem, shm, a namespace", get_assoc }
#define FD_MODE \
	{ "mode", NS_STRING, "how it may be used: a descriptor's or "	\
	    "mapping's access as rwx letters or -; a file's type and "	\
	    "permissions, as ls -l", get_mode }
#define FD_OBJECT \
	{ "object", NS_LINK, "the object a descriptor refers to", \
	    get_object }
#define FD_DELETED \
	{ "deleted", NS_NUMBER, "1 if the file is not reachable by its " \
	    "name: deleted, or out of sight", get_deleted }

#define FD_COMMON	FD_COMMON_NETNS(get_proc_netns)
#define FD_COMMON_NETNS(netns) \
	NS_COL_PID(get_pid), \
	{ "process", NS_LINK, "the process that holds it", get_process }, \
	NS_COL_COMM(get_comm), \
	PROC_ATTRS_NETNS(netns), \
	NS_COL_UID(get_uid), \
	{ "owner", NS_LINK, "the user who owns it", get_owner }, \
	{ "fd", NS_NUMBER, "the descriptor number", get_fd }, \
	FD_ASSOC, \
	FD_MODE, \
	{ "flags", NS_STRING, "flags: open(2) flags of a descriptor " \
	    "(cloexec,nonblock...)", get_flags }, \
	{ "pos", NS_NUMBER, "the file position", get_pos }, \
	{ "mount", NS_LINK, "the mount it is on", get_mount }, \
	NS_COL_KIND(get_kind), \
	FD_OBJECT, \
	NS_COL_NAME(ns_fd_get_name), \
	NS_COL_INODE(get_inode), \
	{ "endpoints", NS_LINKS, "the descriptors at the other ends: of a " \
	    "pipe, FIFO, socket and its peer, eventfd, pseudo-terminal, " \
	    "message queue", \
	    ns_fd_get_endpoints }

#define FD_CLASS(var, list) \
	const struct ns_class var = { \
		.type = "fd", \
		.attrs = list, \
		.summary = fd_summary, \
		.release = fd_release, \
	}

static const struct ns_attr file_attrs[] = {
	FD_COMMON_NETNS(get_file_netns),
	FD_DELETED,
	NS_COL_SIZE(get_size),
	{ "driver", NS_STRING, "the driver of the device", ns_fd_get_driver },
	{ "devname", NS_STRING, "the kernel's name of the device",
	    ns_fd_get_devname },
	NS_COL_BACKING(ns_fd_get_backing),
	NS_COL_INTERFACE(ns_fd_get_interface),
	{ "tty", NS_LINK, "the terminal the descriptor refers to",
	    ns_fd_get_tty },
	{ NULL }
};
static const struct ns_attr pipe_attrs[] = {
	FD_COMMON,
	{ NULL }
};
static const struct ns_attr sock_attrs[] = {
	FD_COMMON_NETNS(ns_fd_get_sock_netns),
	/* The socket's own, as sock.c says them: one meaning each. */
	NS_COL_SOCK_STATE(ns_fd_get_state),
	NS_COL_LOCAL(ns_fd_get_local),
	NS_COL_REMOTE(ns_fd_get_remote),
	NS_COL_PEER(ns_fd_get_peer),
	NS_COL_SOCK_TYPE(ns_fd_get_sock_type),
	{ NULL }
};
static const struct ns_attr eventfd_attrs[] = {
	FD_COMMON,
	{ "id", NS_NUMBER, "the kernel's id", ns_fd_get_id },
	NS_COL_COUNTER(ns_fd_get_counter),
	{ NULL }
};
static const struct ns_attr epoll_attrs[] = {
	FD_COMMON,
	{ "targets", NS_LINKS, "the descriptors an epoll descriptor watches",
	    ns_fd_get_targets },
	{ "events", NS_STRING, "the events it waits for, by target: "
	    "3:IN,OUT 5:IN", ns_fd_get_events },
	{ NULL }
};
static const struct ns_attr timerfd_attrs[] = {
	FD_COMMON,
	{ "clock", NS_STRING, "the clock of a timerfd: realtime, "
	    "monotonic, boottime...", ns_fd_get_clock },
	{ "remaining", NS_STRING, "seconds until the timer expires, 0 if "
	    "disarmed", ns_fd_get_remaining },
	{ "interval", NS_STRING, "seconds between expirations, 0 for once",
	    ns_fd_get_interval },
	{ NULL }
};
static const struct ns_attr signalfd_attrs[] = {
	FD_COMMON,
	{ "sigmask", NS_STRING, "the signals a signalfd takes: HUP,USR1",
	    ns_fd_get_sigmask },
	{ NULL }
};
static const struct ns_attr inotify_attrs[] = {
	FD_COMMON,
	{ "watches", NS_LINKS, "the watched files and mounts that have a "
	    "path", ns_fd_get_watches },
	{ "inodes", NS_STRING, "every watched inode as INODE,MAJ:MIN",
	    ns_fd_get_inodes },
	{ NULL }
};
static const struct ns_attr fanotify_attrs[] = {
	FD_COMMON,
	{ "fanotify_flags", NS_STRING, "the fanotify_init(2) flags",
	    ns_fd_get_fanotify_flags },
	{ "event_flags", NS_STRING, "the fanotify_init(2) event flags",
	    ns_fd_get_event_flags },
	{ "watches", NS_LINKS, "the watched files and mounts that have a "
	    "path", ns_fd_get_watches },
	{ "inodes", NS_STRING, "every watched inode as INODE,MAJ:MIN",
	    ns_fd_get_inodes },
	{ NULL }
};
static const struct ns_attr pidfd_attrs[] = {
	FD_COMMON,
	NS_COL_NSPID(ns_fd_get_nspid),
	{ NULL }
};
static const struct ns_attr bpf_attrs[] = {
	FD_COMMON,
	{ "id", NS_NUMBER, "the kernel's id", ns_fd_get_id },
	NS_COL_BPF_TYPE(ns_fd_get_bpf_type),
	NS_COL_BPF_TAG(ns_fd_get_bpf_tag),
	NS_COL_BPF_NAME(ns_fd_get_bpf_name),
	NS_COL_BPF_PROG(ns_fd_get_bpf_prog),
	{ NULL }
};
static const struct ns_attr io_uring_attrs[] = {
	FD_COMMON,
	{ "sq_entries", NS_NUMBER, "the io_uring's submission queue size",
	    ns_fd_get_sq_entries },
	{ "cq_entries", NS_NUMBER, "the io_uring's completion queue size",
	    ns_fd_get_cq_entries },
	{ NULL }
};
static const struct ns_attr memfd_attrs[] = {
	FD_COMMON,
	{ "id", NS_NUMBER, "the kernel's id", ns_fd_get_id },
	NS_COL_SIZE(get_size),
	{ NULL }
};
static const struct ns_attr other_attrs[] = {
	FD_COMMON,
	{ NULL }
};
static const struct ns_attr assoc_attrs[] = {
	NS_COL_PID(get_pid),
	{ "process", NS_LINK, "the process that holds it", get_process },
	NS_COL_COMM(get_comm),
	PROC_ATTRS,
	NS_COL_UID(get_uid),
	{ "owner", NS_LINK, "the user who owns it", get_owner },
	FD_ASSOC,
	FD_MODE,
	NS_COL_KIND(get_kind),
	FD_OBJECT,
	NS_COL_NAME(ns_fd_get_name),
	NS_COL_INODE(get_inode),
	FD_DELETED,
	{ NULL }
};

FD_CLASS(ns_fd_file_class, file_attrs);
FD_CLASS(ns_fd_pipe_class, pipe_attrs);
FD_CLASS(ns_fd_sock_class, sock_attrs);
FD_CLASS(ns_fd_eventfd_class, eventfd_attrs);
FD_CLASS(ns_fd_epoll_class, epoll_attrs);
FD_CLASS(ns_fd_timerfd_class, timerfd_attrs);
FD_CLASS(ns_fd_signalfd_class, signalfd_attrs);
FD_CLASS(ns_fd_inotify_class, inotify_attrs);
FD_CLASS(ns_fd_fanotify_class, fanotify_attrs);
FD_CLASS(ns_fd_pidfd_class, pidfd_attrs);
FD_CLASS(ns_fd_bpf_class, bpf_attrs);
FD_CLASS(ns_fd_io_uring_class, io_uring_attrs);
FD_CLASS(ns_fd_memfd_class, memfd_attrs);
FD_CLASS(ns_fd_nsfs_class, other_attrs);
FD_CLASS(ns_fd_other_class, other_attrs);

/* An association is a row of fdinfo -a, not an object of its own: its
 * path is the process that holds it. */
const struct ns_class ns_fd_assoc_class = {
	.type = "assoc",
	.attrs = assoc_attrs,
	.summary = fd_summary,
	.release = fd_release,
};

/* Each kind's class. */
static const struct ns_class *const family_classes[NFAMILIES] = {
#define FD_KIND(id, name, anon, link, own, holders, object, summary, class, ...) \
	[id] = &class,
	FD_KINDS
#undef FD_KIND
};

/* Make o the object of entry e, which it then holds a count of. */
static void
ent_obj(struct ns_obj *o, struct fdent *e)
{
	if (e->fd >= 0) {
		ns_obj_set(o, family_classes[e->fam], "/proc/%llu/fd/%d",
		    (unsigned long long)e->pid, e->fd);
		fd_obj_set_fd(o, e->fd);
	} else
		ns_obj_set(o, &ns_fd_assoc_class, "/proc/%llu",
		    (unsigned long long)e->pid);
	fd_obj_set_pid(o, e->pid);
	o->priv = e;
	e->refs++;
}

static int
emit_ent(struct fdent *e, ns_emit_fn emit, void *arg)
{
	struct ns_obj c = { 0 };
	int stop;

	ent_obj(&c, e);
	stop = emit(&c, arg);
	ns_obj_clear(&c);
	return stop;
}

/* /proc/PID/fd, the node. */
static int
node_list(struct ns_obj *o, ns_emit_fn emit, void *arg)
{
	struct dirent *d;
	struct fdent *e;
	char path[64];
	uint64_t fd;
	DIR *dir;
	int stop = 0;

	ns_fmt(path, sizeof(path), "/proc/%llu/fd",
	    (unsigned long long)fd_obj_pid(o));
	if ((dir = opendir(path)) == NULL)
		return -1;
	while (!stop && (d = readdir(dir)) != NULL) {
		if (ns_parse_u64(d->d_name, INT_MAX, &fd) == -1)
			continue;
		/* A descriptor closed meanwhile is passed over. */
		if ((e = ns_fdent_load(dirfd(dir), fd_obj_pid(o), (int)fd)) ==
		    NULL)
			continue;
		e->dfd = dirfd(dir);
		stop = emit_ent(e, emit, arg);
		e->dfd = -1;
		ns_fdent_unref(e);
	}
	closedir(dir);
	return stop;
}

struct node_count {
	size_t	n;
	size_t	unreadable;
};

static int
count_desc(struct ns_obj *c, void *arg)
{
	struct node_count *nc = arg;
	struct fdent *e = c->priv;

	nc->n++;
	if (e->link_err != 0)
		nc->unreadable++;
	return 0;
}

/* How many descriptors, and how many of them are not ours to read;
 * never "0 descriptors" for a table we may not list. */
static int
node_summary(struct ns_obj *o, struct ns_val *v)
{
	struct node_count nc = { 0, 0 };

	if (node_list(o, count_desc, &nc) == -1) {
		ns_val_addf(v, "descriptors not readable: %s",
		    strerror(errno));
		return 0;
	}
	if (nc.unreadable > 0)
		ns_val_addf(v, "%zu descriptor%s, %zu not readable", nc.n,
		    nc.n == 1 ? "" : "s", nc.unreadable);
	else
		ns_val_addf(v, "%zu descriptor%s", nc.n, nc.n == 1 ? "" : "s");
	return 0;
}

NS_GETTER_OBJ(node_pid, ns_val_num, fd_obj_pid(o))

static const struct ns_attr node_attrs[] = {
	NS_COL_PID(get_node_pid),
	{ NULL }
};

const struct ns_class ns_fd_node_class = {
	.type = "fds",
	.attrs = node_attrs,
	.list = node_list,
	.summary = node_summary,
};

void
ns_fd_node_set(struct ns_obj *o, uint64_t pid)
{
	ns_obj_set(o, &ns_fd_node_class, "/proc/%llu/fd",
	    (unsigned long long)pid);
	fd_obj_set_pid(o, pid);
}

int
ns_fd_lookup(struct ns_obj *o, uint64_t pid, char **comp, int n)
{
	struct fdent *e;
	char path[64];
	uint64_t fd;

	if (n < 1 || n > 2 || strcmp(comp[0], "fd") != 0)
		return ns_none();
	if (n == 1) {
		ns_fmt(path, sizeof(path), "/proc/%llu/fd",
		    (unsigned long long)pid);
		if (access(path, F_OK) == -1)
			return -1;
		ns_fd_node_set(o, pid);
		return 0;
	}
	if (ns_parse_u64(comp[1], INT_MAX, &fd) == -1)
		return ns_none();
	if ((e = ns_fdent_load(-1, pid, (int)fd)) == NULL)
		return -1;
	ent_obj(o, e);
	ns_fdent_unref(e);
	return 0;
}

/* Whether the entry is one of those fdinfo -p and -t select. */
static int
selected(struct fdent *e, const struct ns_fd_select *sel)
{
	size_t i;

	if (sel == NULL)
		return 1;
	if (sel->pids != NULL) {
		for (i = 0; i < sel->npids; i++)
			if (sel->pids[i] == e->pid)
				break;
		if (i == sel->npids)
			return 0;
	}
	if (sel->kinds == NULL)
		return 1;
	for (i = 0; i < sel->nkinds; i++) {
		if (strcasecmp(sel->kinds[i], ns_fd_kind(e)) == 0)
			return 1;
		/* Every socket is a SOCK, whatever its protocol. */
		if (e->fam == F_SOCK && strcasecmp(sel->kinds[i], "SOCK") == 0)
			return 1;
	}
	return 0;
}

/*
 * fdinfo's walks.  Associations come first, as lsfd prints them, then
 * the descriptors in their order.
 */
struct walk {
	const struct ns_fd_select	*sel;
	ns_emit_fn		 emit;
	void			*arg;
};

static int
walk_ent(struct fdent *e, void *arg)
{
	struct walk *w = arg;

	if (!selected(e, w->sel))
		return 0;
	return emit_ent(e, w->emit, w->arg);
}

int
ns_fd_walk_pid(uint64_t pid, const struct ns_fd_select *sel, ns_emit_fn emit,
    void *arg)
{
	struct walk w = { sel, emit, arg };
	struct dirent *d;
	struct fdent *e;
	uint64_t fd;
	DIR *dir;
	int stop = 0, infodir = -1;

	/* A process whose descriptors are not ours to list still has its
	 * associations listed, each with its error, as lsof lists them. */
	if ((dir = ns_fd_open_fds(pid)) == NULL) {
		if (errno != EACCES)
			return -1;
		return sel != NULL && sel->assoc ?
		    ns_fd_assoc_each(pid, -1, walk_ent, &w) : 0;
	}
	if (sel != NULL && sel->assoc)
		stop = ns_fd_assoc_each(pid, dirfd(dir), walk_ent, &w);
	while (!stop && (d = readdir(dir)) != NULL) {
		if (ns_parse_u64(d->d_name, INT_MAX, &fd) == -1)
			continue;
		if ((e = ns_fdent_load(dirfd(dir), pid, (int)fd)) == NULL)
			continue;
		e->dfd = dirfd(dir);
		e->infodir = &infodir;
		stop = walk_ent(e, &w);
		e->dfd = -1;
		e->infodir = NULL;
		ns_fdent_unref(e);
	}
	if (infodir >= 0)
		close(infodir);
	closedir(dir);
	return stop;
}

static int
walk_one(uint64_t pid, void *arg)
{
	struct walk *w = arg;
	int r;

	/* A process that left meanwhile is no error. */
	if ((r = ns_fd_walk_pid(pid, w->sel, w->emit, w->arg)) == -1)
		return 0;
	return r;
}

int
ns_fd_walk(const struct ns_fd_select *sel, ns_emit_fn emit, void *arg)
{
	struct walk w = { sel, emit, arg };

	return ns_proc_each(walk_one, &w);
}

static int
walk_holder(struct fdent *e, void *arg)
{
	struct walk *w = arg;

	/* Both ends of a connection may each be asked for. */
	if (e->emitted || !selected(e, w->sel))
		return 0;
	e->emitted = 1;
	return emit_ent(e, w->emit, w->arg);
}

static int
count_holder(struct fdent *e, void *arg)
{
	(*(size_t *)arg)++;
	return 0;
}

/* The holders of object, with the associations if fdinfo -a asks. */
static int
walk_holders(const char *object, struct walk *w)
{
	if (w->sel != NULL && w->sel->assoc)
		return ns_fd_index_holders_all(object, walk_holder, w);
	return ns_fd_index_holders(object, walk_holder, w);
}

/* A descriptor path asks for what the descriptor refers to. */
static int
holders_of_fd(const char *path, struct walk *w)
{
	struct ns_obj o;
	struct fdent *e;
	const char *obj;
	size_t n = 0;
	int r;

	if (ns_resolve_into(&o, path) == -1)
		return 0;
	if ((e = ns_fdent_of(&o)) == NULL || o.cls == &ns_fd_assoc_class) {
		ns_obj_clear(&o);
		return 0;
	}
	/* A descriptor that is its own object is found in the index, where
	 * it is marked as given; one newer than the index, or one of a
	 * deleted file, which has no object, is given as it is. */
	obj = ns_fd_object(e);
	if (obj != NULL && strcmp(obj, path) != 0)
		r = ns_fd_walk_holders(obj, w->sel, w->emit, w->arg);
	else if (obj != NULL && (r = ns_fd_index_holders(path, count_holder,
	    &n)) == 0 && n > 0)
		r = ns_fd_index_holders(path, walk_holder, w);
	else
		r = selected(e, w->sel) ? w->emit(&o, w->arg) : 0;
	ns_obj_clear(&o);
	return r;
}

int
ns_fd_walk_holders(const char *object, const struct ns_fd_select *sel,
    ns_emit_fn emit, void *arg)
{
	struct walk w = { sel, emit, arg };
	struct ns_val peer = { 0 };
	int r;

	/* Another machine's descriptors are its own to find. */
	if (strncmp(object, "/host/", 6) == 0)
		return ns_host_holders(object, emit, arg);
	if (strncmp(object, "/proc/", 6) == 0 && strstr(object, "/fd/") !=
	    NULL)
		return holders_of_fd(object, &w);
	r = walk_holders(object, &w);
	if (r == 0 && strncmp(object, "/sock/", 6) == 0 &&
	    ns_fd_attr_of(object, "peer", &peer) == 0 && peer.n > 0)
		r = walk_holders(peer.buf, &w);
	ns_val_free(&peer);
	return r;
}
