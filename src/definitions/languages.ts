/**
 * Which definitions engine serves a file, by its name: a tree-sitter grammar from a language root's
 * manifest; Markdown's heading scanner; or, for the other programming languages listed here, the
 * keyword scanner. Prose and the other data files (`.txt`, `.csv`, `.ini`, …) have no language: they
 * define nothing. YAML, TOML and JSON have grammars that outline their keys, and define nothing either
 * (`defining`). A file type that a manifest's heuristic covers (`.h`: C or C++) has a language of engine
 * `by-content`, which names the language its text is written in (`written`).
 */
import path from 'node:path';
import type { MacroRules } from '../languages/c/macroNoise.js';
import type { GrammarEntry, HeuristicEntry, MacroEntry, ManifestEntries } from './manifest.js';

export type EngineName = 'tree-sitter' | 'markdown' | 'keywords' | 'by-content';

export interface LanguageInfo {
  readonly name: string;
  readonly engine: EngineName;
  readonly fileTypes: readonly string[];
  /** Present exactly when the engine is tree-sitter. */
  readonly grammar?: GrammarEntry;
  /** Present exactly when the engine is by-content: the heuristic's rules, its languages resolved. */
  readonly byContent?: ContentRules;
  /** Macros read as noise before a parse, where manifests list some for the language. */
  readonly macros?: MacroRules;
  /**
   * Where the grammar has an injections query: the languages the parts it finds may be written in,
   * by their names and file types (`typescript`, `ts`). A language with injections of its own is
   * not among them: an injection holds none.
   */
  readonly injected?: ReadonlyMap<string, LanguageInfo>;
}

export interface ContentRules {
  readonly rules: readonly { readonly language: LanguageInfo; readonly patterns: readonly RegExp[] }[];
  readonly otherwise: LanguageInfo;
}

/** The language a file of this language is written in: itself, or for a by-content one, the language its text shows. */
export function written(language: LanguageInfo, text: string): LanguageInfo {
  return writtenAs(language, () => text, (some) => some);
}

/**
 * What `of` says of the language a file is written in (a by-content language's first rule one of
 * whose patterns its text matches, or none), its text read only as far as the answer hangs on it:
 * the rules are tested in order only until every language a later rule (or none) would name says
 * the same. A `.h` file's definition sites are C's as C++'s: only its Objective-C rule is tested,
 * where all of them had cost find_symbol's test of the kernel's files a tenth of its time.
 */
export function writtenAs<T>(language: LanguageInfo, text: () => string, of: (language: LanguageInfo) => T): T {
  const byContent = language.byContent;
  if (byContent === undefined) return of(language);
  const rules = byContent.rules;
  const otherwise = of(byContent.otherwise);
  for (let i = 0; i < rules.length; i++) {
    if (rules.slice(i).every((rule) => of(rule.language) === otherwise)) return otherwise;
    if (rules[i]!.patterns.some((pattern) => pattern.test(text()))) return of(rules[i]!.language);
  }
  return otherwise;
}

const MARKDOWN: LanguageInfo = { name: 'markdown', engine: 'markdown', fileTypes: ['md', 'markdown', 'mdx'] };

/** Programming languages without a grammar here, which the keyword scanner serves. */
const KEYWORD_LANGUAGES: readonly LanguageInfo[] = (
  [
    ['v', ['v']],
  ] as const
).map(([name, fileTypes]) => ({ name, engine: 'keywords', fileTypes }));

/** Prose and data without a grammar: `outline` lists nothing for these, rather than guess at keywords in text. */
const PROSE_AND_DATA = new Set([
  'txt', 'text', 'rst', 'adoc', 'json5', 'jsonl', 'ndjson', 'ini', 'cfg',
  'conf', 'csv', 'tsv', 'xml', 'svg', 'lock', 'log', 'sum', 'mod', 'properties', 'env',
]);

export function isProseOrData(file: string): boolean {
  return PROSE_AND_DATA.has(path.extname(file).slice(1).toLowerCase());
}

/** The languages of a session: the package's grammars, then those of any further language roots. */
export class Languages {
  private readonly byFileType = new Map<string, LanguageInfo>();

  readonly all: readonly LanguageInfo[];

  /**
   * The languages of these grammars and heuristics (read from manifests by `loadLanguages`, the
   * package's first), over Markdown and the keyword languages.
   */
  constructor(readonly entries: ManifestEntries) {
    const byName = withInjected(withMacros(Languages.named(entries.grammars), entries.macros));
    const byContent = entries.heuristics.map((heuristic) => byContentLanguage(heuristic, byName));
    this.all = [...byName.values(), ...byContent];
    // Later entries win: a grammar over the keyword scanner, a user's root over the package's.
    for (const language of this.all) for (const type of language.fileTypes) this.byFileType.set(type.toLowerCase(), language);
  }

  /** The names heuristics give that are no language's (`loadLanguages` refuses such manifests). */
  static unknownNames(entries: ManifestEntries): string[] {
    const byName = Languages.named(entries.grammars);
    const names = [
      ...entries.heuristics.flatMap((heuristic) => [...heuristic.rules.map((rule) => rule.language), heuristic.otherwise]),
      ...entries.macros.flatMap((macros) => macros.languages),
    ];
    return [...new Set(names.filter((name) => !byName.has(name)))];
  }

  /** Every language by its name: Markdown, the keyword languages, then the grammars (a later one of a name replacing the earlier). */
  private static named(grammars: readonly GrammarEntry[]): Map<string, LanguageInfo> {
    const byName = new Map<string, LanguageInfo>();
    for (const language of [MARKDOWN, ...KEYWORD_LANGUAGES]) byName.set(language.name, language);
    for (const grammar of grammars) {
      byName.delete(grammar.name); // Re-inserted last, so that its file types win.
      byName.set(grammar.name, { name: grammar.name, engine: 'tree-sitter', fileTypes: grammar.fileTypes, grammar });
    }
    return byName;
  }

  /**
   * The language of a file whose definitions find_symbol reports: its language, unless that is a data
   * language (YAML, TOML, JSON), whose keys an outline lists but which defines nothing.
   */
  defining(file: string): LanguageInfo | undefined {
    const language = this.of(file);
    return language?.grammar?.data === true ? undefined : language;
  }

  /** The language of a file, by its whole name first (`Makefile`), then by its longest known ending. */
  of(file: string): LanguageInfo | undefined {
    const name = path.basename(file).toLowerCase();
    const whole = this.byFileType.get(name);
    if (whole !== undefined) return whole;
    for (let dot = name.indexOf('.'); dot >= 0; dot = name.indexOf('.', dot + 1)) {
      const language = this.byFileType.get(name.slice(dot + 1));
      if (language !== undefined) return language;
    }
    return undefined;
  }
}

/** The language of a name a heuristic or macro list gives (`loadLanguages` refused manifests naming none). */
function languageNamed(byName: ReadonlyMap<string, LanguageInfo>, name: string): LanguageInfo {
  const language = byName.get(name);
  if (language === undefined) throw new Error(`a heuristic or macro list names no known language: ${name}`);
  return language;
}

/** A heuristic's language, named after the languages it chooses between (`cpp|c`). */
function byContentLanguage(heuristic: HeuristicEntry, byName: ReadonlyMap<string, LanguageInfo>): LanguageInfo {
  const rules = heuristic.rules.map((rule) => ({ language: languageNamed(byName, rule.language), patterns: rule.patterns.map((pattern) => new RegExp(pattern, 'm')) }));
  const otherwise = languageNamed(byName, heuristic.otherwise);
  const name = [...new Set([...rules.map((rule) => rule.language.name), otherwise.name])].join('|');
  return { name, engine: 'by-content', fileTypes: heuristic.fileTypes, byContent: { rules, otherwise } };
}

/** The languages, those that macro lists name given the lists' union (a later `unknown` replacing an earlier). */
function withMacros(byName: Map<string, LanguageInfo>, entries: readonly MacroEntry[]): Map<string, LanguageInfo> {
  for (const name of new Set(entries.flatMap((entry) => entry.languages))) {
    const language = languageNamed(byName, name);
    const listed = entries.filter((entry) => entry.languages.includes(name));
    const unknown = listed.findLast((entry) => entry.unknown !== undefined)?.unknown;
    const macros: MacroRules = {
      noise: new Set(listed.flatMap((entry) => entry.noise)),
      noiseCalls: new Set(listed.flatMap((entry) => entry.noiseCalls)),
      unknown: unknown === undefined ? undefined : new RegExp(unknown),
      keep: new Set(listed.flatMap((entry) => entry.keep)),
    };
    byName.set(name, { ...language, macros });
  }
  return byName;
}

/** The languages, those whose grammar has an injections query given the languages an injection may be written in. */
function withInjected(byName: Map<string, LanguageInfo>): Map<string, LanguageInfo> {
  const injectable = [...byName.values()].filter((language) => language.grammar !== undefined && language.grammar.injectionsQuery === undefined);
  const injected = new Map<string, LanguageInfo>();
  for (const language of injectable) injected.set(language.name, language);
  for (const language of injectable) for (const type of language.fileTypes) if (!injected.has(type.toLowerCase())) injected.set(type.toLowerCase(), language);
  for (const language of byName.values()) if (language.grammar?.injectionsQuery !== undefined) byName.set(language.name, { ...language, injected });
  return byName;
}
