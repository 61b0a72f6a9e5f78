build-prof/tui/screen_experiments.o: tui/screen_experiments.c \
 parsers/names.h parsers/record.h util/buf.h util/util.h tui/draw.h \
 tui/color.h tui/screen.h store/compare.h store/model.h parsers/recset.h \
 util/arena.h util/hash.h util/strmap.h store/csvstore.h util/diag.h \
 tui/keys.h tui/list.h
parsers/names.h:
parsers/record.h:
util/buf.h:
util/util.h:
tui/draw.h:
tui/color.h:
tui/screen.h:
store/compare.h:
store/model.h:
parsers/recset.h:
util/arena.h:
util/hash.h:
util/strmap.h:
store/csvstore.h:
util/diag.h:
tui/keys.h:
tui/list.h:
