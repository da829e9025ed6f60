// The documents of the npuzzle web API, as TypeScript declarations. Written by
// `npuzzle_web::documents::typescript` from the Rust types both engines serialise; do not edit:
// run `NPUZZLE_WRITE_TYPES=1 cargo test -p npuzzle-web --test types` to write it again.

/**
 * `GET /api/options`: what the library offers and what this engine allows. The page builds
 * its menus and inputs from it and keeps no list of its own.
 */
export type Options = { 
/**
 * Which engine answers.
 */
engine: EngineKind, 
/**
 * Every algorithm, described by itself (name, title, summary, optimality, parameters,
 * pseudocode, …), in the order menus list them.
 */
algorithms: Array<Described>, 
/**
 * The heuristics offered.
 */
heuristics: Array<HeuristicKind>, 
/**
 * What each heuristic offered is.
 */
heuristic_info: Array<HeuristicInfo>, 
/**
 * The fast optimal solver for small boards (up to `small.max_cells` cells) and larger ones.
 */
optimal_choice: OptimalChoice, 
/**
 * What the library solves boards beyond the classic searches' sizes with.
 */
big_choice: BigChoice, 
/**
 * The colours and shapes of the node states.
 */
legend: Array<LegendEntry>, 
/**
 * The goal presets.
 */
goals: Array<Preset>, 
/**
 * The values a request that names nothing gets.
 */
defaults: Defaults, 
/**
 * Every parameter an algorithm may read, described once (key, flag, label, help, range,
 * default), in the order the page shows them.
 */
params: Array<ParamInfo>, 
/**
 * The pairs a compare starts with.
 */
compare_pairs: Array<Pair>, 
/**
 * What a move may cost, the first the default (`unit`, then `tile`), with a line on each.
 */
cost_models: Array<CostModelInfo>, 
/**
 * How moves may be counted, the first the default (`stm`, then `mtm`), with what each
 * allows.
 */
metrics: Array<MetricInfo>, 
/**
 * The textbook experiment's defaults in this engine (`/api/depth`).
 */
depth_defaults: DepthDefaults, 
/**
 * What this engine allows a request.
 */
limits: EngineLimits, };

/**
 * Which engine answers.
 */
export type EngineKind = "server" | "browser";

/**
 * One heuristic as menus show it.
 */
export type HeuristicInfo = { 
/**
 * Its name.
 */
name: HeuristicKind, 
/**
 * Its name in prose.
 */
title: string, 
/**
 * One line on what it is.
 */
summary: string, 
/**
 * The most cells a board may have for it, if it is limited.
 */
max_cells: number | null, 
/**
 * What its tables are called (`exact table`, `pattern databases`), for a heuristic that
 * reads prepared tables.
 */
table: string | null, 
/**
 * What this engine says about it, when it limits it (the page's engine builds only the
 * smaller pattern databases).
 */
note: string | null, };

/**
 * An algorithm and a heuristic.
 */
export type Choice = { 
/**
 * The algorithm.
 */
algorithm: AlgorithmName, 
/**
 * The heuristic.
 */
heuristic: HeuristicKind, 
/**
 * The most cells of the boards this choice is for, when it is for the small ones.
 */
max_cells?: number, };

/**
 * The fast optimal solvers.
 */
export type OptimalChoice = { 
/**
 * For boards of up to `small.max_cells` cells.
 */
small: Choice, 
/**
 * For larger boards, up to the classic searches' sizes.
 */
large: Choice, };

/**
 * The solvers for boards beyond the classic searches' sizes.
 */
export type BigChoice = { 
/**
 * The solver on the other sizes beyond the classic searches' (`reduce-plus`).
 */
algorithm: AlgorithmName, 
/**
 * The solver on [`BigChoice::near_sizes`]: `pdb-beam` where this engine builds its
 * pattern databases (the server), else `reduce-plus` (the static page).
 */
near: AlgorithmName, 
/**
 * The sizes, width by height, whose default is `near` (from 26 to 64 cells) and whose
 * tables are at hand (cached, or built in seconds): the default answers at once, as
 * `npuzzle solve` does, until `npuzzle pdb build` has built the larger sets.
 */
near_sizes: Array<[number, number]>, };

/**
 * The values a request that names nothing gets.
 */
export type Defaults = { 
/**
 * The move order.
 */
order: string, 
/**
 * The algorithm when only a heuristic is named.
 */
algorithm: AlgorithmName, 
/**
 * The heuristic when only an algorithm is named.
 */
heuristic: HeuristicKind, 
/**
 * The goal preset.
 */
goal: string, };

/**
 * One algorithm with its heuristic (`zero` for those that use none).
 */
export type Pair = { 
/**
 * The algorithm.
 */
algorithm: AlgorithmName, 
/**
 * The heuristic: a built-in, or a user's own (a formula).
 */
heuristic: string, };

/**
 * What one engine allows a request.
 */
export type EngineLimits = { 
/**
 * Longest a search may run, in milliseconds.
 */
time_ms: number, 
/**
 * Most nodes a search may generate.
 */
nodes: number, 
/**
 * Most bytes a search may hold.
 */
memory_bytes: number, 
/**
 * Most nodes kept for the search tree and the trace.
 */
tree_nodes: number, 
/**
 * Largest request body, in bytes.
 */
body_bytes: number, 
/**
 * Searches running at once.
 */
max_concurrent: number, 
/**
 * Most pairs in one compare.
 */
max_compare: number, 
/**
 * Smallest board side.
 */
min_side: number, 
/**
 * Largest board side.
 */
max_side: number, 
/**
 * Largest board, in cells, the classic searches and the search tree take.
 */
classic_max_cells: number, 
/**
 * Deepest scramble `/api/generate` makes.
 */
max_generate_depth: number, 
/**
 * Most entries a pattern-database set may have in this engine (`null`: any).
 */
pdb_max_entries: number | null, 
/**
 * Most frames one `/api/svg` request draws.
 */
max_svg_frames: number, };

/**
 * A goal preset as menus offer it: its name and a description.
 */
export type Preset = { 
/**
 * The name [`Goal::parse`] reads, e.g. `blank-last`.
 */
name: string, 
/**
 * What it looks like, e.g. `blank last (1 2 3 … _)`.
 */
label: string, };

/**
 * A parameter described once, for every front end.
 */
export type ParamInfo = { 
/**
 * The key in JSON and the Python keyword, e.g. `beam_width`.
 */
key: string, 
/**
 * The command line's long flag, without the dashes, e.g. `beam-width`.
 */
flag: string, 
/**
 * The command line's short flag, if any.
 */
short: string | null, 
/**
 * What the command line's help calls the value, e.g. `K`.
 */
value_name: string, 
/**
 * The name in prose and in error messages, e.g. `beam width`.
 */
name: string, 
/**
 * The label of the page's input, e.g. `Beam width K`.
 */
label: string, 
/**
 * What it does, in a sentence or two (the command line's help, the page's tooltip, the
 * Python docstring).
 */
help: string, 
/**
 * Which group it belongs to.
 */
group: ParamGroup, 
/**
 * What kind of value it takes.
 */
kind: ParamKind, 
/**
 * The least value allowed, if any (integers are never below 0).
 */
min: number | null, 
/**
 * Whether `min` itself is excluded.
 */
min_exclusive: boolean, 
/**
 * The largest value allowed, if any.
 */
max: number | null, 
/**
 * Whether `max` itself is excluded.
 */
max_exclusive: boolean, 
/**
 * Why the range is what it is, added to the message that refuses a value outside it.
 */
why: string | null, 
/**
 * What is counted, for messages about a value that is not a whole number, e.g. `states`.
 */
unit: string | null, 
/**
 * The value used when none is given, when there is one value for every algorithm.
 */
default: number | null, 
/**
 * What happens when no value is given, in words, when `default` alone does not say it.
 */
default_note: string | null, 
/**
 * A sensible step for an input that steps through values (the page's number boxes).
 */
step: number | null, 
/**
 * The names a choice takes, in the order front ends list them (empty for other kinds).
 */
choices: Array<string>, };

/**
 * Which front-end group a parameter belongs to: the page shows the local searches' together,
 * and the command line lists them under their own heading.
 */
export type ParamGroup = "search" | "local";

/**
 * What kind of value a parameter takes.
 */
export type ParamKind = "integer" | "number" | "flag" | "choice";

/**
 * A parameter an algorithm reads, by its JSON key.
 */
export type Param = "weight" | "max_depth" | "seed" | "sideways" | "restarts" | "temperature" | "cooling" | "beam_width" | "stochastic" | "learnt_key" | "max_steps" | "rules" | "goal_test" | "duplicates" | "ties";

/**
 * An algorithm's description.
 */
export type Info = { 
/**
 * The name on the command line and in JSON, e.g. `astar`.
 */
name: string, 
/**
 * Other names accepted as input, e.g. `a*`.
 */
aliases: Array<string>, 
/**
 * The name in prose, e.g. `A*`.
 */
title: string, 
/**
 * One line on what it does.
 */
summary: string, 
/**
 * Whether it always returns an optimal solution, given an admissible heuristic and its
 * parameters at their defaults. Opt-in: an algorithm is not claimed optimal unless it says
 * so here.
 */
optimal: boolean, 
/**
 * Whether it uses a heuristic at all.
 */
uses_heuristic: boolean, 
/**
 * What it keeps in memory as its path grows, which decides whether a board too large for
 * it is refused before the search (see [`crate::solve::check_fits`]).
 */
keeps: Keeps, 
/**
 * What kind of search it is, which decides what it builds and what a front end can show
 * of it ([`Info::records_tree`], [`Info::local`], [`Info::one_path`], …).
 */
kind: Kind, 
/**
 * What a front end prepares before the run ([`crate::tables::TableStore::prepare_run`]
 * reads it): the heuristic's tables, the final block's table, or the tables for every goal.
 */
needs: Needs, 
/**
 * Why an algorithm optimal under unit costs ([`Info::optimal`]) is not when moves cost
 * different amounts ([`crate::cost::CostModel::Tile`]); `None` when its optimality (or lack
 * of it) is the same under every cost model. The report then says `optimal: false`, and the
 * trace says why.
 */
cost_note: string | null, 
/**
 * When it tests a node for the goal.
 */
goal_test: GoalTest, 
/**
 * The repeated-state rules it can run under ([`super::Duplicates`]), its own first; empty
 * when it reads none (a local search, or a solver of its own). Front ends offer only
 * these in their repeated-state menus.
 */
duplicates: Array<string>, 
/**
 * How the trace names its open list, e.g. `queue (front first)`.
 */
frontier: string, 
/**
 * The parameters it reads beyond the heuristic and the move order.
 */
params: Array<Param>, 
/**
 * How the trace words what becomes of a generated node.
 */
words: Words, 
/**
 * The algorithm in textbook pseudocode (in the style of Russell and Norvig's AIMA and
 * Nilsson), each line tagged with the [`Step`]s of a search it carries out, so a replay can
 * light the line the current event belongs to.
 */
pseudocode: Array<Line>, };

/**
 * One line of an algorithm's pseudocode.
 */
export type Line = { 
/**
 * Indentation, in levels.
 */
indent: number, 
/**
 * The text.
 */
text: string, 
/**
 * The steps this line carries out (none for lines a replay never stops at).
 */
steps: Array<Step>, };

/**
 * The kinds of step a recorded search is made of, as pseudocode names them. Each recorded
 * event is one of them (see [`crate::record::Event::pseudocode_step`]), so a replay lights the
 * pseudocode line tagged with the step of the event it shows.
 */
export type Step = "start" | "select" | "goal" | "add" | "duplicate" | "prune" | "discard" | "iteration" | "raise_bound" | "fail" | "incumbent" | "back_up" | "evaluate" | "move" | "reject" | "restart";

/**
 * When an algorithm tests for the goal.
 */
export type GoalTest = "on_generation" | "on_selection";

/**
 * What an algorithm keeps in memory as the path it returns grows.
 */
export type Keeps = "node_per_move" | "path_moves" | "few_boards";

/**
 * What an algorithm needs prepared before it runs.
 */
export type Needs = "heuristic" | "block" | "any_goal";

/**
 * The trace's wording for one algorithm.
 */
export type Words = { 
/**
 * For algorithms that test at generation: what an added child and a goal child say, e.g.
 * `goal test: no; added` and `goal test: yes; goal`.
 */
tested: [string, string] | null, 
/**
 * What a bound is called (`bound`, `depth limit`) and how a cut is phrased.
 */
bound: Bound | null, };

/**
 * How an algorithm bounds its search, for the trace's wording.
 */
export type Bound = "f" | "depth" | "incumbent";

/**
 * One legend entry.
 */
export type LegendEntry = { 
/**
 * The state.
 */
state: NodeState, 
/**
 * Its colour name.
 */
colour: string, 
/**
 * Its fill colour.
 */
fill: string, 
/**
 * The text colour on the fill.
 */
ink: string, 
/**
 * Its shape.
 */
shape: string, };

/**
 * A node's state when the search ended.
 */
export type NodeState = "current" | "explored" | "frontier" | "goal" | "unexplored";

/**
 * An algorithm's name, as `--algorithm` and the JSON fields take it.
 */
export type AlgorithmName = "bfs" | "dfs" | "iddfs" | "ucs" | "greedy" | "astar" | "lc" | "dfbnb" | "idastar" | "rbfs" | "bidirectional" | "reduce" | "reduce-plus" | "pdb-beam" | "hill-climbing" | "first-choice" | "random-restart" | "annealing" | "local-beam";

/**
 * The built-in heuristics, in the order they are listed to users, each described by
 * its module's `INFO`.
 */
export type HeuristicKind = "zero" | "misplaced" | "manhattan" | "euclidean" | "linear-conflict" | "gaschnig" | "out-of-line" | "walking-distance" | "lc-corner" | "pdb" | "exact" | "learnt";

/**
 * `POST /api/check`: a verdict on a start and a goal.
 */
export type Check = ValidPair | InvalidPair;

/**
 * Which board of a check request is at fault.
 */
export type Field = "start" | "goal";

/**
 * A pair of boards that both read.
 */
export type ValidPair = { 
/**
 * Always `true`.
 */
valid: true, 
/**
 * The start.
 */
start: Board, 
/**
 * The goal.
 */
goal: Board, 
/**
 * Board width.
 */
width: number, 
/**
 * Board height.
 */
height: number, 
/**
 * Whether the goal can be reached.
 */
solvable: boolean, 
/**
 * Why not, when it cannot.
 */
reason: string | null, 
/**
 * Each formula heuristic's estimate, by name.
 */
h: { [key in string]: Cost }, 
/**
 * When the request gave a `heuristic` (a built-in's name or a formula): its value at the
 * start and at each child of the start, or its error with its place in the text (a bad
 * formula leaves the boards' verdict valid).
 */
preview?: Preview, };

/**
 * A pair in which a board did not read.
 */
export type InvalidPair = { 
/**
 * Always `false`.
 */
valid: false, 
/**
 * Which board is at fault.
 */
field: Field, 
/**
 * What is wrong with it.
 */
error: string, };

/**
 * What a formula gives on a board: its values, or why it gives none.
 */
export type Preview = PreviewValues | PreviewFault;

/**
 * A formula's values at a start board and at its children.
 */
export type PreviewValues = { 
/**
 * Always `true`.
 */
ok: true, 
/**
 * Its value at the start, in moves (or step costs).
 */
h: Cost, 
/**
 * Its value at each board one move from the start, in the order `U`, `D`, `L`, `R`.
 */
children: Array<PreviewChild>, };

/**
 * One child of the start and the formula's value there.
 */
export type PreviewChild = { 
/**
 * The way the blank travels: `U`, `D`, `L` or `R`.
 */
move: "U" | "D" | "L" | "R", 
/**
 * The cells it travels: 1, or more under multi-tile moves (a slide of several tiles).
 */
run: number, 
/**
 * The board after the move.
 */
board: Board, 
/**
 * The formula's value there.
 */
h: Cost, };

/**
 * Why a formula gives no values: its error and place.
 */
export type PreviewFault = { 
/**
 * Always `false`.
 */
ok: false, 
/**
 * What is wrong and where: the fault's own place for a reading error; the whole formula
 * for a part it may not use here or a board where it gives no estimate.
 */
error: FormulaError, };

/**
 * Why a formula could not be read, and where.
 */
export type FormulaError = { 
/**
 * What is wrong, in a sentence (without the place).
 */
message: string, 
/**
 * Byte offset of the fault in the text as given to [`Formula::parse`].
 */
at: number, 
/**
 * Its length in bytes (0 at the end of the text).
 */
len: number, 
/**
 * The line it is on, from 1.
 */
line: number, 
/**
 * Its column on that line, in characters, from 1.
 */
column: number, };

/**
 * `GET /api/generate`: a random solvable board.
 */
export type Generated = { 
/**
 * The board.
 */
board: Board, 
/**
 * The board as text.
 */
text: string, 
/**
 * The goal it is solvable towards.
 */
goal: Board, 
/**
 * Board width.
 */
width: number, 
/**
 * Board height.
 */
height: number, 
/**
 * Moves from the goal: exactly (`exact`), or the random walk's length.
 */
depth: number, 
/**
 * Whether `depth` is the optimal distance.
 */
exact: boolean, 
/**
 * The seed, as text: seeds are 64-bit, more than a JavaScript number holds exactly.
 */
seed: string, };

/**
 * `GET /api/goal`: the goal board a preset (or a board) names at a size.
 */
export type GoalBoard = { 
/**
 * The board.
 */
goal: Board, 
/**
 * The board as text.
 */
text: string, 
/**
 * The preset's name, or the board on one line.
 */
name: string, 
/**
 * Board width.
 */
width: number, 
/**
 * Board height.
 */
height: number, };

/**
 * `POST /api/solve`: the report of `npuzzle solve --format json`, with what was asked for.
 */
export type Solved = { 
/**
 * For a search stopped by its time or node limit: a solver that would finish.
 */
hint?: string, 
/**
 * What the tables at hand changed, as `npuzzle solve` notes it: the default solver chosen
 * because the strong tables are not cached, or a smaller set of pattern databases used,
 * with the command that builds the stronger one.
 */
notes?: Array<string>, 
/**
 * The answer in the counted notation of puzzle fans, in both readings, with its length in
 * both metrics (solved answers of at most [`NOTATION_MOST_MOVES`] moves).
 */
notation?: Notation, 
/**
 * The search tree (`"tree": true`), the document of `npuzzle solve --tree json`.
 */
tree?: Tree, 
/**
 * The recorded events (`"trace": true`).
 */
trace?: Trace, 
/**
 * The algorithm's pseudocode under the rules of the search, one text a line of its
 * `Info`'s pseudocode, when they are not the algorithm's own (`goal_test`, `duplicates`,
 * `ties`, `rules`).
 */
pseudocode?: Array<string>, 
/**
 * How the run ended: `solved`, `unsolvable`, `limit` or `not_found`.
 */
status: Status, 
/**
 * Which limit stopped the search, for status `limit`; for status `solved`, the limit that
 * stopped an improving solver (`pdb-beam`, `reduce-plus`) while it was still shortening its
 * answer (the moves are the best it had).
 */
limit?: LimitKind, 
/**
 * Why a local search stopped without the goal (`kind`: `local_minimum`, `plateau`,
 * `restarts_exhausted` or `temperature_floor`, with its figures).
 */
stuck?: Stuck, 
/**
 * The seed of the run's random choices, for algorithms that make any.
 */
seed?: number, 
/**
 * A one-line summary, e.g. `solved in 2 moves`.
 */
message: string, 
/**
 * The start, as rows.
 */
start: Board, 
/**
 * The goal, as rows.
 */
goal: Board, 
/**
 * The algorithm that searched.
 */
algorithm: AlgorithmName, 
/**
 * The heuristic it used (`zero` for an algorithm that uses none).
 */
heuristic: string, 
/**
 * Whether the algorithm uses a heuristic, so that a report names one only where it guided
 * the search.
 */
uses_heuristic: boolean, 
/**
 * The weight W on h (weighted A*: f = g + W·h; 1 otherwise).
 */
weight: number, 
/**
 * The move order: the blank's moves tried in this order.
 */
order: string, 
/**
 * What a move costs: `unit` (every move 1) or `tile` (moving tile t costs t).
 */
cost_model: CostModel, 
/**
 * How moves are counted, when not single-tile moves: `mtm` (a slide of the tiles between
 * the blank and a cell of its row or column is one move). `cost` and `lower_bound` then
 * count slides, and `length` single-tile moves.
 */
metric?: Metric, 
/**
 * Whether the answer is a solution proven optimal (false when none was found).
 */
optimal: boolean, 
/**
 * Why the algorithm, optimal under unit costs, is not under this cost model (breadth-first
 * search and iterative deepening find the fewest moves, not the cheapest).
 */
cost_note?: string, 
/**
 * When `optimal` rests on a heuristic its author claimed admissible (or consistent) rather
 * than one proven so: whose word it is.
 */
claim_note?: string, 
/**
 * The solution's cost, when solved: its number of moves under unit costs, the sum of the
 * tiles moved under tile costs.
 */
cost: number | null, 
/**
 * The solution's number of moves, when solved.
 */
length: number | null, 
/**
 * When solved, no solution costs less: the cost itself when proven optimal, else
 * Manhattan distance plus linear conflicts (scaled by the tiles' costs under tile costs).
 */
lower_bound?: number, 
/**
 * Where `lower_bound` comes from.
 */
lower_bound_from?: BoundSource, 
/**
 * The blank's moves as letters (`U`, `D`, `L`, `R`), start to goal.
 */
moves: string, 
/**
 * The boards along the path (left out of batch output unless asked for).
 */
path?: Array<Board>, 
/**
 * The search's counters.
 */
stats: Stats, 
/**
 * Time spent loading or building the heuristic's tables before the search, when a front
 * end prepared them for this run (`tables_ms` in JSON; not part of `stats.time_ms`).
 */
tables_ms?: number, };

/**
 * An answer in the counted notation (`npuzzle::notation`).
 */
export type Notation = { 
/**
 * The blank's moves with counts (`R2U2LDLD`).
 */
blank: string, 
/**
 * The same moves as the tiles slide (`L2D2RURU`).
 */
tiles: string, 
/**
 * Single-tile moves.
 */
stm: number, 
/**
 * Multi-tile moves: runs of one letter.
 */
mtm: number, };

/**
 * The JSON shape of a run, shared by the CLI and the web API.
 */
export type Report = { 
/**
 * How the run ended: `solved`, `unsolvable`, `limit` or `not_found`.
 */
status: Status, 
/**
 * Which limit stopped the search, for status `limit`; for status `solved`, the limit that
 * stopped an improving solver (`pdb-beam`, `reduce-plus`) while it was still shortening its
 * answer (the moves are the best it had).
 */
limit?: LimitKind, 
/**
 * Why a local search stopped without the goal (`kind`: `local_minimum`, `plateau`,
 * `restarts_exhausted` or `temperature_floor`, with its figures).
 */
stuck?: Stuck, 
/**
 * The seed of the run's random choices, for algorithms that make any.
 */
seed?: number, 
/**
 * A one-line summary, e.g. `solved in 2 moves`.
 */
message: string, 
/**
 * The start, as rows.
 */
start: Board, 
/**
 * The goal, as rows.
 */
goal: Board, 
/**
 * The algorithm that searched.
 */
algorithm: AlgorithmName, 
/**
 * The heuristic it used (`zero` for an algorithm that uses none).
 */
heuristic: string, 
/**
 * Whether the algorithm uses a heuristic, so that a report names one only where it guided
 * the search.
 */
uses_heuristic: boolean, 
/**
 * The weight W on h (weighted A*: f = g + W·h; 1 otherwise).
 */
weight: number, 
/**
 * The move order: the blank's moves tried in this order.
 */
order: string, 
/**
 * What a move costs: `unit` (every move 1) or `tile` (moving tile t costs t).
 */
cost_model: CostModel, 
/**
 * How moves are counted, when not single-tile moves: `mtm` (a slide of the tiles between
 * the blank and a cell of its row or column is one move). `cost` and `lower_bound` then
 * count slides, and `length` single-tile moves.
 */
metric?: Metric, 
/**
 * Whether the answer is a solution proven optimal (false when none was found).
 */
optimal: boolean, 
/**
 * Why the algorithm, optimal under unit costs, is not under this cost model (breadth-first
 * search and iterative deepening find the fewest moves, not the cheapest).
 */
cost_note?: string, 
/**
 * When `optimal` rests on a heuristic its author claimed admissible (or consistent) rather
 * than one proven so: whose word it is.
 */
claim_note?: string, 
/**
 * The solution's cost, when solved: its number of moves under unit costs, the sum of the
 * tiles moved under tile costs.
 */
cost: number | null, 
/**
 * The solution's number of moves, when solved.
 */
length: number | null, 
/**
 * When solved, no solution costs less: the cost itself when proven optimal, else
 * Manhattan distance plus linear conflicts (scaled by the tiles' costs under tile costs).
 */
lower_bound?: number, 
/**
 * Where `lower_bound` comes from.
 */
lower_bound_from?: BoundSource, 
/**
 * The blank's moves as letters (`U`, `D`, `L`, `R`), start to goal.
 */
moves: string, 
/**
 * The boards along the path (left out of batch output unless asked for).
 */
path?: Array<Board>, 
/**
 * The search's counters.
 */
stats: Stats, 
/**
 * Time spent loading or building the heuristic's tables before the search, when a front
 * end prepared them for this run (`tables_ms` in JSON; not part of `stats.time_ms`).
 */
tables_ms?: number, };

/**
 * How a run ended.
 */
export type Status = "solved" | "unsolvable" | "limit" | "not_found";

/**
 * Which limit ended a search.
 */
export type LimitKind = "nodes" | "time" | "memory" | "cancelled" | "depth" | "steps";

/**
 * Why a local search stopped without reaching the goal.
 */
export type Stuck = { "kind": "local_minimum", 
/**
 * The current state's h.
 */
h: Cost, } | { "kind": "plateau", 
/**
 * The current (best) h.
 */
h: Cost, 
/**
 * Sideways moves made in a row before stopping (the limit).
 */
sideways: number, } | { "kind": "restarts_exhausted", 
/**
 * Restarts made.
 */
restarts: number, 
/**
 * The lowest h any climb reached.
 */
best_h: Cost, } | { "kind": "temperature_floor", 
/**
 * The h where it stopped.
 */
h: Cost, 
/**
 * Steps taken.
 */
steps: number, };

/**
 * Why a local search made (or, annealing, refused) a move.
 */
export type Why = { "kind": "best_improvement", 
/**
 * Neighbours sharing the lowest h.
 */
tied: number, } | { "kind": "sideways", 
/**
 * This sideways move's number in the current run of them.
 */
used: number, 
/**
 * Sideways moves allowed in a row.
 */
allowed: number, 
/**
 * Neighbours sharing the lowest h.
 */
tied: number, } | { "kind": "first_improvement", 
/**
 * Neighbours drawn, this one included.
 */
tried: number, } | { "kind": "accepted", 
/**
 * Δ, in moves.
 */
delta: number, 
/**
 * The temperature.
 */
temperature: number, 
/**
 * The probability of accepting (1 when Δ ≤ 0).
 */
probability: number, } | { "kind": "rejected", 
/**
 * Δ, in moves.
 */
delta: number, 
/**
 * The temperature.
 */
temperature: number, 
/**
 * The probability it had of being accepted.
 */
probability: number, } | { "kind": "beam_best" } | { "kind": "beam_drawn", 
/**
 * The probability it had of being drawn at its turn.
 */
probability: number, };

/**
 * Counters a search keeps as it runs, reported by every run whether it solved, failed or hit a
 * limit: nodes expanded and generated, the largest frontier, depths, iterations, memory, time.
 */
export type Stats = { 
/**
 * Nodes whose successors were generated.
 */
expanded: number, 
/**
 * Nodes created, the start included.
 */
generated: number, 
/**
 * Largest size of the open list (queue, stack, heap, or the depth-first path).
 */
max_frontier: number, 
/**
 * Depth of the solution found (0 when none).
 */
search_depth: number, 
/**
 * Deepest node generated.
 */
max_depth: number, 
/**
 * Iterations of an iterative-deepening search (1 for the others).
 */
iterations: number, 
/**
 * Peak bytes of the search's own frontier and explored-set accounting.
 */
peak_memory: number, 
/**
 * Wall time.
 */
time_ms: number, 
/**
 * The effective branching factor b* of a solved run (Russell and Norvig): the branching
 * factor a uniform tree as deep as the solution would need to hold the nodes generated
 * ([`effective_branching_factor`]); `None` until a solution of at least one move is found.
 */
effective_branching_factor: number | null, };

/**
 * The recorded events of a search, for a player's replay.
 */
export type Trace = { 
/**
 * The events, each with its pseudocode step and the node states it changes.
 */
events: Array<TraceEvent>, 
/**
 * Whether recording stopped at a cap before the search ended.
 */
truncated: boolean, 
/**
 * The most entries a frontier snapshot keeps (its `size` still counts them all).
 */
frontier_shown: number, };

/**
 * One event of a trace as the web page receives it: the event, the pseudocode step it carries
 * out, and the node states it changes.
 */
export type TraceEvent = { 
/**
 * The step of the algorithm's pseudocode it carries out ([`Event::pseudocode_step`]).
 */
pseudocode?: Step, 
/**
 * The nodes whose state it changes, with their new state ([`Replay::apply`]).
 */
states?: Array<[number, NodeState]>, 
/**
 * The event in words ([`words`]): what the page's replay shows and announces.
 */
said: string, } & ({ "event": "generated", 
/**
 * Step number.
 */
step: number, 
/**
 * The node's id (ids are dense, in generation order).
 */
id: number, 
/**
 * Its parent, `None` for a root.
 */
parent: number | null, 
/**
 * Hierarchical label, e.g. `S21`.
 */
label: string, 
/**
 * The move from the parent: its letter, and under multi-tile moves the tiles the slide
 * moves when more than one (`R2`).
 */
move: string | null, 
/**
 * The path cost from the start, in the cost model's units (its moves under unit costs).
 */
g: number, 
/**
 * Moves from the start (the same as g under unit costs).
 */
depth: number, 
/**
 * Heuristic estimate.
 */
h: Cost, 
/**
 * The value the algorithm orders or bounds by (g + h for A*, h for greedy, g for UCS).
 */
f: Cost, 
/**
 * What happened to it when it was generated.
 */
fate: Fate, 
/**
 * Row-major tiles.
 */
board: Array<number>, 
/**
 * The true distance h* to the goal, when known (see [`Recorder::set_true_distances`]).
 */
h_star?: number, } | { "event": "selected", 
/**
 * Step number (this selection's).
 */
step: number, 
/**
 * Node id.
 */
id: number, 
/**
 * Label.
 */
label: string, 
/**
 * Labels from the root to the node, when the recorder keeps them.
 */
path?: Array<string>, 
/**
 * The path cost from the start (moves under unit costs).
 */
g: number, 
/**
 * Heuristic estimate.
 */
h: Cost, 
/**
 * Ordering value at selection (RBFS: the stored, backed-up value).
 */
f: Cost, } | { "event": "discarded", 
/**
 * Step number.
 */
step: number, 
/**
 * Node id.
 */
id: number, 
/**
 * Label.
 */
label: string, 
/**
 * Why, when not the bound (`expanded`).
 */
why?: Discard, } | { "event": "frontier", 
/**
 * Step number.
 */
step: number, 
/**
 * Entries on it in all.
 */
size: number, 
/**
 * The first entries (all of them unless the recorder caps snapshots).
 */
entries: Array<Entry>, } | { "event": "iteration", 
/**
 * Step number.
 */
step: number, 
/**
 * 1-based iteration number.
 */
number: number, 
/**
 * Its bound.
 */
bound: Cost, } | { "event": "iteration_end", 
/**
 * Step number.
 */
step: number, 
/**
 * The next bound (`None`: nothing was cut off, no solution).
 */
next: Cost | null, } | { "event": "incumbent", 
/**
 * Step number.
 */
step: number, 
/**
 * The goal node.
 */
id: number, 
/**
 * Label.
 */
label: string, 
/**
 * Its cost, the new bound.
 */
cost: number, } | { "event": "backed_up", 
/**
 * Step number.
 */
step: number, 
/**
 * Node id.
 */
id: number, 
/**
 * Label.
 */
label: string, 
/**
 * The backed-up F.
 */
f: Cost, } | { "event": "goal", 
/**
 * Step number.
 */
step: number, 
/**
 * Node id.
 */
id: number, 
/**
 * Label.
 */
label: string, } | { "event": "local_current", 
/**
 * Step number (this step's).
 */
step: number, 
/**
 * Row-major tiles.
 */
board: Array<number>, 
/**
 * Its estimate.
 */
h: Cost, 
/**
 * Whether a run, or a restart's climb, begins here.
 */
initial: boolean, 
/**
 * Its index in a local beam.
 */
member?: number, 
/**
 * Simulated annealing's temperature T at this step.
 */
temperature?: number, 
/**
 * The restart this step belongs to, once random-restart hill climbing has restarted.
 */
restart?: number, } | { "event": "local_neighbour", 
/**
 * Step number.
 */
step: number, 
/**
 * The move to it, as a letter.
 */
move: string, 
/**
 * Row-major tiles.
 */
board: Array<number>, 
/**
 * Its estimate.
 */
h: Cost, 
/**
 * The beam state it is a neighbour of.
 */
member?: number, } | { "event": "local_choice", 
/**
 * Step number.
 */
step: number, 
/**
 * The move, as a letter.
 */
move: string, 
/**
 * The estimate of the state it leads to.
 */
h: Cost, 
/**
 * Why, with the probability and temperature for annealing.
 */
reason: Why, 
/**
 * Local beam: its index in the next beam.
 */
member?: number, 
/**
 * Local beam: the beam state it is made from.
 */
from?: number, } | { "event": "local_restart", 
/**
 * Step number.
 */
step: number, 
/**
 * 1-based restart number.
 */
number: number, 
/**
 * The walk's moves, as letters.
 */
walk: string, } | { "event": "local_end", 
/**
 * Step number.
 */
step: number, 
/**
 * Why it stopped without the goal.
 */
stuck: Stuck | null, });

/**
 * One step of a recorded search. `step` is the number of the selection the event belongs to
 * (0 before the first selection).
 */
export type Event = { "event": "generated", 
/**
 * Step number.
 */
step: number, 
/**
 * The node's id (ids are dense, in generation order).
 */
id: number, 
/**
 * Its parent, `None` for a root.
 */
parent: number | null, 
/**
 * Hierarchical label, e.g. `S21`.
 */
label: string, 
/**
 * The move from the parent: its letter, and under multi-tile moves the tiles the slide
 * moves when more than one (`R2`).
 */
move: string | null, 
/**
 * The path cost from the start, in the cost model's units (its moves under unit costs).
 */
g: number, 
/**
 * Moves from the start (the same as g under unit costs).
 */
depth: number, 
/**
 * Heuristic estimate.
 */
h: Cost, 
/**
 * The value the algorithm orders or bounds by (g + h for A*, h for greedy, g for UCS).
 */
f: Cost, 
/**
 * What happened to it when it was generated.
 */
fate: Fate, 
/**
 * Row-major tiles.
 */
board: Array<number>, 
/**
 * The true distance h* to the goal, when known (see [`Recorder::set_true_distances`]).
 */
h_star?: number, } | { "event": "selected", 
/**
 * Step number (this selection's).
 */
step: number, 
/**
 * Node id.
 */
id: number, 
/**
 * Label.
 */
label: string, 
/**
 * Labels from the root to the node, when the recorder keeps them.
 */
path?: Array<string>, 
/**
 * The path cost from the start (moves under unit costs).
 */
g: number, 
/**
 * Heuristic estimate.
 */
h: Cost, 
/**
 * Ordering value at selection (RBFS: the stored, backed-up value).
 */
f: Cost, } | { "event": "discarded", 
/**
 * Step number.
 */
step: number, 
/**
 * Node id.
 */
id: number, 
/**
 * Label.
 */
label: string, 
/**
 * Why, when not the bound (`expanded`).
 */
why?: Discard, } | { "event": "frontier", 
/**
 * Step number.
 */
step: number, 
/**
 * Entries on it in all.
 */
size: number, 
/**
 * The first entries (all of them unless the recorder caps snapshots).
 */
entries: Array<Entry>, } | { "event": "iteration", 
/**
 * Step number.
 */
step: number, 
/**
 * 1-based iteration number.
 */
number: number, 
/**
 * Its bound.
 */
bound: Cost, } | { "event": "iteration_end", 
/**
 * Step number.
 */
step: number, 
/**
 * The next bound (`None`: nothing was cut off, no solution).
 */
next: Cost | null, } | { "event": "incumbent", 
/**
 * Step number.
 */
step: number, 
/**
 * The goal node.
 */
id: number, 
/**
 * Label.
 */
label: string, 
/**
 * Its cost, the new bound.
 */
cost: number, } | { "event": "backed_up", 
/**
 * Step number.
 */
step: number, 
/**
 * Node id.
 */
id: number, 
/**
 * Label.
 */
label: string, 
/**
 * The backed-up F.
 */
f: Cost, } | { "event": "goal", 
/**
 * Step number.
 */
step: number, 
/**
 * Node id.
 */
id: number, 
/**
 * Label.
 */
label: string, } | { "event": "local_current", 
/**
 * Step number (this step's).
 */
step: number, 
/**
 * Row-major tiles.
 */
board: Array<number>, 
/**
 * Its estimate.
 */
h: Cost, 
/**
 * Whether a run, or a restart's climb, begins here.
 */
initial: boolean, 
/**
 * Its index in a local beam.
 */
member?: number, 
/**
 * Simulated annealing's temperature T at this step.
 */
temperature?: number, 
/**
 * The restart this step belongs to, once random-restart hill climbing has restarted.
 */
restart?: number, } | { "event": "local_neighbour", 
/**
 * Step number.
 */
step: number, 
/**
 * The move to it, as a letter.
 */
move: string, 
/**
 * Row-major tiles.
 */
board: Array<number>, 
/**
 * Its estimate.
 */
h: Cost, 
/**
 * The beam state it is a neighbour of.
 */
member?: number, } | { "event": "local_choice", 
/**
 * Step number.
 */
step: number, 
/**
 * The move, as a letter.
 */
move: string, 
/**
 * The estimate of the state it leads to.
 */
h: Cost, 
/**
 * Why, with the probability and temperature for annealing.
 */
reason: Why, 
/**
 * Local beam: its index in the next beam.
 */
member?: number, 
/**
 * Local beam: the beam state it is made from.
 */
from?: number, } | { "event": "local_restart", 
/**
 * Step number.
 */
step: number, 
/**
 * 1-based restart number.
 */
number: number, 
/**
 * The walk's moves, as letters.
 */
walk: string, } | { "event": "local_end", 
/**
 * Step number.
 */
step: number, 
/**
 * Why it stopped without the goal.
 */
stuck: Stuck | null, };

/**
 * A generated node.
 */
export type Node = { 
/**
 * The node's id (ids are dense, in generation order).
 */
id: number, 
/**
 * Its parent, `None` for a root.
 */
parent: number | null, 
/**
 * Hierarchical label, e.g. `S21`.
 */
label: string, 
/**
 * The move from the parent: its letter, and under multi-tile moves the tiles the slide
 * moves when more than one (`R2`).
 */
move: string | null, 
/**
 * The path cost from the start, in the cost model's units (its moves under unit costs).
 */
g: number, 
/**
 * Moves from the start (the same as g under unit costs).
 */
depth: number, 
/**
 * Heuristic estimate.
 */
h: Cost, 
/**
 * The value the algorithm orders or bounds by (g + h for A*, h for greedy, g for UCS).
 */
f: Cost, 
/**
 * What happened to it when it was generated.
 */
fate: Fate, 
/**
 * Row-major tiles.
 */
board: Array<number>, 
/**
 * The true distance h* to the goal, when known (see [`Recorder::set_true_distances`]).
 */
h_star?: number, };

/**
 * One entry of a frontier snapshot.
 */
export type Entry = { 
/**
 * Node id.
 */
id: number, 
/**
 * Its label (empty, and left out of JSON, when the recorder keeps entries without labels:
 * the node's `Generated` event has it).
 */
label?: string, 
/**
 * The path cost from the start (moves under unit costs).
 */
g: number, 
/**
 * Heuristic estimate.
 */
h: Cost, 
/**
 * Ordering value now (RBFS: the current backed-up F, which may exceed the node's own f).
 */
f: Cost, };

/**
 * What became of a generated node.
 */
export type Fate = "added" | "duplicate" | "pruned" | "goal";

/**
 * Why a node taken from the open list was dropped rather than expanded.
 */
export type Discard = "bound" | "expanded";

/**
 * The search tree, ready to serialise as JSON or render as DOT or SVG.
 */
export type Tree = { 
/**
 * Board width.
 */
width: number, 
/**
 * Board height.
 */
height: number, 
/**
 * Nodes generated by the search, shown or not.
 */
total_nodes: number, 
/**
 * Whether the node cap cut the tree.
 */
capped: boolean, 
/**
 * The node cap.
 */
limit: number, 
/**
 * The colour legend.
 */
legend: Array<LegendEntry>, 
/**
 * The iterations of an iterative-deepening search (IDA*, iterative deepening), one per
 * root, with their bounds; empty for searches that grow one tree.
 */
iterations: Array<TreeIteration>, 
/**
 * The nodes, in generation order (parents before children).
 */
nodes: Array<TreeNode>, };

/**
 * One node of the exported tree: the recorded node and what the whole search made of it.
 */
export type TreeNode = { 
/**
 * Final state.
 */
state: NodeState, 
/**
 * Position in expansion order, if expanded.
 */
expanded: number | null, 
/**
 * Whether it lies on the path to the goal that ended the search.
 */
on_path: boolean, 
/**
 * The node's id (ids are dense, in generation order).
 */
id: number, 
/**
 * Its parent, `None` for a root.
 */
parent: number | null, 
/**
 * Hierarchical label, e.g. `S21`.
 */
label: string, 
/**
 * The move from the parent: its letter, and under multi-tile moves the tiles the slide
 * moves when more than one (`R2`).
 */
move: string | null, 
/**
 * The path cost from the start, in the cost model's units (its moves under unit costs).
 */
g: number, 
/**
 * Moves from the start (the same as g under unit costs).
 */
depth: number, 
/**
 * Heuristic estimate.
 */
h: Cost, 
/**
 * The value the algorithm orders or bounds by (g + h for A*, h for greedy, g for UCS).
 */
f: Cost, 
/**
 * What happened to it when it was generated.
 */
fate: Fate, 
/**
 * Row-major tiles.
 */
board: Array<number>, 
/**
 * The true distance h* to the goal, when known (see [`Recorder::set_true_distances`]).
 */
h_star?: number, };

/**
 * One iteration of an iterative-deepening search: the root it grew from and its bound.
 */
export type TreeIteration = { 
/**
 * The iteration's root node (its `S0`).
 */
root: number, 
/**
 * 1-based iteration number.
 */
number: number, 
/**
 * Its bound (on f for IDA*, on depth for iterative deepening).
 */
bound: Cost, };

/**
 * How a compare run was timed.
 */
export type Timing = { 
/**
 * Timed runs.
 */
samples: number, 
/**
 * Their median, in milliseconds (the run's `stats.time_ms`).
 */
median_ms: number, 
/**
 * The fastest.
 */
min_ms: number, 
/**
 * The slowest.
 */
max_ms: number, };

/**
 * One run of a compare: its report (with an empty path) and its timing.
 */
export type CompareRow = { 
/**
 * How the run was timed.
 */
timing: Timing, 
/**
 * How the run ended: `solved`, `unsolvable`, `limit` or `not_found`.
 */
status: Status, 
/**
 * Which limit stopped the search, for status `limit`; for status `solved`, the limit that
 * stopped an improving solver (`pdb-beam`, `reduce-plus`) while it was still shortening its
 * answer (the moves are the best it had).
 */
limit?: LimitKind, 
/**
 * Why a local search stopped without the goal (`kind`: `local_minimum`, `plateau`,
 * `restarts_exhausted` or `temperature_floor`, with its figures).
 */
stuck?: Stuck, 
/**
 * The seed of the run's random choices, for algorithms that make any.
 */
seed?: number, 
/**
 * A one-line summary, e.g. `solved in 2 moves`.
 */
message: string, 
/**
 * The start, as rows.
 */
start: Board, 
/**
 * The goal, as rows.
 */
goal: Board, 
/**
 * The algorithm that searched.
 */
algorithm: AlgorithmName, 
/**
 * The heuristic it used (`zero` for an algorithm that uses none).
 */
heuristic: string, 
/**
 * Whether the algorithm uses a heuristic, so that a report names one only where it guided
 * the search.
 */
uses_heuristic: boolean, 
/**
 * The weight W on h (weighted A*: f = g + W·h; 1 otherwise).
 */
weight: number, 
/**
 * The move order: the blank's moves tried in this order.
 */
order: string, 
/**
 * What a move costs: `unit` (every move 1) or `tile` (moving tile t costs t).
 */
cost_model: CostModel, 
/**
 * How moves are counted, when not single-tile moves: `mtm` (a slide of the tiles between
 * the blank and a cell of its row or column is one move). `cost` and `lower_bound` then
 * count slides, and `length` single-tile moves.
 */
metric?: Metric, 
/**
 * Whether the answer is a solution proven optimal (false when none was found).
 */
optimal: boolean, 
/**
 * Why the algorithm, optimal under unit costs, is not under this cost model (breadth-first
 * search and iterative deepening find the fewest moves, not the cheapest).
 */
cost_note?: string, 
/**
 * When `optimal` rests on a heuristic its author claimed admissible (or consistent) rather
 * than one proven so: whose word it is.
 */
claim_note?: string, 
/**
 * The solution's cost, when solved: its number of moves under unit costs, the sum of the
 * tiles moved under tile costs.
 */
cost: number | null, 
/**
 * The solution's number of moves, when solved.
 */
length: number | null, 
/**
 * When solved, no solution costs less: the cost itself when proven optimal, else
 * Manhattan distance plus linear conflicts (scaled by the tiles' costs under tile costs).
 */
lower_bound?: number, 
/**
 * Where `lower_bound` comes from.
 */
lower_bound_from?: BoundSource, 
/**
 * The blank's moves as letters (`U`, `D`, `L`, `R`), start to goal.
 */
moves: string, 
/**
 * The boards along the path (left out of batch output unless asked for).
 */
path?: Array<Board>, 
/**
 * The search's counters.
 */
stats: Stats, 
/**
 * Time spent loading or building the heuristic's tables before the search, when a front
 * end prepared them for this run (`tables_ms` in JSON; not part of `stats.time_ms`).
 */
tables_ms?: number, };

/**
 * `POST /api/compare` without a stream.
 */
export type Compared = { 
/**
 * The start board.
 */
start: Board, 
/**
 * The goal board.
 */
goal: Board, 
/**
 * One row a run, in order.
 */
results: Array<CompareRow>, };

/**
 * A progress line of a stream: the live counts and the time so far.
 */
export type Progress = { 
/**
 * Milliseconds since the request began.
 */
time_ms: number, 
/**
 * Which run of a compare is going.
 */
run?: number, 
/**
 * Nodes expanded.
 */
expanded: number, 
/**
 * Nodes generated.
 */
generated: number, 
/**
 * Nodes added to the open list and not yet taken from it.
 */
frontier: number, 
/**
 * Deepest node generated.
 */
depth: number, 
/**
 * The table build under way, if any.
 */
tables?: TableProgress, };

/**
 * A snapshot of the counters.
 */
export type Snapshot = { 
/**
 * Nodes expanded.
 */
expanded: number, 
/**
 * Nodes generated.
 */
generated: number, 
/**
 * Nodes added to the open list and not yet taken from it.
 */
frontier: number, 
/**
 * Deepest node generated.
 */
depth: number, 
/**
 * The table build under way, if any.
 */
tables?: TableProgress, };

/**
 * How far a table build has got.
 */
export type TableProgress = { 
/**
 * Tables in the set.
 */
tables: number, 
/**
 * Tables loaded or built so far.
 */
ready: number, 
/**
 * Entries of the table under construction filled so far.
 */
filled: number, 
/**
 * Entries of the table under construction.
 */
entries: number, };

/**
 * A line of `POST /api/solve` with `"stream": true`: progress every 200 ms, then the result or
 * an error.
 */
export type SolveLine = { "type": "progress" } & Progress | { "type": "result" } & Solved | { "type": "error", 
/**
 * The message.
 */
error: string, };

/**
 * A line of `POST /api/compare` with `"stream": true`.
 */
export type CompareLine = { "type": "start", 
/**
 * Runs to make.
 */
runs: number, 
/**
 * The start board.
 */
start: Board, 
/**
 * The goal board.
 */
goal: Board, } | { "type": "progress" } & Progress | { "type": "row", 
/**
 * Which run.
 */
index: number, 
/**
 * Its row.
 */
result: CompareRow, } | { "type": "error", 
/**
 * Which run, when one failed.
 */
index?: number, 
/**
 * The message.
 */
error: string, } | { "type": "done" };

/**
 * One picture of the search tree as it stood after `at` events.
 */
export type Frame = { 
/**
 * Events replayed.
 */
at: number, 
/**
 * The SVG document (`npuzzle solve --tree svg`'s drawing, at that event).
 */
svg: string, };

/**
 * `POST /api/svg`: the search tree drawn by the library at the events asked for.
 */
export type Pictures = { 
/**
 * One frame per event asked for, in order.
 */
frames: Array<Frame>, };

/**
 * A graded piece of work (`POST /api/grade` answers it as `Graded`).
 */
export type Graded = { 
/**
 * What was graded.
 */
work: WorkKind, 
/**
 * The reference the work is graded against, e.g. `astar + manhattan, order UDLR`.
 */
reference: string, 
/**
 * Whether the work is right.
 */
right: boolean, 
/**
 * Each thing checked.
 */
findings: Array<Finding>, 
/**
 * Where the work first departs from the reference.
 */
difference?: Difference, 
/**
 * The nearby variants that reproduce the work (at most [`super::MAX_DIAGNOSES`], closest
 * first), in words: `matches greedy best-first search (f = h), not A* (f = g + h)`.
 */
diagnoses?: Array<string>, 
/**
 * Why the diagnosis stopped short, naming the limit: `the work has 443 expansions, more
 * than the 200 a diagnosis follows`, or `the time budget of 10 s ran out with 3 of the 75
 * nearby variants not followed to the work's end`. Absent when every variant was followed
 * as far as the work goes (or the work needs no diagnosis).
 */
diagnosis_limit?: string, };

/**
 * `POST /api/analyse`: a fan's solution analysed (`npuzzle analyse`).
 */
export type Analysed = { 
/**
 * The library's analysis: both metrics, the optimum in both, the detours.
 */
analysis: Analysis, 
/**
 * The same in words, as `npuzzle analyse` prints it.
 */
text: string, };

/**
 * An audit's findings.
 */
export type Audit = { 
/**
 * The estimate's name (a built-in's, a formula's text, a callable's).
 */
heuristic: string, 
/**
 * The board's size, `WxH`.
 */
size: string, 
/**
 * The goal.
 */
goal: Board, 
/**
 * The step costs.
 */
cost: CostModel, 
/**
 * How the boards were covered.
 */
coverage: Coverage, 
/**
 * Whether every board and every move was checked (then the answers are proofs).
 */
exhaustive: boolean, 
/**
 * Boards checked (every reachable board when exhaustive).
 */
boards: number, 
/**
 * Moves checked for consistency.
 */
moves: number, 
/**
 * The sample, when not exhaustive.
 */
sample: Sample | null, 
/**
 * h ≤ h* on every board: `true` (proved), `false` (a counterexample), `None` (none in a
 * sample).
 */
admissible: boolean | null, 
/**
 * h(n) ≤ c(n, n') + h(n') on every move: `true`, `false` or `None`, likewise.
 */
consistent: boolean | null, 
/**
 * h at the goal (an admissible estimate has 0 there).
 */
goal_h: number, 
/**
 * Boards where h > h*.
 */
overestimated: number, 
/**
 * Moves along which h falls by more than the move's cost.
 */
inconsistent_moves: number, 
/**
 * The board with the largest excess h − h*.
 */
counterexample: Counterexample | null, 
/**
 * The move with the largest excess h(n) − c − h(n').
 */
inconsistent_move: InconsistentMove | null, 
/**
 * Where the overestimate makes A* return a costlier answer.
 */
consequence: Consequence | null, 
/**
 * How the consequence search went (for an inadmissible estimate).
 */
consequence_search: ConsequenceSearch | null, 
/**
 * Each built-in the estimate dominates (h ≥ it on every board counted), with the share of
 * boards where it is strictly greater.
 */
dominates: { [key in string]: number }, 
/**
 * The estimate against each built-in computed from the board alone.
 */
against: Array<Dominance>, 
/**
 * Mean h over every board counted but the goal.
 */
mean_h: number | null, 
/**
 * Mean h/h* over every board counted but the goal (`None` where h* is only bounded).
 */
mean_ratio: number | null, 
/**
 * `table[s][v]`: boards with h* = s and ⌊h⌋ = v, every row as long (the column
 * [`TABLE_COLUMNS`]` - 1`, when reached, also counts every larger h); `None` where h* is only
 * bounded.
 */
table: Array<Array<number>> | null, 
/**
 * What the estimate claims, beside what the audit found.
 */
claims: Claims, 
/**
 * Findings in words: a claim the audit contradicts, what a sample leaves open.
 */
notes: Array<string>, 
/**
 * IDA*'s expansions predicted and measured at each threshold asked for
 * ([`AuditSpec::predict`]); `None` when none was asked for or the prediction was refused.
 */
prediction: Array<Prediction> | null, 
/**
 * Why the prediction was refused (a heuristic found inconsistent, step costs).
 */
prediction_refused: string | null, };

/**
 * `POST /api/audit`: the library's audit of the heuristic asked for, with h against h* drawn
 * and, when asked, the audit of a second heuristic drawn beside it.
 */
export type Audited = { 
/**
 * h against h* as an SVG heat map, the second heuristic's panel beside the first (the
 * picture `npuzzle audit --plot` draws).
 */
picture: string | null, 
/**
 * The audit of the heuristic drawn beside (`beside` in the request), with its prediction
 * at the same thresholds.
 */
beside: Audit | null, 
/**
 * The estimate's name (a built-in's, a formula's text, a callable's).
 */
heuristic: string, 
/**
 * The board's size, `WxH`.
 */
size: string, 
/**
 * The goal.
 */
goal: Board, 
/**
 * The step costs.
 */
cost: CostModel, 
/**
 * How the boards were covered.
 */
coverage: Coverage, 
/**
 * Whether every board and every move was checked (then the answers are proofs).
 */
exhaustive: boolean, 
/**
 * Boards checked (every reachable board when exhaustive).
 */
boards: number, 
/**
 * Moves checked for consistency.
 */
moves: number, 
/**
 * The sample, when not exhaustive.
 */
sample: Sample | null, 
/**
 * h ≤ h* on every board: `true` (proved), `false` (a counterexample), `None` (none in a
 * sample).
 */
admissible: boolean | null, 
/**
 * h(n) ≤ c(n, n') + h(n') on every move: `true`, `false` or `None`, likewise.
 */
consistent: boolean | null, 
/**
 * h at the goal (an admissible estimate has 0 there).
 */
goal_h: number, 
/**
 * Boards where h > h*.
 */
overestimated: number, 
/**
 * Moves along which h falls by more than the move's cost.
 */
inconsistent_moves: number, 
/**
 * The board with the largest excess h − h*.
 */
counterexample: Counterexample | null, 
/**
 * The move with the largest excess h(n) − c − h(n').
 */
inconsistent_move: InconsistentMove | null, 
/**
 * Where the overestimate makes A* return a costlier answer.
 */
consequence: Consequence | null, 
/**
 * How the consequence search went (for an inadmissible estimate).
 */
consequence_search: ConsequenceSearch | null, 
/**
 * Each built-in the estimate dominates (h ≥ it on every board counted), with the share of
 * boards where it is strictly greater.
 */
dominates: { [key in string]: number }, 
/**
 * The estimate against each built-in computed from the board alone.
 */
against: Array<Dominance>, 
/**
 * Mean h over every board counted but the goal.
 */
mean_h: number | null, 
/**
 * Mean h/h* over every board counted but the goal (`None` where h* is only bounded).
 */
mean_ratio: number | null, 
/**
 * `table[s][v]`: boards with h* = s and ⌊h⌋ = v, every row as long (the column
 * [`TABLE_COLUMNS`]` - 1`, when reached, also counts every larger h); `None` where h* is only
 * bounded.
 */
table: Array<Array<number>> | null, 
/**
 * What the estimate claims, beside what the audit found.
 */
claims: Claims, 
/**
 * Findings in words: a claim the audit contradicts, what a sample leaves open.
 */
notes: Array<string>, 
/**
 * IDA*'s expansions predicted and measured at each threshold asked for
 * ([`AuditSpec::predict`]); `None` when none was asked for or the prediction was refused.
 */
prediction: Array<Prediction> | null, 
/**
 * Why the prediction was refused (a heuristic found inconsistent, step costs).
 */
prediction_refused: string | null, };

/**
 * How much of the state space an audit covers.
 */
export type Coverage = "exhaustive" | "solved" | "walks";

/**
 * The board where h exceeds h* the most.
 */
export type Counterexample = { 
/**
 * The board.
 */
board: Board, 
/**
 * Its estimate, in moves (or cost units).
 */
h: number, 
/**
 * Its true cost to the goal; with `h_star_bound`, an upper bound (a walk's cost).
 */
h_star: number, 
/**
 * Whether `h_star` is an upper bound rather than the exact cost.
 */
h_star_bound: boolean, };

/**
 * The move along which h falls the most beyond the move's cost.
 */
export type InconsistentMove = { 
/**
 * The board the move leaves.
 */
from: Board, 
/**
 * The board it reaches.
 */
to: Board, 
/**
 * h of `from`.
 */
h_from: number, 
/**
 * h of `to`.
 */
h_to: number, 
/**
 * What the move costs.
 */
cost: number, };

/**
 * A board where A* with the inadmissible estimate returns a costlier answer than the optimum.
 */
export type Consequence = { 
/**
 * The board.
 */
board: Board, 
/**
 * The cost of A*'s answer with the estimate (its length under unit costs).
 */
found: number, 
/**
 * The optimal cost; with `optimal_bound`, an upper bound on it (a walk's cost).
 */
optimal: number, 
/**
 * Whether `optimal` is an upper bound rather than the optimum.
 */
optimal_bound: boolean, 
/**
 * A*'s answer, as moves of the blank.
 */
found_moves: string, 
/**
 * An optimal answer (the walk back, with `optimal_bound`).
 */
optimal_moves: string, };

/**
 * How the consequence search went.
 */
export type ConsequenceSearch = { 
/**
 * Boards tried.
 */
tried: number, 
/**
 * Boards it could try: those where h > h*.
 */
candidates: number, 
/**
 * Its budget: boards.
 */
max_boards: number, 
/**
 * Its budget: expansions per A* run.
 */
max_nodes: number, };

/**
 * The estimate against one built-in.
 */
export type Dominance = { 
/**
 * The built-in's name.
 */
name: string, 
/**
 * Share of the boards where the estimate is at least the built-in's.
 */
at_least: number, 
/**
 * Share of the boards where it is greater.
 */
greater: number, 
/**
 * Whether it is at least the built-in's on every board counted (`dominates`).
 */
dominates: boolean, };

/**
 * The predicted and measured expansions of one IDA* iteration.
 */
export type Prediction = { 
/**
 * The iteration's threshold d, in moves.
 */
threshold: number, 
/**
 * KRE's prediction of the mean expansions over uniform random starts.
 */
predicted: number, 
/**
 * The mean expansions measured over the starts.
 */
measured: number, 
/**
 * Start boards measured (every board of the space, or a uniform sample).
 */
starts: number, 
/**
 * The 95 % confidence interval of the measured mean (its width is 0 over every board).
 */
interval: [number, number], };

/**
 * What a sample held.
 */
export type Sample = { 
/**
 * Uniform boards drawn.
 */
uniform: number, 
/**
 * Boards on random walks from the goal.
 */
walks: number, 
/**
 * The longest walk, in moves (walks run from 1 move to this, in turn).
 */
longest_walk: number, 
/**
 * The seed they were drawn with.
 */
seed: number, 
/**
 * Where h* comes from: `solved` (each board solved optimally) or `walk bound` (the walk's
 * cost, an upper bound).
 */
h_star: string, 
/**
 * Boards the solver did not finish (left out of the counts).
 */
unsolved: number, };

/**
 * An algorithm's description with what follows from its kind, for a front end that reads them
 * as data (`/api/options`, the widget): what it may show, decided here.
 */
export type Described = { 
/**
 * [`Info::records_tree`].
 */
records_tree: boolean, 
/**
 * [`Info::local`].
 */
local: boolean, 
/**
 * [`Info::one_path`].
 */
one_path: boolean, 
/**
 * [`Info::two_roots`].
 */
two_roots: boolean, 
/**
 * The name on the command line and in JSON, e.g. `astar`.
 */
name: string, 
/**
 * Other names accepted as input, e.g. `a*`.
 */
aliases: Array<string>, 
/**
 * The name in prose, e.g. `A*`.
 */
title: string, 
/**
 * One line on what it does.
 */
summary: string, 
/**
 * Whether it always returns an optimal solution, given an admissible heuristic and its
 * parameters at their defaults. Opt-in: an algorithm is not claimed optimal unless it says
 * so here.
 */
optimal: boolean, 
/**
 * Whether it uses a heuristic at all.
 */
uses_heuristic: boolean, 
/**
 * What it keeps in memory as its path grows, which decides whether a board too large for
 * it is refused before the search (see [`crate::solve::check_fits`]).
 */
keeps: Keeps, 
/**
 * What kind of search it is, which decides what it builds and what a front end can show
 * of it ([`Info::records_tree`], [`Info::local`], [`Info::one_path`], …).
 */
kind: Kind, 
/**
 * What a front end prepares before the run ([`crate::tables::TableStore::prepare_run`]
 * reads it): the heuristic's tables, the final block's table, or the tables for every goal.
 */
needs: Needs, 
/**
 * Why an algorithm optimal under unit costs ([`Info::optimal`]) is not when moves cost
 * different amounts ([`crate::cost::CostModel::Tile`]); `None` when its optimality (or lack
 * of it) is the same under every cost model. The report then says `optimal: false`, and the
 * trace says why.
 */
cost_note: string | null, 
/**
 * When it tests a node for the goal.
 */
goal_test: GoalTest, 
/**
 * The repeated-state rules it can run under ([`super::Duplicates`]), its own first; empty
 * when it reads none (a local search, or a solver of its own). Front ends offer only
 * these in their repeated-state menus.
 */
duplicates: Array<string>, 
/**
 * How the trace names its open list, e.g. `queue (front first)`.
 */
frontier: string, 
/**
 * The parameters it reads beyond the heuristic and the move order.
 */
params: Array<Param>, 
/**
 * How the trace words what becomes of a generated node.
 */
words: Words, 
/**
 * The algorithm in textbook pseudocode (in the style of Russell and Norvig's AIMA and
 * Nilsson), each line tagged with the [`Step`]s of a search it carries out, so a replay can
 * light the line the current event belongs to.
 */
pseudocode: Array<Line>, };

/**
 * What kind of search an algorithm is.
 */
export type Kind = "tree" | "fast_tree" | "two_trees" | "local" | "reduction" | "beam";

/**
 * What an estimate claims about itself: admissible (never above the true cost to the goal) and
 * consistent (never falling by more than a move's cost along a move).
 */
export type Claims = { 
/**
 * h ≤ h* on every board.
 */
admissible: Claim, 
/**
 * h(n) ≤ c(n, n') + h(n') on every move.
 */
consistent: Claim, };

/**
 * Whether a property holds: proven, disproven, or not known (a user's own estimate, until the
 * audit tells).
 */
export type Claim = "yes" | "no" | "unknown" | "claimed";

/**
 * A solution analysed.
 */
export type Analysis = { 
/**
 * The scramble.
 */
start: Board, 
/**
 * The goal.
 */
goal: Board, 
/**
 * The solution as the blank's moves, one letter a move.
 */
moves: string, 
/**
 * How the solution was read: its letters the blank's moves or the tiles'.
 */
reading: Reading, 
/**
 * The solution in counted notation, in that reading (`R2U2LDLD`).
 */
notation: string, 
/**
 * Whether the solution ends at the goal.
 */
reaches_goal: boolean, 
/**
 * The solution's length in single-tile moves.
 */
stm: number, 
/**
 * The solution's length in multi-tile moves (its runs of one letter).
 */
mtm: number, 
/**
 * The optimum from the scramble.
 */
optimum: Optimum, 
/**
 * The STM distance to the goal of each board along the solution, the scramble first.
 */
distances: Array<number>, 
/**
 * The move (1-based) after which the distance first stopped falling; `None` when every
 * move brought the board closer.
 */
first_waste: number | null, 
/**
 * The detours, in order.
 */
detours: Array<Detour>, 
/**
 * Moves over the STM optimum: the detours' moves, and, when the solution does not reach
 * the goal, the distance it left to go (its length plus that distance, less the optimum).
 */
wasted_stm: number, 
/**
 * The MTM distance to the goal after each slide, the scramble first (boards of at most
 * [`MTM_MAX_CELLS`] cells).
 */
mtm_distances?: Array<number>, 
/**
 * The slides (1-based) that did not bring the board closer in MTM (boards of at most
 * [`MTM_MAX_CELLS`] cells).
 */
wasted_slides?: Array<number>, };

/**
 * The optimum from a scramble.
 */
export type Optimum = { 
/**
 * The fewest single-tile moves.
 */
stm: number, 
/**
 * An STM-optimal solution, in the analysis's counted notation and reading.
 */
stm_solution: string, 
/**
 * The MTM length of that solution.
 */
stm_solution_mtm: number, 
/**
 * The fewest multi-tile moves (boards of at most [`MTM_MAX_CELLS`] cells).
 */
mtm?: number, 
/**
 * An MTM-optimal solution, in the analysis's counted notation and reading.
 */
mtm_solution?: string, };

/**
 * A stretch of a solution that leaves the distance where it found it.
 */
export type Detour = { 
/**
 * Its first move (1-based).
 */
from: number, 
/**
 * Its last move (1-based); for a detour the solution never came back from, its last move.
 */
to: number, 
/**
 * Its moves, in the analysis's counted notation and reading.
 */
moves: string, 
/**
 * Moves it added to the solution.
 */
wasted: number, };

/**
 * What a letter names: the blank's move or the tile's.
 */
export type Reading = "blank" | "tiles";

/**
 * One thing checked, passed or not, in words.
 */
export type Finding = { 
/**
 * What was checked: `valid`, `reaches the goal`, `optimal`, `order of expansion`.
 */
name: string, 
/**
 * Whether the work passed it.
 */
passed: boolean, 
/**
 * What was found, e.g. `move 4 (R) is not possible: the blank is on the right edge`.
 */
says: string, };

/**
 * Where the work first departs from the reference.
 */
export type Difference = { 
/**
 * The 1-based place: the move, board or expansion.
 */
at: number, 
/**
 * What the reference has there (`None`: the reference has ended).
 */
expected: string | null, 
/**
 * What the work has there (`None`: the work has ended).
 */
got: string | null, };

/**
 * What was graded.
 */
export type WorkKind = "solution" | "expansions" | "answers" | "trace";

/**
 * `GET /api/health` on the server.
 */
export type Health = { 
/**
 * `ok`.
 */
status: string, 
/**
 * The server's version.
 */
version: string, 
/**
 * Searches running.
 */
running: number, 
/**
 * Searches waiting for a place.
 */
waiting: number, 
/**
 * Searches that may run at once.
 */
max_concurrent: number, 
/**
 * Connections open (0 when the router is served by something other than `serve`).
 */
connections: number, 
/**
 * Most connections kept open at once.
 */
max_connections: number, 
/**
 * Idle connections closed so far to make room for new ones.
 */
displaced: number, };

/**
 * Every error answer: a 4xx or 5xx status with this body.
 */
export type ErrorBody = { 
/**
 * What went wrong, for the user.
 */
error: string, };

/**
 * A board as rows of tiles, 0 the blank.
 */
export type Board = Array<Array<number>>;

/**
 * A cost: a whole number of moves, or a real number for the Euclidean heuristic.
 */
export type Cost = number;

/**
 * What a move costs: the step-cost model of a search.
 *
 * - [`CostModel::Unit`]: every move costs 1, so a solution's cost is its number of moves (the
 *   classic puzzle, and the default).
 * - [`CostModel::Tile`]: moving tile t costs t ("heavy tiles", a standard benchmark for search
 *   with non-uniform costs: Thayer and Ruml; Wilt and Ruml). The fewest moves then need not be
 *   the cheapest answer, so breadth-first search and iterative deepening stop being optimal,
 *   and uniform-cost search orders by the cost so far rather than by depth.
 *
 * Costs stay integers: g, h and f are counted in units of one [`Cost::ONE`], and under the tile
 * model one unit is what moving tile 1 costs.
 */
export type CostModel = "unit" | "tile";

/**
 * One cost model as menus show it.
 */
export type CostModelInfo = { 
/**
 * Its name.
 */
name: CostModel, 
/**
 * One line on what a move costs.
 */
summary: string, };

/**
 * How moves are counted.
 */
export type Metric = "stm" | "mtm";

/**
 * One metric as menus show it.
 */
export type MetricInfo = { 
/**
 * Its name.
 */
name: Metric, 
/**
 * One line on what a move is.
 */
summary: string, 
/**
 * The algorithms that search in it.
 */
algorithms: Array<AlgorithmName>, 
/**
 * The heuristics that estimate in it.
 */
heuristics: Array<HeuristicKind>, };

/**
 * What `/api/depth` runs when a request names nothing, and its ceilings.
 */
export type DepthDefaults = { 
/**
 * The depths.
 */
depths: Array<number>, 
/**
 * Boards per depth.
 */
count: number, 
/**
 * The most boards per depth a request may ask for.
 */
max_count: number, 
/**
 * The pairs (the book's: BFS, IDS, A* with misplaced tiles, A* with Manhattan).
 */
pairs: Array<Pair>, 
/**
 * The node limit per run.
 */
max_nodes: number, 
/**
 * The most cells a board may have (exact depths need the whole state space).
 */
max_cells: number, };

/**
 * `POST /api/depth`: the textbook's table of search cost and effective branching factor by
 * solution depth ([`npuzzle::experiment`]).
 */
export type DepthTable = { 
/**
 * The goal (and so the board's size).
 */
goal: Board, 
/**
 * What a move cost.
 */
cost_model: CostModel, 
/**
 * Boards per depth.
 */
count: number, 
/**
 * The seed of the boards.
 */
seed: string, 
/**
 * The node limit per run: a pair that passed it at a depth is `cut` there.
 */
max_nodes: number, 
/**
 * One row per depth and pair, depth by depth.
 */
rows: Array<DepthRow>, };

/**
 * One depth and pair: means over the boards at that depth.
 */
export type DepthRow = { 
/**
 * The solution depth d, in moves.
 */
depth: number, 
/**
 * The algorithm.
 */
algorithm: AlgorithmName, 
/**
 * The heuristic (`zero` for algorithms that use none).
 */
heuristic: string, 
/**
 * The pair as a column heading: `BFS`, `IDS`, `A*(h1)`, `A*(h2)`, or `astar/linear-conflict`.
 */
label: string, 
/**
 * Boards run.
 */
boards: number, 
/**
 * Whether some run passed the node limit (or another limit stopped it): no figures then.
 */
cut: boolean, 
/**
 * Mean nodes generated (the search cost), when not cut.
 */
generated: number | null, 
/**
 * Mean nodes expanded, when not cut.
 */
expanded: number | null, 
/**
 * The mean of each run's effective branching factor b*, when not cut.
 */
effective_branching_factor: number | null, 
/**
 * b* of the mean nodes generated, when not cut.
 */
effective_branching_factor_of_mean: number | null, 
/**
 * Mean cost of the answers (moves under unit costs), when not cut.
 */
cost: number | null, 
/**
 * Runs whose answer cost more than the cheapest answer found for the board by any pair.
 */
dearer: number, 
/**
 * Mean time of a run, in milliseconds, when not cut.
 */
time_ms: number | null, };

/**
 * Where a lower bound comes from.
 */
export type BoundSource = "optimal" | "linear_conflict" | "pattern_databases" | "iterations" | "slides";
