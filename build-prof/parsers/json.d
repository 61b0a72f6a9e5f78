build-prof/parsers/json.o: parsers/json.c parsers/json.h parsers/parser.h \
 parsers/record.h parsers/recset.h parsers/rx.h util/diag.h util/util.h \
 util/arena.h util/buf.h util/text.h
parsers/json.h:
parsers/parser.h:
parsers/record.h:
parsers/recset.h:
parsers/rx.h:
util/diag.h:
util/util.h:
util/arena.h:
util/buf.h:
util/text.h:
