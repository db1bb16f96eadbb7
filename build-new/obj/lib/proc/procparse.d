build-new/obj/lib/proc/procparse.o: lib/proc/procparse.c \
 lib/core/provider.h lib/core/ns.h lib/proc/procparse.h
lib/core/provider.h:
lib/core/ns.h:
lib/proc/procparse.h:
