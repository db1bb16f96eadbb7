/*
 * The text of another network namespace's view (netnsparse.h), fuzzed:
 * a prefix the reader takes prints back as the text it read, and a
 * rewrite changes only the words that are paths of the namespace's
 * providers or of the caller's own namespace, each by its prefix.
 */
#include <inttypes.h>

#include "netnsparse.h"

#include "fuzz.h"

/* Whether s has a word the rewrite changes. */
static int
has_path(const char *s)
{
	const char *w[] = { "/dev/net", "/net", "/ns/net/7/" };
	size_t i, k, n;

	for (i = 0; s[i] != '\0'; i++) {
		if (i > 0 && s[i - 1] != ' ')
			continue;
		for (k = 0; k < 3; k++) {
			n = strlen(w[k]);
			if (strncmp(s + i, w[k], n) == 0)
				return 1;
		}
	}
	return 0;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text, *out, back[64];
	uint64_t ino;
	size_t len, words = 1, i;

	text = fuzz_string(data, size);
	if (ns_netns_prefix(text, &ino, &len) == 0) {
		FUZZ_CHECK(ino != 0 && len <= strlen(text));
		FUZZ_CHECK(text[len] == '\0' || text[len] == '/');
		snprintf(back, sizeof(back), "/ns/net/%" PRIu64, ino);
		FUZZ_CHECK(strlen(back) == len &&
		    strncmp(back, text, len) == 0);
	}
	for (i = 0; text[i] != '\0'; i++)
		words += text[i] == ' ';
	out = ns_netns_rewrite(text, 42, 7);
	FUZZ_CHECK(strlen(out) <= strlen(text) + words * strlen("/ns/net/42"));
	if (!has_path(text))
		FUZZ_CHECK(strcmp(out, text) == 0);
	free(out);
	free(text);
	return 0;
}
