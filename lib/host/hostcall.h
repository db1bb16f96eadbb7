/*
 * hostcall.h: the machines of /host and the calls made to them
 * (hostcall.c), for the /host provider (host.c).
 */
#ifndef HOSTCALL_H
#define HOSTCALL_H

#include <stddef.h>

#include "hostparse.h"
#include "rsh.h"

/* The most attributes an object of another machine may have. */
#define HOST_ATTRS_MAX	128

/* A machine this run has talked to, or is about to. */
struct rhost {
	char		*name;
	char		*transport;	/* the command, or NULL: ssh */
	int		 dead;		/* said why; its objects fail */
	/* What its replies held that is said at the end of the run, in
	 * one line each (ns_host_report), bounded by COUNT_MAX. */
	unsigned long	 skipped;	/* objects its tools could not read */
	unsigned long	 bad;		/* values dropped: no path, no name */
	unsigned long	 cut;		/* attributes past a class's room */
	unsigned long	 unsaid;	/* its messages past MESSAGES_MAX */
	unsigned long	 said;		/* its messages relayed */
	struct rhost	*next;
};

/* The machine of that name, made on first use with its transport. */
struct rhost	*ns_rhost_get(const char *name);
/* n bytes of s, escaped by rule 5 and cut if long; malloc'd. */
char		*ns_host_clean(const char *s, size_t n);
/* Say once, naming the machine, why it cannot serve; it is dead then. */
void		 ns_host_fail(struct rhost *, const char *why);
/* The last line the transport said on stderr, cleaned. */
char		*ns_host_last_line(const struct rsh_reply *);
/* A value of its reply dropped: not canonical, or not a name. */
void		 ns_host_bad(struct rhost *);
/* An attribute of its reply dropped: past what a class holds. */
void		 ns_host_cut(struct rhost *);
/* Say each line a remote tool wrote on stderr as ours; the number said.
 * *enoent is set if one was "no such object". */
int		 ns_host_relay(struct rhost *, const struct rsh_reply *,
		    int *enoent);
/* A call that failed and said nothing. */
void		 ns_host_quiet_fail(struct rhost *, int status);
/* Run a remote tool, in two steps or one: 0, or -1 with the host said
 * dead (errno EREMOTEIO). */
int		 ns_host_reach_start(struct rhost *, const char *const *args,
		    struct rsh_call *);
int		 ns_host_reach_end(struct rhost *, struct rsh_call *,
		    struct rsh_reply *);
int		 ns_host_reach(struct rhost *, const char *const *args,
		    struct rsh_reply *);
/* A remote tool whose reply is JSON, parsed into doc; a reply of
 * another version or a failure is said and the host dead (-1). */
int		 ns_host_call(struct rhost *, const char *const *args,
		    struct rsh_reply *, struct host_doc *);
/* The same judgement of a reply that ns_host_reach_end got. */
int		 ns_host_judge(struct rhost *, struct rsh_reply *,
		    struct host_doc *);

#endif
