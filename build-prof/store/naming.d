build-prof/store/naming.o: store/naming.c store/naming.h parsers/parser.h \
 parsers/record.h parsers/recset.h parsers/rx.h util/diag.h util/util.h \
 util/arena.h store/model.h util/hash.h util/strmap.h parsers/cmdsplit.h \
 parsers/names.h util/buf.h
store/naming.h:
parsers/parser.h:
parsers/record.h:
parsers/recset.h:
parsers/rx.h:
util/diag.h:
util/util.h:
util/arena.h:
store/model.h:
util/hash.h:
util/strmap.h:
parsers/cmdsplit.h:
parsers/names.h:
util/buf.h:
