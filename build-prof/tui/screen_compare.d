build-prof/tui/screen_compare.o: tui/screen_compare.c parsers/units.h \
 parsers/record.h store/compare_text.h store/compare.h store/model.h \
 parsers/recset.h util/arena.h util/util.h util/hash.h util/strmap.h \
 util/buf.h tui/draw.h tui/color.h tui/screen.h store/csvstore.h \
 util/diag.h tui/keys.h tui/list.h
parsers/units.h:
parsers/record.h:
store/compare_text.h:
store/compare.h:
store/model.h:
parsers/recset.h:
util/arena.h:
util/util.h:
util/hash.h:
util/strmap.h:
util/buf.h:
tui/draw.h:
tui/color.h:
tui/screen.h:
store/csvstore.h:
util/diag.h:
tui/keys.h:
tui/list.h:
