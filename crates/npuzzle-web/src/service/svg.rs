//! `POST /api/svg`: the search tree drawn after chosen events.

use super::*;

/// The fields of an svg request beyond those of a solve request.
#[derive(Deserialize, Debug)]
pub(super) struct SvgExtras {
    start: BoardInput,
    #[serde(default)]
    tree_cap: Option<usize>,
    at: Vec<usize>,
    events: usize,
}

/// An svg request read and checked: the solve it draws, and where.
#[derive(Debug)]
pub struct SvgJob {
    /// The search, run again as the page's solve ran it.
    pub req: Request,
    /// Most nodes kept, as in the page's solve.
    pub cap: usize,
    /// The events after which to draw the tree.
    pub at: Vec<usize>,
    /// How many events the page's solve recorded: the search run again must record as many.
    pub events: usize,
}

impl Service {
    /// An svg request's body read and checked: the body of the solve whose tree the page shows,
    /// with `at` (the events after which to draw it) and `events` (how many that solve
    /// recorded).
    pub fn svg_job(&self, bytes: &[u8], cancel: Option<Arc<AtomicBool>>) -> Result<SvgJob, ApiError> {
        let (body, spec): (SvgExtras, Spec) = parse_json(bytes, &["start", "tree_cap", "at", "events", "tree", "trace", "stream"])?;
        let mut req = request(&plan_capped(&self.caps(), &spec, cancel)?, &body.start)?;
        // The default solver settled with the tables at hand: where the ones it would read are
        // not cached (or larger than this engine builds), the default that answers at once.
        self.tables.settle_default(&mut req);
        ensure_solvable(&req.start, &req.goal)?;
        if !req.algorithm.info().records_tree() {
            return Err(ApiError::unprocessable(format!("{} grows no search tree to draw", req.algorithm)));
        }
        if body.at.is_empty() || body.at.len() > MAX_SVG_FRAMES {
            return Err(ApiError::bad_request(format!("at: give from 1 to {MAX_SVG_FRAMES} events to draw the tree after")));
        }
        if let Some(&k) = body.at.iter().find(|&&k| k > body.events) {
            return Err(ApiError::bad_request(format!("at: event {k} is past the {} events of the search", body.events)));
        }
        self.check_tables(&req)?;
        let cap = body.tree_cap.map_or(self.limits.tree_cap, |c| c.min(self.limits.tree_cap));
        Ok(SvgJob { req, cap, at: body.at, events: body.events })
    }

    /// Runs the search of an svg request again, as the page's solve ran it, and draws its tree
    /// after each event asked for: the library's SVG (`npuzzle solve --tree svg`), laid out as
    /// the whole tree so that frames line up. A search that records a different number of
    /// events this time (one its time limit cut short) is refused rather than drawn wrong.
    pub fn svg(&self, job: &mut SvgJob) -> Result<Pictures, ApiError> {
        self.prepare(&mut job.req, None)?;
        let req = &job.req;
        let (_, rec) = self.record(req, Record { tree: true, trace: true, cap: job.cap }, None)?;
        if rec.events.len() != job.events {
            return Err(ApiError::new(
                409,
                format!(
                    "the search ran differently this time ({} events, not {}): a time limit cut it short; solve again, then export",
                    rec.events.len(),
                    job.events
                ),
            ));
        }
        let (w, h) = (req.start.width(), req.start.height());
        let whole = Tree::new(&rec, w, h, job.cap);
        let name = req.title();
        let frames = job
            .at
            .iter()
            .map(|&at| {
                let then = Tree::upto(&rec, w, h, job.cap, at);
                let title = format!("{name}: the search tree after event {at} of {}", rec.events.len());
                Frame { at, svg: to_svg_frame(&whole, &then, &title) }
            })
            .collect();
        Ok(Pictures { frames })
    }
}
