/*
 * proc.c: processes, /proc/PID.
 *
 * A process is named by its pid, the kernel's identity for it; threads
 * are not objects of their own, so a thread id names the process that
 * holds the thread.  Most attributes come from one read of
 * /proc/PID/stat, the ids from /proc/PID/status, and the rest from the
 * magic links under /proc/PID, each read only when its column is asked
 * for.  A process's one child, /proc/PID/fd, and what lies below it are
 * fd.c's.
 */
#include <sys/stat.h>

#include <dirent.h>
#include <err.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "columns.h"
#include "provider.h"
#include "fd.h"
#include "fdparse.h"
#include "procparse.h"
#include "remotefs.h"

/* A process object's id: its pid. */
NS_OBJ_ID(0, proc_pid, proc_set_pid)

/* Large enough for any stat line: the comm is at most 64 bytes. */
#define STAT_MAX	4096

static ns_list_fn	proc_top_list, proc_list;
static ns_get_fn	proc_top_summary, proc_summary;
static void	proc_release(struct ns_obj *);

static ns_get_fn	get_pid, get_comm, get_cmdline, get_state, get_ppid,
    get_user, get_euser, get_group, get_egroup, get_threads, get_start, get_cwd,
    get_root, get_exe, get_tty, get_netns, get_mntns, get_pidns, get_userns,
    get_utsns, get_ipcns, get_cgroupns, get_timens, get_nspid;

static const struct ns_attr proc_attrs[] = {
	NS_COL_PID(get_pid),
	NS_COL_COMM(get_comm),
	NS_COL_CMDLINE(get_cmdline),
	{ "state", NS_STRING,
	    "R running, S sleeping, D disk wait, T stopped, t traced, "
	    "Z zombie, X dead, I idle, P parked", get_state },
	NS_COL_PPID(get_ppid),
	NS_COL_USER(get_user),
	NS_COL_EUSER(get_euser),
	NS_COL_GROUP(get_group),
	NS_COL_EGROUP(get_egroup),
	NS_COL_THREADS(get_threads),
	NS_COL_START(get_start),
	NS_COL_CWD(get_cwd),
	NS_COL_ROOT(get_root),
	NS_COL_EXE(get_exe),
	{ "tty", NS_LINK, "the controlling terminal", get_tty },
	{ "netns", NS_LINK, "the network namespace", get_netns },
	NS_COL_MNTNS(get_mntns),
	NS_COL_PIDNS(get_pidns),
	NS_COL_USERNS(get_userns),
	NS_COL_UTSNS(get_utsns),
	NS_COL_IPCNS(get_ipcns),
	NS_COL_CGROUPNS(get_cgroupns),
	NS_COL_TIMENS(get_timens),
	NS_COL_NSPID(get_nspid),
	{ NULL }
};

static const struct ns_class proc_top_class = {
	.type = "processes",
	.attrs = ns_no_attrs,
	.list = proc_top_list,
	.summary = proc_top_summary,
};

static const struct ns_class proc_class = {
	.type = "process",
	.attrs = proc_attrs,
	.list = proc_list,
	.summary = proc_summary,
	.release = proc_release,
};

/* Each descriptor kind's class as its row names it (fdkind.h): a class
 * several kinds share is named again, which the column list takes once. */
static const struct ns_class *const proc_classes[] = {
	&proc_top_class,
	&proc_class,
	&ns_fd_node_class,
#define FD_KIND(id, name, anon, link, own, holders, object, summary, class, \
    ...) \
	&class,
	FD_KINDS
#undef FD_KIND
	&ns_fd_assoc_class,
	&ns_fd_kind_class,
	NULL
};

/* A directory entry of /proc that names a process, or 0. */
static uint64_t
entry_pid(const char *name)
{
	uint64_t pid;

	if (ns_parse_u64(name, INT_MAX, &pid) == -1 || pid == 0)
		return 0;
	return pid;
}

struct top_listing {
	ns_emit_fn	 emit;
	void		*arg;
};

static int
emit_proc(uint64_t pid, void *arg)
{
	struct top_listing *tl = arg;
	struct ns_obj c = { 0 };
	int stop;

	ns_obj_set(&c, &proc_class, "/proc/%llu", (unsigned long long)pid);
	proc_set_pid(&c, pid);
	stop = tl->emit(&c, tl->arg);
	ns_obj_clear(&c);
	return stop;
}

static int
proc_top_list(struct ns_obj *o, ns_emit_fn emit, void *arg)
{
	struct top_listing tl = { emit, arg };

	return ns_proc_each(emit_proc, &tl);
}

static int
proc_top_summary(struct ns_obj *o, struct ns_val *v)
{
	ns_val_addf(v, "%zu processes", ns_count_children(o));
	return 0;
}

static struct proc_info *
info_of(struct ns_obj *o)
{
	struct proc_info *p;

	if (o->priv != NULL)
		return o->priv;
	p = ns_xcalloc(sizeof(*p));
	p->stat_errno = -1;
	p->status_errno = -1;
	o->priv = p;
	return p;
}

static void
proc_release(struct ns_obj *o)
{
	struct proc_info *p = o->priv;

	free(p->comm);
	free(p);
	o->priv = NULL;
}

/* The process's stat line, read once; NULL with errno if unreadable. */
static struct proc_info *
load_stat(struct ns_obj *o)
{
	struct proc_info *p = info_of(o);
	char path[64], buf[STAT_MAX];

	if (p->stat_errno == -1) {
		ns_fmt(path, sizeof(path), "/proc/%llu/stat",
		    (unsigned long long)proc_pid(o));
		if (ns_read_record(path, buf, sizeof(buf)) == -1)
			p->stat_errno = errno;
		else if (ns_proc_parse_stat(p, buf) == -1)
			p->stat_errno = EINVAL;
		else
			p->stat_errno = 0;
	}
	if (p->stat_errno != 0) {
		errno = p->stat_errno;
		return NULL;
	}
	return p;
}

/*
 * The ids in /proc/PID/status.  The Name line there is escaped by the
 * kernel, so a comm holding a newline cannot pass for another line.
 */
static struct proc_info *
load_status(struct ns_obj *o)
{
	struct proc_info *p = info_of(o);
	char path[64], buf[STATUS_MAX];

	if (p->status_errno == -1) {
		ns_fmt(path, sizeof(path), "/proc/%llu/status",
		    (unsigned long long)proc_pid(o));
		if (ns_read_record(path, buf, sizeof(buf)) == -1)
			p->status_errno = errno;
		else if (ns_proc_status_ids(buf, "Tgid:", &p->tgid, 1) == -1 ||
		    ns_proc_status_ids(buf, "Uid:", p->uid, 2) == -1 ||
		    ns_proc_status_ids(buf, "Gid:", p->gid, 2) == -1)
			p->status_errno = EINVAL;
		else
			p->status_errno = 0;
		/* A kernel before 4.1 has no NSpid line: no value, no
		 * failure. */
		if (p->status_errno == 0 && (p->nnspid =
		    ns_proc_parse_nspid(buf, p->nspid, PROC_NSPID_MAX)) == -1)
			p->nnspid = 0;
	}
	if (p->status_errno != 0) {
		errno = p->status_errno;
		return NULL;
	}
	return p;
}

NS_GETTER_OBJ(pid, ns_val_num, proc_pid(o))
NS_GETTER(comm, struct proc_info, load_stat, ns_val_add, r->comm)

/*
 * The arguments are NUL-separated; a process that rewrote its argv may
 * leave a run of NULs at the end, which is padding, not empty arguments.
 * The file can be as long as the argument space, so it is read whole.
 */
static int
get_cmdline(struct ns_obj *o, struct ns_val *v)
{
	char path[64], *buf = NULL;
	size_t len = 0, cap = 0, i;
	ssize_t n;
	int fd, e;

	ns_fmt(path, sizeof(path), "/proc/%llu/cmdline",
	    (unsigned long long)proc_pid(o));
	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) == -1)
		return -1;
	for (;;) {
		if (len == cap) {
			cap = cap ? cap * 2 : 4096;
			if ((buf = realloc(buf, cap)) == NULL)
				err(1, NULL);
		}
		if ((n = read(fd, buf + len, cap - len)) == -1) {
			if (errno == EINTR)
				continue;
			e = errno;
			close(fd);
			free(buf);
			errno = e;
			return -1;
		}
		if (n == 0)
			break;
		len += n;
	}
	close(fd);
	while (len > 0 && buf[len - 1] == '\0')
		len--;
	for (i = 0; i < len; i++)
		if (buf[i] == '\0')
			buf[i] = ' ';
	ns_val_addn(v, buf != NULL ? buf : "", len);
	free(buf);
	return 0;
}

NS_GETTER(state, struct proc_info, load_stat, ns_val_addn, &r->state, 1)

static int
get_ppid(struct ns_obj *o, struct ns_val *v)
{
	struct proc_info *p;

	if ((p = load_stat(o)) == NULL)
		return -1;
	/* init and kthreadd have parent 0, which is no process. */
	if (p->ppid == 0)
		return ns_none();
	ns_val_addf(v, "/proc/%llu", (unsigned long long)p->ppid);
	return 0;
}

static int
id_link(struct ns_obj *o, struct ns_val *v, const char *top, int group,
    int which)
{
	struct proc_info *p;

	if ((p = load_status(o)) == NULL)
		return -1;
	ns_val_addf(v, "/%s/%llu", top,
	    (unsigned long long)(group ? p->gid[which] : p->uid[which]));
	return 0;
}

static int
get_user(struct ns_obj *o, struct ns_val *v)
{
	return id_link(o, v, "user", 0, 0);
}

static int
get_euser(struct ns_obj *o, struct ns_val *v)
{
	return id_link(o, v, "user", 0, 1);
}

static int
get_group(struct ns_obj *o, struct ns_val *v)
{
	return id_link(o, v, "group", 1, 0);
}

static int
get_egroup(struct ns_obj *o, struct ns_val *v)
{
	return id_link(o, v, "group", 1, 1);
}

NS_GETTER(threads, struct proc_info, load_stat, ns_val_num, r->threads)

/*
 * The boot time and clock rate, the same for every process of a run.
 * /proc/stat is read a line at a time: its per-CPU and interrupt lines
 * before btime grow with the machine, past any buffer fixed here.
 */
static int
boot_time(uint64_t *btime, uint64_t *hz)
{
	static uint64_t bt, tick;
	static int loaded, err_no;
	char *line = NULL, *end;
	size_t cap = 0;
	FILE *f;
	long t;

	if (!loaded) {
		loaded = 1;
		err_no = EINVAL;
		if ((t = sysconf(_SC_CLK_TCK)) > 0 &&
		    (f = fopen("/proc/stat", "re")) != NULL) {
			while (getline(&line, &cap, f) != -1) {
				if (strncmp(line, "btime ", 6) != 0)
					continue;
				errno = 0;
				bt = strtoull(line + 6, &end, 10);
				if (errno == 0 && end != line + 6 &&
				    (*end == '\n' || *end == '\0')) {
					tick = t;
					err_no = 0;
				}
				break;
			}
			free(line);
			fclose(f);
		}
	}
	if (err_no != 0) {
		errno = err_no;
		return -1;
	}
	*btime = bt;
	*hz = tick;
	return 0;
}

/*
 * ISO 8601 in local time with the zone's offset, as date -Iseconds prints
 * it, like every time the tools print.  The boot time is whole seconds,
 * so the start is too.
 */
static int
get_start(struct ns_obj *o, struct ns_val *v)
{
	struct proc_info *p;
	uint64_t btime, hz;
	struct tm tm;
	time_t t;
	char buf[64];
	size_t n;

	if ((p = load_stat(o)) == NULL || boot_time(&btime, &hz) == -1)
		return -1;
	t = (time_t)(btime + p->start / hz);
	if (localtime_r(&t, &tm) == NULL ||
	    (n = strftime(buf, sizeof(buf), "%Y-%m-%dT%H:%M:%S%z", &tm)) < 5) {
		errno = EINVAL;
		return -1;
	}
	/* strftime writes "+0100"; the extended form wants "+01:00". */
	memmove(buf + n - 1, buf + n - 2, 3);
	buf[n - 2] = ':';
	ns_val_add(v, buf);
	return 0;
}

/*
 * A magic link of the process as a /fs path.  The text readlink gives is
 * only a name: a deleted file reads "PATH (deleted)" and a directory
 * outside our root reads as if it were inside.  The link is given only
 * when that name, looked up by us, is the very file the process holds.
 * The file held is stat(2)ed from the kernel's cache; a file server that
 * does not answer the lookup leaves the cache's name, counted
 * (remotefs.c).
 */
static int
fs_link(struct ns_obj *o, struct ns_val *v, const char *what)
{
	char path[64], target[PATH_MAX];
	struct stat held, named;
	uint64_t mnt_id;
	ssize_t n;

	ns_fmt(path, sizeof(path), "/proc/%llu/%s",
	    (unsigned long long)proc_pid(o), what);
	if ((n = readlink(path, target, sizeof(target) - 1)) == -1)
		return -1;
	target[n] = '\0';
	if (target[0] != '/' || ns_held_stat(AT_FDCWD, path, &held,
	    &mnt_id) == -1)
		goto none;
	if (ns_path_stat(target, held.st_dev, &named, 0, 0) == -1) {
		if (errno != ETIMEDOUT)
			goto none;
		ns_unanswered_path(target);
		if (!ns_remotefs_cached_name(target, &held, mnt_id))
			goto none;
	} else if (named.st_dev != held.st_dev || named.st_ino != held.st_ino)
		goto none;
	ns_val_fs(v, target);
	return 0;
none:
	errno = ENOENT;
	return -1;
}

static int
get_cwd(struct ns_obj *o, struct ns_val *v)
{
	return fs_link(o, v, "cwd");
}

static int
get_root(struct ns_obj *o, struct ns_val *v)
{
	return fs_link(o, v, "root");
}

/*
 * A program run from a memfd (fexecve(3), as runtimes run what they
 * unpack) reads "/memfd:NAME (deleted)": it is the memfd, named by its
 * inode as a descriptor of it names it.
 */
static int
get_exe(struct ns_obj *o, struct ns_val *v)
{
	char path[64], target[PATH_MAX];
	struct stat st;
	ssize_t n;

	if (fs_link(o, v, "exe") == 0)
		return 0;
	ns_fmt(path, sizeof(path), "/proc/%llu/exe",
	    (unsigned long long)proc_pid(o));
	if ((n = readlink(path, target, sizeof(target) - 1)) == -1)
		return -1;
	target[n] = '\0';
	if (!fd_link_is_memfd(target) ||
	    ns_held_stat(AT_FDCWD, path, &st, NULL) == -1)
		return ns_none();
	ns_val_addf(v, "/anon/memfd/%llu", (unsigned long long)st.st_ino);
	return 0;
}

static int
get_tty(struct ns_obj *o, struct ns_val *v)
{
	struct proc_info *p;
	unsigned int maj, min;

	if ((p = load_stat(o)) == NULL)
		return -1;
	if (p->tty == 0)
		return ns_none();
	/* tty_nr is the kernel's dev_t, split as major() and minor() do. */
	maj = (p->tty >> 8) & 0xfff;
	min = (p->tty & 0xff) | ((p->tty >> 12) & 0xfff00);
	ns_val_addf(v, "/dev/char/%u/%u", maj, min);
	return 0;
}

/*
 * A namespace the process is in.  readlink of /proc/PID/ns/TYPE gives
 * "TYPE:[INODE]", and the inode of the nsfs file is the namespace's
 * identity.
 */
static int
ns_link(struct ns_obj *o, struct ns_val *v, const char *type)
{
	char path[64], target[128], *num, *end;
	size_t tlen = strlen(type);
	uint64_t ino;
	ssize_t n;

	ns_fmt(path, sizeof(path), "/proc/%llu/ns/%s",
	    (unsigned long long)proc_pid(o), type);
	if ((n = readlink(path, target, sizeof(target) - 1)) == -1)
		return -1;
	target[n] = '\0';
	if (strncmp(target, type, tlen) != 0 || target[tlen] != ':' ||
	    target[tlen + 1] != '[')
		goto bad;
	num = target + tlen + 2;
	if ((end = strchr(num, ']')) == NULL || end[1] != '\0')
		goto bad;
	*end = '\0';
	if (ns_parse_u64(num, UINT64_MAX, &ino) == -1)
		goto bad;
	ns_val_addf(v, "/ns/%s/%llu", type, (unsigned long long)ino);
	return 0;
bad:
	errno = EINVAL;
	return -1;
}

static int
get_netns(struct ns_obj *o, struct ns_val *v)
{
	return ns_link(o, v, "net");
}

static int
get_mntns(struct ns_obj *o, struct ns_val *v)
{
	return ns_link(o, v, "mnt");
}

static int
get_pidns(struct ns_obj *o, struct ns_val *v)
{
	return ns_link(o, v, "pid");
}

static int
get_userns(struct ns_obj *o, struct ns_val *v)
{
	return ns_link(o, v, "user");
}

static int
get_utsns(struct ns_obj *o, struct ns_val *v)
{
	return ns_link(o, v, "uts");
}

static int
get_ipcns(struct ns_obj *o, struct ns_val *v)
{
	return ns_link(o, v, "ipc");
}

static int
get_cgroupns(struct ns_obj *o, struct ns_val *v)
{
	return ns_link(o, v, "cgroup");
}

static int
get_timens(struct ns_obj *o, struct ns_val *v)
{
	return ns_link(o, v, "time");
}

/*
 * "4242 1": the pid the caller's /proc gives first, then one a level down
 * to the process's own namespace, as a pidfd's fdinfo writes them.
 */
static int
get_nspid(struct ns_obj *o, struct ns_val *v)
{
	struct proc_info *p;
	char buf[PROC_NSPID_MAX * 21];
	size_t len = 0;
	int i;

	if ((p = load_status(o)) == NULL)
		return -1;
	if (p->nnspid == 0)
		return ns_none();
	for (i = 0; i < p->nnspid; i++)
		len += ns_fmt(buf + len, sizeof(buf) - len, "%s%llu",
		    i == 0 ? "" : " ", (unsigned long long)p->nspid[i]);
	ns_val_add(v, buf);
	return 0;
}

/* A process's one child is its descriptors, /proc/PID/fd (fd.c). */
static int
proc_list(struct ns_obj *o, ns_emit_fn emit, void *arg)
{
	struct ns_obj c = { 0 };
	int stop;

	ns_fd_node_set(&c, proc_pid(o));
	stop = emit(&c, arg);
	ns_obj_clear(&c);
	return stop;
}

static int
proc_summary(struct ns_obj *o, struct ns_val *v)
{
	struct proc_info *p;

	if ((p = load_stat(o)) == NULL)
		return -1;
	ns_val_addf(v, "%llu %s %c", (unsigned long long)proc_pid(o), p->comm,
	    p->state);
	return 0;
}

/*
 * The pid of the running tool as /proc numbers it.  getpid() answers in
 * the tool's own pid namespace, which need not be the one /proc was
 * mounted for; the kernel's "self" link answers in /proc's.  For
 * "thread-self" it reads "PID/task/TID", and the process is the PID.
 */
static uint64_t
self_pid(const char *link)
{
	char path[32], target[64], *slash;
	uint64_t pid;
	ssize_t n;

	ns_fmt(path, sizeof(path), "/proc/%s", link);
	if ((n = readlink(path, target, sizeof(target) - 1)) == -1)
		return getpid();
	target[n] = '\0';
	if ((slash = strchr(target, '/')) != NULL)
		*slash = '\0';
	if (ns_parse_u64(target, INT_MAX, &pid) == -1)
		return 0;
	return pid;
}

/*
 * /proc/PID: the pid must name a live task.  "self" is the process that
 * runs the tool; "thread-self" and the id of any thread name the process
 * the thread belongs to, as threads have no objects of their own.
 */
static int
lookup_pid(struct ns_obj *o, const char *comp)
{
	struct proc_info *p;
	uint64_t pid;
	int e;

	if (strcmp(comp, "self") == 0 || strcmp(comp, "thread-self") == 0)
		pid = self_pid(comp);
	else
		pid = entry_pid(comp);
	if (pid == 0)
		goto none;
	ns_obj_set(o, &proc_class, "/proc/%llu", (unsigned long long)pid);
	proc_set_pid(o, pid);
	if ((p = load_status(o)) == NULL) {
		e = errno;
		if (e == ENOENT || e == ESRCH)
			goto none;
		/* Status is readable by all; should it not be, the pid is
		 * still known to exist. */
		return 0;
	}
	if (p->tgid != 0 && p->tgid != pid) {
		pid = p->tgid;
		ns_obj_clear(o);
		ns_obj_set(o, &proc_class, "/proc/%llu",
		    (unsigned long long)pid);
		proc_set_pid(o, pid);
	}
	return 0;
none:
	errno = ENOENT;
	return -1;
}

/* Below /proc/PID, the pid canonical, fd.c takes over. */
static int
proc_lookup(struct ns_obj *o, char **comp, int n)
{
	uint64_t pid;

	if (n == 0)
		return ns_obj_set(o, &proc_top_class, "/proc");
	if (lookup_pid(o, comp[0]) == -1)
		return -1;
	if (n == 1)
		return 0;
	pid = proc_pid(o);
	ns_obj_clear(o);
	return ns_fd_lookup(o, pid, comp + 1, n - 1);
}

NS_PROVIDER(ns_proc_provider,
	.name = "proc",
	.help = "processes, by pid",
	.lookup = proc_lookup,
	.classes = proc_classes,
	.watch = ns_watch_proc);
