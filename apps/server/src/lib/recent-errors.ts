import type { RecentError } from '@tourdesk/contracts';

/** How many 5xx answers each instance keeps for GET /debug. */
export const RECENT_ERRORS_KEPT = 50;

/**
 * The last answers with status 5xx of this instance, newest first, in memory (docs/adr/0033 says why not a table):
 * its request id, route, status and the error's message, never a body or a header, so that the debug page shows
 * what went wrong with the id to look for in the logs. The error handler (plugins/errors.ts) adds them.
 */
export class RecentErrors {
  private readonly entries: RecentError[] = [];
  private readonly limit: number;
  constructor(limit = RECENT_ERRORS_KEPT) {
    this.limit = limit;
  }
  add(entry: RecentError): void {
    this.entries.unshift(entry);
    if (this.entries.length > this.limit) this.entries.length = this.limit;
  }
  list(): RecentError[] {
    return [...this.entries];
  }
}
