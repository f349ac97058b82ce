/**
 * find_symbol on a tree never indexed parses, of the files a name is a word in, only those its
 * language says may define it (src/definitions/definitionSites.ts). Here, on a tree of the corpus:
 * - that no definition is missed: every definition `zumba outline --no-cache` lists in the tree's
 *   files of such a language (those a search reads: up to 512 KB) stands where the filter says one
 *   may (goal: none missed);
 * - for each name, the files the filter keeps of those it is a word in, and the first find_symbol
 *   of a server with an empty cache, sent at once after the handshake and a model's turn after it
 *   (AGENT_PAUSE_MS: the server walks the tree and starts its workers meanwhile), against one rg
 *   search.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import { lastSegment } from '../src/definitions/definition.js';
import { definitionSites, mayDefine } from '../src/definitions/definitionSites.js';
import { written, type Languages } from '../src/definitions/languages.js';
import { loadLanguages } from '../src/definitions/manifest.js';
import { SEARCH_SIZE_LIMIT } from '../src/project/files.js';
import { wholeWordsOf } from '../src/text/wholeWord.js';
import { AGENT_PAUSE_MS, CLI, LineClient, timed } from './lineClient.js';
import { bestTime, rgArgs } from './searchSpeed.js';
import type { Row } from './table.js';

const FILTERED_FILES = '**/*.{c,h,cc,cpp,cxx,c++,hpp,hh,hxx,h++,ipp,tpp}';
const NEVER_INDEXED_GOAL = 2;

/**
 * The filter's test of one file: how many of its definitions it was asked of, and each definition's
 * name that is a word of the file and that the filter says it cannot define. A file larger than a
 * search reads is none find_symbol looks in, nor one of a language with no test of its own.
 */
function checkFile(languages: Languages, tree: string, relative: string, names: readonly string[]): { checked: number; missed: string[] } {
  const unchecked = { checked: 0, missed: [] };
  const language = languages.defining(relative);
  if (language === undefined) return unchecked;
  const bytes = readFileSync(path.join(tree, relative));
  if (bytes.length > SEARCH_SIZE_LIMIT) return unchecked;
  const text = bytes.toString('utf8');
  if (written(language, text).grammar?.definitionSites === undefined) return unchecked;
  const mayDefine = definitionSites(language, bytes);
  // Its words once: a generated header holds tens of thousands of definitions.
  const words = new Set(wholeWordsOf(text));
  const missed = names.filter((name) => {
    // A name of words is found by a name of words, which find_symbol tests by its presence alone (symbolMatch.ts).
    if (/\s/.test(name)) return false;
    const word = lastSegment(name);
    return words.has(word) && !mayDefine(word);
  });
  return { checked: names.length, missed };
}

/** Every definition of the tree's C and C++ files, as `zumba outline --json` lists them, checked. */
async function checkTree(tree: string): Promise<{ checked: number; missed: string[] }> {
  const languages = loadLanguages();
  const child = spawn(process.execPath, [CLI, 'outline', '--json', '--no-cache', '--project', tree, FILTERED_FILES], { stdio: ['ignore', 'pipe', 'ignore'] });
  const byFile = new Map<string, string[]>();
  for await (const line of createInterface({ input: child.stdout })) {
    const { path: relative, name } = JSON.parse(line) as { path: string; name: string };
    let names = byFile.get(relative);
    if (names === undefined) byFile.set(relative, (names = []));
    names.push(name);
  }
  let checked = 0;
  const missed: string[] = [];
  for (const [relative, names] of byFile) {
    const file = checkFile(languages, tree, relative, names);
    checked += file.checked;
    missed.push(...file.missed.map((name) => `${relative}: ${name}`));
  }
  return { checked, missed };
}

/** How many files the name is a word in, and how many of them the filter keeps. */
function keptFiles(languages: Languages, tree: string, name: string): { wordIn: number; kept: number } {
  const listed = spawnSync('rg', ['-l', '-w', '-F', '-s', '--', name, '.'], { cwd: tree, encoding: 'utf8', maxBuffer: 1024 ** 3 }).stdout.split('\n').filter(Boolean).map((line) => line.replace(/^\.\//, ''));
  const defining = listed.filter((relative) => languages.defining(relative) !== undefined);
  const kept = defining.filter((relative) => mayDefine(languages.defining(relative)!, readFileSync(path.join(tree, relative)), name));
  return { wordIn: defining.length, kept: kept.length };
}

/**
 * A server with an empty cache: its first find_symbol, sent at once after the handshake, or
 * `pauseMs` after it, as an agent's first call comes a model's turn later (the call alone is timed).
 */
async function neverIndexedSymbol(tree: string, name: string, pauseMs = 0): Promise<number> {
  const cache = mkdtempSync(path.join(os.tmpdir(), 'zumba-bench-never-'));
  try {
    const client = new LineClient(['mcp', tree, '--cache-dir', cache]);
    await client.initialize();
    if (pauseMs > 0) await sleep(pauseMs);
    const call = await timed(() => client.callTool('find_symbol', { name }));
    await client.close();
    return call.ms;
  } finally {
    rmSync(cache, { recursive: true, force: true });
  }
}

export async function definitionSitesCheck(tree: string, names: readonly string[]): Promise<{ rows: Row[]; missed: string[] }> {
  const languages = loadLanguages();
  const { checked, missed } = await checkTree(tree);
  const rows: Row[] = [
    { metric: `definitions of ${FILTERED_FILES} (C or C++, up to 512 KB) checked`, ours: checked, unit: 'definitions' },
    { metric: 'of them, in a file the filter passes over', ours: missed.length, unit: 'definitions', goal: '0', met: missed.length === 0 },
  ];
  for (const name of names) {
    const { wordIn, kept } = keptFiles(languages, tree, name);
    const rg = bestTime('rg', rgArgs(name), tree);
    const when = [
      { how: 'at once after the handshake', ms: await neverIndexedSymbol(tree, name) },
      { how: `${AGENT_PAUSE_MS / 1000} s after it`, ms: await neverIndexedSymbol(tree, name, AGENT_PAUSE_MS) },
    ];
    for (const { how, ms } of when) {
      rows.push({
        metric: `${name}: never indexed, first find_symbol ${how} (parses ${kept} of the ${wordIn} files it is a word in)`,
        ours: ms,
        unit: 'ms',
        reference: { value: rg, tool: 'rg' },
        goal: `≤ ${NEVER_INDEXED_GOAL}× rg`,
        met: ms <= NEVER_INDEXED_GOAL * rg,
      });
    }
  }
  return { rows, missed };
}
