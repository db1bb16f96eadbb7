/*
 * The readers of /proc/PID/fdinfo/N text, on samples of each kind as
 * Linux prints them, and on text that is cut short, garbled or from a
 * kernel that prints more or less than these know.
 */
#include <sys/sysmacros.h>

#include <fcntl.h>
#include <stdint.h>
#include <string.h>

#include "fdparse.h"
#include "tap.h"

/* The lines every fdinfo file begins with, for a descriptor of the flags
 * given (octal digits) on inode 1038 of mount 17. */
#define FDINFO_HEAD(flags) \
	"pos:\t0\nflags:\t" flags "\nmnt_id:\t17\nino:\t1038\n"

static void
common(void)
{
	struct fdinfo_common c;

	ok(ns_fdinfo_parse_common("pos:\t10\nflags:\t0102002\nmnt_id:\t27\n"
	    "ino:\t10952976\n", &c) == 0, "common: a regular file");
	is_int(c.pos, 10, "common: pos");
	is_int(c.flags, 0102002, "common: flags are octal");
	is_int(c.mnt_id, 27, "common: mnt_id");
	is_int(c.ino, 10952976, "common: ino");
	is_int(c.has, FI_POS | FI_FLAGS | FI_MNT_ID | FI_INO,
	    "common: every line seen");

	ok(ns_fdinfo_parse_common("pos:\t0\nflags:\t02\nmnt_id:\t10\n", &c) ==
	    0 && !(c.has & FI_INO), "common: an old kernel has no ino line");
	ok(ns_fdinfo_parse_common("pos:\t-1\nflags:\t02\n", &c) == 0 &&
	    !(c.has & FI_POS), "common: a negative position is no number");
	ok(ns_fdinfo_parse_common("pos:\t0\n", &c) == -1,
	    "common: no flags line is no fdinfo");
	ok(ns_fdinfo_parse_common("", &c) == -1, "common: empty text");
	ok(ns_fdinfo_parse_common("flags:\t0109\n", &c) == -1,
	    "common: 9 is no octal digit");
	ok(ns_fdinfo_parse_common("flags:\t012x\npos:\t3\n", &c) == -1 &&
	    c.pos == 3, "common: a garbled flags line, the rest still read");
	ok(ns_fdinfo_parse_common("xflags:\t02\nflags:\t04000", &c) == 0 &&
	    c.flags == 04000, "common: a key must start its line; no "
	    "newline at the end");
	ok(ns_fdinfo_parse_common("flags:\t02\nino:\t18446744073709551615\n",
	    &c) == 0 && (c.has & FI_INO) && c.ino == UINT64_MAX,
	    "common: the largest number");
	ok(ns_fdinfo_parse_common("flags:\t02\nino:\t18446744073709551616\n",
	    &c) == 0 && !(c.has & FI_INO), "common: one more is no number");
	ok(ns_fdinfo_parse_common("flags:\t02\nmnt_id:\t+5\nino:\t-7\n",
	    &c) == 0 && !(c.has & (FI_MNT_ID | FI_INO)),
	    "common: a sign is no digit");
	ok(ns_fdinfo_parse_common("flags:\t02\nino:\t12a\n", &c) == 0 &&
	    !(c.has & FI_INO), "common: a letter after the digits");
}

static void
field(void)
{
	char buf[16];

	ok(ns_fdinfo_field("pos:\t0\niff:\tmkfds0\n", "iff", buf,
	    sizeof(buf)) ==
	    0 && strcmp(buf, "mkfds0") == 0, "field: tun's iff");
	ok(ns_fdinfo_field("tty-index:\t3", "tty-index", buf, sizeof(buf))
	    == 0 &&
	    strcmp(buf, "3") == 0, "field: the last line, no newline");
	ok(ns_fdinfo_field("pos:\t0\n", "iff", buf, sizeof(buf)) == -1,
	    "field: absent");
	ok(ns_fdinfo_field("iff:\tabcdefghijklmnopqrstuvwxyz\n", "iff", buf,
	    sizeof(buf)) == -1, "field: too long for the buffer");
}

static void
eventfd(void)
{
	struct fdinfo_eventfd e;

	ok(ns_fdinfo_parse_eventfd(FDINFO_HEAD("04002")
	    "eventfd-count:                5\neventfd-id: 1\n"
	    "eventfd-semaphore: 0\n", &e) == 0, "eventfd: parsed");
	is_int(e.count, 5, "eventfd: count");
	is_int(e.id, 1, "eventfd: id");
	is_int(e.semaphore, 0, "eventfd: semaphore");
	ok(ns_fdinfo_parse_eventfd("eventfd-count:               1f\n", &e) ==
	    0 && e.count == 31 && e.id == -1,
	    "eventfd: the count is hex; no id before Linux 5.2");
	ok(ns_fdinfo_parse_eventfd("eventfd-count: zz\n", &e) == -1,
	    "eventfd: garbled count");
	ok(ns_fdinfo_parse_eventfd("pos:\t0\n", &e) == -1,
	    "eventfd: not an eventfd");
}

static void
epoll(void)
{
	struct fdinfo_tfd t[4];
	const char *text = FDINFO_HEAD("02000002")
	    "tfd:       28 events:       19 data:               1c  pos:0 "
	    "ino:40e sdev:10\n"
	    "tfd:        6 events:       19 data:                6  pos:0 "
	    "ino:25172 sdev:f\n";

	is_int(ns_fdinfo_parse_epoll(text, t, 4), 2, "epoll: two targets");
	is_int(t[0].fd, 28, "epoll: first target");
	is_int(t[0].events, 0x19, "epoll: events are hex");
	is_int(t[0].ino, 0x40e, "epoll: ino is hex");
	is_int(t[1].fd, 6, "epoll: second target");
	is_int(t[1].sdev, 0xf, "epoll: sdev");
	is_int(ns_fdinfo_parse_epoll(text, t, 1), 2,
	    "epoll: counts past the room it has");
	is_int(ns_fdinfo_parse_epoll("pos:\t0\nflags:\t02\n", t, 4), 0,
	    "epoll: watching nothing");
	is_int(ns_fdinfo_parse_epoll("tfd: x events: 19\ntfd: 5\n"
	    "tfd: 7 events: 1 data: 0 pos:0 ino:1 sdev:2\n", t, 4), 1,
	    "epoll: lines without a number or events passed over");
	is_int(t[0].fd, 7, "epoll: the good line read");
}

static void
timerfd(void)
{
	struct fdinfo_timerfd t;

	ok(ns_fdinfo_parse_timerfd(FDINFO_HEAD("02")
	    "clockid: 1\nticks: 0\nsettime flags: 00\n"
	    "it_value: (94, 998988965)\nit_interval: (1, 0)\n", &t) == 0,
	    "timerfd: parsed");
	is_int(t.clockid, 1, "timerfd: clockid");
	is_int(t.value_sec, 94, "timerfd: seconds left");
	is_int(t.value_nsec, 998988965, "timerfd: nanoseconds left");
	is_int(t.interval_sec, 1, "timerfd: interval");
	is_str(ns_fd_clock_name(t.clockid), "monotonic", "timerfd: clock name");
	is_str(ns_fd_clock_name(9), "boottime-alarm",
	    "timerfd: an alarm clock");
	ok(ns_fd_clock_name(42) == NULL, "timerfd: an unknown clock");
	ok(ns_fdinfo_parse_timerfd("clockid: 0\nit_value: (1 2)\n"
	    "it_interval: (0, 0)\n", &t) == -1, "timerfd: no comma");
	ok(ns_fdinfo_parse_timerfd("clockid: 0\nit_value: (1, 2000000000)\n"
	    "it_interval: (0, 0)\n", &t) == -1, "timerfd: nanoseconds past a "
	    "second");
	ok(ns_fdinfo_parse_timerfd("clockid: 0\n", &t) == -1,
	    "timerfd: cut short");
}

static void
signalfd(void)
{
	char buf[128];
	uint64_t mask;

	ok(ns_fdinfo_parse_signalfd("pos:\t0\nsigmask:\t0000000000000201\n",
	    &mask) == 0 && mask == 0x201, "signalfd: the mask is hex");
	ns_fd_sigmask_string(mask, buf, sizeof(buf));
	is_str(buf, "HUP,USR1", "signalfd: the mask as names");
	ns_fd_sigmask_string(0, buf, sizeof(buf));
	is_str(buf, "", "signalfd: no signals");
	ns_fd_sigmask_string(1ULL << 63, buf, sizeof(buf));
	is_str(buf, "RTMIN+30", "signalfd: the last real-time signal");
	ok(ns_fdinfo_parse_signalfd("sigmask:\tnope\n", &mask) == -1,
	    "signalfd: garbled");
	ok(ns_fdinfo_parse_signalfd("pos:\t0\n", &mask) == -1,
	    "signalfd: absent");
}

static void
inotify(void)
{
	struct fdinfo_mark m[2];
	const char *text = FDINFO_HEAD("02000000")
	    "inotify wd:1 ino:a72057 sdev:fe00000 mask:300 ignored_mask:0 "
	    "fhandle-bytes:8 fhandle-type:1 f_handle:5720a700c5a689bf\n"
	    "inotify wd:2 ino:2 sdev:800001 mask:fce ignored_mask:0\n";

	is_int(ns_fdinfo_parse_inotify(text, m, 2), 2, "inotify: two watches");
	is_int(m[0].wd, 1, "inotify: wd");
	is_int(m[0].ino, 0xa72057, "inotify: ino is hex");
	is_int(KDEV_MAJOR(m[0].sdev), 254, "inotify: sdev's major is the "
	    "top 12 bits");
	is_int(KDEV_MINOR(m[0].sdev), 0, "inotify: sdev's minor");
	is_int(KDEV_MAJOR(m[1].sdev), 8, "inotify: 8:1's major");
	is_int(KDEV_MINOR(m[1].sdev), 1, "inotify: 8:1's minor");
	is_int(m[0].mask, 0x300, "inotify: mask");
	is_int(m[0].handle_bytes, 8, "inotify: the handle's size");
	is_int(m[0].handle_type, 1, "inotify: the handle's type");
	ok(m[0].handle[0] == 0x57 && m[0].handle[7] == 0xbf,
	    "inotify: the handle's bytes");
	is_int(m[1].handle_bytes, 0, "inotify: no handle (no "
	    "CONFIG_EXPORTFS)");
	is_int(ns_fdinfo_parse_inotify("inotify wd:1 ino:2 sdev:3 mask:4 "
	    "fhandle-bytes:8 fhandle-type:1 f_handle:57zz\n", m, 2), 1,
	    "inotify: a garbled handle...");
	is_int(m[0].handle_bytes, 0, "...is no handle");
	is_int(ns_fdinfo_parse_inotify("inotify wd:1 ino:2\n"
	    "inotify mask:3\n", m, 2), 0, "inotify: incomplete lines");
}

static void
fanotify(void)
{
	struct fdinfo_fanotify f;
	struct fdinfo_mark m[3];
	size_t n;

	ok(ns_fdinfo_parse_fanotify("pos:\t0\nflags:\t02\n"
	    "fanotify flags:0 event-flags:8000\n"
	    "fanotify ino:a72057 sdev:fe00000 mflags:0 mask:20 "
	    "ignored_mask:0 fhandle-bytes:8 fhandle-type:1 "
	    "f_handle:5720a700c5a689bf\n"
	    "fanotify mnt_id:1c mflags:0 mask:3b ignored_mask:0\n"
	    "fanotify sdev:800001 mflags:0 mask:1 ignored_mask:0\n",
	    &f, m, 3, &n) == 0, "fanotify: parsed");
	is_int(f.flags, 0, "fanotify: flags");
	is_int(f.event_flags, 0x8000, "fanotify: event flags");
	is_int(n, 3, "fanotify: an inode, a mount and a file system mark");
	is_int(m[0].ino, 0xa72057, "fanotify: the inode mark's inode");
	is_int(m[0].mask, 0x20, "fanotify: its mask");
	is_int(m[1].mnt_id, 0x1c, "fanotify: the mount mark's mount id");
	is_int(m[1].ino, 0, "fanotify: a mount mark has no inode");
	is_int(m[2].sdev, 0x800001, "fanotify: the file system mark's sdev");
	ok(ns_fdinfo_parse_fanotify("fanotify flags:0 event-flags:0\n"
	    "fanotify mnt_id:1 mflags:0 mask:1 ignored_mask:0\n"
	    "fanotify mnt_id:2 mflags:0 mask:1 ignored_mask:0\n",
	    &f, m, 1, &n) == 0 && n == 2 && m[0].mnt_id == 1,
	    "fanotify: the count is of the lines, past the room for them");
	ok(ns_fdinfo_parse_fanotify("pos:\t0\n", &f, m, 3, &n) == -1 && n == 0,
	    "fanotify: not fanotify");
}

static void
pidfd(void)
{
	struct fdinfo_pidfd p;

	ok(ns_fdinfo_parse_pidfd("pos:\t0\nflags:\t02000002\nmnt_id:\t4\n"
	    "ino:\t2\nPid:\t1234\nNSpid:\t1234\t1\n", &p) == 0,
	    "pidfd: parsed");
	is_int(p.pid, 1234, "pidfd: pid");
	is_str(p.nspid, "1234 1", "pidfd: nspid, blank-separated");
	ok(ns_fdinfo_parse_pidfd("Pid:\t-1\nNSpid:\t-1\n", &p) == 0 &&
	    p.pid == -1, "pidfd: the process is gone");
	ok(ns_fdinfo_parse_pidfd("Pid:\t0\n", &p) == 0 && p.pid == 0 &&
	    p.nspid[0] == '\0', "pidfd: out of our pid namespace");
	ok(ns_fdinfo_parse_pidfd("Pid:\t--1\n", &p) == -1, "pidfd: garbled");
	ok(ns_fdinfo_parse_pidfd("NSpid:\t1\n", &p) == -1, "pidfd: no Pid");
}

static void
bpf(void)
{
	struct fdinfo_bpf b;

	ok(ns_fdinfo_parse_bpf(FDINFO_HEAD("02000002")
	    "map_type:\t2\nkey_size:\t4\nvalue_size:\t8\n"
	    "max_entries:\t4\nmap_flags:\t0x0\nmap_extra:\t0x0\n"
	    "memlock:\t344\nmap_id:\t3\nfrozen:\t0\n", &b) == 0,
	    "bpf: a map");
	ok(!b.prog && b.id == 3 && b.type == 2, "bpf: the map's id and type");
	ok(b.map_flags == 0, "bpf: the map's flags");
	ok(ns_fdinfo_parse_bpf("map_type:\t2\nmap_flags:\t0x400\nmap_id:\t5\n",
	    &b) == 0 && b.map_flags == 0x400, "bpf: an mmapable map");
	ok(ns_fdinfo_parse_bpf("map_type:\t2\nmap_flags:\tx\nmap_id:\t5\n",
	    &b) == 0 && b.map_flags == 0, "bpf: garbled map flags are none");
	is_str(ns_fd_bpf_type_name(0, b.type), "array", "bpf: array");
	ok(ns_fdinfo_parse_bpf("prog_type:\t1\nprog_jited:\t1\n"
	    "prog_tag:\t59f4a931744dcdc6\nmemlock:\t4096\nprog_id:\t4\n"
	    "run_time_ns:\t0\n", &b) == 0, "bpf: a program");
	ok(b.prog && b.id == 4 && b.type == 1, "bpf: the program's id and "
	    "type");
	is_str(b.tag, "59f4a931744dcdc6", "bpf: the program's tag");
	is_str(ns_fd_bpf_type_name(1, b.type), "socket_filter",
	    "bpf: socket_filter");
	ok(ns_fd_bpf_type_name(1, 9999) == NULL, "bpf: a type of the future");
	ok(ns_fdinfo_parse_bpf("map_type:\t2\n", &b) == -1, "bpf: no map id");
	ok(ns_fdinfo_parse_bpf("prog_type:\tx\nprog_id:\t4\n", &b) == -1,
	    "bpf: garbled type");
	ok(ns_fdinfo_parse_bpf(FDINFO_HEAD("02000000")
	    "link_type:\traw_tracepoint\nlink_id:\t3\n"
	    "prog_tag:\t59f4a931744dcdc6\nprog_id:\t36\n"
	    "tp_name:\ttask_rename\ncookie:\t0\n", &b) == 0, "bpf: a link");
	ok(b.link && !b.prog && b.id == 3 && b.prog_id == 36,
	    "bpf: the link's id and program");
	is_str(b.link_type, "raw_tracepoint", "bpf: the link's type");
	ok(ns_fdinfo_parse_bpf("link_type:\tcgroup\nprog_id:\t36\n", &b) == -1,
	    "bpf: a link without its id");
}

static void
io_uring(void)
{
	struct fdinfo_io_uring u;

	ok(ns_fdinfo_parse_io_uring("pos:\t0\nflags:\t02000002\nmnt_id:\t17\n"
	    "ino:\t151939\nSqMask:\t0x7\nSqHead:\t0\nSqTail:\t0\n"
	    "CachedSqHead:\t0\nCqMask:\t0xf\nCqHead:\t0\nCqTail:\t0\n"
	    "CachedCqTail:\t0\nSQEs:\t0\nCQEs:\t0\nSqThread:\t-1\n"
	    "SqThreadCpu:\t-1\nUserFiles:\t0\nUserBufs:\t0\nPollList:\n"
	    "CqOverflowList:\n", &u) == 0, "io_uring: parsed");
	is_int(u.sq_entries, 8, "io_uring: sq entries from the mask");
	is_int(u.cq_entries, 16, "io_uring: cq entries from the mask");
	is_int(u.sq_thread, -1, "io_uring: no sq thread");
	ok(ns_fdinfo_parse_io_uring("SqMask:\t0x7\n", &u) == -1,
	    "io_uring: no CqMask");
	ok(ns_fdinfo_parse_io_uring("SqMask:\t0xffffffffffffffff\n"
	    "CqMask:\t0x1\n", &u) == -1, "io_uring: a mask that overflows");
}

static void
names(void)
{
	char buf[128];

	ns_fd_flags_string(0102002, buf, sizeof(buf));
	is_str(buf, "append,largefile", "flags: the access mode left out");
	ns_fd_flags_string(02004000 | O_RDONLY, buf, sizeof(buf));
	is_str(buf, "cloexec,nonblock", "flags: cloexec,nonblock");
	ns_fd_flags_string(O_SYNC, buf, sizeof(buf));
	is_str(buf, "sync", "flags: sync holds dsync's bit");
	ns_fd_flags_string(O_DSYNC, buf, sizeof(buf));
	is_str(buf, "dsync", "flags: dsync alone");
	ns_fd_flags_string(O_TMPFILE | O_RDWR, buf, sizeof(buf));
	is_str(buf, "tmpfile", "flags: tmpfile holds directory's bit");
	ns_fd_flags_string(O_PATH, buf, sizeof(buf));
	is_str(buf, "path", "flags: path");
	ns_fd_flags_string(02, buf, sizeof(buf));
	is_str(buf, "", "flags: none");
	ns_fd_flags_string(040000000000ULL, buf, sizeof(buf));
	is_str(buf, "040000000000", "flags: a bit with no name, in octal");
	ns_fd_epoll_events_string(0x19, buf, sizeof(buf));
	is_str(buf, "IN,ERR,HUP", "epoll events: IN,ERR,HUP");
	ns_fd_epoll_events_string(0x80000004, buf, sizeof(buf));
	is_str(buf, "OUT,ET", "epoll events: OUT,ET");
	ns_fd_epoll_events_string(0x800, buf, sizeof(buf));
	is_str(buf, "0x800", "epoll events: a bit with no name");
}

/* Lines of /proc/PID/maps: only those that map a file are taken. */
static void
mapping(void)
{
	struct fd_mapping m;
	char lib[] = "7f1c2a000000-7f1c2a028000 r-xp 00000000 fd:01 1234 "
	    "   /usr/lib/libc.so.6";
	char ring[] = "7f00-8f00 rw-s 00000000 00:08 4321 socket:[4321]";
	char anon[] = "7f00-8f00 rw-p 00000000 00:00 0 ";
	char heap[] = "55d0-55e0 rw-p 00000000 00:00 0 [heap]";
	char bad[] = "7f00-8f00 rw-p 00000000 zz:01 99 /x";
	char shm0[] = "7f00-8f00 rw-s 00000000 00:01 0 /SYSV00001234 (deleted)";
	char file0[] = "7f00-8f00 rw-s 00000000 00:01 0 /x";

	ok(ns_fd_parse_mapping(lib, &m) == 0, "maps: a library");
	ok(major(m.dev) == 0xfd && minor(m.dev) == 1 && m.ino == 1234 &&
	    !m.shared, "maps: its device, inode, private");
	is_str(m.mode, "r-x", "maps: its mode");
	is_str(m.range, "7f1c2a000000-7f1c2a028000", "maps: its range");
	is_str(m.path, "/usr/lib/libc.so.6", "maps: its path");
	ok(ns_fd_parse_mapping(ring, &m) == 0 && m.shared &&
	    strcmp(m.path, "socket:[4321]") == 0, "maps: a shared ring");
	ok(ns_fd_parse_mapping(anon, &m) == -1, "maps: anonymous memory");
	ok(ns_fd_parse_mapping(heap, &m) == -1, "maps: the heap");
	ok(ns_fd_parse_mapping(bad, &m) == -1, "maps: a garbled device");
	ok(ns_fd_parse_mapping(shm0, &m) == 0 && m.ino == 0 && m.shared,
	    "maps: the segment of shmid 0");
	ok(ns_fd_parse_mapping(file0, &m) == -1, "maps: no other inode 0");
}

int
main(void)
{
	common();
	field();
	eventfd();
	epoll();
	timerfd();
	signalfd();
	inotify();
	fanotify();
	pidfd();
	bpf();
	io_uring();
	mapping();
	names();
	return done_testing();
}
