//! A Python callable as a heuristic: the library's open estimate ([`Estimate`]) whose value
//! at a board is what the callable returns for it.
//!
//! The callable receives an `npuzzle.Tiles`: a tuple of the board's tiles row by row (0 the
//! blank), so code written for aima-python's tuple states works, with `.width`, `.height` and
//! `.goal` (the goal's tiles, the same kind of tuple). It returns a number: a finite one, at
//! least 0. The search runs on a thread of its own with the GIL released; the GIL is taken only
//! while the callable runs. An exception the callable raises stops the search, and the entry
//! raises that very exception again, with the board in its notes ([`Callable::take_raised`]).

use npuzzle::heuristic::{Claim, Claims, Estimate, Position};
use npuzzle::metric::Metric;
use npuzzle::{Board, Cost, CostModel, Error};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyTuple;
use std::sync::{Arc, Mutex};

/// What a callable raised, kept for the entry that started the search.
type Raised = Arc<Mutex<Option<PyErr>>>;

/// A Python callable as an estimate, bound to a goal once a search starts.
pub struct Callable {
    func: Py<PyAny>,
    /// `npuzzle.Tiles`, the tuple subclass the callable receives.
    tiles_type: Py<PyAny>,
    name: String,
    claims: Claims,
    /// The goal as the callable sees it, once bound.
    goal: Option<Py<PyAny>>,
    raised: Raised,
}

impl Callable {
    /// `func` as an estimate named `name`; `admissible` is the user's own claim (never assumed).
    pub fn new(func: Py<PyAny>, tiles_type: Py<PyAny>, name: String, admissible: bool) -> Callable {
        let claims = Claims { admissible: if admissible { Claim::Claimed } else { Claim::Unknown }, consistent: Claim::Unknown };
        Callable { func, tiles_type, name, claims, goal: None, raised: Arc::new(Mutex::new(None)) }
    }

    /// A handle on what it raises, for the entry, before the estimate moves into a request.
    pub fn raised(&self) -> Raised {
        self.raised.clone()
    }

    fn tiles(
        &self,
        py: Python<'_>,
        tiles: &[npuzzle::board::Tile],
        width: usize,
        height: usize,
        goal: Option<Py<PyAny>>,
    ) -> PyResult<Py<PyAny>> {
        let t = PyTuple::new(py, tiles.iter().map(|&x| x as u64))?;
        let goal = match goal {
            Some(g) => g.into_bound(py).into_any(),
            None => py.None().into_bound(py),
        };
        self.tiles_type.call1(py, (t, width, height, goal))
    }

    fn goal_tiles(&self, py: Python<'_>, goal: &Board) -> PyResult<Py<PyAny>> {
        self.tiles(py, goal.tiles(), goal.width(), goal.height(), None)
    }

    /// Keeps `e` (with the board in its notes) for the entry, and says what happened.
    fn failed(&self, py: Python<'_>, e: PyErr, board: &Board) -> Error {
        let note = format!("raised by the heuristic {} at the board {board}", self.name);
        let value = e.value(py);
        if value.hasattr("add_note").unwrap_or(false) {
            let _ = value.call_method1("add_note", (note.as_str(),));
        }
        let text = format!("the heuristic {} failed at the board {board}: {e}", self.name);
        let mut slot = self.raised.lock().unwrap_or_else(|e| e.into_inner());
        if slot.is_none() {
            *slot = Some(e);
        }
        Error::Invalid(text)
    }
}

impl Estimate for Callable {
    fn estimate(&self, p: &Position<'_>) -> Result<Cost, Error> {
        Python::attach(|py| {
            let goal = match &self.goal {
                Some(g) => Ok(g.clone_ref(py)),
                None => self.goal_tiles(py, p.goal),
            };
            let value = goal.and_then(|g| self.tiles(py, p.tiles, p.width, p.height, Some(g))).and_then(|b| self.func.call1(py, (b,)));
            let value = match value {
                Ok(v) => v,
                Err(e) => return Err(self.failed(py, e, &p.board())),
            };
            let v = value.bind(py);
            let x: f64 = match v.extract::<f64>() {
                Ok(x) if !v.is_instance_of::<pyo3::types::PyBool>() => x,
                _ => {
                    let kind = v.get_type().name().map(|n| n.to_string()).unwrap_or_else(|_| "?".into());
                    let e = PyTypeError::new_err(format!(
                        "the heuristic {} returned a {kind}, not a number, at the board {}",
                        self.name,
                        p.board()
                    ));
                    return Err(self.failed(py, e, &p.board()));
                }
            };
            if !x.is_finite() || x < 0.0 {
                let e = PyValueError::new_err(format!(
                    "the heuristic {} returned {x} at the board {}: an estimate is a finite number, at least 0",
                    self.name,
                    p.board()
                ));
                return Err(self.failed(py, e, &p.board()));
            }
            Ok(Cost((x * Cost::ONE as f64).round() as u64))
        })
    }

    fn claims(&self) -> Claims {
        self.claims
    }

    fn name(&self) -> String {
        self.name.clone()
    }

    fn integral(&self) -> bool {
        false
    }

    fn bind(&self, goal: &Board, _: CostModel, _: Metric) -> Result<Option<Arc<dyn Estimate>>, Error> {
        Python::attach(|py| {
            let g = self.goal_tiles(py, goal).map_err(|e| self.failed(py, e, goal))?;
            Ok(Some(Arc::new(Callable {
                func: self.func.clone_ref(py),
                tiles_type: self.tiles_type.clone_ref(py),
                name: self.name.clone(),
                claims: self.claims,
                goal: Some(g),
                raised: self.raised.clone(),
            }) as Arc<dyn Estimate>))
        })
    }
}
