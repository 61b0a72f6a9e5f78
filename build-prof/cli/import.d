build-prof/cli/import.o: cli/import.c cli/cli.h cli/input.h \
 store/import.h store/model.h parsers/recset.h parsers/record.h \
 util/arena.h util/util.h util/hash.h util/strmap.h util/diag.h \
 cli/plan.h store/csvstore.h
cli/cli.h:
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
cli/plan.h:
store/csvstore.h:
