/*
 * fdkind.h: the kinds of descriptor, one row each.
 *
 * A kind is told at first sight by the text readlink gives for its
 * descriptor, and everything else about it follows from its row: its
 * name, how its object's path is made and whether the descriptor may be
 * its own object, the path prefixes of the objects its holders are
 * asked for, its class of attributes and its summary (lsfd's NAME), and
 * its line in fdinfo --types with the probe that tells whether this
 * kernel has it.  As lsfd's anon_ops rows, but the columns live in the
 * files of their layer: each file defines FD_KIND to take the columns it
 * knows and expands FD_KINDS, so that the entries (fdent.c) know no
 * class, the index (fdindex.c) no getter, and the catalog (catalog.c) no
 * entry.  Adding a kind is adding a row here and, in the files its
 * columns name, the functions they name.
 *
 * The columns, in order:
 *   id        the enum family constant
 *   name      its kind (fdinfo's TYPE), or NULL where the kind is told
 *             otherwise: a file's by its mode, a socket's by its protocol,
 *             an anonymous inode no row names by its class
 *   anon      1 if readlink says "anon_inode:NAME" for it
 *   link      what readlink's text starts with, before the inode, for a
 *             kind told by it ("pipe:["); the index knows the holders
 *             of a kind with no object maker by it
 *   own       1 if the descriptor may be its own object, /proc/PID/fd/N
 *   holders   blank-separated prefixes of the objects it may refer to,
 *             or NULL (fdindex.c)
 *   object    makes the canonical path of its object (fdent.c); NULL
 *             for a socket, whose path only sock.c knows: sock.c asks
 *             the index for the sockets held, so the index knows a
 *             socket's holders by the inode in their link, and fdattr.c,
 *             above both, makes a socket descriptor's object
 *   summary   makes its NAME (fdattr.c)
 *   class     its class of attributes (fd.c)
 *   form, supports, about
 *             its catalog line: the path its objects get, what a
 *             descriptor of it does, what it is; NULL form for none
 *   probe     whether this kernel has it, or NULL if every one has
 *   catalog   the catalog lines of a row that stands for several kinds,
 *             or NULL (catalog.c)
 *
 * mqueue is a catalog row only: a queue is a file (F_PATH), known for
 * one by statfs(2), whose holders the file row finds.
 */
#ifndef NS_FDKIND_H
#define NS_FDKIND_H

#define FD_KINDS \
	FD_KIND(F_PATH, NULL, 0, NULL, 0, "/fs /dev/ /ipc/shm/ /ipc/mqueue/", \
	    obj_path, name_path, ns_fd_file_class, \
	    NULL, NULL, NULL, NULL, emit_file_kinds) \
	FD_KIND(F_PIPE, "FIFO", 0, "pipe:[", 0, "/pipe/", \
	    obj_pipe, name_link, ns_fd_pipe_class, \
	    "/pipe/INODE", "read,write,poll,splice", \
	    "a pipe, or a named FIFO (/fs/PATH)", NULL, NULL) \
	FD_KIND(F_SOCK, NULL, 0, "socket:[", 0, "/sock/", \
	    NULL, name_sock, ns_fd_sock_class, \
	    NULL, NULL, NULL, NULL, emit_sock_kinds) \
	FD_KIND(F_EVENTFD, "eventfd", 1, NULL, 1, "/anon/eventfd/", \
	    obj_eventfd, name_eventfd, ns_fd_eventfd_class, \
	    "/anon/eventfd/ID", "read,write,poll", \
	    "an event counter", probe_eventfd, NULL) \
	FD_KIND(F_EPOLL, "eventpoll", 1, NULL, 1, NULL, \
	    obj_own, name_epoll, ns_fd_epoll_class, \
	    "/proc/PID/fd/N", "epoll_ctl,epoll_wait,poll", \
	    "an epoll instance, waiting on other descriptors", \
	    probe_epoll, NULL) \
	FD_KIND(F_TIMERFD, "timerfd", 1, NULL, 1, NULL, \
	    obj_own, name_timerfd, ns_fd_timerfd_class, \
	    "/proc/PID/fd/N", "read,poll,settime,gettime", \
	    "a timer whose expirations are read", probe_timerfd, NULL) \
	FD_KIND(F_SIGNALFD, "signalfd", 1, NULL, 1, NULL, \
	    obj_own, name_signalfd, ns_fd_signalfd_class, \
	    "/proc/PID/fd/N", "read,poll", \
	    "signals, taken by reading", probe_signalfd, NULL) \
	FD_KIND(F_INOTIFY, "inotify", 1, NULL, 1, NULL, \
	    obj_own, name_notify, ns_fd_inotify_class, \
	    "/proc/PID/fd/N", "read,poll,add_watch,rm_watch", \
	    "file system events", probe_inotify, NULL) \
	FD_KIND(F_FANOTIFY, "fanotify", 1, NULL, 1, NULL, \
	    obj_own, name_notify, ns_fd_fanotify_class, \
	    "/proc/PID/fd/N", "read,write,poll,mark", \
	    "file access events and permission decisions", \
	    probe_fanotify, NULL) \
	FD_KIND(F_PIDFD, "pidfd", 1, NULL, 0, "/proc/", \
	    obj_pidfd, name_pidfd, ns_fd_pidfd_class, \
	    "/proc/PID", "poll,waitid,send_signal,getfd,setns", \
	    "a process", probe_pidfd, NULL) \
	FD_KIND(F_BPF_MAP, "bpf-map", 1, NULL, 1, "/anon/bpf-map/", \
	    obj_bpf, name_bpf, ns_fd_bpf_class, \
	    "/anon/bpf-map/ID", "lookup,update,delete,mmap", \
	    "a bpf map", probe_bpf, NULL) \
	FD_KIND(F_BPF_PROG, "bpf-prog", 1, NULL, 1, "/anon/bpf-prog/", \
	    obj_bpf, name_bpf, ns_fd_bpf_class, \
	    "/anon/bpf-prog/ID", "attach,test_run", \
	    "a bpf program", probe_bpf, NULL) \
	FD_KIND(F_BPF_LINK, "bpf_link", 1, NULL, 1, "/anon/bpf_link/", \
	    obj_bpf, name_bpf, ns_fd_bpf_class, \
	    "/anon/bpf_link/ID", "update,detach", \
	    "a bpf program attached to a hook", probe_bpf, NULL) \
	FD_KIND(F_IO_URING, "io_uring", 1, NULL, 1, NULL, \
	    obj_own, name_io_uring, ns_fd_io_uring_class, \
	    "/proc/PID/fd/N", "mmap,enter,register,poll", \
	    "rings of asynchronous I/O requests", probe_io_uring, NULL) \
	FD_KIND(F_USERFAULTFD, "userfaultfd", 1, NULL, 1, NULL, \
	    obj_own, name_link, ns_fd_other_class, \
	    "/proc/PID/fd/N", "read,poll,ioctl", \
	    "page faults handled in user space", probe_userfaultfd, NULL) \
	FD_KIND(F_PERF_EVENT, "perf_event", 1, NULL, 1, NULL, \
	    obj_own, name_link, ns_fd_other_class, \
	    "/proc/PID/fd/N", "read,mmap,poll,ioctl", \
	    "a performance counter", probe_perf_event, NULL) \
	FD_KIND(F_MEMFD, "memfd", 0, NULL, 0, "/anon/memfd/", \
	    obj_memfd, name_memfd, ns_fd_memfd_class, \
	    "/anon/memfd/INODE", "read,write,seek,mmap,seal", \
	    "a file in memory with no path", probe_memfd, NULL) \
	FD_KIND(F_MQUEUE, "mqueue", 0, NULL, 0, NULL, \
	    NULL, NULL, ns_fd_file_class, \
	    "/ipc/mqueue/NAME", "send,receive,notify,poll", \
	    "a POSIX message queue", probe_mqueue, NULL) \
	FD_KIND(F_SECRETMEM, "secretmem", 0, NULL, 0, "/anon/secretmem/", \
	    obj_memfd, name_memfd, ns_fd_memfd_class, \
	    "/anon/secretmem/INODE", "mmap,ftruncate", \
	    "memory that even the kernel does not map", probe_secretmem, \
	    NULL) \
	FD_KIND(F_NSFS, "nsfs", 0, NULL, 0, "/ns/", \
	    obj_nsfs, name_link, ns_fd_nsfs_class, \
	    "/ns/TYPE/INODE", "setns,ioctl", "a namespace", probe_nsfs, NULL) \
	FD_KIND(F_ANON, NULL, 1, NULL, 1, NULL, \
	    obj_own, name_link, ns_fd_other_class, \
	    NULL, NULL, NULL, NULL, NULL) \
	FD_KIND(F_UNKN, "UNKN", 0, NULL, 1, NULL, \
	    obj_own, name_link, ns_fd_other_class, \
	    "/proc/PID/fd/N", "", \
	    "what none of the above is; an anonymous inode shows its class", \
	    NULL, NULL)

/* The kinds, by the order of their rows. */
enum family {
#define FD_KIND(id, ...)	id,
	FD_KINDS
#undef FD_KIND
	NFAMILIES
};

#endif
