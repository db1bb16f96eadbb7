/*
 * ipcns.h: ipc namespaces other than the caller's, for the /ipc provider
 * (ipc.c, sysv.c), whose System V objects live in one, and for
 * /ns/ipc/INODE, the node that shows them (ipcview.c).
 *
 * /proc/sysvipc shows the ipc namespace of the task that opens it, so
 * another namespace's tables are read from inside it (ipcns.c), once a
 * run; its objects are named under it, /ns/ipc/INODE/ipc/shm/ID, since
 * their ids are the namespace's own.
 */
#ifndef NS_IPCNS_H
#define NS_IPCNS_H

#include <stdint.h>

struct ns_obj;

/* The inode of the caller's ipc namespace, 0 if it cannot be told. */
uint64_t	 ns_ipcns_here(void);

/*
 * The text of the three tables of the namespace ino, /proc/sysvipc/shm,
 * sem and msg in that order, each whole and malloc'd in text[], as a
 * task of the caller's pid namespace inside it reads them; in *userns
 * the user namespace the kernel wrote their user and group ids for (0:
 * the caller's own), for ns_ipcns_id_up.  0, or -1 with errno (ENOENT:
 * the namespace is gone; EACCES: the caller may not enter it, counted
 * once as skipped, by its /ns/ipc path).
 */
int		 ns_ipcns_read(uint64_t ino, char *text[3], uint64_t *userns);

/* A user id (or a group id, where gid) as the user namespace userns
 * writes it, as the caller's own writes it: 0 with *out, or -1 if that
 * namespace's map cannot be read or has no line for it. */
int		 ns_ipcns_id_up(uint64_t userns, int gid, uint64_t id,
		    uint64_t *out);

/*
 * ipc.c: /ns/ipc/INODE/ipc/comp..., the node or object of the namespace
 * ino (the caller's own: its short form, /ipc/..., an alias); 0 or -1
 * with errno (ENOENT: no such object).  Another namespace has shm, sem
 * and msg, not mqueue: its queues are files of its own mqueue file
 * system, which only a mount of it shows.
 */
int		 ns_ipc_lookup_in(struct ns_obj *, uint64_t ino, char **comp,
		    int n);

#endif
