/*
 * columns.h: the columns that more than one class has, declared once:
 * name, type and help.  Each class that has one gives its own getter
 * (a descriptor's user is its process's, read through it), so that -H
 * says one thing of a column wherever it is found and a change to its
 * help changes it everywhere.  tests/unit/attrtypes.c checks that no
 * two classes give one column two types.
 */
#ifndef NS_COLUMNS_H
#define NS_COLUMNS_H

#include "provider.h"

#define NS_COL_BACKING(get) \
	{ "backing", NS_LINK, "the file behind a loop device", get }

#define NS_COL_BPF_NAME(get) \
	{ "bpf_name", NS_STRING, "the name the bpf map or program was " \
	    "given", get }

#define NS_COL_BPF_PROG(get) \
	{ "bpf_prog", NS_LINK, "the bpf program a bpf link attaches", get }

#define NS_COL_BPF_TAG(get) \
	{ "bpf_tag", NS_STRING, "the bpf program's tag", get }

#define NS_COL_BPF_TYPE(get) \
	{ "bpf_type", NS_STRING, "the bpf map, program or link type", get }

#define NS_COL_CGROUPNS(get) \
	{ "cgroupns", NS_LINK, "the cgroup namespace", get }

#define NS_COL_CMDLINE(get) \
	{ "cmdline", NS_STRING, "the arguments joined by spaces; empty for " \
	    "a kernel thread", get }

#define NS_COL_COMM(get) \
	{ "comm", NS_STRING, "the command name the kernel keeps", get }

#define NS_COL_COUNTER(get) \
	{ "counter", NS_NUMBER, "the eventfd's counter", get }

#define NS_COL_CWD(get) \
	{ "cwd", NS_LINK, "the working directory", get }

#define NS_COL_EGROUP(get) \
	{ "egroup", NS_LINK, "the effective group", get }

#define NS_COL_EUSER(get) \
	{ "euser", NS_LINK, "the effective user", get }

#define NS_COL_EXE(get) \
	{ "exe", NS_LINK, "the program file, or the memfd it was run from", \
	    get }

#define NS_COL_FILE_GROUP(get) \
	{ "group", NS_LINK, "owning group", get }

#define NS_COL_FILE_INODE(get) \
	{ "inode", NS_NUMBER, "inode number", get }

#define NS_COL_FILE_OWNER(get) \
	{ "owner", NS_LINK, "owning user", get }

#define NS_COL_FILE_PERM(get) \
	{ "perm", NS_STRING, "permission bits in octal", get }

#define NS_COL_FILE_SIZE(get) \
	{ "size", NS_NUMBER, "size in bytes", get }

#define NS_COL_FSTYPE(get) \
	{ "fstype", NS_STRING, "file system type", get }

#define NS_COL_GROUP(get) \
	{ "group", NS_LINK, "the real or primary group", get }

#define NS_COL_INODE(get) \
	{ "inode", NS_NUMBER, "the inode number", get }

#define NS_COL_INTERFACE(get) \
	{ "interface", NS_LINK, "the network interface", get }

#define NS_COL_IPCNS(get) \
	{ "ipcns", NS_LINK, "the ipc namespace", get }

#define NS_COL_KIND(get) \
	{ "kind", NS_STRING, "what kind of thing it is", get }

#define NS_COL_LOCAL(get) \
	{ "local", NS_STRING, "the local address and port as ss -n prints " \
	    "them", get }

#define NS_COL_MNTNS(get) \
	{ "mntns", NS_LINK, "the mount namespace", get }

#define NS_COL_NAME(get) \
	{ "name", NS_STRING, "the name", get }

#define NS_COL_NSPID(get) \
	{ "nspid", NS_STRING, "the pid in each pid namespace, outermost " \
	    "first", get }

#define NS_COL_PEER(get) \
	{ "peer", NS_LINK, "the socket at the other end", get }

#define NS_COL_PID(get) \
	{ "pid", NS_NUMBER, "the process id", get }

#define NS_COL_PIDNS(get) \
	{ "pidns", NS_LINK, "the pid namespace", get }

#define NS_COL_PPID(get) \
	{ "ppid", NS_LINK, "the parent process", get }

#define NS_COL_REMOTE(get) \
	{ "remote", NS_STRING, "the remote address and port, if connected", \
	    get }

#define NS_COL_ROOT(get) \
	{ "root", NS_LINK, "the root directory", get }

#define NS_COL_SIZE(get) \
	{ "size", NS_NUMBER, "the size in bytes", get }

#define NS_COL_SOCK_STATE(get) \
	{ "state", NS_STRING, "the state as ss prints it: LISTEN, ESTAB, " \
	    "UNCONN...", get }

#define NS_COL_SOCK_TYPE(get) \
	{ "sock_type", NS_STRING, "the socket type: stream, dgram, " \
	    "seqpacket, raw", get }

#define NS_COL_START(get) \
	{ "start", NS_STRING, "when the process started, ISO 8601 local " \
	    "time", get }

#define NS_COL_THREADS(get) \
	{ "threads", NS_NUMBER, "how many threads the process has", get }

#define NS_COL_TIMENS(get) \
	{ "timens", NS_LINK, "the time namespace", get }

#define NS_COL_UID(get) \
	{ "uid", NS_NUMBER, "the user id", get }

#define NS_COL_USER(get) \
	{ "user", NS_LINK, "the real user", get }

#define NS_COL_USERNS(get) \
	{ "userns", NS_LINK, "the user namespace", get }

#define NS_COL_UTSNS(get) \
	{ "utsns", NS_LINK, "the uts (host name) namespace", get }

#endif
