/*
 * One attribute name, one type: a column named "user" is a link on
 * every class that has it, never a link on one and text on another, so
 * that a query or a script reading it need not know the class first.
 * Every attribute of every class of every provider, against the first
 * class that has its name.
 */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "core.h"
#include "tap.h"

static const char *const type_names[] = {
	[NS_STRING] = "string", [NS_NUMBER] = "number", [NS_LINK] = "link",
	[NS_LINKS] = "links", [NS_STRINGS] = "strings",
};

/* The first attribute of this name in the registry, and its class. */
static const struct ns_attr *
first_of(const char *name, const struct ns_class **clsp)
{
	const struct ns_provider *const *p;
	const struct ns_class *const *c;
	const struct ns_attr *a;
	size_t i, n;

	for (a = ns_core_attrs; a->name != NULL; a++)
		if (strcasecmp(a->name, name) == 0) {
			*clsp = NULL;
			return a;
		}
	p = ns_providers(&n);
	for (i = 0; i < n; i++)
		for (c = p[i]->classes; c != NULL && *c != NULL; c++)
			for (a = (*c)->attrs; a != NULL && a->name != NULL;
			    a++)
				if (strcasecmp(a->name, name) == 0) {
					*clsp = *c;
					return a;
				}
	return NULL;
}

int
main(void)
{
	const struct ns_provider *const *p;
	const struct ns_class *const *c, *fc;
	const struct ns_attr *a, *f;
	size_t i, n, bad = 0, seen = 0;

	p = ns_providers(&n);
	for (i = 0; i < n; i++)
		for (c = p[i]->classes; c != NULL && *c != NULL; c++)
			for (a = (*c)->attrs; a != NULL && a->name != NULL;
			    a++) {
				seen++;
				f = first_of(a->name, &fc);
				if (f->type == a->type)
					continue;
				bad++;
				ok(0, "%s is a %s on %s but a %s on %s", a->name,
				    type_names[a->type], (*c)->type,
				    type_names[f->type],
				    fc != NULL ? fc->type : "every object");
			}
	ok(seen > 100, "%zu attributes of every class seen", seen);
	ok(bad == 0, "every attribute name has one type");
	return done_testing();
}
