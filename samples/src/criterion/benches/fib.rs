// fib.rs - Criterion.rs benchmarks whose output makes benchdelta's samples:
// short and long ids, picosecond results, byte and element throughput.
use criterion::{black_box, criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use std::time::Duration;

fn fib(n: u64) -> u64 {
    if n < 2 {
        n
    } else {
        fib(n - 1) + fib(n - 2)
    }
}

fn benches(c: &mut Criterion) {
    c.bench_function("fib 10", |b| b.iter(|| fib(black_box(10))));
    c.bench_function("fibonacci_recursive_of_twenty", |b| b.iter(|| fib(black_box(20))));
    c.bench_function("tiny", |b| b.iter(|| black_box(1u64) + 1));

    let mut group = c.benchmark_group("thr");
    let data = vec![3u64; 8192];
    group.throughput(Throughput::Bytes((data.len() * 8) as u64));
    group.bench_function("sum64k", |b| b.iter(|| black_box(&data).iter().sum::<u64>()));
    for n in [1000u64, 100000] {
        group.throughput(Throughput::Elements(n));
        group.bench_with_input(BenchmarkId::new("elems", n), &n, |b, &n| {
            b.iter(|| (0..black_box(n)).fold(0u64, |a, x| a ^ x))
        });
    }
    group.finish();

    c.bench_function("slow", |b| b.iter(|| fib(black_box(22))));
}

fn config() -> Criterion {
    Criterion::default()
        .sample_size(10)
        .warm_up_time(Duration::from_millis(200))
        .measurement_time(Duration::from_millis(500))
}

criterion_group! {
    name = all;
    config = config();
    targets = benches
}
criterion_main!(all);
