//! `npuzzle bench SUITE`: the suites are subcommands, each with the options it reads and no
//! other; an option of another suite is a usage error (exit 2) that names it.

use crate::common::run;

const SUITES: [&str; 7] = ["3x3-all", "korf100", "korf24", "big", "local", "depth", "file"];

#[test]
fn bench_help_lists_the_suites() {
    let r = run(&["bench", "--help"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    for suite in SUITES {
        assert!(r.stdout.lines().any(|l| l.trim_start().starts_with(&format!("{suite} "))), "{suite} missing: {}", r.stdout);
    }
    // Without a suite: a usage error that lists them.
    let r = run(&["bench"]);
    assert_eq!(r.code, 2, "{}", r.stderr);
    assert!(r.stderr.contains("korf100"), "{}", r.stderr);
}

/// Each suite's help offers its own options and none of another suite's.
#[test]
fn each_suite_offers_its_own_options() {
    let offers: [(&str, &[&str], &[&str]); 7] = [
        ("3x3-all", &["--quiet", "--jobs"], &["--ids", "--set", "--metric", "--sizes", "--format"]),
        (
            "korf100",
            &["--ids", "--jobs", "--set", "--quiet", "--prune-depth", "--metric", "--timeout"],
            &["--sizes", "--learnt-key", "--format"],
        ),
        ("korf24", &["--ids", "--jobs", "--set", "--quiet", "--prune-depth"], &["--metric", "--timeout", "--count"]),
        (
            "big",
            &["--sizes", "--count", "--seed", "--algorithms", "--max-nodes", "--jobs"],
            &["--metric", "--ids", "--learnt-key", "--format"],
        ),
        (
            "local",
            &["--sizes", "--count", "--seed", "--depth", "--algorithms", "--heuristic", "--cooling", "--jobs"],
            &["--weight", "--format", "--ids"],
        ),
        (
            "depth",
            &["--depths", "--pairs", "--size", "--cost", "--plot", "--goal", "--count", "--seed", "--max-nodes", "--format"],
            &["--sizes", "--ids", "--cooling"],
        ),
        (
            "file",
            &[
                "--skip",
                "--count",
                "--goal",
                "--algorithms",
                "--heuristic",
                "--learnt-key",
                "--weight",
                "--timeout",
                "--max-nodes",
                "--format",
                "--quiet",
                "--jobs",
            ],
            &["--ids", "--metric", "--cooling", "--sizes"],
        ),
    ];
    for (suite, has, lacks) in offers {
        let r = run(&["bench", suite, "--help"]);
        assert_eq!(r.code, 0, "{suite}: {}", r.stderr);
        // The flags as the help lists them: `--name` followed by a space, a comma or `<`.
        let lists = |flag: &str| {
            r.stdout.contains(&format!("{flag} ")) || r.stdout.contains(&format!("{flag},")) || r.stdout.contains(&format!("{flag}\n"))
        };
        for flag in has {
            assert!(lists(flag), "bench {suite} lacks {flag}: {}", r.stdout);
        }
        for flag in lacks {
            assert!(!lists(flag), "bench {suite} offers {flag}: {}", r.stdout);
        }
    }
}

/// An option another suite reads is refused by the parser, with the usage-error exit code and
/// a message naming it, before any work.
#[test]
fn another_suites_option_is_a_usage_error() {
    for args in [
        &["bench", "big", "--metric", "mtm"][..],
        &["bench", "korf24", "--metric", "mtm"][..],
        &["bench", "korf100", "--learnt-key"][..],
        &["bench", "korf100", "--weight", "2"][..],
        &["bench", "3x3-all", "--ids", "1"][..],
        &["bench", "file", "boards.txt", "--cooling", "0.5"][..],
        &["bench", "depth", "--sizes", "3"][..],
    ] {
        let flag = args.iter().find(|a| a.starts_with("--")).unwrap();
        let r = run(args);
        assert_eq!(r.code, 2, "{args:?}: {}", r.stderr);
        assert!(r.stderr.contains(&format!("unexpected argument '{flag}'")), "{args:?}: {}", r.stderr);
        assert!(r.stdout.is_empty(), "{args:?}: {}", r.stdout);
    }
}

/// `bench korf100 --metric mtm` parses and runs the multi-tile suite: its options are checked
/// (an unknown instance is bad input) before any table is built. A metric the library does not
/// know is bad input, not the single-tile suite.
#[test]
fn korf100_takes_the_metric() {
    let r = run(&["bench", "korf100", "--metric", "mtm", "--ids", "101", "--timeout", "1s", "-j", "1"]);
    assert_eq!(r.code, 2, "{}", r.stderr);
    assert!(r.stderr.contains("no instance 101 in this suite"), "{}", r.stderr);
    let r = run(&["bench", "korf100", "--metric", "ftm"]);
    assert_eq!(r.code, 2, "{}", r.stderr);
    assert!(r.stderr.contains("ftm"), "{}", r.stderr);
}

/// A set the board's size does not offer is bad input (exit 2) naming it, before any table is
/// loaded or built: the library reads `--set` ([`npuzzle::experiment::optimal::Optimal`]).
#[test]
fn korf_suites_refuse_a_set_their_size_does_not_offer() {
    for (suite, set) in [("korf100", "9-6"), ("korf24", "7-8")] {
        let r = run(&["bench", suite, "--ids", "1", "--set", set]);
        assert_eq!(r.code, 2, "{suite}: {}", r.stderr);
        assert!(r.stderr.contains("no pattern set") && r.stderr.contains(set), "{suite}: {}", r.stderr);
        assert!(r.stdout.is_empty(), "{suite}: {}", r.stdout);
    }
}
