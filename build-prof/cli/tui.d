build-prof/cli/tui.o: cli/tui.c cli/cli.h cli/common.h store/model.h \
 parsers/recset.h parsers/record.h util/arena.h util/util.h util/hash.h \
 util/strmap.h cli/input.h store/import.h util/diag.h tui/tui.h \
 store/csvstore.h
cli/cli.h:
cli/common.h:
store/model.h:
parsers/recset.h:
parsers/record.h:
util/arena.h:
util/util.h:
util/hash.h:
util/strmap.h:
cli/input.h:
store/import.h:
util/diag.h:
tui/tui.h:
store/csvstore.h:
