build-prof/util/fsutil.o: util/fsutil.c util/fsutil.h util/buf.h \
 util/util.h util/diag.h
util/fsutil.h:
util/buf.h:
util/util.h:
util/diag.h:
