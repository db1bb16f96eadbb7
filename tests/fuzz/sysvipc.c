/*
 * The readers of /proc/sysvipc/{shm,sem,msg} and of a file of the mqueue
 * file system (ipcparse.h), fuzzed: the first line is read as the
 * heading, every other line as a row under it, and the whole text as a
 * queue's one line.
 */
#include "ipcparse.h"

#include "fuzz.h"

struct state {
	struct ipc_cols	 cols;
	int		 nlines;
	int		 heading;	/* the first line was one */
};

static void
line(char *s, void *arg)
{
	struct state *st = arg;
	struct ipc_row row;
	uint32_t allowed = 0;
	int i;

	if (st->nlines++ == 0) {
		st->heading = ns_ipc_parse_heading(s, &st->cols) == 0;
		if (st->heading)
			FUZZ_CHECK(st->cols.n > 0 && st->cols.n <= IPC_MAXCOLS);
		return;
	}
	if (!st->heading)
		return;
	if (ns_ipc_parse_row(&st->cols, s, &row) == -1)
		return;
	/* A row gives only the fields its heading names. */
	for (i = 0; i < st->cols.n; i++)
		if (st->cols.field[i] != -1) {
			FUZZ_CHECK(st->cols.field[i] >= 0 &&
			    st->cols.field[i] < IPC_NFIELDS);
			allowed |= 1U << st->cols.field[i];
		}
	FUZZ_CHECK((row.has & ~allowed) == 0);
	FUZZ_CHECK(row.v[IPC_KEY] <= UINT32_MAX);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct state st;
	struct mq_info mq;
	char *text;

	text = fuzz_string(data, size);
	if (ns_mq_parse(text, &mq) == 0)
		FUZZ_CHECK(mq.qsize <= INT64_MAX);
	memset(&st, 0, sizeof(st));
	fuzz_lines(text, line, &st);
	free(text);
	return 0;
}
