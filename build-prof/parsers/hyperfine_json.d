build-prof/parsers/hyperfine_json.o: parsers/hyperfine_json.c \
 parsers/cmdsplit.h parsers/recset.h parsers/record.h util/arena.h \
 util/util.h parsers/json.h parsers/parser.h parsers/rx.h util/diag.h \
 util/buf.h
parsers/cmdsplit.h:
parsers/recset.h:
parsers/record.h:
util/arena.h:
util/util.h:
parsers/json.h:
parsers/parser.h:
parsers/rx.h:
util/diag.h:
util/buf.h:
