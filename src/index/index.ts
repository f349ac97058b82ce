/**
 * The persistent index, as the rest of zumba sees it: where it lives (settings resolved once, on the
 * main thread) and a store to ask and to tell (see `store.ts`, and `FORMAT.md` for what is on disk).
 * Without settings the store knows nothing and keeps nothing; where its database cannot be opened,
 * it finds no records and writes nothing, though it still reads the snapshots there: answers are the
 * same, only slower.
 */
import { CacheFolderError, defaultCacheFolder, trustedCacheFolder } from './cacheFolder.js';
import { DEFAULT_MAX_BYTES, NO_STORE, openStore, type IndexStore, type Warn } from './store.js';

export { clearIndex, indexBytes } from './store.js';

export interface IndexSettings {
  /** A cache folder that was checked to be this user's alone. */
  readonly folder: string;
  readonly maxBytes: number;
}

export interface CacheOptions {
  /** `--cache-dir`: the folder instead of the environment's. */
  readonly cacheDir?: string;
  /** `--no-cache`: no index on disk at all. */
  readonly noCache?: boolean;
}

/** The index a session uses: undefined with `--no-cache`, or (with a warning) when the folder may not be trusted. */
export function indexSettings(options: CacheOptions, warn: Warn): IndexSettings | undefined {
  if (options.noCache === true) return undefined;
  try {
    return { folder: trustedCacheFolder(options.cacheDir ?? defaultCacheFolder()), maxBytes: DEFAULT_MAX_BYTES };
  } catch (error) {
    if (!(error instanceof CacheFolderError)) throw error;
    warn(`${error.message}: answering without an index`);
    return undefined;
  }
}

export function openIndexStore(settings: IndexSettings | undefined, projectRoot: string, warn: Warn): IndexStore {
  if (settings === undefined) return NO_STORE;
  return openStore(settings.folder, projectRoot, warn, settings.maxBytes);
}

export type { IndexStore, Warn };
