// libtest_bench.rs - tiny Rust #[bench] functions for benchdelta's libtest
// samples (scripts/samples/libtest.sh). Built with Debian's rustc and
// RUSTC_BOOTSTRAP=1, since #[bench] is unstable.
#![feature(test)]
extern crate test;

use test::{black_box, Bencher};

fn fib(n: u64) -> u64 {
    if n < 2 {
        n
    } else {
        fib(n - 1) + fib(n - 2)
    }
}

#[bench]
fn fib_15(b: &mut Bencher) {
    b.iter(|| fib(black_box(15)));
}

#[bench]
fn slow_fib_27(b: &mut Bencher) {
    b.iter(|| fib(black_box(27)));
}

#[bench]
fn copy_64k(b: &mut Bencher) {
    let src = vec![7u8; 65536];
    let mut dst = vec![0u8; 65536];
    b.bytes = src.len() as u64;
    b.iter(|| {
        dst.copy_from_slice(black_box(&src));
        black_box(&dst);
    });
}

#[bench]
fn tiny(b: &mut Bencher) {
    b.iter(|| black_box(1u64) + 1);
}

#[test]
#[ignore]
fn a_plain_test() {}
