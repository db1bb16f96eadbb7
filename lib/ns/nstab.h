/*
 * nstab.h: the table of the namespaces a run has found (nstab.c), for
 * the /ns provider (nsfs.c) and for entering a network namespace
 * (netns.c).
 */
#ifndef NSTAB_H
#define NSTAB_H

#include <sys/types.h>
#include <sys/stat.h>

#include <stddef.h>
#include <stdint.h>

#include "provider.h"

/* In ns_nsfs_types' order, which is by name, as the root lists its nodes. */
enum {
	T_CGROUP, T_IPC, T_MNT, T_NET, T_PID, T_TIME, T_USER, T_UTS
};

/* An object /ns/TYPE/INODE's ids: its inode and its type (T_*). */
NS_OBJ_ID_GET(0, nsobj_ino)

NS_OBJ_SLOT_GET(1, int, nsobj_type)

static inline void
nsobj_set_ids(struct ns_obj *o, uint64_t ino, int type)
{
	o->id[0] = ino;
	o->id[1] = (uint64_t)type;
}

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

/* The entry of an inode if the table has it already, else NULL. */
struct nsent	*ns_nstab_find(uint64_t ino);
/* A new entry; an entry's address holds until the next is added. */
struct nsent	*ns_nstab_add(uint64_t ino, int type);
/* Read the processes and the mounts into the table, once a run. */
/* Whether a process whose namespaces could not be read hid some of
 * type's: its entries' processes are then those seen, maybe not all. */
int		 ns_nstab_partial(int type);
void		 ns_nstab_scan(void);
/* The same for the processes' namespaces of one type (T_NET...) alone:
 * an eighth of the links to read. */
void		 ns_nstab_scan_type(int type);
/* Ask every entry not asked yet for its owner, parent and creator. */
void		 ns_nstab_ask_all(void);
/* The entry of an inode wherever it may be found, type T_* or -1 when
 * not known; NULL if nowhere. */
struct nsent	*ns_nstab_lookup(uint64_t ino, int type);
/* The entry of an object /ns/TYPE/INODE; NULL with ENOENT if none. */
struct nsent	*ns_nstab_of(struct ns_obj *);
/* A descriptor of the entry's namespace, or -1. */
int		 ns_nstab_open(struct nsent *);
/* Open a path if it is still the namespace of that inode: -1 if not. */
int		 ns_nstab_open_checked(const char *path, uint64_t ino);
/* Whether a file lives on nsfs. */
int		 ns_nstab_on_nsfs(const struct stat *);
/* A descriptor of the network namespace of this inode, by whatever
 * keeps it (a process, a mount, a descriptor, a socket); -1 with errno. */
int		 ns_nstab_open_net(uint64_t ino);
/* A process in the network namespace of this inode, 0 if none is known:
 * its /proc/PID/net shows the namespace to whoever may read it. */
uint64_t	 ns_nstab_member_net(uint64_t ino);
/* fn for each network namespace the run knows of, until it returns
 * non-zero. */
int		 ns_nstab_each_net(int (*fn)(uint64_t ino, void *), void *);
/* Read every process's nsfs descriptors into the table, once a run:
 * the namespaces only a descriptor keeps. */
void		 ns_nstab_scan_fds(void);
/* Add the /sock path of each socket of the network namespace e that a
 * process not in it holds (netnsrefs.c). */
void		 ns_nstab_net_sockets(const struct nsent *e, struct ns_val *);
/* The entries, in the order found. */
size_t		 ns_nstab_count(void);
struct nsent	*ns_nstab_at(size_t i);

#endif
