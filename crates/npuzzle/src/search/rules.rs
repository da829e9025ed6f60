//! The vocabulary of a course's rules for a tree search: when the goal is tested
//! ([`GoalTestAt`]), which repeated states are skipped ([`Duplicates`]), how ties are broken
//! ([`Ties`]), and the named sets of them ([`Rules`], [`Course`]). The parameters take them as
//! values ([`super::params`]); [`super::conventions`] settles them for a search.

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;

/// Declares a convention's choices: the enum, its names (as users type them), their reading
/// and writing, and its place among the parameters' value types.
macro_rules! choices {
    ($(#[$doc:meta])* $name:ident { $($(#[$vdoc:meta])* $variant:ident = $text:literal,)* }) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum $name {
            $($(#[$vdoc])* $variant,)*
        }

        impl $name {
            /// Every choice, in the order front ends list them.
            pub const ALL: &'static [$name] = &[$($name::$variant),*];
            /// The choices' names, as users type them.
            pub const NAMES: &'static [&'static str] = &[$($text),*];

            /// The name, as users type it.
            pub fn name(self) -> &'static str {
                match self {
                    $($name::$variant => $text,)*
                }
            }

            /// The choice with this name (any case, `_` for `-`).
            pub fn parse(text: &str) -> Option<$name> {
                let t = text.trim().to_ascii_lowercase().replace('_', "-");
                match t.as_str() {
                    $($text => Some($name::$variant),)*
                    _ => None,
                }
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.name())
            }
        }

        impl Serialize for $name {
            fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_str(self.name())
            }
        }

        impl<'de> Deserialize<'de> for $name {
            fn deserialize<D: Deserializer<'de>>(d: D) -> Result<$name, D::Error> {
                let text = String::deserialize(d)?;
                $name::parse(&text).ok_or_else(|| {
                    serde::de::Error::custom(format!(
                        "unknown {} {:?}: expected one of {}",
                        stringify!($name).to_ascii_lowercase(),
                        text,
                        $name::NAMES.join(", ")
                    ))
                })
            }
        }
    };
}

choices! {
    /// When the goal is tested.
    GoalTestAt {
        /// When a node is generated (AIMA's breadth-first search: the early goal test).
        Generation = "generation",
        /// When a node is taken off the frontier to be expanded (most A* presentations, CS188).
        Selection = "selection",
    }
}

choices! {
    /// Which repeated states a search skips.
    Duplicates {
        /// None: tree search; even the move straight back to the parent is generated.
        None = "none",
        /// The parent only: the move straight back is not generated (Princeton's 8puzzle
        /// assignment's "critical optimization").
        Parent = "parent",
        /// States already on the node's own path from the start.
        Path = "path",
        /// States already expanded: a node whose state was expanded before is skipped when it is
        /// taken (Berkeley CS188's graph search); children are added even if reached before.
        Explored = "explored",
        /// States already reached, unless reached again more cheaply (AIMA 4th edition's
        /// best-first search; npuzzle's default).
        Reached = "reached",
    }
}

choices! {
    /// How ties among nodes of equal priority are broken.
    Ties {
        /// The first generated first (npuzzle's default).
        Fifo = "fifo",
        /// The last generated first.
        Lifo = "lifo",
        /// The lower h first, then the first generated.
        LowH = "low-h",
        /// The higher g first, then the first generated.
        HighG = "high-g",
    }
}

choices! {
    /// A course's or a textbook's rules, named ([`Rules::course`] says which source each follows).
    Rules {
        /// npuzzle's own: each algorithm's goal test, reached states skipped, ties first in
        /// first out (AIMA 4th edition's rules, which npuzzle follows).
        Npuzzle = "npuzzle",
        /// Russell and Norvig, AIMA 4th edition.
        Aima4 = "aima4",
        /// Berkeley CS188's search project.
        Cs188 = "cs188",
        /// Princeton COS 226's 8puzzle assignment.
        Princeton = "princeton",
        /// Tree search: no repeated state skipped.
        TreeSearch = "tree-search",
    }
}

/// A named set of rules and the source it follows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Course {
    /// The name, as `--rules` takes it.
    pub name: &'static str,
    /// The course or book, in a few words.
    pub title: &'static str,
    /// The published source its rules come from (book and figure, or the course's
    /// specification).
    pub source: &'static str,
    /// The goal test it fixes (`None`: each algorithm's own).
    #[cfg_attr(feature = "ts", ts(type = "string | null"))]
    pub goal_test: Option<GoalTestAt>,
    /// The repeated states it skips.
    #[cfg_attr(feature = "ts", ts(type = "string"))]
    pub duplicates: Duplicates,
    /// How it breaks ties.
    #[cfg_attr(feature = "ts", ts(type = "string"))]
    pub ties: Ties,
}

impl Rules {
    /// The rules in full, with their source.
    pub fn course(self) -> Course {
        match self {
            Rules::Npuzzle => Course {
                name: "npuzzle",
                title: "npuzzle's own",
                source: "each algorithm's goal test; a reached table that re-opens a state found more cheaply; ties first \
                         in, first out",
                goal_test: None,
                duplicates: Duplicates::Reached,
                ties: Ties::Fifo,
            },
            Rules::Aima4 => Course {
                name: "aima4",
                title: "AIMA, 4th edition",
                source: "Russell and Norvig, Artificial Intelligence: A Modern Approach, 4th edition (2020), Figure 3.7 \
                         (BEST-FIRST-SEARCH: the goal tested when a node is popped, a reached table re-opened by a \
                         cheaper path) and Figure 3.9 (BREADTH-FIRST-SEARCH: the early goal test, when a child is made)",
                goal_test: None,
                duplicates: Duplicates::Reached,
                ties: Ties::Fifo,
            },
            Rules::Cs188 => Course {
                name: "cs188",
                title: "Berkeley CS188",
                source: "UC Berkeley CS188, Project 1: Search (search.py): graph search tests the goal when a node is \
                         popped and skips a popped node whose state is in the closed set; util.PriorityQueue breaks \
                         ties in insertion order",
                goal_test: Some(GoalTestAt::Selection),
                duplicates: Duplicates::Explored,
                ties: Ties::Fifo,
            },
            Rules::Princeton => Course {
                name: "princeton",
                title: "Princeton COS 226, 8puzzle",
                source: "Princeton COS 226 programming assignment 8puzzle: A* on a game tree, a search node dequeued \
                         is tested for the goal, and a neighbour equal to the previous search node's board is not \
                         enqueued (the critical optimization); nothing else is skipped",
                goal_test: Some(GoalTestAt::Selection),
                duplicates: Duplicates::Parent,
                ties: Ties::Fifo,
            },
            Rules::TreeSearch => Course {
                name: "tree-search",
                title: "tree search",
                source: "Russell and Norvig, Artificial Intelligence: A Modern Approach, 3rd edition (2010), Figure 3.7 \
                         (TREE-SEARCH: no repeated state is skipped, the move back to the parent included)",
                goal_test: None,
                duplicates: Duplicates::None,
                ties: Ties::Fifo,
            },
        }
    }
}
