/*
 * The /ipc provider's parsers: the /proc/sysvipc tables, read by their
 * heading, and the text of a file of the mqueue file system.
 */
#include <stdint.h>
#include <string.h>

#include "ipcparse.h"
#include "tap.h"

static const char shm_heading[] =
    "       key      shmid perms                  size  cpid  lpid nattch"
    "   uid   gid  cuid  cgid      atime      dtime      ctime"
    "                   rss                  swap\n";

static void
shm(void)
{
	struct ipc_cols cols;
	struct ipc_row row;
	char line[512];

	is_int(ns_ipc_parse_heading(shm_heading, &cols), 0, "shm heading");
	is_int(cols.n, 16, "shm has 16 columns");
	strlcpy(line, "1437895576          3   644                  4096 13643"
	    "     0      0     0     0  1000   100          0          0"
	    " 1796276888                     0                     0\n",
	    sizeof(line));
	is_int(ns_ipc_parse_row(&cols, line, &row), 0, "shm row");
	ok(row.v[IPC_KEY] == 0x55b48b98, "key 0x55b48b98");
	is_int(row.v[IPC_ID], 3, "shmid");
	is_int(row.v[IPC_PERMS], 0644, "perms are octal");
	is_int(row.v[IPC_SIZE], 4096, "size");
	is_int(row.v[IPC_CPID], 13643, "cpid");
	is_int(row.v[IPC_CUID], 1000, "cuid");
	is_int(row.v[IPC_CGID], 100, "cgid");
	ok(row.v[IPC_CTIME] == 1796276888ULL, "ctime");
	ok(row.has & (1U << IPC_RSS), "rss is there");
	ok(!(row.has & (1U << IPC_NSEMS)), "nsems is not");

	/* A key with the top bit set is printed negative. */
	strlcpy(line, "-1 0 1600 1 1 1 1 0 0 0 0 0 0 1 0 0", sizeof(line));
	is_int(ns_ipc_parse_row(&cols, line, &row), 0, "negative key");
	ok(row.v[IPC_KEY] == 0xffffffffULL, "key -1 is 0xffffffff");
	is_int(row.v[IPC_PERMS], 01600, "SHM_DEST stays in the perms");

	strlcpy(line, "0 0 600 1 1 1 1 0 0 0 0 0 0 1 0", sizeof(line));
	is_int(ns_ipc_parse_row(&cols, line, &row), -1,
	    "a short row is refused");
	strlcpy(line, "0 0 600 1 1 1 1 0 0 0 0 0 0 1 0 0 0", sizeof(line));
	is_int(ns_ipc_parse_row(&cols, line, &row), -1,
	    "a long row is refused");
	strlcpy(line, "0 0 689 1 1 1 1 0 0 0 0 0 0 1 0 0", sizeof(line));
	is_int(ns_ipc_parse_row(&cols, line, &row), -1, "perms not octal");
	strlcpy(line, "0 x 600 1 1 1 1 0 0 0 0 0 0 1 0 0", sizeof(line));
	is_int(ns_ipc_parse_row(&cols, line, &row), -1, "an id not a number");
	strlcpy(line, "0 -3 600 1 1 1 1 0 0 0 0 0 0 1 0 0", sizeof(line));
	is_int(ns_ipc_parse_row(&cols, line, &row), -1, "a negative id");
	strlcpy(line, "4294967296 0 600 1 1 1 1 0 0 0 0 0 0 1 0 0",
	    sizeof(line));
	is_int(ns_ipc_parse_row(&cols, line, &row), -1, "a key beyond 32 bits");
}

static void
older_and_newer(void)
{
	struct ipc_cols cols;
	struct ipc_row row;
	char line[256];

	/* Before rss and swap. */
	is_int(ns_ipc_parse_heading("key shmid perms size cpid lpid nattch uid "
	    "gid cuid cgid atime dtime ctime", &cols), 0, "older shm heading");
	strlcpy(line, "0 7 600 10 1 2 0 0 0 0 0 0 0 5", sizeof(line));
	is_int(ns_ipc_parse_row(&cols, line, &row), 0, "older shm row");
	ok(!(row.has & (1U << IPC_RSS)), "no rss");
	is_int(row.v[IPC_LPID], 2, "lpid");

	/* A column this parser does not know is passed over. */
	is_int(ns_ipc_parse_heading("key semid perms nsems uid gid cuid cgid "
	    "otime ctime future", &cols), 0, "heading with a new column");
	strlcpy(line, "5 2 600 3 0 0 0 0 0 9 whatever", sizeof(line));
	is_int(ns_ipc_parse_row(&cols, line, &row), 0, "row with a new column");
	is_int(row.v[IPC_NSEMS], 3, "nsems");
	is_int(row.v[IPC_CTIME], 9, "ctime");

	is_int(ns_ipc_parse_heading("semid perms nsems", &cols), -1,
	    "a heading without the key");
	is_int(ns_ipc_parse_heading("", &cols), -1, "an empty heading");
}

static void
msg(void)
{
	struct ipc_cols cols;
	struct ipc_row row;
	char line[256];

	is_int(ns_ipc_parse_heading("       key      msqid perms      cbytes"
	    "       qnum lspid lrpid   uid   gid  cuid  cgid      stime"
	    "      rtime      ctime", &cols), 0, "msg heading");
	strlcpy(line, "2096750591          0   644          12           1"
	    "   321     0     0     0     0     0 1796276900          0"
	    " 1796276888", sizeof(line));
	is_int(ns_ipc_parse_row(&cols, line, &row), 0, "msg row");
	is_int(row.v[IPC_CBYTES], 12, "cbytes");
	is_int(row.v[IPC_QNUM], 1, "qnum");
	is_int(row.v[IPC_LSPID], 321, "lspid");
	is_int(row.v[IPC_RTIME], 0, "rtime never");
}

static void
mqueue(void)
{
	struct mq_info i;

	is_int(ns_mq_parse("QSIZE:12         NOTIFY:0     SIGNO:10    "
	    "NOTIFY_PID:27932 ", &i), 0, "mqueue text");
	is_int(i.qsize, 12, "qsize");
	is_int(i.notify, 0, "notify");
	is_int(i.signo, 10, "signo");
	is_int(i.notify_pid, 27932, "notify pid");
	is_int(ns_mq_parse("QSIZE:0 NOTIFY:2 SIGNO:0 NOTIFY_PID:0", &i), 0,
	    "no registration");
	is_int(i.notify_pid, 0, "nobody registered");
	is_int(ns_mq_parse("NOTIFY:0 SIGNO:0", &i), -1, "no QSIZE");
	is_int(ns_mq_parse("QSIZE:x", &i), -1, "QSIZE not a number");
	is_int(ns_mq_parse("", &i), -1, "empty");
}

int
main(void)
{
	shm();
	older_and_newer();
	msg();
	mqueue();
	return done_testing();
}
