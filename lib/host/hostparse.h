/*
 * hostparse.h: what the /host provider parses, apart from its I/O and
 * shared with its unit test and fuzz target: the JSON another machine's
 * tools print, a line of the hosts file, and the quoting that carries an
 * argument through a remote shell unchanged.
 */
#ifndef NS_HOSTPARSE_H
#define NS_HOSTPARSE_H

#include <stddef.h>

/* Where the strings and arrays of one document's rows live: one block
 * of memory a document, not one allocation a string, freed when the
 * document and every row kept from it are. */
struct host_pool;

/* One member of a row: a key and its value, a string, a number (as its
 * text), null, or an array of strings. */
struct host_field {
	const char	 *key;	/* shared by the rows of a document */
	char		**vals;	/* n elements, JSON's escapes undone */
	size_t	  n;
	int	  null;		/* the value was null: none */
	int	  array;	/* it was an array, [] being one of none */
};

struct host_row {
	struct host_field	*f;
	size_t			 n;
	size_t			 up;	/* 1 + the row it is a child of, 0 */
	struct host_pool	*pool;	/* held by a kept row, else NULL */
};

/* How deep a tree's "children" may nest. */
#define HOST_DEPTH_MAX	256

/* A document of the shape every tool's -J prints: one object holding one
 * array, named for the table, of flat objects; a tree's (devtree -J)
 * hold their children in an array "children", whose rows follow their
 * parent's in the document, each with its parent's index in up. */
struct host_doc {
	const char		*name;	/* "nodes", "objects" */
	struct host_row		*rows;
	size_t			 n;
	struct host_pool	*pool;
};

/* Parse len bytes of such a document into doc: 0, or -1 if they are no
 * such document (any other JSON, or no JSON) with doc left empty.  An
 * empty input is a document of no rows, as a tool that found nothing
 * prints nothing. */
int	ns_host_parse(const char *text, size_t len, struct host_doc *doc);
void	ns_host_doc_free(struct host_doc *);

/*
 * The same parse as a reply comes: each feed is given the text so far
 * (which may have moved) and parses the rows it holds whole; end is
 * given all of it and returns as ns_host_parse would, with the same
 * document in doc.  A text a feed cannot follow is parsed anew by end.
 * So the rows of a long reply are read while the rest is on its way.
 */
struct parse;
struct host_stream {
	struct host_doc	*doc;
	struct parse	*c;		/* NULL before the head is whole */
	size_t		 at;		/* the text parsed so far */
	int		 stopped;	/* end parses it all */
};
void	ns_host_stream_init(struct host_stream *, struct host_doc *doc);
void	ns_host_stream_feed(struct host_stream *, const char *text,
	    size_t len);
int	ns_host_stream_end(struct host_stream *, const char *text,
	    size_t len);
/* Let go of a stream not ended, and of its document. */
void	ns_host_stream_free(struct host_stream *);
/* Whether two documents hold the same rows, fields and values: for the
 * tests of the stream. */
int	ns_host_doc_equal(const struct host_doc *, const struct host_doc *);
/* A row's copy, kept past its document's free: *dst holds the pool of
 * doc's row i until ns_host_row_free(dst). */
void	ns_host_row_keep(struct host_row *dst, const struct host_doc *doc,
	    size_t i);
/* Let go of a kept row (not the row itself); nothing for one not kept. */
void	ns_host_row_free(struct host_row *);
/* The field of that key in the row, or NULL. */
const struct host_field *ns_host_row_field(const struct host_row *,
	    const char *key);

/* A line of the hosts file, in place: the name, and the transport
 * command after it or NULL.  0, or -1 for a blank line or a comment. */
int	ns_host_conf_line(char *line, char **name, char **transport);

/* The argument quoted for a POSIX shell when it holds anything but
 * letters, digits and -_./,:=+@%; the result is malloc'd. */
char	*ns_host_quote(const char *arg);

/*
 * What a reply may name.  The longest path of another machine taken, in
 * escaped bytes (a name of PATH_MAX bytes all escaped is 16 KiB, under a
 * namespace's prefix), and the longest column name or type.
 */
#define HOST_PATH_MAX	65536
#define HOST_WORD_MAX	64
/* Whether a path another machine printed is canonical there: "/", or
 * components that are neither empty, "." nor "..", of printable ASCII
 * but the space, whose only backslashes are the \xHH escapes rule 5
 * prints (a control byte, a space, a backslash or a byte past ASCII:
 * never a '/' nor a '.'). */
int	ns_host_path_ok(const char *rpath);
/* Such a path as this machine names it, /host/HOST/PATH, unescaped:
 * into buf if it fits, else malloc'd; NULL if it is not canonical. */
char	*ns_host_local_path(const char *host, const char *rpath, char *buf,
	    size_t size);
/* Whether a key or a type of a reply is a word the tools print: a
 * lowercase letter, then lowercase letters, digits, '_', '.' or '-',
 * fewer than HOST_WORD_MAX in all. */
int	ns_host_word_ok(const char *);

/* The N of a tool's "PROG: N objects not readable ..., skipped" line,
 * or 0 if the line is not one. */
unsigned long	ns_host_skipped_line(const char *line);

#endif
