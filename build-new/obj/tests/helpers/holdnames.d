build-new/obj/tests/helpers/holdnames.o: tests/helpers/holdnames.c \
 lib/core/ns.h tests/helpers/helper.h
lib/core/ns.h:
tests/helpers/helper.h:
