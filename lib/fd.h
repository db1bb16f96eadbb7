/*
 * fd.h: private to fd.c, the providers that need its scan of every
 * descriptor (pipe.c, anon.c, proc.c), the fdinfo tool and the unit
 * tests of the fdinfo parsers.
 */
#ifndef NS_FD_H
#define NS_FD_H

#include <sys/types.h>
#include <sys/stat.h>

#include <stddef.h>
#include <stdint.h>

#include "provider.h"

/*
 * The parsers of /proc/PID/fdinfo/N text.  Each takes the whole text and
 * fills its structure from the lines it knows; a line it does not know,
 * or one that does not parse, is passed over.  They return 0 if the
 * lines that make the kind were there, else -1.
 */

/* The lines every descriptor has. */
struct fdinfo_common {
	uint64_t	 pos;
	uint64_t	 flags;		/* octal in the text: O_* bits */
	uint64_t	 mnt_id;
	uint64_t	 ino;
	unsigned	 has;		/* FI_* bits for the lines seen */
};
#define FI_POS		0x01
#define FI_FLAGS	0x02
#define FI_MNT_ID	0x04
#define FI_INO		0x08
int	fdinfo_parse_common(const char *, struct fdinfo_common *);

/* The value of the first "key:" line, blanks after the colon skipped,
 * into buf; -1 if there is none or it does not fit. */
int	fdinfo_field(const char *, const char *key, char *buf, size_t size);

struct fdinfo_eventfd {
	uint64_t	 count;
	int64_t		 id;		/* -1 where the kernel gives none */
	int		 semaphore;
};
int	fdinfo_parse_eventfd(const char *, struct fdinfo_eventfd *);

/* One "tfd:" line of an epoll descriptor. */
struct fdinfo_tfd {
	int		 fd;
	uint32_t	 events;
	uint64_t	 ino;
	uint32_t	 sdev;		/* the kernel's dev_t */
};
/* Up to max targets into tfd; the number of "tfd:" lines, or -1. */
int	fdinfo_parse_epoll(const char *, struct fdinfo_tfd *, size_t max);

struct fdinfo_timerfd {
	int		 clockid;
	uint64_t	 ticks;
	uint64_t	 value_sec, value_nsec;
	uint64_t	 interval_sec, interval_nsec;
};
int	fdinfo_parse_timerfd(const char *, struct fdinfo_timerfd *);

int	fdinfo_parse_signalfd(const char *, uint64_t *mask);

/* One inotify watch or fanotify mark. */
struct fdinfo_mark {
	uint64_t	 ino;		/* 0 for a mount or file system mark */
	uint32_t	 sdev;		/* the kernel's dev_t, 0 if none */
	uint64_t	 mnt_id;	/* a mount mark's, else 0 */
	uint32_t	 mask;
	int		 wd;		/* inotify's watch descriptor */
	unsigned	 handle_bytes;
	int		 handle_type;
	unsigned char	 handle[128];	/* the file handle, if any */
};
/* Up to max marks; the number of mark lines, or -1 if none parse. */
int	fdinfo_parse_inotify(const char *, struct fdinfo_mark *, size_t max);
struct fdinfo_fanotify {
	uint32_t	 flags;
	uint32_t	 event_flags;
};
/* Up to max marks; *nmarks is the number of mark lines, however many. */
int	fdinfo_parse_fanotify(const char *, struct fdinfo_fanotify *,
	    struct fdinfo_mark *, size_t max, size_t *nmarks);

struct fdinfo_pidfd {
	int64_t		 pid;		/* -1: the process is gone */
	char		 nspid[64];	/* as the text gives it */
};
int	fdinfo_parse_pidfd(const char *, struct fdinfo_pidfd *);

struct fdinfo_bpf {
	int		 prog;		/* 1 for a program, 0 for a map */
	int		 link;		/* 1 for a link (prog is 0) */
	uint64_t	 id;
	uint64_t	 type;		/* a map's or program's */
	char		 tag[32];	/* a program's or link's, else "" */
	char		 link_type[32];	/* a link's, by name */
	uint64_t	 prog_id;	/* a link's program */
};
int	fdinfo_parse_bpf(const char *, struct fdinfo_bpf *);

struct fdinfo_io_uring {
	uint64_t	 sq_entries;
	uint64_t	 cq_entries;
	int64_t		 sq_thread;	/* -1 if none */
};
int	fdinfo_parse_io_uring(const char *, struct fdinfo_io_uring *);

/* The kernel's internal dev_t, as fdinfo prints it (major << 20). */
#define KDEV_MAJOR(v)	((unsigned)((v) >> 20))
#define KDEV_MINOR(v)	((unsigned)((v) & 0xfffff))

/* Open flags as lsfd names them, comma-separated, the access mode
 * left out (it is the mode column); "" when there are none. */
void	fd_flags_string(uint64_t flags, char *buf, size_t size);
/* Signal names in a mask, bit n-1 for signal n: "HUP,USR1". */
void	fd_sigmask_string(uint64_t mask, char *buf, size_t size);
/* A timerfd clock id's name: "monotonic"; NULL if unknown. */
const char *fd_clock_name(int);
/* A bpf map or program type's name; NULL if unknown. */
const char *fd_bpf_type_name(int prog, uint64_t type);
/* epoll event bits as names: "IN,OUT". */
void	fd_epoll_events_string(uint32_t, char *buf, size_t size);

/*
 * One descriptor (or, for fdinfo -a, one association: cwd, a mapped
 * file...) and what has been read about it.  It hangs on the priv of
 * an fd object and in the index of every descriptor, counted.
 */
struct fdent;

/* What fdinfo lists: which processes and kinds, with associations. */
struct fd_select {
	const uint64_t	*pids;		/* NULL: every process */
	size_t		 npids;
	char		**kinds;	/* NULL: every kind */
	size_t		 nkinds;
	int		 assoc;		/* -a */
};

/* Every descriptor of one process that sel selects, as objects; -1
 * with errno (ENOENT: no such process). */
int	fd_walk_pid(uint64_t pid, const struct fd_select *, ns_emit_fn,
	    void *);
/* The same for every process; those not readable are counted. */
int	fd_walk(const struct fd_select *, ns_emit_fn, void *);
/* The descriptors that hold the object at this canonical path (both
 * ends of a connection, for a socket), each once a run. */
int	fd_walk_holders(const char *object, const struct fd_select *,
	    ns_emit_fn, void *);
/* The catalog of descriptor kinds this kernel gives, as objects. */
int	fd_walk_types(ns_emit_fn, void *);

/* The index: every descriptor of every process, read once a run. */
typedef int (*fd_ent_fn)(struct fdent *, void *);
/* Each descriptor whose link text starts with prefix ("" for all). */
int	fd_index_each(const char *prefix, fd_ent_fn, void *);
/* The same, and each association (fdinfo -a). */
int	fd_index_each_all(const char *prefix, fd_ent_fn, void *);
/* Each descriptor that refers to the object at this path. */
int	fd_index_holders(const char *object, fd_ent_fn, void *);
/* The same, and each association: a program, a mapping (fdinfo -a). */
int	fd_index_holders_all(const char *object, fd_ent_fn, void *);
/* Add the /proc/PID/fd/N path of every holder of the object to v. */
int	fd_holders(const char *object, struct ns_val *);

/* What an index entry gives. */
uint64_t	 fd_ent_pid(const struct fdent *);
int		 fd_ent_fd(const struct fdent *);
/* An association's name ("exe", "mem", "shm"...), "" for a descriptor. */
const char	*fd_ent_assoc(const struct fdent *);
const char	*fd_ent_link(struct fdent *);
/* The canonical path of its object, or NULL. */
const char	*fd_ent_object(struct fdent *);
/* The fdinfo text, or NULL with errno. */
const char	*fd_ent_info(struct fdent *);
/* stat(2) of what it refers to, or NULL with errno. */
const struct stat *fd_ent_stat(struct fdent *);
/* Values an fdinfo text gives, for an object's attribute whoever holds
 * it: an eventfd's counter, a bpf object's type and tag.  0, or -1 with
 * errno ENOENT where the text has none. */
int		 fd_val_counter(const char *info, struct ns_val *);
int		 fd_val_bpf_type(const char *info, struct ns_val *);
int		 fd_val_bpf_tag(const char *info, struct ns_val *);
/* A bpf link's program, /anon/bpf-prog/ID. */
int		 fd_val_bpf_prog(const char *info, struct ns_val *);
/* A bpf object's name, asked of the kernel through the descriptor. */
int		 fd_val_bpf_name(struct fdent *, struct ns_val *);
/* Whether it was opened for reading, for writing. */
int		 fd_ent_readable(struct fdent *);
int		 fd_ent_writable(struct fdent *);

/* Whether readlink's text is a memfd's: "/memfd:NAME (deleted)". */
int		 fd_link_is_memfd(const char *);

/* The classes of /proc/PID/fd and what it holds, for proc.c. */
extern const struct ns_class fd_node_class, fd_file_class, fd_pipe_class,
    fd_sock_class, fd_eventfd_class, fd_epoll_class, fd_timerfd_class,
    fd_signalfd_class, fd_inotify_class, fd_fanotify_class,
    fd_pidfd_class, fd_bpf_class, fd_io_uring_class, fd_memfd_class,
    fd_nsfs_class, fd_other_class, fd_assoc_class, fd_kind_class;
#define FD_CLASSES \
	&fd_node_class, &fd_file_class, &fd_pipe_class, &fd_sock_class, \
	&fd_eventfd_class, &fd_epoll_class, &fd_timerfd_class, \
	&fd_signalfd_class, &fd_inotify_class, &fd_fanotify_class, \
	&fd_pidfd_class, &fd_bpf_class, &fd_io_uring_class, \
	&fd_memfd_class, &fd_nsfs_class, &fd_other_class, \
	&fd_assoc_class, &fd_kind_class

/* An attribute of process pid by name (proc.c), for the descriptors and
 * associations it holds: 0, or -1 with errno. */
int	proc_attr_of(uint64_t pid, const char *name, struct ns_val *);

/* /proc/PID/fd as the child of /proc/PID. */
void	fd_node_set(struct ns_obj *, uint64_t pid);
/* Below /proc/PID: comp[0] is "fd", then perhaps N. */
int	fd_lookup(struct ns_obj *, uint64_t pid, char **comp, int n);

#endif
