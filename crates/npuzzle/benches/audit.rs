//! Criterion benches for the exhaustive 3×3 heuristic audit: admissibility, consistency and
//! dominance over every one of the 181,440 boards and 483,840 moves, for a built-in, a formula
//! and an inadmissible formula, the consequence search apart (its budget set to no board). The
//! exact table is built once, before timing, as a store keeps it.

use criterion::{criterion_group, criterion_main, Criterion};
use npuzzle::audit::{audit, AuditSpec};
use npuzzle::goal::Goal;
use npuzzle::heuristic::Estimator;
use npuzzle::TableStore;
use std::hint::black_box;

fn benches(c: &mut Criterion) {
    let goal = Goal::BlankLast.board(3, 3).unwrap();
    let store = TableStore::in_memory();
    let mut spec = AuditSpec::new(goal);
    spec.consequence_boards = 0;
    let mut group = c.benchmark_group("audit 3x3 exhaustive");
    group.sample_size(10);
    for text in ["manhattan", "linear-conflict", "max(h1, h2)", "sum(abs(row - goal_row) + abs(col - goal_col))", "2*misplaced"] {
        let est: Estimator = text.parse().unwrap();
        // Builds the exact table into the store before timing.
        audit(&est, &spec, &store, &|_| {}).unwrap();
        group.bench_function(text, |b| b.iter(|| black_box(audit(&est, &spec, &store, &|_| {}).unwrap())));
    }
    group.finish();
}

criterion_group!(audit_benches, benches);
criterion_main!(audit_benches);
