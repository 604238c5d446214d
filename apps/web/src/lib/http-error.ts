/**
 * The error `api()` throws: the message is the catalogue key, `status` the HTTP status (0: no network) and
 * `body` the answer. Shaped like react-admin's HttpError (react-admin reads `status` and `body.errors` by duck
 * typing), but defined here so the traveller app's first load does not pull in react-admin.
 */
export class HttpError extends Error {
  readonly status: number;
  readonly body: unknown;

  constructor(message: string, status: number, body: unknown = null) {
    super(message);
    this.name = 'HttpError';
    this.status = status;
    this.body = body;
  }
}

/** The HTTP status of what `api()` threw (0: no network), or -1 for anything else. */
export const statusOf = (error: unknown): number => (error instanceof HttpError ? error.status : -1);
