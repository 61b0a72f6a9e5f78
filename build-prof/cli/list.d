build-prof/cli/list.o: cli/list.c cli/common.h cli/cli.h store/model.h \
 parsers/recset.h parsers/record.h util/arena.h util/util.h util/hash.h \
 util/strmap.h cli/table.h util/buf.h parsers/names.h
cli/common.h:
cli/cli.h:
store/model.h:
parsers/recset.h:
parsers/record.h:
util/arena.h:
util/util.h:
util/hash.h:
util/strmap.h:
cli/table.h:
util/buf.h:
parsers/names.h:
