/*
 * mqueue.c: the POSIX message queues of the /ipc provider,
 * /ipc/mqueue/NAME.
 *
 * A queue is a file of the mqueue file system: the caller's mount of it
 * is looked for once a run, and a queue that only a descriptor holds is
 * read through that descriptor instead (see ipc.c).  Its file's stat
 * and contents are read once, by the first getter that wants them.  The
 * mount is this file's alone, so the node's mount attribute and the
 * recognizing of a file of the mount as its queue are here too.
 */
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/types.h>

#include <dirent.h>
#include <err.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "columns.h"
#include "provider.h"
#include "mountinfo.h"
#include "ipcparse.h"
#include "ipcpriv.h"

/* The mqueue mount, looked for once per run; dir NULL if none. */
static struct {
	int	 looked;
	char	*dir;
	dev_t	 dev;
	int	 mount_id;
} mq;

/* A queue's file, stat and contents, read by its first getter. */
struct mq_priv {
	char		*file;		/* NULL until found */
	int		 stat_error;	/* -1 unread, 0 read, or errno */
	struct stat	 st;
	int		 info_error;
	struct mq_info	 info;
};

/* The first mqueue mount in the caller's mount table. */
static int
mq_mount(const struct ns_mountinfo *m, void *arg)
{
	if (strcmp(m->fstype, "mqueue") != 0 || *m->target != '/')
		return 0;
	mq.dir = ns_xstrdup(m->target);
	mq.dev = m->dev;
	mq.mount_id = m->id;
	return 1;
}

const char *
ns_mq_dir(void)
{
	if (!mq.looked) {
		mq.looked = 1;
		ns_mountinfo_each(mq_mount, NULL);
	}
	return mq.dir;
}

static const char *
mq_name(const struct ns_obj *o)
{
	return o->path + strlen("/ipc/mqueue/");
}

static char *
mq_file(const char *name)
{
	char *path;

	path = ns_xasprintf("%s/%s", mq.dir, name);
	return path;
}

static struct mq_priv *
mq_load(struct ns_obj *o)
{
	struct mq_priv *p;

	if (o->priv != NULL)
		return o->priv;
	p = ns_xcalloc(sizeof(*p));
	p->stat_error = -1;
	p->info_error = -1;
	o->priv = p;
	return p;
}

static void
mq_release(struct ns_obj *o)
{
	struct mq_priv *p = o->priv;

	if (p != NULL)
		free(p->file);
	free(o->priv);
	o->priv = NULL;
}

/* The first descriptor that holds the queue, "/proc/PID/fd/N", or
 * NULL. */
static char *
mq_holder(struct ns_obj *o)
{
	struct ns_val v = { 0 };
	char *path = NULL;

	if (ns_get_fds(o, &v) == 0 && v.n > 0 &&
	    (path = strdup(v.buf)) == NULL)
		err(1, NULL);
	ns_val_free(&v);
	return path;
}

/* The file that is the queue: its file in the mount if there is one,
 * else a descriptor that holds it; NULL if neither is there. */
static const char *
mq_path(struct ns_obj *o)
{
	struct mq_priv *p = mq_load(o);
	struct stat st;

	if (p->file != NULL)
		return p->file;
	if (ns_mq_dir() != NULL) {
		p->file = mq_file(mq_name(o));
		if (lstat(p->file, &st) == 0)
			return p->file;
		free(p->file);
	}
	if ((p->file = mq_holder(o)) == NULL)
		errno = ENOENT;
	return p->file;
}

struct stat *
ns_mq_stat(struct ns_obj *o)
{
	struct mq_priv *p = mq_load(o);
	const char *path;

	if (p->stat_error == -1) {
		p->stat_error = 0;
		/* stat(2), to follow a holder's link to the queue. */
		if ((path = mq_path(o)) == NULL || stat(path, &p->st) == -1)
			p->stat_error = errno;
	}
	if (p->stat_error != 0) {
		errno = p->stat_error;
		return NULL;
	}
	return &p->st;
}

/* Reading a queue's file tells its state (mq_overview(7)). */
static struct mq_info *
mq_info(struct ns_obj *o)
{
	struct mq_priv *p = mq_load(o);
	const char *path;
	char buf[256];

	if (p->info_error == -1) {
		p->info_error = 0;
		if ((path = mq_path(o)) == NULL ||
		    ns_read_file(path, buf, sizeof(buf)) == -1)
			p->info_error = errno;
		else if (ns_mq_parse(buf, &p->info) == -1)
			p->info_error = EIO;
	}
	if (p->info_error != 0) {
		errno = p->info_error;
		return NULL;
	}
	return &p->info;
}

static int
get_mq_name(struct ns_obj *o, struct ns_val *v)
{
	ns_val_addf(v, "/%s", mq_name(o));
	return 0;
}

static int
get_qsize(struct ns_obj *o, struct ns_val *v)
{
	struct mq_info *i;

	if ((i = mq_info(o)) == NULL)
		return -1;
	ns_val_num(v, (unsigned long long)i->qsize);
	return 0;
}

/* How the registered process is told, mq_notify(3): none without one. */
static int
get_notify(struct ns_obj *o, struct ns_val *v)
{
	static const char *const how[] = { "signal", "none", "thread" };
	struct mq_info *i;

	if ((i = mq_info(o)) == NULL)
		return -1;
	if (i->notify_pid == 0) {
		errno = ENOENT;
		return -1;
	}
	if (i->notify >= 0 && i->notify < 3)
		ns_val_add(v, how[i->notify]);
	else
		ns_val_addf(v, "%lld", (long long)i->notify);
	return 0;
}

static int
get_signo(struct ns_obj *o, struct ns_val *v)
{
	struct mq_info *i;

	if ((i = mq_info(o)) == NULL)
		return -1;
	if (i->notify_pid == 0 || i->notify != 0) {
		errno = ENOENT;
		return -1;
	}
	ns_val_num(v, (unsigned long long)i->signo);
	return 0;
}

static int
get_notifier(struct ns_obj *o, struct ns_val *v)
{
	struct mq_info *i;

	if ((i = mq_info(o)) == NULL)
		return -1;
	return ns_ipc_pid_link(v, i->notify_pid);
}

static int
get_mq_owner(struct ns_obj *o, struct ns_val *v)
{
	struct stat *st;

	if ((st = ns_mq_stat(o)) == NULL)
		return -1;
	ns_val_addf(v, "/user/%u", (unsigned)st->st_uid);
	return 0;
}

static int
get_mq_group(struct ns_obj *o, struct ns_val *v)
{
	struct stat *st;

	if ((st = ns_mq_stat(o)) == NULL)
		return -1;
	ns_val_addf(v, "/group/%u", (unsigned)st->st_gid);
	return 0;
}

static int
get_mq_perm(struct ns_obj *o, struct ns_val *v)
{
	struct stat *st;

	if ((st = ns_mq_stat(o)) == NULL)
		return -1;
	ns_val_addf(v, "%04o", (unsigned)(st->st_mode & 07777));
	return 0;
}

static int
get_mq_file(struct ns_obj *o, struct ns_val *v)
{
	char *path;

	if (ns_mq_dir() == NULL) {
		errno = ENOENT;
		return -1;
	}
	path = mq_file(mq_name(o));
	ns_val_fs(v, path);
	free(path);
	return 0;
}

/* "/q root 0600 12 bytes"; without the size if the file is not ours. */
static int
mq_summary(struct ns_obj *o, struct ns_val *v)
{
	struct mq_info *i;
	struct stat *st;

	if ((st = ns_mq_stat(o)) == NULL)
		return -1;
	if ((i = mq_info(o)) == NULL)
		ns_val_addf(v, "/%s %s %04o", mq_name(o),
		    ns_user_name(st->st_uid), (unsigned)(st->st_mode & 07777));
	else
		ns_val_addf(v, "/%s %s %04o %llu bytes", mq_name(o),
		    ns_user_name(st->st_uid), (unsigned)(st->st_mode & 07777),
		    (unsigned long long)i->qsize);
	return 0;
}

static const struct ns_attr mq_attrs[] = {
	{ "name", NS_STRING, "name as mq_open(3) takes it", get_mq_name },
	NS_COL_FILE_OWNER(get_mq_owner),
	NS_COL_FILE_GROUP(get_mq_group),
	NS_COL_FILE_PERM(get_mq_perm),
	{ "qsize", NS_NUMBER, "bytes in the queue", get_qsize },
	{ "notify", NS_STRING, "how the registered process is notified: "
	    "signal, none, thread", get_notify },
	{ "signo", NS_NUMBER, "signal the registered process gets",
	    get_signo },
	{ "notifier", NS_LINK, "process registered for notification",
	    get_notifier },
	{ "file", NS_LINK, "its file in the mqueue file system", get_mq_file },
	NS_ATTR_FDS,
	{ NULL }
};

const struct ns_class ns_mq_class = {
	.type = "mqueue",
	.attrs = mq_attrs,
	.summary = mq_summary,
	.release = mq_release,
};

int
ns_mq_set(struct ns_obj *o, const char *name)
{
	if (ns_obj_set(o, &ns_mq_class, "/ipc/mqueue/%s", name) == -1)
		return -1;
	o->id[1] = K_MQUEUE;
	return 0;
}

int
ns_mq_list(ns_emit_fn emit, void *arg)
{
	struct ns_obj c = {0};
	struct dirent *d;
	DIR *dir;
	int stop = 0;

	if (ns_mq_dir() == NULL)
		return 0;
	if ((dir = opendir(mq.dir)) == NULL)
		return ns_errno_benign(errno) ? 0 : -1;
	while (!stop && (d = readdir(dir)) != NULL) {
		if (strcmp(d->d_name, ".") == 0 || strcmp(d->d_name, "..") == 0)
			continue;
		ns_mq_set(&c, d->d_name);
		stop = emit(&c, arg);
		ns_obj_clear(&c);
	}
	closedir(dir);
	return stop;
}

int
ns_mq_get_mount(struct ns_obj *o, struct ns_val *v)
{
	if (ipc_node_kind(o) != K_MQUEUE || ns_mq_dir() == NULL) {
		errno = ENOENT;
		return -1;
	}
	ns_val_addf(v, "/mount/%d", mq.mount_id);
	return 0;
}

/* A file of the mqueue mount, /dev/mqueue/q, is that queue. */
int
ns_mq_recognize(struct ns_obj *o, const char *path, const struct stat *st)
{
	const char *name;
	size_t len;

	/* mqueue is a pseudo file system, with major 0: most files are
	 * ruled out before the mount table is read. */
	if (!S_ISREG(st->st_mode) || major(st->st_dev) != 0 ||
	    ns_mq_dir() == NULL || st->st_dev != mq.dev)
		return 0;
	len = strlen(mq.dir);
	if (strncmp(path, mq.dir, len) != 0 || path[len] != '/')
		return 0;
	name = path + len + 1;
	if (*name == '\0' || strchr(name, '/') != NULL)
		return 0;
	return ns_mq_set(o, name) == -1 ? -1 : 1;
}
