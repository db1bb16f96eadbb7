/*
 * watch-want.c: what the caller watches: whether a path or a subtree
 * lies in the paths it gave, the subtrees a provider refused and why,
 * the network namespaces its paths name, and the one place a line is
 * made, for the caller's sink (nsmount) or nswatch's output.  The
 * bottom of the watch: it calls no other file of it but watch-out.c.
 */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core.h"
#include "netns.h"
#include "netnsparse.h"
#include "watch-core.h"

/* Whether path lies in the subtree at top (top itself included). */
int
ns_watch_under(const char *path, const char *top)
{
	size_t n = strlen(top);

	if (strcmp(top, "/") == 0)
		return 1;
	return strncmp(path, top, n) == 0 &&
	    (path[n] == '\0' || path[n] == '/');
}

static int
wanted(struct ns_watch *w, const char *path)
{
	int i;

	if (w->nargs == 0)
		return 1;
	for (i = 0; i < w->nargs; i++)
		if (ns_watch_under(path, w->args[i]))
			return 1;
	return 0;
}

/* Whether the tree lies wholly in what the caller watches: every object
 * it holds is wanted, whatever its path (a socket of another network
 * namespace, which keeps its path of /sock). */
static int
tree_wanted(struct ns_watch *w, const struct tree *t)
{
	int i;

	if (w->nargs == 0)
		return 1;
	for (i = 0; i < w->nargs; i++)
		if (ns_watch_under(t->def->top, w->args[i]))
			return 1;
	return 0;
}

int
ns_watch_want(struct ns_watch *w, const struct tree *t, const char *path)
{
	return wanted(w, path) || (t != NULL && tree_wanted(w, t));
}

int
ns_watch_wants(struct ns_watch *w, const char *top)
{
	int i;

	if (w->nargs == 0)
		return 1;
	for (i = 0; i < w->nargs; i++)
		if (ns_watch_under(top, w->args[i]) ||
		    ns_watch_under(w->args[i], top))
			return 1;
	return 0;
}

int
ns_watch_nargs(const struct ns_watch *w)
{
	return w->nargs;
}

const char *
ns_watch_arg(const struct ns_watch *w, int i)
{
	return w->args[i];
}

void
ns_watch_refuse(struct ns_watch *w, const char *top, const char *fmt, ...)
{
	struct refusal *r;
	va_list ap;

	w->refused = ns_xreallocarray(w->refused, w->nrefused + 1,
	    sizeof(*w->refused));
	r = &w->refused[w->nrefused++];
	r->top = ns_xstrdup(top);
	va_start(ap, fmt);
	r->why = ns_xvasprintf(fmt, ap);
	va_end(ap);
}

/* The caller's own namespace first: its subtrees are the short ones. */
void
ns_watch_netns(struct ns_watch *w,
    void (*fn)(struct ns_watch *, uint64_t ino, void *), void *arg)
{
	uint64_t *seen, ino, here = ns_netns_here();
	size_t len;
	int i, k, n = 0;

	fn(w, 0, arg);
	seen = ns_xcalloc((w->nargs + 1) * sizeof(*seen));
	for (i = 0; i < w->nargs; i++) {
		if (ns_netns_prefix(w->args[i], &ino, &len) == -1 ||
		    ino == here)
			continue;
		for (k = 0; k < n && seen[k] != ino; k++)
			;
		if (k == n) {
			seen[n++] = ino;
			fn(w, ino, arg);
		}
	}
	free(seen);
}

/* ---- events ---- */

void
ns_watch_emit(struct ns_watch *w, const char *action, const char *path,
    const struct ns_source *s, const char *const *names,
    const char *const *vals, int n, const char *const *knames,
    const char *const *kvals, int nk)
{
	struct ns_event ev = { action, path, s->name, names, vals, n,
	    knames, kvals, nk };

	if (w->sink != NULL)
		w->sink(action, path, w->sinkarg);
	else
		ns_wout_event(&w->out, &ev);
}
