/*
 * mount.c: the caller's mount table under /mount, one object per mount,
 * named by its mount id.
 *
 * The table is /proc/self/mountinfo as libmount parses it, read once per
 * run: every mount of one run is seen at the same moment.  A real mount
 * point given by the user is a /fs object; its "mount" attribute leads
 * here, so this provider recognises no real file of its own.
 */

#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/types.h>

#include <err.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "lazy.h"
#include "provider.h"
#include "watch.h"

static struct libmnt_table *table;

/* ns_obj.id[0]: a mount's id, as mountinfo gives it. */
static inline uint64_t
mount_id(const struct ns_obj *o)
{
	return o->id[0];
}

static inline void
set_mount_id(struct ns_obj *o, uint64_t id)
{
	o->id[0] = id;
}

/* The mount table, parsed on first use and kept for the run. */
static struct libmnt_table *
mount_table(void)
{
	if (table != NULL)
		return table;
	errno = 0;
	table = mnt_new_table_from_file("/proc/self/mountinfo");
	if (table == NULL && errno == 0)
		errno = EIO;
	return table;
}

static struct libmnt_fs *
find_id(uint64_t id)
{
	struct libmnt_table *tb;
	struct libmnt_iter *it;
	struct libmnt_fs *fs, *found = NULL;

	if ((tb = mount_table()) == NULL)
		return NULL;
	if ((it = mnt_new_iter(MNT_ITER_FORWARD)) == NULL)
		return NULL;
	while (mnt_table_next_fs(tb, it, &fs) == 0)
		if ((uint64_t)mnt_fs_get_id(fs) == id) {
			found = fs;
			break;
		}
	mnt_free_iter(it);
	if (found == NULL)
		errno = ENOENT;
	return found;
}

/*
 * The entry behind an object.  priv borrows it from the table, which
 * outlives every object: releasing an object only forgets it.
 */
static struct libmnt_fs *
entry(struct ns_obj *obj)
{
	if (obj->priv == NULL)
		obj->priv = find_id(mount_id(obj));
	return obj->priv;
}

static void
mount_release(struct ns_obj *obj)
{
	obj->priv = NULL;
}

static const char *
or_none(const char *s)
{
	return s != NULL && *s != '\0' ? s : "none";
}

/* A string attribute of the entry; "does not apply" when it is empty. */
static int
add_string(struct ns_val *v, const char *s)
{
	if (s == NULL || *s == '\0') {
		errno = ENOENT;
		return -1;
	}
	ns_val_add(v, s);
	return 0;
}

static int
get_id(struct ns_obj *obj, struct ns_val *v)
{
	ns_val_num(v, (unsigned long long)mount_id(obj));
	return 0;
}

static int
get_target(struct ns_obj *obj, struct ns_val *v)
{
	struct libmnt_fs *fs;
	const char *t;

	if ((fs = entry(obj)) == NULL)
		return -1;
	if ((t = mnt_fs_get_target(fs)) == NULL || *t != '/') {
		errno = ENOENT;
		return -1;
	}
	ns_val_fs(v, t);
	return 0;
}

static int
get_fstype(struct ns_obj *obj, struct ns_val *v)
{
	struct libmnt_fs *fs;

	if ((fs = entry(obj)) == NULL)
		return -1;
	return add_string(v, mnt_fs_get_fstype(fs));
}

/*
 * A mount whose device number is a block device the kernel knows (it has
 * /sys/dev/block/MAJ:MIN) links to that device.  Anything else, "tmpfs"
 * or "proc", names no object, and a link must (rule 8): the source is
 * then absent, and spec has mountinfo's text for every mount.  A device
 * number alone does not tell: every pseudo file system has one, with
 * major 0.
 */
static int
get_source(struct ns_obj *obj, struct ns_val *v)
{
	struct libmnt_fs *fs;
	char sys[64];
	dev_t dev;

	if ((fs = entry(obj)) == NULL)
		return -1;
	dev = mnt_fs_get_devno(fs);
	snprintf(sys, sizeof(sys), "/sys/dev/block/%u:%u", major(dev),
	    minor(dev));
	if (major(dev) == 0 || access(sys, F_OK) != 0) {
		errno = ENOENT;
		return -1;
	}
	ns_val_addf(v, "/dev/block/%u/%u", major(dev), minor(dev));
	return 0;
}

static int
get_spec(struct ns_obj *obj, struct ns_val *v)
{
	struct libmnt_fs *fs;

	if ((fs = entry(obj)) == NULL)
		return -1;
	return add_string(v, mnt_fs_get_source(fs));
}

static int
get_options(struct ns_obj *obj, struct ns_val *v)
{
	struct libmnt_fs *fs;

	if ((fs = entry(obj)) == NULL)
		return -1;
	return add_string(v, mnt_fs_get_vfs_options(fs));
}

static int
get_fsoptions(struct ns_obj *obj, struct ns_val *v)
{
	struct libmnt_fs *fs;

	if ((fs = entry(obj)) == NULL)
		return -1;
	return add_string(v, mnt_fs_get_fs_options(fs));
}

static int
get_fsroot(struct ns_obj *obj, struct ns_val *v)
{
	struct libmnt_fs *fs;

	if ((fs = entry(obj)) == NULL)
		return -1;
	return add_string(v, mnt_fs_get_root(fs));
}

/*
 * The mount this one sits on.  The root mount names a parent outside the
 * caller's view (or itself), which is no object here.
 */
static int
get_parent(struct ns_obj *obj, struct ns_val *v)
{
	struct libmnt_fs *fs;
	int parent;

	if ((fs = entry(obj)) == NULL)
		return -1;
	parent = mnt_fs_get_parent_id(fs);
	if (parent < 0 || (uint64_t)parent == mount_id(obj) ||
	    find_id(parent) == NULL) {
		errno = ENOENT;
		return -1;
	}
	ns_val_addf(v, "/mount/%d", parent);
	return 0;
}

/*
 * The peer groups from mountinfo's optional fields ("shared:1",
 * "master:2"), joined by commas as the options are, or "private" when
 * there are none.
 */
static int
get_propagation(struct ns_obj *obj, struct ns_val *v)
{
	struct libmnt_fs *fs;
	const char *opt;
	char buf[256];
	size_t i;

	if ((fs = entry(obj)) == NULL)
		return -1;
	opt = mnt_fs_get_optional_fields(fs);
	if (opt == NULL || *opt == '\0') {
		ns_val_add(v, "private");
		return 0;
	}
	strlcpy(buf, opt, sizeof(buf));
	for (i = 0; buf[i] != '\0'; i++)
		if (buf[i] == ' ')
			buf[i] = ',';
	ns_val_add(v, buf);
	return 0;
}

static int
get_dev(struct ns_obj *obj, struct ns_val *v)
{
	struct libmnt_fs *fs;
	dev_t dev;

	if ((fs = entry(obj)) == NULL)
		return -1;
	dev = mnt_fs_get_devno(fs);
	ns_val_addf(v, "%u:%u", major(dev), minor(dev));
	return 0;
}

/* "/boot ext4 /dev/vda1 rw,relatime", as findmnt prints a mount. */
static int
mount_summary(struct ns_obj *obj, struct ns_val *v)
{
	struct libmnt_fs *fs;

	if ((fs = entry(obj)) == NULL)
		return -1;
	ns_val_addf(v, "%s %s %s %s", or_none(mnt_fs_get_target(fs)),
	    or_none(mnt_fs_get_fstype(fs)), or_none(mnt_fs_get_source(fs)),
	    or_none(mnt_fs_get_vfs_options(fs)));
	return 0;
}

static const struct ns_attr mount_attrs[] = {
	{ "id", NS_NUMBER, "mount id", get_id },
	{ "target", NS_LINK, "mount point", get_target },
	{ "fstype", NS_STRING, "file system type", get_fstype },
	{ "source", NS_LINK, "block device mounted, if it is one",
	    get_source },
	{ "spec", NS_STRING, "the source as mountinfo gives it", get_spec },
	{ "options", NS_STRING, "mount options (per mount point)",
	    get_options },
	{ "fsoptions", NS_STRING, "file system options (per superblock)",
	    get_fsoptions },
	{ "fsroot", NS_STRING, "directory of the file system mounted there",
	    get_fsroot },
	{ "parent", NS_LINK, "mount this one is mounted on", get_parent },
	{ "propagation", NS_STRING, "peer groups, or private",
	    get_propagation },
	{ "dev", NS_STRING, "device number of the file system, MAJ:MIN",
	    get_dev },
	{ NULL }
};

static const struct ns_class mount_class = {
	"mount", mount_attrs, NULL, mount_summary, mount_release
};

/* The top node lists every mount in mountinfo's order. */
static int
table_list(struct ns_obj *obj, ns_emit_fn emit, void *arg)
{
	struct ns_obj c = {0};
	struct libmnt_table *tb;
	struct libmnt_iter *it;
	struct libmnt_fs *fs;
	int rv = 0;

	(void)obj;
	if ((tb = mount_table()) == NULL)
		return -1;
	if ((it = mnt_new_iter(MNT_ITER_FORWARD)) == NULL)
		return -1;
	while (mnt_table_next_fs(tb, it, &fs) == 0) {
		if (ns_obj_set(&c, &mount_class, "/mount/%d",
		    mnt_fs_get_id(fs)) == -1) {
			rv = -1;
			break;
		}
		set_mount_id(&c, (uint64_t)mnt_fs_get_id(fs));
		c.priv = fs;
		if (emit(&c, arg)) {
			ns_obj_clear(&c);
			rv = 1;
			break;
		}
		ns_obj_clear(&c);
	}
	mnt_free_iter(it);
	return rv;
}

static int
table_summary(struct ns_obj *obj, struct ns_val *v)
{
	struct libmnt_table *tb;

	(void)obj;
	if ((tb = mount_table()) == NULL)
		return -1;
	ns_val_addf(v, "%d mounts", mnt_table_get_nents(tb));
	return 0;
}

static const struct ns_attr table_attrs[] = {
	{ NULL }
};

static const struct ns_class table_class = {
	"mounts", table_attrs, table_list, table_summary, NULL
};

static int
mount_lookup(struct ns_obj *obj, char **comp, int n)
{
	struct libmnt_fs *fs;
	uint64_t id;

	if (n == 0)
		return ns_obj_set(obj, &table_class, "/mount");
	if (n > 1 || ns_parse_u64(comp[0], INT_MAX, &id) == -1) {
		errno = ENOENT;
		return -1;
	}
	if ((fs = find_id(id)) == NULL)
		return -1;
	if (ns_obj_set(obj, &mount_class, "/mount/%llu",
	    (unsigned long long)id) == -1)
		return -1;
	set_mount_id(obj, id);
	obj->priv = fs;
	return 0;
}

/*
 * nswatch: the kernel marks /proc/self/mountinfo with POLLPRI when the
 * caller's mount table changes, and says no more, so the table is
 * listed afresh and compared.  A mount whose target changed was moved
 * (mount --move), as findmnt --poll says.  The poll itself takes the
 * mark, so the file needs no reading here.
 */
static const struct ns_tree mount_tree = {
	"/mount", 1, "target,source,fstype,options,fsoptions,propagation",
	"target", NULL
};

static void
mount_read(struct ns_source *src, int fd, void *arg)
{
	(void)fd;
	(void)arg;
	ns_source_dirty(src, -1);
}

static void
mount_watch(struct ns_watch *w)
{
	struct ns_source *src;
	int fd;

	if (!ns_watch_wants(w, "/mount"))
		return;
	if ((fd = open("/proc/self/mountinfo", O_RDONLY | O_CLOEXEC)) == -1) {
		warn("/proc/self/mountinfo");
		return;
	}
	src = ns_watch_source(w, "mountinfo", fd, mount_read, NULL);
	ns_source_urgent(src);
	ns_source_tree(src, &mount_tree);
}

static const struct ns_class *const mount_classes[] = {
	&table_class, &mount_class, NULL
};

const struct ns_provider ns_mount_provider = {
	.name = "mount",
	.help = "mounts, by mount id, from /proc/self/mountinfo",
	.lookup = mount_lookup,
	.recognize = NULL,
	.ident = NULL,
	.classes = mount_classes,
	.watch = mount_watch,
};
