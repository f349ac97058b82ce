/**
 * Sorting one parsed line of input into what JSON-RPC 2.0 says it is. The SDK's stdio transport drops
 * anything it cannot validate without a word; the contract wants an error response for it instead.
 */
import { isJSONRPCRequest, type JSONRPCNotification, type JSONRPCRequest, type RequestId } from '@modelcontextprotocol/sdk/types.js';

export const PARSE_ERROR = -32700;
export const INVALID_REQUEST = -32600;
export const METHOD_NOT_FOUND = -32601;
export const INVALID_PARAMS = -32602;

export type Incoming =
  | { readonly kind: 'request'; readonly message: JSONRPCRequest }
  | { readonly kind: 'notification'; readonly message: JSONRPCNotification }
  /** A response to a request of ours: the server sends none, so there is nothing to match it to. */
  | { readonly kind: 'response' }
  | { readonly kind: 'invalid'; readonly id: RequestId | null; readonly code: number; readonly reason: string };

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isRequestId(value: unknown): value is RequestId {
  return typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value));
}

export function classify(value: unknown): Incoming {
  if (!isObject(value)) {
    const reason = Array.isArray(value) ? 'batches are not supported' : 'a message must be a JSON object';
    return { kind: 'invalid', id: null, code: INVALID_REQUEST, reason };
  }
  const id = isRequestId(value['id']) ? value['id'] : null;
  const invalid = (reason: string, code = INVALID_REQUEST): Incoming => ({ kind: 'invalid', id, code, reason });
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
  const message = { jsonrpc: '2.0' as const, id: id!, method, ...(params !== undefined && { params }) };
  // The SDK would drop, unanswered, what its own schema rejects (a fractional id, a malformed `_meta`).
  if (!isJSONRPCRequest(message)) return invalid('"id" must be a string or an integer, and "params._meta" an object');
  return { kind: 'request', message };
}
