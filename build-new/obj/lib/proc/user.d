build-new/obj/lib/proc/user.o: lib/proc/user.c lib/core/provider.h \
 lib/core/ns.h
lib/core/provider.h:
lib/core/ns.h:
