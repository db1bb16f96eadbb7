/*
 * devvol.c: the volume on a block device, as lsblk -f shows it: the file
 * system's type, label and UUID, and where it is mounted.
 *
 * The type, label and UUID are read from the device itself by libblkid,
 * the library lsblk uses, and not from udev's database: without a udev
 * daemon (a container, CI) that has nothing, and a device made a moment
 * ago may not be in it yet.  Reading a superblock is reading the
 * device, so it is done only when one of the three is asked for, once
 * for all three, and needs the right to open the node (root, or the
 * disk group); without it the values are absent, counted as unreadable.
 *
 * The mounts are found through the namespace, as any tool would find
 * them: the mounts of /mount whose device number is the device's.  A
 * provider asks another only through the core.
 */
#include <sys/types.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <blkid.h>

#include "provider.h"
#include "dev.h"

/* What libblkid found on a device; NULL members are not there. */
struct devvol {
	int	 err;			/* errno of a probe that failed, or 0 */
	char	*type;
	char	*label;
	char	*uuid;
};

/* A value the probe found, copied, or NULL. */
static char *
probe_value(blkid_probe pr, const char *name)
{
	const char *data;

	if (blkid_probe_lookup_value(pr, name, &data, NULL) != 0)
		return NULL;
	return ns_xstrdup(data);
}

/* Probe the device's superblocks once; the result is kept on its priv. */
static struct devvol *
vol_load(struct ns_obj *obj)
{
	struct devpriv *dp = ns_dev_priv(obj);
	struct devvol *vol;
	blkid_probe pr;
	const char *node;

	if (dp->vol != NULL)
		return dp->vol;
	vol = dp->vol = ns_xmalloc(sizeof(*vol));
	memset(vol, 0, sizeof(*vol));
	if ((node = ns_dev_node(obj)) == NULL) {
		vol->err = ENOENT;
		return vol;
	}
	errno = 0;
	if ((pr = blkid_new_probe_from_filename(node)) == NULL) {
		vol->err = errno != 0 ? errno : ENOENT;
		if (vol->err == EACCES || vol->err == EPERM)
			ns_skip_path(obj->path);
		return vol;
	}
	blkid_probe_enable_superblocks(pr, 1);
	blkid_probe_set_superblocks_flags(pr, BLKID_SUBLKS_TYPE |
	    BLKID_SUBLKS_LABEL | BLKID_SUBLKS_UUID);
	/* 1 is "nothing found", -2 "more than one found": no values. */
	if (blkid_do_safeprobe(pr) == 0) {
		vol->type = probe_value(pr, "TYPE");
		vol->label = probe_value(pr, "LABEL");
		vol->uuid = probe_value(pr, "UUID");
	}
	blkid_free_probe(pr);
	return vol;
}

/* What vol_load kept, when the device object is released. */
void
ns_dev_vol_free(struct devvol *vol)
{
	if (vol == NULL)
		return;
	free(vol->type);
	free(vol->label);
	free(vol->uuid);
	free(vol);
}

/* One of the values, or -1 with errno: the probe's error, or ENOENT. */
static int
add_vol(struct ns_val *val, const struct devvol *vol, const char *s)
{
	if (s == NULL) {
		errno = vol->err != 0 ? vol->err : ENOENT;
		return -1;
	}
	ns_val_add(val, s);
	return 0;
}

/* The three values of one probe, each its own column. */
int
ns_dev_get_fstype(struct ns_obj *obj, struct ns_val *val)
{
	struct devvol *vol = vol_load(obj);

	return add_vol(val, vol, vol->type);
}

int
ns_dev_get_label(struct ns_obj *obj, struct ns_val *val)
{
	struct devvol *vol = vol_load(obj);

	return add_vol(val, vol, vol->label);
}

int
ns_dev_get_uuid(struct ns_obj *obj, struct ns_val *val)
{
	struct devvol *vol = vol_load(obj);

	return add_vol(val, vol, vol->uuid);
}

/* A walk of /mount for one device number: what each mount of it adds. */
struct mounts_of {
	char		 dev[32];	/* "MAJ:MIN", as a mount's dev says */
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

/* The mounts of the device, or their mount points: -1 with ENOENT where
 * none is of it, as a getter says "none". */
static int
add_mounts(struct ns_obj *obj, struct ns_val *val, int targets)
{
	struct mounts_of w = { .targets = targets, .val = val };
	struct ns_obj *top;
	size_t n = val->n;
	int r;

	snprintf(w.dev, sizeof(w.dev), "%llu:%llu",
	    (unsigned long long)dev_major(obj),
	    (unsigned long long)dev_minor(obj));
	if ((top = ns_lookup_path("/mount")) == NULL)
		return -1;
	r = ns_list(top, add_mount, &w);
	ns_obj_free(top);
	if (r == -1)
		return -1;
	if (val->n == n) {
		errno = ENOENT;
		return -1;
	}
	return 0;
}

/* Links to the mounts, and to their mount points, as lsblk's
 * MOUNTPOINTS. */
int
ns_dev_get_mounts(struct ns_obj *obj, struct ns_val *val)
{
	return add_mounts(obj, val, 0);
}

int
ns_dev_get_mountpoints(struct ns_obj *obj, struct ns_val *val)
{
	return add_mounts(obj, val, 1);
}
