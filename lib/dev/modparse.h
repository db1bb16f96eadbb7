/*
 * modparse.h: what the /module provider parses, shared with its unit test.
 */
#ifndef NS_MODPARSE_H
#define NS_MODPARSE_H

#include <stdint.h>

/*
 * One line of /proc/modules, its strings pointing into the line:
 * "nf_nat 49152 1 nft_chain_nat, Live 0xffffffffc0a50000 (E)".
 */
struct mod_line {
	char		*name;
	uint64_t	 size;
	uint64_t	 refcnt;
	int		 has_refcnt;	/* 0 where the kernel cannot unload */
	char		*usedby;	/* "a,b," or "-" */
	char		*state;		/* Live, Loading, Unloading */
	char		*taint;		/* the letters between parentheses */
};

/* Split one line in place; -1 if it is not a module line. */
int	ns_mod_parse_line(char *line, struct mod_line *);
/*
 * The next module name of a used-by list, advancing *list; NULL at the
 * end.  "[permanent]" (a module that cannot be unloaded) is no name: it
 * sets *permanent instead.
 */
char	*ns_mod_next_user(char **list, int *permanent);
/* The lower-case state the namespace shows for a /proc/modules state. */
const char *ns_mod_state_name(const char *);

/*
 * Read the modules from elsewhere than /proc/modules and /sys/module, and
 * forget what was read: for the unit test, which builds a tree of its own.
 */
void	ns_mod_set_roots(const char *procmodules, const char *sysmodule);

#endif
