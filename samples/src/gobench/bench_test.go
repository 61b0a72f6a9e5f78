// Package gobench holds tiny Go benchmarks whose output benchdelta's
// samples are made from (scripts/samples/gotest.sh). Each one exercises a
// shape of `go test -bench` output: plain ns/op, MB/s, B/op and allocs/op,
// custom metrics, sub-benchmarks, b.Log lines and a failing benchmark.
package gobench

import (
	"crypto/sha256"
	"os"
	"sort"
	"testing"
)

func fib(n int) int {
	if n < 2 {
		return n
	}
	return fib(n-1) + fib(n-2)
}

var sink int

func BenchmarkFib20(b *testing.B) {
	for i := 0; i < b.N; i++ {
		sink += fib(20)
	}
}

func BenchmarkTiny(b *testing.B) {
	for i := 0; i < b.N; i++ {
		sink++
	}
}

func BenchmarkSha256(b *testing.B) {
	data := make([]byte, 4096)
	b.SetBytes(int64(len(data)))
	for i := 0; i < b.N; i++ {
		sum := sha256.Sum256(data)
		sink += int(sum[0])
	}
}

func BenchmarkAlloc(b *testing.B) {
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		s := make([]int, 16+i%2)
		sink += len(s)
	}
}

// Custom units are reported beside the built-in ones, sorted by name.
func BenchmarkCustom(b *testing.B) {
	hits := 0
	for i := 0; i < b.N; i++ {
		if fib(10)%2 == 1 {
			hits++
		}
	}
	b.ReportMetric(float64(hits)/float64(b.N), "hits/op")
	b.ReportMetric(0.000123, "ratio")
}

func BenchmarkSort(b *testing.B) {
	for _, n := range []int{100, 10000} {
		b.Run(sizeName(n), func(b *testing.B) {
			data := make([]int, n)
			for i := 0; i < b.N; i++ {
				for j := range data {
					data[j] = (j * 7919) % n
				}
				sort.Ints(data)
			}
		})
	}
}

func sizeName(n int) string {
	if n == 100 {
		return "n=100"
	}
	return "n=10000"
}

func BenchmarkLogged(b *testing.B) {
	for i := 0; i < b.N; i++ {
		sink += fib(15)
	}
	b.Logf("ran %s", "fib(15)")
}

// Fails only when asked to (BENCH_FAIL=1), for the failure sample.
func BenchmarkMayFail(b *testing.B) {
	if os.Getenv("BENCH_FAIL") != "" {
		b.Fatal("asked to fail")
	}
	for i := 0; i < b.N; i++ {
		sink += fib(5)
	}
}
