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
 * only an open descriptor keeps alive is looked for among every process's
 * descriptors when a path names one the table lacks, and not listed; the
 * descriptors that hold a namespace come from the scan of fd.c, made only
 * when that column is asked for.
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
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <libmount.h>
#include <linux/nsfs.h>

#include "provider.h"
#include "netns.h"
#include "nsparse.h"

/* A namespace's ids: its inode and its type (an index of ns_nsfs_types);
 * the node /ns/TYPE has its type alone. */
static inline uint64_t
nsobj_ino(const struct ns_obj *o)
{
	return o->id[0];
}

static inline int
nsobj_type(const struct ns_obj *o)
{
	return (int)o->id[1];
}

static inline void
nsobj_set_ids(struct ns_obj *o, uint64_t ino, int type)
{
	o->id[0] = ino;
	o->id[1] = (uint64_t)type;
}

static inline int
kind_type(const struct ns_obj *o)
{
	return (int)o->id[0];
}

static inline void
kind_set_type(struct ns_obj *o, int type)
{
	o->id[0] = (uint64_t)type;
}

/* Where ip netns keeps its namespaces, as iproute2 names it. */
#define NETNS_RUN_DIR	"/run/netns"

/* Older C libraries lack the newest clone flag. */
#ifndef CLONE_NEWTIME
#define CLONE_NEWTIME	0x00000080
#endif

/* In ns_nsfs_types' order, which is by name, as the root lists its nodes. */
enum {
	T_CGROUP, T_IPC, T_MNT, T_NET, T_PID, T_TIME, T_USER, T_UTS
};

const char *const ns_nsfs_types[NSFS_NTYPES] = {
	"cgroup", "ipc", "mnt", "net", "pid", "time", "user", "uts"
};

static const int type_flags[NSFS_NTYPES] = {
	CLONE_NEWCGROUP, CLONE_NEWIPC, CLONE_NEWNS, CLONE_NEWNET,
	CLONE_NEWPID, CLONE_NEWTIME, CLONE_NEWUSER, CLONE_NEWUTS
};

/* One namespace and what the run found out about it. */
struct nsent {
	uint64_t	 ino;
	int		 type;
	uint64_t	*pids;		/* the processes in it, ascending */
	size_t		 npids;
	size_t		 pidcap;
	char	       **mounts;	/* where its nsfs file is mounted */
	size_t		 nmounts;
	char		*via;		/* a path that opens it, found otherwise */
	int		 fd;		/* kept open until the closure asks it */
	uint64_t	 owner;		/* inode of the owning user ns, or 0 */
	uint64_t	 parent;	/* inode of the parent, or 0 */
	uid_t		 creator;
	int		 has_creator;
};

/*
 * The table.  ents grows, so an entry is found again by its inode after
 * anything that may add one; slots index it by inode, open addressing,
 * holding an entry's index plus one (0 is an empty slot).
 */
static struct nsent *ents;
static size_t nents, entcap;
static size_t *slots;
static size_t nslots;
static int scanned;		/* processes and mounts read */
static size_t asked;		/* entries the closure has asked so far */
static int fds_scanned;

static const struct ns_class ns_classes[NSFS_NTYPES];
static const struct ns_class kind_class, top_class;
static int on_nsfs(const struct stat *);

int
ns_nsfs_type_index(const char *name)
{
	int t;

	for (t = 0; t < NSFS_NTYPES; t++)
		if (strcmp(ns_nsfs_types[t], name) == 0)
			return t;
	return -1;
}

int
ns_nsfs_type_of_flag(int flag)
{
	int t;

	for (t = 0; t < NSFS_NTYPES; t++)
		if (type_flags[t] == flag)
			return t;
	return -1;
}

int
ns_nsfs_parse(const char *text, uint64_t *ino)
{
	char name[16], num[24];
	const char *colon, *end;
	size_t len;
	int t;

	if ((colon = strchr(text, ':')) == NULL || colon[1] != '[')
		return -1;
	len = colon - text;
	if (len == 0 || len >= sizeof(name))
		return -1;
	memcpy(name, text, len);
	name[len] = '\0';
	if ((t = ns_nsfs_type_index(name)) == -1)
		return -1;
	end = colon + 2 + strcspn(colon + 2, "]");
	len = end - (colon + 2);
	if (*end != ']' || end[1] != '\0' || len == 0 || len >= sizeof(num))
		return -1;
	memcpy(num, colon + 2, len);
	num[len] = '\0';
	if (ns_parse_u64(num, UINT64_MAX, ino) == -1 || *ino == 0)
		return -1;
	return t;
}

static size_t
slot_of(uint64_t ino)
{
	return (size_t)(ino ^ (ino >> 17)) & (nslots - 1);
}

static struct nsent *
find(uint64_t ino)
{
	size_t i;

	if (nslots == 0)
		return NULL;
	for (i = slot_of(ino); slots[i] != 0; i = (i + 1) & (nslots - 1))
		if (ents[slots[i] - 1].ino == ino)
			return &ents[slots[i] - 1];
	return NULL;
}

static void
index_put(size_t idx)
{
	size_t i;

	for (i = slot_of(ents[idx].ino); slots[i] != 0;
	    i = (i + 1) & (nslots - 1))
		continue;
	slots[i] = idx + 1;
}

/* The entry of this inode, made if new.  Other entry pointers go stale. */
static struct nsent *
add(uint64_t ino, int type)
{
	struct nsent *e;
	size_t i;

	if ((e = find(ino)) != NULL)
		return e;
	if (nents == entcap) {
		entcap = entcap ? entcap * 2 : 64;
		if ((ents = reallocarray(ents, entcap, sizeof(*ents))) == NULL)
			err(1, NULL);
	}
	/* At most half full, so that every probe ends soon. */
	if ((nents + 1) * 2 > nslots) {
		free(slots);
		nslots = nslots ? nslots * 2 : 128;
		if ((slots = calloc(nslots, sizeof(*slots))) == NULL)
			err(1, NULL);
		for (i = 0; i < nents; i++)
			index_put(i);
	}
	e = &ents[nents];
	memset(e, 0, sizeof(*e));
	e->ino = ino;
	e->type = type;
	e->fd = -1;
	index_put(nents++);
	return e;
}

static void
add_pid(struct nsent *e, uint64_t pid)
{
	if (e->npids == e->pidcap) {
		e->pidcap = e->pidcap ? e->pidcap * 2 : 8;
		if ((e->pids = reallocarray(e->pids, e->pidcap,
		    sizeof(*e->pids))) == NULL)
			err(1, NULL);
	}
	e->pids[e->npids++] = pid;
}

/*
 * The namespaces of one process.  A process that is not ours to look
 * into (its ns links say EACCES) is counted as skipped; one that left, or
 * a kind of namespace this kernel lacks, is passed over.
 */
static int
scan_proc(uint64_t pid, void *arg)
{
	char path[64], text[64];
	uint64_t ino;
	ssize_t n;
	int t;

	(void)arg;
	for (t = 0; t < NSFS_NTYPES; t++) {
		snprintf(path, sizeof(path), "/proc/%llu/ns/%s",
		    (unsigned long long)pid, ns_nsfs_types[t]);
		if ((n = readlink(path, text, sizeof(text) - 1)) == -1) {
			if (errno == EACCES || errno == EPERM) {
				snprintf(path, sizeof(path), "/proc/%llu",
				    (unsigned long long)pid);
				ns_skip_path(path);
				return 0;
			}
			continue;
		}
		text[n] = '\0';
		if (ns_nsfs_parse(text, &ino) != t)
			continue;
		add_pid(add(ino, t), pid);
	}
	return 0;
}

/* The nsfs files mounted somewhere: mountinfo's root says "net:[INO]". */
static void
scan_mounts(void)
{
	struct libmnt_table *tb;
	struct libmnt_iter *it;
	struct libmnt_fs *fs;
	struct nsent *e;
	const char *fstype, *root, *target;
	uint64_t ino;
	int t;

	if ((tb = mnt_new_table_from_file("/proc/self/mountinfo")) == NULL)
		return;
	if ((it = mnt_new_iter(MNT_ITER_FORWARD)) == NULL) {
		mnt_unref_table(tb);
		return;
	}
	while (mnt_table_next_fs(tb, it, &fs) == 0) {
		fstype = mnt_fs_get_fstype(fs);
		root = mnt_fs_get_root(fs);
		target = mnt_fs_get_target(fs);
		if (fstype == NULL || strcmp(fstype, "nsfs") != 0 ||
		    root == NULL || target == NULL || *target != '/' ||
		    (t = ns_nsfs_parse(root, &ino)) == -1)
			continue;
		e = add(ino, t);
		if ((e->mounts = reallocarray(e->mounts, e->nmounts + 1,
		    sizeof(*e->mounts))) == NULL ||
		    (e->mounts[e->nmounts] = strdup(target)) == NULL)
			err(1, NULL);
		e->nmounts++;
	}
	mnt_free_iter(it);
	mnt_unref_table(tb);
}

static void
scan(void)
{
	if (scanned)
		return;
	scanned = 1;
	ns_proc_each(scan_proc, NULL);
	scan_mounts();
}

/* Open a path and make sure it is still the namespace asked for. */
static int
open_checked(const char *path, uint64_t ino)
{
	struct stat st;
	int fd;

	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) == -1)
		return -1;
	if (fstat(fd, &st) == -1 || (uint64_t)st.st_ino != ino) {
		close(fd);
		return -1;
	}
	return fd;
}

/* A descriptor of the namespace, by whatever way is still open to it. */
static int
open_ent(struct nsent *e)
{
	char path[64];
	size_t i;
	int fd;

	if (e->fd != -1) {
		fd = e->fd;
		e->fd = -1;
		return fd;
	}
	for (i = 0; i < e->nmounts; i++)
		if ((fd = open_checked(e->mounts[i], e->ino)) != -1)
			return fd;
	if (e->via != NULL && (fd = open_checked(e->via, e->ino)) != -1)
		return fd;
	/* A pid may have left, or been reused by a process elsewhere. */
	for (i = 0; i < e->npids; i++) {
		snprintf(path, sizeof(path), "/proc/%llu/ns/%s",
		    (unsigned long long)e->pids[i], ns_nsfs_types[e->type]);
		if ((fd = open_checked(path, e->ino)) != -1)
			return fd;
	}
	return -1;
}

/*
 * The namespace an nsfs ioctl hands back as a new descriptor: its inode,
 * or 0 when there is none the caller may see (the kernel says EPERM at
 * the top of the caller's view).  A namespace new to the table keeps the
 * descriptor, for the closure to ask it in turn.
 */
static uint64_t
related(int fd, unsigned long req, int type)
{
	struct stat st;
	struct nsent *e;
	int rfd;

	if ((rfd = ioctl(fd, req)) == -1)
		return 0;
	if (fstat(rfd, &st) == -1) {
		close(rfd);
		return 0;
	}
	if (find(st.st_ino) == NULL) {
		e = add(st.st_ino, type);
		e->fd = rfd;
	} else
		close(rfd);
	return st.st_ino;
}

/*
 * Ask every entry not asked yet for its owner, parent and creator.  The
 * answers may be new entries, which the loop reaches in turn, so the
 * table ends up closed under owner and parent.
 */
static void
ask_all(void)
{
	struct nsent *e;
	uint64_t owner, parent;
	uid_t uid = (uid_t)-1;
	int fd, type;

	scan();
	for (; asked < nents; asked++) {
		if ((fd = open_ent(&ents[asked])) == -1)
			continue;
		type = ents[asked].type;
		owner = related(fd, NS_GET_USERNS, T_USER);
		parent = 0;
		if (type == T_PID || type == T_USER)
			parent = related(fd, NS_GET_PARENT, type);
		e = &ents[asked];
		e->owner = owner;
		e->parent = parent;
		if (type == T_USER && ioctl(fd, NS_GET_OWNER_UID, &uid) == 0) {
			e->creator = uid;
			e->has_creator = 1;
		}
		close(fd);
	}
}

/* The nsfs descriptors of one process: namespaces only they keep. */
static int
scan_fds_of(uint64_t pid, void *arg)
{
	char path[64], text[64];
	struct dirent *d;
	struct nsent *e;
	uint64_t ino;
	ssize_t n;
	DIR *dir;
	int t;

	(void)arg;
	snprintf(path, sizeof(path), "/proc/%llu/fd", (unsigned long long)pid);
	if ((dir = opendir(path)) == NULL)
		return 0;
	while ((d = readdir(dir)) != NULL) {
		if ((n = readlinkat(dirfd(dir), d->d_name, text,
		    sizeof(text) - 1)) == -1)
			continue;
		text[n] = '\0';
		if ((t = ns_nsfs_parse(text, &ino)) == -1 || find(ino) != NULL)
			continue;
		e = add(ino, t);
		if (asprintf(&e->via, "/proc/%llu/fd/%s",
		    (unsigned long long)pid, d->d_name) == -1)
			err(1, NULL);
	}
	closedir(dir);
	return 0;
}

/*
 * A network namespace no process or mount keeps, only sockets made in
 * it: its descriptor comes from one of them, and stays open for the run
 * as the way to it.
 */
static struct nsent *
from_socket(uint64_t ino)
{
	struct nsent *e;
	int fd;

	if ((fd = ns_sock_netns_fd(ino)) == -1)
		return NULL;
	e = add(ino, T_NET);
	if (asprintf(&e->via, "/proc/self/fd/%d", fd) == -1)
		err(1, NULL);
	ask_all();
	return find(ino);
}

/*
 * The entry of an inode, wherever it may be found: the processes and
 * mounts first, then the owners and parents, then, once per run, the
 * descriptors of every process, which is the dearest look, and last, for
 * a network namespace (type T_NET, or -1 when not known), its sockets.
 */
static struct nsent *
lookup_ino(uint64_t ino, int type)
{
	struct nsent *e;

	scan();
	if ((e = find(ino)) != NULL)
		return e;
	ask_all();
	if ((e = find(ino)) != NULL)
		return e;
	if (fds_scanned)
		return NULL;
	fds_scanned = 1;
	ns_proc_each(scan_fds_of, NULL);
	ask_all();
	if ((e = find(ino)) != NULL)
		return e;
	/* Only a network namespace can be kept by its sockets alone: an
	 * inode of another type is not worth a look at every socket. */
	return type == T_NET || type == -1 ? from_socket(ino) : NULL;
}

/* The object's entry; ENOENT if it is gone from the table. */
static struct nsent *
entry(struct ns_obj *o)
{
	struct nsent *e;

	if ((e = lookup_ino(nsobj_ino(o), nsobj_type(o))) == NULL)
		errno = ENOENT;
	return e;
}

/* As entry(), with the owners, parents and creators asked. */
static struct nsent *
entry_asked(struct ns_obj *o)
{
	struct nsent *e;

	if ((e = entry(o)) == NULL)
		return NULL;
	ask_all();
	return find(nsobj_ino(o));
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

static int
get_nstype(struct ns_obj *o, struct ns_val *v)
{
	ns_val_add(v, ns_nsfs_types[nsobj_type(o)]);
	return 0;
}

static int
get_inode(struct ns_obj *o, struct ns_val *v)
{
	ns_val_num(v, (unsigned long long)nsobj_ino(o));
	return 0;
}

static int
get_processes(struct ns_obj *o, struct ns_val *v)
{
	struct nsent *e;
	size_t i;

	if ((e = entry(o)) == NULL)
		return -1;
	for (i = 0; i < e->npids; i++)
		ns_val_addf(v, "/proc/%llu", (unsigned long long)e->pids[i]);
	return 0;
}

static int
get_nprocs(struct ns_obj *o, struct ns_val *v)
{
	struct nsent *e;

	if ((e = entry(o)) == NULL)
		return -1;
	ns_val_num(v, e->npids);
	return 0;
}

static int
get_owner(struct ns_obj *o, struct ns_val *v)
{
	struct nsent *e;

	if ((e = entry_asked(o)) == NULL)
		return -1;
	if (e->owner == 0) {
		errno = ENOENT;
		return -1;
	}
	ns_val_addf(v, "/ns/user/%llu", (unsigned long long)e->owner);
	return 0;
}

static int
get_parent(struct ns_obj *o, struct ns_val *v)
{
	struct nsent *e;

	if ((e = entry_asked(o)) == NULL)
		return -1;
	if (e->parent == 0) {
		errno = ENOENT;
		return -1;
	}
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
	if (!e->has_creator) {
		errno = ENOENT;
		return -1;
	}
	ns_val_addf(v, "/user/%u", (unsigned)e->creator);
	return 0;
}

static int
get_nsfs(struct ns_obj *o, struct ns_val *v)
{
	struct nsent *e;
	size_t i;

	if ((e = entry(o)) == NULL)
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
 * "net 4026531840 85 procs /sbin/init", as lsns prints a namespace: the
 * command is the first process's; with no process in it, the first place
 * it is mounted.
 */
static int
ns_summary(struct ns_obj *o, struct ns_val *v)
{
	struct nsent *e;
	char cmd[512];

	if ((e = entry(o)) == NULL)
		return -1;
	if (e->npids > 0)
		command(e->pids[0], cmd, sizeof(cmd));
	else if (e->nmounts > 0)
		strlcpy(cmd, e->mounts[0], sizeof(cmd));
	else
		strlcpy(cmd, "-", sizeof(cmd));
	ns_val_addf(v, "%s %llu %zu proc%s %s", ns_nsfs_types[e->type],
	    (unsigned long long)e->ino, e->npids, e->npids == 1 ? "" : "s",
	    cmd);
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

	if ((e = entry(o)) == NULL)
		return -1;
	if ((name = ns_name(e)) == NULL)
		return ns_none();
	ns_val_add(v, name);
	return 0;
}

static const struct ns_attr ns_attrs[] = {
	{ "nstype", NS_STRING,
	    "kind of namespace: cgroup, ipc, mnt, net, pid, time, user, uts",
	    get_nstype },
	{ "inode", NS_NUMBER, "inode number", get_inode },
	{ "processes", NS_LINKS, "processes in the namespace",
	    get_processes },
	{ "nprocs", NS_NUMBER, "how many processes are in the namespace",
	    get_nprocs },
	{ "owner", NS_LINK, "user namespace that owns it", get_owner },
	{ "parent", NS_LINK, "parent of a pid or user namespace",
	    get_parent },
	{ "creator", NS_LINK, "user who made the user namespace",
	    get_creator },
	{ "nsfs", NS_LINKS, "where its nsfs file is mounted", get_nsfs },
	{ "name", NS_STRING,
	    "its name, as ip netns gives it (an nsfs bind mount's)", get_name },
	NS_ATTR_FDS,
	{ NULL }
};

#define NS_CLASS(name) { \
	.type = name, \
	.attrs = ns_attrs, \
	.summary = ns_summary, \
}

/* A network namespace is the root of its view: dev, net and sock. */
static int
net_list(struct ns_obj *o, ns_emit_fn emit, void *arg)
{
	return ns_netns_list(nsobj_ino(o), emit, arg);
}

/* One class a kind, so that nsls -l's TYPE column tells them apart. */
static const struct ns_class ns_classes[NSFS_NTYPES] = {
	NS_CLASS("cgroupns"), NS_CLASS("ipcns"), NS_CLASS("mntns"),
	{ .type = "netns", .attrs = ns_attrs, .summary = ns_summary,
	    .list = net_list },
	NS_CLASS("pidns"), NS_CLASS("timens"),
	NS_CLASS("userns"), NS_CLASS("utsns")
};

static int
by_inode(const void *a, const void *b)
{
	const struct nsent *x = *(struct nsent *const *)a;
	const struct nsent *y = *(struct nsent *const *)b;

	return x->ino < y->ino ? -1 : x->ino > y->ino;
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

	scan();
	/* Only pid and user namespaces can be someone's owner or parent. */
	if (type == T_PID || type == T_USER)
		ask_all();
	if ((sel = reallocarray(NULL, nents + 1, sizeof(*sel))) == NULL)
		err(1, NULL);
	for (i = 0; i < nents; i++)
		if (ents[i].type == type)
			sel[n++] = &ents[i];
	qsort(sel, n, sizeof(*sel), by_inode);
	if ((inos = reallocarray(NULL, n + 1, sizeof(*inos))) == NULL)
		err(1, NULL);
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

static const struct ns_attr empty_attrs[] = {
	{ NULL }
};

static const struct ns_class kind_class = {
	.type = "namespaces",
	.attrs = empty_attrs,
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
	(void)o;
	ns_val_add(v, "Linux namespaces, by type and inode");
	return 0;
}

static const struct ns_class top_class = {
	.type = "ns",
	.attrs = empty_attrs,
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
	if (stat(path, &st) == 0 && on_nsfs(&st))
		return st.st_ino;
	scan();
	for (i = 0; i < nents; i++)
		if (ents[i].type == T_NET && (s = ns_name(&ents[i])) != NULL &&
		    strcmp(s, name) == 0)
			return ents[i].ino;
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
	    (n > 2 && type != T_NET))
		goto none;
	if (n == 1)
		return set_kind(o, type);
	if (ns_parse_u64(comp[1], UINT64_MAX, &ino) == -1 &&
	    (type != T_NET || (ino = named(comp[1])) == 0))
		goto none;
	/* The caller's own namespaces need no walk over every process. */
	if (!is_own(type, ino) &&
	    ((e = lookup_ino(ino, type)) == NULL || e->type != type))
		goto none;
	if (n > 2)
		return ns_netns_lookup(o, ino, comp + 2, n - 2);
	return set_ns(o, type, ino);
none:
	errno = ENOENT;
	return -1;
}

int
ns_nsfs_open_net(uint64_t ino)
{
	struct nsent *e;
	int fd;

	if ((e = lookup_ino(ino, T_NET)) == NULL || e->type != T_NET) {
		errno = ENOENT;
		return -1;
	}
	if ((fd = open_ent(e)) == -1 && errno == 0)
		errno = ENOENT;
	return fd;
}

uint64_t
ns_nsfs_member_net(uint64_t ino)
{
	struct nsent *e;

	if ((e = lookup_ino(ino, T_NET)) == NULL || e->type != T_NET ||
	    e->npids == 0)
		return 0;
	return e->pids[0];
}

int
ns_nsfs_each_net(int (*fn)(uint64_t, void *), void *arg)
{
	uint64_t *inos;
	size_t i, n = 0;
	int r = 0;

	scan();
	inos = ns_xmalloc((nents + 1) * sizeof(*inos));
	for (i = 0; i < nents; i++)
		if (ents[i].type == T_NET)
			inos[n++] = ents[i].ino;
	/* fn may grow the table. */
	for (i = 0; i < n && r == 0; i++)
		r = fn(inos[i], arg);
	free(inos);
	return r;
}

/* Whether a file lives on nsfs: every nsfs file shares one device. */
static int
on_nsfs(const struct stat *st)
{
	static dev_t dev;
	static int known;
	struct stat self;

	if (!known) {
		if (stat("/proc/self/ns/user", &self) == -1)
			return 0;
		dev = self.st_dev;
		known = 1;
	}
	return st->st_dev == dev;
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

	if (!on_nsfs(st))
		return 0;
	if ((e = find(st->st_ino)) != NULL)
		return set_ns(o, e->type, st->st_ino) == -1 ? -1 : 1;
	if ((fd = open_checked(path, st->st_ino)) != -1) {
		type = ns_nsfs_type_of_flag(ioctl(fd, NS_GET_NSTYPE));
		close(fd);
	}
	if (type == -1) {
		if ((e = lookup_ino(st->st_ino, -1)) == NULL)
			return 0;
		return set_ns(o, e->type, st->st_ino) == -1 ? -1 : 1;
	}
	e = add(st->st_ino, type);
	if ((e->via = strdup(path)) == NULL)
		err(1, NULL);
	return set_ns(o, type, st->st_ino) == -1 ? -1 : 1;
}

static const struct ns_class *const classes[] = {
	&top_class, &kind_class,
	&ns_classes[T_CGROUP], &ns_classes[T_IPC], &ns_classes[T_MNT],
	&ns_classes[T_NET], &ns_classes[T_PID], &ns_classes[T_TIME],
	&ns_classes[T_USER], &ns_classes[T_UTS],
	NULL
};

const struct ns_provider ns_provider = {
	.name = "ns",
	.help = "Linux namespaces, by type and inode",
	.lookup = ns_lookup,
	.recognize = ns_recognize,
	.ident = NULL,
	.classes = classes,
};
