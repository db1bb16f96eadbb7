/*
 * ipc.c: the /ipc provider: System V and POSIX IPC objects.
 *
 * /ipc/shm/ID, /ipc/sem/ID and /ipc/msg/ID are the System V objects of the
 * caller's IPC namespace, named by the id the kernel gives them (shmid,
 * semid, msqid), from /proc/sysvipc, each table read once per run.  Which
 * processes have a segment attached is found by one read of every
 * process's maps, and only when that column is asked for; a process
 * attaches the segments of its own ipc namespace, where ids are unique,
 * and the holders of a segment are those of the segment's.
 *
 * Another ipc namespace's System V objects are the same classes, named
 * under it, /ns/ipc/INODE/ipc/shm/ID, and read from inside it (ipcns.c),
 * all three tables at once; their links (users, processes) are the
 * caller's, as the tables are read for it.
 *
 * /ipc/mqueue/NAME are the POSIX message queues, named as mq_open(3)
 * names them without the leading slash.  They are the files of the mqueue
 * file system, where one is mounted (usually /dev/mqueue): nothing is
 * mounted for the caller, so without a mount the node is empty.  The
 * mount shows the queues of the IPC namespace that mounted it.  A queue
 * that a descriptor holds is an object all the same, mount or none
 * (rule 8): it is read through that descriptor, /proc/PID/fd/N, which
 * is the queue's file as much as the mount's is.
 *
 * This file holds the nodes above the objects and names the System V
 * ones; sysv.c reads those, and mqueue.c holds the queues (ipcpriv.h has
 * the map).
 */
#include <sys/stat.h>
#include <sys/types.h>

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "provider.h"
#include "ipcns.h"
#include "ipcparse.h"
#include "ipcpriv.h"

static const char *const kind_names[NKINDS] = {
	"shm", "sem", "msg", "mqueue"
};

static const char *const kind_what[NKINDS] = {
	"shared memory segment", "semaphore set", "message queue",
	"POSIX message queue"
};

static const struct ns_class *const obj_classes[NKINDS] = {
	&ns_ipc_shm_class, &ns_ipc_sem_class, &ns_ipc_msg_class, &ns_mq_class
};

/* Where the namespace ns names its objects: /ipc for the caller's, else
 * /ns/ipc/INODE/ipc. */
static void
top_path(uint64_t ns, char *buf, size_t size)
{
	if (ns == 0)
		strlcpy(buf, "/ipc", size);
	else
		snprintf(buf, size, "/ns/ipc/%llu/ipc", (unsigned long long)ns);
}

static int
set_sysv(struct ns_obj *o, int kind, uint64_t id, uint64_t ns)
{
	char top[48];

	top_path(ns, top, sizeof(top));
	if (ns_obj_set(o, obj_classes[kind], "%s/%s/%llu", top,
	    kind_names[kind], (unsigned long long)id) == -1)
		return -1;
	o->id[0] = id;
	o->id[1] = (uint64_t)kind;
	o->id[2] = ns;
	return 0;
}

static int
sysv_list(int kind, uint64_t ns, ns_emit_fn emit, void *arg)
{
	struct ns_obj c = {0};
	struct table *t;
	size_t i;
	int stop = 0;

	/* A namespace that could not be read was counted where it was. */
	if ((t = ns_ipc_load_table(kind, ns)) == NULL)
		return ns_errno_benign(errno) ? 0 : -1;
	for (i = 0; i < t->nrows && !stop; i++) {
		set_sysv(&c, kind, t->rows[i].v[IPC_ID], ns);
		stop = emit(&c, arg);
		ns_obj_clear(&c);
	}
	return stop;
}

static int
kind_list(struct ns_obj *o, ns_emit_fn emit, void *arg)
{
	if (ipc_node_kind(o) == K_MQUEUE)
		return ns_mq_list(emit, arg);
	return sysv_list(ipc_node_kind(o), ipc_ns(o), emit, arg);
}

static int
kind_summary(struct ns_obj *o, struct ns_val *v)
{
	size_t n;

	if (ipc_node_kind(o) == K_MQUEUE && ns_mq_dir() == NULL) {
		ns_val_add(v, "no mqueue file system mounted");
		return 0;
	}
	n = ns_count_children(o);
	ns_val_addf(v, "%zu %s%s", n, kind_what[ipc_node_kind(o)], n == 1 ? "" : "s");
	return 0;
}

static const struct ns_attr kind_attrs[] = {
	{ "mount", NS_LINK, "mount of the mqueue file system whose queues "
	    "are listed", ns_mq_get_mount },
	{ NULL }
};

static const struct ns_class kind_class = {
	.type = "ipcs",
	.attrs = kind_attrs,
	.list = kind_list,
	.summary = kind_summary,
};

static int
set_kind(struct ns_obj *o, int kind, uint64_t ns)
{
	char top[48];

	top_path(ns, top, sizeof(top));
	if (ns_obj_set(o, &kind_class, "%s/%s", top, kind_names[kind]) == -1)
		return -1;
	o->id[0] = (uint64_t)kind;
	o->id[2] = ns;
	return 0;
}

/* The kinds a namespace has: another's no mqueue (ipcns.h). */
static int
nkinds(uint64_t ns)
{
	return ns == 0 ? NKINDS : K_MQUEUE;
}

static int
top_list(struct ns_obj *o, ns_emit_fn emit, void *arg)
{
	struct ns_obj c = { 0 };
	int k, stop = 0;

	for (k = 0; k < nkinds(ipc_ns(o)) && !stop; k++) {
		if (set_kind(&c, k, ipc_ns(o)) == -1)
			return -1;
		stop = emit(&c, arg);
		ns_obj_clear(&c);
	}
	return stop;
}

static int
top_summary(struct ns_obj *o, struct ns_val *v)
{
	(void)o;
	ns_val_add(v, "System V and POSIX IPC objects");
	return 0;
}

static const struct ns_attr top_attrs[] = {
	{ NULL }
};

static const struct ns_class top_class = {
	.type = "ipc",
	.attrs = top_attrs,
	.list = top_list,
	.summary = top_summary,
};

static int
kind_index(const char *name)
{
	int k;

	for (k = 0; k < NKINDS; k++)
		if (strcmp(kind_names[k], name) == 0)
			return k;
	return -1;
}

static int
set_top(struct ns_obj *o, uint64_t ns)
{
	char top[48];

	top_path(ns, top, sizeof(top));
	if (ns_obj_set(o, &top_class, "%s", top) == -1)
		return -1;
	o->id[2] = ns;
	return 0;
}

/* The node or object at comp of the namespace ns (0: the caller's). */
static int
lookup_in(struct ns_obj *o, uint64_t ns, char **comp, int n)
{
	struct stat *st;
	uint64_t id;
	int k;

	if (n == 0)
		return set_top(o, ns);
	if (n > 2 || (k = kind_index(comp[0])) == -1 || k >= nkinds(ns))
		goto none;
	if (n == 1)
		return set_kind(o, k, ns);
	if (k == K_MQUEUE) {
		if (strcmp(comp[1], ".") == 0 || strcmp(comp[1], "..") == 0 ||
		    ns_mq_set(o, comp[1]) == -1)
			goto none;
		if ((st = ns_mq_stat(o)) == NULL || !S_ISREG(st->st_mode)) {
			ns_obj_clear(o);
			goto none;
		}
		return 0;
	}
	if (ns_parse_u64(comp[1], INT_MAX, &id) == -1)
		goto none;
	/* A namespace not ours to read says so, not "no such object". */
	if (ns_ipc_find_row(k, id, ns) == NULL) {
		if (errno == EACCES)
			return -1;
		goto none;
	}
	return set_sysv(o, k, id, ns);
none:
	errno = ENOENT;
	return -1;
}

static int
ipc_lookup(struct ns_obj *o, char **comp, int n)
{
	return lookup_in(o, 0, comp, n);
}

int
ns_ipc_lookup_in(struct ns_obj *o, uint64_t ino, char **comp, int n)
{
	return lookup_in(o, ino == ns_ipcns_here() ? 0 : ino, comp, n);
}

NS_PROVIDER(ns_ipc_provider,
	.name = "ipc",
	.help = "System V and POSIX IPC objects",
	.lookup = ipc_lookup,
	.recognize = ns_mq_recognize,
	.classes = NS_CLASSES(&top_class, &kind_class, &ns_ipc_shm_class,
	    &ns_ipc_sem_class, &ns_ipc_msg_class, &ns_mq_class));
