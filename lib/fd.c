/*
 * fd.c: file descriptors, /proc/PID/fd/N, and the one scan of every
 * descriptor on the system that reverse links take.
 *
 * A descriptor is told at first sight by the text readlink gives for it;
 * what it refers to, its object, is a canonical path worked out per
 * family (a file, a pipe, a socket, each kind of anonymous inode), and
 * the rest comes lazily from one stat(2), one lstat(2) (the open mode)
 * and one read of /proc/PID/fdinfo/N, each done at most once.
 *
 * The index reads every descriptor of every process once a run and
 * hashes them by object, family by family as questions need, so that
 * the holders of any number of objects cost one scan: fdinfo PATH, the
 * readers of a pipe, the descriptors of an eventfd.
 *
 * fdinfo is a list of "key: value" lines, but each kind of descriptor
 * adds lines of its own, some with several "key:value" words on one
 * line (epoll's targets, inotify's watches), some numbers in decimal,
 * some in octal, some in hex, as the kernel's seq_printf formats have
 * it.  Each reader knows one kind's lines and passes over the rest, so
 * that a kernel that adds a line breaks nothing.
 */
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/fanotify.h>
#include <sys/inotify.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/signalfd.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/syscall.h>
#include <sys/sysmacros.h>
#include <sys/timerfd.h>
#include <sys/xattr.h>

#include <linux/bpf.h>
#include <linux/if_tun.h>
#include <net/if.h>

#include <ctype.h>
#include <dirent.h>
#include <err.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pwd.h>
#include <search.h>
#include <signal.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "fd.h"

/* The start of the line after s, or NULL at the end of the text. */
static const char *
next_line(const char *s)
{
	if ((s = strchr(s, '\n')) == NULL)
		return NULL;
	return s + 1;
}

/* The value of a line that starts with key (which ends in ':'), blanks
 * after it skipped; NULL if this line is not that key's. */
static const char *
line_value(const char *line, const char *key)
{
	size_t n = strlen(key);

	if (strncmp(line, key, n) != 0)
		return NULL;
	line += n;
	while (*line == ' ' || *line == '\t')
		line++;
	return line;
}

/* The first line of text that starts with key, its value. */
static const char *
find_value(const char *text, const char *key)
{
	const char *s, *v;

	for (s = text; s != NULL && *s != '\0'; s = next_line(s))
		if ((v = line_value(s, key)) != NULL)
			return v;
	return NULL;
}

/*
 * A number in the given base at s; it must end at a blank, a comma, a
 * ')' or the end of the line, so that "12abc" is no number.  A leading
 * "0x" is taken in base 16.
 */
static int
number(const char *s, int base, uint64_t *out)
{
	unsigned long long n;
	char *end;

	if (base == 16 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X'))
		s += 2;
	if (!isxdigit((unsigned char)*s) || (base != 16 && !isdigit(
	    (unsigned char)*s)))
		return -1;
	errno = 0;
	n = strtoull(s, &end, base);
	if (errno != 0)
		return -1;
	if (*end != '\0' && *end != '\n' && *end != ' ' && *end != '\t' &&
	    *end != ',' && *end != ')')
		return -1;
	*out = n;
	return 0;
}

/* A signed decimal number: -1 is how the kernel says "none". */
static int
snumber(const char *s, int64_t *out)
{
	uint64_t n;

	if (*s == '-') {
		if (number(s + 1, 10, &n) == -1 || n > (uint64_t)INT64_MAX)
			return -1;
		*out = -(int64_t)n;
		return 0;
	}
	if (number(s, 10, &n) == -1 || n > (uint64_t)INT64_MAX)
		return -1;
	*out = (int64_t)n;
	return 0;
}

/*
 * The value of the word "key" (ending in ':') on one line of several
 * words, such as "tfd:  5 events: 19": the key must start the line or
 * follow a blank, and blanks after it are skipped.
 */
static const char *
word_value(const char *line, const char *key)
{
	const char *end = strchr(line, '\n'), *s;
	size_t n = strlen(key);

	if (end == NULL)
		end = line + strlen(line);
	for (s = line; s + n <= end; s++) {
		if (s != line && s[-1] != ' ' && s[-1] != '\t')
			continue;
		if (strncmp(s, key, n) != 0)
			continue;
		s += n;
		while (s < end && (*s == ' ' || *s == '\t'))
			s++;
		return s;
	}
	return NULL;
}

static int
word_number(const char *line, const char *key, int base, uint64_t *out)
{
	const char *v;

	if ((v = word_value(line, key)) == NULL)
		return -1;
	return number(v, base, out);
}

int
fdinfo_field(const char *text, const char *key, char *buf, size_t size)
{
	const char *v, *end;
	char k[64];
	size_t n;

	if ((size_t)snprintf(k, sizeof(k), "%s:", key) >= sizeof(k) ||
	    (v = find_value(text, k)) == NULL)
		return -1;
	if ((end = strchr(v, '\n')) == NULL)
		end = v + strlen(v);
	n = end - v;
	if (n >= size)
		return -1;
	memcpy(buf, v, n);
	buf[n] = '\0';
	return 0;
}

int
fdinfo_parse_common(const char *text, struct fdinfo_common *c)
{
	const char *s, *v;

	memset(c, 0, sizeof(*c));
	for (s = text; s != NULL && *s != '\0'; s = next_line(s)) {
		/* A position can be negative for some devices: no number. */
		if ((v = line_value(s, "pos:")) != NULL) {
			if (number(v, 10, &c->pos) == 0)
				c->has |= FI_POS;
		} else if ((v = line_value(s, "flags:")) != NULL) {
			if (number(v, 8, &c->flags) == 0)
				c->has |= FI_FLAGS;
		} else if ((v = line_value(s, "mnt_id:")) != NULL) {
			if (number(v, 10, &c->mnt_id) == 0)
				c->has |= FI_MNT_ID;
		} else if ((v = line_value(s, "ino:")) != NULL) {
			if (number(v, 10, &c->ino) == 0)
				c->has |= FI_INO;
		}
	}
	return (c->has & FI_FLAGS) ? 0 : -1;
}

int
fdinfo_parse_eventfd(const char *text, struct fdinfo_eventfd *e)
{
	const char *v;
	uint64_t n;
	int seen = 0;

	memset(e, 0, sizeof(*e));
	e->id = -1;
	/* The count is hex, padded with blanks to 16 places. */
	if ((v = find_value(text, "eventfd-count:")) != NULL &&
	    number(v, 16, &e->count) == 0)
		seen = 1;
	if ((v = find_value(text, "eventfd-id:")) != NULL &&
	    number(v, 10, &n) == 0 && n <= INT64_MAX)
		e->id = (int64_t)n;
	if ((v = find_value(text, "eventfd-semaphore:")) != NULL &&
	    number(v, 10, &n) == 0)
		e->semaphore = n != 0;
	return seen ? 0 : -1;
}

int
fdinfo_parse_epoll(const char *text, struct fdinfo_tfd *tfd, size_t max)
{
	const char *s, *v;
	uint64_t fd, events, ino, sdev;
	size_t n = 0;

	for (s = text; s != NULL && *s != '\0'; s = next_line(s)) {
		if ((v = line_value(s, "tfd:")) == NULL)
			continue;
		if (number(v, 10, &fd) == -1 || fd > INT32_MAX ||
		    word_number(s, "events:", 16, &events) == -1)
			continue;
		if (word_number(s, "ino:", 16, &ino) == -1)
			ino = 0;
		if (word_number(s, "sdev:", 16, &sdev) == -1)
			sdev = 0;
		if (n < max) {
			tfd[n].fd = (int)fd;
			tfd[n].events = (uint32_t)events;
			tfd[n].ino = ino;
			tfd[n].sdev = (uint32_t)sdev;
		}
		n++;
	}
	return (int)(n > INT32_MAX ? INT32_MAX : n);
}

/* "(SEC, NSEC)", as timerfd prints a timespec. */
static int
timespec_value(const char *v, uint64_t *sec, uint64_t *nsec)
{
	const char *comma;

	if (*v != '(' || number(v + 1, 10, sec) == -1)
		return -1;
	for (comma = v + 1; isdigit((unsigned char)*comma); comma++)
		continue;
	if (*comma++ != ',')
		return -1;
	while (*comma == ' ')
		comma++;
	if (number(comma, 10, nsec) == -1 || *nsec >= 1000000000)
		return -1;
	return 0;
}

int
fdinfo_parse_timerfd(const char *text, struct fdinfo_timerfd *t)
{
	const char *v;
	uint64_t n;

	memset(t, 0, sizeof(*t));
	if ((v = find_value(text, "clockid:")) == NULL ||
	    number(v, 10, &n) == -1 || n > INT32_MAX)
		return -1;
	t->clockid = (int)n;
	if ((v = find_value(text, "ticks:")) != NULL)
		(void)number(v, 10, &t->ticks);
	if ((v = find_value(text, "it_value:")) == NULL ||
	    timespec_value(v, &t->value_sec, &t->value_nsec) == -1)
		return -1;
	if ((v = find_value(text, "it_interval:")) == NULL ||
	    timespec_value(v, &t->interval_sec, &t->interval_nsec) == -1)
		return -1;
	return 0;
}

int
fdinfo_parse_signalfd(const char *text, uint64_t *mask)
{
	const char *v;

	if ((v = find_value(text, "sigmask:")) == NULL)
		return -1;
	return number(v, 16, mask);
}

static int
hexval(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

/* "fhandle-bytes:8 fhandle-type:1 f_handle:5720a700c5a689bf" */
static void
mark_handle(const char *line, struct fdinfo_mark *m)
{
	const char *v;
	uint64_t bytes, type;
	unsigned i;
	int hi, lo;

	if (word_number(line, "fhandle-bytes:", 16, &bytes) == -1 ||
	    word_number(line, "fhandle-type:", 16, &type) == -1 ||
	    bytes == 0 || bytes > sizeof(m->handle) || type > INT32_MAX ||
	    (v = word_value(line, "f_handle:")) == NULL)
		return;
	for (i = 0; i < bytes; i++) {
		if ((hi = hexval(v[2 * i])) < 0 || (lo = hexval(v[2 * i + 1])) <
		    0)
			return;
		m->handle[i] = (unsigned char)(hi << 4 | lo);
	}
	m->handle_bytes = (unsigned)bytes;
	m->handle_type = (int)type;
}

/* One mark line after its "inotify " or "fanotify " word. */
static int
parse_mark(const char *line, struct fdinfo_mark *m)
{
	uint64_t n;

	memset(m, 0, sizeof(*m));
	m->wd = -1;
	if (word_number(line, "wd:", 16, &n) == 0 && n <= INT32_MAX)
		m->wd = (int)n;
	if (word_number(line, "ino:", 16, &m->ino) == 0 &&
	    word_number(line, "sdev:", 16, &n) == 0)
		m->sdev = (uint32_t)n;
	else if (word_number(line, "mnt_id:", 16, &m->mnt_id) == -1 &&
	    word_number(line, "sdev:", 16, &n) == 0)
		m->sdev = (uint32_t)n;
	else if (m->mnt_id == 0)
		return -1;
	if (word_number(line, "mask:", 16, &n) == -1)
		return -1;
	m->mask = (uint32_t)n;
	mark_handle(line, m);
	return 0;
}

int
fdinfo_parse_inotify(const char *text, struct fdinfo_mark *marks, size_t max)
{
	struct fdinfo_mark m;
	const char *s, *v;
	size_t n = 0;

	for (s = text; s != NULL && *s != '\0'; s = next_line(s)) {
		if ((v = line_value(s, "inotify ")) == NULL ||
		    parse_mark(v, &m) == -1 || m.wd == -1)
			continue;
		if (n < max)
			marks[n] = m;
		n++;
	}
	return (int)(n > INT32_MAX ? INT32_MAX : n);
}

int
fdinfo_parse_fanotify(const char *text, struct fdinfo_fanotify *f,
    struct fdinfo_mark *marks, size_t max, size_t *nmarks)
{
	struct fdinfo_mark m;
	const char *s, *v;
	uint64_t flags, eflags;
	int seen = 0;

	memset(f, 0, sizeof(*f));
	*nmarks = 0;
	for (s = text; s != NULL && *s != '\0'; s = next_line(s)) {
		if ((v = line_value(s, "fanotify ")) == NULL)
			continue;
		if (word_number(v, "flags:", 16, &flags) == 0 &&
		    word_number(v, "event-flags:", 16, &eflags) == 0) {
			f->flags = (uint32_t)flags;
			f->event_flags = (uint32_t)eflags;
			seen = 1;
			continue;
		}
		if (parse_mark(v, &m) == -1)
			continue;
		if (*nmarks < max)
			marks[*nmarks] = m;
		(*nmarks)++;
	}
	return seen ? 0 : -1;
}

int
fdinfo_parse_pidfd(const char *text, struct fdinfo_pidfd *p)
{
	const char *v, *end;
	size_t n;

	memset(p, 0, sizeof(*p));
	if ((v = find_value(text, "Pid:")) == NULL || snumber(v, &p->pid) ==
	    -1)
		return -1;
	if ((v = find_value(text, "NSpid:")) != NULL) {
		if ((end = strchr(v, '\n')) == NULL)
			end = v + strlen(v);
		n = end - v;
		if (n >= sizeof(p->nspid))
			n = sizeof(p->nspid) - 1;
		memcpy(p->nspid, v, n);
		p->nspid[n] = '\0';
		/* The ids are tab-separated; one blank reads better. */
		for (n = 0; p->nspid[n] != '\0'; n++)
			if (p->nspid[n] == '\t')
				p->nspid[n] = ' ';
	}
	return 0;
}

int
fdinfo_parse_bpf(const char *text, struct fdinfo_bpf *b)
{
	const char *v;

	memset(b, 0, sizeof(*b));
	/* A link names its program's id and tag, but no program type. */
	if (fdinfo_field(text, "link_type", b->link_type,
	    sizeof(b->link_type)) == 0) {
		b->link = 1;
		if ((v = find_value(text, "link_id:")) == NULL ||
		    number(v, 10, &b->id) == -1)
			return -1;
		if ((v = find_value(text, "prog_id:")) == NULL ||
		    number(v, 10, &b->prog_id) == -1)
			b->prog_id = 0;
		if (fdinfo_field(text, "prog_tag", b->tag, sizeof(b->tag)) ==
		    -1)
			b->tag[0] = '\0';
		return 0;
	}
	if ((v = find_value(text, "prog_type:")) != NULL) {
		b->prog = 1;
		if (number(v, 10, &b->type) == -1 ||
		    (v = find_value(text, "prog_id:")) == NULL ||
		    number(v, 10, &b->id) == -1)
			return -1;
		if (fdinfo_field(text, "prog_tag", b->tag, sizeof(b->tag)) ==
		    -1)
			b->tag[0] = '\0';
		return 0;
	}
	if ((v = find_value(text, "map_type:")) == NULL ||
	    number(v, 10, &b->type) == -1 ||
	    (v = find_value(text, "map_id:")) == NULL ||
	    number(v, 10, &b->id) == -1)
		return -1;
	return 0;
}

int
fdinfo_parse_io_uring(const char *text, struct fdinfo_io_uring *u)
{
	const char *v;
	uint64_t mask;

	memset(u, 0, sizeof(*u));
	u->sq_thread = -1;
	/* The rings' sizes are powers of two, printed as their masks. */
	if ((v = find_value(text, "SqMask:")) == NULL ||
	    number(v, 16, &mask) == -1 || mask == UINT64_MAX)
		return -1;
	u->sq_entries = mask + 1;
	if ((v = find_value(text, "CqMask:")) == NULL ||
	    number(v, 16, &mask) == -1 || mask == UINT64_MAX)
		return -1;
	u->cq_entries = mask + 1;
	if ((v = find_value(text, "SqThread:")) != NULL &&
	    snumber(v, &u->sq_thread) == -1)
		u->sq_thread = -1;
	return 0;
}

/* Append a name to a comma-separated list in buf. */
static void
add_name(char *buf, size_t size, const char *name)
{
	if (*buf != '\0')
		strlcat(buf, ",", size);
	strlcat(buf, name, size);
}

/*
 * The kernel sets O_LARGEFILE on every file a 64-bit process opens, but
 * where off_t is 64 bits glibc defines the flag as 0, so the bit the
 * kernel prints is its own: the asm-generic one, or the arm one.
 */
#if defined(__aarch64__) || defined(__arm__)
#define KERNEL_O_LARGEFILE	0400000
#elif defined(__powerpc__)
#define KERNEL_O_LARGEFILE	0200000
#else
#define KERNEL_O_LARGEFILE	0100000
#endif

void
fd_flags_string(uint64_t flags, char *buf, size_t size)
{
	static const struct {
		uint64_t	 bit;
		const char	*name;
	} names[] = {
		{ O_APPEND, "append" },
		{ O_ASYNC, "async" },
		{ O_CLOEXEC, "cloexec" },
		{ O_DIRECT, "direct" },
		{ O_DIRECTORY, "directory" },
		{ O_DSYNC, "dsync" },
		{ KERNEL_O_LARGEFILE, "largefile" },
		{ O_NOATIME, "noatime" },
		{ O_NOCTTY, "noctty" },
		{ O_NOFOLLOW, "nofollow" },
		{ O_NONBLOCK, "nonblock" },
		{ O_PATH, "path" },
	};
	char rest[32];
	size_t i;

	*buf = '\0';
	flags &= ~(uint64_t)O_ACCMODE;
	/* O_SYNC and O_TMPFILE each hold the bit of a lesser flag. */
	if ((flags & O_TMPFILE) == O_TMPFILE) {
		add_name(buf, size, "tmpfile");
		flags &= ~(uint64_t)O_TMPFILE;
	}
	if ((flags & O_SYNC) == O_SYNC) {
		add_name(buf, size, "sync");
		flags &= ~(uint64_t)O_SYNC;
	}
	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		if ((flags & names[i].bit) == 0)
			continue;
		add_name(buf, size, names[i].name);
		flags &= ~names[i].bit;
	}
	if (flags != 0) {
		snprintf(rest, sizeof(rest), "0%llo",
		    (unsigned long long)flags);
		add_name(buf, size, rest);
	}
}

void
fd_sigmask_string(uint64_t mask, char *buf, size_t size)
{
	const char *abbrev;
	char num[32];
	int sig;

	*buf = '\0';
	for (sig = 1; sig <= 64; sig++) {
		if ((mask & (1ULL << (sig - 1))) == 0)
			continue;
		if ((abbrev = sigabbrev_np(sig)) != NULL)
			add_name(buf, size, abbrev);
		else {
			if (sig == SIGRTMIN)
				snprintf(num, sizeof(num), "RTMIN");
			else if (sig > SIGRTMIN && sig <= SIGRTMAX)
				snprintf(num, sizeof(num), "RTMIN+%d",
				    sig - SIGRTMIN);
			else
				snprintf(num, sizeof(num), "%d", sig);
			add_name(buf, size, num);
		}
	}
}

const char *
fd_clock_name(int id)
{
	switch (id) {
	case 0:
		return "realtime";
	case 1:
		return "monotonic";
	case 7:
		return "boottime";
	case 8:
		return "realtime-alarm";
	case 9:
		return "boottime-alarm";
	}
	return NULL;
}

/* The names of enum bpf_map_type and bpf_prog_type, by number. */
static const char *const map_types[] = {
	"unspec", "hash", "array", "prog_array", "perf_event_array",
	"percpu_hash", "percpu_array", "stack_trace", "cgroup_array",
	"lru_hash", "lru_percpu_hash", "lpm_trie", "array_of_maps",
	"hash_of_maps", "devmap", "sockmap", "cpumap", "xskmap", "sockhash",
	"cgroup_storage", "reuseport_sockarray", "percpu_cgroup_storage",
	"queue", "stack", "sk_storage", "devmap_hash", "struct_ops",
	"ringbuf", "inode_storage", "task_storage", "bloom_filter",
	"user_ringbuf", "cgrp_storage", "arena",
};
static const char *const prog_types[] = {
	"unspec", "socket_filter", "kprobe", "sched_cls", "sched_act",
	"tracepoint", "xdp", "perf_event", "cgroup_skb", "cgroup_sock",
	"lwt_in", "lwt_out", "lwt_xmit", "sock_ops", "sk_skb",
	"cgroup_device", "sk_msg", "raw_tracepoint", "cgroup_sock_addr",
	"lwt_seg6local", "lirc_mode2", "sk_reuseport", "flow_dissector",
	"cgroup_sysctl", "raw_tracepoint_writable", "cgroup_sockopt",
	"tracing", "struct_ops", "ext", "lsm", "sk_lookup", "syscall",
	"netfilter",
};

const char *
fd_bpf_type_name(int prog, uint64_t type)
{
	if (prog)
		return type < sizeof(prog_types) / sizeof(prog_types[0]) ?
		    prog_types[type] : NULL;
	return type < sizeof(map_types) / sizeof(map_types[0]) ?
	    map_types[type] : NULL;
}

void
fd_epoll_events_string(uint32_t events, char *buf, size_t size)
{
	static const char *const names[32] = {
		[0] = "IN", [1] = "PRI", [2] = "OUT", [3] = "ERR",
		[4] = "HUP", [5] = "NVAL", [6] = "RDNORM", [7] = "RDBAND",
		[8] = "WRNORM", [9] = "WRBAND", [10] = "MSG", [13] = "RDHUP",
		[28] = "EXCLUSIVE", [29] = "WAKEUP", [30] = "ONESHOT",
		[31] = "ET",
	};
	char num[16];
	int bit;

	*buf = '\0';
	for (bit = 0; bit < 32; bit++) {
		if ((events & (1U << bit)) == 0)
			continue;
		if (names[bit] != NULL)
			add_name(buf, size, names[bit]);
		else {
			snprintf(num, sizeof(num), "0x%x", 1U << bit);
			add_name(buf, size, num);
		}
	}
}

/*
 * What a descriptor refers to, told from the text readlink gives for it
 * before anything else is read: a path, "socket:[INODE]",
 * "pipe:[INODE]", "anon_inode:[CLASS]", "TYPE:[INODE]" for a namespace.
 * A path needs stat(2) to tell a file from a device, but every path is
 * handled alike until then.
 */
enum family {
	F_PATH, F_PIPE, F_SOCK, F_EVENTFD, F_EPOLL, F_TIMERFD, F_SIGNALFD,
	F_INOTIFY, F_FANOTIFY, F_PIDFD, F_BPF, F_IO_URING, F_MEMFD,
	F_SECRETMEM, F_NSFS,
	F_ANON, F_UNKN, NFAMILIES
};

struct fdent {
	int		 refs;
	uint64_t	 pid;
	int		 fd;		/* -1 for an association */
	int		 dfd;		/* /proc/PID/fd while a walk has it
					   open, else -1 */
	char		 assoc[24];	/* an association's name: "cwd"... */
	char		 src[48];	/* its file below /proc/PID, or "" */
	enum family	 fam;
	char		*link;		/* readlink text, or a mapping's path */
	int		 link_err;	/* why the link could not be read, for a
					   descriptor listed all the same */
	char		 kind[32];	/* "" until known */
	int		 st_err;	/* -1 until stat(2) was tried */
	struct stat	 st;
	int		 lst_err;
	mode_t		 lmode;		/* the mode bits of the link */
	char		 amode[4];	/* a mapping's "r-x" */
	int		 info_err;
	char		*info;
	struct fdinfo_common ci;
	int		 obj_err;
	char		*object;
	int		 proto_err;
	char		 proto[32];	/* a socket's, as the kernel names it */
	int		 mq;		/* a POSIX message queue: -1 until
					   told, then 0 or 1 */
	size_t		 hnext;		/* the index's hash chain, 1-based */
	int		 emitted;	/* given to fdinfo once */
};

static const struct anon_class {
	const char	*name;
	enum family	 fam;
} anon_classes[] = {
	{ "bpf-map", F_BPF },
	{ "bpf-prog", F_BPF },
	{ "bpf_link", F_BPF },
	{ "eventfd", F_EVENTFD },
	{ "eventpoll", F_EPOLL },
	{ "fanotify", F_FANOTIFY },
	{ "inotify", F_INOTIFY },
	{ "io_uring", F_IO_URING },
	{ "pidfd", F_PIDFD },
	{ "signalfd", F_SIGNALFD },
	{ "timerfd", F_TIMERFD },
};

static const char *const ns_types[] = {
	"cgroup", "ipc", "mnt", "net", "pid", "time", "user", "uts",
};

static struct fdent *
ent_new(uint64_t pid, int fd)
{
	struct fdent *e;

	if ((e = calloc(1, sizeof(*e))) == NULL)
		err(1, NULL);
	e->refs = 1;
	e->pid = pid;
	e->fd = fd;
	e->dfd = -1;
	e->st_err = e->lst_err = e->info_err = e->obj_err = e->proto_err = -1;
	e->mq = -1;
	return e;
}

static void
ent_unref(struct fdent *e)
{
	if (e == NULL || --e->refs > 0)
		return;
	free(e->link);
	free(e->info);
	free(e->object);
	free(e);
}

/* The anonymous inode's class: "anon_inode:[eventfd]" gives "eventfd"
 * and "anon_inode:inotify" gives "inotify". */
static void
anon_class(const char *link, char *buf, size_t size)
{
	const char *s = link + strlen("anon_inode:");
	size_t n;

	if (*s == '[')
		s++;
	n = strlen(s);
	if (n > 0 && s[n - 1] == ']')
		n--;
	if (n >= size)
		n = size - 1;
	memcpy(buf, s, n);
	buf[n] = '\0';
}

/* "net:[4026531833]": the namespace type, or NULL. */
static const char *
nsfs_type(const char *link, uint64_t *ino)
{
	const char *open, *close;
	char num[24];
	size_t i, n;

	if ((open = strstr(link, ":[")) == NULL ||
	    (close = strchr(open, ']')) == NULL || close[1] != '\0' ||
	    (size_t)(close - open - 2) >= sizeof(num))
		return NULL;
	memcpy(num, open + 2, close - open - 2);
	num[close - open - 2] = '\0';
	if (ns_parse_u64(num, UINT64_MAX, ino) == -1)
		return NULL;
	n = open - link;
	for (i = 0; i < sizeof(ns_types) / sizeof(ns_types[0]); i++)
		if (strlen(ns_types[i]) == n &&
		    strncmp(link, ns_types[i], n) == 0)
			return ns_types[i];
	return NULL;
}

/* The number in "pipe:[N]" or "socket:[N]" after its prefix. */
static int
bracket_number(const char *link, const char *prefix, uint64_t *n)
{
	char num[24];
	size_t plen = strlen(prefix), len;

	if (strncmp(link, prefix, plen) != 0)
		return -1;
	len = strlen(link + plen);
	if (len < 2 || len - 1 >= sizeof(num) || link[plen + len - 1] != ']')
		return -1;
	memcpy(num, link + plen, len - 1);
	num[len - 1] = '\0';
	return ns_parse_u64(num, UINT64_MAX, n);
}

static int
has_suffix(const char *s, const char *suffix)
{
	size_t n = strlen(s), m = strlen(suffix);

	return n >= m && strcmp(s + n - m, suffix) == 0;
}

/*
 * A memfd reads as "/memfd:NAME (deleted)": a file of an internal mount
 * that no path reaches.  A real file of that name would have to sit in
 * the root directory and be deleted too; that is taken as a memfd.
 */
static int
is_memfd(const char *link)
{
	return strncmp(link, "/memfd:", 7) == 0 &&
	    has_suffix(link, " (deleted)");
}

static enum family
family_of(const char *link)
{
	char cls[32];
	uint64_t ino;
	size_t i;

	if (strncmp(link, "socket:[", 8) == 0)
		return F_SOCK;
	if (strncmp(link, "pipe:[", 6) == 0)
		return F_PIPE;
	if (strncmp(link, "anon_inode:", 11) == 0) {
		anon_class(link, cls, sizeof(cls));
		for (i = 0; i < sizeof(anon_classes) / sizeof(anon_classes[0]);
		    i++)
			if (strcmp(cls, anon_classes[i].name) == 0)
				return anon_classes[i].fam;
		return F_ANON;
	}
	if (is_memfd(link))
		return F_MEMFD;
	/* memfd_secret(2)'s areas are all so named: the file of an
	 * internal mount, one inode each. */
	if (strcmp(link, "/secretmem (deleted)") == 0)
		return F_SECRETMEM;
	if (link[0] == '/' || link[0] == '\0')
		return F_PATH;
	if (nsfs_type(link, &ino) != NULL)
		return F_NSFS;
	return F_UNKN;
}

static char *
read_link_at(int dfd, const char *name)
{
	char buf[PATH_MAX + 16], *s;
	ssize_t n;

	if ((n = readlinkat(dfd, name, buf, sizeof(buf) - 1)) == -1) {
		/* Only a path can be longer than the kernel will give: the
		 * descriptor is still there, its text is left empty. */
		if (errno != ENAMETOOLONG)
			return NULL;
		n = 0;
	}
	buf[n] = '\0';
	if ((s = strdup(buf)) == NULL)
		err(1, NULL);
	return s;
}

/*
 * A descriptor whose link is not ours to read.  The kernel lists
 * /proc/PID/fd to whoever may search the directory (its owner, or a
 * caller with CAP_DAC_READ_SEARCH) but gives the links, fdinfo and
 * stat(2) through them only with ptrace read access: then lstat(2)
 * still works, which tells a descriptor that is there (listed, its
 * open mode known, the rest empty, as lsof lists it) from one that is
 * gone or a directory we may not search at all.  Counted once a run.
 */
static int
ent_unreadable(struct fdent *e, int dfd, const char *name)
{
	char path[64];
	struct stat st;
	int save = errno;

	if ((save != EACCES && save != EPERM) ||
	    fstatat(dfd, name, &st, AT_SYMLINK_NOFOLLOW) == -1) {
		errno = save;
		return -1;
	}
	if ((e->link = strdup("")) == NULL)
		err(1, NULL);
	e->link_err = EACCES;
	e->fam = F_UNKN;
	e->lmode = st.st_mode;
	e->lst_err = 0;
	snprintf(path, sizeof(path), "/proc/%llu/fd/%d",
	    (unsigned long long)e->pid, e->fd);
	ns_skip_path(path);
	return 0;
}

/* A descriptor, its link read: NULL with errno if it is gone or not
 * ours to see.  dfd is /proc/PID/fd opened, or -1. */
static struct fdent *
ent_load(int dfd, uint64_t pid, int fd)
{
	char path[64];
	struct fdent *e;
	int save;

	e = ent_new(pid, fd);
	if (dfd >= 0)
		snprintf(path, sizeof(path), "%d", fd);
	else
		snprintf(path, sizeof(path), "/proc/%llu/fd/%d",
		    (unsigned long long)pid, fd);
	if ((e->link = read_link_at(dfd >= 0 ? dfd : AT_FDCWD, path)) ==
	    NULL) {
		if (ent_unreadable(e, dfd >= 0 ? dfd : AT_FDCWD, path) == 0)
			return e;
		save = errno;
		ent_unref(e);
		errno = save;
		return NULL;
	}
	e->fam = family_of(e->link);
	return e;
}

/* The file below /proc/PID that stands for the entry, for stat(2). */
static int
ent_file(const struct fdent *e, char *buf, size_t size)
{
	if (e->fd >= 0)
		snprintf(buf, size, "/proc/%llu/fd/%d",
		    (unsigned long long)e->pid, e->fd);
	else if (e->src[0] != '\0')
		snprintf(buf, size, "/proc/%llu/%s",
		    (unsigned long long)e->pid, e->src);
	else {
		errno = ENOENT;
		return -1;
	}
	return 0;
}

/*
 * stat(2) or lstat(2) of the entry's link: relative to /proc/PID/fd
 * while a walk holds it open ("N", or "../cwd" for an association),
 * which spares the kernel a walk of /proc and of the process's directory
 * for each descriptor; by its path below /proc otherwise.
 */
static int
ent_fstatat(const struct fdent *e, struct stat *st, int flags)
{
	char name[96];

	if (e->dfd < 0)
		return ent_file(e, name, sizeof(name)) == -1 ? -1 :
		    fstatat(AT_FDCWD, name, st, flags);
	if (e->fd >= 0)
		snprintf(name, sizeof(name), "%d", e->fd);
	else if (e->src[0] != '\0')
		snprintf(name, sizeof(name), "../%s", e->src);
	else {
		errno = ENOENT;
		return -1;
	}
	return fstatat(e->dfd, name, st, flags);
}

static const struct stat *
ent_stat(struct fdent *e)
{
	if (e->st_err == -1)
		e->st_err = ent_fstatat(e, &e->st, 0) == -1 ? errno : 0;
	if (e->st_err != 0) {
		errno = e->st_err;
		return NULL;
	}
	return &e->st;
}

/* The mqueue file system's magic number, which <linux/magic.h> lacks. */
#define MQUEUE_MAGIC	0x19800202

/*
 * A POSIX message queue reads as "/NAME": a file of the mqueue file
 * system's internal mount, which no path of ours reaches unless one is
 * mounted.  Only a regular file named by one component, on a device of
 * major 0, can be one, and statfs(2) of that alone tells.
 */
static int
ent_is_mqueue(struct fdent *e)
{
	const struct stat *st;
	struct statfs sfs;
	char path[96];

	if (e->mq != -1)
		return e->mq;
	e->mq = 0;
	if (e->fam != F_PATH || e->fd < 0 || e->link[0] != '/' ||
	    strchr(e->link + 1, '/') != NULL || (st = ent_stat(e)) == NULL ||
	    !S_ISREG(st->st_mode) || major(st->st_dev) != 0 ||
	    ent_file(e, path, sizeof(path)) == -1)
		return 0;
	if (statfs(path, &sfs) == 0 && sfs.f_type == MQUEUE_MAGIC)
		e->mq = 1;
	return e->mq;
}

/*
 * How the descriptor was opened.  The kernel gives the link in
 * /proc/PID/fd the owner's read and write bits of the open file's mode:
 * one lstat(2), where fdinfo would take an open, a read and a close.
 */
static int
ent_lmode(struct fdent *e, mode_t *m)
{
	struct stat st;

	if (e->lst_err == -1) {
		if (e->fd < 0)
			e->lst_err = ENOENT;
		else if (ent_fstatat(e, &st, AT_SYMLINK_NOFOLLOW) == -1)
			e->lst_err = errno;
		else {
			e->lmode = st.st_mode;
			e->lst_err = 0;
		}
	}
	if (e->lst_err != 0) {
		errno = e->lst_err;
		return -1;
	}
	*m = e->lmode;
	return 0;
}

/* A file of unknown length, read whole: NUL-terminated, or NULL.  A
 * relative path is relative to dfd. */
static char *
read_whole_at(int dfd, const char *path)
{
	char *buf = NULL;
	size_t len = 0, cap = 0;
	ssize_t n;
	int fd, save;

	if ((fd = openat(dfd, path, O_RDONLY | O_CLOEXEC)) == -1)
		return NULL;
	for (;;) {
		if (cap - len < 2) {
			cap = cap ? cap * 2 : 1024;
			if ((buf = realloc(buf, cap)) == NULL)
				err(1, NULL);
		}
		if ((n = read(fd, buf + len, cap - len - 1)) == -1) {
			if (errno == EINTR)
				continue;
			save = errno;
			close(fd);
			free(buf);
			errno = save;
			return NULL;
		}
		if (n == 0)
			break;
		len += n;
	}
	close(fd);
	buf[len] = '\0';
	return buf;
}

static char *
read_whole(const char *path)
{
	return read_whole_at(AT_FDCWD, path);
}

/* The fdinfo text, read once; NULL with errno. */
static const char *
ent_info(struct fdent *e)
{
	char path[64];

	if (e->info_err == -1) {
		snprintf(path, sizeof(path), "/proc/%llu/fdinfo/%d",
		    (unsigned long long)e->pid, e->fd);
		if (e->dfd >= 0)
			snprintf(path, sizeof(path), "../fdinfo/%d", e->fd);
		if (e->fd < 0)
			e->info_err = ENOENT;
		else if ((e->info = read_whole_at(e->dfd >= 0 ? e->dfd :
		    AT_FDCWD, path)) == NULL)
			e->info_err = errno;
		else if (fdinfo_parse_common(e->info, &e->ci) == -1)
			e->info_err = EINVAL;
		else
			e->info_err = 0;
	}
	if (e->info_err != 0) {
		errno = e->info_err;
		return NULL;
	}
	return e->info;
}

/*
 * getxattrat(2), Linux 6.13, which glibc does not wrap yet: new system
 * calls have one number on every architecture but alpha.
 */
#if !defined(SYS_getxattrat) && !defined(__alpha__)
#define SYS_getxattrat	464
#endif

struct xattrat_args {
	uint64_t	 value;
	uint32_t	 size;
	uint32_t	 flags;
};

/* getxattr(2) of the descriptor's file, relative to /proc/PID/fd while a
 * walk has it open, as ent_fstatat. */
static ssize_t
ent_getxattr(const struct fdent *e, const char *name, char *buf,
    size_t size)
{
	char path[64];
#ifdef SYS_getxattrat
	static int missing;
	struct xattrat_args args = { (uintptr_t)buf, (uint32_t)size, 0 };
	long n;

	if (e->dfd >= 0 && e->fd >= 0 && !missing) {
		snprintf(path, sizeof(path), "%d", e->fd);
		n = syscall(SYS_getxattrat, e->dfd, path, 0, name, &args,
		    sizeof(args));
		if (n >= 0 || errno != ENOSYS)
			return n;
		missing = 1;
	}
#endif
	if (ent_file(e, path, sizeof(path)) == -1)
		return -1;
	return getxattr(path, name, buf, size);
}

/* The socket's protocol as the kernel names it: "TCP", "UNIX-STREAM". */
static const char *
ent_proto(struct fdent *e)
{
	ssize_t n;

	if (e->proto_err == -1) {
		if ((n = ent_getxattr(e, "system.sockprotoname", e->proto,
		    sizeof(e->proto) - 1)) == -1)
			e->proto_err = errno;
		else {
			e->proto[n] = '\0';
			e->proto_err = 0;
		}
	}
	if (e->proto_err != 0) {
		errno = e->proto_err;
		return NULL;
	}
	return e->proto;
}

/* The kind of a file by its mode, as stat(2) gives it and lsfd says. */
static const char *
mode_kind(mode_t m)
{
	switch (m & S_IFMT) {
	case S_IFREG:
		return "REG";
	case S_IFDIR:
		return "DIR";
	case S_IFCHR:
		return "CHR";
	case S_IFBLK:
		return "BLK";
	case S_IFIFO:
		return "FIFO";
	case S_IFLNK:
		return "LINK";
	case S_IFSOCK:
		return "SOCK";
	}
	return "UNKN";
}

/* lsfd's TYPE: the file type, a socket's protocol, an anonymous
 * inode's class. */
static const char *
ent_kind(struct fdent *e)
{
	const struct stat *st;
	const char *k;

	if (e->kind[0] != '\0' || e->link_err != 0)
		return e->kind;
	switch (e->fam) {
	case F_PATH:
		/* A mapping's file is read from maps, which has no mode. */
		if (e->fd < 0 && e->src[0] == '\0')
			k = "REG";
		else if (ent_is_mqueue(e))
			k = "mqueue";
		else
			k = (st = ent_stat(e)) != NULL ?
			    mode_kind(st->st_mode) : "UNKN";
		break;
	case F_PIPE:
		k = "FIFO";
		break;
	case F_SOCK:
		k = (k = ent_proto(e)) != NULL ? k : "SOCK";
		break;
	case F_MEMFD:
		k = "memfd";
		break;
	case F_SECRETMEM:
		k = "secretmem";
		break;
	case F_NSFS:
		k = "nsfs";
		break;
	case F_UNKN:
		k = "UNKN";
		break;
	default:
		anon_class(e->link, e->kind, sizeof(e->kind));
		return e->kind;
	}
	strlcpy(e->kind, k, sizeof(e->kind));
	return e->kind;
}

/* The directory of /sock a protocol lives in: "TCPv6" is tcp6,
 * "UNIX-STREAM" unix, "AF_VSOCK" vsock; sock.c knows the rows. */
static void
proto_dir(const char *proto, char *buf, size_t size)
{
	ns_sock_dir(proto, buf, size);
}

/*
 * Object paths, one function a family: 0 with the canonical path in
 * buf, or -1 with errno (ENOENT: it refers to nothing with a path).
 */
static int
obj_own(struct fdent *e, char *buf, size_t size)
{
	if (e->fd < 0) {
		errno = ENOENT;
		return -1;
	}
	snprintf(buf, size, "/proc/%llu/fd/%d", (unsigned long long)e->pid,
	    e->fd);
	return 0;
}

/*
 * What a path names, looked up once a run: descriptors and mappings by
 * the thousand name the same few files (a library, a log, /dev/null),
 * and each is checked against its path.  The tools live for a moment;
 * nsmount's workers for a second.
 */
struct named {
	char		*path;
	int		 err;		/* stat(2)'s errno, or 0 */
	dev_t		 dev;
	ino_t		 ino;
};

static void *named_files;		/* a tsearch(3) tree of them */

static int
named_cmp(const void *a, const void *b)
{
	return strcmp(((const struct named *)a)->path,
	    ((const struct named *)b)->path);
}

/* Whether path names the very file of st. */
static int
names_file(const char *path, const struct stat *st)
{
	struct named key = { .path = (char *)path }, *n, **found;
	struct stat named;

	if ((found = tfind(&key, &named_files, named_cmp)) != NULL)
		n = *found;
	else {
		if ((n = calloc(1, sizeof(*n))) == NULL ||
		    (n->path = strdup(path)) == NULL)
			err(1, NULL);
		if (stat(path, &named) == -1)
			n->err = errno;
		else {
			n->dev = named.st_dev;
			n->ino = named.st_ino;
		}
		if (tsearch(n, &named_files, named_cmp) == NULL)
			err(1, NULL);
	}
	return n->err == 0 && n->dev == st->st_dev && n->ino == st->st_ino;
}

/* The IPC namespace of a process ("self" for ours), as readlink names
 * it: "ipc:[4026531839]". */
static int
ipc_ns_of(const char *pid, char *buf, size_t size)
{
	char path[64];
	ssize_t n;

	snprintf(path, sizeof(path), "/proc/%s/ns/ipc", pid);
	if ((n = readlink(path, buf, size - 1)) == -1)
		return -1;
	buf[n] = '\0';
	return 0;
}

/*
 * A queue is named by its name in the caller's IPC namespace.  Which
 * namespace's queue a descriptor holds is nowhere told; the holder's
 * own is taken, so that a queue of another namespace gets no path
 * rather than the path of another queue.  An unlinked queue has no name
 * left, as a deleted file has none.
 */
static int
obj_mqueue(struct fdent *e, char *buf, size_t size)
{
	static char self[64];
	char pid[24], theirs[64];

	if (e->st.st_nlink == 0 ||
	    (self[0] == '\0' && ipc_ns_of("self", self, sizeof(self)) == -1))
		goto none;
	snprintf(pid, sizeof(pid), "%llu", (unsigned long long)e->pid);
	if (ipc_ns_of(pid, theirs, sizeof(theirs)) == -1 ||
	    strcmp(self, theirs) != 0)
		goto none;
	if ((size_t)snprintf(buf, size, "/ipc/mqueue/%s", e->link + 1) >=
	    size) {
		errno = ENAMETOOLONG;
		return -1;
	}
	return 0;
none:
	errno = ENOENT;
	return -1;
}

/* Whether path names the very symbolic link of st, which an O_PATH
 * descriptor can hold and stat(2) of its name would pass through.  Such
 * descriptors are few: no cache. */
static int
names_link(const char *path, const struct stat *st)
{
	struct stat named;

	return lstat(path, &named) == 0 && named.st_dev == st->st_dev &&
	    named.st_ino == st->st_ino;
}

/*
 * A path is only a name: the file may have been deleted or renamed, or
 * lie outside the caller's root or mount namespace.  It names the
 * object only if looking it up here finds the very file held.
 */
static int
obj_path(struct fdent *e, char *buf, size_t size)
{
	const struct stat *st;

	if ((st = ent_stat(e)) == NULL)
		return -1;
	if (ent_is_mqueue(e))
		return obj_mqueue(e, buf, size);
	if (S_ISCHR(st->st_mode) || S_ISBLK(st->st_mode)) {
		snprintf(buf, size, "/dev/%s/%u/%u",
		    S_ISBLK(st->st_mode) ? "block" : "char",
		    major(st->st_rdev), minor(st->st_rdev));
		return 0;
	}
	/* A SysV shared memory segment's file has the segment id as its
	 * inode number. */
	if (e->fd < 0 && strncmp(e->link, "/SYSV", 5) == 0 &&
	    has_suffix(e->link, " (deleted)")) {
		snprintf(buf, size, "/ipc/shm/%llu",
		    (unsigned long long)st->st_ino);
		return 0;
	}
	if (e->link[0] != '/' || !(S_ISLNK(st->st_mode) ?
	    names_link(e->link, st) : names_file(e->link, st))) {
		errno = ENOENT;
		return -1;
	}
	if ((size_t)snprintf(buf, size, "/fs%s",
	    strcmp(e->link, "/") == 0 ? "" : e->link) >= size) {
		errno = ENAMETOOLONG;
		return -1;
	}
	return 0;
}

static int
obj_pipe(struct fdent *e, char *buf, size_t size)
{
	uint64_t ino;

	if (bracket_number(e->link, "pipe:[", &ino) == -1) {
		errno = ENOENT;
		return -1;
	}
	snprintf(buf, size, "/pipe/%llu", (unsigned long long)ino);
	return 0;
}

/* Where no table knows the socket, the descriptor is asked; failing
 * that, its protocol still says where it would be. */
static int
obj_sock(struct fdent *e, char *buf, size_t size)
{
	const char *proto;
	char dir[32];
	uint64_t ino;

	if (bracket_number(e->link, "socket:[", &ino) == -1) {
		errno = ENOENT;
		return -1;
	}
	if (ns_sock_path_held(ino, e->pid, e->fd, buf, size) == 0)
		return 0;
	if ((proto = ent_proto(e)) == NULL)
		return -1;
	proto_dir(proto, dir, sizeof(dir));
	snprintf(buf, size, "/sock/%s/%llu", dir, (unsigned long long)ino);
	return 0;
}

/* Before Linux 5.2 an eventfd had no id: it is its descriptor then. */
static int
obj_eventfd(struct fdent *e, char *buf, size_t size)
{
	struct fdinfo_eventfd ev;
	const char *info;

	if ((info = ent_info(e)) == NULL)
		return -1;
	if (fdinfo_parse_eventfd(info, &ev) == -1 || ev.id < 0)
		return obj_own(e, buf, size);
	snprintf(buf, size, "/anon/eventfd/%lld", (long long)ev.id);
	return 0;
}

/* BPF_F_MMAPABLE, which an array map must be made with to be mapped. */
#define BPF_MMAPABLE	0x400

/* The id of a bpf map that a descriptor holds if it was made mmapable,
 * or -1. */
static int
mmapable_map(struct fdent *e, uint64_t *id)
{
	struct fdinfo_bpf b;
	const char *info, *v;
	uint64_t flags;

	if (e->fam != F_BPF || (info = ent_info(e)) == NULL ||
	    fdinfo_parse_bpf(info, &b) == -1 || b.prog ||
	    (v = find_value(info, "map_flags:")) == NULL ||
	    number(v, 16, &flags) == -1 || !(flags & BPF_MMAPABLE))
		return -1;
	*id = b.id;
	return 0;
}

/*
 * A bpf map mapped reads as "anon_inode:bpf-map", the inode every bpf
 * map shares, and nothing tells its id but a descriptor of it.  The map
 * is taken to be the one mmapable map the process holds a descriptor
 * of; where it holds none or several, the region has no object.
 */
static int
obj_bpf_mapped(struct fdent *e, char *buf, size_t size)
{
	struct dirent *d;
	struct fdent *c;
	char path[64];
	uint64_t fd, id, found = 0;
	DIR *dir;
	int n = 0;

	snprintf(path, sizeof(path), "/proc/%llu/fd",
	    (unsigned long long)e->pid);
	if ((dir = opendir(path)) == NULL)
		return -1;
	while ((d = readdir(dir)) != NULL) {
		if (ns_parse_u64(d->d_name, INT_MAX, &fd) == -1 ||
		    (c = ent_load(dirfd(dir), e->pid, (int)fd)) == NULL)
			continue;
		c->dfd = dirfd(dir);
		if (mmapable_map(c, &id) == 0 && (n == 0 || id != found)) {
			found = id;
			n++;
		}
		ent_unref(c);
	}
	closedir(dir);
	if (n != 1) {
		errno = ENOENT;
		return -1;
	}
	snprintf(buf, size, "/anon/bpf-map/%llu", (unsigned long long)found);
	return 0;
}

static int
obj_bpf(struct fdent *e, char *buf, size_t size)
{
	struct fdinfo_bpf b;
	const char *info;

	if (e->fd < 0 && strcmp(e->link, "anon_inode:bpf-map") == 0)
		return obj_bpf_mapped(e, buf, size);
	if ((info = ent_info(e)) == NULL)
		return -1;
	if (fdinfo_parse_bpf(info, &b) == -1)
		return obj_own(e, buf, size);
	snprintf(buf, size, "/anon/%s/%llu", b.link ? "bpf_link" : b.prog ?
	    "bpf-prog" : "bpf-map", (unsigned long long)b.id);
	return 0;
}

/* Pid is -1 once the process is gone, 0 if it is not in our pid
 * namespace: no process to name either way. */
static int
obj_pidfd(struct fdent *e, char *buf, size_t size)
{
	struct fdinfo_pidfd p;
	const char *info;

	if ((info = ent_info(e)) == NULL)
		return -1;
	if (fdinfo_parse_pidfd(info, &p) == -1 || p.pid <= 0) {
		errno = ENOENT;
		return -1;
	}
	snprintf(buf, size, "/proc/%lld", (long long)p.pid);
	return 0;
}

static int
obj_nsfs(struct fdent *e, char *buf, size_t size)
{
	const char *type;
	uint64_t ino;

	if ((type = nsfs_type(e->link, &ino)) == NULL) {
		errno = ENOENT;
		return -1;
	}
	snprintf(buf, size, "/ns/%s/%llu", type, (unsigned long long)ino);
	return 0;
}

/* A memfd or a secretmem area: a file with no path, by its inode. */
static int
obj_memfd(struct fdent *e, char *buf, size_t size)
{
	const struct stat *st;

	if ((st = ent_stat(e)) == NULL)
		return -1;
	snprintf(buf, size, "/anon/%s/%llu", e->fam == F_MEMFD ? "memfd" :
	    "secretmem", (unsigned long long)st->st_ino);
	return 0;
}

static int	(*const objects[NFAMILIES])(struct fdent *, char *, size_t) = {
	[F_PATH] = obj_path,
	[F_PIPE] = obj_pipe,
	[F_SOCK] = obj_sock,
	[F_EVENTFD] = obj_eventfd,
	[F_EPOLL] = obj_own,
	[F_TIMERFD] = obj_own,
	[F_SIGNALFD] = obj_own,
	[F_INOTIFY] = obj_own,
	[F_FANOTIFY] = obj_own,
	[F_PIDFD] = obj_pidfd,
	[F_BPF] = obj_bpf,
	[F_IO_URING] = obj_own,
	[F_MEMFD] = obj_memfd,
	[F_SECRETMEM] = obj_memfd,
	[F_NSFS] = obj_nsfs,
	[F_ANON] = obj_own,
	[F_UNKN] = obj_own,
};

static const char *
ent_object(struct fdent *e)
{
	char buf[PATH_MAX + 16];

	if (e->obj_err == -1 && e->link_err != 0)
		e->obj_err = e->link_err;
	if (e->obj_err == -1) {
		if (objects[e->fam](e, buf, sizeof(buf)) == -1)
			e->obj_err = errno;
		else {
			if ((e->object = strdup(buf)) == NULL)
				err(1, NULL);
			e->obj_err = 0;
		}
	}
	if (e->obj_err != 0) {
		errno = e->obj_err;
		return NULL;
	}
	return e->object;
}

/* Whether the entry is one of those fdinfo -p and -t select. */
static int
selected(struct fdent *e, const struct fd_select *sel)
{
	size_t i;

	if (sel == NULL)
		return 1;
	if (sel->pids != NULL) {
		for (i = 0; i < sel->npids; i++)
			if (sel->pids[i] == e->pid)
				break;
		if (i == sel->npids)
			return 0;
	}
	if (sel->kinds == NULL)
		return 1;
	for (i = 0; i < sel->nkinds; i++) {
		if (strcasecmp(sel->kinds[i], ent_kind(e)) == 0)
			return 1;
		/* Every socket is a SOCK, whatever its protocol. */
		if (e->fam == F_SOCK && strcasecmp(sel->kinds[i], "SOCK") == 0)
			return 1;
	}
	return 0;
}

/* A process whose descriptors are not ours to list, counted once a run
 * (with its namespaces and maps, which are guarded alike). */
static void
skip_pid(uint64_t pid)
{
	char path[32];

	snprintf(path, sizeof(path), "/proc/%llu", (unsigned long long)pid);
	ns_skip_path(path);
}

/*
 * The command and user of a process, read once for all its descriptors:
 * a small cache by pid, as descriptors come grouped by process.
 */
#define PROCS	256

static struct proc_cache {
	uint64_t	 pid;		/* 0: empty */
	int		 comm_err;
	char		 comm[64];
	int		 uid_err;
	uid_t		 uid;
} procs[PROCS];

static struct proc_cache *
proc_of(uint64_t pid)
{
	struct proc_cache *p = &procs[pid % PROCS];
	char path[64];
	struct stat st;

	if (p->pid == pid)
		return p;
	memset(p, 0, sizeof(*p));
	p->pid = pid;
	snprintf(path, sizeof(path), "/proc/%llu/comm",
	    (unsigned long long)pid);
	p->comm_err = ns_read_file(path, p->comm, sizeof(p->comm)) == -1 ?
	    errno : 0;
	/* The owner of /proc/PID is the process's effective user, as lsfd
	 * takes it. */
	snprintf(path, sizeof(path), "/proc/%llu", (unsigned long long)pid);
	if (stat(path, &st) == -1)
		p->uid_err = errno;
	else
		p->uid = st.st_uid;
	return p;
}

/*
 * The index: every descriptor of every process, read once a run, so
 * that the holders of any number of objects take one scan.  Objects are
 * worked out only for the families a question is about, and hashed by
 * their path.
 */
static struct {
	struct fdent	**ent;
	size_t		  n, cap;
	int		  fds;		/* the descriptors were read */
	int		  assoc;	/* and the associations */
	unsigned	  hashed;	/* families in the hash */
	size_t		 *bucket;	/* entry index + 1, 0 for none */
	size_t		  nbucket;
} ix;

static void
index_add(struct fdent *e)
{
	if (ix.n == ix.cap) {
		ix.cap = ix.cap ? ix.cap * 2 : 1024;
		if ((ix.ent = reallocarray(ix.ent, ix.cap, sizeof(*ix.ent))) ==
		    NULL)
			err(1, NULL);
	}
	ix.ent[ix.n++] = e;
}

/*
 * /proc/PID/fd, opened.  A process that is exiting or changing its
 * credentials can refuse for an instant what it allows before and
 * after: a second try tells that from a process that is not ours to
 * read, which is counted.  NULL with errno (EACCES: counted).
 */
static DIR *
open_fds(uint64_t pid)
{
	char path[64];
	DIR *dir;
	int try;

	snprintf(path, sizeof(path), "/proc/%llu/fd", (unsigned long long)pid);
	for (try = 0; try < 2; try++) {
		if ((dir = opendir(path)) != NULL)
			return dir;
		if (errno != EACCES && errno != EPERM) {
			if (errno == ESRCH)
				errno = ENOENT;
			return NULL;
		}
	}
	skip_pid(pid);
	errno = EACCES;
	return NULL;
}

static int
index_proc(uint64_t pid, void *arg)
{
	struct dirent *d;
	struct fdent *e;
	uint64_t fd;
	DIR *dir;

	if ((dir = open_fds(pid)) == NULL)
		return 0;
	while ((d = readdir(dir)) != NULL) {
		if (ns_parse_u64(d->d_name, INT_MAX, &fd) == -1)
			continue;
		if ((e = ent_load(dirfd(dir), pid, (int)fd)) != NULL)
			index_add(e);
	}
	closedir(dir);
	return 0;
}

static int	assoc_each(uint64_t, int, int (*)(struct fdent *, void *),
	    void *);

static int
index_assoc_one(struct fdent *e, void *arg)
{
	e->refs++;
	index_add(e);
	return 0;
}

static int
index_assoc(uint64_t pid, void *arg)
{
	(void)assoc_each(pid, -1, index_assoc_one, NULL);
	return 0;
}

static void
index_load(int assoc)
{
	if (!ix.fds) {
		ix.fds = 1;
		(void)ns_proc_each(index_proc, NULL);
	}
	if (assoc && !ix.assoc) {
		ix.assoc = 1;
		(void)ns_proc_each(index_assoc, NULL);
		/* The hash was sized and filled for fewer entries. */
		free(ix.bucket);
		ix.bucket = NULL;
		ix.hashed = 0;
	}
}

static size_t
hash_str(const char *s)
{
	size_t h = 5381;

	while (*s != '\0')
		h = h * 33 + (unsigned char)*s++;
	return h;
}

static void
index_hash(enum family fam)
{
	struct fdent *e;
	const char *obj;
	size_t i, b;

	if (ix.hashed & (1U << fam))
		return;
	if (ix.bucket == NULL) {
		for (ix.nbucket = 64; ix.nbucket < ix.n * 2; ix.nbucket *= 2)
			continue;
		if ((ix.bucket = calloc(ix.nbucket, sizeof(*ix.bucket))) ==
		    NULL)
			err(1, NULL);
		ix.hashed = 0;
		for (i = 0; i < ix.n; i++)
			ix.ent[i]->hnext = 0;
	}
	ix.hashed |= 1U << fam;
	/* Backwards, so that each chain runs in the order of the scan. */
	for (i = ix.n; i-- > 0;) {
		e = ix.ent[i];
		if (e->fam != fam || (obj = ent_object(e)) == NULL)
			continue;
		b = hash_str(obj) & (ix.nbucket - 1);
		e->hnext = ix.bucket[b];
		ix.bucket[b] = i + 1;
	}
}

/* The families whose descriptors can refer to an object at path. */
static unsigned
families_of(const char *path)
{
	static const struct {
		const char	*prefix;
		unsigned	 fams;
	} by_prefix[] = {
		{ "/pipe/", 1U << F_PIPE },
		{ "/sock/", 1U << F_SOCK },
		{ "/anon/eventfd/", 1U << F_EVENTFD },
		{ "/anon/bpf-", 1U << F_BPF },
		{ "/anon/bpf_link/", 1U << F_BPF },
		{ "/anon/memfd/", 1U << F_MEMFD },
		{ "/anon/secretmem/", 1U << F_SECRETMEM },
		{ "/ns/", 1U << F_NSFS },
		{ "/fs", 1U << F_PATH },
		{ "/dev/", 1U << F_PATH },
		{ "/ipc/shm/", 1U << F_PATH },
		{ "/ipc/mqueue/", 1U << F_PATH },
		{ "/proc/", 1U << F_PIDFD },
	};
	size_t i;

	/* A descriptor that is its own object: it alone holds it. */
	if (strncmp(path, "/proc/", 6) == 0 && strstr(path, "/fd/") != NULL)
		return 1U << F_EVENTFD | 1U << F_EPOLL | 1U << F_TIMERFD |
		    1U << F_SIGNALFD | 1U << F_INOTIFY | 1U << F_FANOTIFY |
		    1U << F_BPF | 1U << F_IO_URING | 1U << F_ANON |
		    1U << F_UNKN;
	for (i = 0; i < sizeof(by_prefix) / sizeof(by_prefix[0]); i++)
		if (strncmp(path, by_prefix[i].prefix,
		    strlen(by_prefix[i].prefix)) == 0)
			return by_prefix[i].fams;
	return 0;
}

static int
index_holders(const char *object, int assoc, fd_ent_fn fn, void *arg)
{
	unsigned fams;
	size_t i;
	int f, r;

	index_load(assoc);
	if ((fams = families_of(object)) == 0)
		return 0;
	for (f = 0; f < NFAMILIES; f++)
		if (fams & (1U << f))
			index_hash(f);
	for (i = ix.bucket[hash_str(object) & (ix.nbucket - 1)]; i != 0;
	    i = ix.ent[i - 1]->hnext) {
		/* The associations may have been read for another question. */
		if (strcmp(ix.ent[i - 1]->object, object) != 0 ||
		    (!assoc && ix.ent[i - 1]->fd < 0))
			continue;
		if ((r = fn(ix.ent[i - 1], arg)) != 0)
			return r;
	}
	return 0;
}

int
fd_index_holders(const char *object, fd_ent_fn fn, void *arg)
{
	return index_holders(object, 0, fn, arg);
}

int
fd_index_holders_all(const char *object, fd_ent_fn fn, void *arg)
{
	return index_holders(object, 1, fn, arg);
}

static int
index_each(const char *prefix, int assoc, fd_ent_fn fn, void *arg)
{
	size_t i, n = strlen(prefix);
	int r;

	index_load(assoc);
	for (i = 0; i < ix.n; i++) {
		if ((!assoc && ix.ent[i]->fd < 0) ||
		    strncmp(ix.ent[i]->link, prefix, n) != 0)
			continue;
		if ((r = fn(ix.ent[i], arg)) != 0)
			return r;
	}
	return 0;
}

int
fd_index_each(const char *prefix, fd_ent_fn fn, void *arg)
{
	return index_each(prefix, 0, fn, arg);
}

int
fd_index_each_all(const char *prefix, fd_ent_fn fn, void *arg)
{
	return index_each(prefix, 1, fn, arg);
}

static int
add_holder(struct fdent *e, void *arg)
{
	struct ns_val *v = arg;

	if (e->fd >= 0)
		ns_val_addf(v, "/proc/%llu/fd/%d", (unsigned long long)e->pid,
		    e->fd);
	return 0;
}

int
ns_get_fds(struct ns_obj *o, struct ns_val *v)
{
	return fd_holders(o->path, v);
}

int
fd_holders(const char *object, struct ns_val *v)
{
	size_t n = v->n;

	fd_index_holders(object, add_holder, v);
	if (v->n == n) {
		errno = ENOENT;
		return -1;
	}
	return 0;
}

uint64_t
fd_ent_pid(const struct fdent *e)
{
	return e->pid;
}

int
fd_ent_fd(const struct fdent *e)
{
	return e->fd;
}

const char *
fd_ent_assoc(const struct fdent *e)
{
	return e->fd >= 0 ? "" : e->assoc;
}

int
fd_link_is_memfd(const char *link)
{
	return is_memfd(link);
}

const char *
fd_ent_link(struct fdent *e)
{
	return e->link;
}

const char *
fd_ent_object(struct fdent *e)
{
	return ent_object(e);
}

const char *
fd_ent_info(struct fdent *e)
{
	return ent_info(e);
}

const struct stat *
fd_ent_stat(struct fdent *e)
{
	return ent_stat(e);
}

int
fd_ent_readable(struct fdent *e)
{
	mode_t m;

	return ent_lmode(e, &m) == 0 && (m & S_IRUSR);
}

int
fd_ent_writable(struct fdent *e)
{
	mode_t m;

	return ent_lmode(e, &m) == 0 && (m & S_IWUSR);
}

/*
 * Another object's attribute, by name, through its class: how a
 * descriptor shows what the socket or device it holds has to say.
 */
static int
attr_of(const char *path, const char *name, struct ns_val *v)
{
	const struct ns_attr *a;
	struct ns_obj o;
	int r = -1;

	if (ns_resolve_into(&o, path) == -1)
		return -1;
	errno = ENOENT;
	if (name == NULL) {
		if (o.cls->summary != NULL)
			r = o.cls->summary(&o, v);
	} else {
		for (a = o.cls->attrs; a != NULL && a->name != NULL; a++)
			if (strcmp(a->name, name) == 0) {
				r = a->get(&o, v);
				break;
			}
	}
	ns_obj_clear(&o);
	return r;
}

/*
 * Associations, for fdinfo -a: what a process holds other than by a
 * descriptor, named as lsfd names them.
 */
/* The file name of /proc/PID/FILE: relative to /proc/PID/fd open as dfd,
 * or absolute. */
static void
proc_file(uint64_t pid, int dfd, const char *file, char *buf, size_t size)
{
	if (dfd >= 0)
		snprintf(buf, size, "../%s", file);
	else
		snprintf(buf, size, "/proc/%llu/%s", (unsigned long long)pid,
		    file);
}

static int
assoc_link(uint64_t pid, int dfd, const char *assoc, const char *src,
    int (*fn)(struct fdent *, void *), void *arg)
{
	struct fdent *e;
	char path[96];
	int r, denied;

	e = ent_new(pid, -1);
	strlcpy(e->assoc, assoc, sizeof(e->assoc));
	strlcpy(e->src, src, sizeof(e->src));
	proc_file(pid, dfd, src, path, sizeof(path));
	if ((e->link = read_link_at(dfd >= 0 ? dfd : AT_FDCWD, path)) ==
	    NULL) {
		/* exe, cwd and root are listed with their error, as lsof
		 * lists them, the process counted as passed over; a
		 * namespace, which lsof does not list, is counted only. */
		denied = errno == EACCES || errno == EPERM;
		if (denied)
			skip_pid(pid);
		if (!denied || strncmp(src, "ns/", 3) == 0) {
			ent_unref(e);
			return 0;
		}
		if ((e->link = strdup("")) == NULL)
			err(1, NULL);
		e->link_err = EACCES;
		e->fam = F_UNKN;
	} else
		e->fam = family_of(e->link);
	e->dfd = dfd;
	r = fn(e, arg);
	e->dfd = -1;
	ent_unref(e);
	return r;
}

static int
assoc_ns(uint64_t pid, int dfd, int (*fn)(struct fdent *, void *),
    void *arg)
{
	char path[64], src[48];
	const char *name;
	struct dirent *d;
	DIR *dir;
	int r = 0, nfd;

	proc_file(pid, dfd, "ns", path, sizeof(path));
	if ((nfd = openat(dfd >= 0 ? dfd : AT_FDCWD, path,
	    O_RDONLY | O_DIRECTORY | O_CLOEXEC)) == -1)
		return 0;
	if ((dir = fdopendir(nfd)) == NULL) {
		close(nfd);
		return 0;
	}
	while (r == 0 && (d = readdir(dir)) != NULL) {
		if (d->d_name[0] == '.' || strlen(d->d_name) + 4 > sizeof(src))
			continue;
		name = d->d_name;
		if (strcmp(name, "pid_for_children") == 0)
			name = "pid4c";
		else if (strcmp(name, "time_for_children") == 0)
			name = "time4c";
		strlcpy(src, "ns/", sizeof(src));
		strlcat(src, d->d_name, sizeof(src));
		r = assoc_link(pid, dfd, name, src, fn, arg);
	}
	closedir(dir);
	return r;
}

/* One file mapped, whatever number of regions it takes. */
struct mapping {
	dev_t		 dev;
	uint64_t	 ino;
	int		 shared;
	char		 mode[4];
	char		 range[40];	/* the first region's, as maps has it */
	char		*path;
};

static int
field(char **s, char **f)
{
	while (**s == ' ')
		(*s)++;
	if (**s == '\0')
		return -1;
	*f = *s;
	while (**s != ' ' && **s != '\0')
		(*s)++;
	if (**s == ' ')
		*(*s)++ = '\0';
	return 0;
}

/*
 * "ADDR PERMS OFFSET MAJ:MIN INODE PATH", numbers in hex but the inode;
 * only mappings of a file are of interest: a path, or what a socket
 * ("socket:[INODE]", a packet socket's ring) or an anonymous inode
 * ("anon_inode:bpf-map") reads as.
 */
static int
parse_mapping(char *line, struct mapping *m)
{
	char *s = line, *range, *perms, *off, *dev, *ino, *colon, *end;
	unsigned long maj, min;
	uint64_t n;

	if (field(&s, &range) == -1 || field(&s, &perms) == -1 ||
	    field(&s, &off) == -1 || field(&s, &dev) == -1 ||
	    field(&s, &ino) == -1 || strlen(perms) < 4)
		return -1;
	while (*s == ' ')
		s++;
	if ((*s != '/' && strncmp(s, "socket:[", 8) != 0 &&
	    strncmp(s, "anon_inode:", 11) != 0) ||
	    ns_parse_u64(ino, UINT64_MAX, &n) == -1 || n == 0 ||
	    (colon = strchr(dev, ':')) == NULL ||
	    strlcpy(m->range, range, sizeof(m->range)) >= sizeof(m->range))
		return -1;
	*colon = '\0';
	errno = 0;
	maj = strtoul(dev, &end, 16);
	if (errno || *end != '\0' || end == dev)
		return -1;
	min = strtoul(colon + 1, &end, 16);
	if (errno || *end != '\0' || end == colon + 1)
		return -1;
	m->dev = makedev(maj, min);
	m->ino = n;
	m->shared = perms[3] == 's';
	m->mode[0] = perms[0] == 'r' ? 'r' : '-';
	m->mode[1] = perms[1] == 'w' ? 'w' : '-';
	m->mode[2] = perms[2] == 'x' ? 'x' : '-';
	m->mode[3] = '\0';
	m->path = s;
	return 0;
}

static void
merge_mode(char *into, const char *mode)
{
	int i;

	for (i = 0; i < 3; i++)
		if (mode[i] != '-')
			into[i] = mode[i];
}

/*
 * maps writes a newline in a path as "\012" but a backslash as itself,
 * so "\012" there may be either: the reading that finds the very file
 * mapped is the one taken.
 */
static char *
map_path(const struct mapping *m)
{
	struct stat st;
	char *s, *p, *q;

	if ((s = strdup(m->path)) == NULL)
		err(1, NULL);
	if (strstr(s, "\\012") == NULL)
		return s;
	for (p = q = s; *p != '\0'; p++) {
		if (strncmp(p, "\\012", 4) == 0) {
			*q++ = '\n';
			p += 3;
		} else
			*q++ = *p;
	}
	*q = '\0';
	if (stat(s, &st) == 0 && st.st_dev == m->dev && st.st_ino == m->ino)
		return s;
	free(s);
	if ((s = strdup(m->path)) == NULL)
		err(1, NULL);
	return s;
}

static int
assoc_maps(uint64_t pid, int dfd, int (*fn)(struct fdent *, void *),
    void *arg)
{
	struct mapping *maps = NULL, m;
	struct fdent *e;
	char path[64], *text, *line, *next;
	size_t n = 0, i;
	int r = 0;

	proc_file(pid, dfd, "maps", path, sizeof(path));
	if ((text = read_whole_at(dfd >= 0 ? dfd : AT_FDCWD, path)) == NULL) {
		if (errno == EACCES || errno == EPERM)
			skip_pid(pid);
		return 0;
	}
	for (line = text; line != NULL && *line != '\0'; line = next) {
		if ((next = strchr(line, '\n')) != NULL)
			*next++ = '\0';
		if (parse_mapping(line, &m) == -1)
			continue;
		/* A library is several regions of one file; the process
		 * holds the file once, in the union of their modes. */
		for (i = 0; i < n; i++)
			if (maps[i].dev == m.dev && maps[i].ino == m.ino &&
			    maps[i].shared == m.shared &&
			    strcmp(maps[i].path, m.path) == 0)
				break;
		if (i < n) {
			merge_mode(maps[i].mode, m.mode);
			continue;
		}
		if ((maps = reallocarray(maps, n + 1, sizeof(*maps))) == NULL)
			err(1, NULL);
		maps[n++] = m;
	}
	for (i = 0; r == 0 && i < n; i++) {
		e = ent_new(pid, -1);
		strlcpy(e->assoc, maps[i].shared ? "shm" : "mem",
		    sizeof(e->assoc));
		e->link = map_path(&maps[i]);
		e->fam = family_of(e->link);
		strlcpy(e->amode, maps[i].mode, sizeof(e->amode));
		/* What is no file is read through the region's link in
		 * map_files (which takes privilege), as a descriptor is. */
		if (e->fam != F_PATH && e->fam != F_MEMFD &&
		    e->fam != F_SECRETMEM) {
			snprintf(e->src, sizeof(e->src), "map_files/%s",
			    maps[i].range);
			e->dfd = dfd;
		} else {
			e->st.st_dev = maps[i].dev;
			e->st.st_ino = maps[i].ino;
			e->st_err = 0;
		}
		r = fn(e, arg);
		e->dfd = -1;
		ent_unref(e);
	}
	free(maps);
	free(text);
	return r;
}

/* What process pid holds besides its descriptors; dfd is its
 * /proc/PID/fd open, or -1. */
static int
assoc_each(uint64_t pid, int dfd, int (*fn)(struct fdent *, void *),
    void *arg)
{
	int r;

	if ((r = assoc_link(pid, dfd, "exe", "exe", fn, arg)) != 0 ||
	    (r = assoc_link(pid, dfd, "cwd", "cwd", fn, arg)) != 0 ||
	    (r = assoc_link(pid, dfd, "rtd", "root", fn, arg)) != 0 ||
	    (r = assoc_ns(pid, dfd, fn, arg)) != 0)
		return r;
	return assoc_maps(pid, dfd, fn, arg);
}

/*
 * Marks of inotify and fanotify name a file by its device and inode and
 * a file handle.  open_by_handle_at(2) turns the handle into the file,
 * given any file on the same file system, which the mount table gives;
 * it takes CAP_DAC_READ_SEARCH, so unprivileged callers get no path.
 */
struct mnt_dev {
	dev_t		 dev;
	char		*dir;
};

static struct {
	int		 loaded;
	struct mnt_dev	*m;
	size_t		 n;
} mnts;

/* mountinfo escapes blanks, tabs, newlines and backslashes as \ooo. */
static void
unoctal(char *s)
{
	char *d = s;

	for (; *s != '\0'; s++, d++) {
		if (s[0] == '\\' && s[1] >= '0' && s[1] <= '3' &&
		    s[2] >= '0' && s[2] <= '7' && s[3] >= '0' && s[3] <= '7') {
			*d = (char)((s[1] - '0') << 6 | (s[2] - '0') << 3 |
			    (s[3] - '0'));
			s += 3;
		} else
			*d = *s;
	}
	*d = '\0';
}

static void
mnts_load(void)
{
	char *text, *line, *next, *s, *f[5];
	unsigned long maj, min;
	char *end;
	int i;

	mnts.loaded = 1;
	if ((text = read_whole("/proc/self/mountinfo")) == NULL)
		return;
	for (line = text; line != NULL && *line != '\0'; line = next) {
		if ((next = strchr(line, '\n')) != NULL)
			*next++ = '\0';
		s = line;
		for (i = 0; i < 5; i++)
			if (field(&s, &f[i]) == -1)
				break;
		/* A mount of a subdirectory reaches less of its file
		 * system than one of the root. */
		if (i < 5 || strcmp(f[3], "/") != 0)
			continue;
		errno = 0;
		maj = strtoul(f[2], &end, 10);
		if (errno || *end != ':')
			continue;
		min = strtoul(end + 1, &end, 10);
		if (errno || *end != '\0')
			continue;
		unoctal(f[4]);
		if ((mnts.m = reallocarray(mnts.m, mnts.n + 1,
		    sizeof(*mnts.m))) == NULL)
			err(1, NULL);
		mnts.m[mnts.n].dev = makedev(maj, min);
		if ((mnts.m[mnts.n++].dir = strdup(f[4])) == NULL)
			err(1, NULL);
	}
	free(text);
}

static int
mark_path(const struct fdinfo_mark *m, char *buf, size_t size)
{
	struct file_handle *fh;
	struct stat st, named;
	char self[64], target[PATH_MAX];
	dev_t dev = makedev(KDEV_MAJOR(m->sdev), KDEV_MINOR(m->sdev));
	size_t i;
	ssize_t n;
	int mfd, fd = -1;

	if (m->handle_bytes == 0 || m->ino == 0)
		goto none;
	if (!mnts.loaded)
		mnts_load();
	for (i = 0; i < mnts.n; i++)
		if (mnts.m[i].dev == dev)
			break;
	/* The mount must be open for real: an O_PATH descriptor will not
	 * do for open_by_handle_at(2). */
	if (i == mnts.n || (mfd = open(mnts.m[i].dir,
	    O_RDONLY | O_DIRECTORY | O_CLOEXEC)) == -1)
		goto none;
	if ((fh = malloc(sizeof(*fh) + m->handle_bytes)) == NULL)
		err(1, NULL);
	fh->handle_bytes = m->handle_bytes;
	fh->handle_type = m->handle_type;
	memcpy(fh->f_handle, m->handle, m->handle_bytes);
	fd = open_by_handle_at(mfd, fh, O_PATH | O_CLOEXEC);
	free(fh);
	close(mfd);
	if (fd == -1)
		goto none;
	snprintf(self, sizeof(self), "/proc/self/fd/%d", fd);
	if (fstat(fd, &st) == -1 ||
	    (n = readlink(self, target, sizeof(target) - 1)) == -1)
		goto none;
	target[n] = '\0';
	close(fd);
	fd = -1;
	if (target[0] != '/' || stat(target, &named) == -1 ||
	    named.st_dev != st.st_dev || named.st_ino != st.st_ino ||
	    (size_t)snprintf(buf, size, "/fs%s",
	    strcmp(target, "/") == 0 ? "" : target) >= size)
		goto none;
	return 0;
none:
	if (fd != -1)
		close(fd);
	errno = ENOENT;
	return -1;
}

/*
 * The attributes.  An object's entry hangs on its priv; an object that
 * was copied without it (ns_obj_dup) reads its descriptor again.
 */
static struct fdent *
ent_of(struct ns_obj *o)
{
	if (o->priv == NULL) {
		if (o->cls == &fd_assoc_class) {
			errno = ENOENT;
			return NULL;
		}
		o->priv = ent_load(-1, o->id[0], (int)o->id[1]);
	}
	return o->priv;
}

/* The entry's fdinfo text parsed, or NULL with errno. */
static const char *
info_of(struct ns_obj *o, struct fdent **ep)
{
	struct fdent *e;

	if ((e = ent_of(o)) == NULL)
		return NULL;
	*ep = e;
	return ent_info(e);
}

static int
none(void)
{
	errno = ENOENT;
	return -1;
}

static int
get_pid(struct ns_obj *o, struct ns_val *v)
{
	struct fdent *e;

	if ((e = ent_of(o)) == NULL)
		return -1;
	ns_val_num(v, e->pid);
	return 0;
}

static int
get_process(struct ns_obj *o, struct ns_val *v)
{
	struct fdent *e;

	if ((e = ent_of(o)) == NULL)
		return -1;
	ns_val_addf(v, "/proc/%llu", (unsigned long long)e->pid);
	return 0;
}

static int
get_comm(struct ns_obj *o, struct ns_val *v)
{
	struct proc_cache *p;
	struct fdent *e;

	if ((e = ent_of(o)) == NULL)
		return -1;
	if ((p = proc_of(e->pid))->comm_err != 0) {
		errno = p->comm_err;
		return -1;
	}
	ns_val_add(v, p->comm);
	return 0;
}

static int
proc_uid(struct ns_obj *o, uid_t *uid)
{
	struct proc_cache *p;
	struct fdent *e;

	if ((e = ent_of(o)) == NULL)
		return -1;
	if ((p = proc_of(e->pid))->uid_err != 0) {
		errno = p->uid_err;
		return -1;
	}
	*uid = p->uid;
	return 0;
}

/*
 * What belongs to the process that holds the descriptor is read through
 * the process, so that a column means on a descriptor what it means on
 * /proc/PID: its command line, its users, its namespaces.
 */
static int
proc_attr(struct ns_obj *o, const char *name, struct ns_val *v)
{
	struct fdent *e;

	if ((e = ent_of(o)) == NULL)
		return -1;
	return proc_attr_of(e->pid, name, v);
}

#define PROC_GETTER(attr) \
	static int \
	get_proc_##attr(struct ns_obj *o, struct ns_val *v) \
	{ \
		return proc_attr(o, #attr, v); \
	}
PROC_GETTER(cmdline)
PROC_GETTER(ppid)
PROC_GETTER(user)
PROC_GETTER(euser)
PROC_GETTER(group)
PROC_GETTER(egroup)
PROC_GETTER(threads)
PROC_GETTER(start)
PROC_GETTER(cwd)
PROC_GETTER(root)
PROC_GETTER(exe)
PROC_GETTER(netns)
PROC_GETTER(mntns)
PROC_GETTER(pidns)
PROC_GETTER(userns)
PROC_GETTER(utsns)
PROC_GETTER(ipcns)
PROC_GETTER(cgroupns)
PROC_GETTER(timens)

static int
get_uid(struct ns_obj *o, struct ns_val *v)
{
	uid_t uid;

	if (proc_uid(o, &uid) == -1)
		return -1;
	ns_val_num(v, uid);
	return 0;
}

static int
get_owner(struct ns_obj *o, struct ns_val *v)
{
	uid_t uid;

	if (proc_uid(o, &uid) == -1)
		return -1;
	ns_val_addf(v, "/user/%u", (unsigned)uid);
	return 0;
}

static int
get_fd(struct ns_obj *o, struct ns_val *v)
{
	struct fdent *e;

	if ((e = ent_of(o)) == NULL)
		return -1;
	if (e->fd < 0)
		return none();
	ns_val_num(v, e->fd);
	return 0;
}

static int
get_assoc(struct ns_obj *o, struct ns_val *v)
{
	struct fdent *e;

	if ((e = ent_of(o)) == NULL)
		return -1;
	if (e->fd >= 0)
		ns_val_addf(v, "%d", e->fd);
	else
		ns_val_add(v, e->assoc);
	return 0;
}

static int
get_mode(struct ns_obj *o, struct ns_val *v)
{
	struct fdent *e;
	mode_t m;

	if ((e = ent_of(o)) == NULL)
		return -1;
	if (e->fd < 0 && e->link_err != 0)
		return none();
	if (e->fd < 0) {
		ns_val_add(v, e->amode[0] != '\0' ? e->amode : "---");
		return 0;
	}
	if (ent_lmode(e, &m) == -1)
		return -1;
	ns_val_addf(v, "%c%c-", (m & S_IRUSR) ? 'r' : '-',
	    (m & S_IWUSR) ? 'w' : '-');
	return 0;
}

static int
get_flags(struct ns_obj *o, struct ns_val *v)
{
	struct fdent *e;
	char buf[256];

	if (info_of(o, &e) == NULL)
		return -1;
	fd_flags_string(e->ci.flags, buf, sizeof(buf));
	if (buf[0] == '\0')
		return none();
	ns_val_add(v, buf);
	return 0;
}

static int
get_pos(struct ns_obj *o, struct ns_val *v)
{
	struct fdent *e;

	if (info_of(o, &e) == NULL)
		return -1;
	if (!(e->ci.has & FI_POS))
		return none();
	ns_val_num(v, e->ci.pos);
	return 0;
}

/* Internal mounts (sockets, pipes, anonymous inodes) and those of other
 * mount namespaces are in no mount table of ours: no link to them. */
static int
get_mount(struct ns_obj *o, struct ns_val *v)
{
	struct ns_obj m;
	struct fdent *e;
	char path[64];

	if (info_of(o, &e) == NULL)
		return -1;
	if (!(e->ci.has & FI_MNT_ID))
		return none();
	snprintf(path, sizeof(path), "/mount/%llu",
	    (unsigned long long)e->ci.mnt_id);
	if (ns_resolve_into(&m, path) == -1)
		return none();
	ns_obj_clear(&m);
	ns_val_add(v, path);
	return 0;
}

static int
get_kind(struct ns_obj *o, struct ns_val *v)
{
	struct fdent *e;

	if ((e = ent_of(o)) == NULL)
		return -1;
	if (*ent_kind(e) == '\0')
		return none();
	ns_val_add(v, ent_kind(e));
	return 0;
}

static int
get_object(struct ns_obj *o, struct ns_val *v)
{
	struct fdent *e;
	const char *obj;

	if ((e = ent_of(o)) == NULL || (obj = ent_object(e)) == NULL)
		return -1;
	ns_val_add(v, obj);
	return 0;
}

static int
get_inode(struct ns_obj *o, struct ns_val *v)
{
	const struct stat *st;
	struct fdent *e;
	uint64_t ino;

	if ((e = ent_of(o)) == NULL)
		return -1;
	/* What the link says costs nothing more to read. */
	if (bracket_number(e->link, "pipe:[", &ino) == 0 ||
	    bracket_number(e->link, "socket:[", &ino) == 0 ||
	    nsfs_type(e->link, &ino) != NULL) {
		ns_val_num(v, ino);
		return 0;
	}
	if ((st = ent_stat(e)) == NULL)
		return -1;
	ns_val_num(v, st->st_ino);
	return 0;
}

/* Not reachable by its name: deleted, renamed or out of our sight. */
static int
get_deleted(struct ns_obj *o, struct ns_val *v)
{
	const struct stat *st;
	struct fdent *e;

	if ((e = ent_of(o)) == NULL)
		return -1;
	/* A path too long to read says nothing either way. */
	if (e->fam != F_PATH || e->link[0] == '\0')
		return none();
	if ((st = ent_stat(e)) == NULL)
		return -1;
	/* A queue of another IPC namespace has no path but is there. */
	if (ent_is_mqueue(e))
		ns_val_num(v, st->st_nlink == 0);
	else
		ns_val_num(v, ent_object(e) == NULL);
	return 0;
}

static int
get_size(struct ns_obj *o, struct ns_val *v)
{
	const struct stat *st;
	struct fdent *e;

	if ((e = ent_of(o)) == NULL || (st = ent_stat(e)) == NULL)
		return -1;
	if (!S_ISREG(st->st_mode) && e->fam != F_MEMFD &&
	    e->fam != F_SECRETMEM)
		return none();
	ns_val_num(v, (unsigned long long)st->st_size);
	return 0;
}

/* A device descriptor's rdev, or -1 if it holds no device. */
static int
ent_rdev(struct fdent *e, dev_t *rdev)
{
	const struct stat *st;

	if (e->fam != F_PATH || e->fd < 0 || (st = ent_stat(e)) == NULL ||
	    (!S_ISCHR(st->st_mode) && !S_ISBLK(st->st_mode)))
		return -1;
	*rdev = st->st_rdev;
	return 0;
}

static int
device_attr(struct ns_obj *o, struct ns_val *v, const char *name)
{
	struct fdent *e;
	const char *obj;
	dev_t rdev;

	if ((e = ent_of(o)) == NULL)
		return -1;
	if (ent_rdev(e, &rdev) == -1 || (obj = ent_object(e)) == NULL)
		return none();
	return attr_of(obj, name, v);
}

static int
get_driver(struct ns_obj *o, struct ns_val *v)
{
	return device_attr(o, v, "driver");
}

static int
get_devname(struct ns_obj *o, struct ns_val *v)
{
	return device_attr(o, v, "name");
}

static int
get_backing(struct ns_obj *o, struct ns_val *v)
{
	return device_attr(o, v, "backing");
}

/* The value of an fdinfo line of a character device: tun's "iff",
 * ptmx's "tty-index". */
static int
device_field(struct ns_obj *o, const char *key, char *buf, size_t size)
{
	const char *info;
	struct fdent *e;
	dev_t rdev;

	if ((e = ent_of(o)) == NULL)
		return -1;
	if (ent_rdev(e, &rdev) == -1 || (info = ent_info(e)) == NULL ||
	    fdinfo_field(info, key, buf, size) == -1)
		return none();
	return 0;
}

/*
 * A duplicate of the holder's descriptor, for what only a call on the
 * descriptor tells: pidfd_getfd(2), which the holder must let us trace
 * (our own process, or any with privilege).  -1 with errno.
 */
static int
ent_dup(const struct fdent *e)
{
	int pidfd, fd, save;

	if (e->fd < 0) {
		errno = ENOENT;
		return -1;
	}
	if ((pidfd = (int)syscall(SYS_pidfd_open, (pid_t)e->pid, 0)) == -1)
		return -1;
	fd = (int)syscall(SYS_pidfd_getfd, pidfd, e->fd, 0);
	save = errno;
	close(pidfd);
	errno = save;
	return fd;
}

/*
 * The network namespace a tun device's interface lives in, by its
 * inode: TUNGETDEVNETNS on a duplicate of the descriptor tells, where
 * we may take one.
 */
static int
tun_netns(struct ns_obj *o, uint64_t *ino)
{
	struct fdent *e;
	struct stat st;
	char name[64];
	int fd, nsfd;

	if (device_field(o, "iff", name, sizeof(name)) == -1 ||
	    (e = ent_of(o)) == NULL || (fd = ent_dup(e)) == -1)
		return -1;
	nsfd = ioctl(fd, TUNGETDEVNETNS);
	close(fd);
	if (nsfd == -1)
		return -1;
	if (fstat(nsfd, &st) == -1) {
		close(nsfd);
		return -1;
	}
	close(nsfd);
	*ino = st.st_ino;
	return 0;
}

static int
get_tun_netns(struct ns_obj *o, struct ns_val *v)
{
	uint64_t ino;

	if (tun_netns(o, &ino) == -1)
		return -1;
	ns_val_addf(v, "/ns/net/%llu", (unsigned long long)ino);
	return 0;
}

/*
 * The interface is looked up by name in the caller's network
 * namespace, where a tun device made by another may not be: where the
 * device's namespace is known to be another, it has none.
 */
static int
get_interface(struct ns_obj *o, struct ns_val *v)
{
	struct stat self;
	uint64_t ino;
	unsigned idx;
	char name[64];

	if (device_field(o, "iff", name, sizeof(name)) == -1)
		return -1;
	if (tun_netns(o, &ino) == 0 && stat("/proc/self/ns/net", &self) ==
	    0 && self.st_ino != ino)
		return none();
	if ((idx = if_nametoindex(name)) == 0)
		return none();
	ns_val_addf(v, "/dev/net/%u", idx);
	return 0;
}

/* The terminal at the other end of a pseudo-terminal master. */
static int
get_tty(struct ns_obj *o, struct ns_val *v)
{
	char idx[24];
	uint64_t n;

	if (device_field(o, "tty-index", idx, sizeof(idx)) == -1 ||
	    ns_parse_u64(idx, 0xfffff, &n) == -1)
		return none();
	ns_val_addf(v, "/dev/char/136/%llu", (unsigned long long)n);
	return 0;
}

/* What the socket object says of itself, by attribute name. */
static int
sock_attr(struct ns_obj *o, struct ns_val *v, const char *name)
{
	struct fdent *e;
	const char *obj;

	if ((e = ent_of(o)) == NULL || (obj = ent_object(e)) == NULL)
		return -1;
	return attr_of(obj, name, v);
}

static int
get_state(struct ns_obj *o, struct ns_val *v)
{
	return sock_attr(o, v, "state");
}

static int
get_local(struct ns_obj *o, struct ns_val *v)
{
	return sock_attr(o, v, "local");
}

static int
get_remote(struct ns_obj *o, struct ns_val *v)
{
	return sock_attr(o, v, "remote");
}

static int
get_peer(struct ns_obj *o, struct ns_val *v)
{
	return sock_attr(o, v, "peer");
}

static int
get_sock_type(struct ns_obj *o, struct ns_val *v)
{
	return sock_attr(o, v, "sock_type");
}

struct endpoints {
	struct fdent	*self;
	struct ns_val	*v;
};

static int
add_endpoint(struct fdent *e, void *arg)
{
	struct endpoints *ep = arg;

	if (e->fd < 0 || (e->pid == ep->self->pid && e->fd == ep->self->fd))
		return 0;
	return add_holder(e, ep->v);
}

/* The descriptors of /dev/ptmx that drive one terminal, by the
 * tty-index each one's fdinfo gives. */
struct masters {
	uint64_t	 index;
	struct endpoints *ep;
};

static int
add_master(struct fdent *e, void *arg)
{
	struct masters *m = arg;
	const char *info;
	char idx[24];
	uint64_t n;

	if (e->fd < 0 || (info = ent_info(e)) == NULL ||
	    fdinfo_field(info, "tty-index", idx, sizeof(idx)) == -1 ||
	    ns_parse_u64(idx, 0xfffff, &n) == -1 || n != m->index)
		return 0;
	return add_endpoint(e, m->ep);
}

/*
 * The other descriptors at the ends of the channel: of the pipe, the
 * FIFO, the eventfd, the socket and its peer, the terminal, the message
 * queue; a terminal's are the masters that drive it, as lsfd has them.
 */
static int
get_endpoints(struct ns_obj *o, struct ns_val *v)
{
	struct endpoints ep = { NULL, v };
	struct masters m = { 0, &ep };
	struct ns_val peer = { 0 };
	const struct stat *st;
	struct fdent *e;
	const char *obj;
	char tty[64];
	size_t n = v->n;

	if ((e = ent_of(o)) == NULL || (obj = ent_object(e)) == NULL)
		return -1;
	ep.self = e;
	switch (e->fam) {
	case F_PIPE:
	case F_SOCK:
		break;
	case F_EVENTFD:
		if (strncmp(obj, "/anon/", 6) != 0)
			return none();
		break;
	case F_PATH:
		if ((st = ent_stat(e)) == NULL)
			return -1;
		if (S_ISCHR(st->st_mode) && major(st->st_rdev) == 5 &&
		    minor(st->st_rdev) == 2) {
			if (get_tty(o, &peer) == -1)
				return -1;
			strlcpy(tty, peer.buf, sizeof(tty));
			ns_val_free(&peer);
			obj = tty;
			break;
		}
		/* The devpts terminals are of major 136, minor their
		 * index. */
		if (S_ISCHR(st->st_mode) && major(st->st_rdev) == 136) {
			m.index = minor(st->st_rdev);
			fd_index_holders("/dev/char/5/2", add_master, &m);
			return v->n == n ? none() : 0;
		}
		if (!S_ISFIFO(st->st_mode) && !ent_is_mqueue(e))
			return none();
		break;
	default:
		return none();
	}
	fd_index_holders(obj, add_endpoint, &ep);
	if (e->fam == F_SOCK && attr_of(obj, "peer", &peer) == 0 &&
	    peer.n > 0)
		fd_index_holders(peer.buf, add_endpoint, &ep);
	ns_val_free(&peer);
	if (v->n == n)
		return none();
	return 0;
}

static int
get_id(struct ns_obj *o, struct ns_val *v)
{
	struct fdinfo_eventfd ev;
	struct fdinfo_bpf b;
	const struct stat *st;
	const char *info;
	struct fdent *e;

	if ((e = ent_of(o)) == NULL)
		return -1;
	switch (e->fam) {
	case F_MEMFD:
	case F_SECRETMEM:
		if ((st = ent_stat(e)) == NULL)
			return -1;
		ns_val_num(v, st->st_ino);
		return 0;
	case F_EVENTFD:
		if ((info = ent_info(e)) == NULL)
			return -1;
		if (fdinfo_parse_eventfd(info, &ev) == -1 || ev.id < 0)
			return none();
		ns_val_num(v, (unsigned long long)ev.id);
		return 0;
	case F_BPF:
		if ((info = ent_info(e)) == NULL)
			return -1;
		if (fdinfo_parse_bpf(info, &b) == -1)
			return none();
		ns_val_num(v, b.id);
		return 0;
	default:
		return none();
	}
}

int
fd_val_counter(const char *info, struct ns_val *v)
{
	struct fdinfo_eventfd ev;

	if (fdinfo_parse_eventfd(info, &ev) == -1)
		return none();
	ns_val_num(v, ev.count);
	return 0;
}

static int
get_counter(struct ns_obj *o, struct ns_val *v)
{
	const char *info;
	struct fdent *e;

	return (info = info_of(o, &e)) != NULL ? fd_val_counter(info, v) : -1;
}

#define MAXTARGETS	4096

static int
cmp_tfd(const void *a, const void *b)
{
	const struct fdinfo_tfd *x = a, *y = b;

	return x->fd < y->fd ? -1 : x->fd > y->fd;
}

/* The targets of an epoll descriptor: parsed anew for each attribute,
 * which costs less than keeping them. */
static struct fdinfo_tfd *
epoll_targets(struct ns_obj *o, struct fdent **ep, int *n)
{
	struct fdinfo_tfd *t;
	const char *info;

	if ((info = info_of(o, ep)) == NULL)
		return NULL;
	if ((t = calloc(MAXTARGETS, sizeof(*t))) == NULL)
		err(1, NULL);
	if ((*n = fdinfo_parse_epoll(info, t, MAXTARGETS)) > MAXTARGETS)
		*n = MAXTARGETS;
	/* The kernel keeps them in the order of their addresses. */
	qsort(t, *n, sizeof(*t), cmp_tfd);
	return t;
}

static int
get_targets(struct ns_obj *o, struct ns_val *v)
{
	struct fdinfo_tfd *t;
	struct fdent *e;
	int i, n;

	if ((t = epoll_targets(o, &e, &n)) == NULL)
		return -1;
	for (i = 0; i < n; i++)
		ns_val_addf(v, "/proc/%llu/fd/%d", (unsigned long long)e->pid,
		    t[i].fd);
	free(t);
	return n > 0 ? 0 : none();
}

static int
get_events(struct ns_obj *o, struct ns_val *v)
{
	struct fdinfo_tfd *t;
	struct fdent *e;
	char buf[8192], ev[256], one[300];
	int i, n;

	if ((t = epoll_targets(o, &e, &n)) == NULL)
		return -1;
	buf[0] = '\0';
	for (i = 0; i < n; i++) {
		fd_epoll_events_string(t[i].events, ev, sizeof(ev));
		snprintf(one, sizeof(one), "%s%d:%s", i ? " " : "", t[i].fd,
		    ev);
		strlcat(buf, one, sizeof(buf));
	}
	free(t);
	if (n == 0)
		return none();
	ns_val_add(v, buf);
	return 0;
}

static int
timerfd_of(struct ns_obj *o, struct fdinfo_timerfd *t)
{
	const char *info;
	struct fdent *e;

	if ((info = info_of(o, &e)) == NULL)
		return -1;
	if (fdinfo_parse_timerfd(info, t) == -1)
		return none();
	return 0;
}

static int
get_clock(struct ns_obj *o, struct ns_val *v)
{
	struct fdinfo_timerfd t;

	if (timerfd_of(o, &t) == -1)
		return -1;
	ns_val_named(v, fd_clock_name(t.clockid), t.clockid);
	return 0;
}

static int
get_remaining(struct ns_obj *o, struct ns_val *v)
{
	struct fdinfo_timerfd t;

	if (timerfd_of(o, &t) == -1)
		return -1;
	ns_val_addf(v, "%llu.%09llu", (unsigned long long)t.value_sec,
	    (unsigned long long)t.value_nsec);
	return 0;
}

static int
get_interval(struct ns_obj *o, struct ns_val *v)
{
	struct fdinfo_timerfd t;

	if (timerfd_of(o, &t) == -1)
		return -1;
	ns_val_addf(v, "%llu.%09llu", (unsigned long long)t.interval_sec,
	    (unsigned long long)t.interval_nsec);
	return 0;
}

static int
get_sigmask(struct ns_obj *o, struct ns_val *v)
{
	const char *info;
	struct fdent *e;
	uint64_t mask;
	char buf[512];

	if ((info = info_of(o, &e)) == NULL)
		return -1;
	if (fdinfo_parse_signalfd(info, &mask) == -1)
		return none();
	fd_sigmask_string(mask, buf, sizeof(buf));
	ns_val_add(v, buf);
	return 0;
}

#define MAXMARKS	1024

/* The watches of inotify or the marks of fanotify. */
static struct fdinfo_mark *
marks_of(struct ns_obj *o, size_t *n, struct fdinfo_fanotify *fan)
{
	struct fdinfo_mark *m;
	struct fdinfo_fanotify f;
	const char *info;
	struct fdent *e;
	int k;

	if ((info = info_of(o, &e)) == NULL)
		return NULL;
	if ((m = calloc(MAXMARKS, sizeof(*m))) == NULL)
		err(1, NULL);
	if (e->fam == F_INOTIFY) {
		k = fdinfo_parse_inotify(info, m, MAXMARKS);
		*n = k < 0 ? 0 : (size_t)k;
	} else if (fdinfo_parse_fanotify(info, fan ? fan : &f, m, MAXMARKS,
	    n) == -1) {
		free(m);
		errno = ENOENT;
		return NULL;
	}
	if (*n > MAXMARKS)
		*n = MAXMARKS;
	return m;
}

/* The watched files (and, for fanotify, mounts) that have a path. */
static int
get_watches(struct ns_obj *o, struct ns_val *v)
{
	struct fdinfo_mark *m;
	char path[PATH_MAX + 8];
	size_t i, n;

	if ((m = marks_of(o, &n, NULL)) == NULL)
		return -1;
	for (i = 0; i < n; i++) {
		if (m[i].ino == 0 && m[i].mnt_id != 0)
			ns_val_addf(v, "/mount/%llu",
			    (unsigned long long)m[i].mnt_id);
		else if (mark_path(&m[i], path, sizeof(path)) == 0)
			ns_val_add(v, path);
	}
	free(m);
	return v->n > 0 ? 0 : none();
}

/* Every watched inode as "INODE,MAJ:MIN", whether it has a path or not. */
static void
marks_string(const struct fdinfo_mark *m, size_t n, char *buf, size_t size)
{
	char one[64];
	size_t i;

	buf[0] = '\0';
	for (i = 0; i < n; i++) {
		if (m[i].ino == 0)
			continue;
		snprintf(one, sizeof(one), "%s%llu,%u:%u", buf[0] ? " " : "",
		    (unsigned long long)m[i].ino, KDEV_MAJOR(m[i].sdev),
		    KDEV_MINOR(m[i].sdev));
		strlcat(buf, one, size);
	}
}

static int
get_inodes(struct ns_obj *o, struct ns_val *v)
{
	struct fdinfo_mark *m;
	char buf[8192];
	size_t n;

	if ((m = marks_of(o, &n, NULL)) == NULL)
		return -1;
	marks_string(m, n, buf, sizeof(buf));
	free(m);
	if (buf[0] == '\0')
		return none();
	ns_val_add(v, buf);
	return 0;
}

static int
fanotify_of(struct ns_obj *o, struct fdinfo_fanotify *f)
{
	const char *info;
	struct fdinfo_mark m;
	struct fdent *e;
	size_t n;

	if ((info = info_of(o, &e)) == NULL)
		return -1;
	if (fdinfo_parse_fanotify(info, f, &m, 0, &n) == -1)
		return none();
	return 0;
}

static int
get_fanotify_flags(struct ns_obj *o, struct ns_val *v)
{
	struct fdinfo_fanotify f;

	if (fanotify_of(o, &f) == -1)
		return -1;
	ns_val_addf(v, "0x%x", f.flags);
	return 0;
}

static int
get_event_flags(struct ns_obj *o, struct ns_val *v)
{
	struct fdinfo_fanotify f;

	if (fanotify_of(o, &f) == -1)
		return -1;
	ns_val_addf(v, "0x%x", f.event_flags);
	return 0;
}

static int
get_nspid(struct ns_obj *o, struct ns_val *v)
{
	struct fdinfo_pidfd p;
	const char *info;
	struct fdent *e;

	if ((info = info_of(o, &e)) == NULL)
		return -1;
	if (fdinfo_parse_pidfd(info, &p) == -1 || p.nspid[0] == '\0')
		return none();
	ns_val_add(v, p.nspid);
	return 0;
}

int
fd_val_bpf_type(const char *info, struct ns_val *v)
{
	struct fdinfo_bpf b;

	if (fdinfo_parse_bpf(info, &b) == -1)
		return none();
	if (b.link)
		ns_val_add(v, b.link_type);
	else
		ns_val_named(v, fd_bpf_type_name(b.prog, b.type), b.type);
	return 0;
}

int
fd_val_bpf_prog(const char *info, struct ns_val *v)
{
	struct fdinfo_bpf b;

	if (fdinfo_parse_bpf(info, &b) == -1 || !b.link || b.prog_id == 0)
		return none();
	ns_val_addf(v, "/anon/bpf-prog/%llu", (unsigned long long)b.prog_id);
	return 0;
}

int
fd_val_bpf_tag(const char *info, struct ns_val *v)
{
	struct fdinfo_bpf b;

	if (fdinfo_parse_bpf(info, &b) == -1 || b.tag[0] == '\0')
		return none();
	ns_val_add(v, b.tag);
	return 0;
}

static int
get_bpf_type(struct ns_obj *o, struct ns_val *v)
{
	const char *info;
	struct fdent *e;

	return (info = info_of(o, &e)) != NULL ? fd_val_bpf_type(info, v) :
	    -1;
}

static int
get_bpf_tag(struct ns_obj *o, struct ns_val *v)
{
	const char *info;
	struct fdent *e;

	return (info = info_of(o, &e)) != NULL ? fd_val_bpf_tag(info, v) : -1;
}

static int
get_bpf_prog(struct ns_obj *o, struct ns_val *v)
{
	const char *info;
	struct fdent *e;

	return (info = info_of(o, &e)) != NULL ? fd_val_bpf_prog(info, v) :
	    -1;
}

/* A bpf object's name is in no fdinfo line: bpf(BPF_OBJ_GET_INFO_BY_FD)
 * tells it, of a duplicate of the descriptor. */
static int
ent_bpf_name(struct fdent *e, char *buf, size_t size)
{
	struct bpf_prog_info prog;
	struct bpf_map_info map;
	union bpf_attr attr;
	struct fdinfo_bpf b;
	const char *info, *name;
	int fd, r;

	if ((info = ent_info(e)) == NULL || fdinfo_parse_bpf(info, &b) == -1)
		return -1;
	if (b.link)
		return none();
	if ((fd = ent_dup(e)) == -1)
		return -1;
	memset(&attr, 0, sizeof(attr));
	memset(&prog, 0, sizeof(prog));
	memset(&map, 0, sizeof(map));
	attr.info.bpf_fd = (uint32_t)fd;
	attr.info.info_len = b.prog ? sizeof(prog) : sizeof(map);
	attr.info.info = b.prog ? (uintptr_t)&prog : (uintptr_t)&map;
	r = (int)syscall(SYS_bpf, BPF_OBJ_GET_INFO_BY_FD, &attr, sizeof(attr));
	close(fd);
	if (r == -1)
		return -1;
	/* The kernel keeps the name NUL-terminated within its 16 bytes. */
	name = b.prog ? prog.name : map.name;
	if (strnlen(name, BPF_OBJ_NAME_LEN) == BPF_OBJ_NAME_LEN ||
	    *name == '\0')
		return none();
	strlcpy(buf, name, size);
	return 0;
}

int
fd_val_bpf_name(struct fdent *e, struct ns_val *v)
{
	char name[BPF_OBJ_NAME_LEN];

	if (ent_bpf_name(e, name, sizeof(name)) == -1)
		return -1;
	ns_val_add(v, name);
	return 0;
}

static int
get_bpf_name(struct ns_obj *o, struct ns_val *v)
{
	struct fdent *e;

	return (e = ent_of(o)) != NULL ? fd_val_bpf_name(e, v) : -1;
}

static int
io_uring_of(struct ns_obj *o, struct fdinfo_io_uring *u)
{
	const char *info;
	struct fdent *e;

	if ((info = info_of(o, &e)) == NULL)
		return -1;
	if (fdinfo_parse_io_uring(info, u) == -1)
		return none();
	return 0;
}

static int
get_sq_entries(struct ns_obj *o, struct ns_val *v)
{
	struct fdinfo_io_uring u;

	if (io_uring_of(o, &u) == -1)
		return -1;
	ns_val_num(v, u.sq_entries);
	return 0;
}

static int
get_cq_entries(struct ns_obj *o, struct ns_val *v)
{
	struct fdinfo_io_uring u;

	if (io_uring_of(o, &u) == -1)
		return -1;
	ns_val_num(v, u.cq_entries);
	return 0;
}

/*
 * NAME, lsfd's cooked name: one line that says what the descriptor is,
 * in the words of its kind.
 */

/* The link text without the " (deleted)" the kernel adds to it. */
static void
add_plain_link(struct ns_val *v, const char *link)
{
	size_t n = strlen(link);

	if (has_suffix(link, " (deleted)"))
		n -= strlen(" (deleted)");
	ns_val_addn(v, link, n);
}

static int
name_link(struct ns_obj *o, struct fdent *e, struct ns_val *v)
{
	add_plain_link(v, e->link);
	return 0;
}

static int
name_path(struct ns_obj *o, struct fdent *e, struct ns_val *v)
{
	char buf[64];

	if (device_field(o, "iff", buf, sizeof(buf)) == 0)
		ns_val_addf(v, "iface=%s", buf);
	else if (device_field(o, "tty-index", buf, sizeof(buf)) == 0)
		ns_val_addf(v, "tty-index=%s", buf);
	else
		add_plain_link(v, e->link);
	return 0;
}

/* The socket's own summary: its addresses and state. */
static int
name_sock(struct ns_obj *o, struct fdent *e, struct ns_val *v)
{
	const char *obj;

	if ((obj = ent_object(e)) != NULL && attr_of(obj, NULL, v) == 0 &&
	    v->n > 0)
		return 0;
	ns_val_reset(v);
	ns_val_add(v, e->link);
	return 0;
}

static int
name_eventfd(struct ns_obj *o, struct fdent *e, struct ns_val *v)
{
	struct fdinfo_eventfd ev;
	const char *info;

	if ((info = ent_info(e)) == NULL ||
	    fdinfo_parse_eventfd(info, &ev) == -1)
		return name_link(o, e, v);
	if (ev.id >= 0)
		ns_val_addf(v, "id=%lld count=%llu", (long long)ev.id,
		    (unsigned long long)ev.count);
	else
		ns_val_addf(v, "count=%llu", (unsigned long long)ev.count);
	return 0;
}

static int
name_epoll(struct ns_obj *o, struct fdent *e, struct ns_val *v)
{
	struct fdinfo_tfd *t;
	char buf[8192], one[16];
	int i, n;

	if ((t = epoll_targets(o, &e, &n)) == NULL)
		return name_link(o, e, v);
	strlcpy(buf, "tfds=", sizeof(buf));
	for (i = 0; i < n; i++) {
		snprintf(one, sizeof(one), "%s%d", i ? "," : "", t[i].fd);
		strlcat(buf, one, sizeof(buf));
	}
	free(t);
	ns_val_add(v, buf);
	return 0;
}

static int
name_timerfd(struct ns_obj *o, struct fdent *e, struct ns_val *v)
{
	struct fdinfo_timerfd t;
	const char *clock;
	char num[16];

	if (timerfd_of(o, &t) == -1)
		return name_link(o, e, v);
	if ((clock = fd_clock_name(t.clockid)) == NULL) {
		snprintf(num, sizeof(num), "%d", t.clockid);
		clock = num;
	}
	ns_val_addf(v, "clockid=%s remaining=%llu.%09llu "
	    "interval=%llu.%09llu", clock, (unsigned long long)t.value_sec,
	    (unsigned long long)t.value_nsec,
	    (unsigned long long)t.interval_sec,
	    (unsigned long long)t.interval_nsec);
	return 0;
}

static int
name_signalfd(struct ns_obj *o, struct fdent *e, struct ns_val *v)
{
	const char *info;
	uint64_t mask;
	char buf[512];

	if ((info = ent_info(e)) == NULL ||
	    fdinfo_parse_signalfd(info, &mask) == -1)
		return name_link(o, e, v);
	fd_sigmask_string(mask, buf, sizeof(buf));
	ns_val_addf(v, "mask=%s", buf);
	return 0;
}

static int
name_notify(struct ns_obj *o, struct fdent *e, struct ns_val *v)
{
	struct fdinfo_fanotify f;
	struct fdinfo_mark *m;
	char buf[8192];
	size_t n;

	if ((m = marks_of(o, &n, &f)) == NULL)
		return name_link(o, e, v);
	marks_string(m, n, buf, sizeof(buf));
	free(m);
	if (e->fam == F_FANOTIFY)
		ns_val_addf(v, "flags=0x%x event-flags=0x%x%s%s", f.flags,
		    f.event_flags, buf[0] ? " inodes=" : "", buf);
	else
		ns_val_addf(v, "inodes=%s", buf);
	return 0;
}

static int
name_pidfd(struct ns_obj *o, struct fdent *e, struct ns_val *v)
{
	struct fdinfo_pidfd p;
	struct proc_cache *pc;
	const char *info;

	if ((info = ent_info(e)) == NULL ||
	    fdinfo_parse_pidfd(info, &p) == -1)
		return name_link(o, e, v);
	if (p.pid <= 0) {
		ns_val_addf(v, "pid=%lld", (long long)p.pid);
		return 0;
	}
	pc = proc_of((uint64_t)p.pid);
	ns_val_addf(v, "pid=%lld comm=%s nspid=%s", (long long)p.pid,
	    pc->comm_err == 0 ? pc->comm : "", p.nspid);
	return 0;
}

static int
name_bpf(struct ns_obj *o, struct fdent *e, struct ns_val *v)
{
	struct fdinfo_bpf b;
	const char *type, *info;
	char num[24], name[BPF_OBJ_NAME_LEN];

	if ((info = ent_info(e)) == NULL || fdinfo_parse_bpf(info, &b) == -1)
		return name_link(o, e, v);
	if (b.link) {
		ns_val_addf(v, "id=%llu type=%s prog=%llu",
		    (unsigned long long)b.id, b.link_type,
		    (unsigned long long)b.prog_id);
		return 0;
	}
	if ((type = fd_bpf_type_name(b.prog, b.type)) == NULL) {
		snprintf(num, sizeof(num), "%llu", (unsigned long long)b.type);
		type = num;
	}
	if (ent_bpf_name(e, name, sizeof(name)) == -1)
		name[0] = '\0';
	ns_val_addf(v, "id=%llu type=%s%s%s%s%s", (unsigned long long)b.id,
	    type, b.tag[0] ? " tag=" : "", b.tag, name[0] ? " name=" : "",
	    name);
	return 0;
}

static int
name_io_uring(struct ns_obj *o, struct fdent *e, struct ns_val *v)
{
	struct fdinfo_io_uring u;

	if (io_uring_of(o, &u) == -1)
		return name_link(o, e, v);
	ns_val_addf(v, "sq-entries=%llu cq-entries=%llu",
	    (unsigned long long)u.sq_entries,
	    (unsigned long long)u.cq_entries);
	return 0;
}

/* "/memfd:NAME (deleted)" is no path: "memfd:NAME"; "/secretmem
 * (deleted)" is "secretmem". */
static int
name_memfd(struct ns_obj *o, struct fdent *e, struct ns_val *v)
{
	add_plain_link(v, e->link + 1);
	return 0;
}

static int	(*const names[NFAMILIES])(struct ns_obj *, struct fdent *,
    struct ns_val *) = {
	[F_PATH] = name_path,
	[F_PIPE] = name_link,
	[F_SOCK] = name_sock,
	[F_EVENTFD] = name_eventfd,
	[F_EPOLL] = name_epoll,
	[F_TIMERFD] = name_timerfd,
	[F_SIGNALFD] = name_signalfd,
	[F_INOTIFY] = name_notify,
	[F_FANOTIFY] = name_notify,
	[F_PIDFD] = name_pidfd,
	[F_BPF] = name_bpf,
	[F_IO_URING] = name_io_uring,
	[F_MEMFD] = name_memfd,
	[F_SECRETMEM] = name_memfd,
	[F_NSFS] = name_link,
	[F_ANON] = name_link,
	[F_UNKN] = name_link,
};

static int
get_name(struct ns_obj *o, struct ns_val *v)
{
	struct fdent *e;

	if ((e = ent_of(o)) == NULL)
		return -1;
	/* Where lsof says it: in the name. */
	if (e->link_err != 0) {
		ns_val_addf(v, "(readlink: %s)", strerror(e->link_err));
		return 0;
	}
	return names[e->fam](o, e, v);
}

/* nsls -l: the descriptor (or association), its kind, its name. */
static int
fd_summary(struct ns_obj *o, struct ns_val *v)
{
	struct ns_val name = { 0 };
	struct fdent *e;
	char num[24];
	int r = -1;

	if ((e = ent_of(o)) != NULL && get_name(o, &name) == 0 &&
	    name.n > 0) {
		if (e->fd >= 0)
			snprintf(num, sizeof(num), "%d", e->fd);
		else
			strlcpy(num, e->assoc, sizeof(num));
		if (*ent_kind(e) == '\0')
			ns_val_addf(v, "%s %s", num, name.buf);
		else
			ns_val_addf(v, "%s %s %s", num, ent_kind(e), name.buf);
		r = 0;
	}
	ns_val_free(&name);
	return r;
}

static void
fd_release(struct ns_obj *o)
{
	ent_unref(o->priv);
	o->priv = NULL;
}

/*
 * The classes: one a family, the common attributes first, then what
 * the family's fdinfo and objects add.  Where another class has a
 * column of the same name, the help says what it means in general.
 */
/* The holder's own, as proc.c says them (the help the same, one meaning). */
#define PROC_ATTRS \
	{ "cmdline", NS_STRING, \
	    "the arguments joined by spaces; empty for a kernel thread", \
	    get_proc_cmdline }, \
	{ "ppid", NS_LINK, "the parent process", get_proc_ppid }, \
	{ "user", NS_LINK, "the real user", get_proc_user }, \
	{ "euser", NS_LINK, "the effective user", get_proc_euser }, \
	{ "group", NS_LINK, "the real or primary group", get_proc_group }, \
	{ "egroup", NS_LINK, "the effective group", get_proc_egroup }, \
	{ "threads", NS_NUMBER, "how many threads the process has", \
	    get_proc_threads }, \
	{ "start", NS_STRING, "when the process started, ISO 8601 local " \
	    "time", get_proc_start }, \
	{ "cwd", NS_LINK, "the working directory", get_proc_cwd }, \
	{ "root", NS_LINK, "the root directory", get_proc_root }, \
	{ "exe", NS_LINK, "the program file", get_proc_exe }, \
	{ "netns", NS_LINK, "the network namespace", get_proc_netns }, \
	{ "mntns", NS_LINK, "the mount namespace", get_proc_mntns }, \
	{ "pidns", NS_LINK, "the pid namespace", get_proc_pidns }, \
	{ "userns", NS_LINK, "the user namespace", get_proc_userns }, \
	{ "utsns", NS_LINK, "the uts (host name) namespace", \
	    get_proc_utsns }, \
	{ "ipcns", NS_LINK, "the ipc namespace", get_proc_ipcns }, \
	{ "cgroupns", NS_LINK, "the cgroup namespace", get_proc_cgroupns }, \
	{ "timens", NS_LINK, "the time namespace", get_proc_timens }

/* Said once for descriptors and associations, which mean them alike. */
#define FD_ASSOC \
	{ "assoc", NS_STRING, "how the process holds it: a descriptor " \
	    "number, or exe, cwd, rtd, mem, shm, a namespace", get_assoc }
#define FD_MODE \
	{ "mode", NS_STRING, "how it may be used: a descriptor's or "	\
	    "mapping's access as rwx letters or -; a file's type and "	\
	    "permissions, as ls -l", get_mode }
#define FD_OBJECT \
	{ "object", NS_LINK, "the object a descriptor refers to", \
	    get_object }
#define FD_DELETED \
	{ "deleted", NS_NUMBER, "1 if the file is not reachable by its " \
	    "name: deleted, or out of sight", get_deleted }

#define FD_COMMON \
	{ "pid", NS_NUMBER, "the process id", get_pid }, \
	{ "process", NS_LINK, "the process that holds it", get_process }, \
	{ "comm", NS_STRING, "the command name the kernel keeps", get_comm }, \
	PROC_ATTRS, \
	{ "uid", NS_NUMBER, "the user id", get_uid }, \
	{ "owner", NS_LINK, "the user who owns it", get_owner }, \
	{ "fd", NS_NUMBER, "the descriptor number", get_fd }, \
	FD_ASSOC, \
	FD_MODE, \
	{ "flags", NS_STRING, "flags: open(2) flags of a descriptor " \
	    "(cloexec,nonblock...)", get_flags }, \
	{ "pos", NS_NUMBER, "the file position", get_pos }, \
	{ "mount", NS_LINK, "the mount it is on", get_mount }, \
	{ "kind", NS_STRING, "what kind of thing it is", get_kind }, \
	FD_OBJECT, \
	{ "name", NS_STRING, "the name", get_name }, \
	{ "inode", NS_NUMBER, "the inode number", get_inode }, \
	{ "endpoints", NS_LINKS, "the descriptors at the other ends: of a " \
	    "pipe, FIFO, socket and its peer, eventfd, pseudo-terminal, " \
	    "message queue", \
	    get_endpoints }

#define FD_CLASS(var, list) \
	const struct ns_class var = { \
		.type = "fd", \
		.attrs = list, \
		.summary = fd_summary, \
		.release = fd_release, \
	}

static const struct ns_attr file_attrs[] = {
	FD_COMMON,
	FD_DELETED,
	{ "size", NS_NUMBER, "the size in bytes", get_size },
	{ "driver", NS_STRING, "the driver of the device", get_driver },
	{ "devname", NS_STRING, "the kernel's name of the device",
	    get_devname },
	{ "backing", NS_LINK, "the file behind a loop device", get_backing },
	{ "interface", NS_LINK, "the network interface", get_interface },
	{ "netns", NS_LINK, "the network namespace of a tun device's "
	    "interface", get_tun_netns },
	{ "tty", NS_LINK, "the terminal the descriptor refers to", get_tty },
	{ NULL }
};
static const struct ns_attr pipe_attrs[] = {
	FD_COMMON,
	{ NULL }
};
static const struct ns_attr sock_attrs[] = {
	FD_COMMON,
	/* The socket's own, as sock.c says them: one meaning each. */
	{ "state", NS_STRING, "the state as ss prints it: LISTEN, ESTAB, "
	    "UNCONN...", get_state },
	{ "local", NS_STRING, "the local address and port as ss -n prints "
	    "them", get_local },
	{ "remote", NS_STRING, "the remote address and port, if connected",
	    get_remote },
	{ "peer", NS_LINK, "the socket at the other end", get_peer },
	{ "sock_type", NS_STRING, "the socket type: stream, dgram, "
	    "seqpacket, raw", get_sock_type },
	{ NULL }
};
static const struct ns_attr eventfd_attrs[] = {
	FD_COMMON,
	{ "id", NS_NUMBER, "the kernel's id", get_id },
	{ "counter", NS_NUMBER, "the eventfd's counter", get_counter },
	{ NULL }
};
static const struct ns_attr epoll_attrs[] = {
	FD_COMMON,
	{ "targets", NS_LINKS, "the descriptors an epoll descriptor watches",
	    get_targets },
	{ "events", NS_STRING, "the events it waits for, by target: "
	    "3:IN,OUT 5:IN", get_events },
	{ NULL }
};
static const struct ns_attr timerfd_attrs[] = {
	FD_COMMON,
	{ "clock", NS_STRING, "the clock of a timerfd: realtime, "
	    "monotonic, boottime...", get_clock },
	{ "remaining", NS_STRING, "seconds until the timer expires, 0 if "
	    "disarmed", get_remaining },
	{ "interval", NS_STRING, "seconds between expirations, 0 for once",
	    get_interval },
	{ NULL }
};
static const struct ns_attr signalfd_attrs[] = {
	FD_COMMON,
	{ "sigmask", NS_STRING, "the signals a signalfd takes: HUP,USR1",
	    get_sigmask },
	{ NULL }
};
static const struct ns_attr inotify_attrs[] = {
	FD_COMMON,
	{ "watches", NS_LINKS, "the watched files and mounts that have a "
	    "path", get_watches },
	{ "inodes", NS_STRING, "every watched inode as INODE,MAJ:MIN",
	    get_inodes },
	{ NULL }
};
static const struct ns_attr fanotify_attrs[] = {
	FD_COMMON,
	{ "fanotify_flags", NS_STRING, "the fanotify_init(2) flags",
	    get_fanotify_flags },
	{ "event_flags", NS_STRING, "the fanotify_init(2) event flags",
	    get_event_flags },
	{ "watches", NS_LINKS, "the watched files and mounts that have a "
	    "path", get_watches },
	{ "inodes", NS_STRING, "every watched inode as INODE,MAJ:MIN",
	    get_inodes },
	{ NULL }
};
static const struct ns_attr pidfd_attrs[] = {
	FD_COMMON,
	{ "nspid", NS_STRING, "the pid in each pid namespace, outermost "
	    "first", get_nspid },
	{ NULL }
};
static const struct ns_attr bpf_attrs[] = {
	FD_COMMON,
	{ "id", NS_NUMBER, "the kernel's id", get_id },
	{ "bpf_type", NS_STRING, "the bpf map, program or link type",
	    get_bpf_type },
	{ "bpf_tag", NS_STRING, "the bpf program's tag", get_bpf_tag },
	{ "bpf_name", NS_STRING, "the name the bpf map or program was given",
	    get_bpf_name },
	{ "bpf_prog", NS_LINK, "the bpf program a bpf link attaches",
	    get_bpf_prog },
	{ NULL }
};
static const struct ns_attr io_uring_attrs[] = {
	FD_COMMON,
	{ "sq_entries", NS_NUMBER, "the io_uring's submission queue size",
	    get_sq_entries },
	{ "cq_entries", NS_NUMBER, "the io_uring's completion queue size",
	    get_cq_entries },
	{ NULL }
};
static const struct ns_attr memfd_attrs[] = {
	FD_COMMON,
	{ "id", NS_NUMBER, "the kernel's id", get_id },
	{ "size", NS_NUMBER, "the size in bytes", get_size },
	{ NULL }
};
static const struct ns_attr other_attrs[] = {
	FD_COMMON,
	{ NULL }
};
static const struct ns_attr assoc_attrs[] = {
	{ "pid", NS_NUMBER, "the process id", get_pid },
	{ "process", NS_LINK, "the process that holds it", get_process },
	{ "comm", NS_STRING, "the command name the kernel keeps", get_comm },
	PROC_ATTRS,
	{ "uid", NS_NUMBER, "the user id", get_uid },
	{ "owner", NS_LINK, "the user who owns it", get_owner },
	FD_ASSOC,
	FD_MODE,
	{ "kind", NS_STRING, "what kind of thing it is", get_kind },
	FD_OBJECT,
	{ "name", NS_STRING, "the name", get_name },
	{ "inode", NS_NUMBER, "the inode number", get_inode },
	FD_DELETED,
	{ NULL }
};

FD_CLASS(fd_file_class, file_attrs);
FD_CLASS(fd_pipe_class, pipe_attrs);
FD_CLASS(fd_sock_class, sock_attrs);
FD_CLASS(fd_eventfd_class, eventfd_attrs);
FD_CLASS(fd_epoll_class, epoll_attrs);
FD_CLASS(fd_timerfd_class, timerfd_attrs);
FD_CLASS(fd_signalfd_class, signalfd_attrs);
FD_CLASS(fd_inotify_class, inotify_attrs);
FD_CLASS(fd_fanotify_class, fanotify_attrs);
FD_CLASS(fd_pidfd_class, pidfd_attrs);
FD_CLASS(fd_bpf_class, bpf_attrs);
FD_CLASS(fd_io_uring_class, io_uring_attrs);
FD_CLASS(fd_memfd_class, memfd_attrs);
FD_CLASS(fd_nsfs_class, other_attrs);
FD_CLASS(fd_other_class, other_attrs);

/* An association is a row of fdinfo -a, not an object of its own: its
 * path is the process that holds it. */
const struct ns_class fd_assoc_class = {
	.type = "assoc",
	.attrs = assoc_attrs,
	.summary = fd_summary,
	.release = fd_release,
};

static const struct ns_class *const family_classes[NFAMILIES] = {
	[F_PATH] = &fd_file_class,
	[F_PIPE] = &fd_pipe_class,
	[F_SOCK] = &fd_sock_class,
	[F_EVENTFD] = &fd_eventfd_class,
	[F_EPOLL] = &fd_epoll_class,
	[F_TIMERFD] = &fd_timerfd_class,
	[F_SIGNALFD] = &fd_signalfd_class,
	[F_INOTIFY] = &fd_inotify_class,
	[F_FANOTIFY] = &fd_fanotify_class,
	[F_PIDFD] = &fd_pidfd_class,
	[F_BPF] = &fd_bpf_class,
	[F_IO_URING] = &fd_io_uring_class,
	[F_MEMFD] = &fd_memfd_class,
	[F_SECRETMEM] = &fd_memfd_class,
	[F_NSFS] = &fd_nsfs_class,
	[F_ANON] = &fd_other_class,
	[F_UNKN] = &fd_other_class,
};

/* Make o the object of entry e, which it then holds a count of. */
static void
ent_obj(struct ns_obj *o, struct fdent *e)
{
	if (e->fd >= 0) {
		ns_obj_set(o, family_classes[e->fam], "/proc/%llu/fd/%d",
		    (unsigned long long)e->pid, e->fd);
		o->id[1] = (uint64_t)e->fd;
	} else
		ns_obj_set(o, &fd_assoc_class, "/proc/%llu",
		    (unsigned long long)e->pid);
	o->id[0] = e->pid;
	o->priv = e;
	e->refs++;
}

static int
emit_ent(struct fdent *e, ns_emit_fn emit, void *arg)
{
	struct ns_obj c = { 0 };
	int stop;

	ent_obj(&c, e);
	stop = emit(&c, arg);
	ns_obj_clear(&c);
	return stop;
}

/* /proc/PID/fd, the node. */
static int
node_list(struct ns_obj *o, ns_emit_fn emit, void *arg)
{
	struct dirent *d;
	struct fdent *e;
	char path[64];
	uint64_t fd;
	DIR *dir;
	int stop = 0;

	snprintf(path, sizeof(path), "/proc/%llu/fd",
	    (unsigned long long)o->id[0]);
	if ((dir = opendir(path)) == NULL)
		return -1;
	while (!stop && (d = readdir(dir)) != NULL) {
		if (ns_parse_u64(d->d_name, INT_MAX, &fd) == -1)
			continue;
		/* A descriptor closed meanwhile is passed over. */
		if ((e = ent_load(dirfd(dir), o->id[0], (int)fd)) == NULL)
			continue;
		e->dfd = dirfd(dir);
		stop = emit_ent(e, emit, arg);
		e->dfd = -1;
		ent_unref(e);
	}
	closedir(dir);
	return stop;
}

struct node_count {
	size_t	n;
	size_t	unreadable;
};

static int
count_desc(struct ns_obj *c, void *arg)
{
	struct node_count *nc = arg;
	struct fdent *e = c->priv;

	nc->n++;
	if (e->link_err != 0)
		nc->unreadable++;
	return 0;
}

/* How many descriptors, and how many of them are not ours to read;
 * never "0 descriptors" for a table we may not list. */
static int
node_summary(struct ns_obj *o, struct ns_val *v)
{
	struct node_count nc = { 0, 0 };

	if (node_list(o, count_desc, &nc) == -1) {
		ns_val_addf(v, "descriptors not readable: %s",
		    strerror(errno));
		return 0;
	}
	if (nc.unreadable > 0)
		ns_val_addf(v, "%zu descriptor%s, %zu not readable", nc.n,
		    nc.n == 1 ? "" : "s", nc.unreadable);
	else
		ns_val_addf(v, "%zu descriptor%s", nc.n, nc.n == 1 ? "" : "s");
	return 0;
}

static int
get_node_pid(struct ns_obj *o, struct ns_val *v)
{
	ns_val_num(v, o->id[0]);
	return 0;
}

static const struct ns_attr node_attrs[] = {
	{ "pid", NS_NUMBER, "the process id", get_node_pid },
	{ NULL }
};

const struct ns_class fd_node_class = {
	.type = "fds",
	.attrs = node_attrs,
	.list = node_list,
	.summary = node_summary,
};

void
fd_node_set(struct ns_obj *o, uint64_t pid)
{
	ns_obj_set(o, &fd_node_class, "/proc/%llu/fd", (unsigned long long)pid);
	o->id[0] = pid;
}

int
fd_lookup(struct ns_obj *o, uint64_t pid, char **comp, int n)
{
	struct fdent *e;
	char path[64];
	uint64_t fd;

	if (n < 1 || n > 2 || strcmp(comp[0], "fd") != 0)
		return none();
	if (n == 1) {
		snprintf(path, sizeof(path), "/proc/%llu/fd",
		    (unsigned long long)pid);
		if (access(path, F_OK) == -1)
			return -1;
		fd_node_set(o, pid);
		return 0;
	}
	if (ns_parse_u64(comp[1], INT_MAX, &fd) == -1)
		return none();
	if ((e = ent_load(-1, pid, (int)fd)) == NULL)
		return -1;
	ent_obj(o, e);
	ent_unref(e);
	return 0;
}

/*
 * fdinfo's walks.  Associations come first, as lsfd prints them, then
 * the descriptors in their order.
 */
struct walk {
	const struct fd_select	*sel;
	ns_emit_fn		 emit;
	void			*arg;
};

static int
walk_ent(struct fdent *e, void *arg)
{
	struct walk *w = arg;

	if (!selected(e, w->sel))
		return 0;
	return emit_ent(e, w->emit, w->arg);
}

int
fd_walk_pid(uint64_t pid, const struct fd_select *sel, ns_emit_fn emit,
    void *arg)
{
	struct walk w = { sel, emit, arg };
	struct dirent *d;
	struct fdent *e;
	uint64_t fd;
	DIR *dir;
	int stop = 0;

	/* A process whose descriptors are not ours to list still has its
	 * associations listed, each with its error, as lsof lists them. */
	if ((dir = open_fds(pid)) == NULL) {
		if (errno != EACCES)
			return -1;
		return sel != NULL && sel->assoc ?
		    assoc_each(pid, -1, walk_ent, &w) : 0;
	}
	if (sel != NULL && sel->assoc)
		stop = assoc_each(pid, dirfd(dir), walk_ent, &w);
	while (!stop && (d = readdir(dir)) != NULL) {
		if (ns_parse_u64(d->d_name, INT_MAX, &fd) == -1)
			continue;
		if ((e = ent_load(dirfd(dir), pid, (int)fd)) == NULL)
			continue;
		e->dfd = dirfd(dir);
		stop = walk_ent(e, &w);
		e->dfd = -1;
		ent_unref(e);
	}
	closedir(dir);
	return stop;
}

static int
walk_one(uint64_t pid, void *arg)
{
	struct walk *w = arg;
	int r;

	/* A process that left meanwhile is no error. */
	if ((r = fd_walk_pid(pid, w->sel, w->emit, w->arg)) == -1)
		return 0;
	return r;
}

int
fd_walk(const struct fd_select *sel, ns_emit_fn emit, void *arg)
{
	struct walk w = { sel, emit, arg };

	return ns_proc_each(walk_one, &w);
}

static int
walk_holder(struct fdent *e, void *arg)
{
	struct walk *w = arg;

	/* Both ends of a connection may each be asked for. */
	if (e->emitted || !selected(e, w->sel))
		return 0;
	e->emitted = 1;
	return emit_ent(e, w->emit, w->arg);
}

static int
count_holder(struct fdent *e, void *arg)
{
	(*(size_t *)arg)++;
	return 0;
}

/* A descriptor path asks for what the descriptor refers to. */
static int
holders_of_fd(const char *path, struct walk *w)
{
	struct ns_obj o;
	struct fdent *e;
	const char *obj;
	size_t n = 0;
	int r;

	if (ns_resolve_into(&o, path) == -1)
		return 0;
	if ((e = ent_of(&o)) == NULL || o.cls == &fd_assoc_class) {
		ns_obj_clear(&o);
		return 0;
	}
	/* A descriptor that is its own object is found in the index, where
	 * it is marked as given; one newer than the index, or one of a
	 * deleted file, which has no object, is given as it is. */
	obj = ent_object(e);
	if (obj != NULL && strcmp(obj, path) != 0)
		r = fd_walk_holders(obj, w->sel, w->emit, w->arg);
	else if (obj != NULL && (r = index_holders(path, 0, count_holder,
	    &n)) == 0 && n > 0)
		r = index_holders(path, 0, walk_holder, w);
	else
		r = selected(e, w->sel) ? w->emit(&o, w->arg) : 0;
	ns_obj_clear(&o);
	return r;
}

int
fd_walk_holders(const char *object, const struct fd_select *sel,
    ns_emit_fn emit, void *arg)
{
	struct walk w = { sel, emit, arg };
	struct ns_val peer = { 0 };
	int r;

	/* Another machine's descriptors are its own to find. */
	if (strncmp(object, "/host/", 6) == 0)
		return ns_host_holders(object, emit, arg);
	if (strncmp(object, "/proc/", 6) == 0 && strstr(object, "/fd/") !=
	    NULL)
		return holders_of_fd(object, &w);
	r = index_holders(object, sel != NULL && sel->assoc, walk_holder, &w);
	if (r == 0 && strncmp(object, "/sock/", 6) == 0 &&
	    attr_of(object, "peer", &peer) == 0 && peer.n > 0)
		r = index_holders(peer.buf, sel != NULL && sel->assoc,
		    walk_holder, &w);
	ns_val_free(&peer);
	return r;
}

/*
 * The catalog of descriptor kinds, for fdinfo --types: what each kind
 * is, what path its objects get, and what a descriptor of it does.
 * A kind is listed if this kernel gives it, which a probe finds out:
 * making one and closing it, or telling ENOSYS from any other error.
 */
struct catalog_ent {
	char	*kind;
	char	*form;
	char	*supports;
	char	*summary;
};

static int
probe_fd(int fd)
{
	if (fd == -1)
		return 0;
	close(fd);
	return 1;
}

static int
probe_syscall(long r)
{
	return r != -1 || errno != ENOSYS;
}

static int
probe_eventfd(void)
{
	return probe_fd(eventfd(0, EFD_CLOEXEC));
}

static int
probe_epoll(void)
{
	return probe_fd(epoll_create1(EPOLL_CLOEXEC));
}

static int
probe_timerfd(void)
{
	return probe_fd(timerfd_create(CLOCK_MONOTONIC, TFD_CLOEXEC));
}

static int
probe_signalfd(void)
{
	sigset_t set;

	sigemptyset(&set);
	return probe_fd(signalfd(-1, &set, SFD_CLOEXEC));
}

static int
probe_inotify(void)
{
	return probe_fd(inotify_init1(IN_CLOEXEC));
}

/* fanotify takes privilege: EPERM says the kernel has it. */
static int
probe_fanotify(void)
{
	int fd = fanotify_init(FAN_CLASS_NOTIF | FAN_CLOEXEC, O_RDONLY);

	return fd != -1 ? probe_fd(fd) : errno == EPERM;
}

static int
probe_pidfd(void)
{
	return probe_fd((int)syscall(SYS_pidfd_open, getpid(), 0));
}

static int
probe_bpf(void)
{
	return probe_syscall(syscall(SYS_bpf, -1, NULL, 0));
}

static int
probe_io_uring(void)
{
	return probe_syscall(syscall(SYS_io_uring_setup, 0, NULL));
}

static int
probe_userfaultfd(void)
{
	return probe_syscall(syscall(SYS_userfaultfd, -1));
}

static int
probe_perf_event(void)
{
	return access("/proc/sys/kernel/perf_event_paranoid", F_OK) == 0;
}

static int
probe_memfd(void)
{
	return probe_fd(memfd_create("fdinfo", MFD_CLOEXEC));
}

static int
probe_mqueue(void)
{
	return access("/proc/sys/fs/mqueue", F_OK) == 0;
}

static int
probe_secretmem(void)
{
	return probe_fd((int)syscall(SYS_memfd_secret, O_CLOEXEC));
}

static int
probe_nsfs(void)
{
	return access("/proc/self/ns/net", F_OK) == 0;
}

static const struct kind_info {
	const char	*kind;
	const char	*form;
	const char	*supports;
	const char	*summary;
	int		(*probe)(void);
} kinds[] = {
	{ "REG", "/fs/PATH", "read,write,seek,mmap,lock,ioctl",
	    "a regular file", NULL },
	{ "DIR", "/fs/PATH", "getdents,seek,openat,fchdir",
	    "a directory", NULL },
	{ "LINK", "/fs/PATH", "fstat,openat,linkat",
	    "a symbolic link, held with O_PATH", NULL },
	{ "CHR", "/dev/char/MAJ/MIN", "read,write,poll,ioctl,mmap",
	    "a character device; what it does is the driver's", NULL },
	{ "BLK", "/dev/block/MAJ/MIN", "read,write,seek,mmap,ioctl",
	    "a block device", NULL },
	{ "FIFO", "/pipe/INODE", "read,write,poll,splice",
	    "a pipe, or a named FIFO (/fs/PATH)", NULL },
	{ "eventfd", "/anon/eventfd/ID", "read,write,poll",
	    "an event counter", probe_eventfd },
	{ "eventpoll", "/proc/PID/fd/N", "epoll_ctl,epoll_wait,poll",
	    "an epoll instance, waiting on other descriptors", probe_epoll },
	{ "timerfd", "/proc/PID/fd/N", "read,poll,settime,gettime",
	    "a timer whose expirations are read", probe_timerfd },
	{ "signalfd", "/proc/PID/fd/N", "read,poll",
	    "signals, taken by reading", probe_signalfd },
	{ "inotify", "/proc/PID/fd/N", "read,poll,add_watch,rm_watch",
	    "file system events", probe_inotify },
	{ "fanotify", "/proc/PID/fd/N", "read,write,poll,mark",
	    "file access events and permission decisions", probe_fanotify },
	{ "pidfd", "/proc/PID", "poll,waitid,send_signal,getfd,setns",
	    "a process", probe_pidfd },
	{ "bpf-map", "/anon/bpf-map/ID", "lookup,update,delete,mmap",
	    "a bpf map", probe_bpf },
	{ "bpf-prog", "/anon/bpf-prog/ID", "attach,test_run",
	    "a bpf program", probe_bpf },
	{ "bpf_link", "/anon/bpf_link/ID", "update,detach",
	    "a bpf program attached to a hook", probe_bpf },
	{ "io_uring", "/proc/PID/fd/N", "mmap,enter,register,poll",
	    "rings of asynchronous I/O requests", probe_io_uring },
	{ "userfaultfd", "/proc/PID/fd/N", "read,poll,ioctl",
	    "page faults handled in user space", probe_userfaultfd },
	{ "perf_event", "/proc/PID/fd/N", "read,mmap,poll,ioctl",
	    "a performance counter", probe_perf_event },
	{ "memfd", "/anon/memfd/INODE", "read,write,seek,mmap,seal",
	    "a file in memory with no path", probe_memfd },
	{ "mqueue", "/ipc/mqueue/NAME", "send,receive,notify,poll",
	    "a POSIX message queue", probe_mqueue },
	{ "secretmem", "/anon/secretmem/INODE", "mmap,ftruncate",
	    "memory that even the kernel does not map", probe_secretmem },
	{ "nsfs", "/ns/TYPE/INODE", "setns,ioctl", "a namespace", probe_nsfs },
	{ "UNKN", "/proc/PID/fd/N", "",
	    "what none of the above is; an anonymous inode shows its class",
	    NULL },
};

/* What a socket of a protocol does, by the protocol's kind. */
static const struct sock_info {
	const char	*proto;
	const char	*supports;
	const char	*summary;
} socks[] = {
	{ "UNIX-STREAM", "read,write,poll,accept,shutdown,send,recv,"
	    "fd-passing", "a unix stream socket" },
	{ "UNIX", "send,recv,poll,fd-passing",
	    "a unix datagram or seqpacket socket" },
	{ "TCP", "read,write,poll,accept,shutdown,send,recv",
	    "a TCP socket over IPv4" },
	{ "TCPv6", "read,write,poll,accept,shutdown,send,recv",
	    "a TCP socket over IPv6" },
	{ "UDP", "send,recv,poll", "a UDP socket over IPv4" },
	{ "UDPv6", "send,recv,poll", "a UDP socket over IPv6" },
	{ "NETLINK", "send,recv,poll", "a netlink socket, to the kernel" },
	{ "PACKET", "send,recv,poll,mmap", "a packet socket, at the link "
	    "layer" },
	{ "RAW", "send,recv,poll", "a raw IPv4 socket" },
	{ "RAWv6", "send,recv,poll", "a raw IPv6 socket" },
	{ "PING", "send,recv,poll", "an ICMP echo socket over IPv4" },
	{ "PINGv6", "send,recv,poll", "an ICMP echo socket over IPv6" },
};

static void
catalog_release(struct ns_obj *o)
{
	struct catalog_ent *c = o->priv;

	free(c->kind);
	free(c->form);
	free(c->supports);
	free(c->summary);
	free(c);
	o->priv = NULL;
}

static int
catalog_str(struct ns_obj *o, struct ns_val *v, size_t off)
{
	struct catalog_ent *c = o->priv;
	const char *s;

	if (c == NULL) {
		errno = ENOENT;
		return -1;
	}
	s = *(char **)((char *)c + off);
	if (*s == '\0')
		return none();
	ns_val_add(v, s);
	return 0;
}

static int
get_cat_kind(struct ns_obj *o, struct ns_val *v)
{
	return catalog_str(o, v, offsetof(struct catalog_ent, kind));
}

static int
get_cat_form(struct ns_obj *o, struct ns_val *v)
{
	return catalog_str(o, v, offsetof(struct catalog_ent, form));
}

static int
get_cat_supports(struct ns_obj *o, struct ns_val *v)
{
	return catalog_str(o, v, offsetof(struct catalog_ent, supports));
}

static int
catalog_summary(struct ns_obj *o, struct ns_val *v)
{
	return catalog_str(o, v, offsetof(struct catalog_ent, summary));
}

static const struct ns_attr kind_attrs[] = {
	{ "kind", NS_STRING, "what kind of thing it is", get_cat_kind },
	{ "form", NS_STRING, "the path the objects of a descriptor kind get",
	    get_cat_form },
	{ "supports", NS_STRING, "what a descriptor of the kind does: read, "
	    "write, poll, seek, mmap, ioctl...", get_cat_supports },
	{ NULL }
};

/* A catalog entry is no object of the namespace; its path is its
 * kind's name. */
const struct ns_class fd_kind_class = {
	.type = "fdkind",
	.attrs = kind_attrs,
	.summary = catalog_summary,
	.release = catalog_release,
};

static char *
xstrdup(const char *s)
{
	char *d;

	if ((d = strdup(s)) == NULL)
		err(1, NULL);
	return d;
}

static int
emit_kind(const char *kind, const char *form, const char *supports,
    const char *summary, ns_emit_fn emit, void *arg)
{
	struct catalog_ent *c;
	struct ns_obj o = { 0 };
	int stop;

	if ((c = malloc(sizeof(*c))) == NULL)
		err(1, NULL);
	c->kind = xstrdup(kind);
	c->form = xstrdup(form);
	c->supports = xstrdup(supports);
	c->summary = xstrdup(summary);
	ns_obj_set(&o, &fd_kind_class, "%s", kind);
	o.priv = c;
	stop = emit(&o, arg);
	ns_obj_clear(&o);
	return stop;
}

/* The socket protocols the kernel has, from /proc/net/protocols. */
static int
emit_sock_kinds(ns_emit_fn emit, void *arg)
{
	const struct sock_info *si;
	char *text, *line, *next, *name, form[64], dir[32], what[96];
	size_t i;
	int stop = 0;

	if ((text = read_whole("/proc/net/protocols")) == NULL)
		return 0;
	/* The first line is the heading. */
	for (line = strchr(text, '\n'); !stop && line != NULL; line = next) {
		line++;
		if ((next = strchr(line, '\n')) != NULL)
			*next = '\0';
		if (field(&line, &name) == -1)
			continue;
		proto_dir(name, dir, sizeof(dir));
		snprintf(form, sizeof(form), "/sock/%s/INODE", dir);
		si = NULL;
		for (i = 0; i < sizeof(socks) / sizeof(socks[0]); i++)
			if (strcmp(socks[i].proto, name) == 0)
				si = &socks[i];
		snprintf(what, sizeof(what), "a %s socket", name);
		stop = emit_kind(name, form,
		    si != NULL ? si->supports : "send,recv,poll",
		    si != NULL ? si->summary : what, emit, arg);
	}
	free(text);
	return stop;
}

int
fd_walk_types(ns_emit_fn emit, void *arg)
{
	size_t i;
	int stop = 0;

	for (i = 0; !stop && i < sizeof(kinds) / sizeof(kinds[0]); i++) {
		/* The sockets come after the pipes, in the kernel's order. */
		if (strcmp(kinds[i].kind, "eventfd") == 0 &&
		    (stop = emit_sock_kinds(emit, arg)) != 0)
			break;
		if (kinds[i].probe != NULL && !kinds[i].probe())
			continue;
		stop = emit_kind(kinds[i].kind, kinds[i].form,
		    kinds[i].supports, kinds[i].summary, emit, arg);
	}
	return stop;
}
