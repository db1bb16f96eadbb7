/*
 * dev.c: the /dev provider.
 *
 * Devices by their kernel numbers, /dev/block/MAJ/MIN and /dev/char/MAJ/MIN
 * (a major, /dev/block/MAJ, is a node whose children are its minors);
 * network interfaces by ifindex, /dev/net/IFINDEX; every other device by its
 * sysfs identity, /dev/SUBSYSTEM/SYSNAME; what the kernel's device tree
 * holds that no subsystem claims (the PCI root pci0000:00, the directories
 * that group virtual devices) by its place in the tree, /dev/devices/DEVPATH.
 * Devices come from libudev, interfaces from libnl-route in the caller's
 * network namespace, the drivers of majors from /proc/devices, and the
 * device nodes sysfs does not know (pseudo-terminals) from a scan of /dev.
 *
 * This file holds the devices' getters, the top node and the provider's
 * operations; dev.h says what the others hold.
 */
#include <sys/types.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>

#include <dirent.h>
#include <err.h>
#include <errno.h>
#include <libudev.h>
#include <libutil.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <linux/rtnetlink.h>
#include <netlink/netlink.h>

#include "provider.h"
#include "dev.h"
#include "link.h"
#include "watch.h"

static const struct ns_class top_class, blockdev_class, chardev_class;

const struct kind ns_dev_kinds[KNET + 1] = {
	[KBLOCK] = { "block", 'b', "/sys/dev/block",
	    "block devices by major and minor", &blockdev_class },
	[KCHAR] = { "char", 'c', "/sys/dev/char",
	    "character devices by major and minor", &chardev_class },
	[KNET] = { "net", 'n', "/sys/class/net",
	    "network interfaces by ifindex", &ns_dev_netif_class },
};

/*
 * Device objects: numbered (block, char) and by sysfs identity.
 */
static struct devpriv *
dev_load(struct ns_obj *obj)
{
	struct devpriv *dp;
	char sub[NAME_MAX + 1], syspath[PATH_MAX];
	const char *name;
	size_t len;

	if (obj->priv != NULL)
		return obj->priv;
	if ((dp = calloc(1, sizeof(*dp))) == NULL)
		err(1, NULL);
	obj->priv = dp;
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
	return dp;
}

/* The device's sysfs entry, or NULL with ENOENT. */
static struct udev_device *
dev_udev(struct ns_obj *obj)
{
	struct devpriv *dp = dev_load(obj);

	if (dp->ud == NULL)
		errno = ENOENT;
	return dp->ud;
}

static int
isnumbered(const struct ns_obj *obj)
{
	return obj->cls == &blockdev_class || obj->cls == &chardev_class;
}

/* The node of a numbered device, from udev or else from the /dev scan. */
static const char *
dev_node(struct ns_obj *obj)
{
	struct udev_device *ud = dev_load(obj)->ud;
	const char *node = NULL;

	if (ud != NULL)
		node = udev_device_get_devnode(ud);
	if (node == NULL && isnumbered(obj))
		node = ns_dev_node_find(dev_kind(obj)->type,
		    makedev(dev_major(obj), dev_minor(obj)));
	if (node == NULL)
		errno = ENOENT;
	return node;
}

struct devpriv *
ns_dev_priv(struct ns_obj *obj)
{
	return dev_load(obj);
}

const char *
ns_dev_node(struct ns_obj *obj)
{
	return dev_node(obj);
}

/* The device's name: its sysname, or for a node sysfs does not know, the
 * node's path below /dev ("pts/3"), as ps(1) names terminals. */
static const char *
dev_name(struct ns_obj *obj)
{
	struct udev_device *ud = dev_load(obj)->ud;
	const char *node;

	if (ud != NULL)
		return udev_device_get_sysname(ud);
	if ((node = dev_node(obj)) != NULL && strncmp(node, "/dev/", 5) == 0)
		return node + 5;
	return node;
}

static const char *
dev_driver(struct ns_obj *obj)
{
	struct udev_device *ud = dev_load(obj)->ud;
	const char *drv = NULL;

	if (ud != NULL)
		drv = udev_device_get_driver(ud);
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
	struct udev_device *ud = dev_udev(obj);

	return add_str(val, ud ? udev_device_get_subsystem(ud) : NULL);
}

static int
get_devtype(struct ns_obj *obj, struct ns_val *val)
{
	struct udev_device *ud = dev_udev(obj);

	errno = ENOENT;
	return add_str(val, ud ? udev_device_get_devtype(ud) : NULL);
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

/*
 * The directory of the device tree that holds a place in it:
 * /dev/devices/DEVPATH, or /dev/devices for the top of the tree, which
 * has none above it.
 */
int
ns_dev_add_dir_parent(struct ns_val *val, const char *syspath)
{
	const char *rel, *slash;

	if ((rel = ns_dev_tree_rel(syspath)) == NULL || *rel == '\0') {
		errno = ENOENT;
		return -1;
	}
	if ((slash = strrchr(rel, '/')) == NULL)
		ns_val_add(val, "/dev/devices");
	else
		ns_val_addf(val, "/dev/devices/%.*s", (int)(slash - rel), rel);
	return 0;
}

/*
 * The node above a device in the kernel's device tree: the nearest
 * ancestor that is a device the namespace can name (the directories
 * between, such as the "block" above a disk, only group devices of a
 * class), or for a device that no device holds, the directory sysfs keeps
 * it in: /sys/devices/virtual/net for lo.
 */
int
ns_dev_add_parent(struct ns_val *val, struct udev_device *ud)
{
	struct udev_device *p, *top = ud;
	char path[PATH_MAX];
	uint64_t id[3];

	if (ud == NULL) {
		errno = ENOENT;
		return -1;
	}
	for (p = udev_device_get_parent(ud); p != NULL;
	    p = udev_device_get_parent(p)) {
		if (ns_dev_canon(p, path, sizeof(path), id) != NULL) {
			ns_val_add(val, path);
			return 0;
		}
		top = p;
	}
	return ns_dev_add_dir_parent(val, udev_device_get_syspath(top));
}

static int
get_parent(struct ns_obj *obj, struct ns_val *val)
{
	return ns_dev_add_parent(val, dev_udev(obj));
}

static int
get_syspath(struct ns_obj *obj, struct ns_val *val)
{
	struct udev_device *ud = dev_udev(obj);

	return add_str(val, ud ? udev_device_get_syspath(ud) : NULL);
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
	struct udev_device *ud = dev_udev(obj);
	char path[PATH_MAX], num[32];
	uint64_t *v = NULL;
	size_t n = 0, cap = 0, i;
	unsigned int maj, min;
	struct dirent *de;
	DIR *dir;

	if (ud == NULL)
		return -1;
	snprintf(path, sizeof(path), "%s/%s", udev_device_get_syspath(ud),
	    dirname);
	if ((dir = opendir(path)) == NULL)
		return -1;
	while ((de = readdir(dir)) != NULL) {
		if (de->d_name[0] == '.')
			continue;
		if (snprintf(path, sizeof(path), "%s/%s/%s/dev",
		    udev_device_get_syspath(ud), dirname, de->d_name) >=
		    (int)sizeof(path) ||
		    ns_read_file(path, num, sizeof(num)) == -1 ||
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

/* Join the words that exist with single blanks. */
int
ns_dev_add_words(struct ns_val *val, const char *const *w, size_t n)
{
	char line[512];
	size_t i;

	line[0] = '\0';
	for (i = 0; i < n; i++) {
		if (w[i] == NULL || w[i][0] == '\0')
			continue;
		if (line[0] != '\0')
			strlcat(line, " ", sizeof(line));
		strlcat(line, w[i], sizeof(line));
	}
	if (line[0] == '\0') {
		errno = ENOENT;
		return -1;
	}
	ns_val_add(val, line);
	return 0;
}

/* "vda 256G virtblk disk": name, size, driver, devtype. */
static int
dev_summary(struct ns_obj *obj, struct ns_val *val)
{
	struct udev_device *ud = dev_load(obj)->ud;
	const char *w[4];
	char size[8];
	uint64_t bytes;

	w[0] = dev_name(obj);
	w[1] = NULL;
	if (obj->cls == &blockdev_class && block_size(obj, &bytes) == 0 &&
	    humanize_number(size, 5, bytes, "", HN_AUTOSCALE,
	    HN_B | HN_NOSPACE | HN_DECIMAL) != -1)
		w[1] = size;
	w[2] = dev_driver(obj);
	w[3] = ud != NULL ? udev_device_get_devtype(ud) : NULL;
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
	ns_dev_vol_free(dp->vol);
	free(dp);
	obj->priv = NULL;
}

/*
 * The top node.
 */
static void
collect_names(const char *dirname, char ***v, size_t *n, size_t *cap)
{
	struct dirent *de;
	DIR *dir;
	char *s;

	if ((dir = opendir(dirname)) == NULL)
		return;
	while ((de = readdir(dir)) != NULL) {
		if (!plain_name(de->d_name))
			continue;
		if ((s = strdup(de->d_name)) == NULL)
			err(1, NULL);
		push_str(v, n, cap, s);
	}
	closedir(dir);
}

static int
isroot_name(const char *name)
{
	size_t i;

	for (i = 0; i < sizeof(ns_dev_kinds) / sizeof(ns_dev_kinds[0]); i++)
		if (strcmp(name, ns_dev_kinds[i].name) == 0)
			return 1;
	return 0;
}

static int
emit_subsystems(ns_emit_fn emit, void *arg)
{
	char **v = NULL;
	size_t n = 0, cap = 0, i;
	int stop = 0;

	collect_names("/sys/bus", &v, &n, &cap);
	collect_names("/sys/class", &v, &n, &cap);
	if (n > 0)
		qsort(v, n, sizeof(*v), cmp_str);
	for (i = 0; i < n; i++) {
		struct ns_obj c = { 0 };

		/* Block and net devices are listed under their numbers. */
		if (stop || isroot_name(v[i]) ||
		    (i > 0 && strcmp(v[i], v[i - 1]) == 0))
			continue;
		ns_obj_set(&c, &ns_dev_subsys_class, "/dev/%s", v[i]);
		stop = emit(&c, arg);
		ns_obj_clear(&c);
	}
	for (i = 0; i < n; i++)
		free(v[i]);
	free(v);
	return stop;
}

/* The numbered roots, the device tree, then every subsystem. */
static int
list_top(struct ns_obj *obj, ns_emit_fn emit, void *arg)
{
	struct ns_obj c = { 0 };
	size_t i;
	int stop = 0;

	(void)obj;
	for (i = 0; i <= KNET && !stop; i++) {
		ns_obj_set(&c, &ns_dev_root_class, "/dev/%s",
		    ns_dev_kinds[i].name);
		dev_set_id(&c, i, 0, 0);
		stop = emit(&c, arg);
		ns_obj_clear(&c);
	}
	if (!stop) {
		ns_obj_set(&c, &ns_dev_tree_class, "/dev/devices");
		stop = emit(&c, arg);
		ns_obj_clear(&c);
	}
	return stop ? 1 : emit_subsystems(emit, arg);
}

static int
top_summary(struct ns_obj *obj, struct ns_val *val)
{
	(void)obj;
	ns_val_add(val, "devices by number, interfaces, the device tree, "
	    "subsystems");
	return 0;
}

/*
 * The provider's operations.
 */
static int
lookup_numbered(struct ns_obj *obj, int kind, char **comp, int n)
{
	uint64_t maj, min;

	if (n == 1) {
		ns_obj_set(obj, &ns_dev_root_class, "/dev/%s",
		    ns_dev_kinds[kind].name);
		dev_set_id(obj, kind, 0, 0);
		return 0;
	}
	if (kind == KNET) {
		if (n != 2 || ns_parse_u64(comp[1], INT_MAX, &maj) == -1 ||
		    maj == 0)
			goto none;
		return ns_dev_set_netif(obj, link_get(maj, NULL));
	}
	if (n > 3 || ns_parse_u64(comp[1], MAJOR_MAX, &maj) == -1)
		goto none;
	if (n == 2) {
		if (!ns_dev_major_exists(kind, maj))
			goto none;
		ns_obj_set(obj, &ns_dev_major_class, "/dev/%s/%llu",
		    ns_dev_kinds[kind].name, (unsigned long long)maj);
		dev_set_id(obj, kind, maj, 0);
	} else {
		if (ns_parse_u64(comp[2], MINOR_MAX, &min) == -1 ||
		    !ns_dev_devnum_exists(kind, maj, min))
			goto none;
		ns_obj_set(obj, ns_dev_kinds[kind].cls, "/dev/%s/%llu/%llu",
		    ns_dev_kinds[kind].name, (unsigned long long)maj,
		    (unsigned long long)min);
		dev_set_id(obj, kind, maj, min);
	}
	return 0;
none:
	errno = ENOENT;
	return -1;
}

/* A subsystem's member by its sysname, under its canonical path (the
 * serial port /dev/tty/ttyS0 is /dev/char/4/64). */
static int
lookup_member(struct ns_obj *obj, const char *sub, const char *name)
{
	struct udev_device *ud;

	if (!plain_name(name) ||
	    (ud = udev_device_new_from_subsystem_sysname(ns_dev_udev(), sub,
	    name)) == NULL) {
		errno = ENOENT;
		return -1;
	}
	return ns_dev_set_from_udev(obj, ud);
}

static int
dev_lookup(struct ns_obj *obj, char **comp, int n)
{
	size_t i;

	if (n == 0) {
		ns_obj_set(obj, &top_class, "/dev");
		return 0;
	}
	for (i = 0; i < sizeof(ns_dev_kinds) / sizeof(ns_dev_kinds[0]); i++)
		if (strcmp(comp[0], ns_dev_kinds[i].name) == 0)
			return lookup_numbered(obj, i, comp, n);
	/* No subsystem is called "devices": the kernel's tree has it. */
	if (strcmp(comp[0], "devices") == 0)
		return ns_dev_lookup_tree(obj, comp + 1, n - 1);
	/* Anything else is a subsystem or not ours: /dev/vda and
	 * /dev/disk/by-id/... fall back to the real files. */
	if (n > 2 || !ns_dev_subsys_exists(comp[0])) {
		errno = ENOENT;
		return -1;
	}
	if (n == 1) {
		ns_obj_set(obj, &ns_dev_subsys_class, "/dev/%s", comp[0]);
		return 0;
	}
	return lookup_member(obj, comp[0], comp[1]);
}

/* A device node is its device even when sysfs does not know the number;
 * a sysfs device directory is the device it describes. */
static int
dev_recognize(struct ns_obj *obj, const char *path, const struct stat *st)
{
	struct udev_device *ud;
	char uevent[PATH_MAX];
	int kind;

	if (S_ISBLK(st->st_mode) || S_ISCHR(st->st_mode)) {
		kind = S_ISBLK(st->st_mode) ? KBLOCK : KCHAR;
		ns_obj_set(obj, ns_dev_kinds[kind].cls, "/dev/%s/%u/%u",
		    ns_dev_kinds[kind].name, major(st->st_rdev),
		    minor(st->st_rdev));
		dev_set_id(obj, kind, major(st->st_rdev), minor(st->st_rdev));
		return 1;
	}
	if (!S_ISDIR(st->st_mode) || strncmp(path, "/sys/devices/", 13) != 0)
		return 0;
	if (snprintf(uevent, sizeof(uevent), "%s/uevent", path) >=
	    (int)sizeof(uevent) || access(uevent, F_OK) == -1)
		return 0;
	if ((ud = udev_device_new_from_syspath(ns_dev_udev(), path)) == NULL)
		return 0;
	return ns_dev_set_from_udev(obj, ud) == 0;
}

/* udev's device ids: "b8:0", "c4:1", "n2", "+pci:0000:00:02.0". */
static int
dev_ident(struct ns_obj *obj, const char *s)
{
	struct udev_device *ud;
	unsigned int maj, min;
	uint64_t ifindex;
	int kind;

	switch (s[0]) {
	case 'b':
	case 'c':
		kind = s[0] == 'b' ? KBLOCK : KCHAR;
		if (ns_dev_parse_devnum(s + 1, &maj, &min) == -1 ||
		    !ns_dev_devnum_exists(kind, maj, min))
			return 0;
		ns_obj_set(obj, ns_dev_kinds[kind].cls, "/dev/%s/%u/%u",
		    ns_dev_kinds[kind].name, maj, min);
		dev_set_id(obj, kind, maj, min);
		return 1;
	case 'n':
		if (ns_parse_u64(s + 1, INT_MAX, &ifindex) == -1 ||
		    ifindex == 0)
			return 0;
		return ns_dev_set_netif(obj, link_get(ifindex, NULL)) == 0;
	case '+':
		/* Netlink, not sysfs, knows the names of this netns. */
		if (strncmp(s, "+net:", 5) == 0)
			return ns_dev_lookup_netname(obj, s + 5) == 0;
		if (strchr(s, ':') == NULL || (ud =
		    udev_device_new_from_device_id(ns_dev_udev(), s)) == NULL)
			return 0;
		return ns_dev_set_from_udev(obj, ud) == 0;
	}
	return 0;
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
	{ "size", NS_NUMBER, "the size in bytes", get_size },
	{ "ro", NS_NUMBER, "1 if the block device is read-only", get_ro },
	{ "removable", NS_NUMBER, "1 if the block device's medium is removable",
	    get_removable },
	DEV_PARENT,
	{ "holders", NS_LINKS, "the block devices built on this one",
	    get_holders },
	{ "slaves", NS_LINKS, "the block devices this one is built on",
	    get_slaves },
	{ "backing", NS_LINK, "the file behind a loop device", get_backing },
	{ "fstype", NS_STRING, "file system type", ns_dev_get_fstype },
	{ "label", NS_STRING, "the file system's label", ns_dev_get_label },
	{ "uuid", NS_STRING, "the file system's UUID", ns_dev_get_uuid },
	{ "mounts", NS_LINKS, "the mounts of the block device's file system",
	    ns_dev_get_mounts },
	{ "mountpoints", NS_LINKS, "where the block device is mounted",
	    ns_dev_get_mountpoints },
	DEV_SYSPATH, DEV_MODEL, DEV_SERIAL, NS_ATTR_FDS,
	{ NULL }
};

static const struct ns_class blockdev_class = {
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

static const struct ns_class chardev_class = {
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

static const struct ns_attr node_attrs[] = {
	{ NULL }
};

static const struct ns_class top_class = {
	.type = "devices",
	.attrs = node_attrs,
	.list = list_top,
	.summary = top_summary,
};

/*
 * nswatch: devices from the kernel's uevents, read through libudev's
 * monitor on the "kernel" source, which needs no udev daemon; interfaces
 * from rtnetlink's link group, which also tells what a uevent does not
 * (a link going up, an address or name changed), so the uevents of
 * interfaces are passed over.  A uevent's path is made as a listing
 * makes it, from the device it describes, even one already gone.
 */
static const struct ns_tree netif_tree = {
	"/dev/net", 1, "name,flags,operstate,carrier,address,mtu", NULL, NULL
};

/*
 * Whether the namespace names a device of this uevent: not an
 * interface's (rtnetlink tells of those), nor a kobject of a subsystem
 * that is neither a bus nor a class (an interface's queues, "queues",
 * whose names are not even unique), which no listing shows.
 */
static int
uevent_named(struct udev_device *ud)
{
	const char *sub = udev_device_get_subsystem(ud);
	char path[PATH_MAX];

	if (sub == NULL)
		return 1;
	if (strcmp(sub, "net") == 0)
		return 0;
	if (udev_device_get_devnum(ud) != 0)
		return 1;
	snprintf(path, sizeof(path), "/sys/class/%s", sub);
	if (access(path, F_OK) == 0)
		return 1;
	snprintf(path, sizeof(path), "/sys/bus/%s", sub);
	return access(path, F_OK) == 0;
}

static void
list_devices(void (*emit)(const char *, void *), void *arg)
{
	struct udev_enumerate *en;
	struct udev_list_entry *le;
	struct udev_device *ud;
	char path[PATH_MAX];
	uint64_t id[3];

	if ((en = udev_enumerate_new(ns_dev_udev())) == NULL ||
	    udev_enumerate_scan_devices(en) < 0)
		return;
	udev_list_entry_foreach(le, udev_enumerate_get_list_entry(en)) {
		ud = udev_device_new_from_syspath(ns_dev_udev(),
		    udev_list_entry_get_name(le));
		if (ud == NULL)
			continue;
		if (uevent_named(ud) &&
		    ns_dev_canon(ud, path, sizeof(path), id) != NULL)
			emit(path, arg);
		udev_device_unref(ud);
	}
	udev_enumerate_unref(en);
}

static const struct ns_tree device_tree = {
	"/dev", 0, NULL, NULL, list_devices
};

static void
uevent_read(struct ns_source *src, int fd, void *arg)
{
	struct udev_monitor *mon = arg;
	struct udev_device *ud;
	const char *action;
	char path[PATH_MAX];
	uint64_t id[3];

	(void)fd;
	for (;;) {
		errno = 0;
		if ((ud = udev_monitor_receive_device(mon)) == NULL) {
			if (errno == ENOBUFS)
				ns_source_lost(src);
			else if (errno == EAGAIN || errno == EINTR ||
			    errno == 0)
				return;
			continue;
		}
		action = udev_device_get_action(ud);
		if (action != NULL && uevent_named(ud) &&
		    ns_dev_canon(ud, path, sizeof(path), id) != NULL) {
			/* bind and unbind are a driver coming and going: a
			 * change of the device's driver attribute. */
			if (strcmp(action, "bind") == 0 ||
			    strcmp(action, "unbind") == 0)
				action = "change";
			ns_source_event(src, action, path);
		}
		udev_device_unref(ud);
	}
}

static void
link_msg(struct ns_source *src, const void *msg, void *arg)
{
	const struct nlmsghdr *h = msg;

	(void)arg;
	if (h->nlmsg_type == RTM_NEWLINK || h->nlmsg_type == RTM_DELLINK)
		ns_source_dirty(src, -1);
}

static void
link_read(struct ns_source *src, int fd, void *arg)
{
	ns_source_netlink(src, fd, link_msg, arg);
}

static void
watch_uevents(struct ns_watch *w)
{
	struct udev_monitor *mon;
	struct ns_source *src;

	if ((mon = udev_monitor_new_from_netlink(ns_dev_udev(), "kernel"))
	    == NULL || udev_monitor_enable_receiving(mon) < 0) {
		warn("uevents");
		return;
	}
	/* A burst (a disk's partitions, a hotplugged hub) fits. */
	udev_monitor_set_receive_buffer_size(mon, 4 << 20);
	src = ns_watch_source(w, "uevent", udev_monitor_get_fd(mon),
	    uevent_read, mon);
	ns_source_tree(src, &device_tree);
}

static void
dev_watch(struct ns_watch *w)
{
	struct nl_sock *sk;
	struct ns_source *src;

	if (ns_watch_wants(w, "/dev/net")) {
		if ((sk = ns_nl_socket(NETLINK_ROUTE)) == NULL ||
		    nl_socket_add_memberships(sk, RTNLGRP_LINK, 0) < 0)
			warnx("/dev/net: rtnetlink: the kernel refused");
		else {
			nl_socket_set_buffer_size(sk, 1 << 20, 0);
			src = ns_watch_source(w, "rtnetlink",
			    nl_socket_get_fd(sk), link_read, sk);
			ns_source_tree(src, &netif_tree);
		}
	}
	if (ns_watch_wants(w, "/dev"))
		watch_uevents(w);
}

static const struct ns_class *const dev_classes[] = {
	&blockdev_class, &chardev_class, &ns_dev_device_class,
	&ns_dev_netif_class, &ns_dev_major_class, &ns_dev_subsys_class,
	&ns_dev_root_class, &ns_dev_sysdir_class, &ns_dev_tree_class,
	&top_class, NULL
};

const struct ns_provider dev_provider = {
	.name = "dev",
	.help = "devices: block and char by number, interfaces, subsystems",
	.lookup = dev_lookup,
	.recognize = dev_recognize,
	.ident = dev_ident,
	.classes = dev_classes,
	.watch = dev_watch,
};
