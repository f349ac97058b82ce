/**
 * What a file's definitions depend on besides its bytes: the language its name gives it and
 * everything that makes that language's definitions (the grammar, its queries, the engine's own code).
 * A language key is a hash of all of it, so that a new grammar, an edited query or another build of
 * zumba never reads definitions another one made.
 *
 * The queries are hashed as their text, the very text this thread compiles (see querySources.ts): a
 * few KB, and what a contributor edits. The engine's scripts and the grammars' `.wasm` (megabytes:
 * reading them took a fresh worker some 35 ms) are hashed as their identity on disk, path, inode,
 * times to the nanosecond and size, which any install or build changes: as an unchanged project file
 * is trusted by its stamp.
 *
 * A portable key (`portableLanguageKey`) is the same hash with each of those files as its bytes: the
 * same on every machine that runs the same build, for records shared through a remote cache.
 */
import { createHash } from 'node:crypto';
import { closeSync, openSync, readdirSync, readSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LanguageInfo } from '../definitions/languages.js';
import { querySource } from '../definitions/querySources.js';
import { VERSION } from '../version.js';

/** What stands for a file of the build in a key: its identity on disk, or its bytes. */
type Identify = (file: string) => string | Buffer;

/** How keys of one kind are made, and those made so far. */
interface KeyKind {
  readonly identify: Identify;
  engine: Buffer | undefined;
  readonly keys: Map<LanguageInfo, Buffer>;
}

/** A file as it is on disk, without reading it. */
function fileIdentity(file: string): string {
  const stat = statSync(file, { bigint: true });
  return `${file}\0${stat.ino}:${stat.mtimeNs}:${stat.ctimeNs}:${stat.size}\0`;
}

/** Read a piece at a time, for the hash of a file's bytes: a grammar's whole `.wasm` read at once is megabytes held by a server for good. */
const piece = Buffer.alloc(1 << 20);

/** A file as its bytes (its path differs from one install to the next). */
function fileBytes(file: string): Buffer {
  const hash = createHash('sha256');
  const fd = openSync(file, 'r');
  try {
    for (let read = readSync(fd, piece); read > 0; read = readSync(fd, piece)) hash.update(piece.subarray(0, read));
  } finally {
    closeSync(fd);
  }
  return hash.digest();
}

const local: KeyKind = { identify: fileIdentity, engine: undefined, keys: new Map() };
const portable: KeyKind = { identify: fileBytes, engine: undefined, keys: new Map() };

/**
 * The running code: every script of the build this module is part of (the bundles of `dist/bin/`,
 * or the compiled modules of `dist/src/`), so that any change to the engine, however it was built,
 * is a new key, and the same build is the same key.
 */
function engineIdentity(kind: KeyKind): Buffer {
  if (kind.engine === undefined) {
    const hash = createHash('sha256').update(VERSION);
    const here = path.dirname(fileURLToPath(import.meta.url));
    const built = path.basename(here) === 'bin' ? here : path.dirname(here);
    const scripts = readdirSync(built, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.js')).sort();
    for (const script of scripts) hash.update(`${script}\0`).update(kind.identify(path.join(built, script)));
    kind.engine = hash.digest();
  }
  return kind.engine;
}

/** What stands for this install's engine in a key: any change to its scripts is another. */
export function engineKey(): Buffer {
  return engineIdentity(local);
}

/** The key of the language's records in this install's index. */
export function languageKey(language: LanguageInfo): Buffer {
  return keyOf(language, local);
}

/** The key of the language's records wherever the same build runs: its files hashed as their bytes (some 30 ms a grammar). */
export function portableLanguageKey(language: LanguageInfo): Buffer {
  return keyOf(language, portable);
}

function keyOf(language: LanguageInfo, kind: KeyKind): Buffer {
  let key = kind.keys.get(language);
  if (key === undefined) {
    const hash = createHash('sha256').update(engineIdentity(kind)).update(`${language.name}\0${language.engine}\0`);
    if (language.grammar !== undefined) {
      hash.update(kind.identify(language.grammar.wasm));
      for (const query of language.grammar.outlineQueries) hash.update(querySource(query));
      hash.update(`${language.grammar.bodies ?? ''}\0`);
      if (language.grammar.injectionsQuery !== undefined) hash.update(querySource(language.grammar.injectionsQuery));
      if (language.grammar.parts !== undefined) hash.update(`${language.grammar.parts.lines}\0${language.grammar.parts.at}\0`);
    }
    // Holding parts in other languages: the key of each language a part may name (none holds injections of its own).
    for (const injected of new Set(language.injected?.values() ?? [])) hash.update(keyOf(injected, kind));
    // Chosen by content: its rules, and the key of each language they choose.
    for (const rule of language.byContent?.rules ?? []) {
      hash.update(keyOf(rule.language, kind));
      for (const pattern of rule.patterns) hash.update(`${pattern.source}\0`);
    }
    if (language.byContent !== undefined) hash.update(keyOf(language.byContent.otherwise, kind));
    // Its macros: another list is another text parsed.
    const macros = language.macros;
    if (macros !== undefined) {
      for (const list of [macros.noise, macros.noiseCalls, macros.keep]) hash.update(`${[...list].sort().join(' ')}\0`);
      hash.update(`${macros.unknown?.source ?? ''}\0`);
    }
    key = hash.digest().subarray(0, 16);
    kind.keys.set(language, key);
  }
  return key;
}
