/*
 * fdattr.c: the attributes that descriptors of some kinds have: what a
 * device, a socket, an epoll or a timer says of itself, the ends of a
 * channel, and each kind's summary (lsfd's NAME), which its row in
 * fdkind.h names.  The attributes every descriptor has are fd.c's.
 */
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/sysmacros.h>

#include <linux/bpf.h>
#include <linux/if_tun.h>
#include <net/if.h>

#include <err.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fdassoc.h"
#include "fdattr.h"
#include "fdindex.h"

/*
 * Another object's attribute, by name, through its class: how a
 * descriptor shows what the socket or device it holds has to say.
 */
int
ns_fd_attr_of(const char *path, const char *name, struct ns_val *v)
{
	const struct ns_attr *a;
	struct ns_obj o;
	int r = -1;

	if (ns_resolve_path(&o, path) == -1)
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
/* Where no table knows the socket, the descriptor is asked; failing
 * that, its protocol still says where it would be. */
static int
obj_sock(struct fdent *e, char *buf, size_t size)
{
	const char *proto;
	char dir[32];
	uint64_t ino;

	if (ns_fd_bracket_number(e->link, "socket:[", &ino) == -1)
		return ns_none();
	if (ns_sock_path_held(ino, e->pid, e->fd, buf, size) == 0)
		return 0;
	if ((proto = ns_fdent_proto(e)) == NULL)
		return -1;
	ns_sock_dir(proto, dir, sizeof(dir));
	ns_fmt(buf, size, "/sock/%s/%llu", dir, (unsigned long long)ino);
	return 0;
}

/*
 * lsfd's TYPE of a descriptor.  A socket's is the name the kernel gives
 * its protocol, a getxattr(2) of the descriptor; but the kernel gives
 * every socket of a class one name (provider.h), so once the tables
 * tell a socket's class, the name is asked of the first descriptor of
 * each class alone: 10,000 sockets take a handful of calls, not 10,000.
 */
static void
sock_name(struct fdent *e)
{
	static char names[NS_SOCK_NAME_CLASSES][sizeof(e->proto)];
	const char *k;
	uint64_t ino;
	int c;

	if (e->proto_err != -1 ||
	    ns_fd_bracket_number(e->link, "socket:[", &ino) == -1 ||
	    (c = ns_sock_name_class(ino)) == -1)
		return;
	if (names[c][0] != '\0')
		ns_fdent_set_proto(e, names[c]);
	else if ((k = ns_fdent_proto(e)) != NULL)
		strlcpy(names[c], k, sizeof(names[c]));
}

const char *
ns_fd_kind(struct fdent *e)
{
	if (e->fam == F_SOCK && e->link_err == 0)
		sock_name(e);
	return ns_fdent_kind(e);
}

/*
 * The object a descriptor refers to.  A socket's path is sock.c's to
 * tell, and sock.c asks the index for the sockets held: so the entries
 * below it make no socket's path, and it is made here, above both.
 */
const char *
ns_fd_object(struct fdent *e)
{
	if (e->fam == F_SOCK)
		return ns_fdent_object_made(e, obj_sock);
	return ns_fdent_object(e);
}

/* A device descriptor's rdev, or -1 if it holds no device. */
static int
ent_rdev(struct fdent *e, dev_t *rdev)
{
	const struct stat *st;

	if (e->fam != F_PATH || e->fd < 0 || (st = ns_fdent_stat(e)) == NULL ||
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

	if ((e = ns_fdent_of(o)) == NULL)
		return -1;
	if (ent_rdev(e, &rdev) == -1 || (obj = ns_fd_object(e)) == NULL)
		return ns_none();
	return ns_fd_attr_of(obj, name, v);
}

int
ns_fd_get_driver(struct ns_obj *o, struct ns_val *v)
{
	return device_attr(o, v, "driver");
}

int
ns_fd_get_devname(struct ns_obj *o, struct ns_val *v)
{
	return device_attr(o, v, "name");
}

int
ns_fd_get_backing(struct ns_obj *o, struct ns_val *v)
{
	return device_attr(o, v, "backing");
}

/* The value of an fdinfo line of a character device: tun's "iff",
 * ptmx's "tty-index".  Only those two devices write them, so no other
 * device's fdinfo is read for them: the NAME of every terminal and
 * /dev/null of a listing would cost four system calls more each. */
static int
device_field(struct ns_obj *o, const char *key, char *buf, size_t size)
{
	static const struct {
		const char	*key;
		unsigned	 major, minor;
	} writers[] = {
		{ "iff", 10, 200 },		/* /dev/net/tun */
		{ "tty-index", 5, 2 },		/* /dev/ptmx */
	};
	const char *info;
	struct fdent *e;
	dev_t rdev;
	size_t i;

	if ((e = ns_fdent_of(o)) == NULL)
		return -1;
	if (ent_rdev(e, &rdev) == -1)
		return ns_none();
	for (i = 0; i < sizeof(writers) / sizeof(writers[0]); i++)
		if (strcmp(writers[i].key, key) == 0 &&
		    major(rdev) == writers[i].major &&
		    minor(rdev) == writers[i].minor)
			break;
	if (i == sizeof(writers) / sizeof(writers[0]) || (info = ns_fdent_info(e)) == NULL ||
	    ns_fdinfo_field(info, key, buf, size) == -1)
		return ns_none();
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

	if (e->fd < 0)
		return ns_none();
	if ((pidfd = (int)syscall(SYS_pidfd_open, (pid_t)e->pid, 0)) == -1)
		return -1;
	fd = (int)syscall(SYS_pidfd_getfd, pidfd, e->fd, 0);
	save = errno;
	close(pidfd);
	errno = save;
	return fd;
}

int
ns_fd_is_tun(struct ns_obj *o)
{
	char name[64];

	return device_field(o, "iff", name, sizeof(name)) == 0;
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
	    (e = ns_fdent_of(o)) == NULL || (fd = ent_dup(e)) == -1)
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

int
ns_fd_get_tun_netns(struct ns_obj *o, struct ns_val *v)
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
int
ns_fd_get_interface(struct ns_obj *o, struct ns_val *v)
{
	struct stat self;
	uint64_t ino;
	unsigned idx;
	char name[64];

	if (device_field(o, "iff", name, sizeof(name)) == -1)
		return -1;
	if (tun_netns(o, &ino) == 0 && stat("/proc/self/ns/net", &self) ==
	    0 && self.st_ino != ino)
		return ns_none();
	if ((idx = if_nametoindex(name)) == 0)
		return ns_none();
	ns_val_addf(v, "/dev/net/%u", idx);
	return 0;
}

/* The terminal at the other end of a pseudo-terminal master. */
int
ns_fd_get_tty(struct ns_obj *o, struct ns_val *v)
{
	char idx[24];
	uint64_t n;

	if (device_field(o, "tty-index", idx, sizeof(idx)) == -1 ||
	    ns_parse_u64(idx, 0xfffff, &n) == -1)
		return ns_none();
	ns_val_addf(v, "/dev/char/136/%llu", (unsigned long long)n);
	return 0;
}

/* What the socket object says of itself, by attribute name. */
static int
sock_attr(struct ns_obj *o, struct ns_val *v, const char *name)
{
	struct fdent *e;
	const char *obj;

	if ((e = ns_fdent_of(o)) == NULL || (obj = ns_fd_object(e)) == NULL)
		return -1;
	return ns_fd_attr_of(obj, name, v);
}

int
ns_fd_get_state(struct ns_obj *o, struct ns_val *v)
{
	return sock_attr(o, v, "state");
}

int
ns_fd_get_local(struct ns_obj *o, struct ns_val *v)
{
	return sock_attr(o, v, "local");
}

int
ns_fd_get_remote(struct ns_obj *o, struct ns_val *v)
{
	return sock_attr(o, v, "remote");
}

int
ns_fd_get_peer(struct ns_obj *o, struct ns_val *v)
{
	return sock_attr(o, v, "peer");
}

/*
 * The socket's own namespace, which its tables know where they list it
 * (each is one namespace's), or SIOCGSKNS on a duplicate of the
 * descriptor where they do not: sock.c asks in that order.  The holder's
 * is no answer, for the holder may have moved since it made the socket.
 */
int
ns_fd_get_sock_netns(struct ns_obj *o, struct ns_val *v)
{
	return sock_attr(o, v, "netns");
}

int
ns_fd_get_sock_type(struct ns_obj *o, struct ns_val *v)
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
	return ns_fd_add_holder(e, ep->v);
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

	if (e->fd < 0 || (info = ns_fdent_info(e)) == NULL ||
	    ns_fdinfo_field(info, "tty-index", idx, sizeof(idx)) == -1 ||
	    ns_parse_u64(idx, 0xfffff, &n) == -1 || n != m->index)
		return 0;
	return add_endpoint(e, m->ep);
}

/*
 * The other descriptors at the ends of the channel: of the pipe, the
 * FIFO, the eventfd, the socket and its peer, the terminal, the message
 * queue; a terminal's are the masters that drive it, as lsfd has them.
 */
int
ns_fd_get_endpoints(struct ns_obj *o, struct ns_val *v)
{
	struct endpoints ep = { NULL, v };
	struct masters m = { 0, &ep };
	struct ns_val peer = { 0 };
	const struct stat *st;
	struct fdent *e;
	const char *obj;
	char tty[64];
	size_t n = v->n;

	if ((e = ns_fdent_of(o)) == NULL || (obj = ns_fd_object(e)) == NULL)
		return -1;
	ep.self = e;
	switch (e->fam) {
	case F_PIPE:
	case F_SOCK:
		break;
	case F_EVENTFD:
		if (strncmp(obj, "/anon/", 6) != 0)
			return ns_none();
		break;
	case F_PATH:
		if ((st = ns_fdent_stat(e)) == NULL)
			return -1;
		if (S_ISCHR(st->st_mode) && major(st->st_rdev) == 5 &&
		    minor(st->st_rdev) == 2) {
			if (ns_fd_get_tty(o, &peer) == -1)
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
			ns_fd_index_holders("/dev/char/5/2", add_master, &m);
			return v->n == n ? ns_none() : 0;
		}
		if (!S_ISFIFO(st->st_mode) && !ns_fdent_is_mqueue(e))
			return ns_none();
		break;
	default:
		return ns_none();
	}
	ns_fd_index_holders(obj, add_endpoint, &ep);
	if (e->fam == F_SOCK && ns_fd_attr_of(obj, "peer", &peer) == 0 &&
	    peer.n > 0)
		ns_fd_index_holders(peer.buf, add_endpoint, &ep);
	ns_val_free(&peer);
	if (v->n == n)
		return ns_none();
	return 0;
}

int
ns_fd_get_id(struct ns_obj *o, struct ns_val *v)
{
	struct fdinfo_eventfd ev;
	struct fdinfo_bpf b;
	const struct stat *st;
	const char *info;
	struct fdent *e;

	if ((e = ns_fdent_of(o)) == NULL)
		return -1;
	switch (e->fam) {
	case F_MEMFD:
	case F_SECRETMEM:
		if ((st = ns_fdent_stat(e)) == NULL)
			return -1;
		ns_val_num(v, st->st_ino);
		return 0;
	case F_EVENTFD:
		if ((info = ns_fdent_info(e)) == NULL)
			return -1;
		if (ns_fdinfo_parse_eventfd(info, &ev) == -1 || ev.id < 0)
			return ns_none();
		ns_val_num(v, (unsigned long long)ev.id);
		return 0;
	case F_BPF_MAP:
	case F_BPF_PROG:
	case F_BPF_LINK:
		if ((info = ns_fdent_info(e)) == NULL)
			return -1;
		if (ns_fdinfo_parse_bpf(info, &b) == -1)
			return ns_none();
		ns_val_num(v, b.id);
		return 0;
	default:
		return ns_none();
	}
}

int
ns_fd_val_counter(struct ns_val *v, const char *info)
{
	struct fdinfo_eventfd ev;

	if (ns_fdinfo_parse_eventfd(info, &ev) == -1)
		return ns_none();
	ns_val_num(v, ev.count);
	return 0;
}

int
ns_fd_get_counter(struct ns_obj *o, struct ns_val *v)
{
	const char *info;
	struct fdent *e;

	return (info = ns_fdent_info_of(o, &e)) != NULL ?
	    ns_fd_val_counter(v, info) : -1;
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

	if ((info = ns_fdent_info_of(o, ep)) == NULL)
		return NULL;
	t = ns_xcallocarray(MAXTARGETS, sizeof(*t));
	if ((*n = ns_fdinfo_parse_epoll(info, t, MAXTARGETS)) > MAXTARGETS)
		*n = MAXTARGETS;
	/* The kernel keeps them in the order of their addresses. */
	qsort(t, *n, sizeof(*t), cmp_tfd);
	return t;
}

int
ns_fd_get_targets(struct ns_obj *o, struct ns_val *v)
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
	return n > 0 ? 0 : ns_none();
}

int
ns_fd_get_events(struct ns_obj *o, struct ns_val *v)
{
	struct fdinfo_tfd *t;
	struct fdent *e;
	char buf[8192], ev[256], one[300];
	int i, n;

	if ((t = epoll_targets(o, &e, &n)) == NULL)
		return -1;
	buf[0] = '\0';
	for (i = 0; i < n; i++) {
		ns_fd_epoll_events_string(t[i].events, ev, sizeof(ev));
		ns_fmt(one, sizeof(one), "%s%d:%s", i ? " " : "", t[i].fd,
		    ev);
		strlcat(buf, one, sizeof(buf));
	}
	free(t);
	if (n == 0)
		return ns_none();
	ns_val_add(v, buf);
	return 0;
}

static int
timerfd_of(struct ns_obj *o, struct fdinfo_timerfd *t)
{
	const char *info;
	struct fdent *e;

	if ((info = ns_fdent_info_of(o, &e)) == NULL)
		return -1;
	if (ns_fdinfo_parse_timerfd(info, t) == -1)
		return ns_none();
	return 0;
}

int
ns_fd_get_clock(struct ns_obj *o, struct ns_val *v)
{
	struct fdinfo_timerfd t;

	if (timerfd_of(o, &t) == -1)
		return -1;
	ns_val_named(v, ns_fd_clock_name(t.clockid), t.clockid);
	return 0;
}

int
ns_fd_get_remaining(struct ns_obj *o, struct ns_val *v)
{
	struct fdinfo_timerfd t;

	if (timerfd_of(o, &t) == -1)
		return -1;
	ns_val_addf(v, "%llu.%09llu", (unsigned long long)t.value_sec,
	    (unsigned long long)t.value_nsec);
	return 0;
}

int
ns_fd_get_interval(struct ns_obj *o, struct ns_val *v)
{
	struct fdinfo_timerfd t;

	if (timerfd_of(o, &t) == -1)
		return -1;
	ns_val_addf(v, "%llu.%09llu", (unsigned long long)t.interval_sec,
	    (unsigned long long)t.interval_nsec);
	return 0;
}

int
ns_fd_get_sigmask(struct ns_obj *o, struct ns_val *v)
{
	const char *info;
	struct fdent *e;
	uint64_t mask;
	char buf[512];

	if ((info = ns_fdent_info_of(o, &e)) == NULL)
		return -1;
	if (ns_fdinfo_parse_signalfd(info, &mask) == -1)
		return ns_none();
	ns_fd_sigmask_string(mask, buf, sizeof(buf));
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

	if ((info = ns_fdent_info_of(o, &e)) == NULL)
		return NULL;
	m = ns_xcallocarray(MAXMARKS, sizeof(*m));
	if (e->fam == F_INOTIFY) {
		k = ns_fdinfo_parse_inotify(info, m, MAXMARKS);
		*n = k < 0 ? 0 : (size_t)k;
	} else if (ns_fdinfo_parse_fanotify(info, fan ? fan : &f, m, MAXMARKS,
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
int
ns_fd_get_watches(struct ns_obj *o, struct ns_val *v)
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
		else if (ns_fd_mark_path(&m[i], path, sizeof(path)) == 0)
			ns_val_add(v, path);
	}
	free(m);
	return v->n > 0 ? 0 : ns_none();
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
		ns_fmt(one, sizeof(one), "%s%llu,%u:%u", buf[0] ? " " : "",
		    (unsigned long long)m[i].ino, KDEV_MAJOR(m[i].sdev),
		    KDEV_MINOR(m[i].sdev));
		strlcat(buf, one, size);
	}
}

