/*
 * mountinfo.h: /proc/self/mountinfo read without libmount, for what needs
 * only a mount's numbers, root, target and type (the mqueue directory of
 * /ipc, the nsfs mounts of /ns, the busy question of fdinfo).  The /mount
 * provider reads it through libmount, which parses the options too.
 */
#ifndef NS_MOUNTINFO_H
#define NS_MOUNTINFO_H

#include <sys/types.h>

#include <stdint.h>

struct ns_mountinfo {
	uint64_t	 id;		/* the mount's */
	uint64_t	 parent;	/* its parent's */
	dev_t		 dev;		/* st_dev of its files */
	const char	*root;		/* the directory of the file system
					 * mounted, unescaped */
	const char	*target;	/* where, unescaped */
	const char	*fstype;
	const char	*source;	/* "none" where the kernel says so */
};

/* Parse one line of mountinfo, cut into words and unescaped in place: 0,
 * or -1 for a line that does not parse. */
int	ns_mountinfo_parse(char *line, struct ns_mountinfo *);
/* Undo mountinfo's \ooo escapes of blanks, tabs, newlines and
 * backslashes, in place. */
void	ns_mountinfo_unescape(char *);
/* Call fn for each mount the caller sees, in mountinfo's order, until it
 * returns other than 0; what it returned, 0 at the end, or -1 with errno
 * if the file cannot be read. */
int	ns_mountinfo_each(int (*fn)(const struct ns_mountinfo *, void *),
	    void *arg);

#endif
