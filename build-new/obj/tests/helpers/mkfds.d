build-new/obj/tests/helpers/mkfds.o: tests/helpers/mkfds.c \
 tests/helpers/helper.h
tests/helpers/helper.h:
