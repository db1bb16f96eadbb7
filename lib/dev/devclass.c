/*
 * devclass.c: the devices, the majors and the numbered roots.
 *
 * A device is numbered (/dev/block/MAJ/MIN, /dev/char/MAJ/MIN) or goes by
 * its sysfs identity; either way its attributes come from its udev
 * device, and for a numbered device sysfs does not know (a
 * pseudo-terminal) from its node and its major's driver.  A major,
 * /dev/block/MAJ, lists its minors; a numbered root, /dev/block, its
 * majors, and /dev/net its interfaces.  Here too the objects a udev
 * device stands for are made, for every file above.
 */
#include <sys/types.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>

#include <dirent.h>
#include <err.h>
#include <errno.h>
#include <libutil.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "columns.h"
#include "lazy.h"
#include "provider.h"
#include "devcommon.h"

/*
 * The class of each kind's objects.  The kinds' table (devload.c) is read
 * below the classes, where it cannot name them.
 */
static const struct ns_class *const kind_classes[] = {
	[KBLOCK] = &ns_dev_blockdev_class,
	[KCHAR] = &ns_dev_chardev_class,
	[KNET] = &ns_dev_netif_class,
	[KDEVICE] = &ns_dev_device_class,
};

const struct ns_class *
ns_dev_kind_class(int kind)
{
	return kind_classes[kind];
}

/*
 * Device objects: numbered (block, char) and by sysfs identity.
 */
static struct devpriv *
dev_priv(struct ns_obj *obj)
{
	if (obj->priv == NULL && (obj->priv = calloc(1,
	    sizeof(struct devpriv))) == NULL)
		err(1, NULL);
	return obj->priv;
}

/* The device's udev device, made the first time it is asked for. */
static struct devpriv *
dev_load(struct ns_obj *obj)
{
	struct devpriv *dp = dev_priv(obj);
	char sub[NAME_MAX + 1], syspath[PATH_MAX];
	const char *name;
	size_t len;

	if (dp->udtried)
		return dp;
	dp->udtried = 1;
	if (obj->cls == &ns_dev_device_class &&
	    strncmp(obj->path, "/dev/devices/", 13) == 0) {
		/* The path is /dev/devices/DEVPATH. */
		if (snprintf(syspath, sizeof(syspath), "%s/%s", SYSDEVICES,
		    obj->path + 13) < (int)sizeof(syspath))
			dp->ud = udev_device_new_from_syspath(ns_dev_udev(),
			    syspath);
	} else if (obj->cls == &ns_dev_device_class) {
		/* The path is /dev/SUBSYSTEM/SYSNAME. */
		name = strchr(obj->path + 5, '/');
		len = name != NULL ? (size_t)(name - (obj->path + 5)) : 0;
		if (name != NULL && len < sizeof(sub)) {
			memcpy(sub, obj->path + 5, len);
			sub[len] = '\0';
			dp->ud = udev_device_new_from_subsystem_sysname(
			    ns_dev_udev(), sub, name + 1);
		}
	} else
		dp->ud = udev_device_new_from_devnum(ns_dev_udev(),
		    dev_kind(obj)->type,
		    makedev(dev_major(obj), dev_minor(obj)));
	/* udev needs descriptors of its own to find a device: a limit met
	 * is said, and every attribute of it fails with it, not as one the
	 * device lacks. */
	dp->uderr = ENOENT;
	if (dp->ud == NULL && ns_fail_limit(obj->path, errno))
		dp->uderr = errno;
	return dp;
}

/* The device's sysfs entry, or NULL with ENOENT. */
static struct udev_device *
dev_udev(struct ns_obj *obj)
{
	struct devpriv *dp = dev_load(obj);

	if (dp->ud == NULL)
		errno = dp->uderr;
	return dp->ud;
}

static int
isnumbered(const struct ns_obj *obj)
{
	return obj->cls == &ns_dev_blockdev_class ||
	    obj->cls == &ns_dev_chardev_class;
}

/*
 * What a listing asks of a device, as udev would answer it: its sysfs
 * directory, its kernel name, subsystem, driver, node and devtype.  For
 * a numbered device they are read from sysfs itself: the /sys/dev link,
 * the uevent file and two links, six calls, where libudev resolves the
 * link a component at a time and looks at the directories above, thirty
 * a device; libudev is not even loaded by a listing of block devices.
 * Any other device, and any other question, goes to its udev device.
 */
struct devsys {
	char	*syspath;	/* NULL if sysfs does not know the device */
	char	*name;
	char	*subsystem;
	char	*driver;
	char	*node;
	char	*devtype;
};

/* The last component of the link at dir/name, or NULL. */
static char *
link_base(const char *dir, const char *name)
{
	char path[PATH_MAX], target[PATH_MAX], *slash;
	ssize_t n;

	if (snprintf(path, sizeof(path), "%s/%s", dir, name) >=
	    (int)sizeof(path) ||
	    (n = readlink(path, target, sizeof(target) - 1)) <= 0)
		return NULL;
	target[n] = '\0';
	slash = strrchr(target, '/');
	return ns_xstrdup(slash != NULL ? slash + 1 : target);
}

/*
 * The directory a /sys/dev link leads to: its target, "../../devices/...",
 * taken from the link's own directory, as the kernel always writes it.
 */
static char *
sys_resolve(const char *dir, const char *target)
{
	char path[PATH_MAX], *slash;

	if (target[0] == '/')
		return ns_xstrdup(target);
	strlcpy(path, dir, sizeof(path));
	while (strncmp(target, "../", 3) == 0) {
		if ((slash = strrchr(path, '/')) == NULL || slash == path)
			return NULL;
		*slash = '\0';
		target += 3;
	}
	if (strlcat(path, "/", sizeof(path)) >= sizeof(path) ||
	    strlcat(path, target, sizeof(path)) >= sizeof(path))
		return NULL;
	return ns_xstrdup(path);
}

/* A value of a uevent file's KEY=VALUE lines, or NULL. */
static char *
uevent_value(const char *buf, const char *key)
{
	size_t klen = strlen(key);
	const char *p, *end;
	char *v;

	for (p = buf; *p != '\0'; p = *end != '\0' ? end + 1 : end) {
		end = p + strcspn(p, "\n");
		if ((size_t)(end - p) > klen && strncmp(p, key, klen) == 0 &&
		    p[klen] == '=') {
			v = ns_xstrndup(p + klen + 1, end - p - klen - 1);
			return v;
		}
	}
	return NULL;
}

/* The record of the device in the sysfs directory syspath (taken over). */
static void
sys_fill(struct devsys *ds, char *syspath)
{
	char path[PATH_MAX], buf[4096], *name, *p;

	ds->syspath = syspath;
	/* udev's sysname: the kernel's name, its '!' a '/'. */
	ds->name = ns_xstrdup(strrchr(ds->syspath, '/') + 1);
	for (p = ds->name; (p = strchr(p, '!')) != NULL; p++)
		*p = '/';
	ds->subsystem = link_base(ds->syspath, "subsystem");
	ds->driver = link_base(ds->syspath, "driver");
	if (snprintf(path, sizeof(path), "%s/uevent", ds->syspath) <
	    (int)sizeof(path) && ns_read_record(path, buf, sizeof(buf)) != -1) {
		ds->devtype = uevent_value(buf, "DEVTYPE");
		if ((name = uevent_value(buf, "DEVNAME")) != NULL &&
		    name[0] != '/') {
			ds->node = ns_xasprintf("/dev/%s", name);
			free(name);
		} else
			ds->node = name;
	}
}

/* The record of a numbered device, through its /sys/dev link. */
static void
sys_read(struct devsys *ds, const struct ns_obj *obj)
{
	char link[64], target[PATH_MAX], *syspath;
	ssize_t n;

	snprintf(link, sizeof(link), "%s/%llu:%llu", dev_kind(obj)->sysdir,
	    (unsigned long long)dev_major(obj),
	    (unsigned long long)dev_minor(obj));
	if ((n = readlink(link, target, sizeof(target) - 1)) <= 0)
		return;
	target[n] = '\0';
	if ((syspath = sys_resolve(dev_kind(obj)->sysdir, target)) != NULL)
		sys_fill(ds, syspath);
}

static char *
udev_dup(const char *s)
{
	return s != NULL ? ns_xstrdup(s) : NULL;
}

static const struct devsys *
dev_sys(struct ns_obj *obj)
{
	struct devpriv *dp = dev_priv(obj);
	struct udev_device *ud;
	struct devsys *ds;

	if (dp->sys != NULL)
		return dp->sys;
	ds = ns_xcalloc(sizeof(*ds));
	dp->sys = ds;
	if (isnumbered(obj))
		sys_read(ds, obj);
	else if ((ud = dev_load(obj)->ud) != NULL) {
		ds->syspath = udev_dup(udev_device_get_syspath(ud));
		ds->name = udev_dup(udev_device_get_sysname(ud));
		ds->subsystem = udev_dup(udev_device_get_subsystem(ud));
		ds->driver = udev_dup(udev_device_get_driver(ud));
		ds->node = udev_dup(udev_device_get_devnode(ud));
		ds->devtype = udev_dup(udev_device_get_devtype(ud));
	}
	return ds;
}

static void
sys_free(struct devsys *ds)
{
	if (ds == NULL)
		return;
	free(ds->syspath);
	free(ds->name);
	free(ds->subsystem);
	free(ds->driver);
	free(ds->node);
	free(ds->devtype);
	free(ds);
}

/* The node of a numbered device, from sysfs or else from the /dev scan. */
static const char *
dev_node(struct ns_obj *obj)
{
	const char *node = dev_sys(obj)->node;

	if (node == NULL && isnumbered(obj))
		node = ns_dev_node_find(dev_kind(obj)->type,
		    makedev(dev_major(obj), dev_minor(obj)));
	if (node == NULL)
		errno = ENOENT;
	return node;
}

/* The volume on a block device, probed the first time one of its values
 * is asked for and kept for the others. */
static struct devvol *
dev_vol(struct ns_obj *obj)
{
	struct devpriv *dp = dev_load(obj);

	if (dp->vol == NULL)
		dp->vol = ns_dev_vol_probe(dev_node(obj), obj->path);
	return dp->vol;
}

static int
get_fstype(struct ns_obj *obj, struct ns_val *val)
{
	return ns_dev_vol_add(val, dev_vol(obj), VOL_TYPE);
}

static int
get_label(struct ns_obj *obj, struct ns_val *val)
{
	return ns_dev_vol_add(val, dev_vol(obj), VOL_LABEL);
}

static int
get_uuid(struct ns_obj *obj, struct ns_val *val)
{
	return ns_dev_vol_add(val, dev_vol(obj), VOL_UUID);
}

static int
get_mounts(struct ns_obj *obj, struct ns_val *val)
{
	return ns_dev_add_mounts(val, dev_major(obj), dev_minor(obj), 0);
}

static int
get_mountpoints(struct ns_obj *obj, struct ns_val *val)
{
	return ns_dev_add_mounts(val, dev_major(obj), dev_minor(obj), 1);
}

/* The device's name: its sysname, or for a node sysfs does not know, the
 * node's path below /dev ("pts/3"), as ps(1) names terminals. */
static const char *
dev_name(struct ns_obj *obj)
{
	const char *node;

	if (dev_sys(obj)->syspath != NULL)
		return dev_sys(obj)->name;
	if ((node = dev_node(obj)) != NULL && strncmp(node, "/dev/", 5) == 0)
		return node + 5;
	return node;
}

static const char *
dev_driver(struct ns_obj *obj)
{
	const char *drv = dev_sys(obj)->driver;

	if (drv == NULL && isnumbered(obj))
		drv = ns_dev_major_driver(dev_kind(obj)->type, dev_major(obj),
		    dev_name(obj), dev_node(obj));
	if (drv == NULL)
		errno = ENOENT;
	return drv;
}

/* A sysfs attribute as a string, with the blanks some drivers pad it
 * with (SCSI's model) trimmed. */
static int
add_sysattr(struct ns_val *val, struct udev_device *ud, const char *name)
{
	const char *s;
	size_t len;

	if (ud == NULL || (s = udev_device_get_sysattr_value(ud, name)) == NULL)
		return -1;
	s += strspn(s, " \t");
	for (len = strlen(s); len > 0 && strchr(" \t\n", s[len - 1]); len--)
		;
	if (len == 0) {
		errno = ENOENT;
		return -1;
	}
	ns_val_addn(val, s, len);
	return 0;
}

static int
get_name(struct ns_obj *obj, struct ns_val *val)
{
	return add_str(val, dev_name(obj));
}

static int
get_subsystem(struct ns_obj *obj, struct ns_val *val)
{
	errno = ENOENT;
	return add_str(val, dev_sys(obj)->subsystem);
}

static int
get_devtype(struct ns_obj *obj, struct ns_val *val)
{
	errno = ENOENT;
	return add_str(val, dev_sys(obj)->devtype);
}

static int
get_driver(struct ns_obj *obj, struct ns_val *val)
{
	return add_str(val, dev_driver(obj));
}

static int
get_devnode(struct ns_obj *obj, struct ns_val *val)
{
	return add_str(val, dev_node(obj));
}

static int
get_dev(struct ns_obj *obj, struct ns_val *val)
{
	ns_val_addf(val, "%c%llu:%llu", dev_kind(obj)->type,
	    (unsigned long long)dev_major(obj),
	    (unsigned long long)dev_minor(obj));
	return 0;
}

int
ns_dev_get_major(struct ns_obj *obj, struct ns_val *val)
{
	ns_val_num(val, dev_major(obj));
	return 0;
}

static int
get_minor(struct ns_obj *obj, struct ns_val *val)
{
	ns_val_num(val, dev_minor(obj));
	return 0;
}

/* Sysfs gives a block device's size in 512-byte sectors, whatever the
 * device's own sector size. */
static int
block_size(struct ns_obj *obj, uint64_t *bytes)
{
	struct udev_device *ud = dev_udev(obj);
	uint64_t sectors;

	if (ud == NULL || ns_dev_sysattr_u64(ud, "size", &sectors) == -1)
		return -1;
	*bytes = sectors * 512;
	return 0;
}

static int
get_size(struct ns_obj *obj, struct ns_val *val)
{
	uint64_t bytes;

	if (block_size(obj, &bytes) == -1)
		return -1;
	ns_val_num(val, bytes);
	return 0;
}

static int
get_ro(struct ns_obj *obj, struct ns_val *val)
{
	struct udev_device *ud = dev_udev(obj);
	uint64_t v;

	if (ud == NULL || ns_dev_sysattr_u64(ud, "ro", &v) == -1)
		return -1;
	ns_val_num(val, v);
	return 0;
}

/* A partition is as removable as its disk, which alone says so. */
static int
get_removable(struct ns_obj *obj, struct ns_val *val)
{
	struct udev_device *ud = dev_udev(obj), *disk;
	uint64_t v;

	if (ud == NULL)
		return -1;
	if (ns_dev_sysattr_u64(ud, "removable", &v) == -1) {
		disk = udev_device_get_parent_with_subsystem_devtype(ud,
		    "block", "disk");
		if (disk == NULL ||
		    ns_dev_sysattr_u64(disk, "removable", &v) == -1)
			return -1;
	}
	ns_val_num(val, v);
	return 0;
}

static int
get_parent(struct ns_obj *obj, struct ns_val *val)
{
	return ns_dev_add_syspath_parent(val, dev_sys(obj)->syspath);
}

static int
get_syspath(struct ns_obj *obj, struct ns_val *val)
{
	errno = ENOENT;
	return add_str(val, dev_sys(obj)->syspath);
}

/* Model and serial where sysfs has them as plain files: on the device
 * itself (virtio_blk's serial, USB's) or on the device behind a disk
 * (SCSI's model, NVMe's model and serial). */
static int
get_model(struct ns_obj *obj, struct ns_val *val)
{
	struct udev_device *ud = dev_udev(obj);

	if (add_sysattr(val, ud, "model") == 0)
		return 0;
	if (add_sysattr(val, ud, "device/model") == 0)
		return 0;
	errno = ENOENT;
	return -1;
}

static int
get_serial(struct ns_obj *obj, struct ns_val *val)
{
	struct udev_device *ud = dev_udev(obj);

	if (add_sysattr(val, ud, "serial") == 0)
		return 0;
	if (add_sysattr(val, ud, "device/serial") == 0)
		return 0;
	errno = ENOENT;
	return -1;
}

/* The block devices named in a sysfs holders/ or slaves/ directory, by
 * the dev file each entry links to. */
static int
block_links(struct ns_obj *obj, struct ns_val *val, const char *dirname)
{
	const char *syspath = dev_sys(obj)->syspath;
	char path[PATH_MAX], num[32];
	uint64_t *v = NULL;
	size_t n = 0, cap = 0, i;
	unsigned int maj, min;
	struct dirent *de;
	DIR *dir;

	if (syspath == NULL) {
		errno = ENOENT;
		return -1;
	}
	snprintf(path, sizeof(path), "%s/%s", syspath, dirname);
	if ((dir = opendir(path)) == NULL)
		return -1;
	while ((de = readdir(dir)) != NULL) {
		if (de->d_name[0] == '.')
			continue;
		if (snprintf(path, sizeof(path), "%s/%s/%s/dev",
		    syspath, dirname, de->d_name) >=
		    (int)sizeof(path) ||
		    ns_read_record(path, num, sizeof(num)) == -1 ||
		    ns_dev_parse_devnum(num, &maj, &min) == -1)
			continue;
		push_u64(&v, &n, &cap, (uint64_t)maj << 32 | min);
	}
	closedir(dir);
	n = uniq_u64(v, n);
	for (i = 0; i < n; i++)
		ns_val_addf(val, "/dev/block/%u/%u", (unsigned int)(v[i] >> 32),
		    (unsigned int)(v[i] & 0xffffffff));
	free(v);
	return 0;
}

/*
 * The file behind a loop device: a block device by its number, any other
 * file by its real path.  A file deleted since has no path left.
 */
static int
get_backing(struct ns_obj *obj, struct ns_val *val)
{
	static const char deleted[] = " (deleted)";
	struct udev_device *ud = dev_udev(obj);
	const char *file;
	struct stat st;
	size_t len;

	if (ud == NULL || (file = udev_device_get_sysattr_value(ud,
	    "loop/backing_file")) == NULL)
		return -1;
	len = strlen(file);
	if (file[0] != '/' || (len >= sizeof(deleted) - 1 &&
	    strcmp(file + len - (sizeof(deleted) - 1), deleted) == 0)) {
		errno = ENOENT;
		return -1;
	}
	if (stat(file, &st) == 0 && S_ISBLK(st.st_mode))
		ns_val_addf(val, "/dev/block/%u/%u", major(st.st_rdev),
		    minor(st.st_rdev));
	else
		ns_val_fs(val, file);
	return 0;
}

static int
get_holders(struct ns_obj *obj, struct ns_val *val)
{
	return block_links(obj, val, "holders");
}

static int
get_slaves(struct ns_obj *obj, struct ns_val *val)
{
	return block_links(obj, val, "slaves");
}

/* "vda 256G virtblk disk": name, size, driver, devtype. */
static int
dev_summary(struct ns_obj *obj, struct ns_val *val)
{
	const char *w[4];
	char size[8];
	uint64_t bytes;

	w[0] = dev_name(obj);
	w[1] = NULL;
	if (obj->cls == &ns_dev_blockdev_class && block_size(obj, &bytes) == 0 &&
	    humanize_number(size, 5, bytes, "", HN_AUTOSCALE,
	    HN_B | HN_NOSPACE | HN_DECIMAL) != -1)
		w[1] = size;
	w[2] = dev_driver(obj);
	w[3] = dev_sys(obj)->devtype;
	return ns_dev_add_words(val, w, 4);
}

static void
dev_release(struct ns_obj *obj)
{
	struct devpriv *dp = obj->priv;

	if (dp == NULL)
		return;
	if (dp->ud != NULL)
		udev_device_unref(dp->ud);
	sys_free(dp->sys);
	ns_dev_vol_free(dp->vol);
	free(dp);
	obj->priv = NULL;
}

/*
 * The classes.  Where several providers share a column name the first
 * class to define it gives -H its text, so the texts say what the column
 * means in general, then here.
 */
#define DEV_NAME { "name", NS_STRING, \
	"the name: a device's kernel name (a bare node's path below /dev)", \
	get_name }
#define DEV_SUBSYSTEM { "subsystem", NS_STRING, \
	"the sysfs bus or class of the device", get_subsystem }
#define DEV_DEVTYPE { "devtype", NS_STRING, \
	"the kind of device within its subsystem: disk, partition...", \
	get_devtype }
#define DEV_DRIVER { "driver", NS_STRING, \
	"the driver bound to the device, else the one that has its major", \
	get_driver }
#define DEV_NUMBERED \
	{ "devnode", NS_STRING, "the device node in /dev", get_devnode }, \
	{ "dev", NS_STRING, "udev's id of the device: b8:0, c4:1", get_dev }, \
	{ "major", NS_NUMBER, "the major number", ns_dev_get_major }, \
	{ "minor", NS_NUMBER, "the minor number", get_minor }
#define DEV_PARENT { "parent", NS_LINK, \
	"the device, else the sysfs directory, above this one in the " \
	"device tree", get_parent }
#define DEV_SYSPATH { "syspath", NS_STRING, \
	"the device's directory in sysfs", get_syspath }
#define DEV_MODEL { "model", NS_STRING, \
	"the device's model, where sysfs has it", get_model }
#define DEV_SERIAL { "serial", NS_STRING, \
	"the device's serial number, where sysfs has it", get_serial }

static const struct ns_attr blockdev_attrs[] = {
	DEV_NAME, DEV_SUBSYSTEM, DEV_DEVTYPE, DEV_DRIVER, DEV_NUMBERED,
	NS_COL_SIZE(get_size),
	{ "ro", NS_NUMBER, "1 if the block device is read-only", get_ro },
	{ "removable", NS_NUMBER, "1 if the block device's medium is removable",
	    get_removable },
	DEV_PARENT,
	{ "holders", NS_LINKS, "the block devices built on this one",
	    get_holders },
	{ "slaves", NS_LINKS, "the block devices this one is built on",
	    get_slaves },
	NS_COL_BACKING(get_backing),
	NS_COL_FSTYPE(get_fstype),
	{ "label", NS_STRING, "the file system's label", get_label },
	{ "uuid", NS_STRING, "the file system's UUID", get_uuid },
	{ "mounts", NS_LINKS, "the mounts of the block device's file system",
	    get_mounts },
	{ "mountpoints", NS_LINKS, "where the block device is mounted",
	    get_mountpoints },
	DEV_SYSPATH, DEV_MODEL, DEV_SERIAL, NS_ATTR_FDS,
	{ NULL }
};

const struct ns_class ns_dev_blockdev_class = {
	.type = "blockdev",
	.attrs = blockdev_attrs,
	.summary = dev_summary,
	.release = dev_release,
};

static const struct ns_attr chardev_attrs[] = {
	DEV_NAME, DEV_SUBSYSTEM, DEV_DEVTYPE, DEV_DRIVER, DEV_NUMBERED,
	DEV_PARENT, DEV_SYSPATH, DEV_MODEL, DEV_SERIAL, NS_ATTR_FDS,
	{ NULL }
};

