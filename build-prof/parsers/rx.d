build-prof/parsers/rx.o: parsers/rx.c parsers/rx.h util/diag.h \
 util/util.h
parsers/rx.h:
util/diag.h:
util/util.h:
