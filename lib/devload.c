/*
 * devload.c: what the /dev provider reads once a run, and the nodes of
 * numbers built on it.
 *
 * One run sees one moment: the drivers of majors (/proc/devices), the
 * device nodes sysfs does not know (a scan of /dev), and every device
 * number of a kind (sysfs's /sys/dev) are read the first time they are
 * needed and kept until the process exits.  From them and from libudev
 * come the objects: a device's canonical path, the majors of
 * /dev/block and /dev/char, and the numbered roots themselves.
 */
#include <sys/types.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>

#include <dirent.h>
#include <err.h>
#include <errno.h>
#include <fcntl.h>
#include <libudev.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <linux/if.h>

#include "provider.h"
#include "dev.h"
#include "devparse.h"
#include "link.h"

#define SCAN_DEPTH	8		/* how deep the /dev scan goes */

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

struct udev *
ns_dev_udev(void)
{
	if (udev == NULL && (udev = udev_new()) == NULL)
		err(1, "udev_new");
	return udev;
}

/* Parse "MAJ:MIN" as the kernel writes it in sysfs. */
int
ns_dev_parse_devnum(const char *s, unsigned int *maj, unsigned int *min)
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
const char *
ns_dev_major_driver(char type, unsigned int maj, const char *name,
    const char *node)
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
const char *
ns_dev_node_find(char type, dev_t rdev)
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
	if ((dir = opendir(ns_dev_kinds[kind].sysdir)) != NULL) {
		while ((de = readdir(dir)) != NULL)
			if (ns_dev_parse_devnum(de->d_name, &maj, &min) == 0)
				push_u64(&ds->v, &ds->n, &cap,
				    (uint64_t)maj << 32 | min);
		closedir(dir);
	}
	nodes_load();
	for (i = 0; i < nnodes; i++)
		if (nodes[i].type == ns_dev_kinds[kind].type)
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

int
ns_dev_devnum_exists(int kind, unsigned int maj, unsigned int min)
{
	char path[64];

	snprintf(path, sizeof(path), "%s/%u:%u", ns_dev_kinds[kind].sysdir,
	    maj, min);
	if (access(path, F_OK) == 0)
		return 1;
	return ns_dev_node_find(ns_dev_kinds[kind].type,
	    makedev(maj, min)) != NULL;
}

int
ns_dev_major_exists(int kind, unsigned int maj)
{
	size_t first;

	return major_registered(ns_dev_kinds[kind].type, maj) ||
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
int
ns_dev_set_netif(struct ns_obj *obj, struct link *link)
{
	struct netpriv *np;

	if (link == NULL) {
		errno = ENOENT;
		return -1;
	}
	if ((np = calloc(1, sizeof(*np))) == NULL)
		err(1, NULL);
	np->link = link;
	net_set_ifindex(obj, link_ifindex(link));
	ns_obj_set(obj, &ns_dev_netif_class, "/dev/net/%llu",
	    (unsigned long long)net_ifindex(obj));
	obj->priv = np;
	return 0;
}

/* An interface by its name, as "+net:eth0" gives it.  The kernel's names
 * are shorter than IFNAMSIZ; a longer one names nothing. */
int
ns_dev_lookup_netname(struct ns_obj *obj, const char *name)
{
	if (*name == '\0' || strlen(name) >= IFNAMSIZ) {
		errno = ENOENT;
		return -1;
	}
	return ns_dev_set_netif(obj, link_get(0, name));
}

int
ns_dev_sysattr_u64(struct udev_device *ud, const char *name, uint64_t *v)
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
 * The canonical path of a sysfs device, and its class; NULL with ENOENT
 * for a device the namespace cannot name: an interface of another network
 * namespace.  A device of no subsystem (such as /sys/devices/pci0000:00)
 * is named by its place in the tree.  Otherwise the last component is the
 * kernel's name, with the '!' that udev's sysname turns into '/'.
 */
const struct ns_class *
ns_dev_canon(struct udev_device *ud, char *buf, size_t size,
    uint64_t id[3])
{
	const char *sub, *syspath, *base, *rel;
	dev_t devnum;
	uint64_t ifindex;
	int kind;

	errno = ENOENT;
	if ((sub = udev_device_get_subsystem(ud)) == NULL) {
		rel = ns_dev_tree_rel(udev_device_get_syspath(ud));
		if (rel == NULL || *rel == '\0' ||
		    snprintf(buf, size, "/dev/devices/%s", rel) >= (int)size)
			return NULL;
		return &ns_dev_device_class;
	}
	if (strcmp(sub, "net") == 0) {
		if (ns_dev_sysattr_u64(ud, "ifindex", &ifindex) == -1 ||
		    ifindex == 0 || ifindex > INT_MAX ||
		    !net_exists(ifindex, udev_device_get_sysname(ud))) {
			errno = ENOENT;
			return NULL;
		}
		snprintf(buf, size, "/dev/net/%llu",
		    (unsigned long long)ifindex);
		id[0] = ifindex;
		return &ns_dev_netif_class;
	}
	if ((devnum = udev_device_get_devnum(ud)) != 0) {
		kind = strcmp(sub, "block") == 0 ? KBLOCK : KCHAR;
		snprintf(buf, size, "/dev/%s/%u/%u", ns_dev_kinds[kind].name,
		    major(devnum), minor(devnum));
		id[0] = kind;
		id[1] = major(devnum);
		id[2] = minor(devnum);
		return ns_dev_kinds[kind].cls;
	}
	syspath = udev_device_get_syspath(ud);
	base = strrchr(syspath, '/');
	if (snprintf(buf, size, "/dev/%s/%s", sub, base + 1) >= (int)size)
		return NULL;
	return &ns_dev_device_class;
}

/*
 * Fill obj with the object a sysfs device is; the device is taken over
 * (kept on priv when the object is a device, dropped otherwise).
 */
int
ns_dev_set_from_udev(struct ns_obj *obj, struct udev_device *ud)
{
	const struct ns_class *cls;
	struct devpriv *dp;
	char path[PATH_MAX];
	uint64_t id[3] = { 0, 0, 0 };

	if ((cls = ns_dev_canon(ud, path, sizeof(path), id)) == NULL) {
		udev_device_unref(ud);
		errno = ENOENT;
		return -1;
	}
	ns_obj_set(obj, cls, "%s", path);
	memcpy(obj->id, id, sizeof(id));
	if (cls == &ns_dev_netif_class) {
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

	ns_val_num(val, devset_range(devset_load(dev_kindno(obj)),
	    dev_major(obj), &first));
	return 0;
}

/* "virtblk 1 device". */
static int
major_summary(struct ns_obj *obj, struct ns_val *val)
{
	struct ns_val drv = { 0 };
	size_t first, n;

	n = devset_range(devset_load(dev_kindno(obj)), dev_major(obj), &first);
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
	struct devset *ds = devset_load(dev_kindno(obj));
	size_t first, n, i;
	unsigned int min;

	n = devset_range(ds, dev_major(obj), &first);
	for (i = first; i < first + n; i++) {
		struct ns_obj c = { 0 };

		min = ds->v[i] & 0xffffffff;
		ns_obj_set(&c, dev_kind(obj)->cls, "/dev/%s/%llu/%u",
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
	struct devset *ds = devset_load(kind);
	uint64_t *v = NULL;
	size_t n = 0, cap = 0, i;

	majors_load();
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
	ns_obj_set(&c, &ns_dev_netif_class, "/dev/net/%d", link_ifindex(link));
	net_set_ifindex(&c, (uint64_t)link_ifindex(link));
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
	if (dev_kindno(obj) == KNET)
		return list_links(emit, arg);
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
