//! `GET /api/options`: what the engine offers, read from the library.

use super::*;

impl Service {
    /// What the library offers and this engine's limits.
    pub fn options(&self) -> Options {
        let c = &self.limits;
        // The library's own choice for the smallest and the largest boards it solves optimally.
        let (small, large) = (npuzzle::solve::default_choice(3, 3), npuzzle::solve::default_choice(5, 5));
        Options {
            engine: c.engine,
            algorithms: Algorithm::ALL.iter().map(|a| a.info().described()).collect(),
            heuristics: page_heuristics().collect(),
            heuristic_info: page_heuristics()
                .map(|h| HeuristicInfo {
                    name: h,
                    title: h.title(),
                    summary: h.summary(),
                    max_cells: h.max_cells(),
                    table: h.table_name(),
                    note: if h == HeuristicKind::Pdb { c.pdb_note } else { None },
                })
                .collect(),
            optimal_choice: OptimalChoice {
                small: Choice { algorithm: small.0, heuristic: small.1, max_cells: small.1.max_cells() },
                large: Choice { algorithm: large.0, heuristic: large.1, max_cells: None },
            },
            big_choice: BigChoice {
                algorithm: npuzzle::solve::default_choice(MAX_SIDE + 1, MAX_SIDE + 1).0,
                near: npuzzle::solve::default_within(6, 6, self.limits.pdb_max_entries).0,
                near_sizes: (MIN_SIDE..=MAX_SIDE)
                    .flat_map(|w| (MIN_SIDE..=MAX_SIDE).map(move |h| (w, h)))
                    .filter(|&(w, h)| {
                        w * h > CLASSIC_MAX_CELLS
                            && npuzzle::solve::default_choice(w, h).0.info().needs == Needs::AnyGoal
                            && self.tables.any_goal_at_hand(w, h)
                    })
                    .collect(),
            },
            legend: npuzzle::render::palette::legend(),
            goals: Goal::PRESETS.to_vec(),
            defaults: Defaults {
                order: MoveOrder::default().to_string(),
                algorithm: DEFAULT_ALGORITHM,
                heuristic: DEFAULT_HEURISTIC,
                goal: Goal::PRESETS[0].name,
            },
            params: Param::ALL.iter().map(|p| p.info()).collect(),
            compare_pairs: npuzzle::compare::DEFAULT_PAIRS.to_vec(),
            cost_models: npuzzle::CostModel::ALL.iter().map(|&name| CostModelInfo { name, summary: name.summary() }).collect(),
            metrics: npuzzle::metric::Metric::ALL
                .iter()
                .map(|&name| MetricInfo {
                    name,
                    summary: name.summary(),
                    algorithms: Algorithm::ALL.iter().copied().filter(|a| name.is_stm() || a.runs_mtm()).collect(),
                    heuristics: page_heuristics().filter(|h| name.is_stm() || h.info().mtm).collect(),
                })
                .collect(),
            depth_defaults: DepthDefaults {
                depths: npuzzle::experiment::DEFAULT_DEPTHS.to_vec(),
                count: c.depth_count,
                max_count: npuzzle::experiment::DEFAULT_COUNT,
                pairs: npuzzle::experiment::default_pairs()
                    .into_iter()
                    .map(|(algorithm, heuristic)| Pair { algorithm, heuristic })
                    .collect(),
                max_nodes: npuzzle::experiment::DEFAULT_MAX_NODES.min(c.node_cap),
                max_cells: npuzzle::generate::MAX_TABLE_CELLS,
            },
            limits: EngineLimits {
                time_ms: c.time_cap.as_millis() as u64,
                nodes: c.node_cap,
                memory_bytes: c.memory_cap,
                tree_nodes: c.tree_cap,
                body_bytes: BODY_LIMIT,
                max_concurrent: c.max_concurrent,
                max_compare: c.max_compare,
                min_side: MIN_SIDE,
                max_side: MAX_SIDE,
                classic_max_cells: CLASSIC_MAX_CELLS,
                max_generate_depth: MAX_GENERATE_DEPTH,
                pdb_max_entries: c.pdb_max_entries,
                max_svg_frames: MAX_SVG_FRAMES,
            },
        }
    }
}
