/*
 * ipcparse.h: what the /ipc provider parses (ipcparse.c), shared with its
 * unit test.
 */
#ifndef NS_IPCPARSE_H
#define NS_IPCPARSE_H

#include <stdint.h>

/*
 * The columns of the /proc/sysvipc tables.  The files name their columns
 * in a heading line, and a kernel may add some (shm gained rss and swap),
 * so a row is read by the heading, not by position.
 */
enum ipc_field {
	IPC_KEY, IPC_ID, IPC_PERMS, IPC_UID, IPC_GID, IPC_CUID, IPC_CGID,
	IPC_CTIME,
	IPC_SIZE, IPC_CPID, IPC_LPID, IPC_NATTCH, IPC_ATIME, IPC_DTIME,
	IPC_RSS, IPC_SWAP,			/* shm */
	IPC_NSEMS, IPC_OTIME,			/* sem */
	IPC_CBYTES, IPC_QNUM, IPC_LSPID, IPC_LRPID, IPC_STIME,
	IPC_RTIME,				/* msg */
	IPC_NFIELDS
};

/* What a heading says: the field of each column, -1 for one unknown. */
#define IPC_MAXCOLS	32
struct ipc_cols {
	int	 field[IPC_MAXCOLS];
	int	 n;
};

/* One row.  The key is the kernel's key_t, kept as its 32 bits. */
struct ipc_row {
	uint64_t	 v[IPC_NFIELDS];
	uint32_t	 has;		/* a bit for each field the row gave */
};

/* Read a heading line; -1 if it lacks the key, the id or the perms. */
int	ns_ipc_parse_heading(const char *line, struct ipc_cols *);
/* Read one row by its heading, in place; -1 if it does not fit. */
int	ns_ipc_parse_row(const struct ipc_cols *, char *line, struct ipc_row *);

/* What reading a file of the mqueue file system says of its queue. */
struct mq_info {
	uint64_t	 qsize;		/* bytes in the queue */
	int64_t		 notify;	/* sigev_notify of the registration */
	int64_t		 signo;
	uint64_t	 notify_pid;	/* 0: nobody registered */
};

/* "QSIZE:0 NOTIFY:0 SIGNO:0 NOTIFY_PID:0"; -1 if QSIZE is missing. */
int	ns_mq_parse(const char *text, struct mq_info *);

#endif
