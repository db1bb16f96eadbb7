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
/* lsfd's NAME of a descriptor, in the words of its kind. */
int	ns_fd_get_name(struct ns_obj *, struct ns_val *);

/* Whether a descriptor holds a tun or tap device. */
int	ns_fd_is_tun(struct ns_obj *);

/* The getters of fdattr.c, for the classes of fd.c. */
int	ns_fd_get_backing(struct ns_obj *, struct ns_val *);
int	ns_fd_get_bpf_name(struct ns_obj *, struct ns_val *);
int	ns_fd_get_bpf_prog(struct ns_obj *, struct ns_val *);
int	ns_fd_get_bpf_tag(struct ns_obj *, struct ns_val *);
int	ns_fd_get_bpf_type(struct ns_obj *, struct ns_val *);
int	ns_fd_get_clock(struct ns_obj *, struct ns_val *);
int	ns_fd_get_counter(struct ns_obj *, struct ns_val *);
int	ns_fd_get_cq_entries(struct ns_obj *, struct ns_val *);
int	ns_fd_get_devname(struct ns_obj *, struct ns_val *);
int	ns_fd_get_driver(struct ns_obj *, struct ns_val *);
int	ns_fd_get_endpoints(struct ns_obj *, struct ns_val *);
int	ns_fd_get_event_flags(struct ns_obj *, struct ns_val *);
int	ns_fd_get_events(struct ns_obj *, struct ns_val *);
int	ns_fd_get_fanotify_flags(struct ns_obj *, struct ns_val *);
int	ns_fd_get_id(struct ns_obj *, struct ns_val *);
int	ns_fd_get_inodes(struct ns_obj *, struct ns_val *);
int	ns_fd_get_interface(struct ns_obj *, struct ns_val *);
int	ns_fd_get_interval(struct ns_obj *, struct ns_val *);
int	ns_fd_get_local(struct ns_obj *, struct ns_val *);
int	ns_fd_get_nspid(struct ns_obj *, struct ns_val *);
int	ns_fd_get_peer(struct ns_obj *, struct ns_val *);
int	ns_fd_get_remaining(struct ns_obj *, struct ns_val *);
int	ns_fd_get_remote(struct ns_obj *, struct ns_val *);
int	ns_fd_get_sigmask(struct ns_obj *, struct ns_val *);
int	ns_fd_get_sock_netns(struct ns_obj *, struct ns_val *);
int	ns_fd_get_sock_type(struct ns_obj *, struct ns_val *);
int	ns_fd_get_sq_entries(struct ns_obj *, struct ns_val *);
int	ns_fd_get_state(struct ns_obj *, struct ns_val *);
int	ns_fd_get_targets(struct ns_obj *, struct ns_val *);
int	ns_fd_get_tty(struct ns_obj *, struct ns_val *);
int	ns_fd_get_tun_netns(struct ns_obj *, struct ns_val *);
int	ns_fd_get_watches(struct ns_obj *, struct ns_val *);

#endif
