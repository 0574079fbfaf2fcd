/**
 * The data layer's own errors. They say what happened to the table, not what to answer: the
 * HTTP middleware (functions/lib/middleware/errors.ts) maps them to a status.
 */

/** A write kept meeting concurrent writes (TransactionConflict) after every retry: the caller may try again shortly. */
export class DataBusyError extends Error {
  constructor(message = 'The site is busy; please try again') {
    super(message);
    this.name = 'DataBusyError';
  }
}
