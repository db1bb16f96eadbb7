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
 * This file holds the top node, the provider's operations and nswatch's
 * uevents (its interfaces are watch-net.c's); devcommon.h says what the
 * others hold.
 */
#include <sys/types.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>

#include <dirent.h>
#include <err.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lazy.h"
#include "provider.h"
#include "devcommon.h"
#include "link.h"
#include "watch.h"

static const struct ns_class top_class;

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
		s = ns_xstrdup(de->d_name);
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
	ns_free_strings(v, n);
	return stop;
}

/* The numbered roots, the device tree, then every subsystem. */
static int
list_top(struct ns_obj *obj, ns_emit_fn emit, void *arg)
{
	struct ns_obj c = { 0 };
	size_t i;
	int stop = 0;

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
		return ns_dev_set_netif(obj, ns_link_get(maj, NULL));
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
		ns_obj_set(obj, ns_dev_kind_class(kind), "/dev/%s/%llu/%llu",
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
	char syspath[PATH_MAX];

	if (!plain_name(name)) {
		errno = ENOENT;
		return -1;
	}
	if (ns_dev_member_syspath(sub, name, syspath, sizeof(syspath)) == 0)
		return ns_dev_set_from_syspath(obj, syspath);
	/* The subsystems sysfs keeps elsewhere (module, drivers...), as
	 * udev knows them. */
	if ((ud = udev_device_new_from_subsystem_sysname(ns_dev_udev(), sub,
	    name)) == NULL) {
		if (!ns_fail_limit(name, errno))
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
	if (n > 2 || !ns_dev_subsys_exists(comp[0]))
		return ns_none();
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
	char uevent[PATH_MAX];
	int kind;

	if (S_ISBLK(st->st_mode) || S_ISCHR(st->st_mode)) {
		kind = S_ISBLK(st->st_mode) ? KBLOCK : KCHAR;
		ns_obj_set(obj, ns_dev_kind_class(kind), "/dev/%s/%u/%u",
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
	return ns_dev_set_from_syspath(obj, path) == 0;
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
		ns_obj_set(obj, ns_dev_kind_class(kind), "/dev/%s/%u/%u",
		    ns_dev_kinds[kind].name, maj, min);
		dev_set_id(obj, kind, maj, min);
		return 1;
	case 'n':
		if (ns_parse_u64(s + 1, INT_MAX, &ifindex) == -1 ||
		    ifindex == 0)
			return 0;
		return ns_dev_set_netif(obj, ns_link_get(ifindex, NULL)) == 0;
	case '+':
		/* Netlink, not sysfs, knows the names of this netns. */
		if (strncmp(s, "+net:", 5) == 0)
			return ns_dev_lookup_netname(obj, s + 5) == 0;
		if (strchr(s, ':') == NULL)
			return 0;
		/* A limit met is said, and is no "not ours". */
		if ((ud = udev_device_new_from_device_id(ns_dev_udev(),
		    s)) == NULL)
			return ns_fail_limit(s, errno) ? -1 : 0;
		return ns_dev_set_from_udev(obj, ud) == 0;
	}
	return 0;
}

static const struct ns_class top_class = {
	.type = "devices",
	.attrs = ns_no_attrs,
	.list = list_top,
	.summary = top_summary,
};

/*
 * nswatch: devices from the kernel's uevents, read through libudev's
 * monitor on the "kernel" source, which needs no udev daemon.  The
 * interfaces are rtnetlink's (watch-net.c), which also tells what a
 * uevent does not (a link going up, an address or name changed), so the
 * uevents of interfaces are passed over.  A uevent's path is made as a
 * listing makes it, from the device it describes, even one already
 * gone.
 */
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
		if (ud == NULL) {
			ns_fail_limit(udev_list_entry_get_name(le), errno);
			continue;
		}
		if (uevent_named(ud) &&
		    ns_dev_canon(ud, path, sizeof(path), id) != -1)
			emit(path, arg);
		udev_device_unref(ud);
	}
	udev_enumerate_unref(en);
}

static const struct ns_tree device_tree = {
	"/dev", 0, NULL, NULL, list_devices, "name,subsystem", 0
};

/* A device that comes or goes says what it is, as its uevent does. */
static void
uevent_note(struct ns_source *src, const char *action, const char *path,
    struct udev_device *ud)
{
	static const char *const names[] = { "name", "subsystem" };
	const char *vals[2];
	int whole = strcmp(action, "add") == 0 ||
	    strcmp(action, "remove") == 0;

	if ((vals[0] = udev_device_get_sysname(ud)) == NULL)
		vals[0] = "";
	if ((vals[1] = udev_device_get_subsystem(ud)) == NULL)
		vals[1] = "";
	ns_source_note(src, action, path, names, vals, whole ? 2 : 0);
}

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
		    ns_dev_canon(ud, path, sizeof(path), id) != -1) {
			/* bind and unbind are a driver coming and going: a
			 * change of the device's driver attribute. */
			if (strcmp(action, "bind") == 0 ||
			    strcmp(action, "unbind") == 0)
				action = "change";
			uevent_note(src, action, path, ud);
		}
		udev_device_unref(ud);
	}
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
	if (ns_watch_wants(w, "/dev"))
		watch_uevents(w);
}

NS_PROVIDER(ns_dev_provider,
	.name = "dev",
	.help = "devices: block and char by number, interfaces, subsystems",
	.lookup = dev_lookup,
	.recognize = dev_recognize,
	.ident = dev_ident,
	.classes = NS_CLASSES(&ns_dev_blockdev_class, &ns_dev_chardev_class,
	    &ns_dev_device_class, &ns_dev_netif_class, &ns_dev_major_class,
	    &ns_dev_subsys_class, &ns_dev_root_class, &ns_dev_sysdir_class,
	    &ns_dev_tree_class, &top_class),
	.watch = dev_watch);
