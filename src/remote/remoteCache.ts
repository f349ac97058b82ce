/**
 * A remote cache, as the rest of zumba sees it: the namespace its records are under for this build
 * and these languages, and the commits a worktree may find a manifest for (its settings:
 * remoteSettings.ts).
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import type { Languages } from '../definitions/languages.js';
import { languageKey, portableLanguageKey } from '../index/languageKey.js';
import type { RemoteSettings } from './remoteSettings.js';

/** A manifest is looked for at HEAD and this many commits before it, on its first-parent line. */
const COMMITS_TRIED = 16;

/**
 * How this build's records are named on the remote: its namespace, and each language's portable key
 * beside its key here, in hex. Plain data: made once (hashing every grammar took some 130 ms) and
 * given to the search workers.
 */
export interface RemoteKeys {
  readonly namespace: string;
  /** [portable key, key here], one pair a language. */
  readonly pairs: readonly (readonly [string, string])[];
}

/**
 * The namespace is the first 32 hex digits of SHA-256 over every language's portable key: another
 * build, grammar or query is another namespace, whose manifests this one never reads.
 */
export function remoteKeys(languages: Languages): RemoteKeys {
  const pairs = languages.all.map((language) => [portableLanguageKey(language).toString('hex'), languageKey(language).toString('hex')] as const);
  const namespace = createHash('sha256')
    .update(pairs.map(([portable]) => portable).sort().join('\n'))
    .digest('hex')
    .slice(0, 32);
  return { namespace, pairs };
}

/** The key here of each portable key (by its hex), or the portable key of each key here. */
export function keyMap(keys: RemoteKeys, from: 'portable' | 'local'): Map<string, Buffer> {
  return new Map(keys.pairs.map(([portable, local]) => (from === 'portable' ? [portable, Buffer.from(local, 'hex')] : [local, Buffer.from(portable, 'hex')])));
}

/**
 * A remote cache as a shard reads it: its settings, this build's keys (made once for all shards, on
 * the main thread while the workers start; undefined where they could not be made), and where to
 * say its first failure.
 */
export interface RemoteSource {
  readonly settings: RemoteSettings;
  readonly keys: Promise<RemoteKeys | undefined>;
  readonly warn: (message: string) => void;
  /**
   * Whether the word filters are fetched with the entries, before the first search: for a shard no
   * fill follows in the background (a one-shot command's, which saves its snapshot before it
   * answers, or the main thread's). A server's workers fetch them later (see `Shard.fill`).
   */
  readonly wordsWithEntries: boolean;
}

/** HEAD and the commits before it on its first-parent line, nearest first; none where git cannot tell (no git, no commit). */
export function commitsToTry(folder: string): string[] {
  try {
    const out = execFileSync('git', ['rev-list', '--first-parent', `--max-count=${COMMITS_TRIED}`, 'HEAD'], { cwd: folder, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], timeout: 10_000 });
    return out.split('\n').filter((line) => /^[0-9a-f]{40,64}$/.test(line));
  } catch {
    return [];
  }
}
