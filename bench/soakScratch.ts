/**
 * The soak's scratch folder: source files in four languages, written, edited, renamed, deleted and
 * ignored by a `.gitignore` of their own, and beside them a model of what the folder holds, from which
 * the exact answers of find_symbol, find_references and outline about it are worked out.
 *
 * Every name declared here (`zsoak_fn_N`, `ZsoakTypeN`) is new to the corpus and never reused, and the
 * files hold none of the words the benchmark looks up elsewhere (BENCH_NAMES), so that the scratch
 * folder changes no answer about the rest of the corpus.
 */
import { mkdirSync, renameSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { comparePaths } from '../src/text/lines.js';

/** The folder's name, directly under the tree. */
export const SCRATCH = 'zumba-soak-scratch';

const LANGUAGES = ['rs', 'py', 'go', 'ts'] as const;
type Language = (typeof LANGUAGES)[number];
type Shape = 'fn' | 'type';

interface Declaration {
  name: string;
  readonly shape: Shape;
}

interface ScratchFile {
  readonly language: Language;
  readonly declarations: Declaration[];
  /** Names this file mentions in comments, one a line after its declarations. */
  readonly uses: string[];
}

/** How one language writes a function, a type and a comment, and what outline calls the type. */
const SYNTAX: Record<Language, { head: string[]; fn: (name: string) => string[]; type: (name: string) => string[]; typeKind: string; comment: string }> = {
  rs: { head: [], fn: (n) => [`pub fn ${n}() {}`], type: (n) => [`pub struct ${n};`], typeKind: 'struct', comment: '//' },
  py: { head: [], fn: (n) => [`def ${n}():`, '    pass'], type: (n) => [`class ${n}:`, '    pass'], typeKind: 'class', comment: '#' },
  go: { head: ['package scratch', ''], fn: (n) => [`func ${n}() {}`], type: (n) => [`type ${n} struct{}`], typeKind: 'struct', comment: '//' },
  ts: { head: [], fn: (n) => [`export function ${n}(): void {}`], type: (n) => [`export interface ${n} {}`], typeKind: 'interface', comment: '//' },
};

interface Entry {
  readonly line: number;
  readonly kind: string;
  readonly name: string;
  readonly source: string;
}

function render(file: ScratchFile): { text: string; lines: string[]; entries: Entry[] } {
  const syntax = SYNTAX[file.language];
  const lines = [...syntax.head];
  const entries: Entry[] = [];
  for (const declaration of file.declarations) {
    const written = declaration.shape === 'fn' ? syntax.fn(declaration.name) : syntax.type(declaration.name);
    entries.push({ line: lines.length + 1, kind: declaration.shape === 'fn' ? 'function' : syntax.typeKind, name: declaration.name, source: written[0]! });
    lines.push(...written, '');
  }
  for (const name of file.uses) lines.push(`${syntax.comment} uses ${name}`);
  return { text: lines.join('\n') + '\n', lines, entries };
}

/** A check to make against the server: the tool, and its one argument. */
export type Check = { readonly tool: 'find_symbol' | 'find_references'; readonly name: string } | { readonly tool: 'outline'; readonly path: string };

export interface Edit {
  readonly description: string;
  /** What the next calls must show, first to last. */
  readonly checks: readonly Check[];
}

const MAX_FILES = 24;
const MIN_FILES = 4;
const MAX_DECLARATIONS = 8;
const MAX_USES = 6;
const MAX_IGNORED = 3;

export class Scratch {
  /** Files by their path inside the scratch folder (`f3.rs`, `sub_7/f9.go`). */
  private readonly files = new Map<string, ScratchFile>();
  /** The lines of the scratch folder's `.gitignore`: a file name, or a folder name and `/`. */
  private readonly ignored: string[] = [];
  /** Every name declared so far, removed ones included. */
  readonly names: string[] = [];
  /** Every file path used so far (relative to the tree), removed ones included. */
  readonly paths: string[] = [];
  private counter = 0;

  constructor(
    /** The tree the scratch folder is made in. */
    private readonly tree: string,
    private readonly random: () => number,
  ) {}

  get root(): string {
    return path.join(this.tree, SCRATCH);
  }

  /** Makes the folder with a few files and an empty `.gitignore`. */
  create(files: number): void {
    mkdirSync(this.root);
    this.writeIgnore();
    for (let i = 0; i < files; i++) this.createFile();
  }

  remove(): void {
    rmSync(this.root, { recursive: true, force: true });
  }

  /** One edit, chosen at random among those that keep the folder between its bounds. */
  edit(): Edit {
    const files = this.files.size;
    const folders = this.folders();
    const choices: [number, () => Edit][] = [
      [files < MAX_FILES ? 3 : 0, () => this.createFile()],
      [2, () => this.addDeclaration()],
      [2, () => this.renameDeclaration()],
      [2, () => this.addUse()],
      [2, () => this.renameFile()],
      [files > MIN_FILES ? 2 : 0, () => this.deleteFile()],
      [this.ignored.length < MAX_IGNORED ? 1 : 0, () => this.ignore()],
      [this.ignored.length > 0 ? 1 : 0, () => this.unignore()],
      [folders.length > 0 ? 1 : 0, () => this.renameFolder()],
    ];
    let pick = this.random() * choices.reduce((sum, [weight]) => sum + weight, 0);
    for (const [weight, edit] of choices) {
      pick -= weight;
      if (pick < 0 && weight > 0) return edit();
    }
    return this.addUse();
  }

  /** A name declared at some point, maybe no longer. */
  randomName(): string {
    return this.pick(this.names);
  }

  /** The path (relative to the tree) of a file there is or was. */
  randomPath(): string {
    return this.pick(this.paths);
  }

  /** find_symbol's text for a scratch name, given that the rest of the corpus declares nothing like it. */
  symbolAnswer(name: string): string {
    const entries = this.visible().flatMap(([relative, file]) => render(file).entries.map((entry) => ({ relative, entry })));
    const show = (found: typeof entries) => {
      const shown = found.slice(0, 40).map(({ relative, entry }) => `${relative}:${entry.line} ${entry.kind} — ${entry.source}`);
      if (found.length > 40) shown.push('… more');
      return shown.join('\n');
    };
    const exact = entries.filter(({ entry }) => entry.name === name);
    if (exact.length > 0) return show(exact);
    const containing = entries.filter(({ entry }) => entry.name.toLowerCase().includes(name.toLowerCase()));
    if (containing.length === 0) return `No symbol matches ${name}.`;
    return `No exact match; names containing it:\n${show(containing)}`;
  }

  /** find_references's text for a scratch name. */
  referencesAnswer(name: string): string {
    const word = new RegExp(`(?<![\\p{L}\\p{N}_])${name}(?![\\p{L}\\p{N}_])`, 'u');
    const hits = this.visible().flatMap(([relative, file]) =>
      render(file).lines.flatMap((line, i) => (word.test(line) ? [`${relative}:${i + 1}: ${line.trim()}`] : [])),
    );
    if (hits.length === 0) return `No references to ${name}.`;
    return [...hits.slice(0, 80), ...(hits.length > 80 ? ['… more; narrow it with path'] : [])].join('\n');
  }

  /** outline's text for a path relative to the tree; undefined when there is no such file. */
  outlineAnswer(relative: string): string | undefined {
    const file = this.files.get(relative.slice(SCRATCH.length + 1));
    if (!relative.startsWith(`${SCRATCH}/`) || file === undefined) return undefined;
    const entries = render(file).entries;
    return entries.length === 0 ? 'No declarations.' : entries.map((e) => `${e.line} ${e.kind} ${e.name}`).join('\n');
  }

  isScratchPath(relative: string): boolean {
    return relative.startsWith(`${SCRATCH}/`);
  }

  isScratchName(name: string): boolean {
    return /^(zsoak_fn_|ZsoakType)\d+$/.test(name);
  }

  // The edits. Each writes the disk and the model, and names what the next calls must show.

  private createFile(): Edit {
    const language = this.pick(LANGUAGES);
    const folders = this.folders();
    const roll = this.random();
    const folder = roll < 0.2 ? `sub_${this.next()}/` : roll < 0.4 && folders.length > 0 ? `${this.pick(folders)}/` : '';
    const relative = `${folder}f${this.next()}.${language}`;
    const uses = this.names.length > 0 ? [this.randomName()] : [];
    const file: ScratchFile = { language, declarations: [this.declare('type'), this.declare('fn')], uses };
    this.files.set(relative, file);
    this.write(relative);
    return {
      description: `created ${relative}`,
      checks: [
        { tool: 'find_symbol', name: file.declarations[1]!.name },
        ...uses.map((name) => ({ tool: 'find_references' as const, name })),
        { tool: 'outline', path: this.shown(relative) },
      ],
    };
  }

  private addDeclaration(): Edit {
    const [relative, file] = this.pickFile();
    if (file.declarations.length >= MAX_DECLARATIONS) return this.renameDeclaration();
    const declaration = this.declare(this.random() < 0.5 ? 'fn' : 'type');
    file.declarations.push(declaration);
    this.write(relative);
    return {
      description: `added ${declaration.name} to ${relative}`,
      checks: [
        { tool: 'find_symbol', name: declaration.name },
        ...file.uses.slice(0, 1).map((name) => ({ tool: 'find_references' as const, name })),
        { tool: 'outline', path: this.shown(relative) },
      ],
    };
  }

  private renameDeclaration(): Edit {
    const [relative, file] = this.pickFile();
    const declaration = this.pick(file.declarations);
    const old = declaration.name;
    declaration.name = this.newName(declaration.shape);
    this.write(relative);
    return {
      description: `renamed ${old} to ${declaration.name} in ${relative}`,
      checks: [
        { tool: 'find_symbol', name: declaration.name },
        { tool: 'find_symbol', name: old },
        { tool: 'find_references', name: old },
        { tool: 'outline', path: this.shown(relative) },
      ],
    };
  }

  private addUse(): Edit {
    const [relative, file] = this.pickFile();
    const name = this.randomName();
    if (file.uses.length >= MAX_USES) file.uses.shift();
    file.uses.push(name);
    this.write(relative);
    return { description: `mentioned ${name} in ${relative}`, checks: [{ tool: 'find_references', name }] };
  }

  private renameFile(): Edit {
    const [relative, file] = this.pickFile();
    const folders = this.folders();
    const folder = this.random() < 0.3 && folders.length > 0 ? `${this.pick(folders)}/` : path.posix.dirname(relative) === '.' ? '' : `${path.posix.dirname(relative)}/`;
    const renamed = `${folder}f${this.next()}.${file.language}`;
    renameSync(path.join(this.root, relative), path.join(this.root, renamed));
    this.files.delete(relative);
    this.files.set(renamed, file);
    this.paths.push(this.shown(renamed));
    return {
      description: `renamed ${relative} to ${renamed}`,
      checks: [
        { tool: 'find_symbol', name: file.declarations[0]!.name },
        { tool: 'outline', path: this.shown(renamed) },
        { tool: 'outline', path: this.shown(relative) },
      ],
    };
  }

  private deleteFile(): Edit {
    const [relative, file] = this.pickFile();
    unlinkSync(path.join(this.root, relative));
    this.files.delete(relative);
    return {
      description: `deleted ${relative}`,
      checks: [
        { tool: 'find_symbol', name: file.declarations[0]!.name },
        ...file.uses.slice(0, 1).map((name) => ({ tool: 'find_references' as const, name })),
        { tool: 'outline', path: this.shown(relative) },
      ],
    };
  }

  /** Ignores a file by its name, or a folder, in the scratch folder's `.gitignore`. */
  private ignore(): Edit {
    const folders = this.folders().filter((folder) => !this.ignored.includes(`${folder}/`));
    const candidates = this.visible().map(([shown]) => shown.slice(SCRATCH.length + 1));
    if (candidates.length === 0) return this.addUse();
    const pattern = this.random() < 0.3 && folders.length > 0 ? `${this.pick(folders)}/` : path.posix.basename(this.pick(candidates));
    this.ignored.push(pattern);
    this.writeIgnore();
    return { description: `ignored ${pattern}`, checks: this.checksFor(pattern) };
  }

  private unignore(): Edit {
    const pattern = this.ignored.splice(Math.floor(this.random() * this.ignored.length), 1)[0]!;
    this.writeIgnore();
    return { description: `stopped ignoring ${pattern}`, checks: this.checksFor(pattern) };
  }

  private renameFolder(): Edit {
    const folder = this.pick(this.folders());
    const renamed = `sub_${this.next()}`;
    renameSync(path.join(this.root, folder), path.join(this.root, renamed));
    const moved = [...this.files].filter(([relative]) => relative.startsWith(`${folder}/`));
    for (const [relative, file] of moved) {
      this.files.delete(relative);
      const now = `${renamed}${relative.slice(folder.length)}`;
      this.files.set(now, file);
      this.paths.push(this.shown(now));
    }
    const [first, file] = moved[0]!;
    return {
      description: `renamed folder ${folder} to ${renamed}`,
      checks: [
        { tool: 'find_symbol', name: file.declarations[0]!.name },
        { tool: 'outline', path: this.shown(`${renamed}${first.slice(folder.length)}`) },
      ],
    };
  }

  // Helpers.

  /** What a pattern hides or shows again: the first declaration and the first use of a file it covers. */
  private checksFor(pattern: string): Check[] {
    const covered = [...this.files].find(([relative]) => (pattern.endsWith('/') ? relative.startsWith(pattern) : path.posix.basename(relative) === pattern));
    if (covered === undefined) return [];
    const [, file] = covered;
    return [{ tool: 'find_symbol', name: file.declarations[0]!.name }, ...file.uses.slice(0, 1).map((name) => ({ tool: 'find_references' as const, name }))];
  }

  /** The files the walk covers (the `.gitignore` applied), as [path relative to the tree, file], in path order. */
  private visible(): [string, ScratchFile][] {
    return [...this.files]
      .filter(([relative]) => !this.isIgnored(relative))
      .map(([relative, file]): [string, ScratchFile] => [this.shown(relative), file])
      .sort(([a], [b]) => comparePaths(a, b));
  }

  private isIgnored(relative: string): boolean {
    const parts = relative.split('/');
    return this.ignored.some((pattern) => (pattern.endsWith('/') ? parts.slice(0, -1).includes(pattern.slice(0, -1)) : parts.at(-1) === pattern));
  }

  /** Subfolders holding files now. */
  private folders(): string[] {
    return [...new Set([...this.files.keys()].filter((relative) => relative.includes('/')).map((relative) => relative.split('/')[0]!))].sort();
  }

  private write(relative: string): void {
    const absolute = path.join(this.root, relative);
    mkdirSync(path.dirname(absolute), { recursive: true });
    writeFileSync(absolute, render(this.files.get(relative)!).text);
    if (!this.paths.includes(this.shown(relative))) this.paths.push(this.shown(relative));
  }

  private writeIgnore(): void {
    writeFileSync(path.join(this.root, '.gitignore'), ['# scratch files hidden from searches', ...this.ignored].join('\n') + '\n');
  }

  private declare(shape: Shape): Declaration {
    return { name: this.newName(shape), shape };
  }

  private newName(shape: Shape): string {
    const name = shape === 'fn' ? `zsoak_fn_${this.next()}` : `ZsoakType${this.next()}`;
    this.names.push(name);
    return name;
  }

  private next(): number {
    return ++this.counter;
  }

  private shown(relative: string): string {
    return `${SCRATCH}/${relative}`;
  }

  private pickFile(): [string, ScratchFile] {
    return this.pick([...this.files]);
  }

  private pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.random() * items.length)]!;
  }
}
