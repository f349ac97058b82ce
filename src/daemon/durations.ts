/** The shared server's durations that the environment may set (tests shorten them). */

/** A whole number of milliseconds from the environment variable `name`; `fallback` where it is unset or empty. */
export function millisecondsFromEnv(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const value = env[name];
  if (value === undefined || value === '') return fallback;
  const ms = Number(value);
  if (!Number.isInteger(ms) || ms < 0) throw new RangeError(`${name} must be a whole number of milliseconds`);
  return ms;
}
