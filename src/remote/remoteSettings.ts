/**
 * Where the remote cache is: `--remote-cache URL` or `ZUMBA_REMOTE_CACHE`, with the environment's
 * timeout and header, checked once on the main thread before anything is asked of it.
 */
import { remoteEndpoint, type RemoteEndpoint } from './http.js';

export interface RemoteSettings {
  readonly url: string;
  /** `ZUMBA_REMOTE_CACHE_HEADER`: one more header (`Name: value`), for a token. */
  readonly header?: string;
  readonly timeoutMs: number;
}

/** What a request may take by default, from its start to its body's end. */
const DEFAULT_TIMEOUT_MS = 10_000;

/** The remote cache the flag or the environment names, if any; throws RemoteError where it is not a usable URL. */
export function remoteSettings(flag: string | undefined, env: NodeJS.ProcessEnv = process.env): RemoteSettings | undefined {
  const url = flag ?? (env['ZUMBA_REMOTE_CACHE'] || undefined);
  if (url === undefined) return undefined;
  const timeout = env['ZUMBA_REMOTE_CACHE_TIMEOUT_MS'];
  const timeoutMs = timeout === undefined || timeout === '' ? DEFAULT_TIMEOUT_MS : Number(timeout);
  if (!Number.isInteger(timeoutMs) || timeoutMs <= 0) throw new RangeError('ZUMBA_REMOTE_CACHE_TIMEOUT_MS must be a whole number of milliseconds');
  const header = env['ZUMBA_REMOTE_CACHE_HEADER'] || undefined;
  const settings = { url, timeoutMs, ...(header !== undefined && { header }) };
  endpointOf(settings); // Refused now, not at the first call.
  return settings;
}

export const endpointOf = (settings: RemoteSettings): RemoteEndpoint => remoteEndpoint(settings.url, settings.header, settings.timeoutMs);
