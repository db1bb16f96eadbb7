build-new/obj/tests/helpers/mksocks.o: tests/helpers/mksocks.c \
 tests/helpers/helper.h
tests/helpers/helper.h:
