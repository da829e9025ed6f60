/* tslint:disable */
/* eslint-disable */
export class Engine {
  free(): void;
  constructor();
  options(): string;
  check(body: string): string;
  generate(params: string): string;
  goal(params: string): string;
  solve(body: string, on_line: Function): string;
  compare(body: string, on_line: Function): string;
  svg(body: string): string;
  table_names(): string[];
  export_table(name: string): Uint8Array;
  import_table(name: string, bytes: Uint8Array): string;
  panic_for_test(): void;
}
export default function __wbg_init(module_or_path?: any): Promise<any>;
