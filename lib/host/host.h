/*
 * host.h: what the files of the /host provider share: the records of
 * remote objects, kept by local path for the run, and the calls that
 * fill them, one object or one listing at a time (host.c), or many at
 * once (hostbatch.c).
 */
#ifndef NS_HOST_H
#define NS_HOST_H

#include <stddef.h>

#include "hostcall.h"
#include "hostparse.h"
#include "provider.h"

/* One remote listing of a node, and the columns it was asked for. */
struct listing {
	struct rhost	*h;
	char		*rpath;		/* escaped, as sent */
	char		*cols;
};

/* What a reply says of one object. */
struct rec {
	char			*path;	/* local: /host/NAME/..., raw */
	const struct ns_class	*cls;
	struct host_row		 row;
	struct listing		*from;	/* NULL: a whole nscat record */
	int			 partial;	/* some columns of one */
	unsigned		 hash;	/* of path */
	struct rec		*next;
};

/* The hash of a path, as the table keeps it. */
unsigned	 ns_hostobj_hash(const char *);
/* The record of a path, or NULL. */
struct rec	*ns_hostobj_find(const char *path);
/* Room for more records, the table grown once for them. */
void		 ns_hostobj_room(size_t more);
/* Add a record, whose path's hash is h, of a path not in the table. */
void		 ns_hostobj_add(struct rec *, unsigned h);
/* A remote path, as the remote printed it (escaped), as a local one,
 * malloc'd; NULL, and the host's reply counted bad, if it is not
 * canonical there. */
char		*ns_hostobj_local_path(struct rhost *, const char *rpath);
/* Keep row i of a document: the record of its path, new or brought up
 * to date; NULL for a row without a path or a type. */
struct rec	*ns_hostobj_keep(struct rhost *, const struct host_doc *,
		    size_t i, struct listing *from, int partial);
/* Split a local path into its host and its remote path, escaped by
 * rule 5; NULL if it is no host's. */
struct rhost	*ns_host_split_path(const char *path, char **rpath);
/* The field of an attribute of a record, fetched if the record does
 * not have it yet; NULL if the object has none. */
const struct host_field *ns_hostobj_field(struct ns_obj *, const char *name);
/* The listing of a remote node: its objects, each kept. */
ns_list_fn	 ns_host_remote_list;

#endif
