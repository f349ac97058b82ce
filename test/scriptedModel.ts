/**
 * A stand-in for a model's API on loopback, to drive a real coding agent in a test. It logs every
 * request; it answers one that offers a given tool, and does not yet carry the call's result, with a
 * call of that tool, and every other with a short text. It speaks two wires, both streamed as server-sent events: Anthropic's Messages
 * (Claude Code, and OpenCode with an Anthropic provider) and OpenAI's Responses (Codex).
 *
 * It is also the agent's HTTP and HTTPS proxy: a request for any other host is refused and its host
 * recorded, so that a test can check that the agent reached nothing but its model.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type Wire = 'messages' | 'responses';

/** The call the model makes: `tool` as the agent names it to the model, in its `namespace` if any. */
export interface ToolCall {
  readonly tool: string;
  readonly namespace?: string;
  readonly input: Readonly<Record<string, unknown>>;
}

/** One request to the model, and what it was answered. */
export interface Exchange {
  readonly url: string;
  readonly body: Body;
  readonly answer: 'call' | 'text' | 'not JSON';
}

export interface ScriptedModel {
  /** Where the agent finds the model (and its proxy): `http://127.0.0.1:PORT`. */
  readonly url: string;
  readonly exchanges: readonly Exchange[];
  /** Every host the agent asked the proxy for, in order. */
  readonly outsideHosts: readonly string[];
  close(): Promise<void>;
}

type Body = Readonly<Record<string, unknown>>;
type Item = Readonly<Record<string, unknown>>;

/** The id of the one call the model makes, on either wire. */
const CALL_ID = 'call_zumba_1';

const items = (value: unknown): Item[] => (Array.isArray(value) ? (value as Item[]) : []);

/** The texts of a tool's result as the agent sent it back: a string, or a list of text parts. */
function texts(content: unknown): string[] {
  if (typeof content === 'string') return [content];
  return items(content).flatMap((part) => (typeof part['text'] === 'string' ? [part['text']] : []));
}

/** The result of the model's call that this request carries, as its text parts; undefined if none. */
export function callResult(wire: Wire, body: Body): string[] | undefined {
  if (wire === 'messages') {
    const blocks = items(body['messages']).flatMap((message) => items(message['content']));
    const result = blocks.find((block) => block['type'] === 'tool_result' && block['tool_use_id'] === CALL_ID);
    return result && texts(result['content']);
  }
  const output = items(body['input']).find((item) => item['type'] === 'function_call_output' && item['call_id'] === CALL_ID);
  return output && texts(output['output']);
}

/** The tools a request offers the model, as `namespace/name` where the wire has namespaces. */
export function offeredTools(wire: Wire, body: Body): string[] {
  if (wire === 'messages') return items(body['tools']).map((tool) => String(tool['name']));
  return items(body['tools']).flatMap((tool) =>
    tool['type'] === 'namespace' ? items(tool['tools']).map((inner) => `${String(tool['name'])}/${String(inner['name'])}`) : [String(tool['name'])],
  );
}

const qualified = (call: ToolCall): string => (call.namespace === undefined ? call.tool : `${call.namespace}/${call.tool}`);

/** Whether the model answers this request with the call: offered the tool, and not yet its result. */
function callsTool(wire: Wire, body: Body, call: ToolCall): boolean {
  return offeredTools(wire, body).includes(qualified(call)) && callResult(wire, body) === undefined;
}

const event = (type: string, data: Record<string, unknown>): string => `event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`;

/** A Messages stream holding one content block: the call, or a text. */
function messagesStream(body: Body, call: ToolCall | undefined): string {
  const block = call ? { type: 'tool_use', id: CALL_ID, name: call.tool, input: {} } : { type: 'text', text: '' };
  const delta = call ? { type: 'input_json_delta', partial_json: JSON.stringify(call.input) } : { type: 'text_delta', text: 'Done.' };
  return [
    event('message_start', {
      message: { id: 'msg_scripted', type: 'message', role: 'assistant', model: body['model'], content: [], stop_reason: null, stop_sequence: null, usage: { input_tokens: 1, output_tokens: 1 } },
    }),
    event('content_block_start', { index: 0, content_block: block }),
    event('content_block_delta', { index: 0, delta }),
    event('content_block_stop', { index: 0 }),
    event('message_delta', { delta: { stop_reason: call ? 'tool_use' : 'end_turn', stop_sequence: null }, usage: { output_tokens: 1 } }),
    event('message_stop', {}),
  ].join('');
}

/** A Responses stream holding one output item: the call, or a message. */
function responsesStream(body: Body, call: ToolCall | undefined): string {
  const item = call
    ? { type: 'function_call', id: 'fc_scripted', call_id: CALL_ID, name: call.tool, namespace: call.namespace, arguments: JSON.stringify(call.input), status: 'completed' }
    : { type: 'message', id: 'msg_scripted', role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: 'Done.', annotations: [] }] };
  const response = { id: 'resp_scripted', object: 'response', model: body['model'], status: 'in_progress', output: [] };
  return [
    event('response.created', { response }),
    event('response.output_item.added', { output_index: 0, item }),
    event('response.output_item.done', { output_index: 0, item }),
    event('response.completed', { response: { ...response, status: 'completed', output: [item], usage: { input_tokens: 1, output_tokens: 1, total_tokens: 2 } } }),
  ].join('');
}

function parsed(text: string): Body | undefined {
  try {
    return JSON.parse(text) as Body;
  } catch {
    return undefined;
  }
}

export async function startScriptedModel(wire: Wire, call: ToolCall): Promise<ScriptedModel> {
  const exchanges: Exchange[] = [];
  const outsideHosts: string[] = [];
  const server = http.createServer((request, response) => {
    const url = request.url ?? '';
    // A proxy request names its host in an absolute URL; the model's own requests do not.
    if (/^[a-z]+:\/\//i.test(url)) {
      outsideHosts.push(new URL(url).host);
      response.writeHead(403).end();
      return;
    }
    let text = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (text += chunk));
    request.on('end', () => {
      const body = parsed(text);
      if (body === undefined) {
        exchanges.push({ url, body: { text }, answer: 'not JSON' });
        response.writeHead(400).end();
        return;
      }
      const calling = callsTool(wire, body, call);
      exchanges.push({ url, body, answer: calling ? 'call' : 'text' });
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.end((wire === 'messages' ? messagesStream : responsesStream)(body, calling ? call : undefined));
    });
  });
  // HTTPS through the proxy: refused before any byte reaches the host.
  server.on('connect', (request: http.IncomingMessage, socket) => {
    outsideHosts.push(request.url ?? '');
    socket.on('error', () => {});
    socket.end('HTTP/1.1 403 Forbidden\r\n\r\n');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    exchanges,
    outsideHosts,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
