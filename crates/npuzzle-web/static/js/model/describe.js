// A node's state, and a solve's result, in words. What each event of a replay says comes with the event itself
// (`said`, the library's wording: "selected S2 for expansion (f = 4)"). Pure: no DOM.

/** A node's state, said in full. */
export const STATE_TEXT = {
  current: "current (being expanded)",
  explored: "explored",
  frontier: "frontier (waiting on the open list)",
  goal: "goal",
  unexplored: "duplicate or pruned (never expanded)",
};

/**
 * A solve's result in one line: the search, its message, whether the answer is optimal, and a
 * cost model other than unit steps. The page's message and the embed view's and the notebook
 * widget's titles.
 * @param {import("../api").Report} r
 */
export function resultLine(r) {
  let text = `${r.algorithm}${r.uses_heuristic ? ` + ${r.heuristic}` : ""}: ${r.message}`;
  if (r.status === "solved") text += r.optimal ? " (optimal)" : " (not guaranteed optimal)";
  if (r.cost_model !== "unit") text += ` · ${r.cost_model} step costs`;
  return text;
}
