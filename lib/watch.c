/*
 * watch.c: the event service, nswatch's core: one epoll loop over the
 * sources the providers open (their watch op), one line a change.
 *
 * A source says what happened in one of two ways.  Where the kernel
 * names the object (a uevent, a process's exit, a socket's destruction)
 * the provider prints the event through ns_source_event.  Where it only
 * says that a table changed, or where nothing says anything and a file
 * must be polled (the mount table, /proc without the proc connector),
 * the provider marks a subtree dirty and the core lists it afresh and
 * prints the differences from the copy it keeps: add, remove, change
 * with the attributes that changed, move when the one attribute that
 * places the object changed.  The same listing resynchronises a source
 * that lost events, after a line that says so: nothing is ever dropped
 * in silence.
 *
 * The providers keep what they read for the run (net.c's dumps, sock.c's
 * tables), which is right for a tool that answers once and wrong for one
 * that runs for days.  So this process never resolves a path itself: a
 * worker is forked for each round of listings, reads the namespace
 * afresh, writes what it found down a pipe and exits, as nsmount's
 * worker does.  Dirty marks gather while a round of events is read, so a
 * burst costs one worker, not one per message.
 *
 * Memory is bounded by the tables watched (a copy of each subtree's
 * paths and compared attributes), never by the rate of events: an event
 * is printed as it is read, and a reader too slow for the kernel makes
 * it drop events, which is a lost line and a listing, not a queue here.
 */
#include <sys/epoll.h>
#include <sys/socket.h>
#include <sys/wait.h>

#include <err.h>
#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>

#include <linux/netlink.h>

#include "core.h"
#include "query.h"
#include "watch.h"

#define MAXSRC		16
#define MAXTREE		32
#define MAXATTR		16

/* One object of a subtree, as last listed: its path and the values of
 * the compared attributes, each ending in NUL. */
struct ent {
	char	*path;
	char	*vals;
	size_t	 vlen;
};

struct tree {
	const struct ns_tree	*def;
	struct ns_source	*src;
	char			*attrbuf;	/* def->attrs, split */
	const char		*attrs[MAXATTR];
	int			 nattrs;
	int			 moved;		/* index in attrs, or -1 */
	struct ent		*ents;		/* sorted by path */
	size_t			 n;
	int			 dirty;
	int			 listed;	/* the copy holds a listing */
};

struct ns_source {
	const char	*name;
	int		 fd;
	ns_source_fn	 fn;
	void		*arg;
	struct ns_watch	*w;
	struct tree	*trees[MAXTREE];
	int		 ntrees;
};

enum col { C_TIME, C_ACTION, C_PATH, C_CHANGES, C_SOURCE, NCOL };

static const struct {
	const char	*name;
	const char	*help;
} cols[NCOL] = {
	{ "time", "when the event was read: ISO 8601, microseconds" },
	{ "action", "add, remove, change, move; lost when events were lost" },
	{ "path", "the canonical path of the object (or subtree, for lost)" },
	{ "changes", "for a change, each attribute that changed, NAME=VALUE" },
	{ "source", "what told: uevent, rtnetlink, proc-connector..." },
};

struct ns_watch {
	int			 ep;
	char			**args;		/* canonical, raw */
	int			 nargs;
	struct ns_source	*srcs[MAXSRC];
	int			 nsrcs;
	struct tree		*trees[MAXTREE];
	int			 ntrees;
	struct ns_outopts	 oo;
	enum col		 col[NCOL];
	int			 ncol;
	/* Given each event instead of printing it (ns_watch_serve). */
	void			(*sink)(const char *action, const char *path,
				    void *);
	void			*sinkarg;
};

static void
xwrite_check(void)
{
	if (fflush(stdout) == EOF || ferror(stdout))
		err(1, "stdout");
}

/* Whether path lies in the subtree at top (top itself included). */
static int
under(const char *path, const char *top)
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
		if (under(path, w->args[i]))
			return 1;
	return 0;
}

int
ns_watch_wants(struct ns_watch *w, const char *top)
{
	int i;

	if (w->nargs == 0)
		return 1;
	for (i = 0; i < w->nargs; i++)
		if (under(top, w->args[i]) || under(w->args[i], top))
			return 1;
	return 0;
}

/* ---- output ---- */

static void
put_time(char *buf, size_t size)
{
	struct timespec ts;
	struct tm tm;
	char zone[8];
	size_t n;

	clock_gettime(CLOCK_REALTIME, &ts);
	localtime_r(&ts.tv_sec, &tm);
	n = strftime(buf, size, "%Y-%m-%dT%H:%M:%S", &tm);
	strftime(zone, sizeof(zone), "%z", &tm);
	/* +0000 written as +00:00, as proc.c's start attribute is. */
	snprintf(buf + n, size - n, ".%06ld%.3s:%s", ts.tv_nsec / 1000,
	    zone, zone + 3);
}

/* A JSON string, or with sh a -P value: after rule 5's escaping, JSON
 * quotes '"' and the backslash of each escape (jq -r gives the escaped
 * form back), a shell's value has '"', '$' and '`' escaped too. */
static void
put_quoted(const char *s, int text, int sh)
{
	char *e = ns_escape_as(s, text), *p;

	putchar('"');
	for (p = e; *p != '\0'; p++) {
		if (sh && (*p == '"' || *p == '$' || *p == '`'))
			printf("\\x%02x", *p);
		else {
			if (!sh && (*p == '"' || *p == '\\'))
				putchar('\\');
			putchar(*p);
		}
	}
	putchar('"');
	free(e);
}

#define put_json(s, text)	put_quoted(s, text, 0)

/*
 * The changes cell, NAME=VALUE a changed attribute.  In a table the
 * values are escaped as a path is and blanks part them, as a reader
 * takes them in.  For raw and pairs output the cell is a list as the
 * output layer writes one of any tool (a mount's mountpoints): raw
 * elements a line apart, escaped once with the rest of the cell, so
 * that a byte of a name is \xHH there, never an escape escaped again.
 */
static char *
changes_text(const char *const *names, const char *const *vals, int n,
    int table)
{
	char *s = NULL, *e;
	size_t len = 0;
	FILE *fp;
	int i;

	if ((fp = open_memstream(&s, &len)) == NULL)
		err(1, NULL);
	for (i = 0; i < n; i++) {
		if ((e = table ? ns_escape(vals[i]) : strdup(vals[i])) == NULL)
			err(1, NULL);
		fprintf(fp, "%s%s=%s", i == 0 ? "" : table ? " " : "\n",
		    names[i], e);
		free(e);
	}
	if (fclose(fp) == EOF)
		err(1, NULL);
	return s;
}

/*
 * One cell of a table or raw line.  A table shows the changes cell as
 * it is, escaped already; a raw field is the output layer's, as every
 * tool writes it: one word, and "-" where it is empty, so that a line
 * keeps its field count.
 */
static void
put_cell(struct ns_watch *w, enum col c, const char *v, int last)
{
	static const int width[NCOL] = { 32, 6, 32, 0, 10 };
	char *e;
	int n;

	if (w->oo.fmt != NS_FMT_TABLE) {
		ns_raw_field(stdout, v);
		return;
	}
	if ((e = c == C_CHANGES ? strdup(v) : ns_escape(v)) == NULL)
		err(1, NULL);
	n = (int)strlen(e);
	fputs(e, stdout);
	if (!last && n < width[c])
		printf("%*s", width[c] - n, "");
	free(e);
}

/*
 * -Q: an event matched by its columns and by the attributes of its
 * object, which is looked up only if the expression reaches one.  An
 * object that is gone (a removal) has none: it matches only `!='.
 */
struct event {
	const char		*v[NCOL];
	const char *const	*names;
	const char *const	*vals;
	int			 n;
	struct ns_obj		*obj;
	int			 looked;
};

int
ns_watch_known(const char *name)
{
	int c;

	for (c = 0; c < NCOL; c++)
		if (strcasecmp(name, cols[c].name) == 0)
			return 1;
	return ns_attr_any(name) != NULL;
}

static int
event_get(void *arg, const char *name, struct ns_val *v,
    enum ns_type *type)
{
	struct event *ev = arg;
	const struct ns_attr *a;
	int c, j;

	for (c = 0; c < NCOL; c++)
		if (strcasecmp(name, cols[c].name) == 0)
			break;
	if (c == C_CHANGES) {
		/* Each change, as NAME=VALUE: a list matches by any. */
		*type = NS_STRINGS;
		for (j = 0; j < ev->n; j++)
			ns_val_addf(v, "%s=%s", ev->names[j], ev->vals[j]);
		return ev->n > 0 ? 0 : -1;
	}
	if (c < NCOL) {
		*type = c == C_PATH ? NS_LINK : NS_STRING;
		ns_val_add(v, ev->v[c]);
		return 0;
	}
	if (!ev->looked) {
		ev->looked = 1;
		ev->obj = ns_resolve(ev->v[C_PATH]);
	}
	if (ev->obj == NULL ||
	    (a = ns_attr_find(ev->obj->cls, name)) == NULL)
		return -1;
	*type = a->type;
	return ns_attr_get(ev->obj, a, v);
}

static int
event_match(struct ns_watch *w, const char *const *v,
    const char *const *names, const char *const *vals, int n)
{
	struct event ev = { .names = names, .vals = vals, .n = n };
	int r;

	/* That events were lost is never filtered out. */
	if (w->oo.filter == NULL || strcmp(v[C_ACTION], "lost") == 0)
		return 1;
	memcpy(ev.v, v, sizeof(ev.v));
	r = ns_query_match(w->oo.filter, event_get, &ev);
	ns_obj_free(ev.obj);
	return r;
}

static void
print_line(struct ns_watch *w, const char *action, const char *path,
    const char *src, const char *const *names, const char *const *vals,
    int n)
{
	char tbuf[64], *ch;
	const char *v[NCOL];
	int i, j;

	if (w->sink != NULL) {
		w->sink(action, path, w->sinkarg);
		return;
	}
	put_time(tbuf, sizeof(tbuf));
	v[C_TIME] = tbuf;
	v[C_ACTION] = action;
	v[C_PATH] = path;
	v[C_CHANGES] = NULL;
	v[C_SOURCE] = src;
	if (!event_match(w, v, names, vals, n))
		return;
	ch = changes_text(names, vals, n, w->oo.fmt == NS_FMT_TABLE);
	v[C_CHANGES] = ch;
	if (w->oo.fmt == NS_FMT_JSON)
		putchar('{');
	for (i = 0; i < w->ncol; i++) {
		enum col c = w->col[i];

		switch (w->oo.fmt) {
		case NS_FMT_JSON:
			printf("%s\"%s\":", i > 0 ? "," : "", cols[c].name);
			if (c != C_CHANGES) {
				put_json(v[c], c != C_PATH);
				break;
			}
			putchar('{');
			for (j = 0; j < n; j++) {
				if (j > 0)
					putchar(',');
				put_json(names[j], 1);
				putchar(':');
				put_json(vals[j], 1);
			}
			putchar('}');
			break;
		case NS_FMT_PAIRS:
			if (i > 0)
				putchar(' ');
			for (j = 0; cols[c].name[j] != '\0'; j++)
				putchar(cols[c].name[j] - 'a' + 'A');
			putchar('=');
			put_quoted(v[c], c != C_PATH, 1);
			break;
		default:
			if (i > 0)
				putchar(' ');
			put_cell(w, c, v[c], i + 1 == w->ncol);
		}
	}
	if (w->oo.fmt == NS_FMT_JSON)
		putchar('}');
	putchar('\n');
	free(ch);
	/* A line is flushed as it comes: nswatch feeds pipelines. */
	xwrite_check();
}

static void
print_heading(struct ns_watch *w)
{
	int i, j;

	if (w->oo.noheadings || w->oo.fmt == NS_FMT_JSON ||
	    w->oo.fmt == NS_FMT_PAIRS)
		return;
	for (i = 0; i < w->ncol; i++) {
		char head[16];
		enum col c = w->col[i];

		for (j = 0; cols[c].name[j] != '\0'; j++)
			head[j] = cols[c].name[j] - 'a' + 'A';
		head[j] = '\0';
		if (i > 0)
			putchar(' ');
		put_cell(w, c, head, i + 1 == w->ncol);
	}
	putchar('\n');
	xwrite_check();
}

static int
set_columns(struct ns_watch *w, const char *list)
{
	char *copy, *p, *name, *e;
	int c;

	if (list == NULL || *list == '+') {
		/* The path first, as every tool's first column is. */
		w->col[0] = C_PATH;
		w->col[1] = C_ACTION;
		w->col[2] = C_TIME;
		w->col[3] = C_CHANGES;
		w->ncol = 4;
		if (list == NULL)
			return 0;
		list++;
	} else
		w->ncol = 0;
	if ((copy = strdup(list)) == NULL)
		err(1, NULL);
	for (p = copy; (name = strsep(&p, ",")) != NULL;) {
		for (c = 0; c < NCOL; c++)
			if (strcasecmp(name, cols[c].name) == 0)
				break;
		if (c == NCOL) {
			e = ns_escape(name);
			warnx("unknown column: %s", e);
			free(e);
			free(copy);
			return -1;
		}
		if (w->ncol < NCOL)
			w->col[w->ncol++] = c;
	}
	free(copy);
	return w->ncol > 0 ? 0 : -1;
}

int
ns_watch_help(enum ns_format fmt, int noheadings)
{
	int c;

	if (!noheadings && fmt != NS_FMT_JSON)
		printf("%-8s %s\n", "COLUMN", "DESCRIPTION");
	for (c = 0; c < NCOL; c++) {
		if (fmt == NS_FMT_JSON)
			printf("{\"name\":\"%s\",\"description\":\"%s\"}\n",
			    cols[c].name, cols[c].help);
		else
			printf("%-8s %s\n", cols[c].name, cols[c].help);
	}
	return fflush(stdout) == EOF ? -1 : 0;
}

/* ---- subtrees: the copy kept, and the differences from a listing ---- */

static int
cmp_ent(const void *a, const void *b)
{
	return strcmp(((const struct ent *)a)->path,
	    ((const struct ent *)b)->path);
}

static struct ent *
tree_find(struct tree *t, const char *path, size_t *at)
{
	size_t lo = 0, hi = t->n, mid;
	int c;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if ((c = strcmp(path, t->ents[mid].path)) == 0) {
			*at = mid;
			return &t->ents[mid];
		}
		if (c < 0)
			hi = mid;
		else
			lo = mid + 1;
	}
	*at = lo;
	return NULL;
}

static void
ent_free(struct ent *e)
{
	free(e->path);
	free(e->vals);
}

static void
tree_forget(struct tree *t, const char *path)
{
	struct ent *e;
	size_t at;

	if ((e = tree_find(t, path, &at)) == NULL)
		return;
	ent_free(e);
	memmove(e, e + 1, (t->n - at - 1) * sizeof(*e));
	t->n--;
}

static void
tree_keep(struct tree *t, const char *path)
{
	struct ent *e;
	size_t at;

	if (tree_find(t, path, &at) != NULL)
		return;
	if ((t->ents = reallocarray(t->ents, t->n + 1,
	    sizeof(*t->ents))) == NULL)
		err(1, NULL);
	e = &t->ents[at];
	memmove(e + 1, e, (t->n - at) * sizeof(*e));
	t->n++;
	if ((e->path = strdup(path)) == NULL ||
	    (e->vals = calloc(t->nattrs + 1, 1)) == NULL)
		err(1, NULL);
	e->vlen = t->nattrs;
}

/* Split an entry's values into v. */
static void
ent_vals(const struct tree *t, const struct ent *e, const char **v)
{
	const char *p = e->vals;
	int i;

	for (i = 0; i < t->nattrs; i++) {
		v[i] = p;
		p += strlen(p) + 1;
	}
}

static void
print_diff(struct ns_watch *w, struct tree *t, const struct ent *old,
    const struct ent *new)
{
	const char *ov[MAXATTR], *nv[MAXATTR], *names[MAXATTR];
	const char *vals[MAXATTR];
	int i, n = 0, moved = 0;

	ent_vals(t, old, ov);
	ent_vals(t, new, nv);
	for (i = 0; i < t->nattrs; i++) {
		if (strcmp(ov[i], nv[i]) == 0)
			continue;
		names[n] = t->attrs[i];
		vals[n++] = nv[i];
		moved |= i == t->moved;
	}
	if (n > 0 && wanted(w, new->path))
		print_line(w, moved ? "move" : "change", new->path,
		    t->src->name, names, vals, n);
}

/* Print what differs between the copy kept and a new listing, which is
 * then kept instead. */
static void
tree_replace(struct ns_watch *w, struct tree *t, struct ent *ents, size_t n,
    int quiet)
{
	size_t i = 0, j = 0;
	int c;

	/* An empty listing may have no array at all. */
	if (n > 0)
		qsort(ents, n, sizeof(*ents), cmp_ent);
	while (!quiet && (i < t->n || j < n)) {
		c = i == t->n ? 1 : j == n ? -1 :
		    strcmp(t->ents[i].path, ents[j].path);
		if (c < 0 && wanted(w, t->ents[i].path))
			print_line(w, "remove", t->ents[i].path,
			    t->src->name, NULL, NULL, 0);
		else if (c > 0 && wanted(w, ents[j].path))
			print_line(w, "add", ents[j].path, t->src->name,
			    NULL, NULL, 0);
		else if (c == 0)
			print_diff(w, t, &t->ents[i], &ents[j]);
		i += c <= 0;
		j += c >= 0;
	}
	for (i = 0; i < t->n; i++)
		ent_free(&t->ents[i]);
	free(t->ents);
	t->ents = ents;
	t->n = n;
}

