use super::eval::{Board, Machine};
use super::*;
use std::cell::Cell;

fn known(name: &str) -> Option<&'static str> {
    Some(match name {
        "manhattan" | "h2" | "md" => "manhattan",
        "misplaced" | "h1" | "hamming" => "misplaced",
        "linear-conflict" | "linear_conflict" | "lc" => "linear-conflict",
        "learnt" => "learnt",
        "zero" => "zero",
        _ => return None,
    })
}

const NAMES: [&str; 5] = ["zero", "misplaced", "manhattan", "linear-conflict", "learnt"];

fn parse(text: &str) -> Result<Formula, FormulaError> {
    Formula::parse(text, &known, &NAMES)
}

fn err(text: &str) -> FormulaError {
    match parse(text) {
        Ok(f) => panic!("{text:?} parsed: {f:?}"),
        Err(e) => e,
    }
}

/// The value of a formula with no board variable, with no check of the final value.
fn raw(text: &str) -> f64 {
    let f = parse(text).unwrap_or_else(|e| panic!("{text:?}: {e}"));
    let tiles: [u8; 4] = [1, 2, 3, 0];
    let board = Board { tiles: &tiles, goal_cell: &[3, 0, 1, 2], width: 2, height: 2, blank: 3, builtin: &|_| 7.0 };
    Machine::<{ super::eval::STACK }>::new().eval(&f.code, &f.given, &board).unwrap_or_else(|e| panic!("{text:?}: {e}"))
}

/// The value on the 2×2 board `1 2/3 0` (at its goal), the built-ins all 7.
fn value(text: &str) -> Result<f64, EvalError> {
    let f = parse(text).unwrap_or_else(|e| panic!("{text:?}: {e}"));
    f.eval(&[1u8, 2, 3, 0], &[3, 0, 1, 2], 2, 2, &|_| 7.0)
}

/// A small generator of random numbers, so the tests need no crate.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn shuffled(&mut self, n: usize) -> Vec<u8> {
        let mut v: Vec<u8> = (0..n as u8).collect();
        for i in (1..n).rev() {
            v.swap(i, (self.next() % (i as u64 + 1)) as usize);
        }
        v
    }
}

/// `goal_cell[t]`, the cell of tile `t` on the goal board `goal`.
fn cells_of(goal: &[u8]) -> Vec<usize> {
    let mut cells = vec![0; goal.len()];
    for (cell, &t) in goal.iter().enumerate() {
        cells[t as usize] = cell;
    }
    cells
}

/// The goals: blank last, and the snail (spiral) with the blank in its middle.
fn goals(w: usize, h: usize) -> Vec<Vec<u8>> {
    let n = w * h;
    let last: Vec<u8> = (1..n as u8).chain([0]).collect();
    let mut snail = vec![0u8; n];
    let (mut top, mut left, mut bottom, mut right) = (0i64, 0i64, h as i64 - 1, w as i64 - 1);
    let mut t = 1u8;
    let mut put = |r: i64, c: i64, t: &mut u8| {
        if (*t as usize) < n {
            snail[r as usize * w + c as usize] = *t;
            *t += 1;
        }
    };
    while top <= bottom && left <= right {
        for c in left..=right {
            put(top, c, &mut t);
        }
        for r in top + 1..=bottom {
            put(r, right, &mut t);
        }
        if top < bottom {
            for c in (left..right).rev() {
                put(bottom, c, &mut t);
            }
        }
        if left < right {
            for r in (top + 1..bottom).rev() {
                put(r, left, &mut t);
            }
        }
        top += 1;
        left += 1;
        bottom -= 1;
        right -= 1;
    }
    vec![last, snail]
}

#[test]
fn spellings_equal_the_classic_heuristics_on_random_boards() {
    let misplaced = parse("count(cell != goal_cell)").unwrap();
    let manhattan = parse("sum(abs(row - goal_row) + abs(col - goal_col))").unwrap();
    let lines = parse("count(row != goal_row) + count(col != goal_col)").unwrap();
    assert!(misplaced.heuristics().is_empty() && manhattan.uses_tiles());
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let none = |_: usize| -> f64 { unreachable!("no built-in") };
    for (w, h) in [(3, 3), (4, 4), (3, 2)] {
        let goals = goals(w, h);
        assert_ne!(goals[0], goals[1]);
        for goal in &goals {
            let goal_cell = cells_of(goal);
            for _ in 0..300 {
                let tiles = rng.shuffled(w * h);
                let (mut m, mut d, mut l) = (0.0, 0.0, 0.0);
                for (cell, &t) in tiles.iter().enumerate().filter(|&(_, &t)| t != 0) {
                    let g = goal_cell[t as usize];
                    let (r, c, gr, gc) = (cell / w, cell % w, g / w, g % w);
                    m += f64::from(u8::from(cell != g));
                    d += (r.abs_diff(gr) + c.abs_diff(gc)) as f64;
                    l += f64::from(u8::from(r != gr) + u8::from(c != gc));
                }
                assert_eq!(misplaced.eval(&tiles, &goal_cell, w, h, &none).unwrap(), m, "{tiles:?}");
                assert_eq!(manhattan.eval(&tiles, &goal_cell, w, h, &none).unwrap(), d, "{tiles:?}");
                assert_eq!(lines.eval(&tiles, &goal_cell, w, h, &none).unwrap(), l, "{tiles:?}");
                // The library's boards hold wider tiles.
                let wide: Vec<u32> = tiles.iter().map(|&t| u32::from(t)).collect();
                assert_eq!(manhattan.eval(&wide, &goal_cell, w, h, &none).unwrap(), d);
            }
            // At the goal: all 0.
            for f in [&misplaced, &manhattan, &lines] {
                assert_eq!(f.eval(goal, &goal_cell, w, h, &none).unwrap(), 0.0);
            }
        }
    }
}

#[test]
fn the_blank_counts_only_in_the_all_forms() {
    // 2×2: 1 2/0 3 to the goal 1 2/3 0.
    let tiles = [1u8, 2, 0, 3];
    let goal = cells_of(&[1, 2, 3, 0]);
    let eval = |text: &str| parse(text).unwrap().eval(&tiles, &goal, 2, 2, &|_| 0.0).unwrap();
    assert_eq!(eval("count(cell != goal_cell)"), 1.0);
    assert_eq!(eval("count_all(cell != goal_cell)"), 2.0);
    assert_eq!(eval("sum(tile)"), 6.0);
    assert_eq!(eval("sum_all(1)"), 4.0);
    assert_eq!(eval("count(1)"), 3.0);
    assert_eq!(eval("sum_all(if(tile == 0, 10 * row + col, 0))"), 10.0);
    assert_eq!(eval("blank_row * 10 + blank_col"), 10.0);
    assert_eq!(eval("width * 10 + height"), 22.0);
    assert_eq!(eval("sum(goal_row * 100 + goal_col)"), 101.0);
    assert_eq!(eval("count(cell == 3 and tile == 3 and goal_cell == 2)"), 1.0);
}

#[test]
fn precedence_and_associativity() {
    let cases: [(&str, f64); 30] = [
        ("2+3*4", 14.0),
        ("(2+3)*4", 20.0),
        ("8/2/2", 2.0),
        ("8-2-1", 5.0),
        ("-2*3", -6.0),
        ("- 2 - 3", -5.0),
        ("2 - -3", 5.0),
        ("2*-3", -6.0),
        ("--2", 2.0),
        ("not 1 and 0", 0.0),
        ("not 0 and 0", 0.0),
        ("not 0 and 1", 1.0),
        ("not (0 and 1)", 1.0),
        ("not not 5", 1.0),
        ("1 or 0 and 0", 1.0),
        ("(1 or 0) and 0", 0.0),
        ("not 1 == 2", 1.0),
        ("1 + 1 == 2", 1.0),
        ("3 > 2 and 2 >= 2 and 1 < 2 and 1 <= 1 and 1 != 2 and 2 == 2", 1.0),
        ("2 > 3 or 3 < 2 or 2 != 2", 0.0),
        ("5 and 7", 1.0),
        ("0.5 + 0.25", 0.75),
        ("max(1, 5, 3)", 5.0),
        ("min(4, 2, 8)", 2.0),
        ("abs(-3.5)", 3.5),
        ("if(1 > 2, 10, 20)", 20.0),
        ("if(2, 10, 20)", 10.0),
        ("MAX(Manhattan, H1) + Width", 9.0),
        ("2 * max(1, min(3, 2)) - abs(1 - 3)", 2.0),
        ("10 - 2 * 3 / 2 + 1", 8.0),
    ];
    for (text, want) in cases {
        assert_eq!(raw(text), want, "{text}");
    }
}

#[test]
fn if_and_or_skip_what_they_need_not_compute() {
    assert_eq!(value("if(1, 5, 1/0)"), Ok(5.0));
    assert_eq!(value("if(0, 1/0, 5)"), Ok(5.0));
    assert_eq!(value("0 and 1/0"), Ok(0.0));
    assert_eq!(value("1 or 1/0"), Ok(1.0));
    // Built-ins are asked for only when reached, and once each.
    let asked = Cell::new(0u32);
    let f = parse("if(0, manhattan, misplaced + misplaced * misplaced)").unwrap();
    assert_eq!(f.heuristics(), ["manhattan", "misplaced"]);
    let v = f
        .eval(&[1u8, 2, 3, 0], &[3, 0, 1, 2], 2, 2, &|i| {
            assert_eq!(i, 1);
            asked.set(asked.get() + 1);
            3.0
        })
        .unwrap();
    assert_eq!((v, asked.get()), (12.0, 1));
}

#[test]
fn names_with_hyphens_and_subtraction() {
    let f = parse("linear-conflict + lc + linear_conflict").unwrap();
    assert_eq!(f.heuristics(), ["linear-conflict"]);
    let f = parse("manhattan - misplaced").unwrap();
    assert_eq!(f.heuristics(), ["manhattan", "misplaced"]);
    let eval = |f: &Formula| f.eval(&[1u8, 2, 3, 0], &[3, 0, 1, 2], 2, 2, &|i| [5.0, 2.0][i]);
    assert_eq!(eval(&f), Ok(3.0));
    assert_eq!(eval(&parse("manhattan-1").unwrap()), Ok(4.0));
    assert_eq!(eval(&parse("manhattan -misplaced").unwrap()), Ok(3.0));
    assert_eq!(eval(&parse("width-1").unwrap()), Ok(1.0));
    assert_eq!(eval(&parse("h2 - h1").unwrap()), Ok(3.0));
    // Written without spaces, it is one name, and the error says what to write.
    let e = err("manhattan-misplaced");
    assert_eq!((e.at, e.len), (0, 19));
    assert!(e.message.contains("\"manhattan - misplaced\""), "{}", e.message);
    let e = err("sum(abs(row-goal_row))");
    assert_eq!((e.at, e.len), (8, 12));
    assert!(e.message.contains("\"row - goal_row\""), "{}", e.message);
}

#[test]
fn text_heuristics_and_display() {
    let f = parse("  max(h2, misplaced, manhattan, md)\n").unwrap();
    assert_eq!(f.text(), "max(h2, misplaced, manhattan, md)");
    assert_eq!(f.to_string(), f.text());
    assert_eq!(f.heuristics(), ["manhattan", "misplaced"]);
    assert!(!f.uses_tiles());
    assert_eq!(f, parse("max(h2, misplaced, manhattan, md)").unwrap());
    assert_eq!(serde_json::to_string(&f).unwrap(), "\"max(h2, misplaced, manhattan, md)\"");
    fn shared<T: Clone + std::fmt::Debug + Send + Sync>() {}
    shared::<Formula>();
    assert_eq!(FUNCTIONS, parse::FUNCTIONS);
    assert_eq!(BOARD_VARIABLES, parse::GLOBALS.map(|(n, _)| n));
    assert_eq!(TILE_VARIABLES, parse::TILE_VARS.map(|(n, _)| n));
}

