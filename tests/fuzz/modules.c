/*
 * /proc/modules (modparse.h), fuzzed twice: each line through the line
 * reader and its used-by list, and the whole text as the module table
 * itself, listed through the /module provider with every attribute of
 * every module asked for.
 */
#include <sys/mman.h>

#include <unistd.h>

#include "modparse.h"
#include "provider.h"

#include "fuzz.h"

static void
line(char *s, void *arg)
{
	struct mod_line ml;
	char *list, *user;
	int permanent = 0;

	if (ns_mod_parse_line(s, &ml) == -1)
		return;
	FUZZ_CHECK(ml.name != NULL && ml.usedby != NULL && ml.state != NULL);
	FUZZ_CHECK(ml.has_refcnt || ml.refcnt == 0);
	(void)ns_mod_state_name(ml.state);
	for (list = ml.usedby; (user = ns_mod_next_user(&list, &permanent)) !=
	    NULL;)
		FUZZ_CHECK(*user != '\0' && strchr(user, ',') == NULL);
}

/* Every attribute of one module; a module has no children. */
static int
module(struct ns_obj *o, void *arg)
{
	const struct ns_attr *a;
	char *v;
	size_t n;

	FUZZ_CHECK(strncmp(ns_obj_path(o), "/module/", 8) == 0);
	for (a = o->cls->attrs; a->name != NULL; a++)
		if ((v = ns_obj_attr(o, a->name, &n)) != NULL)
			free(v);
	if ((v = ns_obj_attr(o, "summary", &n)) != NULL)
		free(v);
	(*(int *)arg)++;
	return 0;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static char path[64];
	static int fd = -1;
	struct ns_obj *top;
	char *text;
	int n = 0;

	text = fuzz_string(data, size);
	fuzz_lines(text, line, NULL);
	free(text);

	/* The table, read from a file that holds the input; /sys/module is
	 * left out, so that only the input makes modules. */
	if (fd == -1) {
		if ((fd = memfd_create("modules", 0)) == -1)
			abort();
		snprintf(path, sizeof(path), "/proc/self/fd/%d", fd);
	}
	if (ftruncate(fd, 0) == -1 ||
	    pwrite(fd, data, size, 0) != (ssize_t)size)
		abort();
	ns_mod_set_roots(path, "/nonexistent");
	if ((top = ns_resolve("/module")) == NULL)
		abort();
	FUZZ_CHECK(ns_list(top, module, &n) == 0);
	ns_obj_free(top);
	return 0;
}
