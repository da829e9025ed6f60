//! A course's rules for a tree search, as parameters: when the goal is tested, which repeated
//! states are skipped, and how ties among equal priorities are broken. Courses differ in each,
//! and each changes the order of expansion and the counts a student is graded on. Every search
//! that reads them says so in its [`super::Info::params`]; with none given a search runs by its
//! own rules ([`Conventions::own`]), exactly as before the conventions existed.

use super::info::{GoalTest, Info, Step};
use super::params::{Param, Params};
pub use super::rules::{Course, Duplicates, GoalTestAt, Rules, Ties};
use crate::cost::Cost;
use crate::error::Error;
use serde::Serialize;

/// The rules a search runs under, each settled.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Conventions {
    /// When the goal is tested.
    pub goal_test: GoalTestAt,
    /// Which repeated states are skipped.
    pub duplicates: Duplicates,
    /// How ties are broken.
    pub ties: Ties,
}

/// Names in a list for a sentence: `none, parent or path`.
fn words_or<'a>(names: impl Iterator<Item = &'a str>) -> String {
    let names: Vec<&str> = names.collect();
    match names.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        Some((last, _)) => last.to_string(),
        None => "none".to_string(),
    }
}

/// The children a repeated-state rule leaves out, in words for a comment on the line that
/// expands a node.
fn dup_comment(d: Duplicates) -> &'static str {
    match d {
        Duplicates::None => "every child is kept, the move back included",
        Duplicates::Parent => "never the move that undoes the last",
        Duplicates::Path => "states on the current path are left out",
        Duplicates::Explored => "a node whose state was taken before in this pass is skipped when taken",
        Duplicates::Reached => "a state reached before in this pass at no greater g is left out",
    }
}

/// A tie rule in words: `the last generated first`.
pub fn tie_words(t: Ties) -> &'static str {
    match t {
        Ties::Fifo => "the first generated first",
        Ties::Lifo => "the last generated first",
        Ties::LowH => "the lower h first",
        Ties::HighG => "the higher g first",
    }
}

/// Bits of a tie key below the tie rule's value: the generation sequence number.
const SEQ_BITS: u32 = 36;
/// The largest value the tie rule's part holds.
const RULE_MAX: u64 = (1 << (64 - SEQ_BITS)) - 1;

impl Conventions {
    /// Iterative deepening's and IDA*'s own rules: the goal tested when a node is taken, only
    /// the move back skipped, ties first in first out.
    pub const PARENT_ONLY: Conventions = Conventions { goal_test: GoalTestAt::Selection, duplicates: Duplicates::Parent, ties: Ties::Fifo };

    /// The algorithm's own rules: its goal test, its repeated-state rule (the first of
    /// [`Info::duplicates`]; reached states when it names none), ties first in first out.
    pub fn own(info: &Info) -> Conventions {
        Conventions {
            goal_test: match info.goal_test {
                GoalTest::OnGeneration => GoalTestAt::Generation,
                GoalTest::OnSelection => GoalTestAt::Selection,
            },
            duplicates: info.duplicates.first().copied().unwrap_or(Duplicates::Reached),
            ties: Ties::Fifo,
        }
    }

    /// Refuses a repeated-state rule given by itself that `info`'s algorithm cannot run under:
    /// recursive best-first search re-expands the subtrees it forgot, so it cannot skip the
    /// states it expanded or reached before; depth-first branch and bound dives with no bound
    /// until it finds a first solution, and with only the move back skipped (or nothing) that
    /// dive can go round a cycle for ever. A course's named rules never fail here: a rule
    /// of theirs the algorithm cannot run is left at its own, with a note
    /// ([`crate::spec::Plan::ignored`]).
    pub fn check(info: &Info, params: &Params) -> Result<(), Error> {
        match params.duplicates.filter(|d| info.takes(Param::Duplicates) && !info.duplicates.contains(d)) {
            Some(d) => Err(Error::Invalid(format!(
                "{} cannot skip repeated states by the {d} rule: it takes {}",
                info.name,
                words_or(info.duplicates.iter().map(|d| d.name()))
            ))),
            None => Ok(()),
        }
    }

    /// The note for a course's rule that `info`'s algorithm cannot run, if any.
    pub fn unrun(info: &Info, params: &Params) -> Option<String> {
        let course = params.rules.filter(|_| info.takes(Param::Rules) && info.takes(Param::Duplicates))?.course();
        (params.duplicates.is_none() && !info.duplicates.contains(&course.duplicates)).then(|| {
            format!(
                "{} cannot skip repeated states by {}'s rule ({}): it keeps its own ({})",
                info.name,
                course.name,
                course.duplicates,
                Conventions::own(info).duplicates
            )
        })
    }

    /// Whether the algorithm still guarantees an optimal answer under these rules. A search
    /// that takes nodes best first and tests the goal when it takes one loses that guarantee
    /// when the goal is tested as each child is generated: the first goal made need not be the
    /// cheapest. A search with a bound (iterative deepening, IDA*) keeps it: a goal child
    /// admitted within the bound is as cheap as any. But a depth-first pass that skips the
    /// states it expanded loses it: a state first met by a longer path is not searched again
    /// from a shorter one.
    pub fn keep_optimality(self, info: &Info) -> bool {
        let own = Conventions::own(info);
        let bounded = info.words.bound.is_some();
        !(self.goal_on_generate() && own.goal_test == GoalTestAt::Selection && !bounded
            || bounded && self.duplicates == Duplicates::Explored && own.duplicates != Duplicates::Explored)
    }

    /// Whether a search under these rules never reopens a state it has expanded (a closed list
    /// without reopening, [`Duplicates::Explored`], in a search with no bound): a later, cheaper
    /// path to the state is dropped, so its answer is optimal only with a consistent heuristic.
    pub fn never_reopens(self, info: &Info) -> bool {
        self.duplicates == Duplicates::Explored && info.words.bound.is_none()
    }

    /// The rules a search by `info`'s algorithm runs under: each convention given in `params`
    /// that the algorithm reads, else its own.
    ///
    /// A course's named rules (`rules`) come first, then each convention given by itself.
    pub fn of(info: &Info, params: &Params) -> Conventions {
        let mut own = Conventions::own(info);
        if let Some(course) = params.rules.filter(|_| info.takes(Param::Rules)).map(Rules::course) {
            own.goal_test = course.goal_test.unwrap_or(own.goal_test);
            own.duplicates = course.duplicates;
            own.ties = course.ties;
        }
        if !info.duplicates.contains(&own.duplicates) {
            own.duplicates = Conventions::own(info).duplicates;
        }
        Conventions {
            goal_test: params.goal_test.filter(|_| info.takes(Param::GoalTest)).unwrap_or(own.goal_test),
            duplicates: params
                .duplicates
                .filter(|d| info.takes(Param::Duplicates) && info.duplicates.contains(d))
                .unwrap_or(own.duplicates),
            ties: params.ties.filter(|_| info.takes(Param::Ties)).unwrap_or(own.ties),
        }
    }

    /// Whether the goal is tested as nodes are generated.
    pub fn goal_on_generate(self) -> bool {
        self.goal_test == GoalTestAt::Generation
    }

    /// Whether the move straight back to the parent is left out of a node's successors.
    pub fn skips_parent(self) -> bool {
        self.duplicates != Duplicates::None
    }

    /// The key that orders nodes of equal priority (smaller first): the tie rule's value above
    /// the generation sequence number `seq` (first in first out by itself, reversed for last in
    /// first out). `g` is the node's path cost; `h` its estimate.
    #[inline]
    pub fn tie_key(self, seq: u64, g: u32, h: Cost) -> u64 {
        let seq = seq.min((1 << SEQ_BITS) - 1);
        match self.ties {
            Ties::Fifo => seq,
            Ties::Lifo => u64::MAX - seq,
            // h in thousandths of a move: a fractional estimate still orders.
            Ties::LowH => ((h.0 / 1_000).min(RULE_MAX) << SEQ_BITS) | seq,
            Ties::HighG => ((RULE_MAX - u64::from(g).min(RULE_MAX)) << SEQ_BITS) | seq,
        }
    }

    /// `info`'s pseudocode under these rules, one text a line of `info.pseudocode` (so each
    /// keeps its steps, and a replay lights the same lines): the lines that pick the next node,
    /// test the goal, skip repeated states and add a child say what these rules do. `None` under
    /// the algorithm's own rules, whose pseudocode is `info`'s.
    pub fn pseudocode(self, info: &Info) -> Option<Vec<String>> {
        let own = Conventions::own(info);
        if self == own {
            return None;
        }
        let early = self.goal_test == GoalTestAt::Generation;
        let moved = self.goal_test != own.goal_test;
        let dup = self.duplicates != own.duplicates;
        // Where no line checks for repeated states by itself, the line that expands says in its
        // comment which children are left out.
        let check_line = info.pseudocode.iter().any(|l| l.steps.contains(&Step::Duplicate) && !l.steps.contains(&Step::Add));
        let s_named = info.pseudocode.iter().any(|l| l.text.contains("s ← child.STATE"));
        let child_state = if s_named { "s" } else { "child.STATE" };
        Some(
            info.pseudocode
                .iter()
                .map(|l| {
                    let has = |s: Step| l.steps.contains(&s);
                    let (code, comment) = match l.text.split_once("    ▷ ") {
                        Some((c, m)) => (c.to_string(), Some(m.to_string())),
                        None => (l.text.to_string(), None),
                    };
                    let with = |code: String, comment: Option<String>| match comment {
                        Some(m) => format!("{code}    ▷ {m}"),
                        None => code,
                    };
                    if has(Step::Select) {
                        let mut code = code;
                        let mut comment = comment;
                        if self.duplicates == Duplicates::Explored && dup {
                            code.push_str("; if its state is in explored then skip it, else add the state to explored");
                        }
                        if moved && !early {
                            code.push_str("; if problem.IS-GOAL(node.STATE) then return node");
                        }
                        if self.ties != own.ties {
                            let ties = format!("ties: {}", tie_words(self.ties));
                            comment = Some(match comment {
                                Some(m) if m.contains("ties in generation order") => m.replace("ties in generation order", &ties),
                                Some(m) => format!("{m}; {ties}"),
                                None => ties,
                            });
                        }
                        return with(code, comment);
                    }
                    if has(Step::Goal) && moved {
                        return if early {
                            "▷ the goal is tested as each child is generated (below)".to_string()
                        } else {
                            "▷ the goal is tested when a node is taken (above)".to_string()
                        };
                    }
                    if has(Step::Duplicate) && has(Step::Add) && dup {
                        return with(code, Some(dup_comment(self.duplicates).to_string()));
                    }
                    if has(Step::Add) && moved && early {
                        let test = format!("if problem.IS-GOAL({child_state}) then return child");
                        return match code.strip_prefix("else ") {
                            Some(rest) => with(format!("else {test}, else {rest}"), comment),
                            None => with(format!("{test}; {code}"), comment),
                        };
                    }
                    if has(Step::Duplicate) && dup {
                        let s = child_state;
                        let check = match self.duplicates {
                            Duplicates::None => {
                                return "▷ no repeated state is skipped: every child is kept, the move back included".to_string()
                            }
                            Duplicates::Explored => {
                                return "▷ no check here: a node whose state was expanded is skipped when taken".to_string()
                            }
                            Duplicates::Parent => format!("if {s} = node.PARENT.STATE then skip child    ▷ only the move back"),
                            Duplicates::Path => format!("if {s} is on the path from the start to node then skip child"),
                            Duplicates::Reached => {
                                format!("if {s} is in reached and reached[{s}].PATH-COST ≤ child.PATH-COST then skip child")
                            }
                        };
                        return if code.starts_with("else ") { format!("else {check}") } else { check };
                    }
                    if has(Step::Add) && dup && self.duplicates != Duplicates::Reached && code.contains("reached[child.STATE] ← g(child); ")
                    {
                        return with(code.replace("reached[child.STATE] ← g(child); ", ""), comment);
                    }
                    if dup && !check_line && comment.as_deref() == Some(dup_comment(own.duplicates)) {
                        return with(code, Some(dup_comment(self.duplicates).to_string()));
                    }
                    if dup && l.steps.is_empty() && l.text.contains("reached") && self.duplicates != Duplicates::Reached {
                        return if l.text.starts_with("reached ←") && self.duplicates == Duplicates::Explored {
                            "explored ← an empty set".to_string()
                        } else {
                            "▷ no reached table under these rules".to_string()
                        };
                    }
                    l.text.to_string()
                })
                .collect(),
        )
    }

    /// The rules other than the algorithm's own, in words for notes and headings:
    /// `goal test at generation, duplicates: none, ties: lifo`; empty for its own.
    pub fn differences(self, info: &Info) -> Vec<String> {
        let own = Conventions::own(info);
        let mut out = Vec::new();
        if self.goal_test != own.goal_test {
            out.push(format!("goal test at {}", self.goal_test));
        }
        if self.duplicates != own.duplicates {
            out.push(format!("duplicates: {}", self.duplicates));
        }
        if self.ties != own.ties {
            out.push(format!("ties: {}", self.ties));
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_read_back_and_bad_names_say_what_is_expected() {
        for &d in Duplicates::ALL {
            assert_eq!(Duplicates::parse(d.name()), Some(d));
        }
        assert_eq!(Ties::parse("LOW_H"), Some(Ties::LowH));
        assert_eq!(GoalTestAt::parse("later"), None);
        let e = serde_json::from_str::<Ties>("\"random\"").unwrap_err().to_string();
        assert!(e.contains("unknown ties \"random\": expected one of fifo, lifo, low-h, high-g"), "{e}");
    }

    #[test]
    fn tie_keys_order_as_their_rules_say() {
        let c = |ties| Conventions { goal_test: GoalTestAt::Selection, duplicates: Duplicates::Reached, ties };
        let (early, late) = (3, 9);
        assert!(c(Ties::Fifo).tie_key(early, 0, Cost::ZERO) < c(Ties::Fifo).tie_key(late, 0, Cost::ZERO));
        assert!(c(Ties::Lifo).tie_key(early, 0, Cost::ZERO) > c(Ties::Lifo).tie_key(late, 0, Cost::ZERO));
        // Lower h first, whatever the order of generation; equal h: first generated first.
        assert!(c(Ties::LowH).tie_key(late, 0, Cost::moves(1)) < c(Ties::LowH).tie_key(early, 0, Cost::moves(2)));
        assert!(c(Ties::LowH).tie_key(early, 0, Cost::moves(2)) < c(Ties::LowH).tie_key(late, 0, Cost::moves(2)));
        // Higher g first.
        assert!(c(Ties::HighG).tie_key(late, 5, Cost::ZERO) < c(Ties::HighG).tie_key(early, 4, Cost::ZERO));
    }
}
