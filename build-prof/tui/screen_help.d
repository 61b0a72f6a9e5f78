build-prof/tui/screen_help.o: tui/screen_help.c tui/draw.h tui/color.h \
 tui/screen.h store/compare.h store/model.h parsers/recset.h \
 parsers/record.h util/arena.h util/util.h util/hash.h util/strmap.h \
 store/csvstore.h util/diag.h tui/keys.h tui/list.h
tui/draw.h:
tui/color.h:
tui/screen.h:
store/compare.h:
store/model.h:
parsers/recset.h:
parsers/record.h:
util/arena.h:
util/util.h:
util/hash.h:
util/strmap.h:
store/csvstore.h:
util/diag.h:
tui/keys.h:
tui/list.h:
