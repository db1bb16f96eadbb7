/*
 * fdparse.h: the readers of /proc/PID/fdinfo/N text, of the link text
 * of /proc/PID/fd/N and of /proc/PID/maps lines, and the names of what
 * they read.  Pure
 * functions of their arguments, with no I/O: unit tested
 * (tests/unit/fdparse.c) and fuzzed (tests/fuzz/fdinfo.c).
 */
#ifndef NS_FDPARSE_H
#define NS_FDPARSE_H

#include <sys/types.h>

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "text.h"

/*
 * The parsers of /proc/PID/fdinfo/N text.  Each takes the whole text and
 * fills its structure from the lines it knows; a line it does not know,
 * or one that does not parse, is passed over.  They return 0 if the
 * lines that make the kind were there, else -1.
 */

/* The lines every descriptor has. */
struct fdinfo_common {
	uint64_t	 pos;
	uint64_t	 flags;		/* octal in the text: O_* bits */
	uint64_t	 mnt_id;
	uint64_t	 ino;
	unsigned	 has;		/* FI_* bits for the lines seen */
};
#define FI_POS		0x01
#define FI_FLAGS	0x02
#define FI_MNT_ID	0x04
#define FI_INO		0x08
int	ns_fdinfo_parse_common(const char *, struct fdinfo_common *);

/* The value of the first "key:" line, blanks after the colon skipped,
 * into buf; -1 if there is none or it does not fit. */
int	ns_fdinfo_field(const char *, const char *key, char *buf, size_t size);

struct fdinfo_eventfd {
	uint64_t	 count;
	int64_t		 id;		/* -1 where the kernel gives none */
	int		 semaphore;
};
int	ns_fdinfo_parse_eventfd(const char *, struct fdinfo_eventfd *);

/* One "tfd:" line of an epoll descriptor. */
struct fdinfo_tfd {
	int		 fd;
	uint32_t	 events;
	uint64_t	 ino;
	uint32_t	 sdev;		/* the kernel's dev_t */
};
/* Up to max targets into tfd; the number of "tfd:" lines, or -1. */
int	ns_fdinfo_parse_epoll(const char *, struct fdinfo_tfd *, size_t max);

struct fdinfo_timerfd {
	int		 clockid;
	uint64_t	 ticks;
	uint64_t	 value_sec, value_nsec;
	uint64_t	 interval_sec, interval_nsec;
};
int	ns_fdinfo_parse_timerfd(const char *, struct fdinfo_timerfd *);

int	ns_fdinfo_parse_signalfd(const char *, uint64_t *mask);

/* One inotify watch or fanotify mark. */
struct fdinfo_mark {
	uint64_t	 ino;		/* 0 for a mount or file system mark */
	uint32_t	 sdev;		/* the kernel's dev_t, 0 if none */
	uint64_t	 mnt_id;	/* a mount mark's, else 0 */
	uint32_t	 mask;
	int		 wd;		/* inotify's watch descriptor */
	unsigned	 handle_bytes;
	int		 handle_type;
	unsigned char	 handle[128];	/* the file handle, if any */
};
/* Up to max marks; the number of mark lines, or -1 if none parse. */
int	ns_fdinfo_parse_inotify(const char *, struct fdinfo_mark *, size_t max);
struct fdinfo_fanotify {
	uint32_t	 flags;
	uint32_t	 event_flags;
};
/* Up to max marks; *nmarks is the number of mark lines, however many. */
int	ns_fdinfo_parse_fanotify(const char *, struct fdinfo_fanotify *,
	    struct fdinfo_mark *, size_t max, size_t *nmarks);

struct fdinfo_pidfd {
	int64_t		 pid;		/* -1: the process is gone */
	char		 nspid[64];	/* as the text gives it */
};
int	ns_fdinfo_parse_pidfd(const char *, struct fdinfo_pidfd *);

struct fdinfo_bpf {
	int		 prog;		/* 1 for a program, 0 for a map */
	int		 link;		/* 1 for a link (prog is 0) */
	uint64_t	 id;
	uint64_t	 type;		/* a map's or program's */
	char		 tag[32];	/* a program's or link's, else "" */
	char		 link_type[32];	/* a link's, by name */
	uint64_t	 prog_id;	/* a link's program */
	uint64_t	 map_flags;	/* a map's BPF_F_* flags, 0 if none */
};
int	ns_fdinfo_parse_bpf(const char *, struct fdinfo_bpf *);

struct fdinfo_io_uring {
	uint64_t	 sq_entries;
	uint64_t	 cq_entries;
	int64_t		 sq_thread;	/* -1 if none */
};
int	ns_fdinfo_parse_io_uring(const char *, struct fdinfo_io_uring *);

/* The kernel's internal dev_t, as fdinfo prints it (major << 20). */
#define KDEV_MAJOR(v)	((unsigned)((v) >> 20))
#define KDEV_MINOR(v)	((unsigned)((v) & 0xfffff))

/* Open flags as lsfd names them, comma-separated, the access mode
 * left out (it is the mode column); "" when there are none. */
void	ns_fd_flags_string(uint64_t flags, char *buf, size_t size);
/* Signal names in a mask, bit n-1 for signal n: "HUP,USR1". */
void	ns_fd_sigmask_string(uint64_t mask, char *buf, size_t size);
/* A timerfd clock id's name: "monotonic"; NULL if unknown. */
const char *ns_fd_clock_name(int);
/* A bpf map or program type's name; NULL if unknown. */
const char *ns_fd_bpf_type_name(int prog, uint64_t type);
/* epoll event bits as names: "IN,OUT". */
void	ns_fd_epoll_events_string(uint32_t, char *buf, size_t size);

/* One line of /proc/PID/maps that maps a file: a path, or what a socket
 * (a packet socket's ring) or an anonymous inode reads as. */
struct fd_mapping {
	dev_t		 dev;
	uint64_t	 ino;
	int		 shared;
	char		 mode[4];
	char		 range[40];	/* the first region's, as maps has it */
	char		*path;		/* in the line */
};
/* Parse a maps line, cut into words in place: 0, or -1 for a line that
 * maps no file or does not parse. */
int	ns_fd_parse_mapping(char *line, struct fd_mapping *);
/* The class of an anonymous inode's link, into buf: "anon_inode:[eventfd]"
 * gives "eventfd", "anon_inode:inotify" "inotify"; cut to fit. */
void	ns_fd_anon_class(const char *link, char *buf, size_t size);

/*
 * Whether readlink's text is a memfd's: "/memfd:NAME (deleted)", a file
 * of an internal mount that no path reaches.  A real file of that name
 * would have to sit in the root directory and be deleted too; that is
 * taken as a memfd.
 */
static inline int
fd_link_is_memfd(const char *link)
{
	return strncmp(link, "/memfd:", 7) == 0 &&
	    ns_has_suffix(link, " (deleted)");
}

/* The next blank-separated word of *s, NUL-terminated in place, *s moved
 * past it: 0, or -1 at the end of the text. */
int	ns_fd_field(char **s, char **word);

#endif
