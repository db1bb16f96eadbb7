/*
 * The -o column list (ns_out_columns, through ns_optlist), fuzzed, and the
 * quoting of input in messages (ns_escape_cut).  Whatever -o holds, the
 * layer takes it or refuses it: a list it takes has a column and no empty
 * name, and a row printed raw is one line of non-empty fields (an empty
 * list once divided by zero there).  A quote is printable ASCII, never
 * longer than its limit and its mark, and is the input's escaped form or
 * a cut of it.
 */
#include "ns.h"
#include "provider.h"
#include "core.h"

#include "fuzz.h"
#include "memout.h"

/* A class with no attribute of its own: every column but path, type
 * and count is a cell with no value. */
static const struct ns_class bare_class = {
	.type = "bare",
};

/* The fields of a raw line: one blank apart, none empty, a newline at
 * the end. */
static void
check_raw(const char *out)
{
	const char *p;

	FUZZ_CHECK(*out != '\0' && *out != ' ');
	for (p = out; *p != '\n'; p++) {
		FUZZ_CHECK(*p > ' ' || (*p == ' ' && p[1] != ' ' &&
		    p[1] != '\n'));
		FUZZ_CHECK((unsigned char)*p < 0x7f);
	}
	FUZZ_CHECK(p[1] == '\0');
}

static void
columns(const char *list, int empty)
{
	struct ns_obj o = { 0 };
	struct ns_out *out;
	struct memout m;

	memout_open(&m);
	out = memout_table(&m, NS_FMT_RAW, 1);
	if (ns_out_columns(out, list, "path") == 0) {
		FUZZ_CHECK(!empty);
		if (ns_obj_set(&o, &bare_class, "/bare") == -1)
			abort();
		FUZZ_CHECK(ns_out_row(out, &o) == 0);
		FUZZ_CHECK(ns_out_flush(out) == 0);
		ns_obj_clear(&o);
	}
	ns_out_free(out);
	memout_close(&m);
	if (m.len > 0)
		check_raw(m.buf);
	free(m.buf);
}

/* Whether the list, less a leading "+", is empty or has an empty name. */
static int
has_empty(const char *list)
{
	if (*list == '+')
		list++;
	return *list == '\0' || *list == ',' ||
	    list[strlen(list) - 1] == ',' || strstr(list, ",,") != NULL;
}

static void
quote(const uint8_t *data, size_t size, size_t max)
{
	char *q, *e, *s;
	size_t n;

	if ((q = ns_escape_cut((const char *)data, size, max)) == NULL)
		abort();
	n = strlen(q);
	FUZZ_CHECK(n <= max + 3);
	for (e = q; *e != '\0'; e++)
		FUZZ_CHECK(*e > ' ' && *e < 0x7f);
	/* Without NUL bytes, the escaped input itself, or a cut of it. */
	if (memchr(data, '\0', size) == NULL) {
		s = fuzz_string(data, size);
		if ((e = ns_escape(s)) == NULL)
			abort();
		if (strlen(e) <= max)
			FUZZ_CHECK(strcmp(q, e) == 0);
		else
			FUZZ_CHECK(n >= 3 && strcmp(q + n - 3, "...") == 0 &&
			    strncmp(q, e, n - 3) == 0 && n - 3 + 4 > max);
		free(e);
		free(s);
	}
	free(q);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *s;

	s = fuzz_string(data, size);
	columns(s, has_empty(s));
	free(s);
	quote(data, size, 256);
	quote(data, size, size % 17);
	return 0;
}
