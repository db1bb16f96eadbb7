/*
 * /proc/devices (devparse.h), fuzzed: each line read under the heading
 * last seen, as the /dev provider reads the file.
 */
#include "devparse.h"

#include "fuzz.h"

static void
line(char *s, void *arg)
{
	char *type = arg, *name, *end = s + strlen(s);
	unsigned int major;

	if (ns_dev_parse_devices_line(s, type, &major, &name) == 0)
		return;
	FUZZ_CHECK(*type == 'c' || *type == 'b');
	FUZZ_CHECK(major <= 4095);
	/* The name is the rest of the line. */
	FUZZ_CHECK(name > s && name <= end && name + strlen(name) == end);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text, type = 0;

	text = fuzz_string(data, size);
	fuzz_lines(text, line, &type);
	free(text);
	return 0;
}
