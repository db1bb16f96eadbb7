/*
 * mkfds: open descriptors of the kinds named on the command line, say
 * which, and wait, so that tests can look at a process that holds them.
 *
 * usage: mkfds [-d dir] kind ...
 *
 * It prints "pid=N", then for each descriptor one line "KIND FD" with
 * key=value words after it where there is more to know (an inode, the
 * other end's descriptor, a port), then "ready".  A kind this system or
 * this user cannot make gives "KIND - why" instead.  Files, the FIFO and
 * the listening socket are made in dir (by default the working
 * directory).  It waits until its standard input reaches end of file
 * when that is a pipe, or else until it is killed; a message queue,
 * which would outlive it, it removes first (on SIGTERM too).  The model
 * is util-linux's test_mkfds.
 */
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/fanotify.h>
#include <sys/inotify.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/signalfd.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/sysmacros.h>
#include <sys/timerfd.h>
#include <sys/un.h>

#include <linux/bpf.h>
#include <linux/if_packet.h>
#include <linux/if_tun.h>
#include <linux/io_uring.h>
#include <linux/loop.h>
#include <linux/netlink.h>
#include <linux/perf_event.h>

#include <arpa/inet.h>
#include <net/if.h>
#include <netinet/in.h>

#include <err.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <mqueue.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "helper.h"

static const char *dir = ".";
/* Descriptors that the epoll kind watches, if made before it. */
static int watch_fds[8];
static int nwatch;
/* The message queue it made, removed when it ends: queues outlive
 * their processes. */
static char mq_made[64];

static void
say(const char *kind, int fd, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static void
say(const char *kind, int fd, const char *fmt, ...)
{
	va_list ap;

	printf("%s %d", kind, fd);
	if (fmt != NULL) {
		putchar(' ');
		va_start(ap, fmt);
		vprintf(fmt, ap);
		va_end(ap);
	}
	putchar('\n');
}

static void
cannot(const char *kind, const char *why)
{
	printf("%s - %s\n", kind, why);
}

/* Whether fd, what the call that makes a kind returned, is one; if it
 * is -1, say why the kind cannot be made here. */
static int
made(const char *kind, int fd)
{
	if (fd == -1)
		cannot(kind, strerror(errno));
	return fd != -1;
}

static unsigned long
inode_of(int fd)
{
	struct stat st;

	if (fstat(fd, &st) == -1)
		err(1, "fstat");
	return (unsigned long)st.st_ino;
}

static void
in_dir(char *buf, size_t size, const char *name)
{
	if ((size_t)snprintf(buf, size, "%s/%s", dir, name) >= size)
		errx(1, "%s: name too long", dir);
}

/* Open (or make) the file name in dir, its path left in path (PATH_MAX
 * bytes); exit if it cannot be. */
static int
open_in_dir(char *path, const char *name, int flags, mode_t mode)
{
	int fd;

	in_dir(path, PATH_MAX, name);
	if ((fd = open(path, flags, mode)) == -1)
		err(1, "%s", path);
	return fd;
}

static void
make_file(const char *kind)
{
	char path[PATH_MAX];
	int fd;

	fd = open_in_dir(path, "file", O_RDWR | O_CREAT | O_APPEND, 0644);
	if (write(fd, "0123456789", 10) != 10)
		err(1, "write");
	say(kind, fd, "ino=%lu pos=10 path=%s", inode_of(fd), path);
}

static void
make_dir(const char *kind)
{
	int fd;

	if ((fd = open(dir, O_RDONLY | O_DIRECTORY)) == -1)
		err(1, "%s", dir);
	say(kind, fd, "ino=%lu", inode_of(fd));
}

static void
make_deleted(const char *kind)
{
	char path[PATH_MAX];
	int fd;

	fd = open_in_dir(path, "deleted", O_WRONLY | O_CREAT | O_TRUNC, 0600);
	if (unlink(path) == -1)
		err(1, "unlink %s", path);
	say(kind, fd, "ino=%lu path=%s", inode_of(fd), path);
}

/* A symbolic link held itself, with O_PATH, not the file it names. */
static void
make_symlink(const char *kind)
{
	char path[PATH_MAX];
	int fd;

	in_dir(path, sizeof(path), "link");
	if (symlink("/dev/null", path) == -1 && errno != EEXIST)
		err(1, "symlink %s", path);
	if ((fd = open(path, O_PATH | O_NOFOLLOW)) == -1)
		err(1, "%s", path);
	say(kind, fd, "ino=%lu path=%s", inode_of(fd), path);
}

static void
make_pipe(const char *kind)
{
	int p[2];

	if (pipe2(p, O_CLOEXEC) == -1)
		err(1, "pipe2");
	say("pipe-read", p[0], "ino=%lu peer=%d", inode_of(p[0]), p[1]);
	say("pipe-write", p[1], "ino=%lu peer=%d", inode_of(p[1]), p[0]);
	watch_fds[nwatch++] = p[0];
}

static void
make_fifo(const char *kind)
{
	char path[PATH_MAX];
	int fd;

	in_dir(path, sizeof(path), "fifo");
	if (mkfifo(path, 0600) == -1 && errno != EEXIST)
		err(1, "mkfifo %s", path);
	/* Read and write, so that the open does not wait for a peer. */
	if ((fd = open(path, O_RDWR | O_NONBLOCK)) == -1)
		err(1, "%s", path);
	say(kind, fd, "ino=%lu path=%s", inode_of(fd), path);
}

static void
make_chardev(const char *kind)
{
	struct stat st;
	int fd;

	if ((fd = open("/dev/null", O_WRONLY)) == -1)
		err(1, "/dev/null");
	if (fstat(fd, &st) == -1)
		err(1, "fstat");
	say(kind, fd, "dev=%u:%u", major(st.st_rdev), minor(st.st_rdev));
}

/* The first block device this user can open, from /sys/class/block. */
static void
make_blockdev(const char *kind)
{
	static const char *const names[] = { "vda", "sda", "nvme0n1", "xvda",
	    "loop0" };
	char path[64];
	struct stat st;
	size_t i;
	int fd;

	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		snprintf(path, sizeof(path), "/dev/%s", names[i]);
		if ((fd = open(path, O_RDONLY)) == -1)
			continue;
		if (fstat(fd, &st) == -1 || !S_ISBLK(st.st_mode)) {
			close(fd);
			continue;
		}
		say(kind, fd, "dev=%u:%u path=%s", major(st.st_rdev),
		    minor(st.st_rdev), path);
		return;
	}
	cannot(kind, "no readable block device");
}

/* A loop device over a file in dir, which goes when mkfds closes it
 * (LO_FLAGS_AUTOCLEAR). */
static void
make_loop(const char *kind)
{
	struct loop_config cfg = { 0 };
	char path[PATH_MAX], dev[32];
	struct stat st;
	int ctl, n, file, fd;

	file = open_in_dir(path, "backing", O_RDWR | O_CREAT | O_TRUNC, 0600);
	if (ftruncate(file, 1 << 20) == -1)
		err(1, "ftruncate");
	if ((ctl = open("/dev/loop-control", O_RDWR)) == -1 ||
	    (n = ioctl(ctl, LOOP_CTL_GET_FREE)) == -1) {
		cannot(kind, strerror(errno));
		return;
	}
	close(ctl);
	snprintf(dev, sizeof(dev), "/dev/loop%d", n);
	if (!made(kind, fd = open(dev, O_RDWR)))
		return;
	cfg.fd = (uint32_t)file;
	cfg.info.lo_flags = LO_FLAGS_AUTOCLEAR;
	if (ioctl(fd, LOOP_CONFIGURE, &cfg) == -1) {
		cannot(kind, strerror(errno));
		close(fd);
		return;
	}
	close(file);
	if (fstat(fd, &st) == -1)
		err(1, "fstat");
	say(kind, fd, "dev=%u:%u backing=%s", major(st.st_rdev),
	    minor(st.st_rdev), path);
}

/* A performance counter of mkfds itself, which counts nothing. */
static void
make_perf_event(const char *kind)
{
	struct perf_event_attr attr = { 0 };
	int fd;

	attr.size = sizeof(attr);
	attr.type = PERF_TYPE_SOFTWARE;
	attr.config = PERF_COUNT_SW_DUMMY;
	attr.disabled = 1;
	if ((fd = (int)syscall(SYS_perf_event_open, &attr, 0, -1, -1,
	    PERF_FLAG_FD_CLOEXEC)) == -1) {
		cannot(kind, strerror(errno));
		return;
	}
	say(kind, fd, NULL);
}

static void
make_socketpair(const char *kind, int type)
{
	int sv[2];

	if (socketpair(AF_UNIX, type, 0, sv) == -1)
		err(1, "socketpair");
	say(kind, sv[0], "ino=%lu peer=%d peerino=%lu", inode_of(sv[0]),
	    sv[1], inode_of(sv[1]));
	say(kind, sv[1], "ino=%lu peer=%d peerino=%lu", inode_of(sv[1]),
	    sv[0], inode_of(sv[0]));
}

static void
make_unix_listen(const char *kind)
{
	struct sockaddr_un sun = { .sun_family = AF_UNIX };
	int fd;

	if ((size_t)snprintf(sun.sun_path, sizeof(sun.sun_path), "%s/sock",
	    dir) >= sizeof(sun.sun_path)) {
		cannot(kind, "directory name too long for a socket");
		return;
	}
	unlink(sun.sun_path);
	if ((fd = socket(AF_UNIX, SOCK_STREAM, 0)) == -1)
		err(1, "socket");
	if (bind(fd, (struct sockaddr *)&sun, sizeof(sun)) == -1 ||
	    listen(fd, 5) == -1)
		err(1, "%s", sun.sun_path);
	say(kind, fd, "ino=%lu path=%s", inode_of(fd), sun.sun_path);
}

/* The loopback address of the family, any port, into ss; its length. */
static socklen_t
loopback(struct sockaddr_storage *ss, int family)
{
	struct sockaddr_in *sin = (struct sockaddr_in *)ss;
	struct sockaddr_in6 *sin6 = (struct sockaddr_in6 *)ss;

	memset(ss, 0, sizeof(*ss));
	ss->ss_family = family;
	if (family == AF_INET6) {
		sin6->sin6_addr = in6addr_loopback;
		return sizeof(*sin6);
	}
	sin->sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	return sizeof(*sin);
}

/* The port of an inet address. */
static int
port_of(const struct sockaddr_storage *ss)
{
	if (ss->ss_family == AF_INET6)
		return ntohs(((const struct sockaddr_in6 *)ss)->sin6_port);
	return ntohs(((const struct sockaddr_in *)ss)->sin_port);
}

/* A listener on the loopback address and a connection to it. */
static void
make_tcp(const char *kind, int family)
{
	struct sockaddr_storage ss;
	socklen_t len;
	int l, c, s, port;

	if (!made(kind, l = socket(family, SOCK_STREAM, 0)))
		return;
	len = loopback(&ss, family);
	if (bind(l, (struct sockaddr *)&ss, len) == -1 || listen(l, 5) == -1) {
		cannot(kind, strerror(errno));
		close(l);
		return;
	}
	if (getsockname(l, (struct sockaddr *)&ss, &len) == -1)
		err(1, "getsockname");
	port = port_of(&ss);
	if ((c = socket(family, SOCK_STREAM, 0)) == -1 ||
	    connect(c, (struct sockaddr *)&ss, len) == -1 ||
	    (s = accept(l, NULL, NULL)) == -1)
		err(1, "%s connection", kind);
	say(family == AF_INET ? "tcp-listen" : "tcp6-listen", l,
	    "ino=%lu port=%d", inode_of(l), port);
	say(family == AF_INET ? "tcp-client" : "tcp6-client", c,
	    "ino=%lu port=%d", inode_of(c), port);
	say(family == AF_INET ? "tcp-server" : "tcp6-server", s,
	    "ino=%lu port=%d", inode_of(s), port);
}

static void
make_udp(const char *kind, int family)
{
	struct sockaddr_storage ss;
	socklen_t len;
	int fd;

	if (!made(kind, fd = socket(family, SOCK_DGRAM, 0)))
		return;
	len = loopback(&ss, family);
	if (bind(fd, (struct sockaddr *)&ss, len) == -1 ||
	    getsockname(fd, (struct sockaddr *)&ss, &len) == -1) {
		cannot(kind, strerror(errno));
		close(fd);
		return;
	}
	say(kind, fd, "ino=%lu port=%d", inode_of(fd), port_of(&ss));
}

static void
make_netlink(const char *kind)
{
	struct sockaddr_nl snl = { .nl_family = AF_NETLINK };
	socklen_t len = sizeof(snl);
	int fd;

	if ((fd = socket(AF_NETLINK, SOCK_RAW, NETLINK_ROUTE)) == -1)
		err(1, "netlink socket");
	if (bind(fd, (struct sockaddr *)&snl, sizeof(snl)) == -1 ||
	    getsockname(fd, (struct sockaddr *)&snl, &len) == -1)
		err(1, "netlink bind");
	say(kind, fd, "ino=%lu portid=%u", inode_of(fd), snl.nl_pid);
}

static void
make_packet(const char *kind)
{
	int fd = socket(AF_PACKET, SOCK_RAW, htons(ETH_P_ALL));

	if (made(kind, fd))
		say(kind, fd, "ino=%lu", inode_of(fd));
}

static void
make_raw(const char *kind)
{
	int fd = socket(AF_INET, SOCK_RAW, IPPROTO_ICMP);

	if (made(kind, fd))
		say(kind, fd, "ino=%lu", inode_of(fd));
}

static void
make_eventfd(const char *kind)
{
	int fd;

	if ((fd = eventfd(5, EFD_NONBLOCK)) == -1)
		err(1, "eventfd");
	say(kind, fd, "count=5");
	watch_fds[nwatch++] = fd;
}

static void
make_timerfd(const char *kind)
{
	struct itimerspec its = { { 1, 0 }, { 100, 0 } };
	int fd;

	if ((fd = timerfd_create(CLOCK_MONOTONIC, 0)) == -1)
		err(1, "timerfd_create");
	if (timerfd_settime(fd, 0, &its, NULL) == -1)
		err(1, "timerfd_settime");
	say(kind, fd, "clock=monotonic interval=1");
}

static void
make_signalfd(const char *kind)
{
	sigset_t set;
	int fd;

	sigemptyset(&set);
	sigaddset(&set, SIGUSR1);
	sigaddset(&set, SIGHUP);
	if (sigprocmask(SIG_BLOCK, &set, NULL) == -1)
		err(1, "sigprocmask");
	if ((fd = signalfd(-1, &set, 0)) == -1)
		err(1, "signalfd");
	say(kind, fd, "mask=HUP,USR1");
}

/* Watches what was made before it, or an eventfd of its own. */
static void
make_epoll(const char *kind)
{
	struct epoll_event ev = { .events = EPOLLIN };
	char targets[128] = "";
	int fd, i;

	if (nwatch == 0) {
		if ((watch_fds[0] = eventfd(0, 0)) == -1)
			err(1, "eventfd");
		nwatch = 1;
	}
	if ((fd = epoll_create1(EPOLL_CLOEXEC)) == -1)
		err(1, "epoll_create1");
	for (i = 0; i < nwatch; i++) {
		ev.data.fd = watch_fds[i];
		if (epoll_ctl(fd, EPOLL_CTL_ADD, watch_fds[i], &ev) == -1)
			err(1, "epoll_ctl");
		snprintf(targets + strlen(targets),
		    sizeof(targets) - strlen(targets), "%s%d", i ? "," : "",
		    watch_fds[i]);
	}
	say(kind, fd, "tfds=%s", targets);
}

static void
make_inotify(const char *kind)
{
	struct stat st;
	int fd;

	if ((fd = inotify_init1(IN_CLOEXEC)) == -1)
		err(1, "inotify_init1");
	if (inotify_add_watch(fd, dir, IN_CREATE | IN_DELETE) == -1)
		err(1, "inotify_add_watch %s", dir);
	if (stat(dir, &st) == -1)
		err(1, "%s", dir);
	say(kind, fd, "ino=%lu dev=%u:%u", (unsigned long)st.st_ino,
	    major(st.st_dev), minor(st.st_dev));
}

