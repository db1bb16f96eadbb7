/*
 * ipcpriv.h: what the files of the /ipc provider share.
 *
 * They stand in layers, each calling only those below it:
 *
 *	ipc.c		the top node, the kinds' nodes, the names of the
 *			System V objects, lookup and the provider
 *	mqueue.c	the POSIX message queues: the mqueue mount, the
 *			file that is a queue, its class, its name, and a
 *			file of the mount recognized as its queue
 *	sysv.c		the System V objects: the /proc/sysvipc tables of
 *			each namespace, read once a run, the processes
 *			that have a segment attached, and the classes
 *	ipcparse.c	the parsers of the tables and of a queue's file
 *			(ipcparse.h), apart from the reading
 *
 * A System V object's name says its namespace, /ns/ipc/INODE/ipc/shm/ID
 * for another's, so ipc.c, which holds the namespaces' nodes, names
 * those objects.  A queue is always /ipc/mqueue/NAME, and mqueue.c
 * names its own, as it lists them and recognizes their files.
 */
#ifndef NS_IPCPRIV_H
#define NS_IPCPRIV_H

#include <sys/stat.h>

#include <stddef.h>
#include <stdint.h>

#include "provider.h"
#include "ipcparse.h"

enum { K_SHM, K_SEM, K_MSG, K_MQUEUE, NKINDS };

/*
 * ns_obj.id[]: a System V object is its id and its kind, a message queue
 * only its kind (its name is its path), a kind's node (/ipc/shm) its
 * kind alone; id[2] is the ipc namespace of any of them, 0 for the
 * caller's (/ipc), else its inode (/ns/ipc/INODE/ipc).
 */
static inline uint64_t
ipc_id(const struct ns_obj *o)
{
	return o->id[0];
}

static inline int
ipc_kind(const struct ns_obj *o)
{
	return (int)o->id[1];
}

static inline int
ipc_node_kind(const struct ns_obj *o)
{
	return (int)o->id[0];
}

static inline uint64_t
ipc_ns(const struct ns_obj *o)
{
	return o->id[2];
}

/* One /proc/sysvipc table, read once per run, sorted by id. */
struct table {
	int		 loaded;
	int		 error;		/* errno of a failed read, or 0 */
	struct ipc_row	*rows;
	size_t		 nrows;
};

/* sysv.c */
extern const struct ns_class ns_ipc_shm_class, ns_ipc_sem_class,
    ns_ipc_msg_class;
/* One table of the namespace ns (0: the caller's), read once a run; NULL
 * with errno if it cannot be read. */
struct table	*ns_ipc_load_table(int kind, uint64_t ns);
/* The row of the object id of a kind in the namespace ns; NULL with
 * errno (ENOENT: no such object). */
struct ipc_row	*ns_ipc_find_row(int kind, uint64_t id, uint64_t ns);
/* A link to the process pid while it lives; -1 with ENOENT for 0, which
 * means none. */
int		 ns_ipc_pid_link(struct ns_val *, uint64_t pid);

/* mqueue.c */
extern const struct ns_class ns_mq_class;
/* The directory of the caller's mqueue mount, NULL if none. */
const char	*ns_mq_dir(void);
/* Make the object the queue NAME, /ipc/mqueue/NAME; 0, or -1 with errno. */
int		 ns_mq_set(struct ns_obj *, const char *name);
/* The stat(2) of a queue's file, read once; NULL with errno. */
struct stat	*ns_mq_stat(struct ns_obj *);
/* The queues of the mount, for /ipc/mqueue. */
int		 ns_mq_list(ns_emit_fn, void *);
/* /ipc/mqueue's mount attribute: the mount whose queues it lists. */
int		 ns_mq_get_mount(struct ns_obj *, struct ns_val *);
/* The provider's recognize: a file of the mqueue mount is its queue. */
int		 ns_mq_recognize(struct ns_obj *, const char *path,
		    const struct stat *);

#endif
