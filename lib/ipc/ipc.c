/*
 * ipc.c: the /ipc provider: System V and POSIX IPC objects.
 *
 * /ipc/shm/ID, /ipc/sem/ID and /ipc/msg/ID are the System V objects of the
 * caller's IPC namespace, named by the id the kernel gives them (shmid,
 * semid, msqid), from /proc/sysvipc, each table read once per run.  Which
 * processes have a segment attached is found by one read of every
 * process's maps, and only when that column is asked for; a process
 * attaches the segments of its own ipc namespace, where ids are unique,
 * and the holders of a segment are those of the segment's.
 *
 * Another ipc namespace's System V objects are the same classes, named
 * under it, /ns/ipc/INODE/ipc/shm/ID, and read from inside it (ipcns.c),
 * all three tables at once; their links (users, processes) are the
 * caller's, as the tables are read for it.
 *
 * /ipc/mqueue/NAME are the POSIX message queues, named as mq_open(3)
 * names them without the leading slash.  They are the files of the mqueue
 * file system, where one is mounted (usually /dev/mqueue): nothing is
 * mounted for the caller, so without a mount the node is empty.  The
 * mount shows the queues of the IPC namespace that mounted it.  A queue
 * that a descriptor holds is an object all the same, mount or none
 * (rule 8): it is read through that descriptor, /proc/PID/fd/N, which
 * is the queue's file as much as the mount's is.
 */
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/types.h>

#include <dirent.h>
#include <err.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "provider.h"
#include "mountinfo.h"
#include "ipcns.h"
#include "ipcparse.h"

/* The status bits shm keeps in the mode, beside the permissions. */
#define SHM_DEST_BIT	01000
#define SHM_LOCKED_BIT	02000

enum { K_SHM, K_SEM, K_MSG, K_MQUEUE, NKINDS };

/*
 * ns_obj.id[]: a System V object is its id and its kind, a message queue
 * only its kind (its name is its path), a kind's node (/ipc/shm) its
 * kind alone; id[2] is the ipc namespace of any of them, 0 for the
 * caller's (/ipc), else its inode (/ns/ipc/INODE/ipc).
 */
static inline uint64_t
ipc_id(const struct ns_obj *o)
{
	return o->id[0];
}

static inline int
ipc_kind(const struct ns_obj *o)
{
	return (int)o->id[1];
}

static inline int
ipc_node_kind(const struct ns_obj *o)
{
	return (int)o->id[0];
}

static inline uint64_t
ipc_ns(const struct ns_obj *o)
{
	return o->id[2];
}

/* One /proc/sysvipc table, read once per run, sorted by id. */
struct table {
	int		 loaded;
	int		 error;		/* errno of a failed read, or 0 */
	struct ipc_row	*rows;
	size_t		 nrows;
};

/*
 * The tables of one ipc namespace: the caller's (ino 0) read a file at
 * a time as asked, another's all three at once, from inside it
 * (ipcns.c), the first time one is asked.
 */
struct nstables {
	uint64_t	 ino;
	struct table	 t[K_MQUEUE];
};

static struct nstables own;
static struct nstables **others;
static size_t nothers;

/* Who has which segment attached: (shmid, pid) pairs, sorted, with the
 * attacher's ipc namespace, whose segment it is: ids are per namespace. */
struct attachment {
	uint64_t	 id;
	uint64_t	 pid;
	uint64_t	 ipcns;
};

static struct attachment *attached;
static size_t nattached;
static int maps_read;

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

static const char *const kind_names[NKINDS] = {
	"shm", "sem", "msg", "mqueue"
};

static const char *const kind_files[K_MQUEUE] = {
	"/proc/sysvipc/shm", "/proc/sysvipc/sem", "/proc/sysvipc/msg"
};

static const char *const kind_what[NKINDS] = {
	"shared memory segment", "semaphore set", "message queue",
	"POSIX message queue"
};

static const struct ns_class shm_class, sem_class, msg_class, mq_class;
static const struct ns_class *const obj_classes[NKINDS] = {
	&shm_class, &sem_class, &msg_class, &mq_class
};

/* The heading's names; shmid, semid and msqid are all the id. */
static const struct {
	const char	*name;
	int		 field;
} names[] = {
	{ "key", IPC_KEY }, { "shmid", IPC_ID }, { "semid", IPC_ID },
	{ "msqid", IPC_ID }, { "perms", IPC_PERMS }, { "uid", IPC_UID },
	{ "gid", IPC_GID }, { "cuid", IPC_CUID }, { "cgid", IPC_CGID },
	{ "ctime", IPC_CTIME }, { "size", IPC_SIZE }, { "cpid", IPC_CPID },
	{ "lpid", IPC_LPID }, { "nattch", IPC_NATTCH },
	{ "atime", IPC_ATIME }, { "dtime", IPC_DTIME }, { "rss", IPC_RSS },
	{ "swap", IPC_SWAP }, { "nsems", IPC_NSEMS }, { "otime", IPC_OTIME },
	{ "cbytes", IPC_CBYTES }, { "qnum", IPC_QNUM },
	{ "lspid", IPC_LSPID }, { "lrpid", IPC_LRPID },
	{ "stime", IPC_STIME }, { "rtime", IPC_RTIME },
};

int
ns_ipc_parse_heading(const char *line, struct ipc_cols *cols)
{
	char buf[512], *s, *tok;
	size_t i;
	uint32_t seen = 0;

	if (strlcpy(buf, line, sizeof(buf)) >= sizeof(buf))
		return -1;
	cols->n = 0;
	for (s = buf; (tok = strsep(&s, " \t\n")) != NULL;) {
		if (*tok == '\0')
			continue;
		if (cols->n == IPC_MAXCOLS)
			return -1;
		cols->field[cols->n] = -1;
		for (i = 0; i < sizeof(names) / sizeof(names[0]); i++)
			if (strcmp(tok, names[i].name) == 0) {
				cols->field[cols->n] = names[i].field;
				seen |= 1U << names[i].field;
				break;
			}
		cols->n++;
	}
	if ((seen & (1U << IPC_KEY)) == 0 || (seen & (1U << IPC_ID)) == 0 ||
	    (seen & (1U << IPC_PERMS)) == 0)
		return -1;
	return 0;
}

/* One number of a row: the key is signed, the perms octal. */
static int
parse_value(int field, const char *tok, uint64_t *v)
{
	long long sn;
	char *end;

	errno = 0;
	switch (field) {
	case IPC_KEY:
		sn = strtoll(tok, &end, 10);
		if (errno || end == tok || *end != '\0' || sn < INT32_MIN ||
		    sn > UINT32_MAX)
			return -1;
		*v = (uint32_t)sn;
		return 0;
	case IPC_PERMS:
		*v = strtoull(tok, &end, 8);
		if (errno || end == tok || *end != '\0' || *tok == '-')
			return -1;
		return 0;
	default:
		/* Leading zeros are no harm here: this is no identity. */
		*v = strtoull(tok, &end, 10);
		if (errno || end == tok || *end != '\0' || *tok == '-')
			return -1;
		return 0;
	}
}

int
ns_ipc_parse_row(const struct ipc_cols *cols, char *line, struct ipc_row *row)
{
	char *s, *tok;
	uint64_t v;
	int i = 0;

	memset(row, 0, sizeof(*row));
	for (s = line; (tok = strsep(&s, " \t\n")) != NULL;) {
		if (*tok == '\0')
			continue;
		if (i == cols->n)
			return -1;
		if (cols->field[i] != -1) {
			if (parse_value(cols->field[i], tok, &v) == -1)
				return -1;
			row->v[cols->field[i]] = v;
			row->has |= 1U << cols->field[i];
		}
		i++;
	}
	return i == cols->n ? 0 : -1;
}

int
ns_mq_parse(const char *text, struct mq_info *info)
{
	char buf[256], *s, *tok, *val, *end;
	long long n;
	int have = 0;

	if (strlcpy(buf, text, sizeof(buf)) >= sizeof(buf))
		return -1;
	memset(info, 0, sizeof(*info));
	for (s = buf; (tok = strsep(&s, " \t\n")) != NULL;) {
		if (*tok == '\0' || (val = strchr(tok, ':')) == NULL)
			continue;
		*val++ = '\0';
		errno = 0;
		n = strtoll(val, &end, 10);
		if (errno || end == val || *end != '\0')
			return -1;
		if (strcmp(tok, "QSIZE") == 0 && n >= 0) {
			info->qsize = (uint64_t)n;
			have = 1;
		} else if (strcmp(tok, "NOTIFY") == 0)
			info->notify = n;
		else if (strcmp(tok, "SIGNO") == 0)
			info->signo = n;
		else if (strcmp(tok, "NOTIFY_PID") == 0 && n >= 0)
			info->notify_pid = (uint64_t)n;
	}
	return have ? 0 : -1;
}

static int
by_id(const void *a, const void *b)
{
	const struct ipc_row *x = a, *y = b;

	return x->v[IPC_ID] < y->v[IPC_ID] ? -1 : x->v[IPC_ID] > y->v[IPC_ID];
}

/* The ids of a row as the caller's user namespace has them, from those
 * of userns (ipcns.h); one it has none for is left out of the row. */
static void
map_ids(struct ipc_row *row, uint64_t userns)
{
	static const int fields[] = { IPC_UID, IPC_GID, IPC_CUID, IPC_CGID };
	size_t i;
	uint64_t id;
	int f;

	for (i = 0; i < sizeof(fields) / sizeof(fields[0]); i++) {
		f = fields[i];
		if ((row->has & (1U << f)) == 0)
			continue;
		if (ns_ipcns_id_up(userns, f == IPC_GID || f == IPC_CGID,
		    row->v[f], &id) == 0)
			row->v[f] = id;
		else
			row->has &= ~(1U << f);
	}
}

/* Parse one /proc/sysvipc table's text, in place; a row that does not
 * parse is left out. */
static void
parse_table(struct table *t, char *text, uint64_t userns)
{
	struct ipc_cols cols;
	struct ipc_row row;
	char *s = text, *line;

	t->loaded = 1;
	if ((line = strsep(&s, "\n")) == NULL ||
	    ns_ipc_parse_heading(line, &cols) == -1) {
		t->error = EIO;
		return;
	}
	while ((line = strsep(&s, "\n")) != NULL) {
		if (*line == '\0' || ns_ipc_parse_row(&cols, line, &row) == -1)
			continue;
		if (userns != 0)
			map_ids(&row, userns);
		t->rows = ns_xreallocarray(t->rows, t->nrows + 1,
		    sizeof(*t->rows));
		t->rows[t->nrows++] = row;
	}
	/* qsort's base must be a valid pointer even for no rows. */
	if (t->nrows > 0)
		qsort(t->rows, t->nrows, sizeof(*t->rows), by_id);
}

/* Read one table of the caller's namespace. */
static void
load_own(struct table *t, int kind)
{
	char *text;

	t->loaded = 1;
	if ((text = ns_read_file_at(AT_FDCWD, kind_files[kind])) == NULL) {
		t->error = errno;
		return;
	}
	parse_table(t, text, 0);
	free(text);
}

/* The tables of another namespace, all read the first time. */
static struct nstables *
load_other(uint64_t ino)
{
	struct nstables *n;
	char *text[K_MQUEUE];
	uint64_t userns;
	size_t i;
	int k;

	for (i = 0; i < nothers; i++)
		if (others[i]->ino == ino)
			return others[i];
	if ((others = reallocarray(others, nothers + 1,
	    sizeof(*others))) == NULL || (n = calloc(1, sizeof(*n))) == NULL)
		err(1, NULL);
	others[nothers++] = n;
	n->ino = ino;
	if (ns_ipcns_read(ino, text, &userns) == -1) {
		for (k = 0; k < K_MQUEUE; k++) {
			n->t[k].loaded = 1;
			n->t[k].error = errno;
		}
		return n;
	}
	for (k = 0; k < K_MQUEUE; k++) {
		parse_table(&n->t[k], text[k], userns);
		free(text[k]);
	}
	return n;
}

/* One table of the namespace ns (0: the caller's), read once a run. */
static struct table *
load_table(int kind, uint64_t ns)
{
	struct table *t;

	if (ns == 0) {
		t = &own.t[kind];
		if (!t->loaded)
			load_own(t, kind);
	} else
		t = &load_other(ns)->t[kind];
	if (t->error != 0) {
		errno = t->error;
		return NULL;
	}
	return t;
}

static struct ipc_row *
find_row(int kind, uint64_t id, uint64_t ns)
{
	struct ipc_row key, *r;
	struct table *t;

	if ((t = load_table(kind, ns)) == NULL)
		return NULL;
	key.v[IPC_ID] = id;
	/* bsearch wants a valid base even for no rows. */
	if (t->nrows == 0 || (r = bsearch(&key, t->rows, t->nrows,
	    sizeof(*t->rows), by_id)) == NULL) {
		errno = ENOENT;
		return NULL;
	}
	return r;
}

/* The row of an object, found again by id: the table outlives objects. */
static struct ipc_row *
row_of(struct ns_obj *o)
{
	return find_row(ipc_kind(o), ipc_id(o), ipc_ns(o));
}

static int
has(const struct ipc_row *r, int field)
{
	return (r->has & (1U << field)) != 0;
}

/*
 * ISO 8601 in local time with the zone's offset, as date -Iseconds and
 * every time attribute of the namespace print it.
 */
static void
add_time(struct ns_val *v, time_t t)
{
	struct tm tm;
	char buf[64];
	size_t n;

	if (localtime_r(&t, &tm) == NULL ||
	    (n = strftime(buf, sizeof(buf), "%Y-%m-%dT%H:%M:%S%z", &tm)) < 5) {
		ns_val_num(v, (unsigned long long)t);
		return;
	}
	/* strftime writes "+0100"; ISO 8601's extended form wants "+01:00". */
	memmove(buf + n - 1, buf + n - 2, 3);
	buf[n - 2] = ':';
	ns_val_add(v, buf);
}

static int
field_num(struct ns_obj *o, struct ns_val *v, int field)
{
	struct ipc_row *r;

	if ((r = row_of(o)) == NULL)
		return -1;
	if (!has(r, field)) {
		errno = ENOENT;
		return -1;
	}
	ns_val_num(v, (unsigned long long)r->v[field]);
	return 0;
}

/* A time the kernel leaves at 0 for "never" has no value. */
static int
field_time(struct ns_obj *o, struct ns_val *v, int field)
{
	struct ipc_row *r;

	if ((r = row_of(o)) == NULL)
		return -1;
	if (!has(r, field) || r->v[field] == 0) {
		errno = ENOENT;
		return -1;
	}
	add_time(v, (time_t)r->v[field]);
	return 0;
}

/* A process the object names, while it lives; 0 means none. */
static int
pid_link(struct ns_val *v, uint64_t pid)
{
	char path[64];

	snprintf(path, sizeof(path), "/proc/%llu", (unsigned long long)pid);
	if (pid == 0 || access(path, F_OK) == -1) {
		errno = ENOENT;
		return -1;
	}
	ns_val_add(v, path);
	return 0;
}

static int
field_pid(struct ns_obj *o, struct ns_val *v, int field)
{
	struct ipc_row *r;

	if ((r = row_of(o)) == NULL)
		return -1;
	if (!has(r, field)) {
		errno = ENOENT;
		return -1;
	}
	return pid_link(v, r->v[field]);
}

static int
field_link(struct ns_obj *o, struct ns_val *v, int field, const char *dir)
{
	struct ipc_row *r;

	if ((r = row_of(o)) == NULL)
		return -1;
	if (!has(r, field)) {
		errno = ENOENT;
		return -1;
	}
	ns_val_addf(v, "%s/%llu", dir, (unsigned long long)r->v[field]);
	return 0;
}

static int
get_key(struct ns_obj *o, struct ns_val *v)
{
	struct ipc_row *r;

	if ((r = row_of(o)) == NULL)
		return -1;
	ns_val_addf(v, "0x%08llx", (unsigned long long)r->v[IPC_KEY]);
	return 0;
}

static int
get_id(struct ns_obj *o, struct ns_val *v)
{
	ns_val_num(v, (unsigned long long)ipc_id(o));
	return 0;
}

static int
get_perm(struct ns_obj *o, struct ns_val *v)
{
	struct ipc_row *r;

	if ((r = row_of(o)) == NULL)
		return -1;
	ns_val_addf(v, "%04llo", (unsigned long long)(r->v[IPC_PERMS] & 0777));
	return 0;
}

static int
get_owner(struct ns_obj *o, struct ns_val *v)
{
	return field_link(o, v, IPC_UID, "/user");
}

static int
get_group(struct ns_obj *o, struct ns_val *v)
{
	return field_link(o, v, IPC_GID, "/group");
}

static int
get_creator(struct ns_obj *o, struct ns_val *v)
{
	return field_link(o, v, IPC_CUID, "/user");
}

static int
get_cgroup(struct ns_obj *o, struct ns_val *v)
{
	return field_link(o, v, IPC_CGID, "/group");
}

static int
get_ctime(struct ns_obj *o, struct ns_val *v)
{
	return field_time(o, v, IPC_CTIME);
}

static int
get_size(struct ns_obj *o, struct ns_val *v)
{
	return field_num(o, v, IPC_SIZE);
}

static int
get_nattch(struct ns_obj *o, struct ns_val *v)
{
	return field_num(o, v, IPC_NATTCH);
}

static int
get_cpid(struct ns_obj *o, struct ns_val *v)
{
	return field_pid(o, v, IPC_CPID);
}

static int
get_lpid(struct ns_obj *o, struct ns_val *v)
{
	return field_pid(o, v, IPC_LPID);
}

static int
get_atime(struct ns_obj *o, struct ns_val *v)
{
	return field_time(o, v, IPC_ATIME);
}

static int
get_dtime(struct ns_obj *o, struct ns_val *v)
{
	return field_time(o, v, IPC_DTIME);
}

static int
get_rss(struct ns_obj *o, struct ns_val *v)
{
	return field_num(o, v, IPC_RSS);
}

static int
get_swap(struct ns_obj *o, struct ns_val *v)
{
	return field_num(o, v, IPC_SWAP);
}

/* "dest" (removed, alive while attached) and "locked", as lsipc says. */
static int
get_status(struct ns_obj *o, struct ns_val *v)
{
	struct ipc_row *r;
	uint64_t m;

	if ((r = row_of(o)) == NULL)
		return -1;
	m = r->v[IPC_PERMS];
	if ((m & (SHM_DEST_BIT | SHM_LOCKED_BIT)) == 0) {
		errno = ENOENT;
		return -1;
	}
	ns_val_addf(v, "%s%s%s", m & SHM_DEST_BIT ? "dest" : "",
	    (m & SHM_DEST_BIT) && (m & SHM_LOCKED_BIT) ? "," : "",
	    m & SHM_LOCKED_BIT ? "locked" : "");
	return 0;
}

static int
by_attachment(const void *a, const void *b)
{
	const struct attachment *x = a, *y = b;

	if (x->id != y->id)
		return x->id < y->id ? -1 : 1;
	return x->pid < y->pid ? -1 : x->pid > y->pid;
}

/*
 * The segments one process has attached.  A segment shows in maps as a
 * file "/SYSVKEY (deleted)" whose inode number is the shmid; the key
 * alone would not do, as every private segment has key 0.
 */
static int
read_maps(uint64_t pid, void *arg)
{
	char path[64], *line = NULL, *name;
	unsigned long long ino, last = ULLONG_MAX;
	struct stat st;
	uint64_t ipcns;
	size_t cap = 0;
	int off;
	FILE *f;

	(void)arg;
	/* A process attaches the segments of its own namespace (one that
	 * left it since is taken for a member still). */
	snprintf(path, sizeof(path), "/proc/%llu/ns/ipc",
	    (unsigned long long)pid);
	ipcns = stat(path, &st) == 0 ? (uint64_t)st.st_ino : 0;
	snprintf(path, sizeof(path), "/proc/%llu/maps",
	    (unsigned long long)pid);
	if ((f = fopen(path, "re")) == NULL) {
		if (errno == EACCES || errno == EPERM) {
			/* Once a run with the process's other parts. */
			snprintf(path, sizeof(path), "/proc/%llu",
			    (unsigned long long)pid);
			ns_skip_path(path);
		}
		return 0;
	}
	while (getline(&line, &cap, f) != -1) {
		off = 0;
		if (sscanf(line, "%*s %*s %*s %*s %llu %n", &ino, &off) != 1 ||
		    off == 0)
			continue;
		name = line + off;
		if (strncmp(name, "/SYSV", 5) != 0 || ino == last)
			continue;
		last = ino;
		attached = ns_xreallocarray(attached, nattached + 1,
		    sizeof(*attached));
		attached[nattached].id = ino;
		attached[nattached].ipcns = ipcns;
		attached[nattached++].pid = pid;
	}
	free(line);
	fclose(f);
	return 0;
}

static void
load_attachments(void)
{
	size_t i, j;

	if (maps_read)
		return;
	maps_read = 1;
	ns_proc_each(read_maps, NULL);
	/* None may be readable (another user's processes, as nobody); qsort
	 * wants a valid base even for none. */
	if (nattached > 0)
		qsort(attached, nattached, sizeof(*attached), by_attachment);
	/* A process that maps a segment twice, apart, is one holder. */
	for (i = j = 0; i < nattached; i++)
		if (j == 0 || by_attachment(&attached[j - 1],
		    &attached[i]) != 0)
			attached[j++] = attached[i];
	nattached = j;
}

static int
get_attached(struct ns_obj *o, struct ns_val *v)
{
	struct ipc_row *r;
	size_t lo, hi, mid;
	uint64_t ns = ipc_ns(o) != 0 ? ipc_ns(o) : ns_ipcns_here();

	if ((r = row_of(o)) == NULL)
		return -1;
	/* Nothing attached: no need to read every process's maps. */
	if (has(r, IPC_NATTCH) && r->v[IPC_NATTCH] == 0) {
		errno = ENOENT;
		return -1;
	}
	load_attachments();
	for (lo = 0, hi = nattached; lo < hi;) {
		mid = lo + (hi - lo) / 2;
		if (attached[mid].id < ipc_id(o))
			lo = mid + 1;
		else
			hi = mid;
	}
	for (; lo < nattached && attached[lo].id == ipc_id(o); lo++)
		if (attached[lo].ipcns == ns)
			ns_val_addf(v, "/proc/%llu",
			    (unsigned long long)attached[lo].pid);
	return 0;
}

static int
get_nsems(struct ns_obj *o, struct ns_val *v)
{
	return field_num(o, v, IPC_NSEMS);
}

static int
get_otime(struct ns_obj *o, struct ns_val *v)
{
	return field_time(o, v, IPC_OTIME);
}

static int
get_cbytes(struct ns_obj *o, struct ns_val *v)
{
	return field_num(o, v, IPC_CBYTES);
}

static int
get_qnum(struct ns_obj *o, struct ns_val *v)
{
	return field_num(o, v, IPC_QNUM);
}

static int
get_lspid(struct ns_obj *o, struct ns_val *v)
{
	return field_pid(o, v, IPC_LSPID);
}

static int
get_lrpid(struct ns_obj *o, struct ns_val *v)
{
	return field_pid(o, v, IPC_LRPID);
}

static int
get_stime(struct ns_obj *o, struct ns_val *v)
{
	return field_time(o, v, IPC_STIME);
}

static int
get_rtime(struct ns_obj *o, struct ns_val *v)
{
	return field_time(o, v, IPC_RTIME);
}

/*
 * "0x51010e1b root 0600 65536 bytes 1 attached", "... 3 sems",
 * "... 128 bytes 2 msgs": what ipcs prints of each.
 */
static int
sysv_summary(struct ns_obj *o, struct ns_val *v)
{
	struct ipc_row *r;
	char head[128];

	if ((r = row_of(o)) == NULL)
		return -1;
	snprintf(head, sizeof(head), "0x%08llx %s %04llo",
	    (unsigned long long)r->v[IPC_KEY],
	    has(r, IPC_UID) ? ns_user_name(r->v[IPC_UID]) : "-",
	    (unsigned long long)(r->v[IPC_PERMS] & 0777));
	switch (ipc_kind(o)) {
	case K_SHM:
		ns_val_addf(v, "%s %llu bytes %llu attached", head,
		    (unsigned long long)r->v[IPC_SIZE],
		    (unsigned long long)r->v[IPC_NATTCH]);
		break;
	case K_SEM:
		ns_val_addf(v, "%s %llu sems", head,
		    (unsigned long long)r->v[IPC_NSEMS]);
		break;
	default:
		ns_val_addf(v, "%s %llu bytes %llu msgs", head,
		    (unsigned long long)r->v[IPC_CBYTES],
		    (unsigned long long)r->v[IPC_QNUM]);
		break;
	}
	return 0;
}

#define SYSV_ATTRS \
	{ "key", NS_STRING, "System V IPC key, in hex", get_key }, \
	{ "id", NS_NUMBER, "identifier (shmid, semid, msqid)", get_id }, \
	{ "owner", NS_LINK, "owning user", get_owner }, \
	{ "group", NS_LINK, "owning group", get_group }, \
	{ "creator", NS_LINK, "user who made it", get_creator }, \
	{ "cgroup", NS_LINK, "group of the user who made it", get_cgroup }, \
	{ "perm", NS_STRING, "permission bits in octal", get_perm }, \
	{ "ctime", NS_STRING, "last change, ISO 8601 local time", get_ctime }

static const struct ns_attr shm_attrs[] = {
	SYSV_ATTRS,
	{ "size", NS_NUMBER, "size in bytes", get_size },
	{ "nattch", NS_NUMBER, "how many attachments it has", get_nattch },
	{ "attached", NS_LINKS, "processes that have it attached",
	    get_attached },
	{ "cpid", NS_LINK, "process that made it, while it lives",
	    get_cpid },
	{ "lpid", NS_LINK, "process that last attached or detached it, "
	    "while it lives", get_lpid },
	{ "atime", NS_STRING, "last attach, ISO 8601 local time", get_atime },
	{ "dtime", NS_STRING, "last detach, ISO 8601 local time", get_dtime },
	{ "rss", NS_NUMBER, "bytes of it in memory", get_rss },
	{ "swap", NS_NUMBER, "bytes of it swapped out", get_swap },
	{ "status", NS_STRING, "dest (removed, kept while attached), locked",
	    get_status },
	{ NULL }
};

static const struct ns_attr sem_attrs[] = {
	SYSV_ATTRS,
	{ "nsems", NS_NUMBER, "semaphores in the set", get_nsems },
	{ "otime", NS_STRING, "last semop, ISO 8601 local time", get_otime },
	{ NULL }
};

static const struct ns_attr msg_attrs[] = {
	SYSV_ATTRS,
	{ "cbytes", NS_NUMBER, "bytes in the queue", get_cbytes },
	{ "qnum", NS_NUMBER, "messages in the queue", get_qnum },
	{ "lspid", NS_LINK, "process that sent last, while it lives",
	    get_lspid },
	{ "lrpid", NS_LINK, "process that received last, while it lives",
	    get_lrpid },
	{ "stime", NS_STRING, "last send, ISO 8601 local time", get_stime },
	{ "rtime", NS_STRING, "last receive, ISO 8601 local time", get_rtime },
	{ NULL }
};

static const struct ns_class shm_class = {
	.type = "shm",
	.attrs = shm_attrs,
	.summary = sysv_summary,
};

static const struct ns_class sem_class = {
	.type = "sem",
	.attrs = sem_attrs,
	.summary = sysv_summary,
};

static const struct ns_class msg_class = {
	.type = "msg",
	.attrs = msg_attrs,
	.summary = sysv_summary,
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

static const char *
mq_dir(void)
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
	if (mq_dir() != NULL) {
		p->file = mq_file(mq_name(o));
		if (lstat(p->file, &st) == 0)
			return p->file;
		free(p->file);
	}
	if ((p->file = mq_holder(o)) == NULL)
		errno = ENOENT;
	return p->file;
}

static struct stat *
mq_stat(struct ns_obj *o)
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
	return pid_link(v, i->notify_pid);
}

static int
get_mq_owner(struct ns_obj *o, struct ns_val *v)
{
	struct stat *st;

	if ((st = mq_stat(o)) == NULL)
		return -1;
	ns_val_addf(v, "/user/%u", (unsigned)st->st_uid);
	return 0;
}

static int
get_mq_group(struct ns_obj *o, struct ns_val *v)
{
	struct stat *st;

	if ((st = mq_stat(o)) == NULL)
		return -1;
	ns_val_addf(v, "/group/%u", (unsigned)st->st_gid);
	return 0;
}

static int
get_mq_perm(struct ns_obj *o, struct ns_val *v)
{
	struct stat *st;

	if ((st = mq_stat(o)) == NULL)
		return -1;
	ns_val_addf(v, "%04o", (unsigned)(st->st_mode & 07777));
	return 0;
}

static int
get_mq_file(struct ns_obj *o, struct ns_val *v)
{
	char *path;

	if (mq_dir() == NULL) {
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

	if ((st = mq_stat(o)) == NULL)
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
	{ "owner", NS_LINK, "owning user", get_mq_owner },
	{ "group", NS_LINK, "owning group", get_mq_group },
	{ "perm", NS_STRING, "permission bits in octal", get_mq_perm },
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

static const struct ns_class mq_class = {
	.type = "mqueue",
	.attrs = mq_attrs,
	.summary = mq_summary,
	.release = mq_release,
};

/* Where the namespace ns names its objects: /ipc for the caller's, else
 * /ns/ipc/INODE/ipc. */
static void
top_path(uint64_t ns, char *buf, size_t size)
{
	if (ns == 0)
		strlcpy(buf, "/ipc", size);
	else
		snprintf(buf, size, "/ns/ipc/%llu/ipc", (unsigned long long)ns);
}

static int
set_sysv(struct ns_obj *o, int kind, uint64_t id, uint64_t ns)
{
	char top[48];

	top_path(ns, top, sizeof(top));
	if (ns_obj_set(o, obj_classes[kind], "%s/%s/%llu", top,
	    kind_names[kind], (unsigned long long)id) == -1)
		return -1;
	o->id[0] = id;
	o->id[1] = (uint64_t)kind;
	o->id[2] = ns;
	return 0;
}

static int
set_mq(struct ns_obj *o, const char *name)
{
	if (ns_obj_set(o, &mq_class, "/ipc/mqueue/%s", name) == -1)
		return -1;
	o->id[1] = K_MQUEUE;
	return 0;
}

static int
sysv_list(int kind, uint64_t ns, ns_emit_fn emit, void *arg)
{
	struct ns_obj c = {0};
	struct table *t;
	size_t i;
	int stop = 0;

	/* A namespace that could not be read was counted where it was. */
	if ((t = load_table(kind, ns)) == NULL)
		return ns_errno_benign(errno) ? 0 : -1;
	for (i = 0; i < t->nrows && !stop; i++) {
		set_sysv(&c, kind, t->rows[i].v[IPC_ID], ns);
		stop = emit(&c, arg);
		ns_obj_clear(&c);
	}
	return stop;
}

static int
mq_list(ns_emit_fn emit, void *arg)
{
	struct ns_obj c = {0};
	struct dirent *d;
	DIR *dir;
	int stop = 0;

	if (mq_dir() == NULL)
		return 0;
	if ((dir = opendir(mq.dir)) == NULL)
		return ns_errno_benign(errno) ? 0 : -1;
	while (!stop && (d = readdir(dir)) != NULL) {
		if (strcmp(d->d_name, ".") == 0 || strcmp(d->d_name, "..") == 0)
			continue;
		set_mq(&c, d->d_name);
		stop = emit(&c, arg);
		ns_obj_clear(&c);
	}
	closedir(dir);
	return stop;
}

static int
kind_list(struct ns_obj *o, ns_emit_fn emit, void *arg)
{
	if (ipc_node_kind(o) == K_MQUEUE)
		return mq_list(emit, arg);
	return sysv_list(ipc_node_kind(o), ipc_ns(o), emit, arg);
}

static int
kind_summary(struct ns_obj *o, struct ns_val *v)
{
	size_t n;

	if (ipc_node_kind(o) == K_MQUEUE && mq_dir() == NULL) {
		ns_val_add(v, "no mqueue file system mounted");
		return 0;
	}
	n = ns_count_children(o);
	ns_val_addf(v, "%zu %s%s", n, kind_what[ipc_node_kind(o)], n == 1 ? "" : "s");
	return 0;
}

static int
get_mount(struct ns_obj *o, struct ns_val *v)
{
	if (ipc_node_kind(o) != K_MQUEUE || mq_dir() == NULL) {
		errno = ENOENT;
		return -1;
	}
	ns_val_addf(v, "/mount/%d", mq.mount_id);
	return 0;
}

static const struct ns_attr kind_attrs[] = {
	{ "mount", NS_LINK, "mount of the mqueue file system whose queues "
	    "are listed", get_mount },
	{ NULL }
};

static const struct ns_class kind_class = {
	.type = "ipcs",
	.attrs = kind_attrs,
	.list = kind_list,
	.summary = kind_summary,
};

static int
set_kind(struct ns_obj *o, int kind, uint64_t ns)
{
	char top[48];

	top_path(ns, top, sizeof(top));
	if (ns_obj_set(o, &kind_class, "%s/%s", top, kind_names[kind]) == -1)
		return -1;
	o->id[0] = (uint64_t)kind;
	o->id[2] = ns;
	return 0;
}

/* The kinds a namespace has: another's no mqueue (ipcns.h). */
static int
nkinds(uint64_t ns)
{
	return ns == 0 ? NKINDS : K_MQUEUE;
}

static int
top_list(struct ns_obj *o, ns_emit_fn emit, void *arg)
{
	struct ns_obj c = { 0 };
	int k, stop = 0;

	for (k = 0; k < nkinds(ipc_ns(o)) && !stop; k++) {
		if (set_kind(&c, k, ipc_ns(o)) == -1)
			return -1;
		stop = emit(&c, arg);
		ns_obj_clear(&c);
	}
	return stop;
}

static int
top_summary(struct ns_obj *o, struct ns_val *v)
{
	(void)o;
	ns_val_add(v, "System V and POSIX IPC objects");
	return 0;
}

static const struct ns_attr top_attrs[] = {
	{ NULL }
};

static const struct ns_class top_class = {
	.type = "ipc",
	.attrs = top_attrs,
	.list = top_list,
	.summary = top_summary,
};

static int
kind_index(const char *name)
{
	int k;

	for (k = 0; k < NKINDS; k++)
		if (strcmp(kind_names[k], name) == 0)
			return k;
	return -1;
}

static int
set_top(struct ns_obj *o, uint64_t ns)
{
	char top[48];

	top_path(ns, top, sizeof(top));
	if (ns_obj_set(o, &top_class, "%s", top) == -1)
		return -1;
	o->id[2] = ns;
	return 0;
}

/* The node or object at comp of the namespace ns (0: the caller's). */
static int
lookup_in(struct ns_obj *o, uint64_t ns, char **comp, int n)
{
	struct stat *st;
	uint64_t id;
	int k;

	if (n == 0)
		return set_top(o, ns);
	if (n > 2 || (k = kind_index(comp[0])) == -1 || k >= nkinds(ns))
		goto none;
	if (n == 1)
		return set_kind(o, k, ns);
	if (k == K_MQUEUE) {
		if (strcmp(comp[1], ".") == 0 || strcmp(comp[1], "..") == 0 ||
		    set_mq(o, comp[1]) == -1)
			goto none;
		if ((st = mq_stat(o)) == NULL || !S_ISREG(st->st_mode)) {
			ns_obj_clear(o);
			goto none;
		}
		return 0;
	}
	if (ns_parse_u64(comp[1], INT_MAX, &id) == -1)
		goto none;
	/* A namespace not ours to read says so, not "no such object". */
	if (find_row(k, id, ns) == NULL) {
		if (errno == EACCES)
			return -1;
		goto none;
	}
	return set_sysv(o, k, id, ns);
none:
	errno = ENOENT;
	return -1;
}

static int
ipc_lookup(struct ns_obj *o, char **comp, int n)
{
	return lookup_in(o, 0, comp, n);
}

int
ns_ipc_lookup_in(struct ns_obj *o, uint64_t ino, char **comp, int n)
{
	return lookup_in(o, ino == ns_ipcns_here() ? 0 : ino, comp, n);
}

/* A file of the mqueue mount, /dev/mqueue/q, is that queue. */
static int
ipc_recognize(struct ns_obj *o, const char *path, const struct stat *st)
{
	const char *name;
	size_t len;

	/* mqueue is a pseudo file system, with major 0: most files are
	 * ruled out before the mount table is read. */
	if (!S_ISREG(st->st_mode) || major(st->st_dev) != 0 ||
	    mq_dir() == NULL || st->st_dev != mq.dev)
		return 0;
	len = strlen(mq.dir);
	if (strncmp(path, mq.dir, len) != 0 || path[len] != '/')
		return 0;
	name = path + len + 1;
	if (*name == '\0' || strchr(name, '/') != NULL)
		return 0;
	return set_mq(o, name) == -1 ? -1 : 1;
}

static const struct ns_class *const classes[] = {
	&top_class, &kind_class, &shm_class, &sem_class, &msg_class,
	&mq_class, NULL
};

const struct ns_provider ns_ipc_provider = {
	.name = "ipc",
	.help = "System V and POSIX IPC objects",
	.lookup = ipc_lookup,
	.recognize = ipc_recognize,
	.ident = NULL,
	.classes = classes,
};
NS_PROVIDER(ns_ipc_provider);
