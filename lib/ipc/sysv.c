/*
 * sysv.c: the System V objects of the /ipc provider: shared memory
 * segments, semaphore sets and message queues.
 *
 * Each /proc/sysvipc table is read once a run, the caller's a file at a
 * time as asked and another namespace's all three at once, from inside
 * it (ipcns.c); an object is found again by id in its table, which
 * outlives objects.  Which processes have a segment attached is found by
 * one read of every process's maps, and only when that column is asked
 * for.  ipc.c names the objects; this file reads them.
 */
#include <sys/stat.h>
#include <sys/types.h>

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
#include "ipcns.h"
#include "ipcparse.h"
#include "ipcpriv.h"

/* The status bits shm keeps in the mode, beside the permissions. */
#define SHM_DEST_BIT	01000
#define SHM_LOCKED_BIT	02000

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

static const char *const kind_files[K_MQUEUE] = {
	"/proc/sysvipc/shm", "/proc/sysvipc/sem", "/proc/sysvipc/msg"
};

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
struct table *
ns_ipc_load_table(int kind, uint64_t ns)
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

struct ipc_row *
ns_ipc_find_row(int kind, uint64_t id, uint64_t ns)
{
	struct ipc_row key, *r;
	struct table *t;

	if ((t = ns_ipc_load_table(kind, ns)) == NULL)
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
	return ns_ipc_find_row(ipc_kind(o), ipc_id(o), ipc_ns(o));
}

static int
has(const struct ipc_row *r, int field)
{
	return (r->has & (1U << field)) != 0;
}

/* The row of an object if it gives field, else NULL: a kernel's table
 * may lack the column, and an id may have no name here (map_ids). */
static struct ipc_row *
row_with(struct ns_obj *o, int field)
{
	struct ipc_row *r;

	if ((r = row_of(o)) != NULL && !has(r, field)) {
		errno = ENOENT;
		r = NULL;
	}
	return r;
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

	if ((r = row_with(o, field)) == NULL)
		return -1;
	ns_val_num(v, (unsigned long long)r->v[field]);
	return 0;
}

/* A time the kernel leaves at 0 for "never" has no value. */
static int
field_time(struct ns_obj *o, struct ns_val *v, int field)
{
	struct ipc_row *r;

	if ((r = row_with(o, field)) == NULL)
		return -1;
	if (r->v[field] == 0) {
		errno = ENOENT;
		return -1;
	}
	add_time(v, (time_t)r->v[field]);
	return 0;
}

/* A process the object names, while it lives; 0 means none. */
int
ns_ipc_pid_link(struct ns_val *v, uint64_t pid)
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

	if ((r = row_with(o, field)) == NULL)
		return -1;
	return ns_ipc_pid_link(v, r->v[field]);
}

static int
field_link(struct ns_obj *o, struct ns_val *v, int field, const char *dir)
{
	struct ipc_row *r;

	if ((r = row_with(o, field)) == NULL)
		return -1;
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
	NS_COL_FILE_OWNER(get_owner), \
	NS_COL_FILE_GROUP(get_group), \
	{ "creator", NS_LINK, "user who made it", get_creator }, \
	{ "cgroup", NS_LINK, "group of the user who made it", get_cgroup }, \
	NS_COL_FILE_PERM(get_perm), \
	{ "ctime", NS_STRING, "last change, ISO 8601 local time", get_ctime }

static const struct ns_attr shm_attrs[] = {
	SYSV_ATTRS,
	NS_COL_FILE_SIZE(get_size),
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

const struct ns_class ns_ipc_shm_class = {
	.type = "shm",
	.attrs = shm_attrs,
	.summary = sysv_summary,
};

const struct ns_class ns_ipc_sem_class = {
	.type = "sem",
	.attrs = sem_attrs,
	.summary = sysv_summary,
};

const struct ns_class ns_ipc_msg_class = {
	.type = "msg",
	.attrs = msg_attrs,
	.summary = sysv_summary,
};
