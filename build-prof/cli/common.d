build-prof/cli/common.o: cli/common.c cli/common.h cli/cli.h \
 store/model.h parsers/recset.h parsers/record.h util/arena.h util/util.h \
 util/hash.h util/strmap.h store/csvstore.h util/diag.h
cli/common.h:
cli/cli.h:
store/model.h:
parsers/recset.h:
parsers/record.h:
util/arena.h:
util/util.h:
util/hash.h:
util/strmap.h:
store/csvstore.h:
util/diag.h:
