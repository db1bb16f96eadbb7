/*
 * netns.h: network namespaces other than the caller's, for the providers
 * whose objects live in one (link.c, dumps.c, net.c, devnet.c, sock*.c)
 * and for /ns/net/INODE, the node that shows them (nsfs.c).
 *
 * The providers read the kernel's tables for one namespace at a time:
 * the target.  It is the caller's own unless an object of another is
 * being listed or asked, which netview.c arranges around every call into
 * a provider; a provider keeps its caches per target (ns_netns_state) and
 * makes its netlink sockets in it (ns_netns_nl_socket).  Nothing else
 * changes for a provider: its paths are the short ones, which the view
 * prefixes with /ns/net/INODE.
 */
#ifndef NS_NETNS_H
#define NS_NETNS_H

#include <stddef.h>
#include <stdint.h>

struct ns_nlsock;
struct ns_obj;
struct ns_val;

/* The inode of the caller's network namespace, 0 if it cannot be told. */
uint64_t	 ns_netns_here(void);
/* The namespace the providers answer for: 0 for the caller's own. */
uint64_t	 ns_netns_target(void);
/* Make ino the target (the caller's own, or 0, for it); the one before. */
uint64_t	 ns_netns_retarget(uint64_t ino);
/* Whether the target is another namespace than the caller's. */
int		 ns_netns_foreign(void);

/*
 * Enter the namespace ino (setns): a descriptor of the caller's, to give
 * ns_netns_leave, or -1 with errno where it cannot be opened or entered
 * (counted once as skipped, by its /ns/net path).  ns_netns_leave goes
 * back and exits if it cannot: no read may follow in the wrong one.
 */
int		 ns_netns_enter(uint64_t ino);
void		 ns_netns_leave(int back);

/* A netlink socket of the protocol, made in the target namespace, which
 * it stays bound to (ns_nl_socket's, entered and left around it); NULL
 * where the kernel refuses it or the namespace cannot be entered. */
struct ns_nlsock *ns_netns_nl_socket(int protocol);
/* The rtnetlink socket *sk of a provider's state, made on first use;
 * after a refusal (*failed set to its errno) NULL with that errno,
 * without another try. */
struct ns_nlsock *ns_netns_route_once(struct ns_nlsock **sk,
	    int *failed);

/*
 * The state a provider keeps of the target namespace: own itself for the
 * caller's namespace, else a block of size bytes, zeroed the first time,
 * kept for the run, for the pair of own (its key) and the target.
 */
void		*ns_netns_state(void *own, size_t size);

/* The inode of the namespace a netnsid of the target names (a veth
 * peer's IFLA_LINK_NETNSID), asked once a run; 0 if none is known. */
uint64_t	 ns_netns_of_nsid(int32_t nsid);

/* Add a path of the network namespace ino (fmt makes its short form,
 * "/dev/net/%d") as the target's providers print it: short in the target
 * itself, else under /ns/net/INODE. */
void		 ns_netns_addf(struct ns_val *, uint64_t ino, const char *fmt,
		    ...) __attribute__((format(printf, 3, 4)));

/*
 * netview.c.  /ns/net/INODE/comp...: the object a provider makes of comp
 * in that namespace, its path and links under the prefix (the caller's
 * own namespace: the short form, an alias); 0 or -1 with errno.  The
 * children of /ns/net/INODE: dev, net and sock of that namespace.
 */
int		 ns_netns_lookup(struct ns_obj *, uint64_t ino, char **comp,
		    int n);
int		 ns_netns_list(uint64_t ino, int (*emit)(struct ns_obj *,
		    void *), void *arg);

#endif
