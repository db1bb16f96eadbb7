build-new/obj/lib/ns/nsenter.o: lib/ns/nsenter.c lib/ns/nsenter.h \
 lib/ns/nsparse.h
lib/ns/nsenter.h:
lib/ns/nsparse.h:
