/*
 * mountlink.h: the text of a symbolic link nsmount serves, computed from
 * two canonical paths and checked, apart from the file system's I/O, so
 * that it is unit tested with hostile paths.
 *
 * A link's target comes from a provider, and the /host provider's from
 * another machine: rule 9 makes it input, never trusted.  So a target is
 * refused unless it is canonical, and the text made from it is resolved
 * once more, from the link's own directory, before it is served: it must
 * lead to the target and stay under the mount's root, and a link of
 * another machine must stay on that machine.
 */
#ifndef NS_MOUNTLINK_H
#define NS_MOUNTLINK_H

/*
 * Whether path is a canonical path of the namespace: it starts with '/',
 * and no component is empty, "." or "..", nor reads as one or holds a '/'
 * once unescaped by rule 5 ("\x2e\x2e", "a\x2fb").  "/" is canonical.
 */
int	 ns_path_canonical(const char *path);

/*
 * The text of a link in the directory from of the mount to the object to,
 * both canonical paths of the namespace, malloc'd: relative, up from from
 * to what the two share and down to to, so that it leads there wherever
 * the namespace is mounted; a file of /fs is the real file, by its
 * absolute path, from a directory of this machine only.  NULL with errno
 * EINVAL where either path is not canonical, where the text would leave
 * the mount or lead elsewhere, or where a link under /host/NAME leads
 * out of it; ENOMEM.
 */
char	*ns_mount_link(const char *from, const char *to);

#endif