/* ---- the worker: a fresh process lists the dirty subtrees ---- */

struct walk {
	FILE		*fp;
	struct tree	*t;
	int		 depth;
	int		 failed;	/* a node could not be listed */
};

static void
emit_obj(struct walk *wk, struct ns_obj *o)
{
	char *v, *p;
	size_t n, k;
	int i;

	fwrite(ns_obj_path(o), 1, strlen(ns_obj_path(o)) + 1, wk->fp);
	for (i = 0; i < wk->t->nattrs; i++) {
		if ((v = ns_obj_attr(o, wk->t->attrs[i], &n)) != NULL) {
			/* Several elements are joined as nscat joins them. */
			for (p = v, k = 0; k < n; k++) {
				p += strlen(p);
				if (k + 1 < n)
					*p++ = ',';
			}
			fputs(v, wk->fp);
			free(v);
		}
		putc('\0', wk->fp);
	}
}

static int
walk_child(struct ns_obj *o, void *arg)
{
	struct walk *wk = arg, sub = *wk;

	if (wk->depth <= 1) {
		emit_obj(wk, o);
		return 0;
	}
	sub.depth--;
	sub.failed = 0;
	/* A node that went away meanwhile has nothing to list: that is no
	 * failure, but a table that could not be read whole is. */
	if (ns_list(o, walk_child, &sub) == -1 && errno != ENOENT)
		wk->failed = 1;
	wk->failed |= sub.failed;
	return 0;
}

/* A provider's own listing gives paths; the attributes are read here. */
static void
emit_path(const char *path, void *arg)
{
	struct walk *wk = arg;
	struct ns_obj *o;

	if (wk->t->nattrs == 0)
		fwrite(path, 1, strlen(path) + 1, wk->fp);
	else if ((o = ns_lookup_path(path)) != NULL) {
		emit_obj(wk, o);
		ns_obj_free(o);
	}
}

/* In the worker: the objects, an empty path, then "+", or "-" if the
 * subtree could not be listed whole (a dump the kernel kept
 * interrupting, say): a part listing must not pass for removals. */
static void
worker_tree(FILE *fp, struct tree *t)
{
	struct walk wk = { fp, t, t->def->depth, 0 };
	struct ns_obj *top;

	if (t->def->list != NULL)
		t->def->list(emit_path, &wk);
	else if ((top = ns_lookup_path(t->def->top)) == NULL)
		wk.failed = 1;
	else {
		if (ns_list(top, walk_child, &wk) == -1)
			wk.failed = 1;
		ns_obj_free(top);
	}
	putc('\0', fp);
	fwrite(wk.failed ? "-" : "+", 1, 2, fp);
}

/* Parse one subtree's part of the worker's answer at *p; NULL entries
 * (and *failed) when it could not be listed. */
static struct ent *
parse_tree(struct tree *t, const char **p, const char *end, size_t *n,
    int *failed)
{
	struct ent *ents = NULL;
	const char *s, *v;
	size_t cap = 0;
	int i;

	*n = 0;
	while (*p < end && **p != '\0') {
		s = *p;
		*p += strlen(s) + 1;
		v = *p;
		for (i = 0; i < t->nattrs && *p < end; i++)
			*p += strlen(*p) + 1;
		if (*n == cap && (ents = reallocarray(ents, cap = cap * 2 + 64,
		    sizeof(*ents))) == NULL)
			err(1, NULL);
		if ((ents[*n].path = strdup(s)) == NULL ||
		    (ents[*n].vals = malloc(*p - v + 1)) == NULL)
			err(1, NULL);
		memcpy(ents[*n].vals, v, *p - v);
		ents[*n].vals[*p - v] = '\0';
		ents[*n].vlen = *p - v;
		(*n)++;
	}
	if (*p < end)
		(*p)++;
	*failed = *p >= end || **p != '+';
	if (*p < end)
		*p += strlen(*p) + 1;
	return ents;
}

/* Read everything the worker says, then reap it. */
static char *
worker_read(int fd, pid_t pid, size_t *len)
{
	char *buf = NULL;
	size_t cap = 0;
	ssize_t r;
	int status;

	*len = 0;
	for (;;) {
		if (*len == cap && (buf = realloc(buf, cap = cap * 2 + 65536))
		    == NULL)
			err(1, NULL);
		if ((r = read(fd, buf + *len, cap - *len)) == 0)
			break;
		if (r == -1) {
			if (errno == EINTR)
				continue;
			err(1, "worker");
		}
		*len += r;
	}
	close(fd);
	while (waitpid(pid, &status, 0) == -1 && errno == EINTR)
		;
	return buf;
}

/* Run fn in a worker, whose caches die with it, and give what it wrote
 * to its stream (worker_read). */
static char *
worker_run(void (*fn)(FILE *, void *), void *arg, size_t *len)
{
	int pfd[2];
	pid_t pid;
	FILE *fp;

	if (pipe(pfd) == -1 || (pid = fork()) == -1)
		err(1, "worker");
	if (pid == 0) {
		close(pfd[0]);
		if ((fp = fdopen(pfd[1], "w")) == NULL)
			_exit(1);
		fn(fp, arg);
		_exit(fclose(fp) == EOF);
	}
	close(pfd[1]);
	return worker_read(pfd[0], pid, len);
}

/* The worker of list_dirty: every dirty subtree. */
static void
write_dirty(FILE *fp, void *arg)
{
	struct ns_watch *w = arg;
	int i;

	for (i = 0; i < w->ntrees; i++)
		if (w->trees[i]->dirty)
			worker_tree(fp, w->trees[i]);
}

/* List every dirty subtree afresh in one worker and print the
 * differences (none for a first listing, which only sets the copy); a
 * subtree that could not be listed whole stays dirty: 1 if one did. */
static int
list_dirty(struct ns_watch *w)
{
	const char *p, *end;
	struct ent *ents;
	size_t len, n;
	char *buf;
	int i, failed, again = 0;

	for (i = 0; i < w->ntrees && !w->trees[i]->dirty; i++)
		;
	if (i == w->ntrees)
		return 0;
	buf = worker_run(write_dirty, w, &len);
	p = buf;
	end = buf + len;
	for (i = 0; i < w->ntrees; i++) {
		struct tree *t = w->trees[i];

		if (!t->dirty)
			continue;
		ents = parse_tree(t, &p, end, &n, &failed);
		if (failed) {
			while (n > 0)
				ent_free(&ents[--n]);
			free(ents);
			again = 1;
			continue;
		}
		t->dirty = 0;
		tree_replace(w, t, ents, n, !t->listed);
		t->listed = 1;
	}
	free(buf);
	return again;
}

/* A subtree that failed is tried twice more at once; after that, again
 * with the next event. */
static void
resync(struct ns_watch *w)
{
	int tries;

	for (tries = 0; tries < 3 && list_dirty(w); tries++)
		;
}

/* ---- sources ---- */

struct ns_source *
ns_watch_source(struct ns_watch *w, const char *name, int fd,
    ns_source_fn fn, void *arg)
{
	struct epoll_event ev = { .events = EPOLLIN | EPOLLPRI };
	struct ns_source *s;

	if (w->nsrcs == MAXSRC)
		errx(1, "too many sources");
	s = ns_xcalloc(sizeof(*s));
	s->name = name;
	s->fd = fd;
	s->fn = fn;
	s->arg = arg;
	s->w = w;
	ev.data.ptr = s;
	if (epoll_ctl(w->ep, EPOLL_CTL_ADD, fd, &ev) == -1)
		err(1, "%s", name);
	w->srcs[w->nsrcs++] = s;
	return s;
}

void
ns_source_urgent(struct ns_source *s)
{
	struct epoll_event ev = { .events = EPOLLPRI, .data.ptr = s };

	if (epoll_ctl(s->w->ep, EPOLL_CTL_MOD, s->fd, &ev) == -1)
		err(1, "%s", s->name);
}

int
ns_source_tree(struct ns_source *s, const struct ns_tree *def)
{
	struct ns_watch *w = s->w;
	struct tree *t;
	char *p, *a;

	if (w->ntrees == MAXTREE || s->ntrees == MAXTREE)
		errx(1, "too many subtrees");
	t = ns_xcalloc(sizeof(*t));
	t->def = def;
	t->src = s;
	t->moved = -1;
	t->dirty = 1;
	if (def->attrs != NULL) {
		if ((t->attrbuf = strdup(def->attrs)) == NULL)
			err(1, NULL);
		for (p = t->attrbuf; (a = strsep(&p, ",")) != NULL &&
		    t->nattrs < MAXATTR;) {
			if (def->moved != NULL && strcmp(a, def->moved) == 0)
				t->moved = t->nattrs;
			t->attrs[t->nattrs++] = a;
		}
	}
	w->trees[w->ntrees++] = t;
	s->trees[s->ntrees] = t;
	return s->ntrees++;
}

void
ns_source_dirty(struct ns_source *s, int i)
{
	int k;

	for (k = 0; k < s->ntrees; k++)
		if (i == -1 || i == k)
			s->trees[k]->dirty = 1;
}

void
ns_source_event(struct ns_source *s, const char *action, const char *path)
{
	ns_source_note(s, action, path, NULL, NULL, 0);
}

void
ns_source_note(struct ns_source *s, const char *action, const char *path,
    const char *const *names, const char *const *vals, int n)
{
	int k;

	/* The copy follows the kernel's word, so that a later listing
	 * prints only what no event told. */
	for (k = 0; k < s->ntrees; k++) {
		if (!under(path, s->trees[k]->def->top))
			continue;
		if (strcmp(action, "remove") == 0)
			tree_forget(s->trees[k], path);
		else if (strcmp(action, "add") == 0)
			tree_keep(s->trees[k], path);
	}
	if (wanted(s->w, path))
		print_line(s->w, action, path, s->name, names, vals, n);
}

void
ns_source_lost(struct ns_source *s)
{
	int k;

	for (k = 0; k < s->ntrees; k++) {
		if (ns_watch_wants(s->w, s->trees[k]->def->top))
			print_line(s->w, "lost", s->trees[k]->def->top,
			    s->name, NULL, NULL, 0);
		s->trees[k]->dirty = 1;
	}
}

/* Room for some ten thousand link messages: a burst of veth pairs made
 * by a script, a container's start; NSTOOLS_WATCH_RCVBUF says else. */
#define SOURCE_RCVBUF	(16 << 20)

void
ns_source_rcvbuf(int fd)
{
	const char *env = getenv("NSTOOLS_WATCH_RCVBUF"), *errstr = NULL;
	int n = SOURCE_RCVBUF;

	if (env != NULL && *env != '\0') {
		n = (int)strtonum(env, 4096, INT_MAX / 2, &errstr);
		if (errstr != NULL)
			errx(2, "NSTOOLS_WATCH_RCVBUF %s: %s", env, errstr);
	}

	if (setsockopt(fd, SOL_SOCKET, SO_RCVBUFFORCE, &n, sizeof(n)) == -1)
		(void)setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &n, sizeof(n));
}

int
ns_source_netlink(struct ns_source *s, int fd,
    void (*fn)(struct ns_source *, const void *, void *), void *arg)
{
	static char buf[65536];
	const struct nlmsghdr *h;
	ssize_t n;
	size_t len;

	for (;;) {
		if ((n = recv(fd, buf, sizeof(buf), MSG_DONTWAIT)) == -1) {
			if (errno == EINTR)
				continue;
			if (errno == ENOBUFS) {
				ns_source_lost(s);
				return -1;
			}
			return 0;
		}
		if (n == 0)
			return 0;
		len = n;
		for (h = (const void *)buf; NLMSG_OK(h, len);
		    h = NLMSG_NEXT(h, len))
			fn(s, h, arg);
	}
}

/* ---- the loop ---- */

/* /proc/self in the worker is the worker; the caller means nswatch. */
static char *
self_is_parent(const char *path)
{
	char self[32], *s;
	size_t n;

	n = snprintf(self, sizeof(self), "/proc/%ld", (long)getpid());
	if (strncmp(path, self, n) != 0 || (path[n] != '\0' && path[n] != '/'))
		return strdup(path);
	if (asprintf(&s, "/proc/%ld%s", (long)getppid(), path + n) == -1)
		return NULL;
	return s;
}

static int
add_arg(const char *input, void *arg)
{
	struct ns_watch *w = arg;
	struct ns_obj *o;
	char *path;

	/* A path of the namespace is taken as it is written, even where
	 * nothing lives yet (/net/addr/7 before the interface comes);
	 * anything else is resolved, in a worker as everything is. */
	if ((o = ns_resolve(input)) != NULL) {
		path = self_is_parent(ns_obj_path(o));
		ns_obj_free(o);
	} else if (input[0] == '/') {
		path = strdup(input);
		if (path != NULL)
			ns_unescape(path);
	} else {
		ns_warn_input(input, errno);
		return 1;
	}
	if (path == NULL || (w->args = reallocarray(w->args, w->nargs + 1,
	    sizeof(*w->args))) == NULL)
		err(1, NULL);
	w->args[w->nargs++] = path;
	return 0;
}

struct given {
	struct ns_watch	 *w;
	int		  argc;
	char		**argv;
};

/* The worker of resolve_args: each argument resolved. */
static void
write_args(FILE *fp, void *arg)
{
	struct given *g = arg;
	int i;

	ns_each_arg(g->argc, g->argv, add_arg, g->w);
	for (i = 0; i < g->w->nargs; i++)
		fwrite(g->w->args[i], 1, strlen(g->w->args[i]) + 1, fp);
}

/* The arguments, canonical: resolved in a worker whose caches die with
 * it, one NUL-terminated path each, or an empty one for a failure. */
static int
resolve_args(struct ns_watch *w, int argc, char *argv[])
{
	struct given g = { w, argc, argv };
	const char *p, *end;
	char *buf;
	size_t len;
	int i, bad = 0;

	buf = worker_run(write_args, &g, &len);
	for (p = buf, end = buf + len; p < end; p += strlen(p) + 1) {
		if ((w->args = reallocarray(w->args, w->nargs + 1,
		    sizeof(*w->args))) == NULL ||
		    (w->args[w->nargs++] = strdup(p)) == NULL)
			err(1, NULL);
	}
	free(buf);
	/* The worker said on stderr what it could not resolve. */
	for (i = 0; i < argc; i++)
		bad += strcmp(argv[i], "-") != 0;
	return w->nargs < bad ? -1 : 0;
}

static void
dispatch(struct ns_watch *w)
{
	struct epoll_event ev[MAXSRC];
	struct ns_source *s;
	int i, n;

	if ((n = epoll_wait(w->ep, ev, MAXSRC, -1)) == -1) {
		if (errno == EINTR)
			return;
		err(1, "epoll_wait");
	}
	for (i = 0; i < n; i++) {
		s = ev[i].data.ptr;
		s->fn(s, s->fd, s->arg);
	}
	resync(w);
}

/* Open every source there is for what w watches: 0, or -1 if none. */
static int
open_sources(struct ns_watch *w)
{
	const struct ns_provider *const *p;
	size_t np, i;

	if ((w->ep = epoll_create1(EPOLL_CLOEXEC)) == -1)
		err(1, "epoll_create1");
	p = ns_providers(&np);
	for (i = 0; i < np; i++)
		if (p[i]->watch != NULL)
			p[i]->watch(w);
	return w->nsrcs > 0 ? 0 : -1;
}

/* The arguments of a watch that ends before it starts. */
static void
free_args(struct ns_watch *w)
{
	int i;

	for (i = 0; i < w->nargs; i++)
		free(w->args[i]);
	free(w->args);
	w->args = NULL;
	w->nargs = 0;
}

int
ns_watch_run(int argc, char *argv[], const struct ns_outopts *oo)
{
	struct ns_watch w = { .oo = *oo };
	int rval = 0;

	if (set_columns(&w, oo->columns) == -1)
		return 2;
	if (argc > 0 && resolve_args(&w, argc, argv) == -1)
		rval = 1;
	if (argc > 0 && w.nargs == 0)
		return 1;
	/* A reader that went away ends the run with EPIPE, not a signal. */
	signal(SIGPIPE, SIG_IGN);
	if (open_sources(&w) == -1) {
		warnx("nothing to watch there");
		free_args(&w);
		return 1;
	}
	resync(&w);
	print_heading(&w);
	for (;;)
		dispatch(&w);
	return rval;
}

void
ns_watch_serve(void (*fn)(const char *action, const char *path, void *),
    void (*ready)(int listening, void *), void *arg)
{
	/* Static: the thread that runs it is cancelled at the end, and a
	 * process forked meanwhile holds a copy; what it keeps stays
	 * reachable, not lost, in both. */
	static struct ns_watch w;
	int r;

	w.sink = fn;
	w.sinkarg = arg;
	r = open_sources(&w);
	/* From here the kernel's words wait in the sources' queues. */
	ready(r == 0, arg);
	if (r == -1)
		return;
	resync(&w);
	for (;;)
		dispatch(&w);
}
