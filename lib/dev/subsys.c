/*
 * subsys.c: the subsystems, /dev/SUBSYSTEM, and the kernel's device
 * tree, /dev/devices/DEVPATH, with the directories in it that no
 * subsystem claims.
 */
#include <sys/types.h>
#include <sys/stat.h>

#include <dirent.h>
#include <err.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lazy.h"
#include "provider.h"
#include "devcommon.h"

#define TREE_DEPTH	32	/* how deep the /sys/devices walk goes */

/*
 * Subsystems: every bus and class of sysfs.
 */
static const char *
subsys_name(const struct ns_obj *obj)
{
	return obj->path + 5;
}

int
ns_dev_subsys_exists(const char *name)
{
	char path[PATH_MAX];
	struct stat st;

	if (!plain_name(name))
		return 0;
	snprintf(path, sizeof(path), "/sys/bus/%s", name);
	if (stat(path, &st) == 0 && S_ISDIR(st.st_mode))
		return 1;
	snprintf(path, sizeof(path), "/sys/class/%s", name);
	return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

static struct udev_enumerate *
subsys_scan(const char *name)
{
	struct udev_enumerate *e;

	if ((e = udev_enumerate_new(ns_dev_udev())) == NULL)
		err(1, NULL);
	if (udev_enumerate_add_match_subsystem(e, name) < 0 ||
	    udev_enumerate_scan_devices(e) < 0) {
		udev_enumerate_unref(e);
		return NULL;
	}
	return e;
}

/* Members that vanish or that the namespace cannot name (interfaces of
 * another network namespace) are passed over. */
static int
list_subsys(struct ns_obj *obj, ns_emit_fn emit, void *arg)
{
	struct udev_enumerate *e;
	struct udev_list_entry *le;
	int stop = 0;

	if ((e = subsys_scan(subsys_name(obj))) == NULL)
		return 0;
	udev_list_entry_foreach(le, udev_enumerate_get_list_entry(e)) {
		struct ns_obj c = { 0 };

		if (ns_dev_set_from_syspath(&c,
		    udev_list_entry_get_name(le)) == -1)
			continue;
		stop = emit(&c, arg);
		ns_obj_clear(&c);
		if (stop)
			break;
	}
	udev_enumerate_unref(e);
	return stop;
}

NS_GETTER_OBJ(subsys_name, ns_val_add, subsys_name(o))

/* "bus, 3 devices", "class, 70 devices". */
static int
subsys_summary(struct ns_obj *obj, struct ns_val *val)
{
	char path[PATH_MAX];
	const char *what;
	size_t n;

	snprintf(path, sizeof(path), "/sys/bus/%s", subsys_name(obj));
	what = access(path, F_OK) == 0 ? "bus" : "class";
	n = ns_count_children(obj);
	ns_val_addf(val, "%s, %zu device%s", what, n, n == 1 ? "" : "s");
	return 0;
}

/*
 * The device tree: /dev/devices stands for /sys/devices, and names what
 * the tree holds that no subsystem claims.  Those are the devices of no
 * subsystem (pci0000:00, platform) and the directories that group devices
 * no device holds (virtual, virtual/net); the directories within a device
 * (its "power", the "block" above its disk) are no nodes of the tree.
 */
static int
has_uevent(const char *syspath)
{
	char path[PATH_MAX];

	return snprintf(path, sizeof(path), "%s/uevent", syspath) <
	    (int)sizeof(path) && access(path, F_OK) == 0;
}

/* Whether a directory of the tree that is no device groups devices: no
 * device lies above it. */
static int
is_grouping(const char *syspath)
{
	char path[PATH_MAX], *slash;
	size_t top = sizeof(SYSDEVICES) - 1;

	if (strlcpy(path, syspath, sizeof(path)) >= sizeof(path))
		return 0;
	while ((slash = strrchr(path, '/')) != NULL &&
	    (size_t)(slash - path) > top) {
		*slash = '\0';
		if (has_uevent(path))
			return 0;
	}
	return 1;
}

/*
 * The object at /dev/devices/DEVPATH.  The path must run through the
 * tree's own directories: a link in it (driver, subsystem, port) leads
 * out of the tree.  A device of a subsystem is found under its canonical
 * path, so that /dev/devices mirrors /sys/devices for every device.
 */
int
ns_dev_lookup_tree(struct ns_obj *obj, char **comp, int n)
{
	char syspath[PATH_MAX];
	struct stat st;
	int i;

	if (n == 0) {
		ns_obj_set(obj, &ns_dev_tree_class, "/dev/devices");
		return 0;
	}
	strlcpy(syspath, SYSDEVICES, sizeof(syspath));
	for (i = 0; i < n; i++) {
		if (!plain_name(comp[i]) ||
		    strlcat(syspath, "/", sizeof(syspath)) >= sizeof(syspath) ||
		    strlcat(syspath, comp[i], sizeof(syspath)) >=
		    sizeof(syspath) ||
		    lstat(syspath, &st) == -1 || !S_ISDIR(st.st_mode))
			goto none;
	}
	if (has_uevent(syspath))
		return ns_dev_set_from_syspath(obj, syspath);
	if (!is_grouping(syspath))
		goto none;
	ns_obj_set(obj, &ns_dev_sysdir_class, "/dev%s", syspath + 4);
	return 0;
none:
	errno = ENOENT;
	return -1;
}

/*
 * Collect the places below a directory of the tree that /dev/devices
 * names: devices without a "subsystem" link, and grouping directories.
 * Links are not followed: they lead out of the tree or back into it.
 */
static void
walk_tree(int dfd, const char *rel, int grouping, int depth, char ***v,
    size_t *n, size_t *cap)
{
	struct dirent *de;
	struct stat st;
	char sub[PATH_MAX], *p;
	int fd, dev, named;
	DIR *dir;

	if ((dir = fdopendir(dfd)) == NULL) {
		close(dfd);
		return;
	}
	while ((de = readdir(dir)) != NULL) {
		if (de->d_name[0] == '.' || (de->d_type != DT_DIR &&
		    de->d_type != DT_UNKNOWN))
			continue;
		if (fstatat(dirfd(dir), de->d_name, &st,
		    AT_SYMLINK_NOFOLLOW) == -1 || !S_ISDIR(st.st_mode))
			continue;
		if (snprintf(sub, sizeof(sub), "%s%s%s", rel,
		    *rel ? "/" : "", de->d_name) >= (int)sizeof(sub))
			continue;
		if ((fd = openat(dirfd(dir), de->d_name, O_RDONLY |
		    O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)) == -1)
			continue;
		dev = faccessat(fd, "uevent", F_OK, 0) == 0;
		named = dev ? faccessat(fd, "subsystem", F_OK,
		    AT_SYMLINK_NOFOLLOW) == -1 : grouping;
		if (named) {
			p = ns_xstrdup(sub);
			push_str(v, n, cap, p);
		}
		if (depth < TREE_DEPTH)
			walk_tree(fd, sub, grouping && !dev, depth + 1, v, n,
			    cap);
		else
			close(fd);
	}
	closedir(dir);
}

static int
list_tree(struct ns_obj *obj, ns_emit_fn emit, void *arg)
{
	char **v = NULL, syspath[PATH_MAX];
	size_t n = 0, cap = 0, i;
	int fd, stop = 0;

	if ((fd = open(SYSDEVICES, O_RDONLY | O_DIRECTORY | O_CLOEXEC)) == -1)
		return 0;
	walk_tree(fd, "", 1, 0, &v, &n, &cap);
	if (n > 0)
		qsort(v, n, sizeof(*v), cmp_str);
	for (i = 0; i < n; i++) {
		struct ns_obj c = { 0 };

		snprintf(syspath, sizeof(syspath), "%s/%s", SYSDEVICES, v[i]);
		if (!stop) {
			ns_obj_set(&c, has_uevent(syspath) ?
			    &ns_dev_device_class : &ns_dev_sysdir_class,
			    "/dev/devices/%s", v[i]);
			stop = emit(&c, arg);
			ns_obj_clear(&c);
		}
		free(v[i]);
	}
	free(v);
	return stop;
}

/* A grouping directory: its name, the directory above it, its path. */
static const char *
sysdir_name(const struct ns_obj *obj)
{
	return strrchr(obj->path, '/') + 1;
}

NS_GETTER_OBJ(sysdir_name, ns_val_add, sysdir_name(o))

static int
get_sysdir_parent(struct ns_obj *obj, struct ns_val *val)
{
	char syspath[PATH_MAX];

	snprintf(syspath, sizeof(syspath), "/sys%s", obj->path + 4);
	return ns_dev_add_dir_parent(val, syspath);
}

NS_GETTER_OBJ(sysdir_syspath, ns_val_addf, "/sys%s", o->path + 4)

/* "net, a directory of the device tree". */
static int
sysdir_summary(struct ns_obj *obj, struct ns_val *val)
{
	ns_val_addf(val, "%s, a directory of the device tree",
	    sysdir_name(obj));
	return 0;
}

NS_GETTER_OBJ(tree_name, ns_val_add, "devices")
NS_GETTER_OBJ(tree_syspath, ns_val_add, SYSDEVICES)

static int
tree_summary(struct ns_obj *obj, struct ns_val *val)
{
	ns_val_add(val, "the device tree: devices of no subsystem, "
	    "directories of devices");
	return 0;
}

static const struct ns_attr subsys_attrs[] = {
	{ "name", NS_STRING, "the subsystem name", get_subsys_name },
	{ NULL }
};

const struct ns_class ns_dev_subsys_class = {
	.type = "subsystem",
	.attrs = subsys_attrs,
	.list = list_subsys,
	.summary = subsys_summary,
};

static const struct ns_attr sysdir_attrs[] = {
	{ "name", NS_STRING, "the directory's name", get_sysdir_name },
	{ "parent", NS_LINK, "the directory above it in the device tree",
	    get_sysdir_parent },
	{ "syspath", NS_STRING, "the directory in sysfs", get_sysdir_syspath },
	{ NULL }
};

const struct ns_class ns_dev_sysdir_class = {
	.type = "sysdir",
	.attrs = sysdir_attrs,
	.summary = sysdir_summary,
};

static const struct ns_attr tree_attrs[] = {
	{ "name", NS_STRING, "devices", get_tree_name },
	{ "syspath", NS_STRING, "/sys/devices", get_tree_syspath },
	{ NULL }
};

const struct ns_class ns_dev_tree_class = {
	.type = "tree",
	.attrs = tree_attrs,
	.list = list_tree,
	.summary = tree_summary,
};
