# score.awk - score one corpus case: what benchdelta read against the
# hand-checked truth.
#   awk -v name=CASE -v metrics=TABLE -f score.awk CASE-TEXT CASE.truth ROWS
# CASE-TEXT: the case as imported; CASE.truth: the ground truth (format in
# README.md); ROWS: json2rows.awk's output for the import of CASE-TEXT;
# TABLE: the METRICS rows of parsers/metrics.h, one "pattern unit family"
# a line (tabs), which tell a wrong quantity from a spelling (README.md).
# Prints one tab-separated result line:
#   name values_found values_total wrong runs_found runs_total tp fp fn
#   label_hits label_total shapes qty_wrong
# and, on standard error, every miss, wrong number and truth defect (a
# truth row whose printed text is not on its line ends the run: exit 2).
function norm(s) {
	s = tolower(s)
	gsub(/[ \t_-]+/, "", s)
	return s
}
function same(a, b,   d, m) {
	a += 0; b += 0
	if (a == b) return 1
	d = a - b; if (d < 0) d = -d
	m = a < 0 ? -a : a
	if ((b < 0 ? -b : b) > m) m = b < 0 ? -b : b
	return d <= 1e-9 * m + 1e-300
}
# a truth value may list the same figure printed twice in two units
# ("27807000|27808235.52"): either one is the printed number
function anysame(v, tv,   n, alt, x) {
	n = split(tv, alt, "|")
	for (x = 1; x <= n; x++) if (same(v, alt[x])) return 1
	return 0
}
# does `s` match METRICS pattern `p` (a '*' stands for any text)?
function glob(s, p,   re) {
	re = p
	gsub(/[.+?()|{}^$\[\]\\]/, "\\\\&", re)
	gsub(/\*/, ".*", re)
	return s ~ ("^" re "$")
}
# the first METRICS row matching `q`, as "unit family", or ""
function row(q,   r) {
	for (r = 1; r <= nm; r++) if (glob(q, mpat[r])) return mkey[r]
	return ""
}
# the quantity of an export metric name [SUBJECT.]QUANTITY[.SUFFIX], as the
# unit and family of its METRICS row: the name itself or a shorter dotted
# tail of it (a subject dropped), then the same without its last part (a
# statistic: .mean, .sd, .max), then with perf modifiers dropped (_u, _k);
# "" when no row names it (a custom metric, an unknown perf event); a
# name ending in a spread's word is another quantity than its figure
function quantity(m,   c, n, k, x, s, pass, key) {
	if (m in qmemo) return qmemo[m]
	n = split(m, c, ".")
	key = ""
	for (pass = 1; pass <= 3 && key == ""; pass++) {
		for (k = 1; k <= n - (pass == 2) && key == ""; k++) {
			s = c[k]
			for (x = k + 1; x <= n - (pass == 2); x++) s = s "." c[x]
			if (pass == 3) sub("_[" PERF_MODIFIERS "]+$", "", s)
			key = row(s)
		}
	}
	# a spread (.stddev, .rel_sd, .error...) is never the figure it spreads
	if (key != "" && c[n] ~ SPREAD) key = key " spread"
	return qmemo[m] = key
}
BEGIN {
	FS = "\t"; file = 0
	PERF_MODIFIERS = "ukhIGHpPSDWe"
	SPREAD = "^(sd|stddev|std|stdev|rel_sd|dev|rel_dev|ci|rel_ci|error|stderr|range|mad|iqr)$"
	while (metrics != "" && (getline l < metrics) > 0) {
		split(l, f, "\t"); nm++; mpat[nm] = f[1]; mkey[nm] = f[2] " " f[3]
	}
}
FNR == 1 { file++ }
file == 1 { text[FNR] = $0; next }
file == 2 {
	if ($0 ~ /^#[ \t]*shapes:/) { sh = $0; sub(/^#[ \t]*shapes:[ \t]*/, "", sh); shapes = sh; next }
	if ($0 ~ /^#/ || $0 ~ /^[ \t]*$/) next
	if (NF < 6) { printf "%s: truth line %d: want 6 fields, got %d\n", name, FNR, NF > "/dev/stderr"; bad = 1; next }
	nt++
	trun[nt] = $1; tvar[nt] = $2; tline[nt] = $3 + 0; tmetric[nt] = $4; tval[nt] = $5; tprint[nt] = $6
	if (index(text[$3 + 0], $6) == 0) {
		printf "%s: truth line %d: \"%s\" is not on line %d of the case\n", name, FNR, $6, $3 > "/dev/stderr"
		bad = 1
	}
	if (!($1 in runvar)) { runs[++nr] = $1; runvar[$1] = $2 }
	else if (runvar[$1] != $2) { printf "%s: truth line %d: run %s has two variants\n", name, FNR, $1 > "/dev/stderr"; bad = 1 }
	next
}
file == 3 {
	no++
	orun[no] = $1; ofirst[no] = $2 + 0; olast[no] = $3 + 0; ovar[no] = $4; ometric[no] = $5; oval[no] = $6
	if (!($1 in ovariant)) ovariant[$1] = $4
	next
}
END {
	if (bad) exit 2
	# values: a truth figure is found when the export has it under the same
	# metric, with the same value, in a run whose line span holds its line
	found = 0
	for (i = 1; i <= nt; i++) {
		for (j = 1; j <= no; j++) {
			if (used[j] || ometric[j] != tmetric[i]) continue
			if (tline[i] < ofirst[j] || tline[i] > olast[j]) continue
			if (!anysame(oval[j], tval[i])) continue
			used[j] = 1; match_of[i] = j; found++
			cnt[orun[j], trun[i]]++
			break
		}
		if (!(i in match_of))
			printf "%s: missed  line %d  %s = %s (%s) of %s\n", name, tline[i], tmetric[i], tval[i], tprint[i], trun[i] > "/dev/stderr"
	}
	# wrong numbers: a value read that the truth does not have at that place
	# (the same value under another metric name is a miss, not a wrong number)
	# A value found there under a name of another quantity is a wrong
	# quantity: the export's name is a METRICS row whose unit or family
	# differs from that of every truth figure of that value there
	wrong = qwrong = 0
	for (j = 1; j <= no; j++) {
		if (used[j]) continue
		here = 0; sameq = 0; first = 0
		oq = quantity(ometric[j])
		for (i = 1; i <= nt; i++) {
			if (tline[i] < ofirst[j] || tline[i] > olast[j] || !anysame(oval[j], tval[i])) continue
			here = 1
			if (!first) first = i
			if (oq == "" || quantity(tmetric[i]) == oq) sameq = 1
		}
		if (here && !sameq) {
			qwrong++
			printf "%s: QTY     line %d  %s = %s (run %s), the truth's %s (%s)\n", name, tline[first], ometric[j], oval[j], orun[j], tmetric[first], tprint[first] > "/dev/stderr"
			continue
		}
		if (here) {
			printf "%s: misnamed lines %d-%d  %s = %s\n", name, ofirst[j], olast[j], ometric[j], oval[j] > "/dev/stderr"
			continue
		}
		wrong++
		printf "%s: WRONG   lines %d-%d  %s = %s (run %s)\n", name, ofirst[j], olast[j], ometric[j], oval[j], orun[j] > "/dev/stderr"
	}
	# runs: each exported run stands for the truth run it shares most figures
	# with; a truth run is found when some exported run stands for it
	for (k in cnt) {
		split(k, p, SUBSEP)
		if (cnt[k] > best[p[1]]) { best[p[1]] = cnt[k]; bestrun[p[1]] = p[2] }
	}
	for (o in bestrun) {
		t = bestrun[o]
		if (cnt[o, t] > tbest[t]) { tbest[t] = cnt[o, t]; outof[t] = o }
	}
	rfound = 0
	for (r = 1; r <= nr; r++) {
		if (runs[r] in outof) rfound++
		else printf "%s: run %s (%s) not found\n", name, runs[r], runvar[runs[r]] > "/dev/stderr"
	}
	# pairwise variant agreement over the found runs
	tp = fp = fn = 0
	for (a = 1; a <= nr; a++) {
		if (!(runs[a] in outof)) continue
		for (b = a + 1; b <= nr; b++) {
			if (!(runs[b] in outof)) continue
			ga = runvar[runs[a]]; sub(/\|.*/, "", ga); sub(/^=/, "", ga)
			gb = runvar[runs[b]]; sub(/\|.*/, "", gb); sub(/^=/, "", gb)
			st = norm(ga) == norm(gb)
			so = norm(ovariant[outof[runs[a]]]) == norm(ovariant[outof[runs[b]]])
			if (st && so) tp++
			else if (so) fp++
			else if (st) fn++
		}
	}
	# label hits: the exported name equals one of the author's (case and
	# spacing aside); a truth variant written "=NAME" only groups runs
	hits = ltotal = 0
	for (r = 1; r <= nr; r++) {
		v = runvar[runs[r]]
		if (v ~ /^=/) continue
		ltotal++
		if (!(runs[r] in outof)) continue
		got = norm(ovariant[outof[runs[r]]])
		n = split(v, alt, "|")
		hit = 0
		for (x = 1; x <= n; x++) if (norm(alt[x]) == got) hit = 1
		if (hit) hits++
		else printf "%s: label   run %s: exported \"%s\", the author's \"%s\"\n", name, runs[r], ovariant[outof[runs[r]]], v > "/dev/stderr"
	}
	printf "%s\t%d\t%d\t%d\t%d\t%d\t%d\t%d\t%d\t%d\t%d\t%s\t%d\n", name, found, nt, wrong, rfound, nr, tp, fp, fn, hits, ltotal, shapes, qwrong
}
