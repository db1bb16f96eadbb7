/*
 * devcommon.h: what the files of the /dev provider share.
 *
 * They stand in layers, each calling only those below it:
 *
 *	dev.c		the top node and the provider's operations
 *	subsys.c	the subsystems and the kernel's device tree
 *	devclass.c	devices, majors and the numbered roots: their
 *			classes, and the objects made of udev devices
 *	devnet.c	the interfaces
 *	devname.c	the path that names a udev device, and the parent
 *			links made of it
 *	devvol.c	the file system on a block device (libblkid) and
 *			its mounts (through the core, from /mount)
 *	devload.c	the tables read once a run (udev, /proc/devices,
 *			the /dev scan, the devices of each kind)
 *
 * The kinds' table lives at the bottom, where devname.c reads it, so it
 * names no class: the interfaces' class links to parents through
 * devname.c, and a table below it cannot point up at it.
 * ns_dev_kind_class() (devclass.c) gives a kind's class.
 */
#ifndef NS_DEVCOMMON_H
#define NS_DEVCOMMON_H

#include <sys/types.h>

#include <err.h>
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "lazy.h"
#include "provider.h"

#define MAJOR_MAX	4095		/* the kernel's majors have 12 bits */
#define MINOR_MAX	1048575		/* and its minors 20 */
#define SYSDEVICES	"/sys/devices"	/* the kernel's device tree */

/* obj->id[0] of a numbered root; ns_dev_canon() also answers KDEVICE, a
 * device of no number, named by its subsystem or its place in the tree. */
enum { KBLOCK, KCHAR, KNET, KDEVICE };

/* The numbered roots: block and char by major, net by ifindex. */
struct kind {
	const char		*name;	/* its component below /dev */
	char			 type;	/* udev's letter for it */
	const char		*sysdir;
	const char		*summary;
};
extern const struct kind ns_dev_kinds[KNET + 1];	/* devload.c */

/*
 * The identity of an object of /dev (ns_obj.id[]): a numbered device, a
 * major or a numbered root has its kind (KBLOCK...), its major and its
 * minor; an interface its ifindex.  Other objects go by their path.
 */
NS_OBJ_SLOT_GET(0, int, dev_kindno)

static inline const struct kind *
dev_kind(const struct ns_obj *o)
{
	return &ns_dev_kinds[o->id[0]];
}

NS_OBJ_ID_GET(1, dev_major)
NS_OBJ_ID_GET(2, dev_minor)

static inline void
dev_set_id(struct ns_obj *o, int kind, uint64_t maj, uint64_t min)
{
	o->id[0] = kind;
	o->id[1] = maj;
	o->id[2] = min;
}

NS_OBJ_ID(0, net_ifindex, net_set_ifindex)

/* What a device object hangs on priv. */
struct devvol;
struct devsys;
struct devpriv {
	struct udev_device	*ud;	/* NULL when sysfs does not know it */
	int			 udtried;
	int			 uderr;	/* errno when ud is NULL */
	struct devsys		*sys;	/* a numbered device's sysfs record */
	struct devvol		*vol;	/* libblkid's findings, once probed */
};

/* What an interface hangs on priv. */
struct link;
struct netpriv {
	struct link		*link;
	char			*syspath; /* its sysfs device in this netns */
	int			 systried;
};

extern const struct ns_class ns_dev_device_class, ns_dev_blockdev_class,
    ns_dev_chardev_class, ns_dev_major_class,
    ns_dev_root_class;					/* devclass.c */
extern const struct ns_class ns_dev_netif_class;	/* devnet.c */
extern const struct ns_class ns_dev_subsys_class, ns_dev_sysdir_class,
    ns_dev_tree_class;					/* subsys.c */

/* Whether a name could be one component of a path we look up in sysfs. */
static inline int
plain_name(const char *s)
{
	return s[0] != '\0' && s[0] != '.' && strchr(s, '/') == NULL;
}

static inline int
cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

static inline int
cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Sort and drop duplicates; the new count. */
static inline size_t
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

static inline void
push_u64(uint64_t **v, size_t *n, size_t *cap, uint64_t x)
{
	if (*n == *cap) {
		*cap = *cap ? *cap * 2 : 64;
		if ((*v = reallocarray(*v, *cap, sizeof(**v))) == NULL)
			err(1, NULL);
	}
	(*v)[(*n)++] = x;
}

static inline void
push_str(char ***v, size_t *n, size_t *cap, char *s)
{
	if (*n == *cap) {
		*cap = *cap ? *cap * 2 : 64;
		if ((*v = reallocarray(*v, *cap, sizeof(**v))) == NULL)
			err(1, NULL);
	}
	(*v)[(*n)++] = s;
}

/* Add s as the value; -1 with errno (ENOENT if none was set) if NULL. */
static inline int
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

/* Join the words that exist with single blanks. */
static inline int
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

/* The majors /proc/devices lists, and which driver registered each. */
struct devmajor {
	char		 type;
	unsigned int	 major;
	char		*name;
};

/* Every known device of a kind. */
struct devset {
	uint64_t	*v;		/* major << 32 | minor, sorted */
	size_t		 n;
	int		 read;
};

/* devload.c: the tables read once a run. */
struct udev	*ns_dev_udev(void);
/* Parse "MAJ:MIN" as the kernel writes it in sysfs. */
int		 ns_dev_parse_devnum(const char *, unsigned int *maj,
		    unsigned int *min);
/* The majors of /proc/devices, read on first use; n is their count. */
const struct devmajor *ns_dev_majors(size_t *n);
/* The driver of a numbered device by its major, from /proc/devices. */
const char	*ns_dev_major_driver(char type, unsigned int maj,
		    const char *name, const char *node);
/* The node under /dev of a device number, the shallowest; or NULL. */
const char	*ns_dev_node_find(char type, dev_t rdev);
/* Every device of a kind (sysfs's and the /dev scan's), and those of
 * one major: their first index in the set, and how many. */
struct devset	*ns_dev_devset_load(int kind);
size_t		 ns_dev_devset_range(struct devset *, unsigned int maj,
		    size_t *first);
int		 ns_dev_devnum_exists(int kind, unsigned int maj,
		    unsigned int min);
int		 ns_dev_major_exists(int kind, unsigned int maj);
int		 ns_dev_sysattr_u64(struct udev_device *, const char *name,
		    uint64_t *);

/* devname.c: the paths that name udev devices. */
/* A directory of /sys/devices as its path below it; NULL if outside. */
const char	*ns_dev_tree_rel(const char *syspath);
/* The canonical path and identity of a udev device, and the kind of
 * object it names (KDEVICE for one of no number); -1 if none. */
int		 ns_dev_canon(struct udev_device *, char *buf, size_t size,
		    uint64_t id[3]);
int		 ns_dev_add_dir_parent(struct ns_val *, const char *syspath);
int		 ns_dev_canon_dir(const char *syspath, char *buf, size_t size,
		    uint64_t id[3]);
int		 ns_dev_member_syspath(const char *sub, const char *name,
		    char *buf, size_t size);
int		 ns_dev_class_syspath(const char *sub, const char *name,
		    char *buf, size_t size);
int		 ns_dev_add_parent(struct ns_val *, struct udev_device *);
int		 ns_dev_add_syspath_parent(struct ns_val *, const char *syspath);

/* devvol.c: what libblkid finds on the block device at node, for the
 * object at path (counted as not readable if the node is not ours to
 * read); never NULL. */
struct devvol	*ns_dev_vol_probe(const char *node, const char *path);
void		 ns_dev_vol_free(struct devvol *);
/* One of its values, or -1 with errno: the probe's error, or ENOENT. */
enum { VOL_TYPE, VOL_LABEL, VOL_UUID };
int		 ns_dev_vol_add(struct ns_val *, const struct devvol *,
		    int which);
/* The mounts of the block device MAJ:MIN, as /mount/ID links, or with
 * targets their mount points; -1 with ENOENT if none. */
int		 ns_dev_add_mounts(struct ns_val *, uint64_t maj, uint64_t min,
		    int targets);

/* devnet.c: interfaces. */
/* Make obj the interface, keeping the link the lookup brought. */
int		 ns_dev_set_netif(struct ns_obj *, struct link *);
/* An interface by its name, as "+net:eth0" gives it. */
int		 ns_dev_lookup_netname(struct ns_obj *, const char *name);
/* Emit every interface of the caller's network namespace. */
int		 ns_dev_list_links(ns_emit_fn, void *);

/* devclass.c: devices, majors and roots. */
/* The class of the objects of a kind (KBLOCK... KDEVICE). */
const struct ns_class *ns_dev_kind_class(int kind);
/* Make obj the device udev gave, which it takes over. */
int		 ns_dev_set_from_udev(struct ns_obj *, struct udev_device *);
int		 ns_dev_set_from_syspath(struct ns_obj *, const char *syspath);
int		 ns_dev_get_major(struct ns_obj *, struct ns_val *);

/* subsys.c */
int		 ns_dev_subsys_exists(const char *name);
/* The object at comp[0..n-1] below /dev/devices. */
int		 ns_dev_lookup_tree(struct ns_obj *, char **comp, int n);

#endif
