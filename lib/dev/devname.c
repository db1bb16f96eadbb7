/*
 * devname.c: the path that names a sysfs device in /dev, and the links to
 * the node above a device, which are made of such paths.
 *
 * A device goes by its number where it has one (/dev/block/8/0), an
 * interface by its ifindex in the caller's network namespace
 * (/dev/net/2), any other device by its subsystem and kernel name
 * (/dev/pci/0000:00:02.0), and a device of no subsystem by its place in
 * the device tree (/dev/devices/pci0000:00).  Naming needs no class, so
 * the classes of devices and of interfaces can both link to parents.
 */
#include <sys/types.h>
#include <sys/sysmacros.h>

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <linux/if_link.h>

#include "lazy.h"
#include "provider.h"
#include "devcommon.h"
#include "link.h"

/*
 * Where a sysfs path lies in the device tree: the part below /sys/devices
 * ("" for the tree itself), or NULL for a path outside it.
 */
const char *
ns_dev_tree_rel(const char *syspath)
{
	size_t len = sizeof(SYSDEVICES) - 1;

	if (strncmp(syspath, SYSDEVICES, len) != 0)
		return NULL;
	if (syspath[len] == '\0')
		return syspath + len;
	return syspath[len] == '/' ? syspath + len + 1 : NULL;
}

/*
 * Interfaces, as link.c reads them from rtnetlink: those of the caller's
 * network namespace.
 */
static int
net_exists(int ifindex, const char *name)
{
	struct link *link;
	const char *s;
	int ok;

	if ((link = ns_link_get(ifindex, NULL)) == NULL)
		return 0;
	ok = name == NULL || ((s = ns_link_str(link, IFLA_IFNAME)) != NULL &&
	    strcmp(s, name) == 0);
	ns_link_put(link);
	return ok;
}

/*
 * The canonical path of a sysfs device, of its subsystem (NULL for none)
 * and its number (0 for none), and the kind of object it names (KDEVICE
 * for a device of no number); -1 with ENOENT for a device the namespace
 * cannot name: an interface of another network namespace.  A device of
 * no subsystem (such as /sys/devices/pci0000:00) is named by its place
 * in the tree.  Otherwise the last component is the kernel's name, with
 * the '!' that udev's sysname turns into '/'.
 */
static int
canon(const char *syspath, const char *sub, dev_t devnum, char *buf,
    size_t size, uint64_t id[3])
{
	const char *base, *rel;
	char path[PATH_MAX], num[32];
	uint64_t ifindex;
	int kind;

	errno = ENOENT;
	base = strrchr(syspath, '/') + 1;
	if (sub == NULL) {
		rel = ns_dev_tree_rel(syspath);
		if (rel == NULL || *rel == '\0' ||
		    snprintf(buf, size, "/dev/devices/%s", rel) >= (int)size)
			return -1;
		return KDEVICE;
	}
	if (strcmp(sub, "net") == 0) {
		if (snprintf(path, sizeof(path), "%s/ifindex", syspath) >=
		    (int)sizeof(path) ||
		    ns_read_record(path, num, sizeof(num)) == -1 ||
		    ns_parse_u64(num, INT_MAX, &ifindex) == -1 ||
		    ifindex == 0 || !net_exists(ifindex, base)) {
			errno = ENOENT;
			return -1;
		}
		snprintf(buf, size, "/dev/net/%llu",
		    (unsigned long long)ifindex);
		id[0] = ifindex;
		return KNET;
	}
	if (devnum != 0) {
		kind = strcmp(sub, "block") == 0 ? KBLOCK : KCHAR;
		snprintf(buf, size, "/dev/%s/%u/%u", ns_dev_kinds[kind].name,
		    major(devnum), minor(devnum));
		id[0] = kind;
		id[1] = major(devnum);
		id[2] = minor(devnum);
		return kind;
	}
	if (snprintf(buf, size, "/dev/%s/%s", sub, base) >= (int)size)
		return -1;
	return KDEVICE;
}

int
ns_dev_canon(struct udev_device *ud, char *buf, size_t size,
    uint64_t id[3])
{
	return canon(udev_device_get_syspath(ud),
	    udev_device_get_subsystem(ud), udev_device_get_devnum(ud), buf,
	    size, id);
}

/* Whether a directory of the device tree is a device: as udev tells,
 * by its uevent file. */
static int
is_device(const char *syspath)
{
	char path[PATH_MAX];

	return snprintf(path, sizeof(path), "%s/uevent", syspath) <
	    (int)sizeof(path) && access(path, F_OK) == 0;
}

/* The sysfs directory of a subsystem's member as the link in dir (the
 * bus's devices, the class) finds it; -1 where dir has none. */
static int
member_in(const char *where, const char *sub, const char *name, char *buf,
    size_t size)
{
	char dir[PATH_MAX], link[PATH_MAX], target[PATH_MAX], *slash;
	const char *t;
	ssize_t n;

	if (snprintf(dir, sizeof(dir), where, sub) >= (int)sizeof(dir) ||
	    snprintf(link, sizeof(link), "%s/%s", dir, name) >=
	    (int)sizeof(link) ||
	    (n = readlink(link, target, sizeof(target) - 1)) <= 0)
		return -1;
	target[n] = '\0';
	/* "../../../devices/pci0000:00/0000:00:02.0", from dir. */
	for (t = target; strncmp(t, "../", 3) == 0; t += 3)
		if ((slash = strrchr(dir, '/')) != NULL)
			*slash = '\0';
	if (t[0] == '/' ? snprintf(buf, size, "%s", t) >= (int)size :
	    snprintf(buf, size, "%s/%s", dir, t) >= (int)size)
		return -1;
	return ns_dev_tree_rel(buf) != NULL && is_device(buf) ? 0 : -1;
}

/*
 * The sysfs directory of a subsystem's member, as udev finds it: through
 * the bus's devices directory or the class's; -1 with ENOENT if neither
 * has it.
 */
int
ns_dev_member_syspath(const char *sub, const char *name, char *buf,
    size_t size)
{
	if (member_in("/sys/bus/%s/devices", sub, name, buf, size) == 0 ||
	    member_in("/sys/class/%s", sub, name, buf, size) == 0)
		return 0;
	errno = ENOENT;
	return -1;
}

/* The same of a class's member, which no bus has (an interface). */
int
ns_dev_class_syspath(const char *sub, const char *name, char *buf,
    size_t size)
{
	if (member_in("/sys/class/%s", sub, name, buf, size) == 0)
		return 0;
	errno = ENOENT;
	return -1;
}

/* ns_dev_canon() of a device read straight from sysfs, as udev would,
 * without making a udev device of it. */
int
ns_dev_canon_dir(const char *syspath, char *buf, size_t size, uint64_t id[3])
{
	char path[PATH_MAX], link[PATH_MAX], num[32];
	const char *sub = NULL, *slash;
	unsigned int maj, min;
	dev_t devnum = 0;
	ssize_t n;

	if (snprintf(path, sizeof(path), "%s/subsystem", syspath) >=
	    (int)sizeof(path)) {
		errno = ENAMETOOLONG;
		return -1;
	}
	if ((n = readlink(path, link, sizeof(link) - 1)) > 0) {
		link[n] = '\0';
		slash = strrchr(link, '/');
		sub = slash != NULL ? slash + 1 : link;
	}
	if (sub != NULL && strcmp(sub, "net") != 0 &&
	    snprintf(path, sizeof(path), "%s/dev", syspath) <
	    (int)sizeof(path) && ns_read_record(path, num, sizeof(num)) != -1 &&
	    ns_dev_parse_devnum(num, &maj, &min) == 0)
		devnum = makedev(maj, min);
	return canon(syspath, sub, devnum, buf, size, id);
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
	if (ud == NULL) {
		errno = ENOENT;
		return -1;
	}
	return ns_dev_add_syspath_parent(val, udev_device_get_syspath(ud));
}

/* The same for a device known by its sysfs directory. */
int
ns_dev_add_syspath_parent(struct ns_val *val, const char *syspath)
{
	char dir[PATH_MAX], top[PATH_MAX], path[PATH_MAX], *slash;
	uint64_t id[3];

	if (syspath == NULL) {
		errno = ENOENT;
		return -1;
	}
	/* Up the directories, as udev finds a parent, but reading only
	 * what names each: a udev device made of each costs ten times the
	 * calls. */
	strlcpy(dir, syspath, sizeof(dir));
	strlcpy(top, dir, sizeof(top));
	while ((slash = strrchr(dir, '/')) != NULL && slash > dir) {
		*slash = '\0';
		if (ns_dev_tree_rel(dir) == NULL)
			break;
		if (!is_device(dir))
			continue;
		if (ns_dev_canon_dir(dir, path, sizeof(path), id) != -1) {
			ns_val_add(val, path);
			return 0;
		}
		/* A device the namespace cannot name: what holds it is
		 * above it. */
		strlcpy(top, dir, sizeof(top));
	}
	return ns_dev_add_dir_parent(val, top);
}
