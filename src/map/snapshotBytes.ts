/** Numbers and arrays as the map's snapshots and digests write them, in the machine's byte order (a snapshot is of this machine's cache, as the walk's stamps are). */

export function uint32(value: number): Buffer {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32LE(value, 0);
  return bytes;
}

/** The array's bytes, shared, not copied. */
export function bytesOf(array: Uint8Array | Uint32Array | Float32Array | Float64Array): Buffer {
  return Buffer.from(array.buffer, array.byteOffset, array.byteLength);
}
