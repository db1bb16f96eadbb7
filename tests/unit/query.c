/*
 * Filter expressions (lib/query.c): every operator, type and precedence
 * rule, lists and missing values, and the errors, each pointing at its
 * column.  The objects are tables of NAME=VALUE pairs; a value "a|b" is a
 * list of two.
 */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "query.h"
#include "tap.h"

/* The attributes the parser knows, with their types. */
static const struct {
	const char	*name;
	enum ns_type	 type;
} known[] = {
	{ "pid", NS_NUMBER }, { "comm", NS_STRING }, { "state", NS_STRING },
	{ "fds", NS_LINKS }, { "size", NS_NUMBER }, { "name", NS_STRING },
	{ "deleted", NS_STRING }, { "path", NS_LINK },
};

static int
is_known(const char *name)
{
	size_t i;

	for (i = 0; i < sizeof(known) / sizeof(known[0]); i++)
		if (strcasecmp(known[i].name, name) == 0)
			return 1;
	return 0;
}

static int reads;		/* how many values were fetched */

/* obj is "name=value;name=value", a value "a|b" a list. */
static int
get(void *arg, const char *name, struct ns_val *v, enum ns_type *type)
{
	const char *obj = arg, *p, *end;
	size_t i, n = strlen(name);

	reads++;
	for (i = 0; i < sizeof(known) / sizeof(known[0]); i++)
		if (strcasecmp(known[i].name, name) == 0)
			*type = known[i].type;
	for (p = obj; *p != '\0'; p += strcspn(p, ";"), p += *p == ';') {
		if (strncasecmp(p, name, n) != 0 || p[n] != '=')
			continue;
		p += n + 1;
		for (;;) {
			end = p + strcspn(p, "|;");
			ns_val_addn(v, p, end - p);
			if (*end != '|')
				return 0;
			p = end + 1;
		}
	}
	return -1;
}

static void
matches(const char *expr, const char *obj, int want)
{
	char err[256] = "";
	struct ns_query *q = ns_query_parse(expr, is_known, err, sizeof(err));

	if (q == NULL) {
		ok(0, "%s parses (%s)", expr, err);
		return;
	}
	is_int(ns_query_match(q, get, (void *)obj), want, "%s on {%s}", expr,
	    obj);
	ns_query_free(q);
}

static void
refuses(const char *expr, const char *want)
{
	char err[256] = "";
	struct ns_query *q = ns_query_parse(expr, is_known, err, sizeof(err));

	ok(q == NULL, "%s is refused", expr);
	is_str(err, want, "%s: the error says where", expr);
	ns_query_free(q);
}

static const char *proc1 = "pid=1;comm=init;state=S;fds=/proc/1/fd/3|"
    "/proc/7/fd/4;size=4096";

