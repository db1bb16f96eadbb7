/*
 * mntns.h: mount namespaces other than the caller's, for the providers
 * whose objects live in one (mount.c, fs.c) and for /ns/mnt/INODE, the
 * node that shows them (mntview.c).
 *
 * A mount namespace is read, never entered: setns(2) into one wants
 * CAP_SYS_ADMIN over it and a caller of one thread, and would change
 * the caller's root besides.  A member process shows the namespace
 * instead: its mount table in /proc/PID/mountinfo, its file tree at
 * /proc/PID/root.  The member is chosen once a run for each namespace
 * asked: the first of its processes still in it that the caller may
 * look into (the same user, or privilege over it: the rule of ptrace).
 * What the member shows is opened once, when it is chosen, and the
 * namespace is held open with it, so that the run sees one moment of it
 * even if the member leaves meanwhile.
 */
#ifndef NS_MNTNS_H
#define NS_MNTNS_H

#include <stddef.h>
#include <stdint.h>

struct ns_obj;

/* The inode of the caller's mount namespace, 0 if it cannot be told. */
uint64_t	 ns_mntns_here(void);
/* The inode of path's /ns/mnt/INODE prefix (the whole path, or followed
 * by '/') and the prefix's length; -1 if it has none. */
int		 ns_mntns_prefix(const char *path, uint64_t *ino, size_t *len);

/*
 * A descriptor of a member's mountinfo, at its start, to read and close;
 * -1 with errno where no member can be opened (ENOENT: none is left;
 * EACCES: none is the caller's to read), counted once as skipped, by
 * the namespace's /ns/mnt path.
 */
int		 ns_mntns_mountinfo(uint64_t ino);
/* Count the namespace ino as skipped: what its member showed could not
 * be read. */
void		 ns_mntns_skip(uint64_t ino);

/*
 * Open path (absolute, or relative to the root) in the file tree of the
 * namespace ino, as its member sees it: O_PATH, the last component
 * followed if it is a symbolic link only if follow says so.  No "..",
 * no symbolic link leaves that tree: an absolute link starts again from
 * its root, as openat2(2)'s RESOLVE_IN_ROOT does.  -1 with errno.
 */
int		 ns_mntns_open(uint64_t ino, const char *path, int follow);
/* realpath(3) in the file tree of the namespace ino, by the same rules;
 * malloc'd, or NULL with errno. */
char		*ns_mntns_realpath(uint64_t ino, const char *path);

/*
 * The providers' lookups below /ns/mnt/INODE of another namespace than
 * the caller's: mount/ID... (mount.c) and fs/PATH... (fs.c), comp[0]
 * the component after mount or fs.  0 or -1 with errno.
 */
int		 ns_mount_lookup_in(struct ns_obj *, uint64_t ino, char **comp,
		    int n);
int		 ns_fs_lookup_in(struct ns_obj *, uint64_t ino, char **comp,
		    int n);

#endif
