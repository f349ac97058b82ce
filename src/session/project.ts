/**
 * The project a server or command works on, checked once at start-up: its folder, its languages, its
 * walk, its search and the index behind it. The tools take this; it is made here, above the layers
 * it joins.
 */
import path from 'node:path';
import { loadLanguages } from '../definitions/manifest.js';
import { indexSettings, openIndexStore, type CacheOptions, type IndexSettings, type IndexStore, type Warn } from '../index/index.js';
import { indexedDefinitions } from '../index/indexedOutlines.js';
import { otherWorktreeSnapshot } from '../index/worktreeEntries.js';
import { ProjectWalk, type WalkMemory } from '../project/walker.js';
import type { RemoteSettings } from '../remote/remoteSettings.js';
import { ProjectRanking, type RankingMemory } from '../map/projectRanking.js';
import { ProjectSearch, type SharedPools } from '../search/projectSearch.js';
import { projectFolder, type ProjectFolder } from './projectFolder.js';
import type { OutlineSource } from '../tools/outline.js';

export interface Project extends OutlineSource, ProjectFolder {
  /** The editor's diagnostics file, when one was given; it may be outside the project. */
  readonly diagnosticsFile?: string;
  /** The languages its outlines are made in: the package's grammars and any the user added (see OutlineSource). */
  /** The walk, kept between calls and checked against the disk at each. */
  readonly walk: ProjectWalk;
  /** Project-wide search over the walk, by worker threads, through the index. */
  readonly search: ProjectSearch;
  /** Its files ranked by use, for the map, kept between calls (see `projectRanking.ts`). */
  readonly ranking: ProjectRanking;
  /** Where the index is, when there is one. */
  readonly index: IndexSettings | undefined;
  /** The remote cache it reads, and `zumba index --push` writes, when there is one. */
  readonly remote: RemoteSettings | undefined;
  /** Says a problem with the index on stderr: the first of the process, and no other. */
  readonly warn: Warn;
}

export interface ProjectOptions extends CacheOptions {
  readonly diagnosticsFile?: string;
  /** Folders laid out like the package's `grammars/` + `queries/`, adding or overriding languages. */
  readonly languageRoots?: readonly string[];
  /** Whether idle search workers fill the index (a server does; a one-shot command does not). */
  readonly fillWhenIdle?: boolean;
  /** Whether the project's folders are watched, so that a call checks only what changed (a server's are). */
  readonly watch?: boolean;
  /** A remote cache: read where the local index knows nothing of the project. */
  readonly remote?: RemoteSettings;
  /** Search workers shared with other projects (a shared server's); without, its search starts its own. */
  readonly pools?: SharedPools;
}

/** A warning that says the first message given it on stderr, and no other: the answers do not change, so one line is enough. */
export function sayingFirstOnly(): Warn {
  let said = false;
  return (message) => {
    if (said) return;
    said = true;
    process.stderr.write(`zumba: ${message}\n`);
  };
}

/** Says the first problem with the index on stderr. */
const warnOnce = sayingFirstOnly();
/** Says the first problem with the remote cache (after it the remote is not asked again), whatever the index said. */
const warnOfRemoteOnce = sayingFirstOnly();

/**
 * The map's ranking kept in the index: the project's, or where it has none yet (a new worktree),
 * another worktree's of its repository, which its shards' digests take only where its files are the same.
 */
function rankingMemory(store: () => IndexStore, projectRoot: string): RankingMemory {
  return {
    load: () => store().snapshot('ranking') ?? otherWorktreeSnapshot(projectRoot, 'ranking', (root, name) => store().projectSnapshot(root, name)),
    save: (parts) => store().saveSnapshot('ranking', parts),
  };
}

/** The walk kept in the index. */
function walkMemory(store: () => IndexStore): WalkMemory {
  return { load: () => store().snapshot('walk'), save: (walk) => store().saveSnapshot('walk', [walk]) };
}

export function openProject(folder: string, options: ProjectOptions = {}): Project {
  const { root, realRoot } = projectFolder(folder);
  const languages = loadLanguages(options.languageRoots);
  const index = indexSettings(options, warnOnce);
  // This thread's store, opened when the walk, an outline or a search on this thread first needs it.
  let opened: IndexStore | undefined;
  const store = () => (opened ??= openIndexStore(index, realRoot, warnOnce));
  const walk = new ProjectWalk(realRoot, index === undefined ? undefined : walkMemory(store));
  const search = new ProjectSearch(walk, languages, {
    projectRoot: realRoot,
    index,
    store,
    warn: warnOnce,
    ...(options.remote !== undefined && { remote: { settings: options.remote, warn: warnOfRemoteOnce } }),
    fillWhenIdle: options.fillWhenIdle === true,
    watch: options.watch === true,
    ...(options.pools !== undefined && { pools: options.pools }),
  });
  return {
    root,
    realRoot,
    walk,
    languages,
    index,
    remote: options.remote,
    warn: warnOnce,
    definitions: (relative, bytes, make) => indexedDefinitions(store(), languages, relative, bytes, make),
    search,
    ranking: new ProjectRanking(search, index === undefined ? undefined : rankingMemory(store, realRoot)),
    ...(options.diagnosticsFile !== undefined && { diagnosticsFile: path.resolve(options.diagnosticsFile) }),
  };
}

