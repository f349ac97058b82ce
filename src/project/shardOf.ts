/** How the project's files are shared out among the search's shards, and the remote cache's buckets alike. */

/** A file's shard of `shards`: FNV-1a of its path, so that it does not move when other files come and go. */
export function shardOf(relative: string, shards: number): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < relative.length; i++) hash = Math.imul(hash ^ relative.charCodeAt(i), 0x01000193);
  return (hash >>> 0) % shards;
}
