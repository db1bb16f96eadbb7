/*
 * hostconf.h: how this machine reaches the others of /host, as the user
 * set it (hostconf.c).
 */
#ifndef NS_HOSTCONF_H
#define NS_HOSTCONF_H

#include <stddef.h>

/* The names of the hosts file, in its order. */
size_t		 ns_host_conf_count(void);
const char	*ns_host_conf_name(size_t);
/* The command that reaches the machine of that name: the hosts file's,
 * else NSTOOLS_RSH, else NULL for ssh. */
const char	*ns_host_transport(const char *name);
/* A name the transport can be given: never one it would read as an
 * option. */
int		 ns_host_name_ok(const char *name);
/* The bound on one call, in seconds: NSTOOLS_TIMEOUT or 30. */
int		 ns_rsh_timeout(void);
/* The bound on one reply's output, in bytes: NSTOOLS_REPLY_MAX or
 * 64 MiB. */
size_t		 ns_rsh_reply_max(void);

#endif
