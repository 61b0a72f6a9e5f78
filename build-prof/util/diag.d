build-prof/util/diag.o: util/diag.c util/diag.h util/util.h util/buf.h
util/diag.h:
util/util.h:
util/buf.h:
