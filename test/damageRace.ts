/**
 * A process whose threads use one cache folder's index while its main thread damages the database
 * again and again (garbage over its first bytes, in place): each thread opens a store, writes
 * records, reads them and others back, and closes it, so that damage is found at opening and in use,
 * removed, and a database made again while other threads still read the one before. Run by
 * `index.faults.test.ts` as `node damageRace.js <cache folder> <rounds>`; prints the reads that
 * returned a record and those whose record was not the one written, and exits 0, unless a thread dies.
 */
import { readdirSync, writeSync, openSync, closeSync } from 'node:fs';
import path from 'node:path';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { openStore } from '../src/index/store.js';

const THREADS = 3;
const KEYS = 64;

/** Each key's one record: its filter is the key's number, repeated. */
const keyOf = (i: number) => Buffer.alloc(32, i + 1);
const filterOf = (i: number) => new Uint8Array(40).fill(i * 3 + 1);

interface Tally {
  found: number;
  wrong: number;
}

function useIndex(folder: string, rounds: number): Tally {
  const tally = { found: 0, wrong: 0 };
  for (let round = 0; round < rounds; round++) {
    const store = openStore(folder, '/project', () => {});
    const written = round % KEYS;
    store.write({ words: [{ content: keyOf(written), filter: filterOf(written) }], definitions: [] });
    for (let i = 0; i < KEYS; i += 7) {
      const filter = store.words(keyOf(i));
      if (filter === undefined) continue;
      tally.found++;
      if (!Buffer.from(filter).equals(Buffer.from(filterOf(i)))) tally.wrong++;
    }
    store.close();
  }
  return tally;
}

/** Garbage over the first bytes of every database file in the folder, in place (the file keeps its inode). */
function damageAll(folder: string): void {
  for (const name of readdirSync(folder)) {
    if (!/^index-v\d+.*\.sqlite$/.test(name)) continue;
    try {
      const descriptor = openSync(path.join(folder, name), 'r+');
      writeSync(descriptor, Buffer.alloc(200, 'x'), 0, 200, 0);
      closeSync(descriptor);
    } catch {
      // Removed meanwhile by a thread that found it damaged.
    }
  }
}

if (isMainThread) {
  const [folder, roundsText] = process.argv.slice(2) as [string, string];
  const rounds = Number(roundsText);
  const workers = Array.from({ length: THREADS }, () => new Worker(new URL(import.meta.url), { workerData: { folder, rounds } }));
  const tallies = workers.map(
    (worker) =>
      new Promise<Tally>((resolve, reject) => {
        worker.once('message', resolve);
        worker.once('error', reject);
      }),
  );
  let running = true;
  void Promise.all(tallies).finally(() => (running = false));
  while (running) {
    damageAll(folder);
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  const all = await Promise.all(tallies);
  process.stdout.write(`found ${all.reduce((sum, t) => sum + t.found, 0)} wrong ${all.reduce((sum, t) => sum + t.wrong, 0)}\n`);
} else {
  const { folder, rounds } = workerData as { folder: string; rounds: number };
  parentPort!.postMessage(useIndex(folder, rounds));
}