const struct ns_class ns_dev_chardev_class = {
	.type = "chardev",
	.attrs = chardev_attrs,
	.summary = dev_summary,
	.release = dev_release,
};

static const struct ns_attr device_attrs[] = {
	DEV_NAME, DEV_SUBSYSTEM, DEV_DEVTYPE, DEV_DRIVER, DEV_PARENT,
	DEV_SYSPATH, DEV_MODEL, DEV_SERIAL,
	{ NULL }
};

const struct ns_class ns_dev_device_class = {
	.type = "device",
	.attrs = device_attrs,
	.summary = dev_summary,
	.release = dev_release,
};

/*
 * Make obj the object of kind at canonical path with its id; its private
 * record if it is a device, or NULL for an interface, which has none.
 */
static struct devpriv *
dev_set(struct ns_obj *obj, int kind, const char *path, const uint64_t id[3])
{
	const struct ns_class *cls = ns_dev_kind_class(kind);

	ns_obj_set(obj, cls, "%s", path);
	memcpy(obj->id, id, sizeof(obj->id[0]) * 3);
	return cls == &ns_dev_netif_class ? NULL : dev_priv(obj);
}

/*
 * Fill obj with the object a sysfs device is; the device is taken over
 * (kept on priv when the object is a device, dropped otherwise).
 */
int
ns_dev_set_from_udev(struct ns_obj *obj, struct udev_device *ud)
{
	struct devpriv *dp;
	char path[PATH_MAX];
	uint64_t id[3] = { 0, 0, 0 };
	int kind;

	if ((kind = ns_dev_canon(ud, path, sizeof(path), id)) == -1) {
		udev_device_unref(ud);
		return ns_none();
	}
	if ((dp = dev_set(obj, kind, path, id)) == NULL) {
		udev_device_unref(ud);
		return 0;
	}
	dp->ud = ud;
	dp->udtried = 1;
	return 0;
}

/*
 * Fill obj with the device of a sysfs directory, read from sysfs alone;
 * its udev device is made only if a question needs it.
 */
int
ns_dev_set_from_syspath(struct ns_obj *obj, const char *syspath)
{
	struct devpriv *dp;
	char path[PATH_MAX];
	uint64_t id[3] = { 0, 0, 0 };
	int kind;

	if ((kind = ns_dev_canon_dir(syspath, path, sizeof(path), id)) == -1)
		return ns_none();
	if ((dp = dev_set(obj, kind, path, id)) == NULL)
		return 0;
	dp->sys = ns_xcalloc(sizeof(*dp->sys));
	sys_fill(dp->sys, ns_xstrdup(syspath));
	return 0;
}

/*
 * Majors.
 */
static int
get_major_driver(struct ns_obj *obj, struct ns_val *val)
{
	const struct devmajor *majors;
	char buf[512];
	size_t nmajors, i;

	majors = ns_dev_majors(&nmajors);
	buf[0] = '\0';
	for (i = 0; i < nmajors; i++) {
		if (majors[i].type != dev_kind(obj)->type ||
		    majors[i].major != dev_major(obj))
			continue;
		if (buf[0] != '\0')
			strlcat(buf, ",", sizeof(buf));
		strlcat(buf, majors[i].name, sizeof(buf));
	}
	errno = ENOENT;
	return add_str(val, buf[0] != '\0' ? buf : NULL);
}

/* A major goes by its number; the names it is registered under are its
 * driver's. */
static int
get_major_name(struct ns_obj *obj, struct ns_val *val)
{
	ns_val_num(val, dev_major(obj));
	return 0;
}

static int
get_major_devices(struct ns_obj *obj, struct ns_val *val)
{
	size_t first;

	ns_val_num(val, ns_dev_devset_range(
	    ns_dev_devset_load(dev_kindno(obj)), dev_major(obj), &first));
	return 0;
}

/* "virtblk 1 device". */
static int
major_summary(struct ns_obj *obj, struct ns_val *val)
{
	struct ns_val drv = { 0 };
	size_t first, n;

	n = ns_dev_devset_range(ns_dev_devset_load(dev_kindno(obj)),
	    dev_major(obj), &first);
	if (get_major_driver(obj, &drv) == 0)
		ns_val_addf(val, "%s %zu device%s", drv.buf, n,
		    n == 1 ? "" : "s");
	else
		ns_val_addf(val, "%zu device%s", n, n == 1 ? "" : "s");
	ns_val_free(&drv);
	return 0;
}

static int
list_minors(struct ns_obj *obj, ns_emit_fn emit, void *arg)
{
	struct devset *ds = ns_dev_devset_load(dev_kindno(obj));
	size_t first, n, i;
	unsigned int min;

	n = ns_dev_devset_range(ds, dev_major(obj), &first);
	for (i = first; i < first + n; i++) {
		struct ns_obj c = { 0 };

		min = ds->v[i] & 0xffffffff;
		ns_obj_set(&c, ns_dev_kind_class(dev_kindno(obj)), "/dev/%s/%llu/%u",
		    dev_kind(obj)->name, (unsigned long long)dev_major(obj),
		    min);
		dev_set_id(&c, dev_kindno(obj), dev_major(obj), min);
		if (emit(&c, arg)) {
			ns_obj_clear(&c);
			return 1;
		}
		ns_obj_clear(&c);
	}
	return 0;
}

/*
 * The numbered roots.
 */
static int
list_majors(int kind, ns_emit_fn emit, void *arg)
{
	struct devset *ds = ns_dev_devset_load(kind);
	const struct devmajor *majors;
	uint64_t *v = NULL;
	size_t n = 0, cap = 0, nmajors, i;

	majors = ns_dev_majors(&nmajors);
	for (i = 0; i < nmajors; i++)
		if (majors[i].type == ns_dev_kinds[kind].type)
			push_u64(&v, &n, &cap, majors[i].major);
	for (i = 0; i < ds->n; i++)
		push_u64(&v, &n, &cap, ds->v[i] >> 32);
	n = uniq_u64(v, n);
	for (i = 0; i < n; i++) {
		struct ns_obj c = { 0 };

		ns_obj_set(&c, &ns_dev_major_class, "/dev/%s/%llu",
		    ns_dev_kinds[kind].name, (unsigned long long)v[i]);
		dev_set_id(&c, kind, v[i], 0);
		if (emit(&c, arg)) {
			ns_obj_clear(&c);
			free(v);
			return 1;
		}
		ns_obj_clear(&c);
	}
	free(v);
	return 0;
}

static int
list_root(struct ns_obj *obj, ns_emit_fn emit, void *arg)
{
	if (dev_kindno(obj) == KNET)
		return ns_dev_list_links(emit, arg);
	return list_majors(dev_kindno(obj), emit, arg);
}

static int
get_root_name(struct ns_obj *obj, struct ns_val *val)
{
	ns_val_add(val, dev_kind(obj)->name);
	return 0;
}

static int
root_summary(struct ns_obj *obj, struct ns_val *val)
{
	ns_val_add(val, dev_kind(obj)->summary);
	return 0;
}

static const struct ns_attr major_attrs[] = {
	{ "name", NS_STRING, "the major number", get_major_name },
	{ "driver", NS_STRING,
	    "the names the major is registered under in /proc/devices",
	    get_major_driver },
	{ "major", NS_NUMBER, "the major number", ns_dev_get_major },
	{ "devices", NS_NUMBER, "how many devices (minors) the major has",
	    get_major_devices },
	{ NULL }
};

const struct ns_class ns_dev_major_class = {
	.type = "major",
	.attrs = major_attrs,
	.list = list_minors,
	.summary = major_summary,
};

static const struct ns_attr root_attrs[] = {
	{ "name", NS_STRING, "block, char or net", get_root_name },
	{ NULL }
};

const struct ns_class ns_dev_root_class = {
	.type = "devdir",
	.attrs = root_attrs,
	.list = list_root,
	.summary = root_summary,
};