int
main(void)
{
	struct ns_query *q;
	char err[64];

	/* Comparison operators, numbers as numbers. */
	matches("pid == 1", proc1, 1);
	matches("pid eq 1", proc1, 1);
	matches("pid != 1", proc1, 0);
	matches("pid ne 2", proc1, 1);
	matches("size > 999", proc1, 1);
	matches("size >= 4096", proc1, 1);
	matches("size < 10000", proc1, 1);	/* not "10000" < "4096" */
	matches("size lt 10000", proc1, 1);
	matches("size <= 4095", proc1, 0);
	matches("size gt 4096", proc1, 0);
	matches("size ge 4096.0", proc1, 1);
	matches("pid == 01", proc1, 1);
	/* Strings as strings, even when a literal looks like a number. */
	matches("comm == \"init\"", proc1, 1);
	matches("comm == 'init'", proc1, 1);
	matches("comm < \"j\"", proc1, 1);
	matches("state == \"S\" && comm != \"bash\"", proc1, 1);
	matches("comm == \"in\\\"it\"", "comm=in\"it", 1);
	/* Regular expressions, extended. */
	matches("comm =~ \"^i(n|x)it$\"", proc1, 1);
	matches("comm !~ \"^ba\"", proc1, 1);
	matches("comm !~ \"ni\"", proc1, 0);
	/* Column names in either case; keywords too. */
	matches("PID == 1 AND Comm == \"init\"", proc1, 1);
	/* Boolean operators and precedence: and binds tighter than or. */
	matches("pid == 2 || pid == 1 && comm == \"init\"", proc1, 1);
	matches("pid == 1 || pid == 2 && comm == \"x\"", proc1, 1);
	matches("(pid == 1 || pid == 2) && comm == \"x\"", proc1, 0);
	matches("!(pid == 1)", proc1, 0);
	matches("not pid == 2", proc1, 1);
	matches("! ! (pid == 1)", proc1, 1);
	matches("pid == 2 or comm == \"init\"", proc1, 1);
	/* A list matches when any element does; != when none equals. */
	matches("fds == \"/proc/7/fd/4\"", proc1, 1);
	matches("fds =~ \"^/proc/1/\"", proc1, 1);
	matches("fds != \"/proc/7/fd/4\"", proc1, 0);
	matches("fds != \"/proc/9/fd/4\"", proc1, 1);
	matches("fds !~ \"^/proc/\"", proc1, 0);
	/* A missing value: false for all but !=. */
	matches("name == \"x\"", proc1, 0);
	matches("name != \"x\"", proc1, 1);
	matches("name < \"x\"", proc1, 0);
	matches("name =~ \".*\"", proc1, 0);
	matches("name !~ \"x\"", proc1, 0);
	matches("name", proc1, 0);
	matches("!name", proc1, 1);
	/* An attribute alone, and boolean literals. */
	matches("deleted", "deleted=yes", 1);
	matches("deleted", "deleted=no", 0);
	matches("deleted", "deleted=0", 0);
	matches("deleted == true", "deleted=yes", 1);
	matches("deleted == false", "deleted=no", 1);
	matches("true", "", 1);
	matches("false || pid == 1", proc1, 1);
	/* Two attributes compared with each other. */
	matches("pid < size", proc1, 1);

	/* Lazy: the right side of && is not read when the left is false. */
	q = ns_query_parse("pid == 2 && comm == \"x\"", is_known, err,
	    sizeof(err));
	reads = 0;
	ns_query_match(q, get, (void *)proc1);
	is_int(reads, 1, "a false left side of && reads nothing more");
	is_int((int)ns_query_nnames(q), 2, "the names read: two");
	is_str(ns_query_name(q, 1), "comm", "the second name is comm");
	reads = 0;
	ns_query_match(q, get, (void *)proc1);
	is_int(reads, 1, "each object reads afresh");
	ns_query_free(q);
	q = ns_query_parse("pid > 0 && pid < 9", is_known, err, sizeof(err));
	reads = 0;
	ns_query_match(q, get, (void *)proc1);
	is_int(reads, 1, "an attribute named twice is read once an object");
	ns_query_free(q);

	/* Errors, each at its column. */
	refuses("", "column 1: an empty expression");
	refuses("   ", "column 1: an empty expression");
	refuses("sate == \"R\"", "column 1: unknown attribute \"sate\"");
	refuses("pid == 1 && sate", "column 13: unknown attribute \"sate\"");
	refuses("pid ==", "column 7: an attribute or a value expected at the end");
	refuses("pid == == 1", "column 8: an attribute or a value expected");
	refuses("(pid == 1", "column 10: ')' expected for the '(' at column 1");
	refuses("pid == 1)", "column 9: ')' with no '(' before it");
	refuses("pid 1", "column 5: an operator expected");
	refuses("comm == \"init", "column 9: a string with no closing \"");
	refuses("comm =~ \"(\"", "column 9: bad regular expression: "
	    "Unmatched ( or \\(");
	refuses("comm =~ \"((a{0,255}){0,255}){0,255}\"", "column 9: bad "
	    "regular expression: its repetitions make it too large");
	refuses("comm =~ \"^a++++++++++++++++++++++++++++++++++++++\"",
	    "column 9: bad regular expression: its repetitions make it too "
	    "large");
	/* Fewer than the limit, but a repetition of a repetition, which
	 * glibc compiles in time exponential in the chain (fuzzed). */
	refuses("pid =~ \"\xff++?+++++++++++\"", "column 8: bad regular "
	    "expression: its repetitions make it too large");
	refuses("comm =~ \"a*{2}\"", "column 9: bad regular expression: "
	    "its repetitions make it too large");
	matches("comm =~ \"^[0-9]+\\\\.[0-9]+(x{2,3}|y+)?[]a{]{1,99}$\"",
	    "comm=10.5xxa{", 1);
	matches("comm =~ \"^i{1}n{1,2}i\\\\{9999}\"", "comm=ini{9999}", 1);
	refuses("comm =~ pid", "column 9: a regular expression must be a "
	    "quoted string");
	refuses("pid == 1 ; pid", "column 10: unexpected ';'");
	refuses("pid == \x1b", "column 8: unexpected byte \\x1b");
	refuses("&& pid", "column 1: an attribute or a value expected");
	{
		char deep[1000];

		memset(deep, '(', 600);
		strcpy(deep + 600, "pid");
		refuses(deep, "column 201: nested too deep");
	}
	{
		char nots[400];

		/* ! nests as a parenthesis does. */
		memset(nots, '!', 300);
		strcpy(nots + 300, "pid");
		refuses(nots, "column 201: nested too deep");
		nots[199] = '(';
		strcpy(nots + 200, "pid)");
		refuses(nots, "column 201: nested too deep");
		nots[198] = '(';
		strcpy(nots + 199, "pid)");
		matches(nots, proc1, 1);
	}
	{
		/* A chain is as long as it is written, not as deep: only
		 * nesting is bounded. */
		const size_t n = 100000;
		char *chain, *p;
		size_t i;

		if ((chain = malloc(sizeof("||pid == 2") * (n + 2))) == NULL)
			abort();
		p = stpcpy(chain, "(pid == 2");
		for (i = 1; i < n; i++)
			p = stpcpy(p, "||pid == 2");
		strcpy(p, ")||pid==1");
		matches(chain, proc1, 1);
		matches(chain, "pid=2", 1);
		matches(chain, "pid=3", 0);
		for (p = chain; (p = strstr(p, "||")) != NULL; p += 2)
			memcpy(p, "&&", 2);
		matches(chain, "pid=2", 0);
		chain[strlen(chain) - 1] = '2';
		matches(chain, "pid=2", 1);
		free(chain);
	}
	return done_testing();
}