static void
make_fanotify(const char *kind)
{
	int fd;

	if (!made(kind, fd = fanotify_init(FAN_CLASS_NOTIF, O_RDONLY)))
		return;
	if (fanotify_mark(fd, FAN_MARK_ADD, FAN_OPEN, AT_FDCWD, dir) == -1)
		err(1, "fanotify_mark %s", dir);
	say(kind, fd, NULL);
}

static void
make_pidfd(const char *kind)
{
	pid_t pid = getppid();
	int fd;

	if (!made(kind, fd = syscall(SYS_pidfd_open, pid, 0)))
		return;
	say(kind, fd, "target=%d", (int)pid);
}

static void
make_memfd(const char *kind)
{
	int fd;

	if ((fd = memfd_create("mkfds-memfd", MFD_CLOEXEC)) == -1)
		err(1, "memfd_create");
	if (ftruncate(fd, 4096) == -1)
		err(1, "ftruncate");
	say(kind, fd, "ino=%lu name=mkfds-memfd", inode_of(fd));
}

/* A mapping of a file that has no descriptor any more, for -a. */
static void
make_mmap(const char *kind)
{
	char path[PATH_MAX];
	void *p;
	int fd;

	fd = open_in_dir(path, "mapped", O_RDWR | O_CREAT | O_TRUNC, 0644);
	if (ftruncate(fd, 4096) == -1)
		err(1, "ftruncate");
	if ((p = mmap(NULL, 4096, PROT_READ, MAP_SHARED, fd, 0)) ==
	    MAP_FAILED)
		err(1, "mmap");
	printf("%s - ino=%lu path=%s\n", kind, inode_of(fd), path);
	close(fd);
}

/* memfd_secret(2): memory the kernel itself does not map, which a
 * kernel may not allow (secretmem.enable=0). */
static void
make_secretmem(const char *kind)
{
	int fd;

	if (!made(kind, fd = (int)syscall(SYS_memfd_secret, 0)))
		return;
	if (ftruncate(fd, 4096) == -1)
		err(1, "ftruncate");
	say(kind, fd, "ino=%lu", inode_of(fd));
}

/* A memfd that only a mapping holds: its descriptor is closed. */
static void
make_memfd_mmap(const char *kind)
{
	unsigned long ino;
	void *p;
	int fd;

	if ((fd = memfd_create("mkfds-mapped", MFD_CLOEXEC)) == -1)
		err(1, "memfd_create");
	if (ftruncate(fd, 4096) == -1)
		err(1, "ftruncate");
	if ((p = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_SHARED, fd,
	    0)) == MAP_FAILED)
		err(1, "mmap");
	ino = inode_of(fd);
	close(fd);
	printf("%s - ino=%lu name=mkfds-mapped\n", kind, ino);
}

/*
 * A child that runs a copy of sleep(1) from a memfd, as runtimes run
 * what they unpack: its program is the memfd, which no descriptor
 * holds.  It dies with mkfds.
 */
static void
make_memfd_exe(const char *kind)
{
	char *const argv[] = { "sleep", "1000", NULL };
	char buf[65536], link[PATH_MAX], exe[64];
	unsigned long ino;
	ssize_t n, k;
	pid_t pid;
	int in, fd, i;

	if (!made(kind, in = open("/bin/sleep", O_RDONLY | O_CLOEXEC)))
		return;
	if ((fd = memfd_create("mkfds-exe", MFD_CLOEXEC)) == -1)
		err(1, "memfd_create");
	while ((n = read(in, buf, sizeof(buf))) > 0)
		for (k = 0; k < n;)
			if ((k += write(fd, buf + k, n - k)) <= 0)
				err(1, "write");
	close(in);
	ino = inode_of(fd);
	if ((pid = fork()) == -1)
		err(1, "fork");
	if (pid == 0) {
		prctl(PR_SET_PDEATHSIG, SIGKILL);
		fexecve(fd, argv, (char *const[]){ NULL });
		_exit(127);
	}
	close(fd);
	snprintf(exe, sizeof(exe), "/proc/%d/exe", (int)pid);
	for (i = 0; i < 200; i++) {
		if ((n = readlink(exe, link, sizeof(link) - 1)) > 0 &&
		    strncmp(link, "/memfd:", 7) == 0)
			break;
		usleep(10000);
	}
	printf("%s - pid=%d ino=%lu name=mkfds-exe\n", kind, (int)pid, ino);
}

/* A packet socket's receive ring, mapped: lsfd shows such a mapping. */
static void
make_packet_ring(const char *kind)
{
	struct tpacket_req req = { 4096, 1, 2048, 2 };
	void *p;
	int fd;

	if (!made(kind, fd = socket(AF_PACKET, SOCK_RAW, 0)))
		return;
	if (setsockopt(fd, SOL_PACKET, PACKET_RX_RING, &req,
	    sizeof(req)) == -1 || (p = mmap(NULL, 4096, PROT_READ |
	    PROT_WRITE, MAP_SHARED, fd, 0)) == MAP_FAILED) {
		cannot(kind, strerror(errno));
		close(fd);
		return;
	}
	say(kind, fd, "ino=%lu", inode_of(fd));
}

static void
make_io_uring(const char *kind)
{
	struct io_uring_params p = { 0 };
	int fd;

	if (!made(kind, fd = syscall(SYS_io_uring_setup, 8, &p)))
		return;
	say(kind, fd, "sq=%u cq=%u", p.sq_entries, p.cq_entries);
}

static void
make_nsfs(const char *kind)
{
	int fd;

	if ((fd = open("/proc/self/ns/net", O_RDONLY)) == -1)
		err(1, "/proc/self/ns/net");
	say(kind, fd, "ino=%lu", inode_of(fd));
}

static void
make_tun(const char *kind)
{
	struct ifreq ifr = { 0 };
	int fd;

	if (!made(kind, fd = open("/dev/net/tun", O_RDWR)))
		return;
	ifr.ifr_flags = IFF_TUN | IFF_NO_PI;
	strlcpy(ifr.ifr_name, "mkfds%d", sizeof(ifr.ifr_name));
	if (ioctl(fd, TUNSETIFF, &ifr) == -1) {
		cannot(kind, strerror(errno));
		close(fd);
		return;
	}
	say(kind, fd, "iface=%s ifindex=%u", ifr.ifr_name,
	    if_nametoindex(ifr.ifr_name));
}

static int
bpf(int cmd, union bpf_attr *attr)
{
	return syscall(SYS_bpf, cmd, attr, sizeof(*attr));
}

/* What the kernel says of a bpf object: its id above all. */
static void
bpf_info(int fd, void *info, size_t len)
{
	union bpf_attr attr = { 0 };

	attr.info.bpf_fd = fd;
	attr.info.info_len = len;
	attr.info.info = (uintptr_t)info;
	if (bpf(BPF_OBJ_GET_INFO_BY_FD, &attr) == -1)
		err(1, "BPF_OBJ_GET_INFO_BY_FD");
}

/* An array map of four 8-byte values, or -1 with errno. */
static int
bpf_array(const char *name, unsigned flags)
{
	union bpf_attr attr = { 0 };

	attr.map_type = BPF_MAP_TYPE_ARRAY;
	attr.key_size = 4;
	attr.value_size = 8;
	attr.max_entries = 4;
	attr.map_flags = flags;
	strlcpy(attr.map_name, name, sizeof(attr.map_name));
	return bpf(BPF_MAP_CREATE, &attr);
}

/* A program of the type that returns 0 (r0 = 0; exit), or -1 with
 * errno; name may be NULL. */
static int
bpf_nop_prog(unsigned type, const char *name)
{
	struct bpf_insn insns[] = {
		{ .code = BPF_ALU64 | BPF_MOV | BPF_K, .dst_reg = 0 },
		{ .code = BPF_JMP | BPF_EXIT },
	};
	union bpf_attr attr = { 0 };

	attr.prog_type = type;
	attr.insns = (uintptr_t)insns;
	attr.insn_cnt = 2;
	attr.license = (uintptr_t)"GPL";
	if (name != NULL)
		strlcpy(attr.prog_name, name, sizeof(attr.prog_name));
	return bpf(BPF_PROG_LOAD, &attr);
}

/* The id of a bpf map (map nonzero) or program. */
static unsigned
bpf_id(int fd, int map)
{
	struct bpf_map_info mi = { 0 };
	struct bpf_prog_info pi = { 0 };

	if (map) {
		bpf_info(fd, &mi, sizeof(mi));
		return mi.id;
	}
	bpf_info(fd, &pi, sizeof(pi));
	return pi.id;
}

static void
make_bpf_map(const char *kind)
{
	int fd = bpf_array("mkfds_map", 0);

	if (made(kind, fd))
		say(kind, fd, "id=%u type=array", bpf_id(fd, 1));
}

/* An array map made mmapable, and mapped. */
static void
make_bpf_map_mmap(const char *kind)
{
	int fd = bpf_array("mkfds_mapped", BPF_F_MMAPABLE);

	if (!made(kind, fd))
		return;
	if (mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0) ==
	    MAP_FAILED) {
		cannot(kind, strerror(errno));
		close(fd);
		return;
	}
	say(kind, fd, "id=%u", bpf_id(fd, 1));
}

/* A socket filter that drops everything. */
static void
make_bpf_prog(const char *kind)
{
	int fd = bpf_nop_prog(BPF_PROG_TYPE_SOCKET_FILTER, "mkfds_prog");

	if (made(kind, fd))
		say(kind, fd, "id=%u type=socket_filter", bpf_id(fd, 0));
}

/*
 * A bpf link: a program that does nothing, attached to a raw tracepoint
 * that seldom fires (task_rename).
 */
static void
make_bpf_link(const char *kind)
{
	union bpf_attr attr = { 0 };
	int prog = bpf_nop_prog(BPF_PROG_TYPE_RAW_TRACEPOINT, NULL), fd;
	unsigned id;

	if (!made(kind, prog))
		return;
	attr.raw_tracepoint.name = (uintptr_t)"task_rename";
	attr.raw_tracepoint.prog_fd = prog;
	if (!made(kind, fd = bpf(BPF_RAW_TRACEPOINT_OPEN, &attr))) {
		close(prog);
		return;
	}
	id = bpf_id(prog, 0);
	close(prog);
	say(kind, fd, "prog=%u type=raw_tracepoint", id);
}

static void
make_ptmx(const char *kind)
{
	int fd, n;

	if ((fd = posix_openpt(O_RDWR | O_NOCTTY)) == -1 ||
	    ioctl(fd, TIOCGPTN, &n) == -1) {
		cannot(kind, strerror(errno));
		return;
	}
	say(kind, fd, "tty-index=%d", n);
}

/* Both ends of a pseudo-terminal: the master and the terminal. */
static void
make_pty(const char *kind)
{
	char *name;
	int fd, pts, n;

	if ((fd = posix_openpt(O_RDWR | O_NOCTTY)) == -1 ||
	    grantpt(fd) == -1 || unlockpt(fd) == -1 ||
	    ioctl(fd, TIOCGPTN, &n) == -1 || (name = ptsname(fd)) == NULL ||
	    (pts = open(name, O_RDWR | O_NOCTTY)) == -1) {
		cannot(kind, strerror(errno));
		return;
	}
	say("pty-master", fd, "tty-index=%d peer=%d", n, pts);
	say("pty-slave", pts, "tty-index=%d peer=%d", n, fd);
}

static void
make_userfaultfd(const char *kind)
{
	int fd;

	if (!made(kind, fd = syscall(SYS_userfaultfd, O_CLOEXEC)))
		return;
	say(kind, fd, NULL);
}

/* A queue opened twice, for reading and for writing, each descriptor
 * the other's endpoint. */
static void
make_mqueue(const char *kind)
{
	mqd_t r, w;

	snprintf(mq_made, sizeof(mq_made), "/mkfds-mqueue-%d", (int)getpid());
	if ((r = mq_open(mq_made, O_RDONLY | O_CREAT | O_EXCL, 0600,
	    NULL)) == (mqd_t)-1) {
		mq_made[0] = '\0';
		cannot(kind, strerror(errno));
		return;
	}
	if ((w = mq_open(mq_made, O_WRONLY)) == (mqd_t)-1)
		err(1, "mq_open %s", mq_made);
	say("mqueue-read", (int)r, "name=%s ino=%lu", mq_made + 1,
	    inode_of((int)r));
	say("mqueue-write", (int)w, "name=%s", mq_made + 1);
}

static const struct maker {
	const char	*kind;
	void		(*make)(const char *);
} makers[] = {
	{ "file", make_file },
	{ "dir", make_dir },
	{ "deleted", make_deleted },
	{ "symlink", make_symlink },
	{ "pipe", make_pipe },
	{ "fifo", make_fifo },
	{ "chardev", make_chardev },
	{ "blockdev", make_blockdev },
	{ "loop", make_loop },
	{ "perf_event", make_perf_event },
	{ "unix-listen", make_unix_listen },
	{ "netlink", make_netlink },
	{ "packet", make_packet },
	{ "raw", make_raw },
	{ "eventfd", make_eventfd },
	{ "timerfd", make_timerfd },
	{ "signalfd", make_signalfd },
	{ "epoll", make_epoll },
	{ "inotify", make_inotify },
	{ "fanotify", make_fanotify },
	{ "pidfd", make_pidfd },
	{ "memfd", make_memfd },
	{ "mmap", make_mmap },
	{ "io_uring", make_io_uring },
	{ "nsfs", make_nsfs },
	{ "tun", make_tun },
	{ "bpf-map", make_bpf_map },
	{ "bpf-prog", make_bpf_prog },
	{ "bpf-link", make_bpf_link },
	{ "ptmx", make_ptmx },
	{ "pty", make_pty },
	{ "userfaultfd", make_userfaultfd },
	{ "mqueue", make_mqueue },
	{ "memfd-mmap", make_memfd_mmap },
	{ "secretmem", make_secretmem },
	{ "memfd-exe", make_memfd_exe },
	{ "packet-ring", make_packet_ring },
	{ "bpf-map-mmap", make_bpf_map_mmap },
};

static int
make(const char *kind)
{
	size_t i;

	/* The socket kinds differ only in their arguments. */
	if (strcmp(kind, "unix-stream") == 0)
		make_socketpair(kind, SOCK_STREAM);
	else if (strcmp(kind, "unix-dgram") == 0)
		make_socketpair(kind, SOCK_DGRAM);
	else if (strcmp(kind, "tcp") == 0)
		make_tcp(kind, AF_INET);
	else if (strcmp(kind, "tcp6") == 0)
		make_tcp(kind, AF_INET6);
	else if (strcmp(kind, "udp") == 0)
		make_udp(kind, AF_INET);
	else if (strcmp(kind, "udp6") == 0)
		make_udp(kind, AF_INET6);
	else {
		for (i = 0; i < sizeof(makers) / sizeof(makers[0]); i++)
			if (strcmp(kind, makers[i].kind) == 0)
				break;
		if (i == sizeof(makers) / sizeof(makers[0]))
			return -1;
		makers[i].make(kind);
	}
	return 0;
}

static void
usage(void)
{
	fprintf(stderr, "usage: mkfds [-d dir] kind ...\n");
	exit(2);
}

/* SIGTERM, as the tests end it: what outlives the process goes first. */
static void
on_term(int sig)
{
	if (mq_made[0] != '\0')
		mq_unlink(mq_made);
	signal(sig, SIG_DFL);
	raise(sig);
}

int
main(int argc, char *argv[])
{
	int ch, i;

	while ((ch = getopt(argc, argv, "d:")) != -1) {
		switch (ch) {
		case 'd':
			dir = optarg;
			break;
		default:
			usage();
		}
	}
	argc = helper_operands(argc, &argv, 1, -1, usage);

	signal(SIGTERM, on_term);
	printf("pid=%d\n", (int)getpid());
	for (i = 0; i < argc; i++)
		if (make(argv[i]) == -1)
			errx(2, "%s: unknown kind", argv[i]);
	helper_ready();
	helper_wait_leash();
	if (mq_made[0] != '\0')
		mq_unlink(mq_made);
	return 0;
}
