/*
 * A size as a table shows it, against what lsblk 2.38 prints for loop
 * devices of these sizes (lsblk -no SIZE): powers of 1024, one decimal
 * rounded, none where it is 0, and a carry that may give 1024M.
 */
#include <stdint.h>

#include "core.h"
#include "tap.h"

static const struct {
	uint64_t	 bytes;
	const char	*want;
} sizes[] = {
	{ 0, "0B" },
	{ 512, "512B" },
	{ 1023, "1023B" },
	{ 1024, "1K" },
	{ 1536, "1.5K" },
	{ 1000448, "977K" },
	{ 1048064, "1023.5K" },
	{ 1572864, "1.5M" },
	{ 1073741312, "1024M" },
	{ 1610612736, "1.5G" },
	{ 5000000000ULL, "4.7G" },
	{ 274877906944ULL, "256G" },
	{ 1ULL << 60, "1E" },
	{ UINT64_MAX, "16E" },
};

int
main(void)
{
	char buf[32];
	size_t i;

	for (i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
		ns_size_human(sizes[i].bytes, buf, sizeof(buf));
		is_str(buf, sizes[i].want, "%llu bytes",
		    (unsigned long long)sizes[i].bytes);
	}
	return done_testing();
}
