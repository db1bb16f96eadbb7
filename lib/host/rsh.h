/*
 * rsh.h: running a command on another machine (rsh.c), for host.c.
 */
#ifndef NS_RSH_H
#define NS_RSH_H

#include <stddef.h>

/* The bound on one reply's messages, in bytes: a line of each of a
 * thousand paths not found is well below it. */
#define RSH_MESSAGES_MAX	((size_t)1 << 20)

/* What one call gave. */
struct rsh_reply {
	char	*out, *errs;		/* NUL-terminated */
	size_t	 nout, nerrs;
	int	 status;		/* exit status, or -1 */
	int	 timedout;
	int	 toolarge;		/* 1: the output, 2: the messages */
};

/* A call under way. */
struct rsh_call {
	int		 pid;
	int		 out, errs;
	int		 status;	/* where its wait status comes */
	long long	 deadline;	/* ms of CLOCK_MONOTONIC */
	/* If set, told the output so far each time more of it came
	 * (the buffer may have moved): a reply is read as it comes. */
	void		(*more)(void *, const char *, size_t);
	void		*arg;
};

/* Start a call on machine name, to be waited for with ns_rsh_wait: 0,
 * or -1 with errno.  The transport is the helper's to choose. */
int	ns_rsh_start(const char *name, const char *const *args,
	    struct rsh_call *);
/* Its reply, once it has exited, its time is up or it said too much. */
void	ns_rsh_wait(struct rsh_call *, struct rsh_reply *);
/* Both: 0 with r filled in, or -1 with errno if it could not start. */
int	ns_rsh_run(const char *name, const char *const *args,
	    struct rsh_reply *r);
void	ns_rsh_reply_free(struct rsh_reply *);
/* Fork the transport helper (rshspawn.c) now, before the sandbox: 0,
 * or -1 with errno. */
int	ns_rsh_helper_start(void);
/* Whether this tool can reach another machine: it has the helper, or
 * is not sandboxed and may start it. */
int	ns_rsh_can_reach(void);

#endif
