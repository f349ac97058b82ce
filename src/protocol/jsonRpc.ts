/**
 * JSON-RPC 2.0 as MCP uses it: sorting one line of input into what it is (a line that is no request
 * gets an error response, not silence), and the shapes of what goes back.
 */

export const PARSE_ERROR = -32700;
export const INVALID_REQUEST = -32600;
export const METHOD_NOT_FOUND = -32601;
export const INVALID_PARAMS = -32602;
export const INTERNAL_ERROR = -32603;

export type RequestId = string | number;
export type Params = Record<string, unknown>;

export interface Notification {
  readonly method: string;
  readonly params?: Params;
}

/** What a request gets back: its result, or an error. */
export type Response = { readonly result: unknown } | { readonly error: { readonly code: number; readonly message: string } };

/** An error that reaches the client with its code and message as they are. */
export class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

export type Incoming =
  /**
   * `id` is the client's id as parsed, `idText` as written: the answer carries the text, so that an id no
   * double holds (`123456789012345678901234567890`) or one written `1.0` comes back as it was sent.
   */
  | { readonly kind: 'request'; readonly id: RequestId; readonly idText: string; readonly message: { readonly method: string; readonly params?: Params } }
  | { readonly kind: 'notification'; readonly message: Notification }
  /** A response to a request of ours: the server sends none, so there is nothing to match it to. */
  | { readonly kind: 'response' }
  /** `idText` is `null` when the line shows no usable id. */
  | { readonly kind: 'invalid'; readonly idText: string; readonly code: number; readonly reason: string };

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Any JSON number is an id (JSON-RPC allows fractions; `1e400` parses to Infinity and is still one). */
function isRequestId(value: unknown): value is RequestId {
  return typeof value === 'string' || typeof value === 'number';
}

export function classify(line: string): Incoming {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return { kind: 'invalid', idText: 'null', code: PARSE_ERROR, reason: 'the line is not JSON' };
  }
  if (!isObject(value)) {
    const reason = Array.isArray(value) ? 'batches are not supported' : 'a message must be a JSON object';
    return { kind: 'invalid', idText: 'null', code: INVALID_REQUEST, reason };
  }
  const id = isRequestId(value['id']) ? value['id'] : null;
  // The line parsed, so its id is found as written.
  const idText = id === null ? 'null' : idTextOf(line)!;
  const invalid = (reason: string, code = INVALID_REQUEST): Incoming => ({ kind: 'invalid', idText, code, reason });
  if (value['jsonrpc'] !== '2.0') return invalid('"jsonrpc" must be "2.0"');
  const hasId = 'id' in value;
  if (hasId && id === null) return invalid('"id" must be a string or a number');
  if (!('method' in value)) {
    return hasId && ('result' in value || 'error' in value) ? { kind: 'response' } : invalid('a request needs a "method"');
  }
  const method = value['method'];
  if (typeof method !== 'string') return invalid('"method" must be a string');
  const params = value['params'];
  if (!hasId) return { kind: 'notification', message: { method, ...(isObject(params) && { params }) } };
  if (params !== undefined && !isObject(params)) return invalid('"params" must be an object', INVALID_PARAMS);
  const problem = params === undefined ? undefined : metaProblem(params['_meta']);
  if (problem !== undefined) return invalid(problem);
  return { kind: 'request', id: id!, idText, message: { method, ...(params !== undefined && { params }) } };
}

/** What is wrong with a request's `params._meta`, which MCP gives a shape: an object, its progressToken a string or a number. */
function metaProblem(meta: unknown): string | undefined {
  if (meta === undefined) return undefined;
  if (!isObject(meta)) return '"params._meta" must be an object';
  const token = meta['progressToken'];
  if (token !== undefined && !isRequestId(token)) return '"params._meta.progressToken" must be a string or a number';
  return undefined;
}

/**
 * A line longer than the transport reads, of which only its start was kept: -32600, with the id when
 * the start shows one.
 */
export function tooLong(start: string, limit: number): Incoming {
  const text = idTextOf(start);
  let id: unknown;
  try {
    id = text === undefined ? null : JSON.parse(text);
  } catch {
    id = null; // The start of a line that is not JSON at all.
  }
  return { kind: 'invalid', idText: isRequestId(id) ? text! : 'null', code: INVALID_REQUEST, reason: `the line is longer than ${limit} bytes` };
}

/**
 * The text of a message's top-level `"id"` value as written, found by stepping over the object's
 * members without parsing them (the last one wins, as in JSON.parse); undefined when the text is not
 * an object or shows no id. Also reads the start of a line too long to parse.
 */
export function idTextOf(text: string): string | undefined {
  let found: string | undefined;
  let at = skipSpace(text, 0);
  if (text[at] !== '{') return undefined;
  do {
    const key = skipSpace(text, at + 1);
    const keyEnd = endOfString(text, key);
    if (keyEnd < 0) break;
    const colon = skipSpace(text, keyEnd);
    if (text[colon] !== ':') break;
    const value = skipSpace(text, colon + 1);
    const valueEnd = endOfValue(text, value);
    if (valueEnd < 0) break;
    if (isIdKey(text.slice(key, keyEnd))) found = text.slice(value, valueEnd);
    at = skipSpace(text, valueEnd);
  } while (text[at] === ',');
  return found;
}

function isIdKey(key: string): boolean {
  if (key === '"id"') return true;
  if (!key.includes('\\')) return false;
  try {
    return JSON.parse(key) === 'id'; // "\u0069d" is "id" too
  } catch {
    return false;
  }
}

function skipSpace(text: string, at: number): number {
  while (at < text.length && ' \t\r\n'.includes(text[at]!)) at++;
  return at;
}

/** The index just past the string that starts at `at`, or -1 when none does or it is cut short. */
function endOfString(text: string, at: number): number {
  if (text[at] !== '"') return -1;
  for (let i = at + 1; i < text.length; i++) {
    const c = text[i];
    if (c === '\\') i++;
    else if (c === '"') return i + 1;
  }
  return -1;
}

/** The index just past the value that starts at `at`, or -1 when it is cut short or not a value. */
function endOfValue(text: string, at: number): number {
  const first = text[at];
  if (first === '"') return endOfString(text, at);
  if (first === '{' || first === '[') {
    let depth = 0;
    for (let i = at; i < text.length; i++) {
      const c = text[i];
      if (c === '"') {
        const end = endOfString(text, i);
        if (end < 0) return -1;
        i = end - 1;
      } else if (c === '{' || c === '[') {
        depth++;
      } else if ((c === '}' || c === ']') && --depth === 0) {
        return i + 1;
      }
    }
    return -1;
  }
  // A number, true, false or null: it ends where something else starts, which must be in the text.
  let end = at;
  while (end < text.length && /[\w+.-]/.test(text[end]!)) end++;
  return end > at && end < text.length ? end : -1;
}
