/**
 * The names an OCaml file binds in a `let … in` (or a class's `let … in`), as the compiler's own
 * parser reads them: `ocaml_locals.ml`, built once a run against compiler-libs. ctags lists such
 * locals as variables and functions of the file whenever their `in` comes on a later line; the
 * contract lists no locals, so the accuracy bench leaves them out of its reference. Without the
 * compiler (Debian: `ocaml-nox`, `ocaml-compiler-libs`), or for a file it cannot parse, nothing is
 * known to be local and ctags's entries stay in the reference.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** `${line}\0${name}` of each name a local `let` binds. */
export type Locals = ReadonlySet<string>;

const SOURCE = path.resolve(fileURLToPath(new URL('../../bench/ocaml_locals.ml', import.meta.url)));

let built: string | null | undefined;

/** The program, built at the first call (in a temporary folder: ocamlc writes beside its source); null when it cannot be. */
function program(): string | null {
  if (built !== undefined) return built;
  const folder = mkdtempSync(path.join(os.tmpdir(), 'zumba-ocaml-locals-'));
  process.once('exit', () => rmSync(folder, { recursive: true, force: true }));
  copyFileSync(SOURCE, path.join(folder, 'ocaml_locals.ml'));
  const result = spawnSync('ocamlc', ['-I', '+compiler-libs', 'ocamlcommon.cma', 'ocaml_locals.ml', '-o', 'ocaml_locals'], { cwd: folder, encoding: 'utf8' });
  built = result.status === 0 ? path.join(folder, 'ocaml_locals') : null;
  if (built === null) {
    const why = result.error?.message ?? result.stderr.trim();
    process.stderr.write(`OCaml's parser cannot be had (${why}): its locals over several lines stay in the reference\n`);
  }
  return built;
}

export function ocamlLocals(file: string): Locals {
  const locals = file.endsWith('.ml') ? program() : null;
  if (locals === null) return new Set();
  const result = spawnSync(locals, [file], { encoding: 'utf8', maxBuffer: 1 << 28 });
  if (result.status !== 0) return new Set();
  return new Set(result.stdout.split('\n').filter((line) => line !== '').map((line) => line.replace(' ', '\0')));
}
