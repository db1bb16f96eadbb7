/*
 * devparse.h: what the /dev provider parses, shared with its fuzz target.
 */
#ifndef NS_DEVPARSE_H
#define NS_DEVPARSE_H

/*
 * One line of /proc/devices, without its newline, split in place.  A
 * heading ("Character devices:", "Block devices:") sets *type to 'c' or
 * 'b'; a line under one ("  4 tty") gives the major and its name, which
 * points into the line.  1 for such a line, 0 for any other.
 */
int	ns_dev_parse_devices_line(char *line, char *type, unsigned int *major,
	    char **name);

#endif
