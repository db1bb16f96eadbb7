/*
 * watch-out.h: nswatch's lines (watch-out.c), for the loop (watch.c):
 * one line an event, in the columns -o asks for and the format of
 * every tool, kept or dropped by -Q.
 */
#ifndef NS_WATCH_OUT_H
#define NS_WATCH_OUT_H

#include "ns.h"

/* What one line says. */
struct ns_event {
	const char		*action;	/* add, remove... lost */
	const char		*path;
	const char		*source;	/* uevent, rtnetlink... */
	/* The changes cell, n names and values: for a change what
	 * changed, for an add, remove or move what the object is. */
	const char *const	*names;
	const char *const	*vals;
	int			 n;
	/* What else is known of the object: what it is, as last known. */
	const char *const	*knames;
	const char *const	*kvals;
	int			 nk;
};

/* One column: an event's own (time, action...), or an attribute. */
struct ns_wcol {
	int		 ev;		/* its index, or -1 for an attribute */
	char		*name;		/* an attribute's name */
};

/* The output: the tool's options and the columns they make. */
struct ns_wout {
	struct ns_outopts	 oo;
	struct ns_wcol		*col;
	int			 ncol;
};

/* The columns of -o (NULL: the default ones): 0, or -1 after a message
 * on an unknown name. */
int	ns_wout_columns(struct ns_wout *, const char *list);
void	ns_wout_heading(const struct ns_wout *);
/* Print the event, if -Q keeps it, and flush it. */
void	ns_wout_event(const struct ns_wout *, const struct ns_event *);
void	ns_wout_free(struct ns_wout *);

#endif
