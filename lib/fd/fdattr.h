/*
 * fdattr.h: the attributes of descriptors of some kinds (fdattr.c), for
 * the classes of fd.c.
 */
#ifndef NS_FDATTR_H
#define NS_FDATTR_H

#include "provider.h"

/* Another object's attribute by name (its summary if name is NULL),
 * through its class: 0, or -1 with errno. */
int	ns_fd_attr_of(const char *path, const char *name, struct ns_val *);
/* The canonical path of what a descriptor refers to, or NULL with
 * errno: ns_fdent_object, and a socket's too. */
struct fdent;
const char *ns_fd_object(struct fdent *);
/* lsfd's TYPE of a descriptor: ns_fdent_kind, a socket's protocol
 * asked once a class where the tables tell the class. */
const char *ns_fd_kind(struct fdent *);
/* lsfd's NAME of a descriptor, in the words of its kind. */
ns_get_fn	ns_fd_get_name;

/* Whether a descriptor holds a tun or tap device. */
int	ns_fd_is_tun(struct ns_obj *);

/* The getters of fdattr.c, for the classes of fd.c. */
ns_get_fn	ns_fd_get_backing;
ns_get_fn	ns_fd_get_bpf_name;
ns_get_fn	ns_fd_get_bpf_prog;
ns_get_fn	ns_fd_get_bpf_tag;
ns_get_fn	ns_fd_get_bpf_type;
ns_get_fn	ns_fd_get_clock;
ns_get_fn	ns_fd_get_counter;
ns_get_fn	ns_fd_get_cq_entries;
ns_get_fn	ns_fd_get_devname;
ns_get_fn	ns_fd_get_driver;
ns_get_fn	ns_fd_get_endpoints;
ns_get_fn	ns_fd_get_event_flags;
ns_get_fn	ns_fd_get_events;
ns_get_fn	ns_fd_get_fanotify_flags;
ns_get_fn	ns_fd_get_id;
ns_get_fn	ns_fd_get_inodes;
ns_get_fn	ns_fd_get_interface;
ns_get_fn	ns_fd_get_interval;
ns_get_fn	ns_fd_get_local;
ns_get_fn	ns_fd_get_nspid;
ns_get_fn	ns_fd_get_peer;
ns_get_fn	ns_fd_get_remaining;
ns_get_fn	ns_fd_get_remote;
ns_get_fn	ns_fd_get_sigmask;
ns_get_fn	ns_fd_get_sock_netns;
ns_get_fn	ns_fd_get_sock_type;
ns_get_fn	ns_fd_get_sq_entries;
ns_get_fn	ns_fd_get_state;
ns_get_fn	ns_fd_get_targets;
ns_get_fn	ns_fd_get_tty;
ns_get_fn	ns_fd_get_tun_netns;
ns_get_fn	ns_fd_get_watches;

#endif
