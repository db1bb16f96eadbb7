/*
 * rsh.h: running a command on another machine (rsh.c), for host.c.
 */
#ifndef NS_RSH_H
#define NS_RSH_H

#include <stddef.h>

/* What one call gave. */
struct rsh_reply {
	char	*out, *errs;		/* NUL-terminated */
	size_t	 nout, nerrs;
	int	 status;		/* exit status, or -1 */
	int	 timedout;
};

/* A call under way. */
struct rsh_call {
	int		 pid;
	int		 out, errs;
	long long	 deadline;	/* ms of CLOCK_MONOTONIC */
	/* If set, told the output so far each time more of it came
	 * (the buffer may have moved): a reply is read as it comes. */
	void		(*more)(void *, const char *, size_t);
	void		*arg;
};

/* Start a call, to be waited for with ns_rsh_wait: 0, or -1 with errno. */
int	ns_rsh_start(const char *name, const char *transport,
	    const char *const *args, struct rsh_call *);
/* Its reply, once it has exited or its time is up. */
void	ns_rsh_wait(struct rsh_call *, struct rsh_reply *);
/* Run args on machine name through the transport (NULL: ssh); 0 with r
 * filled in, or -1 with errno if it could not be started. */
int	ns_rsh_run(const char *name, const char *transport,
	    const char *const *args, struct rsh_reply *r);
void	ns_rsh_reply_free(struct rsh_reply *);
/* The bound on one call, in seconds: NSTOOLS_TIMEOUT or 30. */
int	ns_rsh_timeout(void);

#endif
