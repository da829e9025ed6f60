// The replay of a local search (AIMA chapter 4): its events (the current state, its neighbours
// with h, the choice and why, restarts), the series of h over the steps for the chart, and the
// events of the step shown at any point. The events are the solve answer's `trace`, the same as
// `npuzzle solve --trace --format json`. Pure: no DOM.

/** @typedef {import("../api").TraceEvent} TraceEvent */
/** @typedef {Extract<TraceEvent, {event: "local_current"}>} Current */
/** @typedef {Extract<TraceEvent, {event: "local_neighbour"}>} Neighbour */
/** @typedef {Extract<TraceEvent, {event: "local_choice"}>} Choice */

/**
 * A point of the chart: a step, its (best) h, and annealing's temperature then.
 * @typedef {{step: number, h: number, t: number | undefined}} Point
 */

export class LocalReplay {
  /**
   * @param {TraceEvent[]} events a solve's trace events
   */
  constructor(events) {
    /** The local search's events. */
    this.events = events.filter((e) => e.event.startsWith("local_"));
    /** @type {Map<number, Point>} */
    const byStep = new Map();
    /** @type {number[]} the steps at which a restart began */
    this.restarts = [];
    for (const e of this.events) {
      if (e.event === "local_current") {
        const p = byStep.get(e.step);
        if (!p || e.h < p.h) byStep.set(e.step, { step: e.step, h: e.h, t: e.temperature });
      } else if (e.event === "local_restart") this.restarts.push(e.step);
    }
    /** @type {Point[]} h at each step's current state (a beam's best), in step order */
    this.series = [...byStep.values()].sort((a, b) => a.step - b.step);
  }

  /** The last step recorded. */
  get steps() {
    return this.series.length ? this.series[this.series.length - 1].step : 0;
  }

  /**
   * What the view shows after the first `k` events: the step under way, its current states,
   * the neighbours looked at and the choices made so far, and the last event.
   * @param {number} k
   * @returns {{step: number, currents: Current[], neighbours: Neighbour[], choices: Choice[], last: TraceEvent | null}}
   */
  window(k) {
    const E = this.events;
    const last = k > 0 ? E[k - 1] : null;
    const step = last ? last.step : E.length ? E[0].step : 0;
    // Back to this step's first current state (a beam's member 0).
    let first = k;
    while (first > 0) {
      const e = E[first - 1];
      if (e.step === step && e.event === "local_current" && !(e.member !== undefined && e.member > 0)) break;
      first--;
    }
    if (first > 0) first--;
    const inStep = E.slice(first, k).filter((e) => e.step === step);
    return {
      step,
      currents: /** @type {Current[]} */ (inStep.filter((e) => e.event === "local_current")),
      neighbours: /** @type {Neighbour[]} */ (inStep.filter((e) => e.event === "local_neighbour")),
      choices: /** @type {Choice[]} */ (inStep.filter((e) => e.event === "local_choice")),
      last,
    };
  }

  /**
   * The event count at which the next step's current state is shown.
   * @param {number} k
   * @returns {number}
   */
  nextStep(k) {
    let i = k;
    while (i < this.events.length) {
      i++;
      const e = this.events[i - 1];
      if (e.event === "local_current" && !(e.member !== undefined && e.member > 0) && i > k + 1) break;
    }
    return i;
  }
}
