/*
 * watch-proc.c: what nswatch hears of processes.  The proc connector
 * tells root of every fork, exec, exit and change of name, but only to a
 * caller in the initial user, pid and network namespaces, and elsewhere
 * it says nothing at all rather than refuse: so nswatch proves it, by a
 * child that exits at once and must be heard of within a quarter of a
 * second.  Without it, /proc is listed afresh once a second and compared
 * (a process that lives less than that is missed), the bounded work of
 * one listing a second.  One line on standard error says which is used.
 * Threads are passed over: a process is a thread group, /proc/PID.  So
 * are nswatch's own workers, which would otherwise be a pair of lines
 * for every listing it makes.
 */
#include <sys/socket.h>
#include <sys/timerfd.h>
#include <sys/wait.h>

#include <err.h>
#include <errno.h>
#include <limits.h>
#include <poll.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <linux/cn_proc.h>
#include <linux/connector.h>
#include <linux/netlink.h>

#include "provider.h"
#include "watch.h"

/* With the connector the events keep the copy and only presence counts;
 * a rescan compares the name too.  Either way a process's name and
 * command line are kept, for its exit to say which it was. */
static const struct ns_tree heard_tree = {
	"/proc", 1, NULL, NULL, NULL, "comm,cmdline", 0
};
static const struct ns_tree scanned_tree = {
	"/proc", 1, "comm", NULL, NULL, "comm,cmdline", 0
};

/* nswatch's own children still alive, as the connector told of them. */
static pid_t	mine[8];

/* Whether pid is one of nswatch's children: forgotten with forget. */
static int
is_mine(pid_t pid, int forget)
{
	size_t i;

	for (i = 0; i < sizeof(mine) / sizeof(mine[0]); i++) {
		if (mine[i] == pid && pid != 0) {
			if (forget)
				mine[i] = 0;
			return 1;
		}
	}
	return 0;
}

static int
keep_mine(pid_t parent, pid_t pid)
{
	size_t i;

	if (parent != getpid())
		return 0;
	for (i = 0; i < sizeof(mine) / sizeof(mine[0]); i++)
		if (mine[i] == 0) {
			mine[i] = pid;
			return 1;
		}
	return 0;
}

/* A process's name, for an exec: read here, where no cache lives. */
static void
read_comm(uint32_t pid, char *buf, size_t size)
{
	char path[32];

	snprintf(path, sizeof(path), "/proc/%u/comm", pid);
	if (ns_read_file(path, buf, size) == -1)
		buf[0] = '\0';
}

/* Its arguments joined by spaces, as proc.c's cmdline is, as far as buf
 * holds them (the copy keeps less). */
static void
read_cmdline(uint32_t pid, char *buf, size_t size)
{
	char path[32];
	ssize_t n, i;

	snprintf(path, sizeof(path), "/proc/%u/cmdline", pid);
	if ((n = ns_read_file(path, buf, size)) == -1)
		n = 0;
	while (n > 0 && buf[n - 1] == '\0')
		n--;
	for (i = 0; i < n; i++)
		if (buf[i] == '\0')
			buf[i] = ' ';
	buf[n] = '\0';
}

/* Tell of the process pid: what it is, as it is now. */
static void
note(struct ns_source *src, const char *action, uint32_t pid)
{
	static const char *const names[] = { "comm", "cmdline" };
	char path[32], comm[32], cmdline[1024];
	const char *vals[] = { comm, cmdline };

	snprintf(path, sizeof(path), "/proc/%u", pid);
	read_comm(pid, comm, sizeof(comm));
	read_cmdline(pid, cmdline, sizeof(cmdline));
	/* A process gone before its name was read is told without it; its
	 * exit follows. */
	ns_source_note(src, action, path, names, vals,
	    comm[0] != '\0' ? 2 : 0);
}

static void
proc_event(struct ns_source *src, const struct proc_event *ev)
{
	static const char *const comm[] = { "comm" };
	char path[32], name[32];
	const char *val[] = { name };

	switch (ev->what) {
	case PROC_EVENT_FORK:
		if (ev->event_data.fork.child_pid !=
		    ev->event_data.fork.child_tgid ||
		    keep_mine(ev->event_data.fork.parent_tgid,
		    ev->event_data.fork.child_tgid))
			return;
		note(src, "add", ev->event_data.fork.child_tgid);
		break;
	case PROC_EVENT_EXEC:
		note(src, "change", ev->event_data.exec.process_tgid);
		break;
	case PROC_EVENT_COMM:
		if (ev->event_data.comm.process_pid !=
		    ev->event_data.comm.process_tgid)
			return;
		snprintf(path, sizeof(path), "/proc/%d",
		    ev->event_data.comm.process_tgid);
		strlcpy(name, ev->event_data.comm.comm, sizeof(name));
		ns_source_note(src, "change", path, comm, val, 1);
		break;
	case PROC_EVENT_EXIT:
		if (ev->event_data.exit.process_pid !=
		    ev->event_data.exit.process_tgid ||
		    is_mine(ev->event_data.exit.process_tgid, 1))
			return;
		snprintf(path, sizeof(path), "/proc/%d",
		    ev->event_data.exit.process_tgid);
		ns_source_event(src, "remove", path);
		break;
	default:
		break;
	}
}

static void
cn_msg_read(struct ns_source *src, const void *msg, void *arg)
{
	const struct nlmsghdr *h = msg;
	const struct cn_msg *cn = NLMSG_DATA(h);

	struct proc_event ev;

	(void)arg;
	if (h->nlmsg_len < NLMSG_LENGTH(sizeof(*cn) +
	    sizeof(struct proc_event)) || cn->id.idx != CN_IDX_PROC)
		return;
	/* The event follows a 20-byte header: 4-byte aligned where it
	 * holds 8-byte fields, so it is read through a copy. */
	memcpy(&ev, cn->data, sizeof(ev));
	proc_event(src, &ev);
}

static void
cn_read(struct ns_source *src, int fd, void *arg)
{
	ns_source_netlink(src, fd, cn_msg_read, arg);
}

static int
cn_listen(int fd)
{
	struct {
		struct nlmsghdr		h;
		struct cn_msg		cn;
		enum proc_cn_mcast_op	op;
	} __attribute__((packed)) req;

	memset(&req, 0, sizeof(req));
	req.h.nlmsg_len = sizeof(req);
	req.h.nlmsg_type = NLMSG_DONE;
	req.h.nlmsg_pid = getpid();
	req.cn.id.idx = CN_IDX_PROC;
	req.cn.id.val = CN_VAL_PROC;
	req.cn.len = sizeof(req.op);
	req.op = PROC_CN_MCAST_LISTEN;
	return send(fd, &req, sizeof(req), 0) == -1 ? -1 : 0;
}

/* Whether the connector reports the exit of a child made for the
 * purpose; what it reports meanwhile is before the first listing. */
static int
cn_probe(int fd)
{
	char buf[8192];
	struct pollfd pfd = { fd, POLLIN, 0 };
	const struct nlmsghdr *h;
	const struct cn_msg *cn;
	struct proc_event ev;
	pid_t pid;
	ssize_t n;
	size_t len;

	if ((pid = fork()) == -1)
		return 0;
	if (pid == 0)
		_exit(0);
	waitpid(pid, NULL, 0);
	while (poll(&pfd, 1, 250) == 1) {
		if ((n = recv(fd, buf, sizeof(buf), MSG_DONTWAIT)) <= 0)
			continue;
		len = n;
		for (h = (const void *)buf; NLMSG_OK(h, len);
		    h = NLMSG_NEXT(h, len)) {
			cn = NLMSG_DATA(h);
			if (h->nlmsg_len < NLMSG_LENGTH(sizeof(*cn) +
			    sizeof(ev)))
				continue;
			memcpy(&ev, cn->data, sizeof(ev));
			if (ev.what == PROC_EVENT_EXIT &&
			    ev.event_data.exit.process_tgid == pid)
				return 1;
		}
	}
	return 0;
}

static int
cn_open(void)
{
	struct sockaddr_nl sa = { .nl_family = AF_NETLINK,
	    .nl_groups = CN_IDX_PROC };
	int fd;

	if ((fd = socket(AF_NETLINK, SOCK_DGRAM | SOCK_CLOEXEC,
	    NETLINK_CONNECTOR)) == -1)
		return -1;
	ns_source_rcvbuf(fd);
	if (bind(fd, (struct sockaddr *)&sa, sizeof(sa)) == -1 ||
	    cn_listen(fd) == -1 || !cn_probe(fd)) {
		close(fd);
		return -1;
	}
	return fd;
}

static void
tick(struct ns_source *src, int fd, void *arg)
{
	uint64_t n;

	(void)arg;
	if (read(fd, &n, sizeof(n)) == (ssize_t)sizeof(n))
		ns_source_dirty(src, -1);
}

void
ns_watch_proc(struct ns_watch *w)
{
	struct itimerspec its = { { 1, 0 }, { 1, 0 } };
	struct ns_source *src;
	int fd;

	if (!ns_watch_wants(w, "/proc"))
		return;
	if ((fd = cn_open()) != -1) {
		warnx("/proc: events from the proc connector");
		src = ns_watch_source(w, "proc-connector", fd, cn_read, NULL);
		ns_source_tree(src, &heard_tree);
		return;
	}
	warnx("/proc: no proc connector (root in the initial namespaces "
	    "only), /proc listed every second");
	if ((fd = timerfd_create(CLOCK_MONOTONIC, TFD_CLOEXEC)) == -1 ||
	    timerfd_settime(fd, 0, &its, NULL) == -1)
		err(1, "timerfd");
	src = ns_watch_source(w, "proc-scan", fd, tick, NULL);
	ns_source_tree(src, &scanned_tree);
}
