build-new/obj/tests/helpers/mqmk.o: tests/helpers/mqmk.c \
 tests/helpers/helper.h
tests/helpers/helper.h:
