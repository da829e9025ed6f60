// A node's state in words. What each event of a replay says comes with the event itself
// (`said`, the library's wording: "selected S2 for expansion (f = 4)"). Pure: no DOM.

/** A node's state, said in full. */
export const STATE_TEXT = {
  current: "current (being expanded)",
  explored: "explored",
  frontier: "frontier (waiting on the open list)",
  goal: "goal",
  unexplored: "duplicate or pruned (never expanded)",
};
