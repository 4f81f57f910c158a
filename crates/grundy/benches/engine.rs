//! Criterion benchmarks: engine throughput (values per second) and period certification.

#![expect(
    missing_docs,
    reason = "criterion_group! generates an undocumented public function"
)]

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use grundy::engine::{Engine, Values};
use grundy::subtraction::{AllButSet, FiniteSet, SubtractionSet};
use grundy::{Analyzer, Config, Game, parse_game};

fn finite(amounts: &[u64]) -> SubtractionSet {
    SubtractionSet::Finite(FiniteSet::new(amounts.iter().copied()).expect("valid set"))
}

/// Values per second of each engine on finite and all-but sets.
fn values(c: &mut Criterion) {
    let mut group = c.benchmark_group("values");
    let cases: [(&str, SubtractionSet, u64); 4] = [
        ("subtraction:1,3,4", finite(&[1, 3, 4]), 1_000_000),
        (
            "subtraction:1..100 (bitset mex)",
            SubtractionSet::Finite(FiniteSet::new(1..=100).expect("valid")),
            100_000,
        ),
        (
            "allbut:2,3,7",
            SubtractionSet::AllBut(AllButSet::new([2, 3, 7]).expect("valid")),
            1_000_000,
        ),
        (
            "allbut:2,3,7 (first 3000)",
            SubtractionSet::AllBut(AllButSet::new([2, 3, 7]).expect("valid")),
            3_000,
        ),
    ];
    for (name, set, count) in &cases {
        group.throughput(Throughput::Elements(*count));
        for engine in Engine::ALL {
            // The naive all-but engine is quadratic: only the short case.
            if engine == Engine::Naive
                && matches!(set, SubtractionSet::AllBut(_))
                && *count > 10_000
            {
                continue;
            }
            group.bench_with_input(BenchmarkId::new(engine.name(), name), set, |b, set| {
                b.iter(|| {
                    Values::new(set, engine, grundy::Play::Normal)
                        .take(*count as usize)
                        .fold(0u32, |a, v| a ^ v)
                });
            });
        }
    }
    group.finish();
}

/// Certifying periods: one famous game, and every 3-element set within {1..20} (1140 sets).
fn certify(c: &mut Criterion) {
    let analyzer = Analyzer::new(Config::default());
    let mut group = c.benchmark_group("certify");
    let game = parse_game("subtraction:2,5,7").expect("valid");
    group.bench_function("subtraction:2,5,7", |b| {
        b.iter(|| analyzer.period(black_box(&game)));
    });
    let mut games: Vec<Game> = Vec::new();
    for a in 1..=20 {
        for b in a + 1..=20 {
            for c in b + 1..=20 {
                games.push(parse_game(&format!("subtraction:{a},{b},{c}")).expect("valid"));
            }
        }
    }
    group.throughput(Throughput::Elements(games.len() as u64));
    group.bench_function("all 3-sets of 1..20", |b| {
        b.iter(|| analyzer.periods(black_box(&games)));
    });
    group.finish();
}

/// Solving at 10^100 (library call only; see `benches/end_to_end.sh` for the whole process).
fn solve(c: &mut Criterion) {
    let analyzer = Analyzer::new(Config::default());
    let game = parse_game("subtraction:1,3,4").expect("valid");
    let heap = game.parse_position("10^100").expect("valid");
    c.bench_function("solve subtraction:1,3,4 at 10^100", |b| {
        b.iter(|| analyzer.solve(&game, black_box(&heap)));
    });
}

/// Take-and-break values per second: the naive engine, rare/common on one thread and on two,
/// Grundy's game (`!`) on both.
fn octal(c: &mut Criterion) {
    use grundy::octal::{Naive, Paired, RareCommon};
    let mut group = c.benchmark_group("octal");
    group.sample_size(10);
    let code = |text: &str| match parse_game(text).expect("valid") {
        Game::Octal(code) => code,
        _ => unreachable!("an octal code"),
    };
    let officers = code("0.6");
    let count = 1 << 16;
    group.throughput(Throughput::Elements(count));
    group.bench_function("0.6 rare/common", |b| {
        b.iter(|| {
            RareCommon::new(&officers)
                .expect("applies")
                .take(count as usize)
                .last()
        });
    });
    group.bench_function("0.6 rare/common on two threads", |b| {
        b.iter(|| {
            let paired = Paired::new(&officers).expect("applies").threads_from(0);
            paired.take(count as usize).last()
        });
    });
    let long = code("0.1777");
    let many = 1 << 22;
    group.throughput(Throughput::Elements(many));
    group.bench_function("0.1777 rare/common", |b| {
        b.iter(|| {
            RareCommon::new(&long)
                .expect("applies")
                .take(many as usize)
                .last()
        });
    });
    group.bench_function("0.1777 rare/common on two threads", |b| {
        b.iter(|| {
            let paired = Paired::new(&long).expect("applies").threads_from(0);
            paired.take(many as usize).last()
        });
    });
    // Grundy's game: splits into two unequal heaps (`!`), sparse under the mask 0xfe.
    let grundys_game = code("4!.0");
    let sparse = 1 << 18;
    group.throughput(Throughput::Elements(sparse));
    group.bench_function("4!.0 rare/common", |b| {
        b.iter(|| {
            RareCommon::new(&grundys_game)
                .expect("applies")
                .take(sparse as usize)
                .last()
        });
    });
    let short = 1 << 14;
    group.throughput(Throughput::Elements(short));
    group.bench_function("4!.0 naive", |b| {
        b.iter(|| Naive::new(&grundys_game).take(short as usize).last());
    });
    let kayles = code("0.77");
    let few = 1 << 13;
    group.throughput(Throughput::Elements(few));
    group.bench_function("0.77 naive", |b| {
        b.iter(|| Naive::new(&kayles).take(few as usize).last());
    });
    group.finish();
}

criterion_group!(benches, values, certify, solve, octal);
criterion_main!(benches);
