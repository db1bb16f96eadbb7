/*
 * nsread.h: what a namespace holds, by its kind (nsread.c), for the
 * attributes of /ns/TYPE/INODE (nsfs.c).  Getters as provider.h has
 * them; each answers for the namespace its object names.
 */
#ifndef NS_NSREAD_H
#define NS_NSREAD_H

#include "provider.h"

struct nsent;

/*
 * A file below /proc/PID of the first member of the namespace e that
 * shows it, whole, malloc'd; with check, only of a member whose
 * /proc/PID/ns/check is the namespace too.  NULL with errno: EACCES if
 * only members not ours to read were found, each counted; ENOENT if
 * none was.
 */
char	*ns_member_file(struct nsent *e, const char *file, const char *check);

/* A uts namespace's host name and NIS domain name. */
int	ns_get_hostname(struct ns_obj *, struct ns_val *);
int	ns_get_domainname(struct ns_obj *, struct ns_val *);
/* A user namespace's id maps, a line each, and whether setgroups(2)
 * is allowed in it. */
int	ns_get_uid_map(struct ns_obj *, struct ns_val *);
int	ns_get_gid_map(struct ns_obj *, struct ns_val *);
int	ns_get_setgroups(struct ns_obj *, struct ns_val *);
/* The cgroup that is a cgroup namespace's root, as a file. */
int	ns_get_cgroup_root(struct ns_obj *, struct ns_val *);
/* A time namespace's offsets of the two clocks it shifts. */
int	ns_get_monotonic(struct ns_obj *, struct ns_val *);
int	ns_get_boottime(struct ns_obj *, struct ns_val *);

#endif
