build-new/obj/tests/helpers/fdmany.o: tests/helpers/fdmany.c \
 tests/helpers/helper.h
tests/helpers/helper.h:
