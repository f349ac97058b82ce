/**
 * The project walker: the one place that decides which files a project-wide search sees. It skips
 * what git's exclusion rules exclude, every `.git` entry, and anything that is not a regular file or a
 * folder; symbolic links are not followed (as git and ripgrep don't); names no answer can show (not
 * UTF-8, or holding a line break) are left out. Size and binary rules are applied when a file is read
 * (see `searchable.ts`).
 *
 * The walk is kept between calls and brought up to date at the start of each: a folder whose
 * modification time changed (an entry added, removed or renamed) is listed again; a folder whose
 * rules changed (its `.gitignore`, or any above it) is walked again. Nothing else is re-read. Told
 * which folders may have changed (a watcher heard them: see `treeWatcher.ts`), it checks only those.
 * Given somewhere to keep it (`WalkMemory`), a walk starts from the last one saved and is brought up
 * to date the same way, so that a fresh process lists only the folders that changed since.
 */
import { isUtf8 } from 'node:buffer';
import { readdirSync, type Dirent } from 'node:fs';
import path from 'node:path';
import { stampOf } from './files.js';
import { IgnoreRules } from './ignoreRules.js';
import { rootPrefixOf } from './paths.js';

export interface WalkedFile {
  /** Relative to the project, with `/` (the path to open is the project's root prefix and this: see `rootPrefixOf`). */
  readonly relative: string;
}

interface Folder {
  readonly relative: string;
  /** The folder's own stamp when it was last listed. */
  stamp: string;
  /** The stamp of its `.gitignore` when `rules` were made. */
  ignoreStamp: string;
  /** The rules of the folder above, from which `rules` were made. */
  outerRules: IgnoreRules | undefined;
  /** The rules in force inside this folder. */
  rules: IgnoreRules;
  /** Files and subfolders, in name order. */
  entries: (WalkedFile | Folder)[];
}

const isFolder = (entry: WalkedFile | Folder): entry is Folder => 'entries' in entry;

/**
 * A folder as a walk is saved: its stamp, its `.gitignore`'s, and its entries, a file by its name,
 * a folder as its name followed by the same three (checked when read back: the saved walk is data).
 */
type SavedFolder = [string, string, unknown[]];

/** Where a walk is kept between processes: the last one saved, and a place to save the next. */
export interface WalkMemory {
  load(): Buffer | undefined;
  save(walk: Buffer): void;
}

/** A walk that changed is saved at most this often (a save writes the whole walk). */
const SAVE_EVERY_MS = 10_000;

export class ProjectWalk {
  private root: Folder | undefined;
  private rootStamp = '';
  private files: WalkedFile[] = [];
  private folderList: string[] = [];
  private lastSave: number | undefined;
  /** Told each file of a walk listed afresh, as it is found (see `current`). */
  private listed: ((file: WalkedFile) => void) | undefined;

  private readonly rootPrefix: string;

  constructor(
    private readonly projectRoot: string,
    private readonly memory?: WalkMemory,
  ) {
    this.rootPrefix = rootPrefixOf(projectRoot);
  }

  /**
   * Every file a search covers, in path order, as the disk holds them now: an array that is the same
   * one while the walk does not change. With `changedFolders`, every other folder is taken to be as
   * it was at the last call. Where the whole tree is listed afresh, `listed` is told each file as it
   * is found, in the same order, so that work on the first files can begin while the rest are listed.
   */
  current(changedFolders?: ReadonlySet<string>, listed?: (file: WalkedFile) => void): readonly WalkedFile[] {
    // The root's rules come from .git/info/exclude and the root .gitignore: a change to either is a new walk.
    const rootStamp = `${stampOf(path.join(this.projectRoot, '.git', 'info', 'exclude'))}|${stampOf(path.join(this.projectRoot, '.gitignore'))}`;
    let changed = false;
    const restored = this.root === undefined && this.restore();
    if (this.root === undefined || rootStamp !== this.rootStamp) {
      this.rootStamp = rootStamp;
      this.listed = listed;
      try {
        this.root = this.newFolder('', undefined, IgnoreRules.atRoot(this.projectRoot));
      } finally {
        this.listed = undefined;
      }
      changed = true;
    } else if (changedFolders === undefined) {
      changed = this.refresh(this.root);
    } else {
      for (const relative of changedFolders) {
        const folder = this.folderAt(relative);
        if (folder !== undefined) changed = this.refresh(folder, folder.outerRules, 'folder') || changed;
      }
    }
    if (changed || restored) [this.files, this.folderList] = this.flatten(this.root);
    if (changed) this.save();
    return this.files;
  }

  /** The walk's folders (relative, '' for the root) as the last `current` found them: the same array while they do not change. */
  folders(): readonly string[] {
    return this.folderList;
  }

  /** The walk's folder at a relative path; undefined where the walk has none (left out, or not there). */
  private folderAt(relative: string): Folder | undefined {
    let folder = this.root;
    if (relative === '') return folder;
    let end = -1;
    while (folder !== undefined && end < relative.length) {
      end = relative.indexOf('/', end + 1);
      if (end === -1) end = relative.length;
      const prefix = relative.slice(0, end);
      folder = folder.entries.find((entry): entry is Folder => isFolder(entry) && entry.relative === prefix);
    }
    return folder;
  }

  /** The walk last saved, as this walk's starting point (its folders are checked like any kept walk's); true when there was one. */
  private restore(): boolean {
    const saved = this.memory?.load();
    if (saved === undefined) return false;
    try {
      const [rootStamp, root] = JSON.parse(saved.toString('utf8')) as [string, SavedFolder];
      const rules = IgnoreRules.atRoot(this.projectRoot);
      this.root = this.restoreFolder('', root, undefined, rules);
      this.rootStamp = rootStamp;
      return true;
    } catch {
      this.root = undefined; // Not a walk this code saved: walked anew.
      return false;
    }
  }

  private restoreFolder(relative: string, [stamp, ignoreStamp, entries]: SavedFolder, outerRules: IgnoreRules | undefined, rules?: IgnoreRules): Folder {
    if (typeof stamp !== 'string' || typeof ignoreStamp !== 'string' || !Array.isArray(entries)) throw new Error('not a saved folder');
    const folderRules = rules ?? this.rulesInside(relative, outerRules!, ignoreStamp);
    const folder: Folder = { relative, stamp, ignoreStamp, outerRules, rules: folderRules, entries: [] };
    for (const entry of entries as (string | unknown[])[]) {
      const name = typeof entry === 'string' ? entry : entry[0];
      if (typeof name !== 'string' || name === '' || name === '.' || name === '..' || /[/\0]/.test(name)) throw new Error('not a saved name');
      const child = relative === '' ? name : `${relative}/${name}`;
      folder.entries.push(typeof entry === 'string' ? { relative: child } : this.restoreFolder(child, entry.slice(1) as SavedFolder, folderRules));
    }
    return folder;
  }

  /** Saves the walk once the current call has gone on to its search (which the workers do). */
  private save(): void {
    const memory = this.memory;
    if (memory === undefined || (this.lastSave !== undefined && Date.now() - this.lastSave < SAVE_EVERY_MS)) return;
    this.lastSave = Date.now();
    setImmediate(() => {
      if (this.root !== undefined) memory.save(Buffer.from(JSON.stringify([this.rootStamp, this.saved(this.root)]), 'utf8'));
    });
  }

  private saved(folder: Folder): SavedFolder {
    const name = (relative: string) => relative.slice(relative.lastIndexOf('/') + 1);
    return [folder.stamp, folder.ignoreStamp, folder.entries.map((entry) => (isFolder(entry) ? [name(entry.relative), ...this.saved(entry)] : name(entry.relative)))];
  }

  private absolute(relative: string): string {
    return relative === '' ? this.projectRoot : this.rootPrefix + relative;
  }

  private ignoreFileOf(relative: string): string {
    return relative === '' ? `${this.rootPrefix}.gitignore` : `${this.rootPrefix}${relative}/.gitignore`;
  }

  private newFolder(relative: string, outerRules: IgnoreRules | undefined, rules?: IgnoreRules): Folder {
    const { stamp, entries } = this.listing(relative);
    // The listing tells whether there is a .gitignore to read: no stat of one that is not there.
    const ignoreStamp = entries.some((entry) => entry.name === '.gitignore') ? stampOf(this.ignoreFileOf(relative)) : '';
    const folder: Folder = { relative, stamp, ignoreStamp, outerRules, rules: rules ?? this.rulesInside(relative, outerRules!, ignoreStamp), entries: [] };
    this.addEntries(folder, entries, new Map());
    return folder;
  }

  /** A folder's stamp, then its entries in name order: a change made while listing shows at the next check. */
  private listing(relative: string): { readonly stamp: string; readonly entries: Dirent[] } {
    const absolute = this.absolute(relative);
    const stamp = stampOf(absolute);
    return { stamp, entries: readEntries(absolute) };
  }

  /** The rules inside a folder: those above it, with its `.gitignore` added when it has one. */
  private rulesInside(relative: string, outerRules: IgnoreRules, ignoreStamp: string): IgnoreRules {
    return ignoreStamp === '' ? outerRules : outerRules.enter(this.projectRoot, relative);
  }

  /** Lists a folder's entries again, keeping what is known of subfolders that are still there (brought up to date to `depth`). */
  private list(folder: Folder, known: ReadonlyMap<string, Folder>, depth: RefreshDepth): void {
    const { stamp, entries } = this.listing(folder.relative);
    folder.stamp = stamp;
    this.addEntries(folder, entries, known, depth);
  }

  private addEntries(folder: Folder, entries: readonly Dirent[], known: ReadonlyMap<string, Folder>, depth: RefreshDepth = 'tree'): void {
    folder.entries = [];
    for (const entry of entries) {
      if (entry.name === '.git') continue;
      const relative = folder.relative === '' ? entry.name : `${folder.relative}/${entry.name}`;
      if (entry.isDirectory()) {
        if (folder.rules.excludes(relative, true)) continue;
        const existing = known.get(relative);
        if (existing === undefined) folder.entries.push(this.newFolder(relative, folder.rules));
        else {
          this.refresh(existing, folder.rules, depth === 'tree' ? 'tree' : 'rules');
          folder.entries.push(existing);
        }
      } else if (entry.isFile() && !folder.rules.excludes(relative, false)) {
        const file = { relative };
        folder.entries.push(file);
        this.listed?.(file);
      }
    }
  }

  /**
   * Brings a folder up to date; true when anything below it changed. `outerRules` are the rules of
   * the folder above as they are now (undefined for the root, whose rules `current` checks). To
   * `depth`: the folder and all below it; the folder, and below it only what its rules changed; or
   * only what the outer rules changed, if they did.
   */
  private refresh(folder: Folder, outerRules: IgnoreRules | undefined = folder.outerRules, depth: RefreshDepth = 'tree'): boolean {
    if (depth === 'rules' && outerRules === folder.outerRules) return false;
    const stamp = stampOf(this.absolute(folder.relative));
    // A .gitignore created since would have changed the folder's own stamp: only an existing one is checked.
    const ignoreStamp = folder.ignoreStamp === '' && stamp === folder.stamp ? '' : stampOf(this.ignoreFileOf(folder.relative));
    let changed = false;
    if (outerRules !== undefined && (outerRules !== folder.outerRules || ignoreStamp !== folder.ignoreStamp)) {
      folder.outerRules = outerRules;
      folder.ignoreStamp = ignoreStamp;
      folder.rules = this.rulesInside(folder.relative, outerRules, ignoreStamp);
      changed = true;
    }
    const subfolders = folder.entries.filter(isFolder);
    if (changed || stamp !== folder.stamp) {
      this.list(folder, new Map(subfolders.map((sub) => [sub.relative, sub])), depth);
      return true;
    }
    if (depth !== 'tree') return changed;
    for (const sub of subfolders) changed = this.refresh(sub, folder.rules) || changed;
    return changed;
  }

  /** The walk's files, and its folders, in path order. */
  private flatten(folder: Folder, files: WalkedFile[] = [], folders: string[] = []): [WalkedFile[], string[]] {
    folders.push(folder.relative);
    for (const entry of folder.entries) {
      if (isFolder(entry)) this.flatten(entry, files, folders);
      else files.push(entry);
    }
    return [files, folders];
  }
}

/** How far `refresh` looks below a folder (see there). */
type RefreshDepth = 'tree' | 'folder' | 'rules';

function readEntries(folder: string): Dirent[] {
  try {
    const entries = readdirSync(folder, { withFileTypes: true });
    const nameable = entries.some((entry) => ODD_NAME.test(entry.name)) ? nameableEntries(folder) : entries;
    return nameable.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  } catch {
    return []; // Unreadable or vanished since its parent was read: nothing to search there.
  }
}

/** U+FFFD, which Node puts for bytes of a name that are not UTF-8; or a line break. */
const ODD_NAME = /[\uFFFD\r\n]/;

/**
 * A folder's entries, its names read as bytes, less those no answer can name: a name that is not
 * UTF-8 (decoded, it opens no file, or another file of that name) or holds a line break (it cannot
 * be shown on one line). Used only when a decoded name looked odd.
 */
function nameableEntries(folder: string): Dirent[] {
  const entries: Dirent<string | Buffer>[] = readdirSync(folder, { withFileTypes: true, encoding: 'buffer' }).filter(
    (entry) => isUtf8(entry.name) && !entry.name.includes(0x0a) && !entry.name.includes(0x0d),
  );
  for (const entry of entries) entry.name = entry.name.toString('utf8');
  return entries as Dirent[];
}
