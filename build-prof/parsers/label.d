build-prof/parsers/label.o: parsers/label.c parsers/label.h parsers/rx.h \
 util/diag.h util/util.h util/buf.h
parsers/label.h:
parsers/rx.h:
util/diag.h:
util/util.h:
util/buf.h:
