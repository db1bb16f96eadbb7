/*
 * user.c: users and groups, /user/UID and /group/GID.
 *
 * The kernel knows a user only by number, so the uid is the identity and
 * the name an alias.  Every uid names an object, whether or not the user
 * database has an entry for it: a process or a file may belong to a uid
 * nobody named, and its link must still lead somewhere.  Listing shows
 * the uids the database has.  The same holds for groups.
 *
 * The database is read once per run (getpwent, getgrent) into a table
 * sorted by id, which every getter consults; an id or name it lacks is
 * asked of getpwuid and its kin once and remembered, as some sources
 * answer lookups without letting themselves be listed.
 *
 * A line of /etc/passwd or /etc/group whose name begins with '+' or '-'
 * is a marker of NIS's compat mode ("+" all of NIS, "-name" not that
 * user), not an account: glibc's files source lists it to getpwent with
 * whatever numbers it holds, 0 where it holds none, but never answers a
 * lookup with it, and getent writes it without ids.  The listing leaves
 * it out, so that it neither shows a user nobody can look up nor lends
 * root a name like "+".
 */
#include <sys/types.h>

#include <err.h>
#include <errno.h>
#include <grp.h>
#include <limits.h>
#include <pwd.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "columns.h"
#include "provider.h"

/* ns_obj.id[0]: the uid of a user, the gid of a group. */
NS_OBJ_ID(0, id_of, set_id)

/* One passwd or group entry. */
struct ent {
	uint64_t	 id;		/* the uid or gid */
	uint64_t	 gid;		/* a user's primary group */
	char		*name;		/* NULL: the database has no entry */
	char		*gecos;
	char		*home;
	char		*shell;
	char	       **mem;		/* a group's member names, NULL-ended */
	size_t		 seq;		/* its place in the database */
};

/* The entries of one database, read once per run. */
struct db {
	int		 loaded;
	struct ent     **byid;		/* the first entry of each id */
	size_t		 nid;
	struct ent     **byname;	/* the first entry of each name */
	size_t		 nname;
	/* Every entry the database lists, in its order. */
	void		(*load)(struct db *, size_t *);
	/* One entry, for ids and names the listing did not give. */
	struct ent     *(*getid)(uint64_t);
	struct ent     *(*getname)(const char *);
};

static void		 users_load(struct db *, size_t *);
static struct ent	*users_getid(uint64_t);
static struct ent	*users_getname(const char *);
static void		 groups_load(struct db *, size_t *);
static struct ent	*groups_getid(uint64_t);
static struct ent	*groups_getname(const char *);

static struct db users = {
	.load = users_load,
	.getid = users_getid,
	.getname = users_getname,
};

static struct db groups = {
	.load = groups_load,
	.getid = groups_getid,
	.getname = groups_getname,
};

static ns_list_fn	user_top_list, group_top_list;
static ns_get_fn	user_top_summary, user_summary, group_top_summary,
    group_summary;

static ns_get_fn	get_user_name, get_id, get_primary, get_gecos, get_home,
    get_homedir, get_shell, get_loginshell, get_groups, get_group_name,
    get_members;

static const struct ns_attr user_attrs[] = {
	NS_COL_NAME(get_user_name),
	NS_COL_UID(get_id),
	NS_COL_GROUP(get_primary),
	{ "gecos", NS_STRING, "the user's full name and the like",
	    get_gecos },
	{ "home", NS_LINK, "the home directory, if it exists", get_home },
	{ "homedir", NS_STRING, "the home directory as passwd gives it",
	    get_homedir },
	{ "shell", NS_LINK, "the login shell, if it exists", get_shell },
	{ "loginshell", NS_STRING, "the login shell as passwd gives it",
	    get_loginshell },
	{ "groups", NS_LINKS, "every group the user is in", get_groups },
	{ NULL }
};

static const struct ns_attr group_attrs[] = {
	NS_COL_NAME(get_group_name),
	{ "gid", NS_NUMBER, "the group id", get_id },
	{ "members", NS_LINKS,
	    "the users listed in the group and those whose primary group "
	    "it is", get_members },
	{ NULL }
};

static const struct ns_class user_top_class = {
	.type = "users",
	.attrs = ns_no_attrs,
	.list = user_top_list,
	.summary = user_top_summary,
};

static const struct ns_class user_class = {
	.type = "user",
	.attrs = user_attrs,
	.summary = user_summary,
};

static const struct ns_class group_top_class = {
	.type = "groups",
	.attrs = ns_no_attrs,
	.list = group_top_list,
	.summary = group_top_summary,
};

static const struct ns_class group_class = {
	.type = "group",
	.attrs = group_attrs,
	.summary = group_summary,
};

/* A field of the database, "" where a system gives none. */
static const char *
or_empty(const char *s)
{
	return s != NULL ? s : "";
}

static struct ent *
ent_new(uint64_t id)
{
	struct ent *e;

	e = ns_xcalloc(sizeof(*e));
	e->id = id;
	return e;
}

/* Entries of one id or name sort in database order: the first wins, as
 * it does for getpwuid and getpwnam. */
static int
cmp_id(const void *a, const void *b)
{
	const struct ent *x = *(struct ent *const *)a;
	const struct ent *y = *(struct ent *const *)b;

	if (x->id != y->id)
		return x->id < y->id ? -1 : 1;
	return x->seq < y->seq ? -1 : x->seq > y->seq;
}

static int
cmp_name(const void *a, const void *b)
{
	const struct ent *x = *(struct ent *const *)a;
	const struct ent *y = *(struct ent *const *)b;
	int c;

	if ((c = strcmp(x->name, y->name)) != 0)
		return c;
	return x->seq < y->seq ? -1 : x->seq > y->seq;
}

/* Keep only the first of each run of equal keys in a sorted array. */
static size_t
uniq(struct ent **a, size_t n, int byname)
{
	size_t i, out = 0;

	for (i = 0; i < n; i++) {
		if (out > 0 && (byname ? strcmp(a[out - 1]->name,
		    a[i]->name) == 0 : a[out - 1]->id == a[i]->id))
			continue;
		a[out++] = a[i];
	}
	return out;
}

/* Append an entry while the database is being read. */
static void
db_push(struct db *db, size_t *cap, struct ent *e)
{
	if (db->nname == *cap) {
		*cap = *cap ? *cap * 2 : 64;
		db->byname = ns_xreallocarray(db->byname, *cap,
		    sizeof(*db->byname));
	}
	e->seq = db->nname;
	db->byname[db->nname++] = e;
}

static void
db_ready(struct db *db)
{
	size_t cap = 0;

	if (db->loaded)
		return;
	db->loaded = 1;
	db->load(db, &cap);
	if (db->nname == 0)
		return;
	db->byid = ns_xreallocarray(NULL, db->nname, sizeof(*db->byid));
	memcpy(db->byid, db->byname, db->nname * sizeof(*db->byid));
	qsort(db->byid, db->nname, sizeof(*db->byid), cmp_id);
	db->nid = uniq(db->byid, db->nname, 0);
	qsort(db->byname, db->nname, sizeof(*db->byname), cmp_name);
	db->nname = uniq(db->byname, db->nname, 1);
}

/* Where id is or would go in byid. */
static size_t
find_id(const struct db *db, uint64_t id)
{
	size_t lo = 0, hi = db->nid, mid;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (db->byid[mid]->id < id)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* Where name is or would go in byname. */
static size_t
find_name(const struct db *db, const char *name)
{
	size_t lo = 0, hi = db->nname, mid;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (strcmp(db->byname[mid]->name, name) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

static void
insert_at(struct ent ***a, size_t *n, size_t at, struct ent *e)
{
	*a = ns_xreallocarray(*a, *n + 1, sizeof(**a));
	memmove(*a + at + 1, *a + at, (*n - at) * sizeof(**a));
	(*a)[at] = e;
	(*n)++;
}

/* Remember an entry found by a lookup, under its id and its name. */
static void
db_add(struct db *db, struct ent *e)
{
	size_t i;

	e->seq = SIZE_MAX;
	i = find_id(db, e->id);
	if (i == db->nid || db->byid[i]->id != e->id)
		insert_at(&db->byid, &db->nid, i, e);
	if (e->name == NULL)
		return;
	i = find_name(db, e->name);
	if (i == db->nname || strcmp(db->byname[i]->name, e->name) != 0)
		insert_at(&db->byname, &db->nname, i, e);
}

/* The entry of an id; one whose name is NULL if the database has none. */
static struct ent *
db_id(struct db *db, uint64_t id)
{
	struct ent *e;
	size_t i;

	db_ready(db);
	i = find_id(db, id);
	if (i < db->nid && db->byid[i]->id == id)
		return db->byid[i];
	e = db->getid(id);
	db_add(db, e);
	return e;
}

/* The entry of a name, or NULL; only the listing is consulted unless
 * ask is set, so that resolving many names reads the files once. */
static struct ent *
db_name(struct db *db, const char *name, int ask)
{
	struct ent *e;
	size_t i;

	db_ready(db);
	i = find_name(db, name);
	if (i < db->nname && strcmp(db->byname[i]->name, name) == 0)
		return db->byname[i];
	if (!ask || (e = db->getname(name)) == NULL)
		return NULL;
	db_add(db, e);
	return e;
}

/* The first named entry with an id above prev (or from 0 if !any). */
static struct ent *
db_next(struct db *db, int any, uint64_t prev)
{
	size_t i;

	db_ready(db);
	if (any && prev == UINT64_MAX)
		return NULL;
	for (i = any ? find_id(db, prev + 1) : 0; i < db->nid; i++)
		if (db->byid[i]->name != NULL)
			return db->byid[i];
	return NULL;
}

/* Whether a database name is a NIS compat marker, no entry. */
static int
compat_marker(const char *name)
{
	return name[0] == '+' || name[0] == '-';
}

static struct ent *
user_ent(const struct passwd *pw)
{
	struct ent *e = ent_new(pw->pw_uid);

	e->gid = pw->pw_gid;
	e->name = ns_xstrdup(pw->pw_name);
	e->gecos = ns_xstrdup(or_empty(pw->pw_gecos));
	e->home = ns_xstrdup(or_empty(pw->pw_dir));
	e->shell = ns_xstrdup(or_empty(pw->pw_shell));
	return e;
}

static void
users_load(struct db *db, size_t *cap)
{
	struct passwd *pw;

	setpwent();
	while ((pw = getpwent()) != NULL)
		if (!compat_marker(pw->pw_name))
			db_push(db, cap, user_ent(pw));
	endpwent();
}

static struct ent *
users_getid(uint64_t id)
{
	struct passwd *pw;

	if ((pw = getpwuid((uid_t)id)) == NULL)
		return ent_new(id);
	return user_ent(pw);
}

static struct ent *
users_getname(const char *name)
{
	struct passwd *pw;

	if ((pw = getpwnam(name)) == NULL)
		return NULL;
	return user_ent(pw);
}

static struct ent *
group_ent(const struct group *gr)
{
	struct ent *e = ent_new(gr->gr_gid);
	size_t i, n = 0;

	e->name = ns_xstrdup(gr->gr_name);
	while (gr->gr_mem != NULL && gr->gr_mem[n] != NULL)
		n++;
	e->mem = ns_xcallocarray(n + 1, sizeof(*e->mem));
	for (i = 0; i < n; i++)
		e->mem[i] = ns_xstrdup(gr->gr_mem[i]);
	return e;
}

static void
groups_load(struct db *db, size_t *cap)
{
	struct group *gr;

	setgrent();
	while ((gr = getgrent()) != NULL)
		if (!compat_marker(gr->gr_name))
			db_push(db, cap, group_ent(gr));
	endgrent();
}

static struct ent *
groups_getid(uint64_t id)
{
	struct group *gr;

	if ((gr = getgrgid((gid_t)id)) == NULL)
		return ent_new(id);
	return group_ent(gr);
}

static struct ent *
groups_getname(const char *name)
{
	struct group *gr;

	if ((gr = getgrnam(name)) == NULL)
		return NULL;
	return group_ent(gr);
}

static int
has_member(const struct ent *g, const char *name)
{
	char **m;

	for (m = g->mem; m != NULL && *m != NULL; m++)
		if (strcmp(*m, name) == 0)
			return 1;
	return 0;
}

/* A set of ids, to be sorted and printed once each. */
struct ids {
	uint64_t	*v;
	size_t		 n;
	size_t		 cap;
};

static void
ids_add(struct ids *s, uint64_t id)
{
	if (s->n == s->cap) {
		s->cap = s->cap ? s->cap * 2 : 16;
		s->v = ns_xreallocarray(s->v, s->cap, sizeof(*s->v));
	}
	s->v[s->n++] = id;
}

static int
cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

/* Add every id once, in order, as links under top; none: ENOENT. */
static int
ids_links(struct ids *s, struct ns_val *v, const char *top)
{
	size_t i;

	if (s->n > 0)
		qsort(s->v, s->n, sizeof(*s->v), cmp_u64);
	for (i = 0; i < s->n; i++)
		if (i == 0 || s->v[i] != s->v[i - 1])
			ns_val_addf(v, "/%s/%llu", top,
			    (unsigned long long)s->v[i]);
	free(s->v);
	if (v->n == 0)
		return ns_none();
	return 0;
}

/*
 * A home or shell as a link: its file under /fs.  A link names an object
 * or is absent (rule 8), so a file that does not exist, or a relative
 * name that realpath would read against our own directory, gives none;
 * the passwd text itself is homedir's and loginshell's.  A file we may
 * not look up is counted as unreadable, not passed over.
 */
static int
file_link(struct ns_val *v, const char *text)
{
	char *real;

	if (text == NULL || *text != '/')
		return ns_none();
	if ((real = realpath(text, NULL)) == NULL) {
		if (errno != EACCES)
			errno = ENOENT;
		return -1;
	}
	ns_val_fs(v, real);
	free(real);
	return 0;
}

/* The named entry of an object; ENOENT if the database has none. */
static struct ent *
named(struct db *db, struct ns_obj *o)
{
	struct ent *e = db_id(db, id_of(o));

	if (e->name == NULL) {
		errno = ENOENT;
		return NULL;
	}
	return e;
}

static struct ent *
user_named(struct ns_obj *o)
{
	return named(&users, o);
}

static struct ent *
group_named(struct ns_obj *o)
{
	return named(&groups, o);
}

NS_GETTER(user_name, struct ent, user_named, ns_val_add, r->name)

/* The uid of a user, the gid of a group. */
NS_GETTER_OBJ(id, ns_val_num, id_of(o))
NS_GETTER(primary, struct ent, user_named, ns_val_addf, "/group/%llu",
    (unsigned long long)r->gid)
NS_GETTER(gecos, struct ent, user_named, ns_val_add, r->gecos)
NS_GETTER_TRY(home, struct ent, user_named, file_link, r->home)
NS_GETTER_TRY(homedir, struct ent, user_named, ns_val_text, r->home)
NS_GETTER_TRY(shell, struct ent, user_named, file_link, r->shell)
NS_GETTER_TRY(loginshell, struct ent, user_named, ns_val_text, r->shell)

/*
 * The primary group and every group that lists the user, as getgrouplist
 * finds them, but from the table already read rather than a fresh scan
 * of the group database for each user.
 */
static int
get_groups(struct ns_obj *o, struct ns_val *v)
{
	struct ids s = { 0 };
	struct ent *u, *g;
	size_t i;

	if ((u = user_named(o)) == NULL)
		return -1;
	ids_add(&s, u->gid);
	db_ready(&groups);
	for (i = 0; i < groups.nid; i++) {
		g = groups.byid[i];
		if (g->name != NULL && has_member(g, u->name))
			ids_add(&s, g->id);
	}
	return ids_links(&s, v, "group");
}

static int
user_summary(struct ns_obj *o, struct ns_val *v)
{
	struct ent *e = db_id(&users, id_of(o));

	if (e->name == NULL) {
		ns_val_addf(v, "uid=%llu", (unsigned long long)e->id);
		return 0;
	}
	ns_val_addf(v, "%s uid=%llu gid=%llu%s%s%s%s", e->name,
	    (unsigned long long)e->id, (unsigned long long)e->gid,
	    *e->home ? " " : "", e->home, *e->shell ? " " : "", e->shell);
	return 0;
}

NS_GETTER(group_name, struct ent, group_named, ns_val_add, r->name)

/*
 * The users the group lists, by name, and those whose primary group it
 * is.  A listed name the user database does not know is passed over: it
 * names no uid.
 */
static int
get_members(struct ns_obj *o, struct ns_val *v)
{
	struct ids s = { 0 };
	struct ent *g, *u;
	char **m;
	size_t i;

	g = db_id(&groups, id_of(o));
	for (m = g->mem; m != NULL && *m != NULL; m++)
		if ((u = db_name(&users, *m, 0)) != NULL)
			ids_add(&s, u->id);
	db_ready(&users);
	for (i = 0; i < users.nid; i++) {
		u = users.byid[i];
		if (u->name != NULL && u->gid == g->id)
			ids_add(&s, u->id);
	}
	return ids_links(&s, v, "user");
}

static int
group_summary(struct ns_obj *o, struct ns_val *v)
{
	struct ent *e = db_id(&groups, id_of(o));
	char *line;
	size_t len, i;

	if (e->name == NULL) {
		ns_val_addf(v, "gid=%llu", (unsigned long long)e->id);
		return 0;
	}
	len = strlen(e->name) + 32 + sizeof(" members:");
	for (i = 0; e->mem[i] != NULL; i++)
		len += strlen(e->mem[i]) + 1;
	line = ns_xmalloc(len);
	snprintf(line, len, "%s gid=%llu", e->name, (unsigned long long)e->id);
	for (i = 0; e->mem[i] != NULL; i++) {
		strlcat(line, i == 0 ? " members: " : ",", len);
		strlcat(line, e->mem[i], len);
	}
	ns_val_add(v, line);
	free(line);
	return 0;
}

static int
list_db(struct db *db, const char *top, const struct ns_class *cls,
    ns_emit_fn emit, void *arg)
{
	struct ns_obj c = { 0 };
	struct ent *e;
	uint64_t id = 0;
	int any = 0;

	/* Walk by id rather than by index: a getter called from emit may
	 * add an entry to the table and move the rest. */
	while ((e = db_next(db, any, id)) != NULL) {
		id = e->id;
		any = 1;
		ns_obj_set(&c, cls, "/%s/%llu", top, (unsigned long long)id);
		set_id(&c, id);
		if (emit(&c, arg)) {
			ns_obj_clear(&c);
			return 1;
		}
		ns_obj_clear(&c);
	}
	return 0;
}

static unsigned long
count_db(struct db *db)
{
	unsigned long n = 0;
	size_t i;

	db_ready(db);
	for (i = 0; i < db->nid; i++)
		if (db->byid[i]->name != NULL)
			n++;
	return n;
}

static int
user_top_list(struct ns_obj *o, ns_emit_fn emit, void *arg)
{
	return list_db(&users, "user", &user_class, emit, arg);
}

static int
user_top_summary(struct ns_obj *o, struct ns_val *v)
{
	ns_val_addf(v, "%lu users", count_db(&users));
	return 0;
}

static int
group_top_list(struct ns_obj *o, ns_emit_fn emit, void *arg)
{
	return list_db(&groups, "group", &group_class, emit, arg);
}

static int
group_top_summary(struct ns_obj *o, struct ns_val *v)
{
	ns_val_addf(v, "%lu groups", count_db(&groups));
	return 0;
}

/*
 * /TOP/ID for any id the kernel allows ((uid_t)-1 means "no id"), and
 * /TOP/NAME for a name the database knows.  A name made of digits is
 * read as an id, as chown(1) reads it.
 */
static int
lookup_db(struct ns_obj *o, char **comp, int n, struct db *db,
    const char *top, const struct ns_class *topcls,
    const struct ns_class *cls)
{
	struct ent *e;
	uint64_t id;

	if (n == 0)
		return ns_obj_set(o, topcls, "/%s", top);
	if (n > 1)
		goto none;
	if (ns_parse_u64(comp[0], UINT32_MAX - 1, &id) == -1) {
		if ((e = db_name(db, comp[0], 1)) == NULL)
			goto none;
		id = e->id;
	}
	ns_obj_set(o, cls, "/%s/%llu", top, (unsigned long long)id);
	set_id(o, id);
	return 0;
none:
	errno = ENOENT;
	return -1;
}

static int
user_lookup(struct ns_obj *o, char **comp, int n)
{
	return lookup_db(o, comp, n, &users, "user", &user_top_class,
	    &user_class);
}

static int
group_lookup(struct ns_obj *o, char **comp, int n)
{
	return lookup_db(o, comp, n, &groups, "group", &group_top_class,
	    &group_class);
}

NS_PROVIDER(ns_user_provider,
	.name = "user",
	.help = "users, by uid",
	.lookup = user_lookup,
	.classes = NS_CLASSES(&user_top_class, &user_class));

NS_PROVIDER(ns_group_provider,
	.name = "group",
	.help = "groups, by gid",
	.lookup = group_lookup,
	.classes = NS_CLASSES(&group_top_class, &group_class));
