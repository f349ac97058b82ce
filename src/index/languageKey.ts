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
 */
import { createHash } from 'node:crypto';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LanguageInfo } from '../definitions/languages.js';
import { querySource } from '../definitions/querySources.js';
import { VERSION } from '../version.js';

let engine: Buffer | undefined;

/**
 * The running code: every script of the build this module is part of (the bundles of `dist/bin/`,
 * or the compiled modules of `dist/src/`), so that any change to the engine, however it was built,
 * is a new key, and the same build is the same key.
 */
function engineIdentity(): Buffer {
  if (engine === undefined) {
    const hash = createHash('sha256').update(VERSION);
    const here = path.dirname(fileURLToPath(import.meta.url));
    const built = path.basename(here) === 'bin' ? here : path.dirname(here);
    const scripts = readdirSync(built, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.js')).sort();
    for (const script of scripts) hash.update(fileIdentity(path.join(built, script)));
    engine = hash.digest();
  }
  return engine;
}

/** A file as it is on disk, without reading it. */
function fileIdentity(file: string): string {
  const stat = statSync(file, { bigint: true });
  return `${file}\0${stat.ino}:${stat.mtimeNs}:${stat.ctimeNs}:${stat.size}\0`;
}

const keys = new Map<LanguageInfo, Buffer>();

export function languageKey(language: LanguageInfo): Buffer {
  let key = keys.get(language);
  if (key === undefined) {
    const hash = createHash('sha256').update(engineIdentity()).update(`${language.name}\0${language.engine}\0`);
    if (language.grammar !== undefined) {
      hash.update(fileIdentity(language.grammar.wasm));
      for (const query of language.grammar.outlineQueries) hash.update(querySource(query));
      hash.update(`${language.grammar.bodies ?? ''}\0`);
      if (language.grammar.injectionsQuery !== undefined) hash.update(querySource(language.grammar.injectionsQuery));
      if (language.grammar.parts !== undefined) hash.update(`${language.grammar.parts.lines}\0${language.grammar.parts.at}\0`);
    }
    // Holding parts in other languages: the key of each language a part may name (none holds injections of its own).
    for (const injected of new Set(language.injected?.values() ?? [])) hash.update(languageKey(injected));
    // Chosen by content: its rules, and the key of each language they choose.
    for (const rule of language.byContent?.rules ?? []) {
      hash.update(languageKey(rule.language));
      for (const pattern of rule.patterns) hash.update(`${pattern.source}\0`);
    }
    if (language.byContent !== undefined) hash.update(languageKey(language.byContent.otherwise));
    // Its macros: another list is another text parsed.
    const macros = language.macros;
    if (macros !== undefined) {
      for (const list of [macros.noise, macros.noiseCalls, macros.keep]) hash.update(`${[...list].sort().join(' ')}\0`);
      hash.update(`${macros.unknown?.source ?? ''}\0`);
    }
    key = hash.digest().subarray(0, 16);
    keys.set(language, key);
  }
  return key;
}
