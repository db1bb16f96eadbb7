/*
 * sockns.h: a socket asked through a process that holds it (sockns.c).
 */
#ifndef SOCKNS_H
#define SOCKNS_H

#include <stdint.h>

/* The holder's descriptor pid/fd duplicated here if it still is the
 * socket of that inode; -1 if that is refused (pidfd_getfd takes the
 * right to ptrace the holder) or it was closed or reused. */
int	ns_sock_holder_dup(uint64_t pid, int fd, uint64_t ino);

#endif
