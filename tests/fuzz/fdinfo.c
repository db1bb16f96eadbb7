/*
 * The readers of /proc/PID/fdinfo/N text (fdparse.h), fuzzed: every reader on
 * every text, as a descriptor of one kind may be read as another when it
 * closes and its number is reused between two reads.  The strings made
 * from what they read go into buffers of exactly the size given, from
 * one byte up, so that a write past the end is caught.
 */
#include "fdparse.h"

#include "fuzz.h"

#define MAX_TFD		8
#define MAX_MARKS	8

/* The buffer sizes each string maker is tried with. */
static const size_t sizes[] = { 1, 2, 5, 16, 64, 512 };
#define NSIZES	(sizeof(sizes) / sizeof(sizes[0]))

static void
check_string(const char *buf, size_t size)
{
	FUZZ_CHECK(strlen(buf) < size);
}

static void
strings(const struct fdinfo_common *c, uint64_t sigmask,
    const struct fdinfo_tfd *tfd, int ntfd)
{
	char *buf;
	size_t i;
	int j;

	for (i = 0; i < NSIZES; i++) {
		if ((buf = malloc(sizes[i])) == NULL)
			abort();
		ns_fd_flags_string(c->flags, buf, sizes[i]);
		check_string(buf, sizes[i]);
		ns_fd_sigmask_string(sigmask, buf, sizes[i]);
		check_string(buf, sizes[i]);
		for (j = 0; j < ntfd && j < MAX_TFD; j++) {
			ns_fd_epoll_events_string(tfd[j].events, buf, sizes[i]);
			check_string(buf, sizes[i]);
		}
		free(buf);
	}
}

static void
field(const char *text, const char *key)
{
	char *buf;
	size_t i;

	for (i = 0; i < NSIZES; i++) {
		if ((buf = malloc(sizes[i])) == NULL)
			abort();
		if (ns_fdinfo_field(text, key, buf, sizes[i]) == 0)
			check_string(buf, sizes[i]);
		free(buf);
	}
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fdinfo_common c;
	struct fdinfo_eventfd ev;
	struct fdinfo_tfd tfd[MAX_TFD];
	struct fdinfo_timerfd t;
	struct fdinfo_mark marks[MAX_MARKS];
	struct fdinfo_fanotify fan;
	struct fdinfo_pidfd pidfd;
	struct fdinfo_bpf bpf;
	struct fdinfo_io_uring uring;
	struct fd_mapping map;
	uint64_t mask = 0;
	size_t nmarks = 0, nmarks1 = 0;
	char *text;
	int ntfd;

	text = fuzz_string(data, size);
	memset(&c, 0, sizeof(c));
	(void)ns_fdinfo_parse_common(text, &c);
	(void)ns_fdinfo_parse_eventfd(text, &ev);
	/* The count is of the lines, whatever room there is for them. */
	ntfd = ns_fdinfo_parse_epoll(text, tfd, MAX_TFD);
	FUZZ_CHECK(ntfd >= 0 && ns_fdinfo_parse_epoll(text, NULL, 0) == ntfd);
	if (ns_fdinfo_parse_timerfd(text, &t) == 0)
		(void)ns_fd_clock_name(t.clockid);
	(void)ns_fdinfo_parse_signalfd(text, &mask);
	FUZZ_CHECK(ns_fdinfo_parse_inotify(text, marks, MAX_MARKS) ==
	    ns_fdinfo_parse_inotify(text, marks, 1));
	/* As for inotify, the count is of the lines, not of the room. */
	FUZZ_CHECK(ns_fdinfo_parse_fanotify(text, &fan, marks, MAX_MARKS,
	    &nmarks) == ns_fdinfo_parse_fanotify(text, &fan, marks, 1,
	    &nmarks1));
	FUZZ_CHECK(nmarks == nmarks1);
	if (ns_fdinfo_parse_pidfd(text, &pidfd) == 0)
		FUZZ_CHECK(memchr(pidfd.nspid, '\0', sizeof(pidfd.nspid)));
	if (ns_fdinfo_parse_bpf(text, &bpf) == 0) {
		FUZZ_CHECK(memchr(bpf.tag, '\0', sizeof(bpf.tag)));
		(void)ns_fd_bpf_type_name(bpf.prog, bpf.type);
	}
	(void)ns_fdinfo_parse_io_uring(text, &uring);
	strings(&c, mask, tfd, ntfd);
	field(text, "pos");
	field(text, "flags");
	field(text, "Pid");
	field(text, "");
	/* A maps line is cut in place: its words and path stay in it. */
	if (ns_fd_parse_mapping(text, &map) == 0)
		FUZZ_CHECK(memchr(map.range, '\0', sizeof(map.range)) &&
		    map.path >= text && map.path <= text + size);
	free(text);
	return 0;
}
