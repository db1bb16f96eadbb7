/*
 * mount.c: the caller's mount table under /mount, one object per mount,
 * named by its mount id.
 *
 * The table is /proc/self/mountinfo as libmount parses it, read once per
 * run: every mount of one run is seen at the same moment.  A real mount
 * point given by the user is a /fs object; its "mount" attribute leads
 * here, so this provider recognises no real file of its own.
 *
 * Mount ids are unique system-wide, so a mount of another namespace keeps
 * its /mount/ID path too: an id the caller's table lacks is looked for in
 * the other namespaces' tables, each read once a run from a member's
 * mountinfo (mntns.c), and /ns/mnt/INODE/mount lists one namespace's.
 * Such a mount's target is a file of its own namespace's tree, under
 * /ns/mnt/INODE/fs; its parent is looked for in the same table.
 */

#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/types.h>

#include <err.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "columns.h"
#include "lazy.h"
#include "provider.h"
#include "mntns.h"
#include "nstab.h"
#include "watch.h"

/* A mount namespace's table, read once a run; the caller's has ino 0.
 * error says why tb is NULL. */
struct table {
	uint64_t		 ino;
	struct libmnt_table	*tb;
	int			 error;
};

static struct table *tables;
static size_t ntables;

/*
 * ns_obj.id[0]: a mount's id, as mountinfo gives it; id[1]: the mount
 * namespace whose table has it, 0 for the caller's own (a node of
 * mounts, /mount or /ns/mnt/INODE/mount, has that alone).
 */
NS_OBJ_ID_GET(0, mount_id)
NS_OBJ_ID_GET(1, mount_ns)

static inline void
set_mount_ids(struct ns_obj *o, uint64_t id, uint64_t ns)
{
	o->id[0] = id;
	o->id[1] = ns == ns_mntns_here() ? 0 : ns;
}

/* Another namespace's table, from its member's mountinfo. */
static struct libmnt_table *
read_other(uint64_t ino)
{
	struct libmnt_table *tb;
	FILE *f;
	int fd, r;

	if ((fd = ns_mntns_mountinfo(ino)) == -1)
		return NULL;
	if ((f = fdopen(fd, "r")) == NULL) {
		close(fd);
		return NULL;
	}
	if ((tb = mnt_new_table()) == NULL) {
		fclose(f);
		errno = ENOMEM;
		return NULL;
	}
	r = mnt_table_parse_stream(tb, f, "mountinfo");
	fclose(f);
	if (r != 0) {
		mnt_unref_table(tb);
		ns_mntns_skip(ino);
		errno = r < 0 ? -r : EIO;
		return NULL;
	}
	return tb;
}

static struct libmnt_table *
read_table(uint64_t ino)
{
	struct libmnt_table *tb;

	if (ino != 0)
		return read_other(ino);
	errno = 0;
	if ((tb = mnt_new_table_from_file("/proc/self/mountinfo")) == NULL &&
	    errno == 0)
		errno = EIO;
	return tb;
}

/* The mount table of namespace ino (0: the caller's), parsed on first use
 * and kept for the run; NULL with errno. */
static struct libmnt_table *
mount_table(uint64_t ino)
{
	struct table *t;
	size_t i;

	if (ino == ns_mntns_here())
		ino = 0;
	for (i = 0; i < ntables; i++)
		if (tables[i].ino == ino) {
			errno = tables[i].error;
			return tables[i].tb;
		}
	tables = ns_xreallocarray(tables, ntables + 1, sizeof(*tables));
	t = &tables[ntables++];
	t->ino = ino;
	t->tb = read_table(ino);
	t->error = errno;
	return t->tb;
}

static struct libmnt_fs *
find_in(uint64_t ino, uint64_t id)
{
	struct libmnt_table *tb;
	struct libmnt_iter *it;
	struct libmnt_fs *fs, *found = NULL;

	if ((tb = mount_table(ino)) == NULL)
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
 * A mount by its id alone: the caller's table first, then, for an id it
 * lacks, every other mount namespace's; *ns says whose.  The inodes are
 * copied out first: reading a table may grow the table of namespaces.
 */
static struct libmnt_fs *
find_id(uint64_t id, uint64_t *ns)
{
	struct libmnt_fs *fs;
	uint64_t *inos;
	size_t i, n = 0;

	*ns = 0;
	if ((fs = find_in(0, id)) != NULL || errno != ENOENT)
		return fs;
	ns_nstab_scan();
	inos = ns_xmalloc((ns_nstab_count() + 1) * sizeof(*inos));
	for (i = 0; i < ns_nstab_count(); i++)
		if (ns_nstab_at(i)->type == T_MNT &&
		    ns_nstab_at(i)->ino != ns_mntns_here())
			inos[n++] = ns_nstab_at(i)->ino;
	for (i = 0; i < n && fs == NULL; i++)
		if ((fs = find_in(inos[i], id)) != NULL)
			*ns = inos[i];
	free(inos);
	if (fs == NULL)
		errno = ENOENT;
	return fs;
}

/*
 * The entry behind an object.  priv borrows it from the table, which
 * outlives every object: releasing an object only forgets it.
 */
static struct libmnt_fs *
entry(struct ns_obj *obj)
{
	if (obj->priv == NULL)
		obj->priv = find_in(mount_ns(obj), mount_id(obj));
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

NS_GETTER_OBJ(id, ns_val_num, (unsigned long long)mount_id(o))

static int
get_target(struct ns_obj *obj, struct ns_val *v)
{
	struct libmnt_fs *fs;
	const char *t;

	if ((fs = entry(obj)) == NULL)
		return -1;
	if ((t = mnt_fs_get_target(fs)) == NULL || *t != '/')
		return ns_none();
	if (mount_ns(obj) == 0)
		ns_val_fs(v, t);
	else
		ns_val_addf(v, "/ns/mnt/%llu/fs%s",
		    (unsigned long long)mount_ns(obj),
		    strcmp(t, "/") == 0 ? "" : t);
	return 0;
}

NS_GETTER_TRY(fstype, struct libmnt_fs, entry, ns_val_text,
    mnt_fs_get_fstype(r))

/*
 * A mount whose device number is a block device the kernel knows (it has
 * /sys/dev/block/MAJ:MIN) links to that device.  Anything else, "tmpfs"
 * or "proc", names no object, and a link must (rule 8): the device is
 * then absent, and source and spec have mountinfo's text for every
 * mount.  A device number alone does not tell: every pseudo file system
 * has one, with major 0.
 */
static int
get_device(struct ns_obj *obj, struct ns_val *v)
{
	struct libmnt_fs *fs;
	char sys[64];
	dev_t dev;

	if ((fs = entry(obj)) == NULL)
		return -1;
	dev = mnt_fs_get_devno(fs);
	snprintf(sys, sizeof(sys), "/sys/dev/block/%u:%u", major(dev),
	    minor(dev));
	if (major(dev) == 0 || access(sys, F_OK) != 0)
		return ns_none();
	ns_val_addf(v, "/dev/block/%u/%u", major(dev), minor(dev));
	return 0;
}

NS_GETTER_TRY(spec, struct libmnt_fs, entry, ns_val_text, mnt_fs_get_source(r))

/* What findmnt calls SOURCE: the spec, and where the mount shows a
 * directory of its file system rather than its root, that directory in
 * brackets: "/dev/vda[/run/netns]" for a bind mount. */
static int
get_source(struct ns_obj *obj, struct ns_val *v)
{
	struct libmnt_fs *fs;
	const char *spec, *root;

	if ((fs = entry(obj)) == NULL)
		return -1;
	if ((spec = mnt_fs_get_source(fs)) == NULL)
		return ns_none();
	root = mnt_fs_get_root(fs);
	if (root == NULL || strcmp(root, "/") == 0)
		ns_val_text(v, spec);
	else
		ns_val_addf(v, "%s[%s]", spec, root);
	return 0;
}
NS_GETTER_TRY(options, struct libmnt_fs, entry, ns_val_text,
    mnt_fs_get_vfs_options(r))
NS_GETTER_TRY(fsoptions, struct libmnt_fs, entry, ns_val_text,
    mnt_fs_get_fs_options(r))
NS_GETTER_TRY(fsroot, struct libmnt_fs, entry, ns_val_text, mnt_fs_get_root(r))

/*
 * The mount this one sits on, in the same table.  The root mount names a
 * parent outside the view of its table (or itself), which is no object
 * here.
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
	    find_in(mount_ns(obj), parent) == NULL)
		return ns_none();
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

/* The mount namespace the mount is of. */
static int
get_mntns(struct ns_obj *obj, struct ns_val *v)
{
	uint64_t ino = mount_ns(obj) != 0 ? mount_ns(obj) : ns_mntns_here();

	if (entry(obj) == NULL)
		return -1;
	if (ino == 0)
		return ns_none();
	ns_val_addf(v, "/ns/mnt/%llu", (unsigned long long)ino);
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
	NS_COL_FSTYPE(get_fstype),
	{ "source", NS_STRING,
	    "what is mounted, as findmnt's SOURCE: the spec[/fsroot]",
	    get_source },
	{ "device", NS_LINK, "block device mounted, if it is one",
	    get_device },
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
	{ "mntns", NS_LINK, "mount namespace the mount is in", get_mntns },
	{ NULL }
};

static const struct ns_class mount_class = {
	"mount", mount_attrs, NULL, mount_summary, mount_release
};

/* The top node lists every mount in mountinfo's order; so does a node of
 * another namespace's mounts, whose paths are the same short ones. */
static int
table_list(struct ns_obj *obj, ns_emit_fn emit, void *arg)
{
	struct ns_obj c = {0};
	struct libmnt_table *tb;
	struct libmnt_iter *it;
	struct libmnt_fs *fs;
	int rv = 0;

	if ((tb = mount_table(mount_ns(obj))) == NULL)
		return -1;
	if ((it = mnt_new_iter(MNT_ITER_FORWARD)) == NULL)
		return -1;
	while (mnt_table_next_fs(tb, it, &fs) == 0) {
		if (ns_obj_set(&c, &mount_class, "/mount/%d",
		    mnt_fs_get_id(fs)) == -1) {
			rv = -1;
			break;
		}
		set_mount_ids(&c, (uint64_t)mnt_fs_get_id(fs), mount_ns(obj));
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

	if ((tb = mount_table(mount_ns(obj))) == NULL)
		return -1;
	ns_val_addf(v, "%d mounts", mnt_table_get_nents(tb));
	return 0;
}

static const struct ns_class table_class = {
	"mounts", ns_no_attrs, table_list, table_summary, NULL
};

static int
mount_lookup(struct ns_obj *obj, char **comp, int n)
{
	struct libmnt_fs *fs;
	uint64_t id, ns;

	if (n == 0)
		return ns_obj_set(obj, &table_class, "/mount");
	if (n > 1 || ns_parse_u64(comp[0], INT_MAX, &id) == -1)
		return ns_none();
	if ((fs = find_id(id, &ns)) == NULL)
		return -1;
	if (ns_obj_set(obj, &mount_class, "/mount/%llu",
	    (unsigned long long)id) == -1)
		return -1;
	set_mount_ids(obj, id, ns);
	obj->priv = fs;
	return 0;
}

/*
 * /ns/mnt/INODE/mount, the mounts of another namespace than the caller's,
 * and /ns/mnt/INODE/mount/ID, an alias of /mount/ID for a mount of that
 * namespace.  The node is there only where its table can be read.
 */
int
ns_mount_lookup_in(struct ns_obj *obj, uint64_t ino, char **comp, int n)
{
	struct libmnt_fs *fs;
	uint64_t id;

	if (mount_table(ino) == NULL)
		return -1;
	if (n == 0) {
		if (ns_obj_set(obj, &table_class, "/ns/mnt/%llu/mount",
		    (unsigned long long)ino) == -1)
			return -1;
		set_mount_ids(obj, 0, ino);
		return 0;
	}
	if (n > 1 || ns_parse_u64(comp[0], INT_MAX, &id) == -1)
		return ns_none();
	if ((fs = find_in(ino, id)) == NULL)
		return -1;
	if (ns_obj_set(obj, &mount_class, "/mount/%llu",
	    (unsigned long long)id) == -1)
		return -1;
	set_mount_ids(obj, id, ino);
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
	"target", NULL, "target,source,spec,fstype", 0
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

NS_PROVIDER(ns_mount_provider,
	.name = "mount",
	.help = "mounts, by mount id, from /proc/self/mountinfo",
	.lookup = mount_lookup,
	.classes = NS_CLASSES(&table_class, &mount_class),
	.watch = mount_watch);
