build-prof/cli/input.o: cli/input.c cli/input.h store/import.h \
 store/model.h parsers/recset.h parsers/record.h util/arena.h util/util.h \
 util/hash.h util/strmap.h util/diag.h util/fsutil.h util/buf.h
cli/input.h:
store/import.h:
store/model.h:
parsers/recset.h:
parsers/record.h:
util/arena.h:
util/util.h:
util/hash.h:
util/strmap.h:
util/diag.h:
util/fsutil.h:
util/buf.h:
