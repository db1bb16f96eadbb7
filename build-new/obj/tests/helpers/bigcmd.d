build-new/obj/tests/helpers/bigcmd.o: tests/helpers/bigcmd.c \
 tests/helpers/helper.h
tests/helpers/helper.h:
