/*
 * ns.h: the one public header of the nstools core.
 *
 * Every kernel object has a canonical path in one namespace; a tool turns
 * what the user typed into an object (ns_resolve), walks children
 * (ns_list), and prints attributes through the output layer (ns_out_*).
 * A tool knows no provider: all it handles is struct ns_obj.
 */
#ifndef NS_H
#define NS_H

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>

/* The release, as build-aux/version gives it: "0.2", "0.2~git53.g8d4a3d1". */
extern const char ns_version[];
#define NS_VERSION	ns_version

struct ns_obj;			/* a resolved object or node */
struct ns_out;			/* one output table */
struct ns_row;			/* one row of it, for a tree */
struct ns_query;		/* a filter expression, parsed */

/* Called for every child a listing finds; non-zero stops the listing. */
typedef int (*ns_emit_fn)(struct ns_obj *child, void *arg);

/* Resolve any input form to its object; NULL with errno set if none. */
struct ns_obj	*ns_resolve(const char *input);
/* A path of the namespace only, raw bytes, never a real file: what a
 * program that serves the namespace (nsmount) looks up. */
struct ns_obj	*ns_lookup_path(const char *path);
/* Release an object returned by ns_resolve or ns_obj_dup. */
void		 ns_obj_free(struct ns_obj *);
/* Copy an object handed to a listing callback, to keep it. */
struct ns_obj	*ns_obj_dup(const struct ns_obj *);
/* The object's canonical path, raw bytes (not escaped). */
const char	*ns_obj_path(const struct ns_obj *);
/* Whether the object is a node that has (or may have) children. */
int		 ns_obj_isnode(const struct ns_obj *);
/* The value of one attribute of the object: its elements (one, or one a
 * link for a list of links), each ending in NUL, malloc'd, their number in
 * *n; NULL with errno (ENOENT: the object has none). */
char		*ns_obj_attr(struct ns_obj *, const char *name, size_t *n);
/* Stream the children of a node; -1 with errno if it cannot be listed. */
int		 ns_list(struct ns_obj *, ns_emit_fn, void *);

/* Escape by rule 5 (\xHH for bytes outside printable ASCII, space and
 * backslash); the result is malloc'd. */
char		*ns_escape(const char *);
/* The same, or for text that is not a path (text != 0) all but the
 * space, which reads better as itself in a sentence. */
char		*ns_escape_as(const char *, int text);
/* Undo ns_escape in place; bytes that are not an escape stay as they are. */
void		 ns_unescape(char *);

/* Count one object passed over because it could not be read. */
void		 ns_skip(void);
/* The same for the object at this canonical path, once a run however
 * many scans pass it over; a process's descriptor table, namespaces
 * and maps, which the kernel guards together, count as "/proc/PID". */
void		 ns_skip_path(const char *path);
/* Whether the process of a "/proc/PID..." path has left or is a zombie:
 * what it refused is no object passed over (ns_skip_path skips it). */
int		 ns_proc_gone(const char *path);
/* Count none of them by path (1) until undone (0): what a tool looks
 * into only to find its subjects (every process, for the namespaces they
 * are in) is no object it failed to show. */
void		 ns_skip_hold(int on);
/* How many objects were passed over because they could not be read. */
unsigned long	 ns_skipped(void);
/* Say once on stderr how many objects were passed over, if any. */
void		 ns_skipped_report(void);
/* Say, for each other machine of the run, what its replies skipped,
 * dropped or did not say; 1 if they dropped a value, which fails the
 * run. */
int		 ns_host_report(void);
/* What a failed open, read, readlink, opendir or socket of what (a path,
 * or a name such as "sock_diag") means, by its errno (rule 11): EACCES
 * and EPERM count what as not readable (ns_skip_path); ENOENT and ESRCH,
 * an object that left, are silent; a limit (ns_fail_limit) is said.
 * Returns -1 with errno e, for a caller's return. */
int		 ns_fail(const char *what, int e);
/* If e is a limit (EMFILE, ENFILE, ENOMEM), say "PROG: WHAT: WHY (the
 * limit)" on stderr, once a run for each of them, make the run fail
 * (ns_failed) and return 1; otherwise 0, and nothing is said. */
int		 ns_fail_limit(const char *what, int e);
/* The same for a path relative to the directory descriptor dfd (or
 * AT_FDCWD), named whole in the message. */
int		 ns_fail_limit_at(int dfd, const char *path, int e);
/* Whether a limit was met: rows are missing, and the run exits 1. */
int		 ns_failed(void);
/* Raise the soft limit of descriptors to the hard one (fail.c). */
void		 ns_nofile_raise(void);

enum ns_format {
	NS_FMT_TABLE,			/* aligned columns */
	NS_FMT_RAW,			/* -r */
	NS_FMT_PAIRS,			/* -P */
	NS_FMT_JSON,			/* -J */
};

/* A table for rows of objects; name is the JSON array's name. */
struct ns_out	*ns_out_new(enum ns_format, int noheadings, const char *name);
/* Set the columns from -o (NULL for none): "a,b" replaces the default
 * list, "+a,b" extends it; -1 (after a message) on an unknown column. */
int		 ns_out_columns(struct ns_out *, const char *list,
		    const char *defaults);
/* The columns' names, comma-separated and malloc'd: what -o and the
 * default made of each other. */
char		*ns_out_names(const struct ns_out *);
/* Use every attribute the object has as a column (nscat without -o). */
int		 ns_out_columns_of(struct ns_out *, struct ns_obj *);
/* Add one row: only the columns asked for are computed. */
int		 ns_out_row(struct ns_out *, struct ns_obj *);
/* Draw the tree in the column of this attribute; -1 if not a column. */
int		 ns_out_tree(struct ns_out *, const char *name);
/* Add a row under parent's (NULL: at the top); the row, for children,
 * or NULL where the table draws no tree (a row of children then is one
 * more row).  Call ns_out_tree, if at all, before the first row. */
struct ns_row	*ns_out_child(struct ns_out *, struct ns_obj *,
		    struct ns_row *parent);
/* Print what is buffered; returns -1 if output failed. */
int		 ns_out_flush(struct ns_out *);
/* Print what the output of the run (the last made) holds so far, and
 * what stdout buffers: the answers to the lines of a stream read so far
 * (args.c).  A JSON document and a tree wait for their end, as they are
 * one whole.  -1 if output failed. */
int		 ns_out_flush_live(void);
void		 ns_out_free(struct ns_out *);
/* A filter, -Q EXPR: lsfd's grammar over any attribute (nstools(7));
 * NULL after a message saying where EXPR is wrong. */
struct ns_query	*ns_filter_new(const char *expr);
/* The same, with known saying which names it may use (NULL: the
 * attributes of some class). */
struct ns_query	*ns_filter_new_known(const char *expr,
		    int (*known)(const char *));
/* Whether the object matches (1), or not (0); any object matches NULL. */
int		 ns_filter_match(struct ns_query *, struct ns_obj *);
void		 ns_filter_free(struct ns_query *);
/* Add only the rows that match the filter: ns_out_row drops the others.
 * A tree's rows (ns_out_child) are all added: the tool keeps the
 * ancestors of a match itself. */
void		 ns_out_filter(struct ns_out *, struct ns_query *);
/* How values and names are written (-b, -y), for ns_out_flags and
 * ns_out_record. */
#define NS_OUT_BYTES	0x1	/* sizes in bytes, not 1.5G, in a table */
#define NS_OUT_SHELL	0x2	/* -P keys a shell can eval: NS_PATH= */
/* Set those flags on a table, before its columns are set. */
void		 ns_out_flags(struct ns_out *, unsigned);
/* Print one object as KEY VALUE lines (nscat's default form). */
int		 ns_out_record(struct ns_obj *, enum ns_format, unsigned flags,
		    FILE *);
/* Print the table of every column name with its type and meaning (-H). */
int		 ns_out_help(enum ns_format, int noheadings);
/* The same for the objects of one top-level node only ("proc", "dev"),
 * or of a list of class types ("fd,assoc"). */
int		 ns_out_help_of(const char *top, enum ns_format, int noheadings);

/* The output flags every tool takes: -J -P -r -n -o LIST, -b -y. */
struct ns_outopts {
	enum ns_format	 fmt;
	int		 noheadings;
	const char	*columns;	/* -o, or NULL */
	struct ns_query	*filter;	/* -Q, or NULL */
	const char	*filter_text;	/* -Q as given */
	/* The names -Q may use, if not the attributes' (nswatch's). */
	int		(*known)(const char *);
	unsigned	 flags;		/* NS_OUT_BYTES, NS_OUT_SHELL */
	int		 helpcols;	/* -H: the columns, not the objects */
};

/* Call fn for each argument, and for "-" for each line of standard
 * input but an empty one or "-" (none, in raw output); the number of
 * calls that returned non-zero, and of lines that hold a NUL byte. */
int		 ns_each_arg(int argc, char *argv[],
		    int (*fn)(const char *, void *), void *);
/* A tool of another machine whose -J output is a tree (devtree), run
 * there on inputs of that machine (/host/NAME/...): each row an object of
 * the machine, handed to fn with its index and its parent's plus one (0:
 * a top).  0, fn's non-zero, or -1 with errno (EXDEV: two machines). */
int		 ns_host_tree(const char *const *args, char *const *inputs,
		    size_t n, int (*fn)(struct ns_obj *, size_t i, size_t up,
		    void *), void *);
/* A hint that the children of what is resolved next are listed (nsls
 * without -d), with these columns (a comma list; NULL: the path): an
 * object of another machine comes with its listing, in one call. */
void		 ns_hint_children(const char *columns);
/* A hint that a listing of a kind of namespace (/ns/net) need not find
 * those only an open descriptor keeps, which takes a read of every
 * descriptor on the machine: those processes and mounts keep are
 * listed, as lsns and ip netns list them (nsfs.c). */
void		 ns_hint_no_fd_keepers(void);
/* Say "prog: INPUT: why" on stderr, the input escaped by rule 5 and cut
 * if long; ENOENT reads "no such object". */
void		 ns_warn_input(const char *input, int errnum);
/* The same for an object's canonical path, which is quoted whole. */
void		 ns_warn_obj(const char *path, int errnum);
/* An input as a message quotes it: escaped by rule 5, cut after a few
 * hundred characters with "..."; malloc'd. */
char		*ns_quote(const char *input);
/* The elements of a comma-separated argument of option opt, split in
 * place, NULL-terminated, malloc'd; NULL after a message ("-t: empty
 * what in 'a,,b'") if the list or an element is empty. */
char		**ns_optlist(int opt, const char *what, char *arg);

/* From here on, only read: every call that would change the file tree,
 * run a program, mount or unshare fails with EPERM (seccomp, with
 * no_new_privs), but what allow names.  -1 where the kernel offers no
 * sandbox; the tool goes on all the same. */
#define NS_SANDBOX_EXEC		0x1	/* may run a program (a transport) */
#define NS_SANDBOX_UNMOUNT	0x2	/* may unmount (nsmount, at its end) */
int		 ns_sandbox(unsigned allow);
/* Fork a process, before the sandbox, that does what the tool then may
 * not: it runs serve on its end of a socket pair (SOCK_SEQPACKET) and
 * exits.  The tool's end, or -1 with errno. */
int		 ns_fork_server(void (*serve)(int fd, void *arg), void *arg);
/* The same for a process that reaches other machines: the transport
 * helper, which must run ssh unfiltered, is forked first (rshspawn.c). */
int		 ns_sandbox_remote(void);
/* The same for a tool given these arguments: ns_sandbox_remote if one
 * may name another machine (a /host path, or "-"), else ns_sandbox. */
int		 ns_sandbox_args(int argc, char *argv[]);

/* The core's services, once for every provider (and tool) that needs
 * them.  Out of memory is fatal: these exit with err(1) (mem.c). */
void		*ns_xmalloc(size_t);
/* One object's worth of zeroed memory. */
void		*ns_xcalloc(size_t);
char		*ns_xstrdup(const char *);
/* qsort(3)'s comparison of two strings, for an array of char *. */
int		 ns_cmp_strings(const void *, const void *);
/* Free n strings and the array that holds them. */
void		 ns_free_strings(char **, size_t n);
/* vasprintf(3) that cannot fail. */
char		*ns_xvasprintf(const char *, va_list);
/* The same for reallocarray(3), calloc(3) of n things, strndup(3) and
 * asprintf(3) (mem.c). */
void		*ns_xreallocarray(void *, size_t n, size_t size);
void		*ns_xcallocarray(size_t n, size_t size);
char		*ns_xstrndup(const char *, size_t n);
char		*ns_xasprintf(const char *, ...)
		    __attribute__((format(printf, 1, 2)));
/* -1 with errno ENOENT: a getter's "the object has no such value", or
 * any call's "there is no such thing". */
int		 ns_none(void);
/* The value of a hexadecimal digit, or -1 if c is none. */
int		 ns_hexval(int c);
/* The name of a user or group, as ls -l prints it: its number where the
 * database has none.  Static storage, good until the next call. */
const char	*ns_user_name(uint64_t uid);
const char	*ns_group_name(uint64_t gid);
/* A file of any length read whole, NUL-terminated, malloc'd, newline
 * and all (ns_read_file in provider.h is for a small one into a
 * buffer); a relative path is relative to dfd (AT_FDCWD: the working
 * directory).  NULL with errno. */
char		*ns_read_file_at(int dfd, const char *path);
/* The same of a file the kernel makes whole at the first read (fdinfo,
 * status: single_open), whose first short read is its end: one read
 * fewer. */
char		*ns_read_single_at(int dfd, const char *path);

/* Call fn for each attribute the object has, the core's first, with links
 * 0 for a value, 1 for a link, 2 for a list of links; non-zero stops. */
int		 ns_obj_attrs(struct ns_obj *,
		    int (*fn)(const char *name, int links, void *), void *);

/* Print every change under the paths (none: everything) as it happens,
 * one line each, until output fails (watch.c); 1 or 2 if it cannot
 * start. */
int		 ns_watch_run(int argc, char *argv[],
		    const struct ns_outopts *);
/* Call fn for every change of the whole namespace as it happens, with
 * its action ("lost" for a subtree whose events were lost) and canonical
 * path, instead of printing it; never returns unless nothing can be
 * watched (nsmount's invalidation).  ready is called once, first: with
 * 1 when every source listens and the namespace was listed, so that no
 * later change goes unheard, or with 0 before it returns.  It forks a worker for every listing:
 * the caller must be a process of one thread (nsmount forks one). */
void		 ns_watch_serve(void (*fn)(const char *action,
		    const char *path, void *),
		    void (*ready)(int listening, void *), void *);
/* Print nswatch's columns and what they hold (-H). */
int		 ns_watch_help(enum ns_format, int noheadings);
/* The names nswatch's -Q may use: an event's columns and the attributes
 * of the objects. */
int		 ns_watch_known(const char *name);

#endif
