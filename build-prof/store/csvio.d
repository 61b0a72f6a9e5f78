build-prof/store/csvio.o: store/csvio.c store/csvio.h util/buf.h \
 util/util.h util/diag.h util/fsutil.h
store/csvio.h:
util/buf.h:
util/util.h:
util/diag.h:
util/fsutil.h:
