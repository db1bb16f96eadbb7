/*
 * ipcparse.c: the /ipc provider's parsers (ipcparse.h), apart from the
 * reading of the files, so that the unit test and the fuzzer take them
 * alone.  A /proc/sysvipc table is read by its heading, not by position,
 * since a kernel may add columns; a file of the mqueue file system is
 * one line of NAME:VALUE pairs.
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ipcparse.h"

/* The heading's names; shmid, semid and msqid are all the id. */
static const struct {
	const char	*name;
	int		 field;
} names[] = {
	{ "key", IPC_KEY }, { "shmid", IPC_ID }, { "semid", IPC_ID },
	{ "msqid", IPC_ID }, { "perms", IPC_PERMS }, { "uid", IPC_UID },
	{ "gid", IPC_GID }, { "cuid", IPC_CUID }, { "cgid", IPC_CGID },
	{ "ctime", IPC_CTIME }, { "size", IPC_SIZE }, { "cpid", IPC_CPID },
	{ "lpid", IPC_LPID }, { "nattch", IPC_NATTCH },
	{ "atime", IPC_ATIME }, { "dtime", IPC_DTIME }, { "rss", IPC_RSS },
	{ "swap", IPC_SWAP }, { "nsems", IPC_NSEMS }, { "otime", IPC_OTIME },
	{ "cbytes", IPC_CBYTES }, { "qnum", IPC_QNUM },
	{ "lspid", IPC_LSPID }, { "lrpid", IPC_LRPID },
	{ "stime", IPC_STIME }, { "rtime", IPC_RTIME },
};

int
ns_ipc_parse_heading(const char *line, struct ipc_cols *cols)
{
	char buf[512], *s, *tok;
	size_t i;
	uint32_t seen = 0;

	if (strlcpy(buf, line, sizeof(buf)) >= sizeof(buf))
		return -1;
	cols->n = 0;
	for (s = buf; (tok = strsep(&s, " \t\n")) != NULL;) {
		if (*tok == '\0')
			continue;
		if (cols->n == IPC_MAXCOLS)
			return -1;
		cols->field[cols->n] = -1;
		for (i = 0; i < sizeof(names) / sizeof(names[0]); i++)
			if (strcmp(tok, names[i].name) == 0) {
				cols->field[cols->n] = names[i].field;
				seen |= 1U << names[i].field;
				break;
			}
		cols->n++;
	}
	if ((seen & (1U << IPC_KEY)) == 0 || (seen & (1U << IPC_ID)) == 0 ||
	    (seen & (1U << IPC_PERMS)) == 0)
		return -1;
	return 0;
}

/* One number of a row: the key is signed, the perms octal. */
static int
parse_value(int field, const char *tok, uint64_t *v)
{
	long long sn;
	char *end;

	errno = 0;
	switch (field) {
	case IPC_KEY:
		sn = strtoll(tok, &end, 10);
		if (errno || end == tok || *end != '\0' || sn < INT32_MIN ||
		    sn > UINT32_MAX)
			return -1;
		*v = (uint32_t)sn;
		return 0;
	case IPC_PERMS:
		*v = strtoull(tok, &end, 8);
		if (errno || end == tok || *end != '\0' || *tok == '-')
			return -1;
		return 0;
	default:
		/* Leading zeros are no harm here: this is no identity. */
		*v = strtoull(tok, &end, 10);
		if (errno || end == tok || *end != '\0' || *tok == '-')
			return -1;
		return 0;
	}
}

int
ns_ipc_parse_row(const struct ipc_cols *cols, char *line, struct ipc_row *row)
{
	char *s, *tok;
	uint64_t v;
	int i = 0;

	memset(row, 0, sizeof(*row));
	for (s = line; (tok = strsep(&s, " \t\n")) != NULL;) {
		if (*tok == '\0')
			continue;
		if (i == cols->n)
			return -1;
		if (cols->field[i] != -1) {
			if (parse_value(cols->field[i], tok, &v) == -1)
				return -1;
			row->v[cols->field[i]] = v;
			row->has |= 1U << cols->field[i];
		}
		i++;
	}
	return i == cols->n ? 0 : -1;
}

int
ns_mq_parse(const char *text, struct mq_info *info)
{
	char buf[256], *s, *tok, *val, *end;
	long long n;
	int have = 0;

	if (strlcpy(buf, text, sizeof(buf)) >= sizeof(buf))
		return -1;
	memset(info, 0, sizeof(*info));
	for (s = buf; (tok = strsep(&s, " \t\n")) != NULL;) {
		if (*tok == '\0' || (val = strchr(tok, ':')) == NULL)
			continue;
		*val++ = '\0';
		errno = 0;
		n = strtoll(val, &end, 10);
		if (errno || end == val || *end != '\0')
			return -1;
		if (strcmp(tok, "QSIZE") == 0 && n >= 0) {
			info->qsize = (uint64_t)n;
			have = 1;
		} else if (strcmp(tok, "NOTIFY") == 0)
			info->notify = n;
		else if (strcmp(tok, "SIGNO") == 0)
			info->signo = n;
		else if (strcmp(tok, "NOTIFY_PID") == 0 && n >= 0)
			info->notify_pid = (uint64_t)n;
	}
	return have ? 0 : -1;
}
