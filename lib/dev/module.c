/*
 * module.c: the /module provider: kernel modules, by name.
 *
 * A module is what /proc/modules lists (the loaded ones, as lsmod shows
 * them) and what /sys/module has a directory for, which includes modules
 * built into the kernel that have parameters, a version or drivers: those
 * have no /proc/modules line, and a kernel without loadable modules has no
 * /proc/modules at all.  Both are read once per run into one table sorted
 * by name.  Whatever else a column needs (parameters, version, drivers)
 * is read from /sys/module/NAME when that column is asked for.
 *
 * The kernel takes '-' and '_' in a module name as one (modprobe
 * virtio-net loads virtio_net), so the resolver does too.
 */
#include <sys/stat.h>
#include <sys/types.h>

#include <dirent.h>
#include <err.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "provider.h"
#include "modparse.h"

/* Parameter values are short; a longer one is cut here. */
#define VALUE_MAX	4096

struct mod {
	char		*name;
	int		 listed;	/* has a /proc/modules line */
	uint64_t	 size;
	uint64_t	 refcnt;
	int		 has_refcnt;
	const char	*state;		/* live, coming, going */
	char		*taint;
	char	       **holders;	/* the modules that use this one */
	size_t		 nholders;
	int		 permanent;	/* it cannot be unloaded */
	char	       **uses;		/* the modules this one uses */
	size_t		 nuses;
};

static const char *proc_modules = "/proc/modules";
static const char *sys_module = "/sys/module";

static struct mod *mods;
static size_t nmods;
static int loaded;

int
ns_mod_parse_line(char *line, struct mod_line *ml)
{
	char *f[7], *s, *tok, *end;
	size_t len;
	int n = 0;

	memset(ml, 0, sizeof(*ml));
	for (s = line; n < 7 && (tok = strsep(&s, " \t\n")) != NULL;)
		if (*tok != '\0')
			f[n++] = tok;
	if (n < 5)
		return -1;
	ml->name = f[0];
	if (ns_parse_u64(f[1], UINT64_MAX, &ml->size) == -1)
		return -1;
	/* A kernel that cannot unload modules prints "-" for the count. */
	if (strcmp(f[2], "-") != 0) {
		errno = 0;
		ml->refcnt = strtoull(f[2], &end, 10);
		if (errno || end == f[2] || *end != '\0' || *f[2] == '-')
			return -1;
		ml->has_refcnt = 1;
	}
	ml->usedby = f[3];
	ml->state = f[4];
	if (n == 7 && f[6][0] == '(' && (len = strlen(f[6])) >= 2 &&
	    f[6][len - 1] == ')') {
		f[6][len - 1] = '\0';
		ml->taint = f[6] + 1;
	}
	return 0;
}

char *
ns_mod_next_user(char **list, int *permanent)
{
	char *name;

	while ((name = strsep(list, ",")) != NULL) {
		if (*name == '\0' || strcmp(name, "-") == 0)
			continue;
		if (strcmp(name, "[permanent]") == 0) {
			*permanent = 1;
			continue;
		}
		return name;
	}
	return NULL;
}

const char *
ns_mod_state_name(const char *s)
{
	if (strcmp(s, "Live") == 0)
		return "live";
	if (strcmp(s, "Loading") == 0)
		return "coming";
	if (strcmp(s, "Unloading") == 0)
		return "going";
	return "unknown";
}

static void
forget(void)
{
	size_t i, j;

	for (i = 0; i < nmods; i++) {
		free(mods[i].name);
		free(mods[i].taint);
		for (j = 0; j < mods[i].nholders; j++)
			free(mods[i].holders[j]);
		free(mods[i].holders);
		free(mods[i].uses);
	}
	free(mods);
	mods = NULL;
	nmods = 0;
	loaded = 0;
}

void
ns_mod_set_roots(const char *procmodules, const char *sysmodule)
{
	forget();
	proc_modules = procmodules;
	sys_module = sysmodule;
}

static int
by_name(const void *a, const void *b)
{
	const struct mod *x = a, *y = b;

	return strcmp(x->name, y->name);
}

static struct mod *
find_in_table(const char *name)
{
	struct mod key;

	key.name = (char *)name;
	if (nmods == 0)
		return NULL;
	return bsearch(&key, mods, nmods, sizeof(*mods), by_name);
}

static struct mod *
add_mod(const char *name)
{
	struct mod *m;

	mods = ns_xreallocarray(mods, nmods + 1, sizeof(*mods));
	m = &mods[nmods++];
	memset(m, 0, sizeof(*m));
	m->name = ns_xstrdup(name);
	return m;
}

static void
add_name(char ***list, size_t *n, char *name)
{
	*list = ns_xreallocarray(*list, *n + 1, sizeof(**list));
	(*list)[(*n)++] = name;
}

static void
read_proc_modules(void)
{
	struct mod_line ml;
	struct mod *m;
	char *line = NULL, *list, *user;
	size_t cap = 0;
	FILE *f;

	if ((f = fopen(proc_modules, "re")) == NULL)
		return;
	while (getline(&line, &cap, f) != -1) {
		if (ns_mod_parse_line(line, &ml) == -1)
			continue;
		m = add_mod(ml.name);
		m->listed = 1;
		m->size = ml.size;
		m->refcnt = ml.refcnt;
		m->has_refcnt = ml.has_refcnt;
		m->state = ns_mod_state_name(ml.state);
		if (ml.taint != NULL && (m->taint = strdup(ml.taint)) == NULL)
			err(1, NULL);
		for (list = ml.usedby; (user = ns_mod_next_user(&list,
		    &m->permanent)) != NULL;) {
			user = ns_xstrdup(user);
			add_name(&m->holders, &m->nholders, user);
		}
	}
	free(line);
	fclose(f);
}

/* Every /sys/module directory that /proc/modules did not name. */
static void
read_sys_module(size_t nlisted)
{
	struct dirent *d;
	struct mod key;
	DIR *dir;

	if ((dir = opendir(sys_module)) == NULL)
		return;
	while ((d = readdir(dir)) != NULL) {
		if (d->d_name[0] == '.')
			continue;
		key.name = d->d_name;
		/* bsearch, like qsort, wants a valid base even for none. */
		if (nlisted == 0 || bsearch(&key, mods, nlisted,
		    sizeof(*mods), by_name) == NULL)
			add_mod(d->d_name);
	}
	closedir(dir);
}

/*
 * The table: both sources, sorted by name, with each module's uses found
 * by turning the used-by lists around.  As the table is walked in name
 * order, every uses list comes out sorted too.
 */
static void
load(void)
{
	struct mod *h;
	size_t i, j, nlisted;

	if (loaded)
		return;
	loaded = 1;
	read_proc_modules();
	/* qsort's base must be a valid pointer even for no elements, and
	 * mods is NULL while no module was read. */
	if (nmods > 0)
		qsort(mods, nmods, sizeof(*mods), by_name);
	nlisted = nmods;
	read_sys_module(nlisted);
	if (nmods > 0)
		qsort(mods, nmods, sizeof(*mods), by_name);
	for (i = 0; i < nmods; i++)
		for (j = 0; j < mods[i].nholders; j++)
			if ((h = find_in_table(mods[i].holders[j])) != NULL)
				add_name(&h->uses, &h->nuses, mods[i].name);
}

static struct mod *
find(const char *name)
{
	load();
	return find_in_table(name);
}

static const char *
mod_name(const struct ns_obj *o)
{
	return o->path + strlen("/module/");
}

/* The object's entry; the table outlives every object. */
static struct mod *
entry(struct ns_obj *o)
{
	struct mod *m;

	if ((m = find(mod_name(o))) == NULL)
		errno = ENOENT;
	return m;
}

/* A file of /sys/module/NAME, read whole. */
static ssize_t
read_sys(const struct mod *m, const char *file, char *buf, size_t size)
{
	char path[PATH_MAX];

	if ((size_t)snprintf(path, sizeof(path), "%s/%s/%s", sys_module,
	    m->name, file) >= sizeof(path)) {
		errno = ENAMETOOLONG;
		return -1;
	}
	return ns_read_file(path, buf, size);
}

/* A /sys/module file of one line, "does not apply" when empty. */
static int
sys_string(struct ns_obj *o, struct ns_val *v, const char *file)
{
	struct mod *m;
	char buf[256];
	ssize_t n;

	if ((m = entry(o)) == NULL)
		return -1;
	if ((n = read_sys(m, file, buf, sizeof(buf))) == -1)
		return -1;
	if (n == 0)
		return ns_none();
	ns_val_add(v, buf);
	return 0;
}

static int
sys_number(const struct mod *m, const char *file, uint64_t *n)
{
	char buf[64];

	if (read_sys(m, file, buf, sizeof(buf)) == -1)
		return -1;
	if (ns_parse_u64(buf, UINT64_MAX, n) == -1) {
		errno = EINVAL;
		return -1;
	}
	return 0;
}

NS_GETTER_OBJ(name, ns_val_add, mod_name(o))

/*
 * Loaded modules say how they are; a module outside /proc/modules that
 * has an initstate file was loaded after the table was read; one without
 * is built in.
 */
static const char *
state_of(const struct mod *m, char *buf, size_t size)
{
	if (m->listed)
		return m->state;
	if (read_sys(m, "initstate", buf, size) > 0)
		return buf;
	return "builtin";
}

static int
get_state(struct ns_obj *o, struct ns_val *v)
{
	struct mod *m;
	char buf[32];

	if ((m = entry(o)) == NULL)
		return -1;
	ns_val_add(v, state_of(m, buf, sizeof(buf)));
	return 0;
}

static int
get_size(struct ns_obj *o, struct ns_val *v)
{
	struct mod *m;
	uint64_t n;

	if ((m = entry(o)) == NULL)
		return -1;
	if (m->listed)
		n = m->size;
	else if (sys_number(m, "coresize", &n) == -1)
		return -1;
	ns_val_num(v, (unsigned long long)n);
	return 0;
}

static int
get_refcount(struct ns_obj *o, struct ns_val *v)
{
	struct mod *m;
	uint64_t n;

	if ((m = entry(o)) == NULL)
		return -1;
	if (m->listed && m->has_refcnt)
		n = m->refcnt;
	else if (m->listed) {
		errno = ENOENT;
		return -1;
	} else if (sys_number(m, "refcnt", &n) == -1)
		return -1;
	ns_val_num(v, (unsigned long long)n);
	return 0;
}

/* The names in a directory of /sys/module/NAME, sorted as ls sorts. */
static char **
sys_dir(const struct mod *m, const char *sub, size_t *np)
{
	char path[PATH_MAX], **names = NULL, *s;
	struct dirent *d;
	size_t n = 0;
	DIR *dir;

	*np = 0;
	snprintf(path, sizeof(path), "%s/%s/%s", sys_module, m->name, sub);
	if ((dir = opendir(path)) == NULL)
		return NULL;
	while ((d = readdir(dir)) != NULL) {
		if (d->d_name[0] == '.')
			continue;
		s = ns_xstrdup(d->d_name);
		add_name(&names, &n, s);
	}
	closedir(dir);
	*np = n;
	return names;
}

static int
get_holders(struct ns_obj *o, struct ns_val *v)
{
	struct mod *m;
	char **names;
	size_t i, n;

	if ((m = entry(o)) == NULL)
		return -1;
	if (m->listed) {
		for (i = 0; i < m->nholders; i++)
			ns_val_addf(v, "/module/%s", m->holders[i]);
		return 0;
	}
	names = sys_dir(m, "holders", &n);
	if (n > 0)
		qsort(names, n, sizeof(*names), ns_cmp_strings);
	for (i = 0; i < n; i++)
		ns_val_addf(v, "/module/%s", names[i]);
	ns_free_strings(names, n);
	return 0;
}

static int
get_uses(struct ns_obj *o, struct ns_val *v)
{
	struct mod *m;
	size_t i;

	if ((m = entry(o)) == NULL)
		return -1;
	for (i = 0; i < m->nuses; i++)
		ns_val_addf(v, "/module/%s", m->uses[i]);
	return 0;
}

/* A value as modprobe takes it: quoted where a blank would split it. */
static void
append_param(char **s, size_t *len, const char *name, const char *value)
{
	const char *q = strpbrk(value, " \t\"") != NULL ? "\"" : "";
	char *item;
	int n;

	if ((n = asprintf(&item, "%s%s=%s%s%s", *len > 0 ? " " : "", name, q,
	    value, q)) == -1)
		err(1, NULL);
	if ((*s = realloc(*s, *len + n + 1)) == NULL)
		err(1, NULL);
	memcpy(*s + *len, item, n + 1);
	*len += n;
	free(item);
}

/*
 * "csum=Y gso=Y napi_tx=Y", as modprobe takes parameters.  One that is
 * not ours to read (some are write-only) is left out.
 */
static int
get_parameters(struct ns_obj *o, struct ns_val *v)
{
	struct mod *m;
	char **names, *s = NULL, *value, file[PATH_MAX];
	size_t i, n, len = 0;

	if ((m = entry(o)) == NULL)
		return -1;
	names = sys_dir(m, "parameters", &n);
	if (n > 0)
		qsort(names, n, sizeof(*names), ns_cmp_strings);
	value = ns_xmalloc(VALUE_MAX);
	for (i = 0; i < n; i++) {
		snprintf(file, sizeof(file), "parameters/%s", names[i]);
		if (read_sys(m, file, value, VALUE_MAX) == -1)
			continue;
		append_param(&s, &len, names[i], value);
	}
	free(value);
	ns_free_strings(names, n);
	if (s == NULL)
		return ns_none();
	ns_val_add(v, s);
	free(s);
	return 0;
}

static int
get_version(struct ns_obj *o, struct ns_val *v)
{
	return sys_string(o, v, "version");
}

static int
get_srcversion(struct ns_obj *o, struct ns_val *v)
{
	return sys_string(o, v, "srcversion");
}

/* The taint letters (O out of tree, E unsigned...), as lsmod shows. */
static int
get_taint(struct ns_obj *o, struct ns_val *v)
{
	struct mod *m;

	if ((m = entry(o)) == NULL)
		return -1;
	if (m->listed) {
		if (m->taint == NULL || *m->taint == '\0')
			return ns_none();
		ns_val_add(v, m->taint);
		return 0;
	}
	return sys_string(o, v, "taint");
}

/* The drivers, "pci:virtio-pci virtio:virtio_net", one name each. */
static int
get_drivers(struct ns_obj *o, struct ns_val *v)
{
	struct mod *m;
	char **names, *s = NULL;
	size_t i, n, len = 0, l;

	if ((m = entry(o)) == NULL)
		return -1;
	if ((names = sys_dir(m, "drivers", &n)) == NULL || n == 0) {
		free(names);
		errno = ENOENT;
		return -1;
	}
	if (n > 0)
		qsort(names, n, sizeof(*names), ns_cmp_strings);
	for (i = 0; i < n; i++) {
		l = strlen(names[i]);
		if ((s = realloc(s, len + l + 2)) == NULL)
			err(1, NULL);
		if (len > 0)
			s[len++] = ' ';
		memcpy(s + len, names[i], l + 1);
		len += l;
	}
	ns_val_add(v, s);
	free(s);
	ns_free_strings(names, n);
	return 0;
}

/*
 * The devices bound to one driver: the links in its sysfs directory
 * other than "module", each resolved as the device directory it is.  A
 * device the namespace cannot place under /dev is left out.
 */
static void
add_bound(struct ns_val *v, const struct mod *m, const char *driver)
{
	char path[PATH_MAX], dev[PATH_MAX];
	struct ns_obj d;
	struct dirent *de;
	DIR *dir;

	snprintf(path, sizeof(path), "%s/%s/drivers/%s", sys_module, m->name,
	    driver);
	if ((dir = opendir(path)) == NULL)
		return;
	while ((de = readdir(dir)) != NULL) {
		if (de->d_type != DT_LNK || strcmp(de->d_name, "module") == 0)
			continue;
		if ((size_t)snprintf(dev, sizeof(dev), "%s/%s", path,
		    de->d_name) >= sizeof(dev))
			continue;
		if (ns_resolve_into(&d, dev) == -1)
			continue;
		if (strncmp(d.path, "/dev/", 5) == 0)
			ns_val_add(v, d.path);
		ns_obj_clear(&d);
	}
	closedir(dir);
}

static int
get_bound(struct ns_obj *o, struct ns_val *v)
{
	struct mod *m;
	char **names;
	size_t i, n;

	if ((m = entry(o)) == NULL)
		return -1;
	names = sys_dir(m, "drivers", &n);
	if (n > 0)
		qsort(names, n, sizeof(*names), ns_cmp_strings);
	for (i = 0; i < n; i++)
		add_bound(v, m, names[i]);
	ns_free_strings(names, n);
	return 0;
}

/*
 * "virtio_net 61440 0 used by: -" for a loaded module, as lsmod prints
 * one; "ext4 builtin" for one built in.
 */
static int
mod_summary(struct ns_obj *o, struct ns_val *v)
{
	struct mod *m;
	char refcnt[32], buf[32], *users = NULL;
	const char *state;
	size_t i, len = 0, l;
	uint64_t size, n;

	if ((m = entry(o)) == NULL)
		return -1;
	if (!m->listed) {
		state = state_of(m, buf, sizeof(buf));
		if (strcmp(state, "builtin") == 0 ||
		    sys_number(m, "coresize", &size) == -1) {
			ns_val_addf(v, "%s %s", m->name, state);
			return 0;
		}
		if (sys_number(m, "refcnt", &n) == -1)
			strlcpy(refcnt, "-", sizeof(refcnt));
		else
			snprintf(refcnt, sizeof(refcnt), "%llu",
			    (unsigned long long)n);
		ns_val_addf(v, "%s %llu %s used by: -", m->name,
		    (unsigned long long)size, refcnt);
		return 0;
	}
	if (m->has_refcnt)
		snprintf(refcnt, sizeof(refcnt), "%llu",
		    (unsigned long long)m->refcnt);
	else
		strlcpy(refcnt, "-", sizeof(refcnt));
	for (i = 0; i < m->nholders; i++) {
		l = strlen(m->holders[i]);
		if ((users = realloc(users, len + l + 2)) == NULL)
			err(1, NULL);
		if (len > 0)
			users[len++] = ',';
		memcpy(users + len, m->holders[i], l + 1);
		len += l;
	}
	ns_val_addf(v, "%s %llu %s used by: %s", m->name,
	    (unsigned long long)m->size, refcnt, users != NULL ? users : "-");
	free(users);
	return 0;
}

static const struct ns_attr mod_attrs[] = {
	{ "name", NS_STRING, "module name", get_name },
	{ "state", NS_STRING, "live, coming, going, or builtin",
	    get_state },
	{ "size", NS_NUMBER, "size in bytes of a loaded module", get_size },
	{ "refcount", NS_NUMBER, "references that keep it loaded",
	    get_refcount },
	{ "holders", NS_LINKS, "modules that use it (lsmod's used by)",
	    get_holders },
	{ "uses", NS_LINKS, "modules it uses", get_uses },
	{ "parameters", NS_STRING, "parameters as modprobe takes them",
	    get_parameters },
	{ "version", NS_STRING, "version the module declares", get_version },
	{ "srcversion", NS_STRING, "checksum of its source", get_srcversion },
	{ "taint", NS_STRING, "taint letters: O out of tree, E unsigned...",
	    get_taint },
	{ "drivers", NS_STRING, "drivers it provides, as BUS:DRIVER",
	    get_drivers },
	{ "bound", NS_LINKS, "devices bound to its drivers", get_bound },
	{ NULL }
};

static const struct ns_class mod_class = {
	.type = "module",
	.attrs = mod_attrs,
	.summary = mod_summary,
};

static int
top_list(struct ns_obj *o, ns_emit_fn emit, void *arg)
{
	struct ns_obj c = {0};
	size_t i;
	int stop = 0;

	(void)o;
	load();
	for (i = 0; i < nmods && !stop; i++) {
		ns_obj_set(&c, &mod_class, "/module/%s", mods[i].name);
		stop = emit(&c, arg);
		ns_obj_clear(&c);
	}
	return stop;
}

static int
top_summary(struct ns_obj *o, struct ns_val *v)
{
	size_t n = ns_count_children(o);

	ns_val_addf(v, "%zu module%s", n, n == 1 ? "" : "s");
	return 0;
}

static const struct ns_class top_class = {
	.type = "modules",
	.attrs = ns_no_attrs,
	.list = top_list,
	.summary = top_summary,
};

/* The module of a name, or of the name with '-' read as '_'. */
static struct mod *
find_alias(const char *name)
{
	struct mod *m;
	char *s, *p;

	if ((m = find(name)) != NULL || strchr(name, '-') == NULL)
		return m;
	s = ns_xstrdup(name);
	for (p = s; *p != '\0'; p++)
		if (*p == '-')
			*p = '_';
	m = find(s);
	free(s);
	return m;
}

static int
module_lookup(struct ns_obj *o, char **comp, int n)
{
	struct mod *m;

	if (n == 0)
		return ns_obj_set(o, &top_class, "/module");
	if (n > 1 || (m = find_alias(comp[0])) == NULL)
		return ns_none();
	return ns_obj_set(o, &mod_class, "/module/%s", m->name);
}

/* /sys/module/NAME, the module's own directory, is the module. */
static int
module_recognize(struct ns_obj *o, const char *path, const struct stat *st)
{
	size_t len = strlen(sys_module);
	const char *name;
	struct mod *m;

	if (!S_ISDIR(st->st_mode) || strncmp(path, sys_module, len) != 0 ||
	    path[len] != '/')
		return 0;
	name = path + len + 1;
	if (*name == '\0' || strchr(name, '/') != NULL ||
	    (m = find(name)) == NULL)
		return 0;
	return ns_obj_set(o, &mod_class, "/module/%s", m->name) == -1 ? -1 : 1;
}

NS_PROVIDER(ns_module_provider,
	.name = "module",
	.help = "kernel modules, by name",
	.lookup = module_lookup,
	.recognize = module_recognize,
	.classes = NS_CLASSES(&top_class, &mod_class));
