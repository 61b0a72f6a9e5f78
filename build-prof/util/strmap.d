build-prof/util/strmap.o: util/strmap.c util/strmap.h util/util.h
util/strmap.h:
util/util.h:
