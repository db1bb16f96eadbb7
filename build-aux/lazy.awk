# lazy.awk: make lazy.h of lib/core/lazy.list.
#
# For each library LIB the header has the table of its functions, a
# pointer each, typed from the library's own declaration (__typeof__),
# and a macro for each function that turns a call of it into a call
# through ns_lazy_LIB(), which loads the library the first time:
#
#	#define udev_new(...)	(ns_lazy_udev()->udev_new(__VA_ARGS__))
#
# The macros take arguments so that a field of the same name (struct
# nlattr's nla_len) is left alone; a function is so only ever called,
# never taken as a pointer.
# Under NS_LAZY_LOADER (lib/core/lazy.c alone) it also has the soname and the
# function that fills each table.
#
#	awk -f build-aux/lazy.awk lib/core/lazy.list >lazy.h

function flush() {
	if (lib == "")
		return
	libs[++nlibs] = lib
	sonames[lib] = soname
}

BEGIN {
	print "/* Written by build-aux/lazy.awk of lib/core/lazy.list: do not edit. */"
	print "#ifndef NS_LAZY_H"
	print "#define NS_LAZY_H"
	print ""
}

/^#/ || /^[ \t]*$/ { next }

/^[^ \t]/ {
	flush()
	lib = $1
	soname = $2
	for (i = 3; i <= NF; i++)
		print "#include " $i
	next
}

{
	if (lib == "") {
		print "lazy.awk: a function before any library" > "/dev/stderr"
		exit 1
	}
	fns[lib, ++nfns[lib]] = $1
}

END {
	flush()
	print ""
	for (l = 1; l <= nlibs; l++) {
		lib = libs[l]
		print "struct ns_lazy_" lib " {"
		for (i = 1; i <= nfns[lib]; i++)
			printf "\t__typeof__(%s) *%s;\n", fns[lib, i], fns[lib, i]
		print "};"
		print "extern struct ns_lazy_" lib " ns_lazy_" lib "_table;"
		print "extern int ns_lazy_" lib "_loaded;"
		print "void ns_lazy_" lib "_load(void);"
		print ""
		print "static inline const struct ns_lazy_" lib " *"
		print "ns_lazy_" lib "(void)"
		print "{"
		print "\tif (!__atomic_load_n(&ns_lazy_" lib "_loaded, __ATOMIC_ACQUIRE))"
		print "\t\tns_lazy_" lib "_load();"
		print "\treturn &ns_lazy_" lib "_table;"
		print "}"
		print ""
	}
	print "#ifdef NS_LAZY_LOADER"
	for (l = 1; l <= nlibs; l++) {
		lib = libs[l]
		print "#define NS_LAZY_" toupper(lib) "_SONAME \"" sonames[lib] "\""
		print "static void"
		print "ns_lazy_" lib "_fill(void *h, struct ns_lazy_" lib " *t)"
		print "{"
		for (i = 1; i <= nfns[lib]; i++)
			printf "\t*(void **)&t->%s = ns_lazy_sym(h, \"%s\", \"%s\");\n",
			    fns[lib, i], sonames[lib], fns[lib, i]
		print "}"
		print ""
	}
	print "#else"
	for (l = 1; l <= nlibs; l++) {
		lib = libs[l]
		for (i = 1; i <= nfns[lib]; i++)
			printf "#define %s(...)\t(ns_lazy_%s()->%s(__VA_ARGS__))\n",
			    fns[lib, i], lib, fns[lib, i]
	}
	print "#endif"
	print ""
	print "#endif"
}
