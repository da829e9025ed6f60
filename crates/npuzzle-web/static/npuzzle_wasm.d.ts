/* tslint:disable */
/* eslint-disable */

/**
 * One engine: its limits and the tables it has built, kept for the next requests.
 */
export class Engine {
    free(): void;
    [Symbol.dispose](): void;
    /**
     * `POST /api/analyse`: a fan's solution analysed by the library.
     */
    analyse(body: string): string;
    /**
     * `POST /api/audit`: a heuristic audited over every board of a size of up to 10 cells.
     */
    audit(body: string): string;
    /**
     * `POST /api/check`.
     */
    check(body: string): string;
    /**
     * `POST /api/compare`: the answer; with `"stream": true`, the server's stream lines
     * (`start`, `progress`, `row`, `error`, `done`) go to `on_line` and the answer's data is
     * `null`.
     */
    compare(body: string, on_line: Function): string;
    /**
     * `POST /api/depth`: the textbook's table of nodes generated and b* by solution depth.
     */
    depth(body: string): string;
    /**
     * The pattern database named `name` as cache-file bytes, for the browser's storage; an
     * empty array when the engine holds no such table.
     */
    export_table(name: string): Uint8Array;
    /**
     * `GET /api/generate`, its query parameters given as a JSON object.
     */
    generate(params: string): string;
    /**
     * `GET /api/goal`, its query parameters given as a JSON object.
     */
    goal(params: string): string;
    /**
     * `POST /api/grade`: a student's work graded by the library's check.
     */
    grade(body: string): string;
    /**
     * Takes back a table [`Engine::export_table`] gave: `""` when it passed every check, else
     * why it was refused (the page then deletes it and builds the table again).
     */
    import_table(name: string, bytes: Uint8Array | number[]): string;
    /**
     * An engine with the page's [`limits`] and no tables yet.
     */
    constructor();
    /**
     * `GET /api/options`.
     */
    options(): string;
    /**
     * Panics, so a test can check that the page reports a crashed engine and starts a new one.
     */
    panic_for_test(): void;
    /**
     * `POST /api/solve`: the answer; with `"stream": true`, `progress` lines go to `on_line`
     * (as JSON text) while the tables are prepared and the search runs.
     */
    solve(body: string, on_line: Function): string;
    /**
     * `POST /api/svg`: the search tree of a solve drawn by the library after chosen events.
     */
    svg(body: string): string;
    /**
     * The names of the pattern databases this engine holds.
     */
    table_names(): string[];
}

export type InitInput = RequestInfo | URL | Response | BufferSource | WebAssembly.Module;

export interface InitOutput {
    readonly memory: WebAssembly.Memory;
    readonly __wbg_engine_free: (a: number, b: number) => void;
    readonly engine_analyse: (a: number, b: number, c: number) => [number, number];
    readonly engine_audit: (a: number, b: number, c: number) => [number, number];
    readonly engine_check: (a: number, b: number, c: number) => [number, number];
    readonly engine_compare: (a: number, b: number, c: number, d: any) => [number, number];
    readonly engine_depth: (a: number, b: number, c: number) => [number, number];
    readonly engine_export_table: (a: number, b: number, c: number) => [number, number];
    readonly engine_generate: (a: number, b: number, c: number) => [number, number];
    readonly engine_goal: (a: number, b: number, c: number) => [number, number];
    readonly engine_grade: (a: number, b: number, c: number) => [number, number];
    readonly engine_import_table: (a: number, b: number, c: number, d: number, e: number) => [number, number];
    readonly engine_new: () => number;
    readonly engine_options: (a: number) => [number, number];
    readonly engine_panic_for_test: (a: number) => void;
    readonly engine_solve: (a: number, b: number, c: number, d: any) => [number, number];
    readonly engine_svg: (a: number, b: number, c: number) => [number, number];
    readonly engine_table_names: (a: number) => [number, number];
    readonly __wbindgen_exn_store: (a: number) => void;
    readonly __externref_table_alloc: () => number;
    readonly __wbindgen_externrefs: WebAssembly.Table;
    readonly __wbindgen_malloc: (a: number, b: number) => number;
    readonly __wbindgen_realloc: (a: number, b: number, c: number, d: number) => number;
    readonly __wbindgen_free: (a: number, b: number, c: number) => void;
    readonly __externref_drop_slice: (a: number, b: number) => void;
    readonly __wbindgen_start: () => void;
}

export type SyncInitInput = BufferSource | WebAssembly.Module;

/**
 * Instantiates the given `module`, which can either be bytes or
 * a precompiled `WebAssembly.Module`.
 *
 * @param {{ module: SyncInitInput }} module - Passing `SyncInitInput` directly is deprecated.
 *
 * @returns {InitOutput}
 */
export function initSync(module: { module: SyncInitInput } | SyncInitInput): InitOutput;

/**
 * If `module_or_path` is {RequestInfo} or {URL}, makes a request and
 * for everything else, calls `WebAssembly.instantiate` directly.
 *
 * @param {{ module_or_path: InitInput | Promise<InitInput> }} module_or_path - Passing `InitInput` directly is deprecated.
 *
 * @returns {Promise<InitOutput>}
 */
export default function __wbg_init (module_or_path?: { module_or_path: InitInput | Promise<InitInput> } | InitInput | Promise<InitInput>): Promise<InitOutput>;
