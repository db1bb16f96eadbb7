/*
 * The output layer (lib/out.c), fuzzed: an object whose path and
 * attribute values are any bytes a name may hold, printed in every
 * format nscat prints a record in.  Rule 5 and the output contract must
 * hold whatever the bytes: no raw control byte reaches the output, one
 * attribute is one line of a table or of raw output (a newline in a
 * value cannot make a line of its own that reads as another attribute),
 * the pairs are one line, the JSON parses, libsmartcols's and the
 * layer's own, a raw row has a field a column, none of them empty, and
 * a tree the layer draws is the one libsmartcols draws.
 */
#include "core.h"
#include "ns.h"
#include "provider.h"

#include "fuzz.h"
#include "memout.h"

static const char *input;		/* this run's bytes, as a string */

static int
get_value(struct ns_obj *o, struct ns_val *v)
{
	ns_val_add(v, input);
	return 0;
}

/* The input's lines, one element each. */
static int
get_items(struct ns_obj *o, struct ns_val *v)
{
	const char *s, *nl;

	for (s = input; (nl = strchr(s, '\n')) != NULL; s = nl + 1)
		ns_val_addn(v, s, nl - s);
	ns_val_add(v, s);
	return 0;
}

static int
get_link(struct ns_obj *o, struct ns_val *v)
{
	ns_val_addf(v, "/fs/%s", input);
	return 0;
}

static const struct ns_attr attrs[] = {
	{ "value", NS_STRING, "the input", get_value },
	{ "items", NS_STRINGS, "its lines", get_items },
	{ "link", NS_LINK, "a path of it", get_link },
	{ "links", NS_LINKS, "paths of its lines", get_items },
	{ NULL }
};

static const struct ns_class fuzz_class = {
	.type = "fuzz",
	.attrs = attrs,
};

/*
 * A small JSON reader, enough to say whether a document parses: each
 * function takes the text at *s and moves past one value.
 */
static int	json_value(const char **, int);

static void
json_blank(const char **s)
{
	while (**s == ' ' || **s == '\t' || **s == '\n' || **s == '\r')
		(*s)++;
}

static int
json_string(const char **s)
{
	const char *p = *s;
	int i;

	if (*p++ != '"')
		return -1;
	for (; *p != '"'; p++) {
		if ((unsigned char)*p < 0x20)
			return -1;
		if (*p != '\\')
			continue;
		p++;
		if (*p == 'u') {
			for (i = 1; i <= 4; i++)
				if (strchr("0123456789abcdefABCDEF", p[i]) ==
				    NULL || p[i] == '\0')
					return -1;
			p += 4;
		} else if (*p == '\0' || strchr("\"\\/bfnrt", *p) == NULL)
			return -1;
	}
	*s = p + 1;
	return 0;
}

static int
json_list(const char **s, char close, int depth, int object)
{
	(*s)++;
	json_blank(s);
	if (**s == close) {
		(*s)++;
		return 0;
	}
	for (;;) {
		json_blank(s);
		if (object) {
			if (json_string(s) == -1)
				return -1;
			json_blank(s);
			if (*(*s)++ != ':')
				return -1;
		}
		if (json_value(s, depth + 1) == -1)
			return -1;
		json_blank(s);
		if (**s == close) {
			(*s)++;
			return 0;
		}
		if (*(*s)++ != ',')
			return -1;
	}
}

static int
json_value(const char **s, int depth)
{
	const char *p;

	if (depth > 32)
		return -1;
	json_blank(s);
	switch (**s) {
	case '{':
		return json_list(s, '}', depth, 1);
	case '[':
		return json_list(s, ']', depth, 0);
	case '"':
		return json_string(s);
	}
	if (strncmp(*s, "true", 4) == 0 || strncmp(*s, "null", 4) == 0) {
		*s += 4;
		return 0;
	}
	if (strncmp(*s, "false", 5) == 0) {
		*s += 5;
		return 0;
	}
	p = *s;
	if (*p == '-')
		p++;
	if (*p < '0' || *p > '9')
		return -1;
	while ((*p >= '0' && *p <= '9') || *p == '.' || *p == 'e' ||
	    *p == 'E' || *p == '+' || *p == '-')
		p++;
	*s = p;
	return 0;
}

static int
json_document(const char *s)
{
	if (json_value(&s, 0) == -1)
		return -1;
	json_blank(&s);
	return *s == '\0' ? 0 : -1;
}

/* No raw control byte but the newline: rule 5. */
static void
check_bytes(const char *out)
{
	const unsigned char *p;

	for (p = (const unsigned char *)out; *p != '\0'; p++)
		FUZZ_CHECK(*p == '\n' || (*p >= 0x20 && *p != 0x7f));
}

/* Each line of a table or of raw output starts with an attribute's name. */
static void
check_lines(const char *out)
{
	static const char *const keys[] = { "path ", "type ", "value ",
	    "items ", "link ", "links ", NULL };
	const char *line, *const *k;

	for (line = out; *line != '\0'; line = strchr(line, '\n') + 1) {
		for (k = keys; *k != NULL; k++)
			if (strncmp(line, *k, strlen(*k)) == 0)
				break;
		if (*k == NULL)
			fprintf(stderr, "a line of no attribute: %.40s\n", line);
		FUZZ_CHECK(*k != NULL);
		if (strchr(line, '\n') == NULL)
			break;
	}
}

/* Each line of raw output has as many fields as the heading, one blank
 * apart, none empty. */
static void
check_fields(const char *out)
{
	const char *p;
	size_t heading = 0, n = 0;
	int line = 0;

	for (p = out; *p != '\0'; p++) {
		FUZZ_CHECK(*p != ' ' || (p > out && p[-1] != ' ' &&
		    p[-1] != '\n' && p[1] != ' ' && p[1] != '\n'));
		if (*p == ' ')
			n++;
		if (*p != '\n')
			continue;
		FUZZ_CHECK(p > out && p[-1] != '\n');
		if (line++ == 0)
			heading = n;
		FUZZ_CHECK(n == heading);
		n = 0;
	}
	FUZZ_CHECK(line == 2);
}

/* The output is one JSON document; what it is, where it is not. */
static void
check_json(const char *out)
{
	if (json_document(out) == -1)
		fprintf(stderr, "no JSON:\n%s\n", out);
	FUZZ_CHECK(json_document(out) == 0);
}

/* The output of one record in one format, malloc'd; no raw control
 * byte in it. */
static char *
record(struct ns_obj *o, enum ns_format fmt)
{
	struct memout m;

	memout_open(&m);
	FUZZ_CHECK(ns_out_record(o, fmt, 0, m.fp) == 0);
	memout_close(&m);
	check_bytes(m.buf);
	return m.buf;
}

/* The object as a row of a table the layer writes itself (an aligned
 * one, raw, or JSON), as every tool prints to a pipe; malloc'd, with no
 * raw control byte in it. */
static char *
row(struct ns_obj *o, enum ns_format fmt)
{
	struct ns_out *out;
	struct memout m;

	memout_open(&m);
	out = memout_table(&m, fmt, 0);
	ns_out_columns_of(out, o);
	FUZZ_CHECK(ns_out_row(out, o) == 0);
	FUZZ_CHECK(ns_out_flush(out) == 0);
	ns_out_free(out);
	memout_close(&m);
	check_bytes(m.buf);
	return m.buf;
}

/* The object drawn as a tree on its value column, a root with two
 * children and a grandchild, laid out by the layer (own) or by
 * libsmartcols; malloc'd. */
static char *
drawn(struct ns_obj *o, int own)
{
	struct ns_row *root, *child;
	struct ns_out *out;
	struct memout m;

	memout_open(&m);
	out = ns_out_new(NS_FMT_TABLE, 0, "objects");
	ns_out_layout(out, m.fp, own);
	ns_out_columns_of(out, o);
	FUZZ_CHECK(ns_out_tree(out, "value") == 0);
	root = ns_out_child(out, o, NULL);
	child = ns_out_child(out, o, root);
	(void)ns_out_child(out, o, child);
	(void)ns_out_child(out, o, root);
	FUZZ_CHECK(ns_out_flush(out) == 0);
	ns_out_free(out);
	memout_close(&m);
	return m.buf;
}

/* A tree drawn by the layer is libsmartcols's drawing, byte for byte,
 * and puts no raw control byte out. */
static void
check_tree(struct ns_obj *o)
{
	char *own = drawn(o, 1), *scols = drawn(o, 0);

	check_bytes(own);
	if (strcmp(own, scols) != 0)
		fprintf(stderr, "the layer's tree:\n%s\nlibsmartcols's:\n%s\n",
		    own, scols);
	FUZZ_CHECK(strcmp(own, scols) == 0);
	free(own);
	free(scols);
}

/* The pairs of a record are one line. */
static void
check_pairs(const char *out)
{
	const char *nl;

	nl = strchr(out, '\n');
	FUZZ_CHECK(nl == NULL || nl[1] == '\0');
}

/* Every output the target makes of the object, and what must hold of
 * it beyond its bytes. */
static const struct output {
	char		*(*print)(struct ns_obj *, enum ns_format);
	enum ns_format	 fmt;
	void		 (*check)(const char *);
} outputs[] = {
	{ record, NS_FMT_TABLE, check_lines },
	{ record, NS_FMT_RAW, check_lines },
	{ record, NS_FMT_PAIRS, check_pairs },
	{ record, NS_FMT_JSON, check_json },
	{ row, NS_FMT_TABLE, NULL },
	{ row, NS_FMT_RAW, check_fields },
	{ row, NS_FMT_JSON, check_json },
};

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct ns_obj o = { 0 };
	char *s, *out;
	size_t i;

	s = fuzz_string(data, size);
	input = s;
	if (ns_obj_set(&o, &fuzz_class, "/fuzz/%s", s) == -1)
		abort();

	for (i = 0; i < sizeof(outputs) / sizeof(outputs[0]); i++) {
		out = outputs[i].print(&o, outputs[i].fmt);
		if (outputs[i].check != NULL)
			outputs[i].check(out);
		free(out);
	}
	check_tree(&o);

	ns_obj_clear(&o);
	free(s);
	return 0;
}
