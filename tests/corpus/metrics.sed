# metrics.sed - the METRICS rows of parsers/metrics.h as "pattern unit
# family" (tabs), the scorer's table of quantities: sed -n -f metrics.sed
s/^[ \t]*X([A-Z0-9_]*, "\([^"]*\)", \([A-Z_]*\), [A-Z_]*, \(MF_[A-Z]*\).*/\1\t\2\t\3/p
