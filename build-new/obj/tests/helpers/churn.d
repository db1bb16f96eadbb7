build-new/obj/tests/helpers/churn.o: tests/helpers/churn.c \
 tests/helpers/helper.h
tests/helpers/helper.h:
