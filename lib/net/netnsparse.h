/*
 * netnsparse.h: the text of another network namespace's view (netview.c),
 * apart from its I/O for the unit tests: the namespace a path under
 * /ns/net/INODE is of, and what a provider prints put under that prefix.
 */
#ifndef NS_NETNSPARSE_H
#define NS_NETNSPARSE_H

#include <stddef.h>
#include <stdint.h>

/* The inode of path's /ns/net/INODE prefix (the whole path, or followed
 * by '/') and the prefix's length; -1 if it has none. */
int	 ns_netns_prefix(const char *path, uint64_t *ino, size_t *len);

/*
 * s as namespace ino's view prints it: each word (at the start, or after
 * a space) that is a path of a provider of the namespace (/dev/net...,
 * /net...) put under /ns/net/INO; each path under /ns/net/HERE, the
 * caller's own, in its short form.  Malloc'd.
 */
char	*ns_netns_rewrite(const char *s, uint64_t ino, uint64_t here);

#endif
