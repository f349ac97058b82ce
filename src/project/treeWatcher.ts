/**
 * What changed in the walk's folders since the last call, heard from the kernel (inotify, through
 * Node's `fs.watch` of each folder) rather than found by a stat of every file.
 *
 * "Since the last call" must include every change made before the call arrived: a client that writes
 * a file and asks at once must be answered about the new bytes. Events come on their own time, so a
 * call first makes a file (a cookie) in a folder of its own, watched by the same inotify instance:
 * the kernel queues events in the order the changes were made, so once the cookie's event is heard,
 * so is every change made before the call (Watchman's "cookie" sync).
 *
 * Where the watcher cannot tell, the answer is "unknown" and the caller checks every file, as it
 * would without one: the first call (nothing was watched before it), a call after a folder was newly
 * watched (its listing may predate its watch) or after a watched folder was itself replaced, moved or
 * removed, a burst of events that may have overflowed the kernel's queue, and every call once the
 * watcher has failed (a folder that could not be watched, a cookie never heard). A project on a
 * network or FUSE file system, where inotify hears only this machine's changes, is never watched.
 */
import { closeSync, openSync, readFileSync, rmSync, statfsSync, watch, type FSWatcher, type WatchListener } from 'node:fs';
import path from 'node:path';
import { makeCookieFolder } from './cookieFolder.js';

/** What may have changed since the last call: these folders' entries and these paths; or unknown. */
export type TreeChanges = { readonly known: false } | { readonly known: true; readonly folders: ReadonlySet<string>; readonly paths: readonly string[] };

/** Watches one folder: `fs.watch`'s signature, so that a test can hand in one that fails. */
export type WatchFolder = (folder: string, listener: WatchListener<string>) => FSWatcher;

/** A watch that does not keep the process alive: a server lives as long as its input, a test as long as its work. */
const unheldWatch: WatchFolder = (folder, listener) => watch(folder, { persistent: false }, listener);

const UNKNOWN: TreeChanges = { known: false };

/** How long a call waits to hear its cookie before it gives up on the watcher. */
const COOKIE_TIMEOUT_MS = 2000;

/**
 * File systems whose changes made elsewhere inotify does not hear (statfs magic numbers): NFS, SMB
 * and CIFS, FUSE (sshfs and the like), 9p (a virtual machine's host folders), Ceph, AFS, Lustre.
 */
const REMOTE_FILE_SYSTEMS = new Set([0x6969, 0x517b, 0xfe534d42, 0xff534d42, 0x65735546, 0x01021997, 0x00c36400, 0x5346414f, 0x0bd00bd0]);

/**
 * More events than this between two calls may have overflowed the kernel's queue, which then drops
 * events without a word through `fs.watch`: half the queue's length, so that a count below it means
 * the queue never filled.
 */
const eventsThatMayOverflow = (): number => {
  try {
    return Math.max(1, Math.floor(Number(readFileSync('/proc/sys/fs/inotify/max_queued_events', 'utf8')) / 2));
  } catch {
    return 8192;
  }
};

export class TreeWatcher {
  private readonly watchers = new Map<string, FSWatcher>();
  /** The folder list last followed (the walk's, kept while the walk does not change). */
  private followed: readonly string[] = [];
  private folders = new Set<string>();
  private paths = new Set<string>();
  /** Whether the next call must check everything (see the module's comment). */
  private unsure = true;
  private events = 0;
  private readonly overflowAt = eventsThatMayOverflow();
  /** Closed, or given up on (see `fail`): from then on every call checks everything. */
  private closed = false;
  private cookies: { readonly folder: string; readonly watcher: FSWatcher } | undefined;
  private nextCookie = 0;
  /** Calls waiting for their cookie, by its name. */
  private readonly waiting = new Map<string, () => void>();

  private constructor(
    private readonly root: string,
    private readonly warn: (message: string) => void,
    private readonly watch: WatchFolder,
  ) {}

  /** A watcher of the project's folders; undefined (said on stderr) where its file system cannot be watched. */
  static of(root: string, warn: (message: string) => void, watch: WatchFolder = unheldWatch): TreeWatcher | undefined {
    const type = fileSystemType(root);
    if (type !== undefined && REMOTE_FILE_SYSTEMS.has(type)) {
      warn(`the project is on a network or FUSE file system (type 0x${type.toString(16)}): each call checks every file for changes`);
      return undefined;
    }
    return new TreeWatcher(root, warn, watch);
  }

  /** Watches these folders of the walk (relative, '' for the root) and no others from now on. */
  follow(folders: readonly string[]): void {
    if (this.closed || folders === this.followed) return;
    this.followed = folders;
    const wanted = new Set(folders);
    for (const [folder, watcher] of this.watchers) {
      if (wanted.has(folder)) continue;
      watcher.close();
      this.watchers.delete(folder);
    }
    for (const folder of folders) {
      if (this.watchers.has(folder)) continue;
      // Its listing may be older than its watch: the next call checks everything.
      this.unsure = true;
      if (!this.watchFolder(folder)) return;
    }
  }

  /** Makes the next call check everything, as after an overflow: what was heard may not be all that changed. */
  doubt(): void {
    this.unsure = true;
  }

  /** What changed since the last call of this, once every change made before this call has been heard. */
  async changes(): Promise<TreeChanges> {
    if (this.closed) return UNKNOWN;
    const heard = await this.cookieHeard();
    if (!heard || this.closed) return UNKNOWN;
    const changes: TreeChanges = this.unsure ? UNKNOWN : { known: true, folders: this.folders, paths: [...this.paths] };
    this.unsure = false;
    this.events = 0;
    this.folders = new Set();
    this.paths = new Set();
    return changes;
  }

  close(): void {
    this.closed = true;
    for (const watcher of this.watchers.values()) watcher.close();
    this.watchers.clear();
    this.cookies?.watcher.close();
    if (this.cookies !== undefined) rmSync(this.cookies.folder, { recursive: true, force: true });
    this.cookies = undefined;
    for (const wake of this.waiting.values()) wake();
    this.waiting.clear();
  }

  /** True once the folder is watched, or gone (its parent's event tells); false when watching failed. */
  private watchFolder(folder: string): boolean {
    const absolute = folder === '' ? this.root : path.join(this.root, folder);
    try {
      const watcher = this.watch(absolute, (_type, name) => this.heard(folder, name));
      watcher.on('error', (error) => this.fail(`a folder's watch failed (${error.message})`));
      this.watchers.set(folder, watcher);
      return true;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'ENOTDIR') return true;
      this.fail(code === 'ENOSPC' ? 'the inotify watch limit is reached (fs.inotify.max_user_watches)' : `a folder could not be watched (${code ?? String(error)})`);
      return false;
    }
  }

  private heard(folder: string, name: string | null): void {
    const relative = name === null ? undefined : folder === '' ? name : `${folder}/${name}`;
    if (relative === undefined) this.unsure = true;
    else if (this.watchers.has(relative)) {
      // A watched folder replaced, moved or removed: its watch may now be of an inode no longer in the tree.
      this.watchers.get(relative)!.close();
      this.watchers.delete(relative);
      this.followed = [];
      this.unsure = true;
    }
    if (++this.events >= this.overflowAt) this.unsure = true;
    // Unsure, the next call checks everything: what was heard need not be kept (a build's millions of events).
    if (this.unsure) {
      this.folders.clear();
      this.paths.clear();
      return;
    }
    this.folders.add(folder);
    this.paths.add(relative!);
  }

  /** Makes a cookie and waits to hear it; false when it was not heard in time (the watcher is then given up). */
  private async cookieHeard(): Promise<boolean> {
    const cookies = this.cookieFolder();
    if (cookies === undefined) return false;
    const name = `${this.nextCookie++}`;
    const file = path.join(cookies.folder, name);
    let timer: NodeJS.Timeout | undefined;
    const heard = new Promise<boolean>((resolve) => {
      this.waiting.set(name, () => resolve(true));
      timer = setTimeout(resolve, COOKIE_TIMEOUT_MS, false);
    });
    try {
      closeSync(openSync(file, 'w'));
    } catch (error) {
      this.fail(`its cookie could not be written (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
      this.waiting.delete(name);
      clearTimeout(timer);
      return false;
    }
    const wasHeard = await heard;
    clearTimeout(timer);
    this.waiting.delete(name);
    rmSync(file, { force: true }); // Gone already where the watcher failed meanwhile (its folder is removed).
    if (!wasHeard) this.fail(`no event came in ${COOKIE_TIMEOUT_MS} ms`);
    return wasHeard;
  }

  private cookieFolder(): { readonly folder: string; readonly watcher: FSWatcher } | undefined {
    if (this.cookies !== undefined) return this.cookies;
    try {
      const folder = makeCookieFolder();
      const watcher = this.watch(folder, (_type, name) => {
        if (name !== null) this.waiting.get(name)?.();
      });
      this.cookies = { folder, watcher };
      return this.cookies;
    } catch (error) {
      this.fail(`its cookie folder could not be made (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
      return undefined;
    }
  }

  /** Gives the watcher up for good: every call from now on checks every file, and stderr says so once. */
  private fail(reason: string): void {
    if (this.closed) return;
    this.warn(`cannot watch the project for changes: ${reason}; each call checks every file instead`);
    this.close();
  }
}

function fileSystemType(folder: string): number | undefined {
  try {
    return statfsSync(folder).type;
  } catch {
    return undefined;
  }
}
