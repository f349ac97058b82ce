/**
 * A file's definitions as the index stores them (see FORMAT.md): a count, then five 32-bit numbers a
 * definition (line, first line, last line, kind, depth), then the names in UTF-8, each ended
 * by a NUL. A record that does not read back whole is no record.
 */
import { KINDS, type Definition, type Kind } from '../definitions/definition.js';
import { keptDefinitions, type KeptDefinitions } from '../definitions/keptDefinitions.js';

const FIELDS = 5;
/** Where kind is among a definition's numbers: all `decodeKeptDefinitions` reads besides the line. */
const KIND_FIELD = 3;

export function encodeDefinitions(definitions: readonly Definition[]): Buffer {
  const numbers = Buffer.alloc(4 * (1 + FIELDS * definitions.length));
  numbers.writeInt32LE(definitions.length, 0);
  definitions.forEach((definition, i) => {
    const fields = [definition.line, definition.startLine, definition.endLine, KINDS.indexOf(definition.kind), definition.depth];
    fields.forEach((value, field) => numbers.writeInt32LE(value, 4 * (1 + FIELDS * i + field)));
  });
  const names = Buffer.from(definitions.map((definition) => `${definition.name}\0`).join(''), 'utf8');
  return Buffer.concat([numbers, names]);
}

/** The definitions a record holds, or undefined when it is not one this code wrote. */
export function decodeDefinitions(record: Buffer): Definition[] | undefined {
  if (record.length < 4) return undefined;
  const count = record.readInt32LE(0);
  const namesAt = 4 * (1 + FIELDS * count);
  if (count < 0 || namesAt > record.length) return undefined;
  const names = record.toString('utf8', namesAt).split('\0');
  if (names.length !== count + 1 || names[count] !== '') return undefined;
  const definitions: Definition[] = [];
  for (let i = 0; i < count; i++) {
    const at = 4 * (1 + FIELDS * i);
    const [line, startLine, endLine, kind, depth] = [0, 1, 2, 3, 4].map((field) => record.readInt32LE(at + 4 * field)) as [number, number, number, number, number];
    if (startLine < 1 || line < startLine || endLine < line || depth < 0 || kind < 0 || kind >= KINDS.length) return undefined;
    definitions.push({ line, startLine, endLine, kind: KINDS[kind] as Kind, name: names[i]!, depth });
  }
  return definitions;
}

/**
 * A record as a search keeps it (names and packed lines and kinds), read straight from its bytes; or
 * undefined when it is not one this code wrote.
 */
export function decodeKeptDefinitions(record: Buffer): KeptDefinitions | undefined {
  if (record.length < 4) return undefined;
  const count = record.readInt32LE(0);
  const namesAt = 4 * (1 + FIELDS * count);
  if (count < 0 || namesAt > record.length) return undefined;
  const names = record.toString('utf8', namesAt);
  let ends = 0;
  for (let at = names.indexOf('\0'); at >= 0; at = names.indexOf('\0', at + 1)) ends++;
  if (ends !== count || (count > 0 && !names.endsWith('\0')) || (count === 0 && names !== '')) return undefined;
  const lines: number[] = [];
  const kinds: number[] = [];
  for (let i = 0; i < count; i++) {
    const at = 4 * (1 + FIELDS * i);
    const line = record.readInt32LE(at);
    const kind = record.readInt32LE(at + 4 * KIND_FIELD);
    if (line < 1 || kind < 0 || kind >= KINDS.length) return undefined;
    lines.push(line);
    kinds.push(kind);
  }
  return keptDefinitions(names, lines, kinds);
}
