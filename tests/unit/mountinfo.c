/*
 * mountinfo lines as proc(5) shows them, and as the kernel escapes them.
 */
#include <sys/sysmacros.h>

#include <string.h>

#include "mountinfo.h"
#include "tap.h"

static void
lines(void)
{
	static const struct tap_bad bad[] = {
		{ "36 35 98:0 /mnt1 /mnt2 rw,noatime master:1 ext3",
		    "no separator" },
		{ "36 35 98:0 /mnt1 /mnt2 rw - ext3", "no source" },
		{ "36 35 98-0 /mnt1 /mnt2 rw - ext3 x rw",
		    "no colon in the numbers" },
		{ "36 35 4096:0 / / rw - ext3 x rw", "a major past 12 bits" },
		{ "x 35 8:0 / / rw - ext3 x rw", "an id not a number" },
		{ "", "an empty line" },
	};
	struct ns_mountinfo m;
	char line[512];
	size_t i;

	strlcpy(line, "36 35 98:0 /mnt1 /mnt2 rw,noatime master:1 - ext3 "
	    "/dev/root rw,errors=continue", sizeof(line));
	is_int(ns_mountinfo_parse(line, &m), 0, "proc(5)'s example");
	is_int(m.id, 36, "id");
	is_int(m.parent, 35, "parent");
	ok(m.dev == makedev(98, 0), "98:0");
	is_str(m.root, "/mnt1", "root");
	is_str(m.target, "/mnt2", "target");
	is_str(m.fstype, "ext3", "type after the optional fields");
	is_str(m.source, "/dev/root", "source");

	strlcpy(line, "25 1 0:22 / /dev/mqueue rw,relatime - mqueue mqueue rw",
	    sizeof(line));
	is_int(ns_mountinfo_parse(line, &m), 0, "no optional field");
	is_str(m.fstype, "mqueue", "mqueue");
	is_str(m.target, "/dev/mqueue", "its directory");

	strlcpy(line, "612 29 0:4 net:[4026532281] /run/netns/a\\040b "
	    "rw shared:7 master:2 - nsfs nsfs rw", sizeof(line));
	is_int(ns_mountinfo_parse(line, &m), 0, "two optional fields");
	is_str(m.root, "net:[4026532281]", "an nsfs root");
	is_str(m.target, "/run/netns/a b", "\\040 is a blank");
	is_str(m.fstype, "nsfs", "nsfs");

	strlcpy(line, "1 0 8:1 / / rw - ext4 /dev/my\\134disk rw", sizeof(line));
	is_int(ns_mountinfo_parse(line, &m), 0, "an escaped source");
	is_str(m.source, "/dev/my\\disk", "\\134 is a backslash");

	for (i = 0; i < TAP_NITEMS(bad); i++) {
		strlcpy(line, bad[i].line, sizeof(line));
		is_int(ns_mountinfo_parse(line, &m), -1, "%s", bad[i].what);
	}
}

static void
escapes(void)
{
	char s[64];

	strlcpy(s, "a\\011b\\012c\\\\d\\9", sizeof(s));
	ns_mountinfo_unescape(s);
	is_str(s, "a\tb\nc\\\\d\\9", "tab and newline; not an escape stays");
	strlcpy(s, "\\400", sizeof(s));
	ns_mountinfo_unescape(s);
	is_str(s, "\\400", "past a byte stays");
	strlcpy(s, "end\\04", sizeof(s));
	ns_mountinfo_unescape(s);
	is_str(s, "end\\04", "a cut escape stays");
}

int
main(void)
{
	lines();
	escapes();
	return done_testing();
}
