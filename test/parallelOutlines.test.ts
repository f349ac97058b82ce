/** Outlines of many files on the workers: when the workers fail, this thread makes every answer, in order, and says so once. */
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import os from 'node:os';
import { pathToFileURL } from 'node:url';
import { describe, test } from 'node:test';
import { outlineAnswer } from '../src/cli/outlineAnswer.js';
import { outlinesInOrder, outlineWorkers } from '../src/cli/parallelOutlines.js';
import { openProject } from '../src/session/project.js';

describe('outline workers that fail', () => {
  const skip = availableParallelism() < 2 && 'one core: no workers are started';

  for (const [what, body] of [
    ['exit at once', 'process.exit(3);'],
    ['throw at start', "throw new Error('a broken worker');"],
    ['answer the first batch, then die', "import { parentPort } from 'node:worker_threads';\nparentPort.once('message', () => process.exit(7));"],
  ] as const) {
    test(`${what}: every file is still outlined, in order, as this thread outlines it; stderr says so once`, { skip }, async () => {
      const root = mkdtempSync(path.join(os.tmpdir(), 'zumba-broken-workers-'));
      const files = Array.from({ length: 60 }, (_, i) => `m${String(i).padStart(2, '0')}.py`);
      for (const [i, file] of files.entries()) writeFileSync(path.join(root, file), `def f${i}():\n    pass\n`);
      const script = path.join(mkdtempSync(path.join(os.tmpdir(), 'zumba-broken-script-')), 'worker.mjs');
      writeFileSync(script, body);
      const project = openProject(root, { noCache: true });
      const said: string[] = [];
      const write = process.stderr.write.bind(process.stderr);
      process.stderr.write = ((chunk: string | Uint8Array) => (said.push(String(chunk)), true)) as typeof process.stderr.write;
      const answers = [];
      const workers = outlineWorkers(project, 'text', pathToFileURL(script));
      try {
        for await (const answer of outlinesInOrder(project, files, 'text', workers)) answers.push(answer);
      } finally {
        await workers?.close();
        process.stderr.write = write;
      }
      const expected = await Promise.all(files.map((file) => outlineAnswer(project, file, 'text')));
      assert.deepEqual(answers, expected);
      assert.equal(said.length, 1, said.join(''));
      assert.match(said[0]!, /^zumba: an outline worker stopped \(.+\); going on without it\n$/);
    });
  }
});
