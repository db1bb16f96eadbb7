/*
 * fdent.h: one descriptor (or, for fdinfo -a, one association: cwd, a
 * mapped file...) and what has been read about it, each thing at most
 * once.  Private to the fd*.c files; the providers that need the index
 * of every descriptor include fdindex.h.
 */
#ifndef NS_FDENT_H
#define NS_FDENT_H

#include <sys/types.h>
#include <sys/stat.h>

#include <dirent.h>
#include <errno.h>
#include <stddef.h>
#include <stdint.h>

#include "fdkind.h"
#include "fdparse.h"
#include "provider.h"

/*
 * What a descriptor refers to, told from the text readlink gives for it
 * before anything else is read: a path, "socket:[INODE]",
 * "pipe:[INODE]", "anon_inode:[CLASS]", "TYPE:[INODE]" for a namespace.
 * A path needs stat(2) to tell a file from a device, but every path is
 * handled alike until then.
 */
struct fdent {
	int		 refs;
	uint64_t	 pid;
	int		 fd;		/* -1 for an association */
	int		 dfd;		/* /proc/PID/fd while a walk has it
					   open, else -1 */
	int		*infodir;	/* the walk's /proc/PID/fdinfo: -1
					   until opened, or NULL */
	char		 assoc[24];	/* an association's name: "cwd"... */
	char		 src[48];	/* its file below /proc/PID, or "" */
	enum family	 fam;
	char		*link;		/* readlink text, or a mapping's path */
	int		 link_err;	/* why the link could not be read, for a
					   descriptor listed all the same */
	char		 kind[32];	/* "" until known */
	int		 st_err;	/* -1 until stat(2) was tried */
	struct stat	 st;		/* from the kernel's cache */
	uint64_t	 mnt_id;	/* st's mount, 0 if not known */
	int		 lst_err;
	mode_t		 lmode;		/* the mode bits of the link */
	char		 amode[4];	/* a mapping's "r-x" */
	int		 info_err;
	char		*info;
	struct fdinfo_common ci;
	int		 obj_err;
	char		*object;
	int		 proto_err;
	char		 proto[32];	/* a socket's, as the kernel names it */
	int		 mq;		/* a POSIX message queue: -1 until
					   told, then 0 or 1 */
	size_t		 hnext;		/* the index's hash chain, 1-based */
	int		 emitted;	/* given to fdinfo once */
};

/* An entry of pid's descriptor fd (-1: an association), its link unread. */
struct fdent	*ns_fdent_new(uint64_t pid, int fd);
/* Drop a count; the last frees it. */
void		 ns_fdent_unref(struct fdent *);
/* A descriptor, its link read: NULL with errno if it is gone or not
 * ours to see.  dfd is /proc/PID/fd opened, or -1. */
struct fdent	*ns_fdent_load(int dfd, uint64_t pid, int fd);
/* The kind of descriptor readlink's text tells. */
enum family	 ns_fd_family_of(const char *link);
/* What is read of an entry, once; NULL or -1 with errno. */
const struct stat *ns_fdent_stat(struct fdent *);
const char	*ns_fdent_info(struct fdent *);
const char	*ns_fdent_kind(struct fdent *);
/* The canonical path of its object, made once by its kind's maker:
 * NULL with ENOENT for a kind whose row names none at this layer (a
 * socket), which ns_fdent_object_made, given the maker, tells. */
const char	*ns_fdent_object(struct fdent *);
const char	*ns_fdent_object_made(struct fdent *,
		    int (*make)(struct fdent *, char *, size_t));
const char	*ns_fdent_proto(struct fdent *);
void		 ns_fdent_set_proto(struct fdent *, const char *);
int		 ns_fdent_lmode(struct fdent *, mode_t *);
int		 ns_fdent_is_mqueue(struct fdent *);
/* The file below /proc that stands for the entry, for stat(2). */
int		 ns_fdent_file(const struct fdent *, char *buf, size_t size);
/* The object's own entry, read again if it was copied without it
 * (ns_obj_dup); with its fdinfo text, or NULL with errno. */
struct fdent	*ns_fdent_of(struct ns_obj *);
const char	*ns_fdent_info_of(struct ns_obj *, struct fdent **);

/* The number in "pipe:[N]" or "socket:[N]" after its prefix. */
int		 ns_fd_bracket_number(const char *link, const char *prefix,
		    uint64_t *);
/* "net:[4026531833]": the namespace type, or NULL. */
const char	*ns_fd_nsfs_type(const char *link, uint64_t *ino);

/* What readlink's text starts with for a descriptor of kind f, if the
 * holders of its objects are known by it (a socket's), else NULL. */
const char	*ns_fd_kind_link(enum family);

/* The text of readlink relative to dfd; NULL with errno. */
char		*ns_fd_read_link_at(int dfd, const char *name);
/* /proc/PID/fd opened, or NULL with errno (EACCES: counted). */
DIR		*ns_fd_open_fds(uint64_t pid);
/* A process not ours to read, counted once a run. */
void		 ns_fd_skip_pid(uint64_t pid);

/* The command and users of a process, read once for its descriptors. */
struct fd_proc {
	uint64_t	 pid;		/* 0: empty */
	int		 status_err;	/* -1: not read yet */
	char		 comm[64];
	char		 ids[4][32];	/* the links of its real and effective
					   user, real and effective group */
	int		 uid_err;	/* -1: not asked yet */
	uid_t		 uid;		/* the owner of /proc/PID */
};
struct fd_proc	*ns_fd_proc_of(uint64_t pid);
int		 ns_fd_proc_status(struct fd_proc *);
int		 ns_fd_proc_uid(struct fd_proc *, uid_t *);

/* A file's kind by its mode, with its catalog line if it has one
 * (form NULL if not); the last has no name. */
struct fd_file_kind {
	mode_t		 mode;
	const char	*name;
	const char	*form;
	const char	*supports;
	const char	*about;
};
extern const struct fd_file_kind ns_fd_file_kinds[];

/* The ids of a descriptor's object (/proc/PID/fd/N) and of the node
 * /proc/PID/fd: the process, and the descriptor number. */
NS_OBJ_ID(0, fd_obj_pid, fd_obj_set_pid)
NS_OBJ_SLOT(1, int, fd_obj_fd, fd_obj_set_fd)

#endif
