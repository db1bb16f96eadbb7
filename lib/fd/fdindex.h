/*
 * fdindex.h: every descriptor of every process, read once a run, and
 * what each entry gives (fdindex.c): for the providers whose objects
 * descriptors hold (pipe.c, sock.c, anon.c...) and for fd.c.
 */
#ifndef NS_FDINDEX_H
#define NS_FDINDEX_H

#include <sys/types.h>
#include <sys/stat.h>

#include <stdint.h>

#include "provider.h"

/*
 * One descriptor (or, for fdinfo -a, one association: cwd, a mapped
 * file...) and what has been read about it (fdent.h).
 */
struct fdent;

/* The index: every descriptor of every process, read once a run. */
typedef int (*fd_ent_fn)(struct fdent *, void *);
/* Each descriptor whose link text starts with prefix ("" for all). */
int	ns_fd_index_each(const char *prefix, fd_ent_fn, void *);
/* The same, and each association (fdinfo -a). */
int	ns_fd_index_each_all(const char *prefix, fd_ent_fn, void *);
/* Each descriptor that refers to the object at this path. */
int	ns_fd_index_holders(const char *object, fd_ent_fn, void *);
/* The same, and each association: a program, a mapping (fdinfo -a). */
int	ns_fd_index_holders_all(const char *object, fd_ent_fn, void *);
/* Add the /proc/PID/fd/N path of every holder of the object to v. */
int	ns_fd_holders(const char *object, struct ns_val *);

/* What an index entry gives. */
uint64_t	 ns_fd_ent_pid(const struct fdent *);
int		 ns_fd_ent_fd(const struct fdent *);
/* An association's name ("exe", "mem", "shm"...), "" for a descriptor. */
const char	*ns_fd_ent_assoc(const struct fdent *);
const char	*ns_fd_ent_link(struct fdent *);
/* The canonical path of its object, or NULL; a socket's, which sock.c
 * names, is not made at this layer (NULL, ENOENT). */
const char	*ns_fd_ent_object(struct fdent *);
/* The fdinfo text, or NULL with errno. */
const char	*ns_fd_ent_info(struct fdent *);
/* stat(2) of what it refers to, or NULL with errno. */
const struct stat *ns_fd_ent_stat(struct fdent *);
/* Add the /proc/PID/fd/N path of a descriptor entry to the ns_val arg;
 * an association adds nothing.  An fd_ent_fn. */
int		 ns_fd_add_holder(struct fdent *, void *);

/* Values an fdinfo text gives, for an object's attribute whoever holds
 * it: an eventfd's counter, a bpf object's type and tag.  0, or -1 with
 * errno ENOENT where the text has none. */
int		 ns_fd_val_counter(struct ns_val *, const char *info);
int		 ns_fd_val_bpf_type(struct ns_val *, const char *info);
int		 ns_fd_val_bpf_tag(struct ns_val *, const char *info);
/* A bpf link's program, /anon/bpf-prog/ID. */
int		 ns_fd_val_bpf_prog(struct ns_val *, const char *info);
/* A bpf object's name, asked of the kernel through the descriptor
 * (fdattr.c). */
int		 ns_fd_val_bpf_name(struct ns_val *, struct fdent *);
/* Whether it was opened for reading, for writing. */
int		 ns_fd_ent_readable(struct fdent *);
int		 ns_fd_ent_writable(struct fdent *);

#endif
