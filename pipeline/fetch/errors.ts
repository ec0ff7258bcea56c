/**
 * What can stop a fetch. Every one names the dataset or URL, so the one line an operator reads
 * says where to look; none of them leaves a day folder behind.
 */

/** A refusal the CLI prints as one line (no stack): the data or the portal, not a bug. */
export class FetchError extends Error {
  override name = 'FetchError';
}

/**
 * The portal cannot be reached at all (no DNS answer, connection refused, no route, connect
 * timeout): a machine without network. Not retried: a retry would only wait for the same answer.
 */
export class PortalUnreachableError extends FetchError {
  override name = 'PortalUnreachableError';
  constructor(
    readonly host: string,
    readonly code: string,
  ) {
    super(`the data portal ${host} cannot be reached (${code})`);
  }
}

/** A failed attempt that another attempt may fix (429, 5xx, a dropped stream, an HTML page). */
export class TransientError extends FetchError {
  override name = 'TransientError';
  constructor(
    message: string,
    /** The wait the server asked for (Retry-After), in ms. */
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }
}

/** An HTTP status that is an answer, not an accident (4xx but 429): not retried. */
export class HttpStatusError extends FetchError {
  override name = 'HttpStatusError';
  constructor(
    readonly status: number,
    readonly url: string,
  ) {
    super(`${url} answered ${status}${status === 403 ? ' (a wrong or blank SOCRATA_APP_TOKEN gives 403)' : ''}`);
  }
}

/** A dataset's columns differ from the previous fetch's (or its file's header from its metadata). */
export class ColumnsChangedError extends FetchError {
  override name = 'ColumnsChangedError';
}

/** A downloaded file that is not what the portal said it would be (row count, header). */
export class ContentError extends FetchError {
  override name = 'ContentError';
}
