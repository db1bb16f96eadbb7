/*
 * mntview.c: a mnt namespace's objects seen through it, under
 * /ns/mnt/INODE (see nsview.h).
 */
#include <errno.h>

#include "provider.h"
#include "nsview.h"

static int
view_lookup(struct ns_obj *o, uint64_t ino, char **comp, int n)
{
	(void)o, (void)ino, (void)comp, (void)n;
	errno = ENOENT;
	return -1;
}

const struct nsview ns_mntview = {
	.lookup = view_lookup,
};
