build-prof/util/buf.o: util/buf.c util/buf.h util/util.h
util/buf.h:
util/util.h:
