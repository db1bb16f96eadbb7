/*
 * fdparse.c: the readers of /proc/PID/fdinfo/N text (fdparse.h).
 *
 * fdinfo is a list of "key: value" lines, but each kind of descriptor
 * adds lines of its own, some with several "key:value" words on one
 * line (epoll's targets, inotify's watches), some numbers in decimal,
 * some in octal, some in hex, as the kernel's seq_printf formats have
 * it.  Each reader knows one kind's lines and passes over the rest, so
 * that a kernel that adds a line breaks nothing.  A line of
 * /proc/PID/maps, for fdinfo -a, is read here too.  Nothing here does
 * I/O: the callers read the text, the unit tests and the fuzzer give it.
 */
#include <sys/epoll.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>

#include <linux/bpf.h>

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "fdparse.h"
#include "provider.h"

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

/* A digit's value in bases up to 16; 16 for any other byte. */
static unsigned
digit(char c)
{
	if (c >= '0' && c <= '9')
		return (unsigned)(c - '0');
	if (c >= 'a' && c <= 'f')
		return (unsigned)(c - 'a' + 10);
	if (c >= 'A' && c <= 'F')
		return (unsigned)(c - 'A' + 10);
	return 16;
}

/*
 * A number in the given base at s; it must end at a blank, a comma, a
 * ')' or the end of the line, so that "12abc" is no number.  A leading
 * "0x" is taken in base 16.
 */
static int
number(const char *s, int base, uint64_t *out)
{
	uint64_t n = 0;
	unsigned d;

	if (base == 16 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X'))
		s += 2;
	/* The digits by hand, not strtoull: an eventfd's fdinfo has seven
	 * numbers, and strtoull would also take a sign or blanks. */
	if (digit(*s) >= (unsigned)base)
		return -1;
	for (; (d = digit(*s)) < (unsigned)base; s++) {
		if (n > (UINT64_MAX - d) / (unsigned)base)
			return -1;
		n = n * (unsigned)base + d;
	}
	if (*s != '\0' && *s != '\n' && *s != ' ' && *s != '\t' &&
	    *s != ',' && *s != ')')
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
ns_fdinfo_field(const char *text, const char *key, char *buf, size_t size)
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
ns_fdinfo_parse_common(const char *text, struct fdinfo_common *c)
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
ns_fdinfo_parse_eventfd(const char *text, struct fdinfo_eventfd *e)
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
ns_fdinfo_parse_epoll(const char *text, struct fdinfo_tfd *tfd, size_t max)
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
ns_fdinfo_parse_timerfd(const char *text, struct fdinfo_timerfd *t)
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
ns_fdinfo_parse_signalfd(const char *text, uint64_t *mask)
{
	const char *v;

	if ((v = find_value(text, "sigmask:")) == NULL)
		return -1;
	return number(v, 16, mask);
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
		if ((hi = ns_hexval(v[2 * i])) < 0 ||
		    (lo = ns_hexval(v[2 * i + 1])) < 0)
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
ns_fdinfo_parse_inotify(const char *text, struct fdinfo_mark *marks, size_t max)
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
ns_fdinfo_parse_fanotify(const char *text, struct fdinfo_fanotify *f,
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
ns_fdinfo_parse_pidfd(const char *text, struct fdinfo_pidfd *p)
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
ns_fdinfo_parse_bpf(const char *text, struct fdinfo_bpf *b)
{
	const char *v;

	memset(b, 0, sizeof(*b));
	/* A link names its program's id and tag, but no program type. */
	if (ns_fdinfo_field(text, "link_type", b->link_type,
	    sizeof(b->link_type)) == 0) {
		b->link = 1;
		if ((v = find_value(text, "link_id:")) == NULL ||
		    number(v, 10, &b->id) == -1)
			return -1;
		if ((v = find_value(text, "prog_id:")) == NULL ||
		    number(v, 10, &b->prog_id) == -1)
			b->prog_id = 0;
		if (ns_fdinfo_field(text, "prog_tag", b->tag, sizeof(b->tag)) ==
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
		if (ns_fdinfo_field(text, "prog_tag", b->tag, sizeof(b->tag)) ==
		    -1)
			b->tag[0] = '\0';
		return 0;
	}
	if ((v = find_value(text, "map_type:")) == NULL ||
	    number(v, 10, &b->type) == -1 ||
	    (v = find_value(text, "map_id:")) == NULL ||
	    number(v, 10, &b->id) == -1)
		return -1;
	if ((v = find_value(text, "map_flags:")) == NULL ||
	    number(v, 16, &b->map_flags) == -1)
		b->map_flags = 0;
	return 0;
}

int
ns_fdinfo_parse_io_uring(const char *text, struct fdinfo_io_uring *u)
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
ns_fd_flags_string(uint64_t flags, char *buf, size_t size)
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
ns_fd_sigmask_string(uint64_t mask, char *buf, size_t size)
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
ns_fd_clock_name(int id)
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
ns_fd_bpf_type_name(int prog, uint64_t type)
{
	if (prog)
		return type < sizeof(prog_types) / sizeof(prog_types[0]) ?
		    prog_types[type] : NULL;
	return type < sizeof(map_types) / sizeof(map_types[0]) ?
	    map_types[type] : NULL;
}

void
ns_fd_epoll_events_string(uint32_t events, char *buf, size_t size)
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

int
ns_fd_field(char **s, char **f)
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
 * ("anon_inode:bpf-map") reads as.  A System V segment's inode is
 * its shmid, 0 for the first of an ipc namespace.
 */
int
ns_fd_parse_mapping(char *line, struct fd_mapping *m)
{
	char *s = line, *range, *perms, *off, *dev, *ino, *colon, *end;
	unsigned long maj, min;
	uint64_t n;

	if (ns_fd_field(&s, &range) == -1 || ns_fd_field(&s, &perms) == -1 ||
	    ns_fd_field(&s, &off) == -1 || ns_fd_field(&s, &dev) == -1 ||
	    ns_fd_field(&s, &ino) == -1 || strlen(perms) < 4)
		return -1;
	while (*s == ' ')
		s++;
	if ((*s != '/' && strncmp(s, "socket:[", 8) != 0 &&
	    strncmp(s, "anon_inode:", 11) != 0) ||
	    ns_parse_u64(ino, UINT64_MAX, &n) == -1 ||
	    (n == 0 && strncmp(s, "/SYSV", 5) != 0) ||
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

/* The anonymous inode's class: "anon_inode:[eventfd]" gives "eventfd"
 * and "anon_inode:inotify" gives "inotify". */
void
ns_fd_anon_class(const char *link, char *buf, size_t size)
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

