/**
 * A server's tools answered by the user's shared server (daemon.ts), so that servers on one
 * repository's worktrees share one index in memory and its work. The calls are checked here, as a
 * lone server checks them; the editor's diagnostics are read here (their file is this server's).
 * Where the shared server cannot be had, or fails or dies during a call, this server answers alone,
 * as it would have without it, and says so once on stderr: no call goes unanswered.
 */
import type { ToolHost } from '../protocol/server.js';
import { checkedCall } from '../protocol/toolHost.js';
import { sayingFirstOnly, type Project } from '../session/project.js';
import { DaemonClient } from './daemonClient.js';
import { buildKey, daemonPlace } from './daemonPlace.js';
import type { SharedProject } from './messages.js';

/** Tools this server answers itself. */
const ANSWERED_HERE = new Set(['diagnostics']);

export interface SharingSettings {
  /** Whether the project's folders are watched (`--no-watch`: not), which the shared server must do alike. */
  readonly watch: boolean;
  /** How to start the shared server: this program, `daemon`, and the cache folder. */
  readonly daemonCommand: (cacheFolder: string) => readonly string[];
}

/** The project's tools, answered by the shared server where it can be had; `local` answers the rest. */
export function sharedHost(local: ToolHost, project: Project, { watch, daemonCommand }: SharingSettings): ToolHost {
  const cacheFolder = project.index!.folder;
  const shared: SharedProject = { folder: project.realRoot, cacheDir: cacheFolder, ...(project.remote !== undefined && { remote: project.remote }), watch };
  const sayOnce = sayingFirstOnly();
  const alone = (why: unknown) => sayOnce(`${why instanceof Error ? why.message : String(why)}; answering alone`);
  const connecting = (async () => DaemonClient.connect(daemonPlace(cacheFolder, buildKey(project.languages)), daemonCommand(cacheFolder)))().catch((error: unknown) => {
    alone(error);
    return undefined;
  });
  return {
    listed: local.listed,
    warmUp: () => {}, // The engine that answers is the shared server's.
    start: () =>
      void connecting.then(async (client) => {
        if (client === undefined) return local.start();
        await client.open(shared).catch((error: unknown) => {
          alone(error);
          local.start();
        });
      }),
    call: async (name, args, progress) => {
      if (ANSWERED_HERE.has(name)) return local.call(name, args, progress);
      checkedCall(name, args); // Bad arguments are refused here, as alone.
      const client = await connecting;
      if (client !== undefined) {
        try {
          return await client.call(shared, name, args, progress);
        } catch (error) {
          alone(error);
        }
      }
      return local.call(name, args, progress);
    },
  };
}
