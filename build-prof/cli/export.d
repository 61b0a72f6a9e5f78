build-prof/cli/export.o: cli/export.c cli/common.h cli/cli.h \
 store/model.h parsers/recset.h parsers/record.h util/arena.h util/util.h \
 util/hash.h util/strmap.h parsers/names.h util/buf.h parsers/units.h \
 util/csvio.h util/diag.h
cli/common.h:
cli/cli.h:
store/model.h:
parsers/recset.h:
parsers/record.h:
util/arena.h:
util/util.h:
util/hash.h:
util/strmap.h:
parsers/names.h:
util/buf.h:
parsers/units.h:
util/csvio.h:
util/diag.h:
