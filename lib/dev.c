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
 */
#include <sys/types.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>

#include <dirent.h>
#include <err.h>
#include <errno.h>
#include <fcntl.h>
#include <libudev.h>
#include <libutil.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <linux/if.h>
#include <linux/rtnetlink.h>
#include <netlink/netlink.h>
#include <netlink/utils.h>
#include <netlink/route/link.h>

#include "provider.h"
#include "devparse.h"
#include "link.h"
#include "watch.h"

#define MAJOR_MAX	4095		/* the kernel's majors have 12 bits */
#define MINOR_MAX	1048575		/* and its minors 20 */
#define SCAN_DEPTH	8		/* how deep the /dev scan goes */
#define TREE_DEPTH	32		/* how deep the /sys/devices walk goes */
#define SYSDEVICES	"/sys/devices"	/* the kernel's device tree */

enum { KBLOCK, KCHAR, KNET };		/* obj->id[0] of a numbered root */

static const struct ns_class top_class, root_class, major_class;
static const struct ns_class blockdev_class, chardev_class, netif_class;
static const struct ns_class subsys_class, device_class;
static const struct ns_class tree_class, sysdir_class;

/* The numbered roots: block and char by major, net by ifindex. */
static const struct kind {
	const char		*name;	/* its component below /dev */
	char			 type;	/* udev's letter for it */
	const char		*sysdir;
	const char		*summary;
	const struct ns_class	*cls;	/* the class of its objects */
} kinds[] = {
	[KBLOCK] = { "block", 'b', "/sys/dev/block",
	    "block devices by major and minor", &blockdev_class },
	[KCHAR] = { "char", 'c', "/sys/dev/char",
	    "character devices by major and minor", &chardev_class },
	[KNET] = { "net", 'n', "/sys/class/net",
	    "network interfaces by ifindex", &netif_class },
};

/* What a device object hangs on priv. */
struct devpriv {
	struct udev_device	*ud;	/* NULL when sysfs does not know it */
};

/* What an interface hangs on priv. */
struct netpriv {
	struct link		*link;
	struct udev_device	*ud;	/* its sysfs device in this netns */
	int			 udtried;
};

/*
 * Per-run state.  One run sees one moment: the tables below are read the
 * first time they are needed and kept until the process exits.
 */
static struct udev *udev;

static struct major {
	char		 type;
	unsigned int	 major;
	char		*name;
} *majors;				/* /proc/devices */
static size_t nmajors;
static int majors_read;

static struct node {
	char		 type;
	dev_t		 rdev;
	int		 depth;
	char		*path;
} *nodes;				/* the device nodes under /dev */
static size_t nnodes;
static int nodes_read;

static struct devset {
	uint64_t	*v;		/* major << 32 | minor, sorted */
	size_t		 n;
	int		 read;
} devsets[2];				/* every known device, by kind */


static struct udev *
udev_ctx(void)
{
	if (udev == NULL && (udev = udev_new()) == NULL)
		err(1, "udev_new");
	return udev;
}

/* Whether a name could be one component of a path we look up in sysfs. */
static int
plain_name(const char *s)
{
	return s[0] != '\0' && s[0] != '.' && strchr(s, '/') == NULL;
}

static int
cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

static int
cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Sort and drop duplicates; the new count. */
static size_t
uniq_u64(uint64_t *v, size_t n)
{
	size_t i, j;

	if (n == 0)
		return 0;
	qsort(v, n, sizeof(*v), cmp_u64);
	for (i = 1, j = 1; i < n; i++)
		if (v[i] != v[j - 1])
			v[j++] = v[i];
	return j;
}

static void
push_u64(uint64_t **v, size_t *n, size_t *cap, uint64_t x)
{
	if (*n == *cap) {
		*cap = *cap ? *cap * 2 : 64;
		if ((*v = reallocarray(*v, *cap, sizeof(**v))) == NULL)
			err(1, NULL);
	}
	(*v)[(*n)++] = x;
}

static void
push_str(char ***v, size_t *n, size_t *cap, char *s)
{
	if (*n == *cap) {
		*cap = *cap ? *cap * 2 : 64;
		if ((*v = reallocarray(*v, *cap, sizeof(**v))) == NULL)
			err(1, NULL);
	}
	(*v)[(*n)++] = s;
}

/* Parse "MAJ:MIN" as the kernel writes it in sysfs. */
static int
parse_devnum(const char *s, unsigned int *maj, unsigned int *min)
{
	char buf[32], *colon;
	uint64_t a, b;

	if (strlcpy(buf, s, sizeof(buf)) >= sizeof(buf) ||
	    (colon = strchr(buf, ':')) == NULL)
		return -1;
	*colon = '\0';
	if (ns_parse_u64(buf, MAJOR_MAX, &a) == -1 ||
	    ns_parse_u64(colon + 1, MINOR_MAX, &b) == -1)
		return -1;
	*maj = a;
	*min = b;
	return 0;
}

int
dev_parse_devices_line(char *line, char *type, unsigned int *major,
    char **name)
{
	char *p, *sp;
	uint64_t v;

	if (strncmp(line, "Character", 9) == 0)
		*type = 'c';
	else if (strncmp(line, "Block", 5) == 0)
		*type = 'b';
	p = line + strspn(line, " ");
	if (*type == 0 || (sp = strchr(p, ' ')) == NULL)
		return 0;
	*sp = '\0';
	if (ns_parse_u64(p, MAJOR_MAX, &v) == -1)
		return 0;
	*major = v;
	*name = sp + 1;
	return 1;
}

/*
 * /proc/devices: which driver registered which major.  A major can carry
 * several names (4 is "/dev/vc/0", "tty" and "ttyS"), each for its own
 * range of minors that the file does not show.
 */
static void
majors_load(void)
{
	FILE *fp;
	char *line = NULL, *name;
	size_t cap = 0, alloc = 0;
	ssize_t len;
	unsigned int maj;
	char type = 0;

	if (majors_read)
		return;
	majors_read = 1;
	if ((fp = fopen("/proc/devices", "re")) == NULL)
		return;
	while ((len = getline(&line, &cap, fp)) != -1) {
		if (len > 0 && line[len - 1] == '\n')
			line[len - 1] = '\0';
		if (!dev_parse_devices_line(line, &type, &maj, &name))
			continue;
		if (nmajors == alloc) {
			alloc = alloc ? alloc * 2 : 64;
			majors = reallocarray(majors, alloc, sizeof(*majors));
			if (majors == NULL)
				err(1, NULL);
		}
		majors[nmajors].type = type;
		majors[nmajors].major = maj;
		if ((majors[nmajors].name = strdup(name)) == NULL)
			err(1, NULL);
		nmajors++;
	}
	free(line);
	fclose(fp);
}

static int
major_registered(char type, unsigned int maj)
{
	size_t i;

	majors_load();
	for (i = 0; i < nmajors; i++)
		if (majors[i].type == type && majors[i].major == maj)
			return 1;
	return 0;
}

/*
 * The driver of one device that has none bound: of the names its major
 * carries, the one registered for exactly its node ("/dev/console"), else
 * the longest that its name starts with ("ttyS" for ttyS0, "tty" for tty1),
 * else the first.
 */
static const char *
major_driver(char type, unsigned int maj, const char *name, const char *node)
{
	const char *first = NULL, *best = NULL;
	size_t i, len;

	majors_load();
	for (i = 0; i < nmajors; i++) {
		if (majors[i].type != type || majors[i].major != maj)
			continue;
		if (first == NULL)
			first = majors[i].name;
		if (node != NULL && strcmp(majors[i].name, node) == 0)
			return majors[i].name;
		len = strlen(majors[i].name);
		if (name != NULL && strncmp(name, majors[i].name, len) == 0 &&
		    (best == NULL || len > strlen(best)))
			best = majors[i].name;
	}
	return best != NULL ? best : first;
}

static int
cmp_node(const void *a, const void *b)
{
	const struct node *x = a, *y = b;

	if (x->type != y->type)
		return x->type < y->type ? -1 : 1;
	if (x->rdev != y->rdev)
		return x->rdev < y->rdev ? -1 : 1;
	if (x->depth != y->depth)
		return x->depth < y->depth ? -1 : 1;
	return strcmp(x->path, y->path);
}

static void
node_add(const char *path, const struct stat *st, int depth)
{
	static size_t alloc;

	if (nnodes == alloc) {
		alloc = alloc ? alloc * 2 : 256;
		nodes = reallocarray(nodes, alloc, sizeof(*nodes));
		if (nodes == NULL)
			err(1, NULL);
	}
	nodes[nnodes].type = S_ISBLK(st->st_mode) ? 'b' : 'c';
	nodes[nnodes].rdev = st->st_rdev;
	nodes[nnodes].depth = depth;
	if ((nodes[nnodes].path = strdup(path)) == NULL)
		err(1, NULL);
	nnodes++;
}

/*
 * One directory of the /dev scan.  Symbolic links are not followed: the
 * links udev makes (/dev/disk/by-id) would only name the same nodes again.
 */
static void
scan_dir(int dfd, const char *path, int depth)
{
	DIR *dir;
	struct dirent *de;
	struct stat st;
	char sub[PATH_MAX];
	int fd;

	if ((dir = fdopendir(dfd)) == NULL) {
		close(dfd);
		return;
	}
	while ((de = readdir(dir)) != NULL) {
		if (de->d_name[0] == '.' || de->d_type == DT_LNK ||
		    de->d_type == DT_REG || de->d_type == DT_FIFO ||
		    de->d_type == DT_SOCK)
			continue;
		if (snprintf(sub, sizeof(sub), "%s/%s", path, de->d_name) >=
		    (int)sizeof(sub))
			continue;
		if (fstatat(dirfd(dir), de->d_name, &st,
		    AT_SYMLINK_NOFOLLOW) == -1)
			continue;
		if (S_ISCHR(st.st_mode) || S_ISBLK(st.st_mode))
			node_add(sub, &st, depth);
		else if (S_ISDIR(st.st_mode) && depth < SCAN_DEPTH &&
		    (fd = openat(dirfd(dir), de->d_name, O_RDONLY |
		    O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)) != -1)
			scan_dir(fd, sub, depth + 1);
	}
	closedir(dir);
}

static void
nodes_load(void)
{
	int fd;

	if (nodes_read)
		return;
	nodes_read = 1;
	if ((fd = open("/dev", O_RDONLY | O_DIRECTORY | O_CLOEXEC)) == -1)
		return;
	scan_dir(fd, "/dev", 0);
	if (nnodes > 0)
		qsort(nodes, nnodes, sizeof(*nodes), cmp_node);
}

/* The node of a device number, the shallowest if there are several. */
static const char *
node_find(char type, dev_t rdev)
{
	size_t lo = 0, hi, mid;

	nodes_load();
	hi = nnodes;
	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (nodes[mid].type < type ||
		    (nodes[mid].type == type && nodes[mid].rdev < rdev))
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo < nnodes && nodes[lo].type == type && nodes[lo].rdev == rdev)
		return nodes[lo].path;
	return NULL;
}

/*
 * Every device of a kind: those sysfs knows, and those that only have a
 * node in /dev (pseudo-terminals have no sysfs entry).
 */
static struct devset *
devset_load(int kind)
{
	struct devset *ds = &devsets[kind];
	DIR *dir;
	struct dirent *de;
	unsigned int maj, min;
	size_t i, cap = 0;

	if (ds->read)
		return ds;
	ds->read = 1;
	if ((dir = opendir(kinds[kind].sysdir)) != NULL) {
		while ((de = readdir(dir)) != NULL)
			if (parse_devnum(de->d_name, &maj, &min) == 0)
				push_u64(&ds->v, &ds->n, &cap,
				    (uint64_t)maj << 32 | min);
		closedir(dir);
	}
	nodes_load();
	for (i = 0; i < nnodes; i++)
		if (nodes[i].type == kinds[kind].type)
			push_u64(&ds->v, &ds->n, &cap,
			    (uint64_t)major(nodes[i].rdev) << 32 |
			    minor(nodes[i].rdev));
	ds->n = uniq_u64(ds->v, ds->n);
	return ds;
}

/* The devices of one major: their first index in the set, and how many. */
static size_t
devset_range(struct devset *ds, unsigned int maj, size_t *first)
{
	size_t lo = 0, hi = ds->n, mid, n;
	uint64_t key = (uint64_t)maj << 32;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (ds->v[mid] < key)
			lo = mid + 1;
		else
			hi = mid;
	}
	*first = lo;
	for (n = 0; lo + n < ds->n && ds->v[lo + n] >> 32 == maj; n++)
		;
	return n;
}

static int
devnum_exists(int kind, unsigned int maj, unsigned int min)
{
	char path[64];

	snprintf(path, sizeof(path), "%s/%u:%u", kinds[kind].sysdir, maj, min);
	if (access(path, F_OK) == 0)
		return 1;
	return node_find(kinds[kind].type, makedev(maj, min)) != NULL;
}

static int
major_exists(int kind, unsigned int maj)
{
	size_t first;

	return major_registered(kinds[kind].type, maj) ||
	    devset_range(devset_load(kind), maj, &first) > 0;
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

	if ((link = link_get(ifindex, NULL)) == NULL)
		return 0;
	ok = name == NULL || ((s = link_str(link, IFLA_IFNAME)) != NULL &&
	    strcmp(s, name) == 0);
	link_put(link);
	return ok;
}

/* Make obj the interface, keeping the link the lookup brought. */
static int
set_netif(struct ns_obj *obj, struct link *link)
{
	struct netpriv *np;

	if (link == NULL) {
		errno = ENOENT;
		return -1;
	}
	if ((np = calloc(1, sizeof(*np))) == NULL)
		err(1, NULL);
	np->link = link;
	obj->id[0] = link_ifindex(link);
	ns_obj_set(obj, &netif_class, "/dev/net/%llu",
	    (unsigned long long)obj->id[0]);
	obj->priv = np;
	return 0;
}

/* An interface by its name, as "+net:eth0" gives it.  The kernel's names
 * are shorter than IFNAMSIZ; a longer one names nothing. */
static int
lookup_netname(struct ns_obj *obj, const char *name)
{
	if (*name == '\0' || strlen(name) >= IFNAMSIZ) {
		errno = ENOENT;
		return -1;
	}
	return set_netif(obj, link_get(0, name));
}

static int
sysattr_u64(struct udev_device *ud, const char *name, uint64_t *v)
{
	const char *s;

	if ((s = udev_device_get_sysattr_value(ud, name)) == NULL)
		return -1;
	if (ns_parse_u64(s, UINT64_MAX, v) == -1) {
		errno = ENOENT;
		return -1;
	}
	return 0;
}

/*
 * Where a sysfs path lies in the device tree: the part below /sys/devices
 * ("" for the tree itself), or NULL for a path outside it.
 */
static const char *
tree_rel(const char *syspath)
{
	size_t len = sizeof(SYSDEVICES) - 1;

	if (strncmp(syspath, SYSDEVICES, len) != 0)
		return NULL;
	if (syspath[len] == '\0')
		return syspath + len;
	return syspath[len] == '/' ? syspath + len + 1 : NULL;
}

/*
 * The canonical path of a sysfs device, and its class; NULL with ENOENT
 * for a device the namespace cannot name: an interface of another network
 * namespace.  A device of no subsystem (such as /sys/devices/pci0000:00)
 * is named by its place in the tree.  Otherwise the last component is the
 * kernel's name, with the '!' that udev's sysname turns into '/'.
 */
static const struct ns_class *
canon(struct udev_device *ud, char *buf, size_t size, uint64_t id[3])
{
	const char *sub, *syspath, *base, *rel;
	dev_t devnum;
	uint64_t ifindex;
	int kind;

	errno = ENOENT;
	if ((sub = udev_device_get_subsystem(ud)) == NULL) {
		rel = tree_rel(udev_device_get_syspath(ud));
		if (rel == NULL || *rel == '\0' ||
		    snprintf(buf, size, "/dev/devices/%s", rel) >= (int)size)
			return NULL;
		return &device_class;
	}
	if (strcmp(sub, "net") == 0) {
		if (sysattr_u64(ud, "ifindex", &ifindex) == -1 ||
		    ifindex == 0 || ifindex > INT_MAX ||
		    !net_exists(ifindex, udev_device_get_sysname(ud))) {
			errno = ENOENT;
			return NULL;
		}
		snprintf(buf, size, "/dev/net/%llu",
		    (unsigned long long)ifindex);
		id[0] = ifindex;
		return &netif_class;
	}
	if ((devnum = udev_device_get_devnum(ud)) != 0) {
		kind = strcmp(sub, "block") == 0 ? KBLOCK : KCHAR;
		snprintf(buf, size, "/dev/%s/%u/%u", kinds[kind].name,
		    major(devnum), minor(devnum));
		id[0] = kind;
		id[1] = major(devnum);
		id[2] = minor(devnum);
		return kinds[kind].cls;
	}
	syspath = udev_device_get_syspath(ud);
	base = strrchr(syspath, '/');
	if (snprintf(buf, size, "/dev/%s/%s", sub, base + 1) >= (int)size)
		return NULL;
	return &device_class;
}

/*
 * Fill obj with the object a sysfs device is; the device is taken over
 * (kept on priv when the object is a device, dropped otherwise).
 */
static int
set_from_udev(struct ns_obj *obj, struct udev_device *ud)
{
	const struct ns_class *cls;
	struct devpriv *dp;
	char path[PATH_MAX];
	uint64_t id[3] = { 0, 0, 0 };

	if ((cls = canon(ud, path, sizeof(path), id)) == NULL) {
		udev_device_unref(ud);
		errno = ENOENT;
		return -1;
	}
	ns_obj_set(obj, cls, "%s", path);
	memcpy(obj->id, id, sizeof(id));
	if (cls == &netif_class) {
		udev_device_unref(ud);
		return 0;
	}
	if ((dp = calloc(1, sizeof(*dp))) == NULL)
		err(1, NULL);
	dp->ud = ud;
	obj->priv = dp;
	return 0;
}

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
	if (obj->cls == &device_class &&
	    strncmp(obj->path, "/dev/devices/", 13) == 0) {
		/* The path is /dev/devices/DEVPATH. */
		if (snprintf(syspath, sizeof(syspath), "%s/%s", SYSDEVICES,
		    obj->path + 13) < (int)sizeof(syspath))
			dp->ud = udev_device_new_from_syspath(udev_ctx(),
			    syspath);
	} else if (obj->cls == &device_class) {
		/* The path is /dev/SUBSYSTEM/SYSNAME. */
		name = strchr(obj->path + 5, '/');
		len = name != NULL ? (size_t)(name - (obj->path + 5)) : 0;
		if (name != NULL && len < sizeof(sub)) {
			memcpy(sub, obj->path + 5, len);
			sub[len] = '\0';
			dp->ud = udev_device_new_from_subsystem_sysname(
			    udev_ctx(), sub, name + 1);
		}
	} else
		dp->ud = udev_device_new_from_devnum(udev_ctx(),
		    kinds[obj->id[0]].type, makedev(obj->id[1], obj->id[2]));
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
		node = node_find(kinds[obj->id[0]].type,
		    makedev(obj->id[1], obj->id[2]));
	if (node == NULL)
		errno = ENOENT;
	return node;
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
		drv = major_driver(kinds[obj->id[0]].type, obj->id[1],
		    dev_name(obj), dev_node(obj));
	if (drv == NULL)
		errno = ENOENT;
	return drv;
}

static int
add_str(struct ns_val *val, const char *s)
{
	if (s == NULL) {
		if (errno == 0)
			errno = ENOENT;
		return -1;
	}
	ns_val_add(val, s);
	return 0;
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
	ns_val_addf(val, "%c%llu:%llu", kinds[obj->id[0]].type,
	    (unsigned long long)obj->id[1], (unsigned long long)obj->id[2]);
	return 0;
}

static int
get_major(struct ns_obj *obj, struct ns_val *val)
{
	ns_val_num(val, obj->id[1]);
	return 0;
}

static int
get_minor(struct ns_obj *obj, struct ns_val *val)
{
	ns_val_num(val, obj->id[2]);
	return 0;
}

/* Sysfs gives a block device's size in 512-byte sectors, whatever the
 * device's own sector size. */
static int
block_size(struct ns_obj *obj, uint64_t *bytes)
{
	struct udev_device *ud = dev_udev(obj);
	uint64_t sectors;

	if (ud == NULL || sysattr_u64(ud, "size", &sectors) == -1)
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

	if (ud == NULL || sysattr_u64(ud, "ro", &v) == -1)
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
	if (sysattr_u64(ud, "removable", &v) == -1) {
		disk = udev_device_get_parent_with_subsystem_devtype(ud,
		    "block", "disk");
		if (disk == NULL || sysattr_u64(disk, "removable", &v) == -1)
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
static int
add_dir_parent(struct ns_val *val, const char *syspath)
{
	const char *rel, *slash;

	if ((rel = tree_rel(syspath)) == NULL || *rel == '\0') {
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
static int
add_parent(struct ns_val *val, struct udev_device *ud)
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
		if (canon(p, path, sizeof(path), id) != NULL) {
			ns_val_add(val, path);
			return 0;
		}
		top = p;
	}
	return add_dir_parent(val, udev_device_get_syspath(top));
}

static int
get_parent(struct ns_obj *obj, struct ns_val *val)
{
	return add_parent(val, dev_udev(obj));
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
		    parse_devnum(num, &maj, &min) == -1)
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
static int
add_words(struct ns_val *val, const char *const *w, size_t n)
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
	return add_words(val, w, 4);
}

static void
dev_release(struct ns_obj *obj)
{
	struct devpriv *dp = obj->priv;

	if (dp == NULL)
		return;
	if (dp->ud != NULL)
		udev_device_unref(dp->ud);
	free(dp);
	obj->priv = NULL;
}

/*
 * Interfaces.
 */
static struct netpriv *
net_load(struct ns_obj *obj)
{
	struct netpriv *np;

	if (obj->priv != NULL)
		return obj->priv;
	if ((np = calloc(1, sizeof(*np))) == NULL)
		err(1, NULL);
	np->link = link_get(obj->id[0], NULL);
	obj->priv = np;
	return np;
}

static struct link *
net_get(struct ns_obj *obj)
{
	struct link *link = net_load(obj)->link;

	if (link == NULL)
		errno = ENOENT;
	return link;
}

/*
 * The interface's sysfs device.  Sysfs shows the interfaces of the network
 * namespace that mounted it, so the device named like ours counts only if
 * its ifindex is ours too.
 */
static struct udev_device *
net_udev(struct ns_obj *obj)
{
	struct netpriv *np = net_load(obj);
	const char *name;
	uint64_t ifindex;

	if (!np->udtried && np->link != NULL) {
		np->udtried = 1;
		name = link_str(np->link, IFLA_IFNAME);
		np->ud = name == NULL ? NULL :
		    udev_device_new_from_subsystem_sysname(udev_ctx(), "net",
		    name);
		if (np->ud != NULL &&
		    (sysattr_u64(np->ud, "ifindex", &ifindex) == -1 ||
		    ifindex != obj->id[0])) {
			udev_device_unref(np->ud);
			np->ud = NULL;
		}
	}
	if (np->ud == NULL)
		errno = ENOENT;
	return np->ud;
}

static int
get_net_name(struct ns_obj *obj, struct ns_val *val)
{
	struct link *link = net_get(obj);

	return add_str(val, link ? link_str(link, IFLA_IFNAME) : NULL);
}

static int
get_ifindex(struct ns_obj *obj, struct ns_val *val)
{
	ns_val_num(val, obj->id[0]);
	return 0;
}

/* "n2", as udev names an interface. */
static int
get_net_dev(struct ns_obj *obj, struct ns_val *val)
{
	ns_val_addf(val, "n%llu", (unsigned long long)obj->id[0]);
	return 0;
}

/* Every interface is of the net class, whether sysfs shows it or not. */
static int
get_net_subsystem(struct ns_obj *obj, struct ns_val *val)
{
	(void)obj;
	ns_val_add(val, "net");
	return 0;
}

/*
 * The numbers of a link message, and its statistics as ip -s link counts
 * them, named as sysfs names them under statistics/.  Each list gives the
 * getters, one shared helper each, and the attribute entries.
 */
#define NET_NUMBERS(X)							\
	X(mtu, add_u32, IFLA_MTU,				\
	    "the interface's maximum transmission unit")		\
	X(txqlen, add_u32, IFLA_TXQLEN,			\
	    "the interface's transmit queue length")			\
	X(ifgroup, add_u32, IFLA_GROUP,			\
	    "the interface group, 0 for the default one")		\
	X(promiscuity, add_u32, IFLA_PROMISCUITY,		\
	    "how many users put the interface in promiscuous mode")	\
	X(numtxqueues, add_u32, IFLA_NUM_TX_QUEUES,		\
	    "the number of transmit queues")				\
	X(numrxqueues, add_u32, IFLA_NUM_RX_QUEUES,		\
	    "the number of receive queues")

#define NET_STATS(X)							\
	X(rx_bytes, add_stat, STAT(rx_bytes), "bytes received")	\
	X(rx_packets, add_stat, STAT(rx_packets),			\
	    "packets received")						\
	X(rx_errors, add_stat, STAT(rx_errors), "receive errors")	\
	X(rx_dropped, add_stat, STAT(rx_dropped),			\
	    "received packets dropped")					\
	X(rx_missed_errors, add_stat, STAT(rx_missed_errors),		\
	    "packets the receiver missed")				\
	X(multicast, add_stat, STAT(multicast),			\
	    "multicast packets received")				\
	X(tx_bytes, add_stat, STAT(tx_bytes), "bytes sent")	\
	X(tx_packets, add_stat, STAT(tx_packets), "packets sent")	\
	X(tx_errors, add_stat, STAT(tx_errors), "transmit errors")	\
	X(tx_dropped, add_stat, STAT(tx_dropped),			\
	    "packets dropped on transmit")				\
	X(tx_carrier_errors, add_stat, STAT(tx_carrier_errors),	\
	    "transmit errors for lack of carrier")			\
	X(collisions, add_stat, STAT(collisions),			\
	    "collisions on transmit")

#define STAT(f)	offsetof(struct rtnl_link_stats64, f)

#define NET_GETTER(attr, add, arg, help)				\
static int								\
get_##attr(struct ns_obj *obj, struct ns_val *val)			\
{									\
	return add(obj, val, arg);					\
}

#define NET_ATTR(attr, add, arg, help)					\
	{ #attr, NS_NUMBER, help, get_##attr },

static int
add_u32(struct ns_obj *obj, struct ns_val *val, int type)
{
	struct link *link = net_get(obj);
	uint32_t n;

	if (link == NULL || link_u32(link, type, &n) == -1)
		return -1;
	ns_val_num(val, n);
	return 0;
}

static int
add_stat(struct ns_obj *obj, struct ns_val *val, size_t off)
{
	struct link *link = net_get(obj);
	uint64_t n;

	if (link == NULL || link_stat(link, off, &n) == -1)
		return -1;
	ns_val_num(val, n);
	return 0;
}

NET_NUMBERS(NET_GETTER)
NET_STATS(NET_GETTER)

/* A string the kernel gave, or none when it gave none or an empty one
 * (an interface without an alias). */
static int
add_linkstr(struct ns_val *val, const char *s)
{
	if (s == NULL || *s == '\0') {
		errno = ENOENT;
		return -1;
	}
	ns_val_add(val, s);
	return 0;
}

static int
get_address(struct ns_obj *obj, struct ns_val *val)
{
	struct link *link = net_get(obj);
	char buf[128];

	return add_linkstr(val, link ? link_lladdr(link, IFLA_ADDRESS, buf,
	    sizeof(buf)) : NULL);
}

static int
get_broadcast(struct ns_obj *obj, struct ns_val *val)
{
	struct link *link = net_get(obj);
	char buf[128];

	return add_linkstr(val, link ? link_lladdr(link, IFLA_BROADCAST, buf,
	    sizeof(buf)) : NULL);
}

/* The hardware type as ip(8) prints it after "link/": ether, loopback,
 * none (a tun device). */
static int
get_linktype(struct ns_obj *obj, struct ns_val *val)
{
	struct link *link = net_get(obj);
	char buf[32];

	return add_linkstr(val, link ? nl_llproto2str(link_arptype(link), buf,
	    sizeof(buf)) : NULL);
}

static int
get_qdisc(struct ns_obj *obj, struct ns_val *val)
{
	struct link *link = net_get(obj);

	return add_linkstr(val, link ? link_str(link, IFLA_QDISC) : NULL);
}

static int
get_ifalias(struct ns_obj *obj, struct ns_val *val)
{
	struct link *link = net_get(obj);

	return add_linkstr(val, link ? link_str(link, IFLA_IFALIAS) : NULL);
}

/* "default", or "dormant" where a supplicant holds the link down. */
static int
get_linkmode(struct ns_obj *obj, struct ns_val *val)
{
	struct link *link = net_get(obj);
	char buf[32];
	uint8_t mode;

	if (link == NULL || link_u8(link, IFLA_LINKMODE, &mode) == -1)
		return -1;
	return add_linkstr(val, rtnl_link_mode2str(mode, buf, sizeof(buf)));
}

static int
get_carrier(struct ns_obj *obj, struct ns_val *val)
{
	struct link *link = net_get(obj);
	uint8_t carrier;

	if (link == NULL || link_u8(link, IFLA_CARRIER, &carrier) == -1)
		return -1;
	ns_val_num(val, carrier != 0);
	return 0;
}

static int
get_carrier_changes(struct ns_obj *obj, struct ns_val *val)
{
	struct link *link = net_get(obj);
	uint32_t n;

	if (link == NULL || link_u32(link, IFLA_CARRIER_CHANGES, &n) == -1)
		return -1;
	ns_val_num(val, n);
	return 0;
}

static const char *
net_operstate(struct link *link, char *buf, size_t size)
{
	uint8_t state;

	if (link_u8(link, IFLA_OPERSTATE, &state) == -1)
		return NULL;
	return rtnl_link_operstate2str(state, buf, size);
}

static int
get_operstate(struct ns_obj *obj, struct ns_val *val)
{
	struct link *link = net_get(obj);
	char buf[32];

	return add_str(val, link ? net_operstate(link, buf, sizeof(buf)) :
	    NULL);
}

static int
get_kind(struct ns_obj *obj, struct ns_val *val)
{
	struct link *link = net_get(obj);

	return add_str(val, link ? link_kind(link) : NULL);
}

/* The interface flags by the names ip(8) gives them, in bit order. */
static const struct {
	unsigned int	 bit;
	const char	*name;
} ifflags[] = {
	{ IFF_UP,		"UP" },
	{ IFF_BROADCAST,	"BROADCAST" },
	{ IFF_DEBUG,		"DEBUG" },
	{ IFF_LOOPBACK,		"LOOPBACK" },
	{ IFF_POINTOPOINT,	"POINTOPOINT" },
	{ IFF_NOTRAILERS,	"NOTRAILERS" },
	{ IFF_RUNNING,		"RUNNING" },
	{ IFF_NOARP,		"NOARP" },
	{ IFF_PROMISC,		"PROMISC" },
	{ IFF_ALLMULTI,		"ALLMULTI" },
	{ IFF_MASTER,		"MASTER" },
	{ IFF_SLAVE,		"SLAVE" },
	{ IFF_MULTICAST,	"MULTICAST" },
	{ IFF_PORTSEL,		"PORTSEL" },
	{ IFF_AUTOMEDIA,	"AUTOMEDIA" },
	{ IFF_DYNAMIC,		"DYNAMIC" },
	{ IFF_LOWER_UP,		"LOWER_UP" },
	{ IFF_DORMANT,		"DORMANT" },
	{ IFF_ECHO,		"ECHO" },
};

static int
get_flags(struct ns_obj *obj, struct ns_val *val)
{
	struct link *link = net_get(obj);
	unsigned int flags;
	char buf[256];
	size_t i;

	if (link == NULL)
		return -1;
	flags = link_flags(link);
	buf[0] = '\0';
	for (i = 0; i < sizeof(ifflags) / sizeof(ifflags[0]); i++) {
		if ((flags & ifflags[i].bit) == 0)
			continue;
		if (buf[0] != '\0')
			strlcat(buf, ",", sizeof(buf));
		strlcat(buf, ifflags[i].name, sizeof(buf));
	}
	ns_val_add(val, buf);
	return 0;
}

static int
add_ifindex(struct ns_val *val, int ifindex)
{
	if (ifindex <= 0) {
		errno = ENOENT;
		return -1;
	}
	ns_val_addf(val, "/dev/net/%d", ifindex);
	return 0;
}

static int
get_master(struct ns_obj *obj, struct ns_val *val)
{
	struct link *link = net_get(obj);
	uint32_t master;

	if (link == NULL || link_u32(link, IFLA_MASTER, &master) == -1)
		return -1;
	return add_ifindex(val, (int)master);
}

/* The lower interface (a VLAN's, a veth's peer); none when it lives in
 * another network namespace, where its ifindex names something else. */
static int
get_link(struct ns_obj *obj, struct ns_val *val)
{
	struct link *link = net_get(obj);
	uint32_t lower;
	int32_t nsid;

	if (link == NULL)
		return -1;
	if (link_s32(link, IFLA_LINK_NETNSID, &nsid) == 0 ||
	    link_u32(link, IFLA_LINK, &lower) == -1) {
		errno = ENOENT;
		return -1;
	}
	return add_ifindex(val, (int)lower);
}

/* The id, in this netns, of the netns the lower interface lives in when
 * that is another one: a veth's peer moved away. */
static int
get_link_netnsid(struct ns_obj *obj, struct ns_val *val)
{
	struct link *link = net_get(obj);
	int32_t nsid;

	if (link == NULL)
		return -1;
	if (link_s32(link, IFLA_LINK_NETNSID, &nsid) == -1 || nsid < 0) {
		errno = ENOENT;
		return -1;
	}
	ns_val_num(val, nsid);
	return 0;
}

static int
get_net_parent(struct ns_obj *obj, struct ns_val *val)
{
	return add_parent(val, net_udev(obj));
}

static int
get_net_syspath(struct ns_obj *obj, struct ns_val *val)
{
	struct udev_device *ud = net_udev(obj);

	return add_str(val, ud ? udev_device_get_syspath(ud) : NULL);
}

/* "eth0 up 52:54:00:12:34:56 mtu 1500". */
static int
net_summary(struct ns_obj *obj, struct ns_val *val)
{
	struct link *link = net_get(obj);
	char state[32], addr[128], mtu[32];
	const char *w[5];
	uint32_t n;

	if (link == NULL)
		return -1;
	mtu[0] = '\0';
	if (link_u32(link, IFLA_MTU, &n) == 0)
		snprintf(mtu, sizeof(mtu), "%u", n);
	w[0] = link_str(link, IFLA_IFNAME);
	w[1] = net_operstate(link, state, sizeof(state));
	w[2] = link_lladdr(link, IFLA_ADDRESS, addr, sizeof(addr));
	w[3] = mtu[0] != '\0' ? "mtu" : NULL;
	w[4] = mtu;
	return add_words(val, w, 5);
}

static void
net_release(struct ns_obj *obj)
{
	struct netpriv *np = obj->priv;

	if (np == NULL)
		return;
	if (np->link != NULL)
		link_put(np->link);
	if (np->ud != NULL)
		udev_device_unref(np->ud);
	free(np);
	obj->priv = NULL;
}

/*
 * Majors.
 */
static int
get_major_driver(struct ns_obj *obj, struct ns_val *val)
{
	char buf[512];
	size_t i;

	majors_load();
	buf[0] = '\0';
	for (i = 0; i < nmajors; i++) {
		if (majors[i].type != kinds[obj->id[0]].type ||
		    majors[i].major != obj->id[1])
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
	ns_val_num(val, obj->id[1]);
	return 0;
}

static int
get_major_devices(struct ns_obj *obj, struct ns_val *val)
{
	size_t first;

	ns_val_num(val, devset_range(devset_load(obj->id[0]), obj->id[1],
	    &first));
	return 0;
}

/* "virtblk 1 device". */
static int
major_summary(struct ns_obj *obj, struct ns_val *val)
{
	struct ns_val drv = { 0 };
	size_t first, n;

	n = devset_range(devset_load(obj->id[0]), obj->id[1], &first);
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
	struct devset *ds = devset_load(obj->id[0]);
	size_t first, n, i;
	unsigned int min;

	n = devset_range(ds, obj->id[1], &first);
	for (i = first; i < first + n; i++) {
		struct ns_obj c = { 0 };

		min = ds->v[i] & 0xffffffff;
		ns_obj_set(&c, kinds[obj->id[0]].cls, "/dev/%s/%llu/%u",
		    kinds[obj->id[0]].name, (unsigned long long)obj->id[1],
		    min);
		c.id[0] = obj->id[0];
		c.id[1] = obj->id[1];
		c.id[2] = min;
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
	struct devset *ds = devset_load(kind);
	uint64_t *v = NULL;
	size_t n = 0, cap = 0, i;

	majors_load();
	for (i = 0; i < nmajors; i++)
		if (majors[i].type == kinds[kind].type)
			push_u64(&v, &n, &cap, majors[i].major);
	for (i = 0; i < ds->n; i++)
		push_u64(&v, &n, &cap, ds->v[i] >> 32);
	n = uniq_u64(v, n);
	for (i = 0; i < n; i++) {
		struct ns_obj c = { 0 };

		ns_obj_set(&c, &major_class, "/dev/%s/%llu", kinds[kind].name,
		    (unsigned long long)v[i]);
		c.id[0] = kind;
		c.id[1] = v[i];
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

struct emit_arg {
	ns_emit_fn	 emit;
	void		*arg;
};

static int
emit_link(struct link *link, void *arg)
{
	struct emit_arg *ea = arg;
	struct ns_obj c = { 0 };
	struct netpriv *np;
	int stop;

	if ((np = calloc(1, sizeof(*np))) == NULL)
		err(1, NULL);
	np->link = link_ref(link);
	ns_obj_set(&c, &netif_class, "/dev/net/%d", link_ifindex(link));
	c.id[0] = (uint64_t)link_ifindex(link);
	c.priv = np;
	stop = ea->emit(&c, ea->arg);
	ns_obj_clear(&c);
	return stop;
}

static int
list_links(ns_emit_fn emit, void *arg)
{
	struct emit_arg ea = { emit, arg };

	return link_each(emit_link, &ea);
}

static int
list_root(struct ns_obj *obj, ns_emit_fn emit, void *arg)
{
	if (obj->id[0] == KNET)
		return list_links(emit, arg);
	return list_majors(obj->id[0], emit, arg);
}

static int
get_root_name(struct ns_obj *obj, struct ns_val *val)
{
	ns_val_add(val, kinds[obj->id[0]].name);
	return 0;
}

static int
root_summary(struct ns_obj *obj, struct ns_val *val)
{
	ns_val_add(val, kinds[obj->id[0]].summary);
	return 0;
}

/*
 * Subsystems: every bus and class of sysfs.
 */
static const char *
subsys_name(const struct ns_obj *obj)
{
	return obj->path + 5;
}

static int
subsys_exists(const char *name)
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

	if ((e = udev_enumerate_new(udev_ctx())) == NULL)
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
	struct udev_device *ud;
	int stop = 0;

	if ((e = subsys_scan(subsys_name(obj))) == NULL)
		return 0;
	udev_list_entry_foreach(le, udev_enumerate_get_list_entry(e)) {
		struct ns_obj c = { 0 };

		ud = udev_device_new_from_syspath(udev_ctx(),
		    udev_list_entry_get_name(le));
		if (ud == NULL || set_from_udev(&c, ud) == -1)
			continue;
		stop = emit(&c, arg);
		ns_obj_clear(&c);
		if (stop)
			break;
	}
	udev_enumerate_unref(e);
	return stop;
}

static int
get_subsys_name(struct ns_obj *obj, struct ns_val *val)
{
	ns_val_add(val, subsys_name(obj));
	return 0;
}

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
static int
lookup_tree(struct ns_obj *obj, char **comp, int n)
{
	char syspath[PATH_MAX];
	struct udev_device *ud;
	struct stat st;
	int i;

	if (n == 0) {
		ns_obj_set(obj, &tree_class, "/dev/devices");
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
	if (has_uevent(syspath)) {
		if ((ud = udev_device_new_from_syspath(udev_ctx(), syspath)) ==
		    NULL)
			goto none;
		return set_from_udev(obj, ud);
	}
	if (!is_grouping(syspath))
		goto none;
	ns_obj_set(obj, &sysdir_class, "/dev%s", syspath + 4);
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
			if ((p = strdup(sub)) == NULL)
				err(1, NULL);
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

	(void)obj;
	if ((fd = open(SYSDEVICES, O_RDONLY | O_DIRECTORY | O_CLOEXEC)) == -1)
		return 0;
	walk_tree(fd, "", 1, 0, &v, &n, &cap);
	if (n > 0)
		qsort(v, n, sizeof(*v), cmp_str);
	for (i = 0; i < n; i++) {
		struct ns_obj c = { 0 };

		snprintf(syspath, sizeof(syspath), "%s/%s", SYSDEVICES, v[i]);
		if (!stop) {
			ns_obj_set(&c, has_uevent(syspath) ? &device_class :
			    &sysdir_class, "/dev/devices/%s", v[i]);
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

static int
get_sysdir_name(struct ns_obj *obj, struct ns_val *val)
{
	ns_val_add(val, sysdir_name(obj));
	return 0;
}

static int
get_sysdir_parent(struct ns_obj *obj, struct ns_val *val)
{
	char syspath[PATH_MAX];

	snprintf(syspath, sizeof(syspath), "/sys%s", obj->path + 4);
	return add_dir_parent(val, syspath);
}

static int
get_sysdir_syspath(struct ns_obj *obj, struct ns_val *val)
{
	ns_val_addf(val, "/sys%s", obj->path + 4);
	return 0;
}

/* "net, a directory of the device tree". */
static int
sysdir_summary(struct ns_obj *obj, struct ns_val *val)
{
	ns_val_addf(val, "%s, a directory of the device tree",
	    sysdir_name(obj));
	return 0;
}

static int
get_tree_name(struct ns_obj *obj, struct ns_val *val)
{
	(void)obj;
	ns_val_add(val, "devices");
	return 0;
}

static int
get_tree_syspath(struct ns_obj *obj, struct ns_val *val)
{
	(void)obj;
	ns_val_add(val, SYSDEVICES);
	return 0;
}

static int
tree_summary(struct ns_obj *obj, struct ns_val *val)
{
	(void)obj;
	ns_val_add(val, "the device tree: devices of no subsystem, "
	    "directories of devices");
	return 0;
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

	for (i = 0; i < sizeof(kinds) / sizeof(kinds[0]); i++)
		if (strcmp(name, kinds[i].name) == 0)
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
		ns_obj_set(&c, &subsys_class, "/dev/%s", v[i]);
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
	for (i = 0; i < sizeof(kinds) / sizeof(kinds[0]) && !stop; i++) {
		ns_obj_set(&c, &root_class, "/dev/%s", kinds[i].name);
		c.id[0] = i;
		stop = emit(&c, arg);
		ns_obj_clear(&c);
	}
	if (!stop) {
		ns_obj_set(&c, &tree_class, "/dev/devices");
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
		ns_obj_set(obj, &root_class, "/dev/%s", kinds[kind].name);
		obj->id[0] = kind;
		return 0;
	}
	if (kind == KNET) {
		if (n != 2 || ns_parse_u64(comp[1], INT_MAX, &maj) == -1 ||
		    maj == 0)
			goto none;
		return set_netif(obj, link_get(maj, NULL));
	}
	if (n > 3 || ns_parse_u64(comp[1], MAJOR_MAX, &maj) == -1)
		goto none;
	if (n == 2) {
		if (!major_exists(kind, maj))
			goto none;
		ns_obj_set(obj, &major_class, "/dev/%s/%llu", kinds[kind].name,
		    (unsigned long long)maj);
	} else {
		if (ns_parse_u64(comp[2], MINOR_MAX, &min) == -1 ||
		    !devnum_exists(kind, maj, min))
			goto none;
		ns_obj_set(obj, kinds[kind].cls, "/dev/%s/%llu/%llu",
		    kinds[kind].name, (unsigned long long)maj,
		    (unsigned long long)min);
		obj->id[2] = min;
	}
	obj->id[0] = kind;
	obj->id[1] = maj;
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
	    (ud = udev_device_new_from_subsystem_sysname(udev_ctx(), sub,
	    name)) == NULL) {
		errno = ENOENT;
		return -1;
	}
	return set_from_udev(obj, ud);
}

static int
dev_lookup(struct ns_obj *obj, char **comp, int n)
{
	size_t i;

	if (n == 0) {
		ns_obj_set(obj, &top_class, "/dev");
		return 0;
	}
	for (i = 0; i < sizeof(kinds) / sizeof(kinds[0]); i++)
		if (strcmp(comp[0], kinds[i].name) == 0)
			return lookup_numbered(obj, i, comp, n);
	/* No subsystem is called "devices": the kernel's tree has it. */
	if (strcmp(comp[0], "devices") == 0)
		return lookup_tree(obj, comp + 1, n - 1);
	/* Anything else is a subsystem or not ours: /dev/vda and
	 * /dev/disk/by-id/... fall back to the real files. */
	if (n > 2 || !subsys_exists(comp[0])) {
		errno = ENOENT;
		return -1;
	}
	if (n == 1) {
		ns_obj_set(obj, &subsys_class, "/dev/%s", comp[0]);
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
		ns_obj_set(obj, kinds[kind].cls, "/dev/%s/%u/%u",
		    kinds[kind].name, major(st->st_rdev), minor(st->st_rdev));
		obj->id[0] = kind;
		obj->id[1] = major(st->st_rdev);
		obj->id[2] = minor(st->st_rdev);
		return 1;
	}
	if (!S_ISDIR(st->st_mode) || strncmp(path, "/sys/devices/", 13) != 0)
		return 0;
	if (snprintf(uevent, sizeof(uevent), "%s/uevent", path) >=
	    (int)sizeof(uevent) || access(uevent, F_OK) == -1)
		return 0;
	if ((ud = udev_device_new_from_syspath(udev_ctx(), path)) == NULL)
		return 0;
	return set_from_udev(obj, ud) == 0;
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
		if (parse_devnum(s + 1, &maj, &min) == -1 ||
		    !devnum_exists(kind, maj, min))
			return 0;
		ns_obj_set(obj, kinds[kind].cls, "/dev/%s/%u/%u",
		    kinds[kind].name, maj, min);
		obj->id[0] = kind;
		obj->id[1] = maj;
		obj->id[2] = min;
		return 1;
	case 'n':
		if (ns_parse_u64(s + 1, INT_MAX, &ifindex) == -1 ||
		    ifindex == 0)
			return 0;
		return set_netif(obj, link_get(ifindex, NULL)) == 0;
	case '+':
		/* Netlink, not sysfs, knows the names of this netns. */
		if (strncmp(s, "+net:", 5) == 0)
			return lookup_netname(obj, s + 5) == 0;
		if (strchr(s, ':') == NULL || (ud =
		    udev_device_new_from_device_id(udev_ctx(), s)) == NULL)
			return 0;
		return set_from_udev(obj, ud) == 0;
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
	{ "major", NS_NUMBER, "the major number", get_major }, \
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

static const struct ns_class device_class = {
	.type = "device",
	.attrs = device_attrs,
	.summary = dev_summary,
	.release = dev_release,
};

static const struct ns_attr netif_attrs[] = {
	{ "name", NS_STRING, "the interface name", get_net_name },
	{ "ifindex", NS_NUMBER, "the interface index", get_ifindex },
	{ "subsystem", NS_STRING, "net", get_net_subsystem },
	{ "dev", NS_STRING, "udev's id of the interface: n2", get_net_dev },
	{ "kind", NS_STRING, "the interface type: veth, bridge, dummy...",
	    get_kind },
	{ "flags", NS_STRING, "the interface flags: UP,BROADCAST...",
	    get_flags },
	{ "operstate", NS_STRING,
	    "the interface's operational state: up, down, unknown...",
	    get_operstate },
	{ "carrier", NS_NUMBER, "1 if the interface has a carrier, else 0",
	    get_carrier },
	{ "carrier_changes", NS_NUMBER,
	    "how many times the carrier came or went", get_carrier_changes },
	{ "linkmode", NS_STRING, "the link mode: default or dormant",
	    get_linkmode },
	{ "address", NS_STRING, "the interface's link-layer address",
	    get_address },
	{ "broadcast", NS_STRING,
	    "the broadcast address (link-layer for an interface)",
	    get_broadcast },
	{ "linktype", NS_STRING,
	    "the link-layer type: ether, loopback, none...", get_linktype },
	{ "qdisc", NS_STRING, "the interface's root queueing discipline",
	    get_qdisc },
	NET_NUMBERS(NET_ATTR)
	{ "ifalias", NS_STRING, "the interface's alias, a free text",
	    get_ifalias },
	{ "master", NS_LINK, "the interface this one is enslaved to",
	    get_master },
	{ "link", NS_LINK,
	    "the interface's lower interface in this network namespace",
	    get_link },
	{ "link_netnsid", NS_NUMBER,
	    "the netns id of the lower interface's other network namespace",
	    get_link_netnsid },
	{ "parent", NS_LINK, "the device behind the interface",
	    get_net_parent },
	{ "syspath", NS_STRING, "the interface's directory in sysfs",
	    get_net_syspath },
	NET_STATS(NET_ATTR)
	{ NULL }
};

static const struct ns_class netif_class = {
	.type = "netif",
	.attrs = netif_attrs,
	.summary = net_summary,
	.release = net_release,
};

static const struct ns_attr major_attrs[] = {
	{ "name", NS_STRING, "the major number", get_major_name },
	{ "driver", NS_STRING,
	    "the names the major is registered under in /proc/devices",
	    get_major_driver },
	{ "major", NS_NUMBER, "the major number", get_major },
	{ "devices", NS_NUMBER, "how many devices (minors) the major has",
	    get_major_devices },
	{ NULL }
};

static const struct ns_class major_class = {
	.type = "major",
	.attrs = major_attrs,
	.list = list_minors,
	.summary = major_summary,
};

static const struct ns_attr subsys_attrs[] = {
	{ "name", NS_STRING, "the subsystem name", get_subsys_name },
	{ NULL }
};

static const struct ns_class subsys_class = {
	.type = "subsystem",
	.attrs = subsys_attrs,
	.list = list_subsys,
	.summary = subsys_summary,
};

static const struct ns_attr node_attrs[] = {
	{ NULL }
};

static const struct ns_attr root_attrs[] = {
	{ "name", NS_STRING, "block, char or net", get_root_name },
	{ NULL }
};

static const struct ns_class root_class = {
	.type = "devdir",
	.attrs = root_attrs,
	.list = list_root,
	.summary = root_summary,
};

static const struct ns_attr sysdir_attrs[] = {
	{ "name", NS_STRING, "the directory's name", get_sysdir_name },
	{ "parent", NS_LINK, "the directory above it in the device tree",
	    get_sysdir_parent },
	{ "syspath", NS_STRING, "the directory in sysfs", get_sysdir_syspath },
	{ NULL }
};

static const struct ns_class sysdir_class = {
	.type = "sysdir",
	.attrs = sysdir_attrs,
	.summary = sysdir_summary,
};

static const struct ns_attr tree_attrs[] = {
	{ "name", NS_STRING, "devices", get_tree_name },
	{ "syspath", NS_STRING, "/sys/devices", get_tree_syspath },
	{ NULL }
};

static const struct ns_class tree_class = {
	.type = "tree",
	.attrs = tree_attrs,
	.list = list_tree,
	.summary = tree_summary,
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

	if ((en = udev_enumerate_new(udev_ctx())) == NULL ||
	    udev_enumerate_scan_devices(en) < 0)
		return;
	udev_list_entry_foreach(le, udev_enumerate_get_list_entry(en)) {
		ud = udev_device_new_from_syspath(udev_ctx(),
		    udev_list_entry_get_name(le));
		if (ud == NULL)
			continue;
		if (uevent_named(ud) &&
		    canon(ud, path, sizeof(path), id) != NULL)
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
		    canon(ud, path, sizeof(path), id) != NULL) {
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

	if ((mon = udev_monitor_new_from_netlink(udev_ctx(), "kernel"))
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
	&blockdev_class, &chardev_class, &device_class, &netif_class,
	&major_class, &subsys_class, &root_class, &sysdir_class, &tree_class,
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