int
ns_fd_get_inodes(struct ns_obj *o, struct ns_val *v)
{
	struct fdinfo_mark *m;
	char buf[8192];
	size_t n;

	if ((m = marks_of(o, &n, NULL)) == NULL)
		return -1;
	marks_string(m, n, buf, sizeof(buf));
	free(m);
	return ns_val_text(v, buf);
}

static int
fanotify_of(struct ns_obj *o, struct fdinfo_fanotify *f)
{
	const char *info;
	struct fdinfo_mark m;
	struct fdent *e;
	size_t n;

	if ((info = ns_fdent_info_of(o, &e)) == NULL)
		return -1;
	if (ns_fdinfo_parse_fanotify(info, f, &m, 0, &n) == -1)
		return ns_none();
	return 0;
}

int
ns_fd_get_fanotify_flags(struct ns_obj *o, struct ns_val *v)
{
	struct fdinfo_fanotify f;

	if (fanotify_of(o, &f) == -1)
		return -1;
	ns_val_addf(v, "0x%x", f.flags);
	return 0;
}

int
ns_fd_get_event_flags(struct ns_obj *o, struct ns_val *v)
{
	struct fdinfo_fanotify f;

	if (fanotify_of(o, &f) == -1)
		return -1;
	ns_val_addf(v, "0x%x", f.event_flags);
	return 0;
}

int
ns_fd_get_nspid(struct ns_obj *o, struct ns_val *v)
{
	struct fdinfo_pidfd p;
	const char *info;
	struct fdent *e;

	if ((info = ns_fdent_info_of(o, &e)) == NULL)
		return -1;
	if (ns_fdinfo_parse_pidfd(info, &p) == -1 || p.nspid[0] == '\0')
		return ns_none();
	ns_val_add(v, p.nspid);
	return 0;
}

int
ns_fd_val_bpf_type(struct ns_val *v, const char *info)
{
	struct fdinfo_bpf b;

	if (ns_fdinfo_parse_bpf(info, &b) == -1)
		return ns_none();
	if (b.link)
		ns_val_add(v, b.link_type);
	else
		ns_val_named(v, ns_fd_bpf_type_name(b.prog, b.type), b.type);
	return 0;
}

int
ns_fd_val_bpf_prog(struct ns_val *v, const char *info)
{
	struct fdinfo_bpf b;

	if (ns_fdinfo_parse_bpf(info, &b) == -1 || !b.link || b.prog_id == 0)
		return ns_none();
	ns_val_addf(v, "/anon/bpf-prog/%llu", (unsigned long long)b.prog_id);
	return 0;
}

int
ns_fd_val_bpf_tag(struct ns_val *v, const char *info)
{
	struct fdinfo_bpf b;

	if (ns_fdinfo_parse_bpf(info, &b) == -1 || b.tag[0] == '\0')
		return ns_none();
	ns_val_add(v, b.tag);
	return 0;
}

int
ns_fd_get_bpf_type(struct ns_obj *o, struct ns_val *v)
{
	const char *info;
	struct fdent *e;

	return (info = ns_fdent_info_of(o, &e)) != NULL ?
	    ns_fd_val_bpf_type(v, info) : -1;
}

int
ns_fd_get_bpf_tag(struct ns_obj *o, struct ns_val *v)
{
	const char *info;
	struct fdent *e;

	return (info = ns_fdent_info_of(o, &e)) != NULL ?
	    ns_fd_val_bpf_tag(v, info) : -1;
}

int
ns_fd_get_bpf_prog(struct ns_obj *o, struct ns_val *v)
{
	const char *info;
	struct fdent *e;

	return (info = ns_fdent_info_of(o, &e)) != NULL ?
	    ns_fd_val_bpf_prog(v, info) : -1;
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

	if ((info = ns_fdent_info(e)) == NULL ||
	    ns_fdinfo_parse_bpf(info, &b) == -1)
		return -1;
	if (b.link)
		return ns_none();
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
		return ns_none();
	strlcpy(buf, name, size);
	return 0;
}

int
ns_fd_val_bpf_name(struct ns_val *v, struct fdent *e)
{
	char name[BPF_OBJ_NAME_LEN];

	if (ent_bpf_name(e, name, sizeof(name)) == -1)
		return -1;
	ns_val_add(v, name);
	return 0;
}

int
ns_fd_get_bpf_name(struct ns_obj *o, struct ns_val *v)
{
	struct fdent *e;

	return (e = ns_fdent_of(o)) != NULL ? ns_fd_val_bpf_name(v, e) : -1;
}

static int
io_uring_of(struct ns_obj *o, struct fdinfo_io_uring *u)
{
	const char *info;
	struct fdent *e;

	if ((info = ns_fdent_info_of(o, &e)) == NULL)
		return -1;
	if (ns_fdinfo_parse_io_uring(info, u) == -1)
		return ns_none();
	return 0;
}

int
ns_fd_get_sq_entries(struct ns_obj *o, struct ns_val *v)
{
	struct fdinfo_io_uring u;

	if (io_uring_of(o, &u) == -1)
		return -1;
	ns_val_num(v, u.sq_entries);
	return 0;
}

int
ns_fd_get_cq_entries(struct ns_obj *o, struct ns_val *v)
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

	if (ns_has_suffix(link, " (deleted)"))
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

	if ((obj = ns_fd_object(e)) != NULL &&
	    ns_fd_attr_of(obj, NULL, v) == 0 &&
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

	if ((info = ns_fdent_info(e)) == NULL ||
	    ns_fdinfo_parse_eventfd(info, &ev) == -1)
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
		ns_fmt(one, sizeof(one), "%s%d", i ? "," : "", t[i].fd);
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
	if ((clock = ns_fd_clock_name(t.clockid)) == NULL) {
		ns_fmt(num, sizeof(num), "%d", t.clockid);
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

	if ((info = ns_fdent_info(e)) == NULL ||
	    ns_fdinfo_parse_signalfd(info, &mask) == -1)
		return name_link(o, e, v);
	ns_fd_sigmask_string(mask, buf, sizeof(buf));
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
	struct fd_proc *pc;
	const char *info;

	if ((info = ns_fdent_info(e)) == NULL ||
	    ns_fdinfo_parse_pidfd(info, &p) == -1)
		return name_link(o, e, v);
	if (p.pid <= 0) {
		ns_val_addf(v, "pid=%lld", (long long)p.pid);
		return 0;
	}
	pc = ns_fd_proc_of((uint64_t)p.pid);
	ns_val_addf(v, "pid=%lld comm=%s nspid=%s", (long long)p.pid,
	    ns_fd_proc_status(pc) == 0 ? pc->comm : "", p.nspid);
	return 0;
}

static int
name_bpf(struct ns_obj *o, struct fdent *e, struct ns_val *v)
{
	struct fdinfo_bpf b;
	const char *type, *info;
	char num[24], name[BPF_OBJ_NAME_LEN];

	if ((info = ns_fdent_info(e)) == NULL ||
	    ns_fdinfo_parse_bpf(info, &b) == -1)
		return name_link(o, e, v);
	if (b.link) {
		ns_val_addf(v, "id=%llu type=%s prog=%llu",
		    (unsigned long long)b.id, b.link_type,
		    (unsigned long long)b.prog_id);
		return 0;
	}
	if ((type = ns_fd_bpf_type_name(b.prog, b.type)) == NULL) {
		ns_fmt(num, sizeof(num), "%llu", (unsigned long long)b.type);
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

/* Each kind's summary maker; none for a catalog row. */
static int	(*const names[NFAMILIES])(struct ns_obj *, struct fdent *,
    struct ns_val *) = {
#define FD_KIND(id, name, anon, link, own, holders, object, summary, ...) \
	[id] = summary,
	FD_KINDS
#undef FD_KIND
};

int
ns_fd_get_name(struct ns_obj *o, struct ns_val *v)
{
	struct fdent *e;

	if ((e = ns_fdent_of(o)) == NULL)
		return -1;
	/* Where lsof says it: in the name. */
	if (e->link_err != 0) {
		ns_val_addf(v, "(readlink: %s)", strerror(e->link_err));
		return 0;
	}
	return names[e->fam](o, e, v);
}

