build-prof/parsers/prose.o: parsers/prose.c parsers/prose.h parsers/rx.h \
 util/diag.h util/util.h util/buf.h util/text.h
parsers/prose.h:
parsers/rx.h:
util/diag.h:
util/util.h:
util/buf.h:
util/text.h:
