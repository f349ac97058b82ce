/**
 * The server's start-up, as a client waits for it: from spawn to the answer to `initialize`, and on
 * to the answer to `tools/list`, against a bare `node -e 0` on the same Node, median of 11 each,
 * taken in turn so that the machine's load weighs on both alike.
 */
import { spawn } from 'node:child_process';
import { LineClient } from './lineClient.js';
import { median, type Row } from './table.js';

const RUNS = 11;
const GOAL_RATIO = 1.5;

function bareNode(): Promise<number> {
  const start = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', '0'], { stdio: 'ignore' });
    child.once('error', reject);
    child.once('exit', () => resolve(performance.now() - start));
  });
}

/** Spawn → initialize answered, and spawn → tools/list answered, of one server on the project. */
async function serverStart(project: string): Promise<{ initialize: number; toolsList: number }> {
  const start = performance.now();
  const client = new LineClient(['mcp', project]);
  await client.initialize();
  const initialize = performance.now() - start;
  await client.request('tools/list', {});
  const toolsList = performance.now() - start;
  await client.close();
  return { initialize, toolsList };
}

export async function startSpeed(project: string): Promise<Row[]> {
  const bare: number[] = [];
  const initialize: number[] = [];
  const toolsList: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    bare.push(await bareNode());
    const server = await serverStart(project);
    initialize.push(server.initialize);
    toolsList.push(server.toolsList);
  }
  const reference = { value: median(bare), tool: 'node -e 0' };
  return [
    { metric: `spawn → initialize answered (Node ${process.versions.node})`, ours: median(initialize), unit: 'ms', reference, goal: `≤ ${GOAL_RATIO}×`, met: median(initialize) <= GOAL_RATIO * reference.value },
    { metric: 'spawn → tools/list answered', ours: median(toolsList), unit: 'ms', reference },
  ];
}
