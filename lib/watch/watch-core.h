/*
 * watch-core.h: what the files of the event service's core share, and
 * no provider sees (watch.h is what they see): the loop, its sources
 * and the subtrees they keep, and what each file lends the others
 * (watch.c, watch-list.c, watch-tree.c, watch-want.c).
 */
#ifndef NS_WATCH_CORE_H
#define NS_WATCH_CORE_H

#include <stddef.h>

#include "watch.h"
#include "watch-out.h"

/* The attributes a subtree keeps, at most. */
#define MAXATTR		16
/* The bytes of an identity value kept (a command line): enough to tell
 * one from another, and a bound on the copy of a table. */
#define IDENT_MAX	512

/* One object of a subtree, as last listed or told: its path and the
 * values of the kept attributes, each ending in NUL. */
struct ent {
	char	*path;
	char	*vals;
	size_t	 vlen;
	int	 fresh;		/* told of, its values not listed yet */
};

struct tree {
	const struct ns_tree	*def;
	struct ns_source	*src;
	char			*attrbuf;	/* def->attrs and ident, split */
	/* The attributes kept: what a listing reads (NAME, LINK.ATTR),
	 * and what an event calls it; the first ncmp are compared. */
	const char		*attrs[MAXATTR];
	const char		*names[MAXATTR];
	int			 nattrs;
	int			 ncmp;
	int			 ident[MAXATTR];	/* kept, in ident's order */
	int			 nident;
	int			 moved;		/* index in attrs, or -1 */
	struct ent		*ents;		/* sorted by path */
	size_t			 n;
	int			 dirty;
	int			 listed;	/* the copy holds a listing */
	int			 lost;		/* events were lost since */
};

struct ns_source {
	const char	*name;
	int		 fd;
	ns_source_fn	 fn;
	void		*arg;
	struct ns_watch	*w;
	struct tree	**trees;
	int		 ntrees;
};

/* A subtree that cannot be watched, and why (watch-want.c). */
struct refusal {
	char	*top;
	char	*why;
};

struct ns_watch {
	int			 ep;
	char			**args;		/* canonical, raw */
	int			 nargs;
	struct ns_source	**srcs;
	int			 nsrcs;
	struct tree		**trees;
	int			 ntrees;
	struct refusal		*refused;
	int			 nrefused;
	struct ns_wout		 out;
	/* Given each event instead of printing it (ns_watch_serve). */
	void			(*sink)(const char *action, const char *path,
				    void *);
	void			*sinkarg;
};

/* watch-want.c: what the caller watches, and the one way a line is
 * made. */
int	ns_watch_under(const char *path, const char *top);
int	ns_watch_want(struct ns_watch *, const struct tree *, const char *path);
void	ns_watch_emit(struct ns_watch *, const char *action, const char *path,
	    const struct ns_source *, const char *const *names,
	    const char *const *vals, int n, const char *const *knames,
	    const char *const *kvals, int nk);

/* watch-tree.c: an entry of the copy, and a listing put in its place. */
void	ns_watch_ent_free(struct ent *);
void	ns_watch_ent_vals(const struct tree *, const struct ent *,
	    const char **v);
void	ns_watch_ent_set(const struct tree *, struct ent *,
	    const char *const *names, const char *const *vals, int n);
void	ns_watch_tree_replace(struct ns_watch *, struct tree *,
	    struct ent *ents, size_t n, int quiet);

/* watch-list.c: list every dirty subtree afresh and print the
 * differences, trying again a few times one that failed. */
void	ns_watch_resync(struct ns_watch *);

#endif