/// The place of each error: `(text, at, len, part of the message)`.
#[test]
fn every_error_names_its_place() {
    let cases: &[(&str, usize, usize, &str)] = &[
        ("", 0, 0, "the formula is empty"),
        ("   \n ", 0, 0, "the formula is empty"),
        ("max(manhatan, h1)", 4, 8, "unknown name \"manhatan\", did you mean \"manhattan\"? (known: zero, misplaced, manhattan, linear-conflict, learnt; variables: width, height, blank_row, blank_col;"),
        ("  manhatan", 2, 8, "unknown name"),
        ("qwerty", 0, 6, "unknown name \"qwerty\" (known: zero,"),
        ("2 + * 3", 4, 1, "expected a value (a number, a name or \"(\"), found \"*\""),
        ("2 +", 3, 0, "the formula ends where a value was expected"),
        ("2 3", 2, 1, "expected an operator"),
        ("2 manhattan", 2, 9, "expected an operator (+ - * / == < and …) before \"manhattan\""),
        ("1)", 1, 1, "this \")\" closes no \"(\""),
        ("()", 1, 1, "found \")\""),
        ("(1 + 2", 6, 0, "missing \")\" to close the \"(\" at column 1"),
        ("2 * (1 + 2", 10, 0, "missing \")\" to close the \"(\" at column 5"),
        ("(1 + 2 3)", 7, 1, "or \")\" to close the \"(\" at column 1"),
        ("(1, 2)", 2, 1, "expected \")\" to close the \"(\" at column 1, found \",\""),
        ("max(1, 2", 8, 0, "missing \")\""),
        ("max(1, 2 3)", 9, 1, "or \",\" or \")\""),
        ("max(1,)", 6, 1, "found \")\""),
        ("abs(1, 2)", 0, 9, "abs takes 1 value, got 2"),
        ("max(1)", 0, 6, "max takes 2 or more values, got 1"),
        ("2 + min()", 4, 5, "min takes 2 or more values, got none"),
        ("if(1, 2)", 0, 8, "if takes 3 values"),
        ("sum(1, 2)", 0, 9, "sum takes 1 value, got 2"),
        ("row + 1", 0, 3, "\"row\" is a tile's variable: it has a value only inside sum(…)"),
        ("max(manhattan, goal_row)", 15, 8, "tile's variable"),
        ("sum(1) + tile", 9, 4, "tile's variable"),
        ("sum(count(row == 0))", 4, 5, "count(…) inside sum(…) (at column 1): terms over the tiles do not nest"),
        ("count_all(1 + sum_all(1))", 14, 7, "do not nest"),
        ("max + 1", 0, 3, "\"max\" is a function: write max(a, b, …)"),
        ("if", 0, 2, "write if(condition, then, else)"),
        ("manhattan(1)", 9, 1, "\"manhattan\" is not a function"),
        ("width (2)", 6, 1, "is not a function"),
        ("1 < 2 < 3", 6, 1, "comparisons do not chain"),
        ("1 == 2 != 3", 7, 2, "comparisons do not chain"),
        ("2 = 3", 2, 1, "unexpected character \"=\": write == to compare"),
        ("2 && 3", 2, 2, "unexpected character \"&&\": write and"),
        ("2 | 3", 2, 1, "write or"),
        ("!1", 0, 1, "write != for"),
        ("2 ^ 3", 2, 1, "there is no power"),
        ("2 × 3", 2, 2, "write * to multiply"),
        ("1 + é", 4, 2, "unexpected character \"é\""),
        (".5", 0, 1, "write 0.5, not .5"),
        ("2. + 1", 0, 2, "a decimal point needs digits after it"),
        ("1.5.2", 3, 1, "a number has one decimal point at most"),
        ("_x", 0, 1, "a name starts with a letter"),
        ("and", 0, 3, "expected a value before \"and\""),
        ("1 and or 2", 6, 2, "expected a value before \"or\""),
        ("2 + not 1", 4, 3, "\"not\" takes in a whole comparison"),
        ("manhattan misplaced", 10, 9, "expected an operator"),
    ];
    for &(text, at, len, message) in cases {
        let e = err(text);
        assert_eq!((e.at, e.len), (at, len), "{text:?}: {e}");
        assert!(e.message.contains(message), "{text:?}: {:?} lacks {message:?}", e.message);
        assert_eq!(e.line, 1, "{text:?}");
        assert_eq!(e.column, text[..at].chars().count() + 1, "{text:?}");
        assert_eq!(e.to_string(), format!("at column {}: {}", e.column, e.message));
    }
}

#[test]
fn places_count_characters_and_lines() {
    let e = err("1 +\u{a0}manhatan");
    assert_eq!((e.at, e.len, e.line, e.column), (5, 8, 1, 5));
    let e = err("manhattan +\n  * 2");
    assert_eq!((e.at, e.len, e.line, e.column), (14, 1, 2, 3));
    assert!(e.to_string().starts_with("at line 2, column 3: expected a value"), "{e}");
    // Several lines are fine.
    assert_eq!(parse("max(\n  manhattan,\n  misplaced\n)").unwrap().heuristics(), ["manhattan", "misplaced"]);
}

#[test]
fn errors_serialise_with_their_place_and_become_the_librarys() {
    let e = err("max(manhatan, h1)");
    let json = serde_json::to_value(&e).unwrap();
    assert_eq!(json["at"], 4);
    assert_eq!(json["len"], 8);
    assert_eq!(json["line"], 1);
    assert_eq!(json["column"], 5);
    assert_eq!(json["message"], e.message.as_str());
    let lib: crate::error::Error = e.clone().into();
    assert_eq!(lib, e.clone().into_error());
    match lib {
        crate::error::Error::Invalid(m) => assert!(m.starts_with("bad formula at column 5: unknown name \"manhatan\""), "{m}"),
        other => panic!("{other:?}"),
    }
}

#[test]
fn length_and_depth_are_capped() {
    // MAX_CHARS characters read; one more is refused, with the place where it goes over.
    let args = "1,".repeat((MAX_CHARS - 6) / 2);
    let long = format!("max({args}1)");
    assert_eq!(long.chars().count(), MAX_CHARS);
    assert_eq!(raw(&long), 1.0);
    let longer = format!("max({args}12)");
    let e = err(&format!("  {longer}  "));
    assert_eq!((e.at, e.len), (2 + MAX_CHARS, 1));
    assert!(e.message.contains("too long: 2001 characters, at most 2000"), "{}", e.message);
    // In characters, not bytes.
    let wide = format!("max({}1)", "1,\u{a0}".repeat((MAX_CHARS - 6) / 3));
    assert!(wide.len() > MAX_CHARS && wide.chars().count() <= MAX_CHARS);
    assert_eq!(raw(&wide), 1.0);
    let huge = "1+".repeat(1_000_000);
    assert_eq!(err(&huge).at, MAX_CHARS);

    // Nesting.
    let nested = |n: usize| format!("{}1{}", "(".repeat(n), ")".repeat(n));
    assert_eq!(raw(&nested(MAX_NESTING)), 1.0);
    let e = err(&nested(MAX_NESTING + 1));
    assert_eq!((e.at, e.len), (MAX_NESTING, 1));
    assert!(e.message.contains("nested too deeply"), "{}", e.message);
    let e = err(&format!("{}1", "-".repeat(MAX_NESTING + 1)));
    assert_eq!(e.at, MAX_NESTING);
    let e = err(&format!("{}1", "not ".repeat(MAX_NESTING + 1)));
    assert_eq!(e.at, 4 * MAX_NESTING);
    let calls = |n: usize| format!("{}1{}", "abs(".repeat(n), ")".repeat(n));
    assert_eq!(raw(&calls(MAX_NESTING)), 1.0);
    assert_eq!(err(&calls(MAX_NESTING + 1)).at, 4 * MAX_NESTING + 3);
    let e = err(&format!("{}1{}", "1+(".repeat(MAX_NESTING + 1), ")".repeat(MAX_NESTING + 1)));
    assert_eq!(e.at, 3 * MAX_NESTING + 2);
    // Height: a chain of MAX_HEIGHT - 1 additions is read, and evaluates (the stack fits).
    let chain = |n: usize| format!("1{}", "+1".repeat(n));
    assert_eq!(raw(&chain(MAX_HEIGHT - 1)), MAX_HEIGHT as f64);
    let e = err(&chain(MAX_HEIGHT));
    assert_eq!((e.at, e.len), (1 + 2 * (MAX_HEIGHT - 1), 1));
    assert!(e.message.contains("too deep"), "{}", e.message);
    // The tallest right-leaning tree needs the most values at once.
    let right = format!("{}1{}", "1+(".repeat(MAX_NESTING), ")".repeat(MAX_NESTING));
    assert_eq!(raw(&right), (MAX_NESTING + 1) as f64);
    // Right-leaning trees at the two sizes of machine.
    for k in [super::eval::SMALL - 1, super::eval::SMALL, MAX_NESTING] {
        let text = format!("{}1{}", "1+(".repeat(k), ")".repeat(k));
        assert_eq!(parse(&text).unwrap().root.height, k + 1, "{text}");
        assert_eq!(value(&text), Ok((k + 1) as f64), "{text}");
    }
    let mut tall = "1".to_string();
    while parse(&format!("1+({tall})")).is_ok() {
        tall = format!("1+({tall})");
    }
    let mut taller = tall.clone();
    for _ in 0..MAX_HEIGHT {
        let next = format!("{taller}+1");
        if parse(&next).is_err() {
            break;
        }
        taller = next;
    }
    assert_eq!(parse(&taller).unwrap().root.height, MAX_HEIGHT);
    assert!(raw(&taller) > 0.0);
}

#[test]
fn evaluation_errors() {
    // Negative.
    let e = value("manhattan - 10").unwrap_err();
    assert_eq!(e.message, "the formula gives -3, and an estimate cannot be negative");
    // -0 is 0.
    assert_eq!(value("-0").unwrap().to_bits(), 0f64.to_bits());
    assert_eq!(value("-2*3 + 7"), Ok(1.0));
    // Division by zero names the divisor and its place.
    let e = value("manhattan / (blank_col - 1)").unwrap_err();
    assert_eq!(e.message, "division by zero: \"(blank_col - 1)\" is 0 (column 13)");
    let e = value("  sum(1 / (cell - 2))").unwrap_err();
    assert_eq!(e.message, "division by zero: \"(cell - 2)\" is 0 for tile 3 (column 11)");
    // Too large a value.
    let big = format!("{0} * {0}", "9".repeat(300));
    assert!(value(&big).unwrap_err().message.contains("inf, which is not a number of moves"));
    // A board that does not fit.
    assert!(parse("1").unwrap().eval(&[1u8, 2, 0], &[2, 0, 1], 2, 2, &|_| 0.0).is_err());
    assert!(parse("blank_row").unwrap().eval(&[1u8, 2, 3, 4], &[0, 1, 2, 3, 4], 2, 2, &|_| 0.0).is_err());
    assert!(parse("sum(1)").unwrap().eval(&[1u8, 2, 3, 9], &[0, 1, 2, 3], 2, 2, &|_| 0.0).is_err());
    // The library's error names the board.
    let board = crate::parse::parse_board("1 2 3 4 5 6 7 0 8").unwrap();
    match e.at_board(&board) {
        crate::error::Error::Invalid(m) => {
            assert_eq!(m, "at the board 1 2 3/4 5 6/7 0 8: division by zero: \"(cell - 2)\" is 0 for tile 3 (column 11)")
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn claims_follow_the_parts() {
    let yes = Claims { admissible: Claim::Yes, consistent: Claim::Yes };
    let unknown = Claims { admissible: Claim::Unknown, consistent: Claim::Unknown };
    let no = Claims { admissible: Claim::No, consistent: Claim::No };
    let of = |name: &str| match name {
        "learnt" => no,
        _ => yes,
    };
    let adm_only = Claims { admissible: Claim::Yes, consistent: Claim::Unknown };
    let cases: &[(&str, Claims)] = &[
        ("manhattan", yes),
        ("max(manhattan, misplaced)", yes),
        ("min(manhattan, misplaced)", yes),
        ("2*misplaced", unknown),
        ("misplaced/2", yes),
        ("0.5 * manhattan", yes),
        ("manhattan * (1/2)", yes),
        ("misplaced / 0.5", unknown),
        ("1 * manhattan", yes),
        ("manhattan + 0", yes),
        ("0 + manhattan - 0", yes),
        ("0", yes),
        ("0 * learnt", yes),
        ("2 - 2", yes),
        ("3", unknown),
        ("abs(manhattan)", yes),
        ("(manhattan)", yes),
        ("0.5*manhattan + 0.5*misplaced", unknown),
        ("manhattan + misplaced", unknown),
        ("manhattan - misplaced", unknown),
        ("-manhattan", unknown),
        ("if(blank_row == 0, manhattan, misplaced)", adm_only),
        ("if(blank_row == 0, manhattan, 2 * misplaced)", unknown),
        ("sum(abs(row - goal_row) + abs(col - goal_col))", unknown),
        ("count(cell != goal_cell)", unknown),
        ("width", unknown),
        ("manhattan > 0", unknown),
        ("learnt", no),
        ("max(learnt, manhattan)", Claims { admissible: Claim::No, consistent: Claim::Unknown }),
        ("min(learnt, manhattan)", adm_only),
        ("min(learnt, learnt)", Claims { admissible: Claim::No, consistent: Claim::Unknown }),
        ("2 * learnt", Claims { admissible: Claim::No, consistent: Claim::Unknown }),
        ("learnt * 1", no),
        ("learnt / 2", unknown),
        ("if(1, learnt, learnt)", Claims { admissible: Claim::No, consistent: Claim::Unknown }),
        ("max(manhattan, 0.5 * linear-conflict, misplaced / 3)", yes),
    ];
    for &(text, want) in cases {
        assert_eq!(parse(text).unwrap().claims(&of), want, "{text}");
    }
    // From what the parts claim, not from their names.
    let unsure = |name: &str| if name == "misplaced" { unknown } else { yes };
    assert_eq!(parse("max(manhattan, misplaced)").unwrap().claims(&unsure), unknown);
    assert_eq!(parse("min(manhattan, misplaced)").unwrap().claims(&unsure), adm_only);
    assert_eq!(serde_json::to_string(&Claim::Unknown).unwrap(), "\"unknown\"");
}
