/*
 * devvol.c: the volume on a block device, as lsblk -f shows it: the file
 * system's type, label and UUID, and where it is mounted.
 *
 * The type, label and UUID are read from the device itself by libblkid,
 * the library lsblk uses, and not from udev's database: without a udev
 * daemon (a container, CI) that has nothing, and a device made a moment
 * ago may not be in it yet.  Reading a superblock is reading the device,
 * so the block devices' class (devclass.c) probes only when one of the
 * three is asked for, once for all three, and the probe needs the right
 * to open the node (root, or the disk group); without it the values are
 * absent and the device is counted as not readable.
 *
 * The mounts are found through the namespace, as any tool would find
 * them: the mounts of /mount whose device number is the device's.  A
 * provider asks another only through the core.
 *
 * This file calls nothing of the provider above it: it is handed the
 * node, the path and the numbers.
 */
#include <sys/types.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lazy.h"
#include "provider.h"
#include "devcommon.h"

/* What libblkid found on a device; a NULL value is not there. */
struct devvol {
	int	 err;			/* errno of a probe that failed, or 0 */
	char	*value[VOL_UUID + 1];	/* VOL_TYPE, VOL_LABEL, VOL_UUID */
};

/* libblkid's names of the values, by VOL_TYPE... */
static const char *const vol_names[VOL_UUID + 1] = {
	[VOL_TYPE] = "TYPE", [VOL_LABEL] = "LABEL", [VOL_UUID] = "UUID",
};

/* Probe the superblocks at node: 1 is "nothing found" and -2 "more than
 * one signature", where the device has no value to give. */
struct devvol *
ns_dev_vol_probe(const char *node, const char *path)
{
	struct devvol *vol;
	blkid_probe pr;
	const char *data;
	int i;

	vol = ns_xmalloc(sizeof(*vol));
	memset(vol, 0, sizeof(*vol));
	if (node == NULL) {
		vol->err = ENOENT;
		return vol;
	}
	errno = 0;
	if ((pr = blkid_new_probe_from_filename(node)) == NULL) {
		vol->err = errno != 0 ? errno : ENOENT;
		if (vol->err == EACCES || vol->err == EPERM)
			ns_skip_path(path);
		return vol;
	}
	blkid_probe_enable_superblocks(pr, 1);
	blkid_probe_set_superblocks_flags(pr, BLKID_SUBLKS_TYPE |
	    BLKID_SUBLKS_LABEL | BLKID_SUBLKS_UUID);
	if (blkid_do_safeprobe(pr) == 0)
		for (i = VOL_TYPE; i <= VOL_UUID; i++)
			if (blkid_probe_lookup_value(pr, vol_names[i], &data,
			    NULL) == 0)
				vol->value[i] = ns_xstrdup(data);
	blkid_free_probe(pr);
	return vol;
}

/* What ns_dev_vol_probe kept, when the device object is released. */
void
ns_dev_vol_free(struct devvol *vol)
{
	int i;

	if (vol == NULL)
		return;
	for (i = VOL_TYPE; i <= VOL_UUID; i++)
		free(vol->value[i]);
	free(vol);
}

int
ns_dev_vol_add(struct ns_val *val, const struct devvol *vol, int which)
{
	if (vol->value[which] == NULL) {
		errno = vol->err != 0 ? vol->err : ENOENT;
		return -1;
	}
	ns_val_add(val, vol->value[which]);
	return 0;
}

/* A walk of /mount for one device number: what each mount of it adds. */
struct mounts_of {
	char		 dev[48];	/* "MAJ:MIN", as a mount's dev says */
	int		 targets;	/* its mount points, not the mounts */
	struct ns_val	*val;
};

/* One mount of the listing: added if it is of the device. */
static int
add_mount(struct ns_obj *m, void *arg)
{
	struct mounts_of *w = arg;
	char *dev, *target;
	size_t n;

	if ((dev = ns_obj_attr(m, "dev", &n)) == NULL)
		return 0;
	if (strcmp(dev, w->dev) == 0) {
		if (!w->targets)
			ns_val_add(w->val, ns_obj_path(m));
		else if ((target = ns_obj_attr(m, "target", &n)) != NULL) {
			ns_val_add(w->val, target);
			free(target);
		}
	}
	free(dev);
	return 0;
}

/* Links to the mounts of the caller's mount table, or to their mount
 * points, as lsblk's MOUNTPOINTS. */
int
ns_dev_add_mounts(struct ns_val *val, uint64_t maj, uint64_t min,
    int targets)
{
	struct mounts_of w = { .targets = targets, .val = val };
	struct ns_obj *top;
	size_t n = val->n;
	int r;

	snprintf(w.dev, sizeof(w.dev), "%llu:%llu", (unsigned long long)maj,
	    (unsigned long long)min);
	if ((top = ns_lookup_path("/mount")) == NULL)
		return -1;
	r = ns_list(top, add_mount, &w);
	ns_obj_free(top);
	if (r == -1)
		return -1;
	if (val->n == n)
		return ns_none();
	return 0;
}
