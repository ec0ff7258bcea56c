/**
 * Input that the pipeline refuses: names the file and, when known, the line, so an operator can
 * open the dump at the right place. The run stops and nothing served is touched.
 */
export class InputError extends Error {
  constructor(
    readonly file: string,
    readonly line: number | null,
    readonly detail: string,
  ) {
    super(line === null ? `${file}: ${detail}` : `${file} line ${line}: ${detail}`);
    this.name = 'InputError';
  }
}

/** A stage asked for something an earlier stage (or run) must provide first. */
export class StageOrderError extends Error {
  override name = 'StageOrderError';
}
