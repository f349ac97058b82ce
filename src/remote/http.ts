/**
 * Plain HTTP(S) to a remote cache: GET and PUT of whole objects, each bounded by a deadline (the
 * connection, the answer and every byte of its body), and its body by a size. A GET accepts a body
 * compressed on the wire (`Content-Encoding: gzip`, where the server is set to: fewer bytes for more
 * CPU at both ends), unzipped as it comes, off this thread. Credentials come from the URL's user and
 * password (basic authentication) or a header the settings name; the URL as it is shown
 * (`shownUrl`) never carries them.
 */
import { createGunzip } from 'node:zlib';

export interface RemoteEndpoint {
  /** The remote's base URL, without credentials, ending in `/`. */
  readonly base: URL;
  /** Headers sent with every request: the credentials, where there are any. */
  readonly headers: Readonly<Record<string, string>>;
  /** The most a request may take, from its start to its body's last byte. */
  readonly timeoutMs: number;
}

export class RemoteError extends Error {
  override name = 'RemoteError';
}

/** A body larger than this is refused: no object of a remote cache is near it. */
const MOST_BODY_BYTES = 1024 ** 3;

/**
 * The endpoint a URL names: its user and password, if any, become a basic authorization header, and
 * `header` (`Name: value`, from the environment) one more.
 */
export function remoteEndpoint(url: string, header: string | undefined, timeoutMs: number): RemoteEndpoint {
  let base: URL;
  try {
    base = new URL(url);
  } catch {
    throw new RemoteError('the remote cache is not a URL');
  }
  if (base.protocol !== 'http:' && base.protocol !== 'https:') throw new RemoteError(`the remote cache must be http: or https:, not ${base.protocol}`);
  const headers: Record<string, string> = {};
  if (base.username !== '' || base.password !== '') {
    headers['authorization'] = `Basic ${Buffer.from(`${decodeURIComponent(base.username)}:${decodeURIComponent(base.password)}`).toString('base64')}`;
    base.username = '';
    base.password = '';
  }
  if (header !== undefined) {
    const colon = header.indexOf(':');
    if (colon <= 0) throw new RemoteError('ZUMBA_REMOTE_CACHE_HEADER must be "Name: value"');
    headers[header.slice(0, colon).trim().toLowerCase()] = header.slice(colon + 1).trim();
  }
  base.search = '';
  base.hash = '';
  if (!base.pathname.endsWith('/')) base.pathname += '/';
  return { base, headers, timeoutMs };
}

/** The remote's URL as it may be printed: no credentials. */
export function shownUrl(endpoint: RemoteEndpoint): string {
  return endpoint.base.href;
}

/**
 * The object's body, or undefined when the remote has none (404). Throws RemoteError on anything else.
 * A body of a declared length that fits in `into` is read there (the body is then a view of its first
 * bytes), not into a buffer of its own.
 */
export async function getObject(endpoint: RemoteEndpoint, name: string, into?: Buffer): Promise<Buffer | undefined> {
  const { status, body } = await send(endpoint, 'GET', name, undefined, into);
  if (status === 404) return undefined;
  if (status !== 200) throw new RemoteError(`GET ${name} answered ${status}`);
  return body;
}

/** Whether the remote has the object (HEAD). */
export async function hasObject(endpoint: RemoteEndpoint, name: string): Promise<boolean> {
  const { status } = await send(endpoint, 'HEAD', name);
  if (status === 200) return true;
  if (status === 404) return false;
  throw new RemoteError(`HEAD ${name} answered ${status}`);
}

/** Puts the object's body; throws RemoteError unless the remote took it. */
export async function putObject(endpoint: RemoteEndpoint, name: string, body: Buffer): Promise<void> {
  const { status } = await send(endpoint, 'PUT', name, body);
  if (status < 200 || status > 299) throw new RemoteError(`PUT ${name} answered ${status}`);
}

async function send(endpoint: RemoteEndpoint, method: 'GET' | 'HEAD' | 'PUT', name: string, body?: Buffer, into?: Buffer): Promise<{ readonly status: number; readonly body: Buffer }> {
  const url = new URL(name, endpoint.base);
  // Imported at the first request, not at start-up: imported as a module, node:http brings Node's
  // own fetch (undici) with it, an eighth of every start on Node 24.
  const client = url.protocol === 'https:' ? (await import('node:https')).default : (await import('node:http')).default;
  return new Promise((resolve, reject) => {
    const fail = (message: string) => reject(new RemoteError(`${method} ${name}: ${message}`));
    const headers = {
      ...endpoint.headers,
      ...(method === 'GET' && { 'accept-encoding': 'gzip' }),
      ...(body !== undefined && { 'content-length': String(body.length), 'content-type': 'application/octet-stream' }),
    };
    // A new connection for each request: an agent's kept-alive sockets would hold a one-shot command's process open.
    const request = client.request(url, { method, headers, agent: false, signal: AbortSignal.timeout(endpoint.timeoutMs) }, (response) => {
      const chunks: Buffer[] = [];
      let bytes = 0;
      let sent = 0;
      const declared = Number(response.headers['content-length'] ?? NaN);
      const encoding = response.headers['content-encoding'];
      if (encoding !== undefined && encoding !== 'identity' && encoding !== 'gzip') return fail(`the body is in ${encoding}, not gzip`);
      response.on('data', (chunk: Buffer) => (sent += chunk.length));
      const unzipped = encoding === 'gzip' ? response.pipe(createGunzip()) : response;
      // A body of a declared length is read into one buffer of that length: pieces held and joined had taken a fresh kernel server's workers a tenth of a second each.
      const readWhole = encoding !== 'gzip' && Number.isSafeInteger(declared) && declared <= MOST_BODY_BYTES;
      const whole = !readWhole ? undefined : into !== undefined && declared <= into.length ? into.subarray(0, declared) : Buffer.allocUnsafe(declared);
      unzipped.on('data', (chunk: Buffer) => {
        if (whole !== undefined && bytes + chunk.length <= whole.length) chunk.copy(whole, bytes);
        else chunks.push(chunk);
        bytes += chunk.length;
        if (bytes > MOST_BODY_BYTES) request.destroy(new Error('body too large'));
      });
      response.on('error', (error) => fail(error.message));
      unzipped.on('error', (error) => fail(`its gzip does not read: ${error.message}`));
      unzipped.on('end', () => {
        if (!response.complete) return fail('the body ended early');
        if (method !== 'HEAD' && Number.isFinite(declared) && declared !== sent) return fail('the body ended early');
        resolve({ status: response.statusCode ?? 0, body: whole ?? Buffer.concat(chunks) });
      });
    });
    request.on('error', (error) => fail(error.name === 'AbortError' ? `no answer within ${endpoint.timeoutMs} ms` : error.message));
    request.end(body);
  });
}
