/*
 * provider.h: what a provider gives the core, and what the core lends back.
 *
 * A provider owns one top-level node (/dev, /proc, /fs...).  It is to the
 * namespace what file_operations is to a descriptor: a small table of
 * operations.  Its objects belong to classes, each a table of attributes
 * (one small getter each, called only when that column is asked for) and
 * an optional listing operation.
 */
#ifndef NS_PROVIDER_H
#define NS_PROVIDER_H

#include <sys/types.h>
#include <sys/stat.h>
#include <stdarg.h>
#include <stdint.h>

#include "ns.h"

/*
 * An attribute value under construction.  A getter appends one element
 * (a string, a number, a path) or, for NS_LINKS, one element per link.
 * Elements are raw bytes; escaping is the output layer's business.
 */
struct ns_val {
	char	*buf;			/* elements, each ending in NUL */
	size_t	 len;
	size_t	 cap;
	size_t	 n;			/* how many elements */
};

enum ns_type {
	NS_STRING,
	NS_NUMBER,			/* JSON prints it unquoted */
	NS_LINK,			/* the canonical path of another object */
	NS_LINKS,			/* several of them */
	NS_STRINGS,			/* several strings, an array in JSON */
};

/*
 * Names for one slot of ns_obj.id, which each provider gives a meaning:
 * NS_OBJ_ID(0, pipe_ino, pipe_set_ino) defines pipe_ino(o), which reads
 * id[0], and pipe_set_ino(o, v), which writes it; NS_OBJ_SLOT the same
 * for a slot that holds another type (an int, a T_* type); NS_OBJ_ID_GET
 * the reader alone, for a slot set with others.
 */
#define NS_OBJ_SLOT_GET(slot, type, get)				\
static inline type							\
get(const struct ns_obj *o)						\
{									\
	return (type)o->id[slot];					\
}
#define NS_OBJ_SLOT(slot, type, get, set)				\
NS_OBJ_SLOT_GET(slot, type, get)					\
									\
static inline void							\
set(struct ns_obj *o, type v)						\
{									\
	o->id[slot] = (uint64_t)v;					\
}
#define NS_OBJ_ID_GET(slot, get)	NS_OBJ_SLOT_GET(slot, uint64_t, get)
#define NS_OBJ_ID(slot, get, set)	NS_OBJ_SLOT(slot, uint64_t, get, set)

/* The type of a getter (and of a summary) and of a listing, to declare
 * them before the tables that name them: static ns_get_fn get_pid; */
typedef int ns_get_fn(struct ns_obj *, struct ns_val *);
typedef int ns_list_fn(struct ns_obj *, ns_emit_fn, void *);

struct ns_attr {
	const char	*name;		/* lower case: the -o column name */
	enum ns_type	 type;
	const char	*help;		/* one line, for -H */
	/* 0 with a value added; -1 when there is none (errno says why:
	 * ENOENT for "does not apply", EACCES for "not ours to read"). */
	int		(*get)(struct ns_obj *, struct ns_val *);
};

/*
 * The getter most attributes are, written once, in the manner of
 * sys/tree.h's RB_GENERATE: NS_GETTER(name, type, find, put, args...)
 * defines get_name, which looks the object's record up as type *r =
 * find(o), fails as find does when it finds none, and otherwise writes
 * put(v, args...) with one of the ns_val_ writers; the arguments speak
 * of the record as r.  NS_GETTER_TRY is the same for a writer that can
 * itself fail, whose result the getter returns; NS_GETTER_IF, for a
 * field that only some records have, gives none (ns_none) unless the
 * condition holds of r.  NS_GETTER_OBJ writes a value that needs no
 * record, of the object o alone (its id, its path).
 */
#define NS_GETTER_BODY(name, type, find, result)			\
static int								\
get_##name(struct ns_obj *o, struct ns_val *v)				\
{									\
	type *r;							\
									\
	if ((r = find(o)) == NULL)					\
		return -1;						\
	return (result);						\
}
#define NS_GETTER(name, type, find, put, ...)				\
	NS_GETTER_BODY(name, type, find, (put(v, __VA_ARGS__), 0))
#define NS_GETTER_TRY(name, type, find, add, ...)			\
	NS_GETTER_BODY(name, type, find, add(v, __VA_ARGS__))
#define NS_GETTER_OBJ(name, put, ...)					\
static int								\
get_##name(struct ns_obj *o, struct ns_val *v)				\
{									\
	put(v, __VA_ARGS__);						\
	return 0;							\
}
#define NS_GETTER_IF(name, type, find, cond, put, ...)			\
	NS_GETTER_BODY(name, type, find,				\
	    (cond) ? (put(v, __VA_ARGS__), 0) : ns_none())

/* The attributes of a node that has none of its own, only the core's. */
extern const struct ns_attr ns_no_attrs[];

struct ns_class {
	const char		*type;	/* nsls -l's TYPE column */
	const struct ns_attr	*attrs;	/* ends with an entry whose name is NULL */
	/* Emit every child; NULL for an object that has none. */
	int			(*list)(struct ns_obj *, ns_emit_fn, void *);
	/* One line about the object, for nsls -l; NULL: its name, if any. */
	int			(*summary)(struct ns_obj *, struct ns_val *);
	/* Free what the provider hung on obj->priv. */
	void			(*release)(struct ns_obj *);
};

struct ns_memo;

struct ns_obj {
	char			*path;	/* canonical, raw bytes */
	const struct ns_class	*cls;
	uint64_t		 id[3];	/* the provider's parsed identity */
	void			*priv;	/* loaded lazily by getters */
	/* The values a filter read, kept for the row that prints them:
	 * a value that decided the row is the value shown (attr.c). */
	struct ns_memo		*memo;
};

struct ns_watch;

struct ns_provider {
	const char	*name;		/* the top-level component */
	const char	*help;		/* what lives there, one line */
	/* The object at comp[0..n-1] below the top node (n == 0: the top
	 * node itself).  Components are raw bytes.  0 with obj filled in,
	 * or -1 with errno (ENOENT: no such object). */
	int		(*lookup)(struct ns_obj *, char **comp, int n);
	/* A real file, by its real path and stat(2): 1 if it is one of
	 * ours (obj filled in), 0 if not, -1 with errno on error. */
	int		(*recognize)(struct ns_obj *, const char *path,
			    const struct stat *);
	/* A short identifier such as "b8:0": 1, 0 or -1 as above. */
	int		(*ident)(struct ns_obj *, const char *);
	/* Every class it makes, NULL-terminated, for the column list. */
	const struct ns_class *const *classes;
	/* Open what nswatch can watch here as sources of its loop
	 * (watch.h); NULL for a provider the kernel tells nothing of. */
	void		(*watch)(struct ns_watch *);
	/* 1 for the one tried last, whose tree holds every real file
	 * (fs): the others' recognize comes first. */
	int		 fallback;
};

/*
 * A provider is defined and registered at once, so that none is made
 * and left out:
 *
 *	NS_PROVIDER(ns_pipe_provider,
 *		.name = "pipe",
 *		.help = "pipes, by inode",
 *		.lookup = pipe_lookup,
 *		.classes = NS_CLASSES(&top_class, &pipe_class));
 *
 * The core finds them all in the section the linker gathers them in, in
 * the order of their names, the fallback last.  The tools link the whole
 * library, so that no provider is left out for want of a call into its
 * file.  The section is named for no function: an assembler takes a
 * section's name for a symbol of the object, and a call from that object
 * to a function of the same name would land in the section.
 */
#define NS_PROVIDER(p, ...) \
	const struct ns_provider p = { __VA_ARGS__ }; \
	static const struct ns_provider *const ns_provider_ref_##p \
	    __attribute__((used, section("nstools_providers"))) = &(p)
/* A provider's classes, NULL-terminated, where it is defined. */
#define NS_CLASSES(...) \
	((const struct ns_class *const []){ __VA_ARGS__, NULL })

/* The watchers of the providers whose files are busy elsewhere. */
void	ns_watch_proc(struct ns_watch *);	/* watch-proc.c */
void	ns_watch_sock(struct ns_watch *);	/* watch-sock.c */

/* The providers a view lends its nodes from (netview.c, mntview.c). */
extern const struct ns_provider ns_dev_provider, ns_fs_provider,
    ns_mount_provider, ns_net_provider, ns_sock_provider;

/* Give obj its class and its canonical path from a format. */
int	ns_obj_set(struct ns_obj *, const struct ns_class *, const char *, ...)
	    __attribute__((format(printf, 3, 4)));
/* Free the path and whatever the class hung on priv; obj can be reused. */
void	ns_obj_clear(struct ns_obj *);
/* Emit n children, the i-th made by make(child, i): the fixed listing of a
 * node whose children are a table of names (/ipc's kinds, /ns's types). */
int	ns_emit_each(int n, int (*make)(struct ns_obj *, int),
	    ns_emit_fn emit, void *arg);
/* How many children a listing of the node gives. */
size_t	ns_count_children(struct ns_obj *);
/* The inode of the caller's own namespace of a type ("net", "mnt"),
 * kept in *here once read; 0 if it cannot be read. */
uint64_t	ns_self_ns(const char *type, uint64_t *here);
/* Whether id is in the set of n ids; if not, it is added (0) (mem.c). */
int	ns_seen(uint64_t **set, size_t *n, uint64_t id);
/* Call fn for every process (thread group) in /proc until it returns
 * non-zero; that value, or -1 with errno if /proc cannot be read
 * (core.c, for the providers that scan every process). */
int	ns_proc_each(int (*fn)(uint64_t pid, void *), void *);
/* A netlink socket of the protocol (NETLINK_ROUTE...), for
 * ns_nl_request (nl.h); NULL if the kernel refuses it (nl.c). */
struct ns_nlsock;
struct ns_nlsock *ns_nl_socket(int protocol);
/* The canonical path of the socket with this inode, of the caller's
 * network namespace or of another a process lives in (tables read once
 * per run, sockheld.c): 0, or -1 with ENOENT if no table knows it. */
int	ns_sock_path(uint64_t inode, char *buf, size_t size);
/* The same for a socket that descriptor fd of process pid holds: a
 * socket no table knows is asked through it (sockheld.c). */
int	ns_sock_path_held(uint64_t inode, uint64_t pid, int fd, char *buf,
	    size_t size);
/* A descriptor of the network namespace of this inode, found through a
 * socket that lives in it (a holder's, duplicated; SIOCGSKNS), for a
 * namespace that no process and no mount keeps but its sockets; -1 with
 * ENOENT if no socket the caller may ask is in it (sockns.c). */
int	ns_sock_netns_fd(uint64_t netns);
/* The class of sockets a socket is of, among which the kernel gives
 * every one the same name (system.sockprotoname): its protocol, and
 * for unix sockets streams apart from the rest ("UNIX-STREAM" and
 * "UNIX" since Linux 5.15, "UNIX" for all before).  From the tables
 * read and the holders asked so far: -1 if they do not tell (sockheld.c);
 * below NS_SOCK_NAME_CLASSES. */
int	ns_sock_name_class(uint64_t inode);
#define NS_SOCK_NAME_CLASSES	64
/* The directory of /sock for a protocol as the kernel names it
 * ("TCPv6", "UNIX-STREAM", "AF_VSOCK"): tcp6, unix, vsock (socktab.c). */
void	ns_sock_dir(const char *kname, char *buf, size_t size);
/* Rule 6, the reverse links: the /proc/PID/fd/N paths that hold the
 * object, from one scan of every descriptor per run (fdindex.c). */
int	ns_get_fds(struct ns_obj *, struct ns_val *);
#define NS_ATTR_FDS \
	{ "fds", NS_LINKS, "the descriptors that hold it", ns_get_fds }
/* The descriptors that hold an object of /host, as its machine's
 * fdinfo finds them (hostbatch.c). */
int	ns_host_holders(const char *object, ns_emit_fn, void *);
/* A hint that these inputs are resolved next: those of /host are asked
 * of each machine in one call (hostbatch.c). */
void	ns_prefetch(char *const *inputs, size_t n);
/* Whether the sandbox is on: then nothing may reach another machine. */
int	ns_sandboxed(void);
/* Resolve into a caller's object rather than a new one. */
int	ns_resolve_into(struct ns_obj *, const char *input);
/* A canonical path a provider made, unescaped, into a caller's object:
 * looked up in the namespace alone, as it is. */
int	ns_resolve_path(struct ns_obj *, const char *path);

/* snprintf(3) and vsnprintf(3), the same bytes and result, faster for
 * the formats paths are made of: text and %d %i %u %x %c %s, with l, ll
 * or z (fmt.c). */
int	ns_fmt(char *buf, size_t size, const char *fmt, ...)
	    __attribute__((format(printf, 3, 4)));
int	ns_vfmt(char *buf, size_t size, const char *fmt, va_list);

void	ns_val_add(struct ns_val *, const char *);
void	ns_val_addn(struct ns_val *, const char *, size_t);
void	ns_val_addf(struct ns_val *, const char *, ...)
	    __attribute__((format(printf, 2, 3)));
void	ns_val_num(struct ns_val *, unsigned long long);
/* A kernel number by its name, or the number where it has none. */
void	ns_val_named(struct ns_val *, const char *name, unsigned long long);
/* A string the source may leave blank: none (ENOENT) when it is NULL
 * or empty, as a field that does not apply. */
int	ns_val_text(struct ns_val *, const char *);
void	ns_val_reset(struct ns_val *);
void	ns_val_free(struct ns_val *);
/* The canonical path of a real file: "/fs" and its real path. */
void	ns_val_fs(struct ns_val *, const char *realpath);

/* Whether errno says the object went away or is not ours to read: data,
 * not a failure (ENOENT, ESRCH, EACCES, EPERM). */
int	ns_errno_benign(int);
/* Whether errno says the tool ran out of something (EMFILE, ENFILE,
 * ENOMEM): a failure to say, never data (ns_fail_limit). */
int	ns_errno_limit(int);
/* What a namespace that gave no socket means, by errno: a limit met, or
 * a namespace that left (ENOENT, ESRCH), as itself; anything else, that
 * it is not ours to ask (EACCES). */
int	ns_errno_closed(int);

/* Read a small file whole into buf, NUL-terminated, trailing newline
 * dropped; the length, or -1 with errno.  A file of any length is
 * ns_read_file_at's (ns.h), with the core's other services. */
ssize_t	ns_read_file(const char *path, char *buf, size_t size);
/* The same for a file the kernel writes as one record (/proc/PID/stat,
 * status, comm): a read that leaves room in buf was all of it, and no
 * second read is made to see the end. */
ssize_t	ns_read_record(const char *path, char *buf, size_t size);
/* Parse a decimal number that must fill the whole string. */
int	ns_parse_u64(const char *, uint64_t max, uint64_t *);

#endif
