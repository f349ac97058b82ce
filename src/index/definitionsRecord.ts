/**
 * A file's definitions as the index stores them (see FORMAT.md): a count, then four 32-bit numbers a
 * definition (line, end line or 0 where not known, kind, depth), then the names in UTF-8, each ended
 * by a NUL. A record that does not read back whole is no record.
 */
import { KINDS, type Definition, type Kind } from '../definitions/definition.js';

const FIELDS = 4;

export function encodeDefinitions(definitions: readonly Definition[]): Buffer {
  const numbers = Buffer.alloc(4 * (1 + FIELDS * definitions.length));
  numbers.writeInt32LE(definitions.length, 0);
  definitions.forEach((definition, i) => {
    const fields = [definition.line, definition.endLine ?? 0, KINDS.indexOf(definition.kind), definition.depth];
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
    const [line, endLine, kind, depth] = [0, 1, 2, 3].map((field) => record.readInt32LE(at + 4 * field)) as [number, number, number, number];
    if (line < 1 || endLine < 0 || depth < 0 || kind < 0 || kind >= KINDS.length) return undefined;
    definitions.push({ line, kind: KINDS[kind] as Kind, name: names[i]!, depth, ...(endLine > 0 && { endLine }) });
  }
  return definitions;
}
