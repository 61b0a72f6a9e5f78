# cyclic-edges.awk - of the edges "GRAPH FROM TO" on stdin (or the files
# named), print those that lie on a cycle of their graph: FROM and TO reach
# each other (a transitive closure per graph). Used by check-tui-tree.sh
# and check-include-cycles.sh.
{ g = $1; a = $2; b = $3; r[g, a, b] = 1; e[NR] = $0; gs[g] = 1
  if (!((g, a) in seen)) { seen[g, a] = 1; nodes[g] = nodes[g] " " a }
  if (!((g, b) in seen)) { seen[g, b] = 1; nodes[g] = nodes[g] " " b } }
END {
	for (g in gs) {
		k = split(nodes[g], v, " ")
		for (m = 1; m <= k; m++)
			for (i = 1; i <= k; i++)
				if ((g, v[i], v[m]) in r)
					for (j = 1; j <= k; j++)
						if ((g, v[m], v[j]) in r) r[g, v[i], v[j]] = 1
	}
	for (i = 1; i <= NR; i++) {
		split(e[i], p, " ")
		if ((p[1], p[3], p[2]) in r) print e[i]
	}
}
