/*
 * remotefs.h: the file systems that answer through a server (NFS, CIFS,
 * 9p, a FUSE daemon...), and the calls on them that a run waits for only
 * a bounded time (DESIGN.md, rule 10).  Private to lib/.
 */
#ifndef NS_REMOTEFS_H
#define NS_REMOTEFS_H

#include <sys/types.h>
#include <sys/stat.h>

#include <stdint.h>

/*
 * A call that may wait on a server, run in a thread of its own: fn does
 * it, with what the struct that holds the ask keeps (inputs copied in,
 * room for the outputs), and sets rc and err; release frees that struct.
 */
struct ns_ask {
	int		(*fn)(struct ns_ask *);
	void		(*release)(struct ns_ask *);
	int		 rc;		/* fn's result */
	int		 err;		/* and its errno */
	int		 done;		/* private: fn returned */
	int		 left;		/* private: nobody waits any more */
};

/*
 * Run a->fn and wait for it, at most what is left of the time the run
 * gives the file system of dev.  0 when it returned (a->rc, a->err): a is
 * the caller's again.  -1 with ETIMEDOUT when it did not answer in time,
 * or had already not answered once: a is then released for the caller,
 * now or when the call ends, and the caller never touches it again.
 */
int	ns_ask_bounded(dev_t dev, struct ns_ask *a);

/* Whether a file system of this type (mountinfo's, "fuse.sshfs")
 * answers through a server or a daemon. */
int	ns_remotefs_type(const char *type);
/* Whether dev is a mount of a file system that answers through a server,
 * as /proc/self/mountinfo tells its type. */
int	ns_remotefs_dev(dev_t dev);
/* Whether the caller's mount table holds any such mount. */
int	ns_remotefs_any(void);

/*
 * stat(2) of what a magic link of /proc (a descriptor, cwd, a mapped
 * file) holds, from the kernel's cache: statx(2) with AT_STATX_DONT_SYNC,
 * which neither NFS nor FUSE answers by asking the server.  The mount id
 * in *mnt_id if wanted and known, else 0.
 */
int	ns_held_stat(int dfd, const char *path, struct stat *st,
	    uint64_t *mnt_id);
/* A statx(2) answer as stat(2) gives it. */
struct statx;
void	ns_stat_from_statx(struct stat *, const struct statx *);

/*
 * stat(2) (flags 0) or lstat(2) (AT_SYMLINK_NOFOLLOW) of a path, waited
 * for a bounded time where a server may be asked: when dev (the file
 * expected there, or 0) or the mount the path lies on is of such a file
 * system, or, if strict, whenever the caller's tree holds one (a user's
 * path may lead there by a symbolic link).  -1 with ETIMEDOUT if the
 * server did not answer.
 */
int	ns_path_stat(const char *path, dev_t dev, struct stat *st, int flags,
	    int strict);
/* The same by statx(2), flags its (AT_NO_AUTOMOUNT too), with the
 * mount's id in *mnt_id if known, else 0. */
int	ns_path_statx(const char *path, dev_t dev, struct stat *st,
	    uint64_t *mnt_id, int flags, int strict);
/* realpath(3), malloc'd, and the text of a symbolic link, malloc'd
 * whatever its length, bounded the same way; NULL with errno. */
char	*ns_path_real(const char *path, int strict);
char	*ns_path_readlink(const char *path, int strict);
/*
 * A directory of a file server's file system (dev), read whole in a
 * bounded time: each entry its type (DT_*) in one byte, its name and a
 * NUL, len bytes in all, malloc'd; NULL with errno (ETIMEDOUT).
 */
char	*ns_path_readdir(const char *path, dev_t dev, size_t *len);

/*
 * Whether the file held (its stat, the mount id if known) is on a mount
 * of the caller's tree under a path that starts so, as the kernel's own
 * cache names it: what is said of a file whose server did not answer.
 */
int	ns_remotefs_cached_name(const char *path, const struct stat *held,
	    uint64_t mnt_id);

/* An object shown from the kernel's cache because its server did not
 * answer: counted once a run, and said at the end. */
void	ns_unanswered_path(const char *path);
/* The line that says how many, if any. */
void	ns_unanswered_report(void);

#endif
