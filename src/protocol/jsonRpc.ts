/**
 * Sorting one line of input into what JSON-RPC 2.0 says it is. The SDK's stdio transport drops
 * anything it cannot validate without a word; the contract wants an error response for it instead.
 */
import { JSONRPCRequestSchema, type JSONRPCNotification, type JSONRPCRequest, type RequestId } from '@modelcontextprotocol/sdk/types.js';

export const PARSE_ERROR = -32700;
export const INVALID_REQUEST = -32600;
export const METHOD_NOT_FOUND = -32601;
export const INVALID_PARAMS = -32602;

export type Incoming =
  /**
   * `id` is the client's id as parsed, `idText` as written: the answer carries the text, so that an id no
   * double holds (`123456789012345678901234567890`) or one written `1.0` comes back as it was sent.
   */
  | { readonly kind: 'request'; readonly id: RequestId; readonly idText: string; readonly message: Omit<JSONRPCRequest, 'id'> }
  | { readonly kind: 'notification'; readonly message: JSONRPCNotification }
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
  if (!hasId) return { kind: 'notification', message: { jsonrpc: '2.0', method, ...(isObject(params) && { params }) } };
  if (params !== undefined && !isObject(params)) return invalid('"params" must be an object', INVALID_PARAMS);
  const message = { jsonrpc: '2.0' as const, method, ...(params !== undefined && { params }) };
  // The SDK would drop, unanswered, what its own schema rejects (a malformed `params._meta`). The id it
  // sees is the transport's own, so any id passes here.
  const checked = JSONRPCRequestSchema.safeParse({ ...message, id: 0 });
  if (!checked.success) {
    const problem = checked.error.issues[0]!;
    return invalid(`"${problem.path.join('.')}": ${problem.message}`);
  }
  return { kind: 'request', id: id!, idText, message };
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
