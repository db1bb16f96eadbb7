/*
 * devload.c: what the /dev provider reads once a run.
 *
 * One run sees one moment: the drivers of majors (/proc/devices), the
 * device nodes sysfs does not know (a scan of /dev), and every device
 * number of a kind (sysfs's /sys/dev) are read the first time they are
 * needed and kept until the process exits.  This file names no class:
 * the files above make objects of what it reads.
 */
#include <sys/types.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>

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
#include "devparse.h"

#define SCAN_DEPTH	8		/* how deep the /dev scan goes */

/*
 * The numbered kinds: their component below /dev, udev's letter, where
 * sysfs lists their devices, and the summary of their root.
 */
const struct kind ns_dev_kinds[KNET + 1] = {
	[KBLOCK] = { "block", 'b', "/sys/dev/block",
	    "block devices by major and minor" },
	[KCHAR] = { "char", 'c', "/sys/dev/char",
	    "character devices by major and minor" },
	[KNET] = { "net", 'n', "/sys/class/net",
	    "network interfaces by ifindex" },
};

/*
 * Per-run state.  One run sees one moment: the tables below are read the
 * first time they are needed and kept until the process exits.
 */
static struct udev *udev;

static struct devmajor *majors;	/* /proc/devices */
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

static struct devset devsets[2];	/* every known device, by kind */

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
ns_dev_parse_devices_line(char *line, char *type, unsigned int *major,
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
		if (!ns_dev_parse_devices_line(line, &type, &maj, &name))
			continue;
		if (nmajors == alloc) {
			alloc = alloc ? alloc * 2 : 64;
			majors = reallocarray(majors, alloc, sizeof(*majors));
			if (majors == NULL)
				err(1, NULL);
		}
		majors[nmajors].type = type;
		majors[nmajors].major = maj;
		majors[nmajors].name = ns_xstrdup(name);
		nmajors++;
	}
	free(line);
	fclose(fp);
}

/* The majors of /proc/devices, read on first use. */
const struct devmajor *
ns_dev_majors(size_t *n)
{
	majors_load();
	*n = nmajors;
	return majors;
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
	nodes[nnodes].path = ns_xstrdup(path);
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
 * Every device of a kind: those sysfs knows, and for character devices
 * those that only have a node in /dev (pseudo-terminals have no sysfs
 * entry).  Every block device the kernel has is a disk or a partition
 * of one, which sysfs always lists: a block node with no entry there
 * names nothing, and /dev is not read for them.
 */
struct devset *
ns_dev_devset_load(int kind)
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
	if (ns_dev_kinds[kind].type == 'c') {
		nodes_load();
		for (i = 0; i < nnodes; i++)
			if (nodes[i].type == 'c')
				push_u64(&ds->v, &ds->n, &cap,
				    (uint64_t)major(nodes[i].rdev) << 32 |
				    minor(nodes[i].rdev));
	}
	ds->n = uniq_u64(ds->v, ds->n);
	return ds;
}

/* The devices of one major: their first index in the set, and how many. */
size_t
ns_dev_devset_range(struct devset *ds, unsigned int maj, size_t *first)
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
	    ns_dev_devset_range(ns_dev_devset_load(kind), maj, &first) > 0;
}

int
ns_dev_sysattr_u64(struct udev_device *ud, const char *name, uint64_t *v)
{
	const char *s;

	if ((s = udev_device_get_sysattr_value(ud, name)) == NULL)
		return -1;
	if (ns_parse_u64(s, UINT64_MAX, v) == -1)
		return ns_none();
	return 0;
}
