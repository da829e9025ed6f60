//! How much work a check reads and how far its diagnosis goes.

use std::time::Duration;

/// The most bytes of work read.
pub const MAX_TEXT: usize = 1 << 20;

/// The most moves, boards or labels read.
pub const MAX_ITEMS: usize = 100_000;

/// The most nodes one search of the check records (the reference and each variant). A search
/// of n selections generates at most the metric's branching
/// ([`crate::metric::Metric::branching`]) children a selection and a root an iteration, so
/// work of [`MAX_ITEMS`] expansions is followed on every board whose branching is at most 18
/// (single-tile moves on any board; multi-tile moves up to 10×10); longer work on a wider board
/// is refused with the number it may have.
pub const VARIANT_NODES: u64 = 2_000_000;

/// The longest work diagnosed by default, in expansions: any work the check reads
/// ([`MAX_ITEMS`]). A complete order of expansion runs to hundreds or thousands (uniform-cost
/// search on a 3×3 board of depth 14: 1,633), and the diagnosis follows every nearby variant as
/// far as the work goes; the time budget [`DIAGNOSIS_TIME`] bounds what that costs.
pub const MAX_DIAGNOSED: usize = MAX_ITEMS;

/// The time a diagnosis may take by default, all variants together (the request's own time
/// limit, when shorter, bounds it too). Following every variant of a complete order of 1,633
/// expansions takes well under a second; the budget stops hostile work, not students'.
pub const DIAGNOSIS_TIME: Duration = Duration::from_secs(10);

/// How far a diagnosis goes. Work longer than `expansions`, or variants still agreeing with
/// the work when `time` runs out, are not diagnosed, and the report says which limit stopped it
/// ([`super::Report::diagnosis_limit`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DiagnosisLimits {
    /// The longest work diagnosed, in expansions (nodes selected).
    pub expansions: usize,
    /// The time every variant together may take.
    pub time: Duration,
}

impl Default for DiagnosisLimits {
    /// [`MAX_DIAGNOSED`] expansions in [`DIAGNOSIS_TIME`].
    fn default() -> DiagnosisLimits {
        DiagnosisLimits { expansions: MAX_DIAGNOSED, time: DIAGNOSIS_TIME }
    }
}

/// The prefix of the work every variant is first followed for, in expansions; a variant that
/// still agrees is then followed four times as far, to the work's end.
pub(super) const FIRST_ROUND: usize = 64;

/// The most variants a diagnosis names.
pub const MAX_DIAGNOSES: usize = 5;
