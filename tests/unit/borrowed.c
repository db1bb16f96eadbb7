/*
 * A column a descriptor shows of the object it refers to, or of the
 * process that holds it, is that object's column: the same name, type
 * and help (lib/core/columns.h declares each once).  For every such
 * column, some class of the lender has it exactly as the descriptor's
 * classes have it; and no two classes of the library give one column
 * name and one help text two types.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core.h"
#include "tap.h"

/* What a descriptor (fd) and an association (assoc) borrow, by the
 * type of the class they borrow from. */
static const struct {
	const char	*lender;
	const char	*const names[24];
} borrowed[] = {
	{ "process", { "pid", "comm", "cmdline", "ppid", "user", "euser",
	    "group", "egroup", "threads", "start", "cwd", "root", "exe",
	    "mntns", "pidns", "userns", "utsns", "ipcns", "cgroupns",
	    "timens", "nspid" } },
	{ "socket", { "state", "local", "remote", "peer", "sock_type" } },
	{ "eventfd", { "counter" } },
	{ "bpf-map", { "bpf_type", "bpf_name" } },
	{ "bpf-prog", { "bpf_tag", "bpf_name" } },
	{ "bpf_link", { "bpf_prog" } },
};

/* Call fn for every attribute of every class of the type. */
static int
each_of_type(const char *type, const char *name,
    int (*fn)(const struct ns_attr *, const struct ns_attr *),
    const struct ns_attr *with)
{
	const struct ns_provider *const *p;
	const struct ns_class *const *c;
	const struct ns_attr *a;
	size_t i, n;
	int found = 0;

	p = ns_providers(&n);
	for (i = 0; i < n; i++)
		for (c = p[i]->classes; c != NULL && *c != NULL; c++) {
			if (strcmp((*c)->type, type) != 0)
				continue;
			for (a = (*c)->attrs; a != NULL && a->name != NULL;
			    a++)
				if (strcmp(a->name, name) == 0)
					found |= fn(a, with);
		}
	return found;
}

static int
same(const struct ns_attr *a, const struct ns_attr *b)
{
	return a->type == b->type && strcmp(a->help, b->help) == 0;
}

static int
any(const struct ns_attr *a, const struct ns_attr *b)
{
	(void)a;
	(void)b;
	return 1;
}

/* The descriptor's own declaration of the column, the first found. */
static const struct ns_attr *found_attr;

static int
keep(const struct ns_attr *a, const struct ns_attr *b)
{
	(void)b;
	if (found_attr == NULL)
		found_attr = a;
	return 1;
}

static void
descriptor_columns(void)
{
	static const char *const borrowers[] = { "fd", "assoc" };
	size_t i, j, k;

	for (i = 0; i < TAP_NITEMS(borrowed); i++)
		for (j = 0; borrowed[i].names[j] != NULL; j++)
			for (k = 0; k < TAP_NITEMS(borrowers); k++) {
				const char *name = borrowed[i].names[j];

				found_attr = NULL;
				if (!each_of_type(borrowers[k], name, keep,
				    NULL))
					continue;
				ok(each_of_type(borrowed[i].lender, name,
				    same, found_attr),
				    "%s's %s is the %s's", borrowers[k], name,
				    borrowed[i].lender);
			}
	/* The lists name columns that exist. */
	for (i = 0; i < TAP_NITEMS(borrowed); i++)
		for (j = 0; borrowed[i].names[j] != NULL; j++)
			ok(each_of_type("fd", borrowed[i].names[j], any, NULL),
			    "a descriptor has %s", borrowed[i].names[j]);
}

/* Every attribute of every class, in one array. */
static const struct ns_attr **
all_attrs(size_t *count)
{
	const struct ns_provider *const *p;
	const struct ns_class *const *c;
	const struct ns_attr *a, **v = NULL;
	size_t i, n, m = 0;

	p = ns_providers(&n);
	for (i = 0; i < n; i++)
		for (c = p[i]->classes; c != NULL && *c != NULL; c++)
			for (a = (*c)->attrs; a != NULL && a->name != NULL;
			    a++) {
				v = ns_xreallocarray(v, m + 1, sizeof(*v));
				v[m++] = a;
			}
	*count = m;
	return v;
}

/* No column name and help text comes with two types. */
static void
one_type_per_meaning(void)
{
	const struct ns_attr **v;
	size_t i, j, n;
	int bad = 0;

	v = all_attrs(&n);
	for (i = 0; i < n; i++)
		for (j = i + 1; j < n; j++)
			if (strcmp(v[i]->name, v[j]->name) == 0 &&
			    strcmp(v[i]->help, v[j]->help) == 0 &&
			    v[i]->type != v[j]->type) {
				printf("# %s: two types\n", v[i]->name);
				bad++;
			}
	is_int(bad, 0, "one type for each column and help");
	free(v);
}

int
main(void)
{
	descriptor_columns();
	one_type_per_meaning();
	return done_testing();
}
