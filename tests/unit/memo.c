/*
 * A value a filter read is the value its row prints: the filter keeps
 * what it read with the object (ns_attr_get_kept), and the row is given
 * that, not a value read again, which for a counter, a state or a list
 * of holders may have changed meanwhile.  Each is read once.  A copy of
 * the object keeps them; an object set to another path drops them.
 */
#include <string.h>

#include "core.h"
#include "query.h"
#include "tap.h"

static int reads;

/* A counter that goes up at each read, as an eventfd's may. */
static int
get_counter(struct ns_obj *o, struct ns_val *v)
{
	(void)o;
	ns_val_num(v, (unsigned long long)++reads);
	return 0;
}

static int
get_none(struct ns_obj *o, struct ns_val *v)
{
	(void)o;
	(void)v;
	return ns_none();
}

static const struct ns_attr attrs[] = {
	{ "counter", NS_NUMBER, "goes up at each read", get_counter },
	{ "none", NS_STRING, "never has a value", get_none },
	{ NULL }
};

static const struct ns_class cls = {
	.type = "test",
	.attrs = attrs,
};

static int
known(const char *name)
{
	return strcmp(name, "counter") == 0 || strcmp(name, "none") == 0;
}

/* The value printed, as text. */
static const char *
printed(struct ns_obj *o, const char *name, struct ns_val *v)
{
	if (ns_attr_get(o, ns_attr_find(o->cls, name), v) == -1)
		return "(none)";
	return v->buf;
}

int
main(void)
{
	struct ns_query *q;
	struct ns_obj o = { 0 }, *d;
	struct ns_val v = { 0 };

	q = ns_filter_new_known("counter == 1 && !none", known);
	ok(q != NULL, "the filter parses");
	ns_obj_set(&o, &cls, "/test/1");
	ok(ns_filter_match(q, &o), "the first read matches");
	is_str(printed(&o, "counter", &v), "1", "the row prints what matched");
	is_str(printed(&o, "counter", &v), "1", "and again");
	is_int(reads, 1, "read once");
	is_str(printed(&o, "none", &v), "(none)", "none stays none");

	d = ns_obj_dup(&o);
	is_str(printed(d, "counter", &v), "1", "a copy keeps the value");
	is_int(reads, 1, "still read once");
	ns_obj_free(d);

	ns_obj_set(&o, &cls, "/test/2");
	is_str(printed(&o, "counter", &v), "2", "another object reads anew");
	is_str(printed(&o, "counter", &v), "3",
	    "a value read without a filter is not kept");
	ok(!ns_filter_match(q, &o), "the filter reads its own value");
	is_str(printed(&o, "counter", &v), "4",
	    "and the row prints that one");

	ns_obj_clear(&o);
	ns_val_free(&v);
	ns_filter_free(q);
	return done_testing();
}
