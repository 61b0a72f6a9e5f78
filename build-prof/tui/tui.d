build-prof/tui/tui.o: tui/tui.c tui/tui.h store/csvstore.h store/model.h \
 parsers/recset.h parsers/record.h util/arena.h util/util.h util/hash.h \
 util/strmap.h util/diag.h tui/draw.h tui/color.h tui/screen.h \
 store/compare.h tui/keys.h tui/list.h
tui/tui.h:
store/csvstore.h:
store/model.h:
parsers/recset.h:
parsers/record.h:
util/arena.h:
util/util.h:
util/hash.h:
util/strmap.h:
util/diag.h:
tui/draw.h:
tui/color.h:
tui/screen.h:
store/compare.h:
tui/keys.h:
tui/list.h:
