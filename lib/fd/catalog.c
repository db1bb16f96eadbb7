/*
 * catalog.c: the catalog of descriptor kinds, for fdinfo --types: what
 * each kind is, what path its objects get, and what a descriptor of it
 * does, from the kinds' rows (fdkind.h), the kinds of file a path may
 * be (fdent.c) and the socket protocols this kernel has.  A kind is
 * listed if this kernel gives it, which a probe finds out: making one
 * and closing it, or telling ENOSYS from any other error.
 */
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/fanotify.h>
#include <sys/inotify.h>
#include <sys/mman.h>
#include <sys/signalfd.h>
#include <sys/syscall.h>
#include <sys/timerfd.h>

#include <err.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "columns.h"
#include "fd.h"
#include "fdent.h"
#include "fdwalk.h"

/* One line of the catalog, on the priv of its object. */
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

	if (c == NULL)
		return ns_none();
	s = *(char **)((char *)c + off);
	return ns_val_text(v, s);
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
	NS_COL_KIND(get_cat_kind),
	{ "form", NS_STRING, "the path the objects of a descriptor kind get",
	    get_cat_form },
	{ "supports", NS_STRING, "what a descriptor of the kind does: read, "
	    "write, poll, seek, mmap, ioctl...", get_cat_supports },
	{ NULL }
};

/* A catalog entry is no object of the namespace; its path is its
 * kind's name. */
const struct ns_class ns_fd_kind_class = {
	.type = "fdkind",
	.attrs = kind_attrs,
	.summary = catalog_summary,
	.release = catalog_release,
};

static int
emit_kind(const char *kind, const char *form, const char *supports,
    const char *summary, ns_emit_fn emit, void *arg)
{
	struct catalog_ent *c;
	struct ns_obj o = { 0 };
	int stop;

	c = ns_xmalloc(sizeof(*c));
	c->kind = ns_xstrdup(kind);
	c->form = ns_xstrdup(form);
	c->supports = ns_xstrdup(supports);
	c->summary = ns_xstrdup(summary);
	ns_obj_set(&o, &ns_fd_kind_class, "%s", kind);
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

	if ((text = ns_read_file_at(AT_FDCWD, "/proc/net/protocols")) ==
	    NULL)
		return 0;
	/* The first line is the heading. */
	for (line = strchr(text, '\n'); !stop && line != NULL; line = next) {
		line++;
		if ((next = strchr(line, '\n')) != NULL)
			*next = '\0';
		if (ns_fd_field(&line, &name) == -1)
			continue;
		ns_sock_dir(name, dir, sizeof(dir));
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

/* The kinds of file a path may be, as a file's row stands for them. */
static int
emit_file_kinds(ns_emit_fn emit, void *arg)
{
	const struct fd_file_kind *f;
	int stop = 0;

	for (f = ns_fd_file_kinds; !stop && f->name != NULL; f++)
		if (f->form != NULL)
			stop = emit_kind(f->name, f->form, f->supports,
			    f->about, emit, arg);
	return stop;
}

/* Each kind's catalog line, in the order of the rows. */
static const struct kind_info {
	const char	*kind;
	const char	*form;
	const char	*supports;
	const char	*summary;
	int		(*probe)(void);
	int		(*catalog)(ns_emit_fn, void *);
} kinds[NFAMILIES] = {
#define FD_KIND(id, name, anon, link, own, holders, object, summary, class, \
    form, supports, about, probe, catalog) \
	[id] = { name, form, supports, about, probe, catalog },
	FD_KINDS
#undef FD_KIND
};

int
ns_fd_walk_types(ns_emit_fn emit, void *arg)
{
	const struct kind_info *k;
	int stop = 0;

	for (k = kinds; !stop && k < kinds + NFAMILIES; k++) {
		if (k->catalog != NULL)
			stop = k->catalog(emit, arg);
		else if (k->form != NULL && (k->probe == NULL || k->probe()))
			stop = emit_kind(k->kind, k->form, k->supports,
			    k->summary, emit, arg);
	}
	return stop;
}
