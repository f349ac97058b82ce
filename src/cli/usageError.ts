/** A command given wrongly: its message, then the usage, and exit 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}
