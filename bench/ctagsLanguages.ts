/**
 * The accuracy rows of the languages measured against Universal Ctags by a table (bench/accuracy.ts
 * makes each a suite): which of ctags's kinds are compared as which of ours, what it lists that is
 * not compared and why, and how names that ctags gives otherwise are compared.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Definition, Kind } from '../src/definitions/definition.js';
import type { CtagsTag, Suite } from './accuracy.js';
import { ocamlLocals, type Locals } from './ocamlLocals.js';

export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A language measured against ctags by a table: which of ctags's kinds (`--list-kinds-full=<language>`)
 * are compared, as which of ours; a tag's parent is the last segment of its scope.
 */
export interface CtagsLanguage {
  readonly label: string;
  readonly folder: string;
  readonly endings: readonly string[];
  /** ctags's name of the language (`--language-force`). */
  readonly ctags: string;
  /** ctags's kind letters to list (`--kinds-<language>=`). */
  readonly letters: string;
  /** ctags's kind names compared, each as the kind we give it (undefined: any of ours). */
  readonly kinds: Readonly<Record<string, Kind | undefined>>;
  /** Our kinds the reference covers: only these can be "extra". */
  readonly compared: readonly Kind[];
  /** A scope's separator in ctags's names (`.` unless given). */
  readonly separator?: string;
  /** Tags the reference lists that are not compared, with why (a comment at the row). */
  readonly skip?: (tag: CtagsTag) => boolean;
  /** The line a tag stands for, where ctags puts it on another than its name's (its own unless given). */
  readonly line?: (tag: CtagsTag) => number;
  /** How our names are compared, where ctags names them otherwise (as written unless given). */
  readonly normalize?: Suite['normalize'];
  /** Where ctags names a tag or its parent otherwise than we do, by convention (see `Suite.alike`). */
  readonly alike?: Suite['alike'];
}

/** The languages parsed since the keyword scanner served them, on the corpus's `langs/` (make-corpus.sh --langs). */
export const CTAGS_LANGUAGES: readonly CtagsLanguage[] = [
  // lua
  // ctags reads Lua line by line: the name before the `=` of a line holding `function` is tagged, so
  // `x = pcall(function()` or `local t = { k = function` tags `x` and `t`: kept only where the name is
  // declared (`function NAME`) or given a function (`NAME = function`), and where ctags took a name
  // (`setmetatable(t, {__call = function` tags `{__call`, `t[function() … end] = function` tags `end]`).
  // Lines inside a long bracket, a `--[[ … ]]` comment or a `[[ … ]]` string, are text, not code.
  // ctags gives no scopes; names are as written.
  { label: 'lua', folder: 'langs/lua', endings: ['.lua'], ctags: 'Lua', letters: 'f', kinds: { function: 'function' }, compared: ['function'],
    skip: ((longBrackets = new Map<string, [number, number][]>()) => (tag: CtagsTag) => {
      let spans = longBrackets.get(tag.path);
      if (spans === undefined) {
        const text = readFileSync(tag.path, 'utf8');
        spans = [];
        let line = 1;
        let at = 0;
        // Quoted strings and line comments are read past, so that a `[[` in them opens nothing.
        for (const m of text.matchAll(/"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|--(?!\[=*\[)[^\n]*|\[(=*)\[[\s\S]*?\]\1\]/g)) {
          for (; at < m.index; at++) if (text.charCodeAt(at) === 10) line++;
          if (m[1] !== undefined) spans.push([line, line + (m[0].match(/\n/g)?.length ?? 0)]);
        }
        longBrackets.set(tag.path, spans);
      }
      const name = escapeRegExp(tag.name);
      return spans.some(([first, last]) => tag.line > first && tag.line <= last)
        || !/^(?:[A-Za-z_]\w*|\[.*\])(?:[.:][A-Za-z_]\w*|\[.*\])*$/.test(tag.name)
        || !new RegExp(`(^|[^\\w.:])(function\\s+${name}\\s*\\(|${name}\\s*=\\s*function\\b)`).test((tag.pattern ?? '').replace(/\\([/\\])/g, '$1'));
    })() },

  // elixir
  // ctags's function is our method in a defimpl or defprotocol; a defguard is a macro; ExUnit's `test` is a test.
  // Not compared: `describe`, which ctags does not list. Skipped: tags on the lines of a `"""` or `'''` heredoc,
  // ctags reading the code examples of a `@doc` as declarations; a test whose description ctags cuts short (at a
  // `-` or `'`: `unique pseu`).
  {
    label: 'elixir', folder: 'langs/elixir', endings: ['.ex', '.exs'], ctags: 'Elixir', letters: '*',
    kinds: { module: 'module', protocol: 'protocol', implementation: 'impl', function: undefined, delegate: 'function', operator: undefined, callback: 'function', macro: 'macro', guard: 'macro', type: 'type', test: 'test' },
    compared: ['module', 'protocol', 'impl', 'function', 'method', 'macro', 'type', 'test'],
    skip: ((heredocLines = linesInside(/^\s*("""|''')|("""|''')\s*$/)) => (tag: CtagsTag): boolean =>
      heredocLines(tag.path).has(tag.line) || (tag.kind === 'test' && !(tag.pattern ?? '').includes(`"${tag.name}"`)))(),
    // ctags names `defmodule Ecto.Query.API` `API` and `defimpl Inspect, for: T` `Inspect`: ours are compared so.
    normalize: (definition, parent) => {
      const compared = (d: Definition) => (['module', 'protocol', 'impl'].includes(d.kind) ? d.name.replace(/ for: [^]*$/, '').split('.').at(-1)! : d.name);
      return { name: compared(definition), parent: parent === undefined ? undefined : compared(parent) };
    },
  },

  // haskell
  // Compared: top-level equations (ctags lists each on its line), types, and record fields (ctags lists each
  // as a function on its line, see isRecordField). Not compared: modules (ctags names
  // `module Hakyll.Core.Rules` `Hakyll`), data constructors (an outline lists no enumerators or variants).
  // Skipped as ctags misreads them: a `function` on a line that does not begin with its name, but for a
  // record field (a word of a field's type, the `::` line of a signature written over lines, the `= …` line
  // after an equation's name), one named by a keyword (`class`, `infixr`), the first name of a signature of
  // several (`value10, value100 :: T`, where that name's equation is not tagged), a top-level Template
  // Haskell splice read as an equation (`deriveJSON defaultOptions ''Record`), and the `type` named
  // `family` of `type family T` or `instance` of `data instance T`. Skipped too: tags in a later
  // branch of `#if` (`#elif`, `#else`), which the grammar does not read; such a branch defines its
  // first branch's names for another platform.
  {
    label: 'haskell', folder: 'langs/haskell', endings: ['.hs'], ctags: 'Haskell', letters: '*',
    kinds: { type: 'type', function: 'function' }, compared: ['type', 'function'],
    skip: ((laterBranches = new Map<string, Set<number>>()) => (tag: CtagsTag): boolean => {
      const line = tag.pattern?.slice(2) ?? '';
      if (tag.kind === 'type' && (tag.name === 'family' || tag.name === 'instance')) return true;
      if (tag.kind === 'function' && ((!line.startsWith(tag.name) && !isRecordField(tag.name, line)) || /^(class|instance|deriving|foreign|default|infixl?|infixr|pattern|type|data|newtype)$/.test(tag.name))) return true;
      if (tag.kind === 'function' && (/^[\w']+\s*,/.test(line) || (/''[A-Z]/.test(line) && !/\s=\s/.test(line)))) return true;
      let lines = laterBranches.get(tag.path);
      if (lines === undefined) {
        lines = new Set();
        const later: boolean[] = [];
        for (const [i, text] of readFileSync(tag.path, 'utf8').split('\n').entries()) {
          const directive = /^#\s*(if|elif|else|endif)/.exec(text)?.[1];
          if (directive === 'if') later.push(false);
          else if (directive === 'endif') later.pop();
          else if (directive !== undefined && later.length > 0) later[later.length - 1] = true;
          else if (later.includes(true)) lines.add(i + 1);
        }
        laterBranches.set(tag.path, lines);
      }
      return lines.has(tag.line);
    })(),
  },

  // objc
  // Compared: classes; extensions and categories (ctags lists one as the interface of the class it
  // extends, as we name it, and again by the category's name on the same line: that tag is not
  // compared); implementations; methods (ctags's kind `class` is a `+` method); protocols; C
  // functions, structs and macros. Not compared, as we list them by design: properties and instance
  // variables (fields), variables, include guards and `static` prototypes (forward declarations),
  // as in C. Not compared, as ctags misreads them: typedefs (a block typedef is named after its last
  // parameter, an NS_ENUM after its last constant), "methods" that are properties, and names in
  // capitals with an underscore (the macro after a method, `- (instancetype)init NS_UNAVAILABLE;`, or
  // a macro call, `API_AVAILABLE(…)` before a class). ctags puts a method on the line of its `{` or
  // `;`, ours is on its selector's first line: a method whose tag is on a later line (its selector
  // or its `{` goes on) is not compared, and ours for it counts as extra.
  {
    label: 'objc', folder: 'langs/objc', endings: ['.m', '.h'], ctags: 'ObjectiveC', letters: '*',
    kinds: { interface: undefined, implementation: 'impl', method: 'method', class: 'method', protocol: 'protocol', function: 'function', struct: 'struct', macro: 'macro' },
    compared: ['class', 'extension', 'impl', 'method', 'protocol', 'function', 'struct', 'macro'],
    skip: (tag) =>
      (tag.kind === 'macro' ? /^\/\^\s*#\s*define\s+\w+_(H|INCLUDED)_*\s*\$\/$/.test(tag.pattern ?? '') : /^[A-Z][A-Z0-9]*_[A-Z0-9_]*$/.test(tag.name)) ||
      ((tag.kind === 'method' || tag.kind === 'class') && !/^\/\^\s*[-+]/.test(tag.pattern ?? '')) ||
      (tag.kind === 'function' && /^\/\^\s*static\b.*\)\s*;\s*\$\/$/.test(tag.pattern ?? '')),
  },

  // ocaml
  // Compared: modules, module types and functors; types and exceptions (as types); lets of a
  // structure (ctags's function and var, ours function or const); vals; externals are ours alone
  // (ctags lists none); classes, class types and methods. Not compared, as we list none of them:
  // variant constructors and record fields (members of their type), instance variables, `type t +=
  // …`, `let () = …` and `let _ = …`; ctags's own module for the file (line 1); a name a `let … in`
  // binds (a local: ctags lists those whose `in` comes on a later line; the compiler's own parser
  // tells them, see ocamlLocals.ts; without it, only a `let … in` on one line is told from ctags's
  // line). Not compared, as ctags misreads them: what stands in a quoted string (the testsuite's
  // `[%%expect{| … |}]` holds compiler output that ctags reads as code), `with type t = …` and
  // `with module M = …` constraints, `(val x : S)`, `(module M : S)`, `module type of M`, `(type
  // a)` read as declarations, `| exception E ->` read as an exception, a constructor pattern (`let
  // Cons x = …`) read as a function, `type nonrec t`, `method private m` and `let%ext` named after
  // their keyword, and a `val` after a type, which ctags places inside that type.
  {
    label: 'ocaml', folder: 'langs/ocaml', endings: ['.ml', '.mli'], ctags: 'OCaml', letters: '*',
    kinds: { module: 'module', type: 'type', Exception: 'type', function: 'function', var: undefined, val: undefined, class: undefined, method: 'method' },
    compared: ['module', 'type', 'function', 'const', 'class', 'interface', 'method'],
    separator: '/',
    skip: (() => {
      const locals = new Map<string, Locals>();
      const isLocal = (tag: CtagsTag): boolean => {
        let known = locals.get(tag.path);
        if (known === undefined) locals.set(tag.path, (known = ocamlLocals(tag.path)));
        return known.has(`${tag.line}\0${tag.name}`);
      };
      const quoted = new Map<string, [number, number][]>();
      const inQuotedString = (file: string, line: number): boolean => {
        let spans = quoted.get(file);
        if (spans === undefined) {
          const text = readFileSync(file, 'utf8');
          const lineAt = (offset: number): number => text.slice(0, offset).split('\n').length;
          spans = [...text.matchAll(/\{([a-z_]*)\|[\s\S]*?\|\1\}/g)].map((m): [number, number] => [lineAt(m.index!), lineAt(m.index! + m[0].length)]);
          quoted.set(file, spans);
        }
        return spans.some(([first, last]) => line >= first && line <= last);
      };
      const fileModule = (file: string): string => { const base = path.basename(file).replace(/\.mli?$/, ''); return base.charAt(0).toUpperCase() + base.slice(1); };
      return (tag: CtagsTag): boolean =>
        (tag.kind === 'module' && tag.line === 1 && tag.name === fileModule(tag.path)) ||
        /^(\(\)|_|%.*|open|include|private|virtual|nonrec)$/.test(tag.name) ||
        ((tag.kind === 'var' || tag.kind === 'function') && (/^[A-Z]/.test(tag.name) || /\bin\s*\$\/$/.test(tag.pattern ?? '') || isLocal(tag))) ||
        (tag.kind === 'type' && (/\+=/.test(tag.pattern ?? '') || (/\b(with|and)\s+type\b/.test(tag.pattern ?? '') && !/^\/\^\s*type\b/.test(tag.pattern ?? '')))) ||
        (tag.kind === 'Exception' && !/^\/\^\s*exception\b/.test(tag.pattern ?? '')) ||
        (tag.kind === 'val' && tag.scopeKind === 'type') ||
        /^\w+$/.test(tag.name) && new RegExp(`(\\(\\s*(val|module|type)|module\\s+type\\s+of|with\\s+module)\\s+${tag.name}\\b`).test(tag.pattern ?? '') ||
        inQuotedString(tag.path, tag.line);
    })(),
  },

  // julia
  // ctags names `function Base.show(…)` and `Flux.Losses.mse(…) = …` `show` and `mse`, in the scope of the last
  // qualifier or in none, and gives a function nested in one the scope `show`. Both are compared as written:
  // the name is `Base.show`, without a scope, and the nested function's parent `Base.show`. The skip sets this
  // before the entry is made, and cuts every scope to its last segment itself (hence a separator no scope
  // holds). `function Base.:(==)(…)` ctags names `Base`: left out. Struct fields are not listed.
  { label: 'julia', folder: 'langs/julia', endings: ['.jl'], ctags: 'Julia', letters: '*', kinds: { struct: 'struct', type: 'type', function: undefined, module: 'module', macro: 'macro', constant: 'const' }, compared: ['struct', 'type', 'function', 'method', 'module', 'macro', 'const'],
    separator: '\0',
    skip: ((qualifiedNames = new Map<string, string>()) => (tag: CtagsTag) => {
      const scope = tag.scope === undefined ? undefined : tag.scope.slice(tag.scope.lastIndexOf('.') + 1);
      Object.assign(tag, { scope: scope === undefined ? undefined : qualifiedNames.get(`${tag.path}\0${scope}`) ?? scope });
      if (tag.kind !== 'function') return false;
      const pattern = (tag.pattern ?? '').replace(/\\([/\\])/g, '$1');
      if (pattern.includes(`${tag.name}.:`)) return true;
      const qualified = scope !== undefined && tag.scopeKind === 'module'
        ? `((?:\\w+\\.)*${escapeRegExp(scope)}\\.)`
        : '^/\\^(?:\\s*@[\\w.]+)*\\s*(?:function\\s+)?((?:\\w+\\.)+)';
      const qualifier = pattern.match(new RegExp(`${qualified}${escapeRegExp(tag.name)}(?![\\w!])`))?.[1];
      if (qualifier === undefined) qualifiedNames.delete(`${tag.path}\0${tag.name}`);
      else {
        qualifiedNames.set(`${tag.path}\0${tag.name}`, qualifier + tag.name);
        Object.assign(tag, { name: qualifier + tag.name, scope: undefined, scopeKind: undefined });
      }
      return false;
    })() },

  // powershell
  // ctags lists functions (also one written in a string, `-value "function prompt {…}"` or a here-string's
  // line, `@'` … `'@`: skipped) and
  // every assigned variable (not compared: locals, parameters, class properties). It lists no class,
  // method or enum, so those of ours are never "extra". ctags names `function global:Foo` `Foo`, we as written:
  // ours are compared after the scope (find_symbol finds `script:Foo` by `Foo` too, its last segment).
  { label: 'powershell', folder: 'langs/powershell', endings: ['.ps1', '.psm1'], ctags: 'PowerShell', letters: 'f', kinds: { function: 'function' }, compared: ['function'],
    skip: ((hereStringLines = linesInside(/@["']\s*$/, /^["']@/)) => (tag: CtagsTag): boolean =>
      !/^\/\^\s*(?:function|filter|workflow)\s/i.test(tag.pattern ?? '') || hereStringLines(tag.path).has(tag.line))(),
    normalize: (definition, parent) => ({ name: definition.name.replace(/^(?:global|script|local|private|using|workflow):/i, ''), parent: parent?.name }) },

  // elm
  // Top-level declarations, which Elm writes at the margin: an indented tag is a `let` binding (a local) or
  // a line of a doc comment's example that ctags reads as code (`    type alias X =` there is a function
  // `type`), and is left out; so are constructors (not outline entries) and `import … as`. ctags names a
  // type with its parameters and what follows on the line (`Result error value`, `String = String --
  // NOTE…`): its first word is the name compared (set here, before the entry is made).
  { label: 'elm', folder: 'langs/elm', endings: ['.elm'], ctags: 'Elm', letters: '*', kinds: { module: 'module', function: 'function', type: 'type', alias: 'type', port: 'function' }, compared: ['module', 'function', 'type'],
    skip: (tag: CtagsTag) => {
      if (tag.kind === 'type' || tag.kind === 'alias') Object.assign(tag, { name: tag.name.split(' ')[0] });
      return /^\/\^\s/.test(tag.pattern ?? '');
    } },

  // css
  // ctags tags each selector of a rule (`a, b {` gives `a` and `b`), not at-rules or what nests in a
  // rule, and misreads a selector holding `[…=…]` or a list in `:is(…)` (`[role=search]` gives `role`
  // and `search`). We list a rule once, named by its whole selector list: the reference keeps the tag
  // of each rule's first selector (`takeCssFirstSelector` finds them in the source), and matches it to
  // our rule whose list starts with it, white space aside (ctags drops and adds some). Extra are
  // then our at-rules and keyframe steps, which ctags does not list, and the rules whose first
  // selector it misreads (`[type=search]` given as `type` and `search`: not a first selector).
  {
    label: 'css', folder: 'langs/css', endings: ['.css'], ctags: 'CSS', letters: '*', kinds: { class: 'rule', selector: 'rule', id: 'rule' }, compared: ['rule'],
    skip: (tag) => !takeCssFirstSelector(tag),
    alike: (selector, _ourKind, ours) => ours !== undefined && withoutSpace(splitSelectors(ours)[0]!) === withoutSpace(selector),
  },

  // scss
  // ctags's SCSS parser reads text, not rules: it tags every `.name`, `#name` and `%name` it meets
  // outside an `@` line, a declaration's value or a comment (in a selector list each class of each
  // selector, but also `cv.getVar` and `.25` in a value written over lines), every `$name:` (locals
  // of mixins and rules, the keys of a map, loop variables too), and every `@mixin` and `@function`;
  // it scopes nothing, so no parent is compared. Compared: the first class, id or placeholder ctags
  // tags in the first selector of a rule that starts on its line (`takeScssFirstSelector` finds the
  // rules in the source; `%name {` is ours too), matched to our rule on that line whose first
  // selector holds it; variables at the margin (the top level: an indented one is a local, a map's
  // key or a loop variable, which an outline does not list), named with their `$`; mixins (our
  // macros) and functions. Not compared: parameters. Extra are then our rules whose first selector
  // has no class, id or placeholder (`&:hover`, `a`), or one ctags does not reach (`a:hover .x`:
  // ctags skips from a `:` to the `{`), and at-rules.
  {
    label: 'scss', folder: 'langs/scss', endings: ['.scss'], ctags: 'SCSS', letters: 'Pcfimv',
    kinds: { class: 'rule', id: 'rule', placeholder: 'rule', mixin: 'macro', function: 'function', variable: 'const' }, compared: ['rule', 'macro', 'function', 'const'],
    skip: (tag) => {
      if (tag.kind === 'variable') {
        Object.assign(tag, { name: `$${tag.name}` });
        return !new RegExp(`^/\\^${escapeRegExp(tag.name)}\\s*:`).test(tag.pattern ?? '');
      }
      if (tag.kind === 'mixin' || tag.kind === 'function') return false;
      const sigil = tag.kind === 'class' ? '.' : tag.kind === 'id' ? '#' : '%';
      Object.assign(tag, { name: (tag.name.startsWith(sigil) ? tag.name : sigil + tag.name).replace(/(?<=.):.*$/, '') });
      return !takeScssFirstSelector(tag);
    },
    alike: (token, _ourKind, ours) => ours !== undefined && holdsToken(splitSelectors(ours)[0]!, token),
  },

  // perl
  // Compared: packages (modules), subs (functions) and constants. Not compared: loop labels (no
  // declaration) and formats (ctags takes a hash key `format =>` for one). ctags scopes nothing.
  // Skipped: tags on the lines of a here-document (`eval <<"END"; … END`), code in a string that
  // ctags reads as the file's own.
  { label: 'perl', folder: 'langs/perl', endings: ['.pl', '.pm'], ctags: 'Perl', letters: 'cps', kinds: { package: 'module', subroutine: 'function', constant: 'const' }, compared: ['module', 'function', 'const'],
    skip: ((hereDocumentLines = perlHereDocuments()) => (tag: CtagsTag) => hereDocumentLines(tag.path).has(tag.line))() },

  // r
  // Compared: functions given to a name (ctags's function), R6 methods among them; not its anonymous
  // functions (`anonFunc…`), nor variables, lists, vectors and the names in them. A scope is compared
  // whole (R names hold dots: `do.grouped_df`), and stands for our parent where it ends with its name
  // (`anonList….add_one`, an R6 method). Skipped: a function defined at the margin that ctags scopes
  // in a function above it, having lost a closing brace (a backquote inside a string, as in
  // `"`.fns` must be…"`, opens a quoted name for ctags).
  { label: 'r', folder: 'langs/r', endings: ['.R', '.r'], ctags: 'R', letters: 'f', kinds: { function: 'function' }, compared: ['function'],
    separator: '\0',
    skip: (tag) => tag.name.startsWith('anonFunc') || (tag.scope !== undefined && /^\/\^[^\s]/.test(tag.pattern ?? '')),
    // An anonymous function in the scope (`cnd_matcher.anonFunc97c8…`) is none of our entries: its named one is.
    alike: (scope, _ourKind, ours) => {
      const named = scope.replace(/(\.anonFunc[0-9a-f]+)+$/, '');
      return ours !== undefined && (named === ours || named.endsWith(`.${ours}`));
    } },

  // clojure
  // Compared: namespaces (modules) and `defn` (functions), in their namespace (ctags does not list
  // `defn-`: ours are extra). Skipped: a `defn` a macro's syntax quote builds, its name computed
  // (`(defn ~(symbol …) …)`, which ctags names `~`).
  { label: 'clojure', folder: 'langs/clojure', endings: ['.clj', '.cljs', '.cljc'], ctags: 'Clojure', letters: '*', kinds: { namespace: 'module', function: 'function' }, compared: ['module', 'function'],
    separator: '\0', skip: (tag) => tag.name.startsWith('~') },

  // erlang
  // Compared: the module, functions (one a clause, as both list them), records, types and macros.
  { label: 'erlang', folder: 'langs/erlang', endings: ['.erl', '.hrl'], ctags: 'Erlang', letters: '*', kinds: { module: 'module', function: 'function', record: 'struct', type: 'type', macro: 'macro' }, compared: ['module', 'function', 'struct', 'type', 'macro'] },

  // proto
  // Compared: the package (a module), messages, enums, services and rpcs, nested. Not compared, as
  // an outline lists no members: fields, enum values, oneofs. ctags's scope is the dotted path from
  // the package: as a parent, our package is compared by its last segment. Skipped, as ctags misreads
  // them: an enum on a field's line (`Enum b = 2;`, a field of a type named `Enum`), and an indented
  // message ctags scopes in the package, having lost the message around it after a field's options
  // holding braces (`[(buf.validate.field).cel = { … }]`).
  { label: 'proto', folder: 'langs/proto', endings: ['.proto'], ctags: 'Protobuf', letters: 'pmgsr', kinds: { package: 'module', message: 'struct', enum: 'enum', service: 'interface', rpc: 'method' }, compared: ['module', 'struct', 'enum', 'interface', 'method'],
    skip: (tag) => (tag.kind === 'enum' && /^\/\^\s*[\w.]+\s+\w+\s*=\s*\d/.test(tag.pattern ?? '')) || (tag.kind === 'message' && tag.scopeKind === 'package' && /^\/\^\s+message\b/.test(tag.pattern ?? '')),
    normalize: (definition, parent) => ({ name: definition.name, parent: parent?.kind === 'module' ? parent.name.split('.').at(-1) : parent?.name }) },

  // make
  // Compared: variables and `define`s (ctags's macros: our consts and macros) and targets (functions).
  // Skipped, as ctags misreads it: the target pattern of a static pattern rule, which ctags lists as
  // a target (`$(OBJS): %.o: %.c` gives `%.o`; the rule's targets are `$(OBJS)`). Not skipped, though
  // we read them otherwise: a shell variable set in a recipe (`\tbindir=$$(cd …)`), and an assignment
  // after a rule's line that a conditional holds (`.PHONY: x⏎ifeq (…)⏎\tCFLAGS= …`), which make reads
  // as a line of the rule's recipe, as we do.
  { label: 'make', folder: 'langs/make', endings: ['Makefile', 'makefile', 'GNUmakefile', '.mk', '.mak'], ctags: 'Make', letters: 'mt', kinds: { macro: undefined, target: 'function' }, compared: ['const', 'macro', 'function'],
    skip: (tag) => tag.kind === 'target' && tag.name.includes('%') && new RegExp(`:\\s*${escapeRegExp(tag.name)}\\s*:`).test((tag.pattern ?? '').replace(/\\([/\\])/g, '$1')) },

  // cmake
  // Compared: functions, macros, targets and projects (our modules) and options (consts). Not
  // compared: `set()` variables, which an outline does not list, and `-D` options. Skipped: tags
  // on the lines of a bracket comment or argument (`#[=[.rst: … ]=]`, a module's documentation),
  // whose code examples ctags reads as the file's own.
  { label: 'cmake', folder: 'langs/cmake', endings: ['CMakeLists.txt', '.cmake'], ctags: 'CMake', letters: 'fmtpD', kinds: { function: 'function', macro: 'macro', target: 'module', project: 'module', option: 'const' }, compared: ['function', 'macro', 'module', 'const'],
    skip: ((bracketLines = linesOfBrackets()) => (tag: CtagsTag) => bracketLines(tag.path).has(tag.line))() },

  // sql
  // Compared: tables (structs), views (types), functions and procedures (functions). Not compared:
  // columns (ctags's fields), indexes, and what ctags finds in a body (its variables, cursors, labels).
  { label: 'sql', folder: 'langs/sql', endings: ['.sql'], ctags: 'SQL', letters: 'tVfp', kinds: { table: 'struct', view: 'type', function: 'function', procedure: 'function' }, compared: ['struct', 'type', 'function'] },

  // elisp
  // Compared: what ctags's EmacsLisp parser names by its definer: functions, `defsubst`s, inlines,
  // aliases, minor and derived modes (our functions), macros, variables, customs, faces, constants
  // and variable aliases (consts), groups and themes (modules), errors (types). Not compared: its
  // `unknown`, any other form whose head starts with `def` (`defhydra`, `defadvice`, `define-key`…).
  // ctags reads a form only where its `(def` opens a line at the margin, and scopes nothing: what we
  // list in a `defun` (a `defvar` declaring a special variable), or not at the margin, is extra.
  { label: 'elisp', folder: 'langs/elisp', endings: ['.el'], ctags: 'EmacsLisp', letters: 'CDGHMTVacefimsv',
    kinds: { function: 'function', subst: 'function', inline: 'function', alias: 'function', minorMode: 'function', derivedMode: 'function', macro: 'macro', variable: 'const', custom: 'const', face: 'const', const: 'const', varalias: 'const', group: 'module', theme: 'module', error: 'type' },
    compared: ['function', 'macro', 'const', 'module', 'type'] },

  // html
  // Compared: elements' ids and `<a name>` anchors (our keys), h1 to h3 headings, named by their text.
  // Not compared: classes, and the scripts and stylesheets a page links (references, not
  // definitions). ctags scopes nothing: what we nest (an id in the element of another) is no
  // difference of parent. ctags puts a heading on the line it closes on: it stands for the line of
  // its first text, where we put it (`<h1>⏎  Title⏎</h1>`: line 2, not 3).
  { label: 'html', folder: 'langs/html', endings: ['.html', '.htm'], ctags: 'HTML', letters: 'Iahij',
    kinds: { id: 'key', anchor: 'key', heading1: 'heading', heading2: 'heading', heading3: 'heading' }, compared: ['key', 'heading'],
    line: htmlHeadingLine() },

  // fortran
  // Compared: programs, modules, submodules and block data (our modules), functions and subroutines
  // (functions), named interfaces, derived types (structs) and their type-bound procedures (methods),
  // nested. ctags names an operator's interface or binding by its operator (`+`), we as written
  // (`operator(+)`). Not compared: variables, components, enumerators, entry points, common blocks,
  // namelists, labels, which an outline does not list, and what an interface block declares (ctags's
  // prototypes, off by default: ours are extra).
  { label: 'fortran', folder: 'langs/fortran', endings: ['.f90', '.F90', '.f95', '.f03', '.f08'], ctags: 'Fortran', letters: 'mSpbfsitM',
    kinds: { module: 'module', submodule: 'module', program: 'module', blockData: 'module', function: 'function', subroutine: 'function', interface: 'interface', type: 'struct', method: 'method' },
    compared: ['module', 'function', 'interface', 'struct', 'method'],
    normalize: (definition, parent) => ({ name: operatorOf(definition.name), parent: parent === undefined ? undefined : operatorOf(parent.name) }) },

  // scheme
  // ctags reads a line that begins with `(def` at its first column as a definition (its "function"),
  // named by the first word after it, any parentheses skipped: compared as any of ours. It lists no
  // indented definition (a library's, a function's own), which we list: ours are extra. A library
  // is compared by the first word of its name (ctags's `example` of `(define-library (example queue)`).
  // Skipped: a form of a project's own whose name begins with `def` (`(define-logger name`, a use of
  // a macro defining who knows what), and tags on the lines of a block comment `#| … |#`, which ctags
  // reads as code.
  { label: 'scheme', folder: 'langs/scheme', endings: ['.scm', '.ss', '.sld', '.sls', '.sps'], ctags: 'Scheme', letters: 'f', kinds: { function: undefined },
    compared: ['function', 'const', 'macro', 'struct', 'module'], normalize: libraryFirstWord,
    skip: schemeSkip(['define', 'define*', 'define-inline', 'define-integrable', 'define-syntax', 'define-macro', 'define-syntax-rule', 'define-record-type', 'define-library']) },

  // racket
  // ctags has no Racket parser and maps `.rkt` to Scheme: compared as the scheme row. Not compared:
  // `struct` and `module`, which begin with no `(def`. Skipped as in the scheme row, Racket's forms
  // known.
  { label: 'racket', folder: 'langs/racket', endings: ['.rkt'], ctags: 'Scheme', letters: 'f', kinds: { function: undefined },
    compared: ['function', 'const', 'macro', 'struct', 'type'],
    skip: schemeSkip([
      'define', 'define/contract', 'define/public', 'define/private', 'define/override', 'define/augment', 'define/pubment',
      'define/public-final', 'define/override-final', 'define/augride', 'define/overment', 'define/augment-final', 'define-for-syntax',
      'define-syntax', 'define-syntax-rule', 'define-simple-macro', 'define-syntax-parser', 'define-syntax-parse-rule', 'define-struct', 'define-record-type', 'define-type',
    ]) },

  // json
  // ctags tags every value, an array's elements too, named by their index (`0`; a top-level array's
  // have no scope): they are no keys, so not compared. A tag's scope is the path of keys and indices
  // (`spec.containers.0`), a key's own dots left as they are (`exports../sub`): the row takes the
  // whole scope (no separator splits it) and `jsonScopeAlike` reads the parent off its end. ctags
  // does not read comments (tsconfig's `//`): it loses the key after one, which we list ("extra").
  {
    label: 'json', folder: 'langs/json', endings: ['.json'], ctags: 'JSON', letters: '*',
    kinds: { object: 'key', array: 'key', number: 'key', string: 'key', boolean: 'key', null: 'key' }, compared: ['key'],
    separator: '\0', skip: (tag) => tag.scopeKind === 'array' || (tag.scope === undefined && /^\d+$/.test(tag.name) && tag.pattern?.includes(`"${tag.name}"`) !== true),
    alike: jsonScopeAlike,
  },
];

/**
 * Whether a ctags pattern's line (`/^…$/` less its `/^`) holds `name` as a record's field, as ctags lists
 * one: a name in lower case, first on the line or after `{` or `,`, before `::`, `,` or the line's end,
 * outside parentheses and brackets (ctags also lists the word after a comma in a tuple type, `(Int, Int)`).
 */
function isRecordField(name: string, line: string): boolean {
  if (!/^[a-z_][\w']*$/.test(name)) return false;
  const text = line.replace(/\$\/$/, '');
  const depth = (before: string) => (before.match(/[([]/g)?.length ?? 0) - (before.match(/[)\]]/g)?.length ?? 0);
  for (const match of text.matchAll(new RegExp(`(?:^\\s*|[{,]\\s*)${escapeRegExp(name)}\\s*(?:::|,|$)`, 'g'))) {
    if (depth(text.slice(0, match.index)) === 0) return true;
  }
  return false;
}

/**
 * JSON: ctags's scope `a.b` stands for our parent `b` (or `a.b`, a key written with a dot); `a.b.1`,
 * a key of the array `b`'s second element, for `b` too; and `0`, an element of a top-level array, for
 * no parent. An index is only taken off where the whole scope does not name ours (`responses.200`).
 */
function jsonScopeAlike(scope: string, _ourKind: string | undefined, ours: string | undefined): boolean {
  for (let rest = scope; ; rest = rest.replace(/(^|\.)\d+$/, '')) {
    if (ours === undefined ? rest === '' : rest === ours || rest.endsWith(`.${ours}`)) return true;
    if (!/(^|\.)\d+$/.test(rest)) return false;
  }
}

const withoutSpace = (text: string) => text.replace(/\s+/g, '');

/** A selector list's selectors: split at the commas outside `(…)`, `[…]` and strings. */
function splitSelectors(list: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quote = '';
  let start = 0;
  for (let i = 0; i < list.length; i++) {
    const c = list[i]!;
    if (quote !== '') {
      if (c === '\\') i++;
      else if (c === quote) quote = '';
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '(' || c === '[') depth++;
    else if (c === ')' || c === ']') depth--;
    else if (c === ',' && depth === 0) {
      parts.push(list.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(list.slice(start));
  return parts.map((part) => part.trim());
}

/** Per CSS or SCSS file and line, the first selectors of the rules that start there that no tag has stood for yet. */
const firstSelectorsLeft = new Map<string, Map<number, string[]>>();

/** The first selectors left on a tag's line (see `firstSelectors`), read once a file. */
function firstSelectorsLeftOn(tag: CtagsTag, language: 'css' | 'scss'): string[] | undefined {
  let byLine = firstSelectorsLeft.get(tag.path);
  if (byLine === undefined) {
    byLine = firstSelectors(tag.path, language);
    firstSelectorsLeft.set(tag.path, byLine);
  }
  return byLine.get(tag.line);
}

/** Takes the first selector of `left` that `stands` for the tag, if any. */
function takeSelector(left: string[] | undefined, stands: (selector: string) => boolean): boolean {
  const at = left?.findIndex(stands) ?? -1;
  if (at < 0) return false;
  left!.splice(at, 1);
  return true;
}

/**
 * Whether a ctags tag names the first selector of a rule that starts on its line, that no earlier
 * tag has stood for. The count matters on a minified file's one line, where a word ctags misreads
 * (`button` of `[role=button]`) may also begin some rule: as many tags are kept as rules begin so.
 */
function takeCssFirstSelector(tag: CtagsTag): boolean {
  const name = withoutSpace(tag.name);
  return takeSelector(firstSelectorsLeftOn(tag, 'css'), (selector) => withoutSpace(selector) === name);
}

/** Whether a selector holds a class, id or placeholder token (`.btn`) whole: not `.btn-x`. */
function holdsToken(selector: string, token: string): boolean {
  return new RegExp(`${escapeRegExp(token)}(?![A-Za-z0-9_-])`).test(selector);
}

/**
 * Whether a ctags class, id or placeholder tag (named with its `.`, `#` or `%`) is a token of the
 * first selector of a rule that starts on its line, that no earlier tag has stood for: ctags tags
 * each class of a selector (`.button.is-small` gives `button` and `is-small`), the first one it
 * reaches stands for the rule.
 */
function takeScssFirstSelector(tag: CtagsTag): boolean {
  return takeSelector(firstSelectorsLeftOn(tag, 'scss'), (selector) => holdsToken(selector, tag.name));
}

/**
 * The first selector of each rule of a CSS or SCSS file, by the 1-based line where the rule's
 * selectors start: the text before each `{` outside parentheses and strings (and SCSS's `#{…}`),
 * back to the last `{`, `}` or `;`, that is not an at-rule's prelude. Comments are read as spaces:
 * `/* … *\/`, and SCSS's `//`.
 */
function firstSelectors(file: string, language: 'css' | 'scss'): Map<number, string[]> {
  const scss = language === 'scss';
  const byLine = new Map<number, string[]>();
  const comments = scss ? /\/\*[\s\S]*?\*\/|(?<![:\w])\/\/[^\n]*/g : /\/\*[\s\S]*?\*\//g;
  const text = readFileSync(file, 'utf8').replace(comments, (comment) => comment.replace(/[^\n]/g, ' '));
  let depth = 0;
  let interpolation = 0;
  let quote = '';
  let start = 0;
  let startLine = 1;
  let line = 1;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '\n') line++;
    if (quote !== '') {
      if (c === '\\' && text[++i] === '\n') line++;
      else if (c === quote) quote = '';
    } else if (c === '"' || c === "'") quote = c;
    else if (scss && c === '#' && text[i + 1] === '{') {
      interpolation++;
      i++;
    } else if (c === '}' && interpolation > 0) interpolation--;
    else if (interpolation > 0) continue;
    else if (c === '(' || c === '[') depth++;
    else if (c === ')' || c === ']') depth = Math.max(0, depth - 1);
    else if (depth === 0 && (c === '{' || c === '}' || c === ';')) {
      const prelude = text.slice(start, i);
      const first = prelude.search(/\S/);
      if (c === '{' && first >= 0 && prelude[first] !== '@') {
        const at = startLine + (prelude.slice(0, first).match(/\n/g)?.length ?? 0);
        const selectors = byLine.get(at) ?? [];
        selectors.push(splitSelectors(prelude)[0]!);
        byLine.set(at, selectors);
      }
      start = i + 1;
      startLine = line;
    }
  }
  return byLine;
}

/**
 * CMake: by file, read once, the lines after the first of each bracket comment or argument
 * (`#[[ … ]]`, `[==[ … ]==]`), up to its last. Line comments are read past, so that a `[[` in one opens nothing.
 */
function linesOfBrackets(): (file: string) => ReadonlySet<number> {
  const byFile = new Map<string, Set<number>>();
  return (file) => {
    let lines = byFile.get(file);
    if (lines === undefined) {
      lines = new Set();
      const text = readFileSync(file, 'utf8');
      let line = 1;
      let at = 0;
      for (const m of text.matchAll(/#(?!\[=*\[)[^\n]*|\[(=*)\[[\s\S]*?\]\1\]/g)) {
        for (; at < m.index; at++) if (text.charCodeAt(at) === 10) line++;
        if (m[1] === undefined) continue;
        const last = line + (m[0].match(/\n/g)?.length ?? 0);
        for (let inside = line + 1; inside <= last; inside++) lines.add(inside);
      }
      byFile.set(file, lines);
    }
    return lines;
  };
}

/** Fortran: an operator's name as ctags gives it (`operator(+)` → `+`, `assignment(=)` → `=`), any other as written. */
function operatorOf(name: string): string {
  return /^(?:operator|assignment)\s*\((.*)\)$/i.exec(name)?.[1]?.trim() ?? name;
}

/** Scheme: a library's name by its first word (`(example queue)` → `example`), as ctags names it; any other as written. */
function libraryFirstWord(definition: Definition, parent: Definition | undefined): { name: string; parent: string | undefined } {
  const firstWord = (entry: Definition) => (entry.kind === 'module' ? /^\(\s*([^\s()]+)/.exec(entry.name)?.[1] ?? entry.name : entry.name);
  return { name: firstWord(definition), parent: parent === undefined ? undefined : firstWord(parent) };
}

/**
 * Scheme and Racket: whether ctags's tag is not compared: on a line of a block comment `#| … |#`, or
 * of a form beginning with `def` that is none of the forms the outline lists (`known`).
 */
function schemeSkip(known: readonly string[]): (tag: CtagsTag) => boolean {
  const commentLines = linesInside(/^\s*#\|(?!.*\|#)/, /\|#/);
  const forms = new Set(known);
  return (tag) => {
    const form = /^\/\^\((\S+)/.exec(tag.pattern ?? '')?.[1]?.replace(/\\\//g, '/');
    return commentLines(tag.path).has(tag.line) || (form !== undefined && /^def/i.test(form) && !forms.has(form));
  };
}

/**
 * Perl: by file, read once, the lines of its here-documents' bodies: after a line holding `<<"END"`,
 * `<<'END'`, `<<END` or `<<~END`, up to the line that is `END` (indented, for `<<~`).
 */
function perlHereDocuments(): (file: string) => ReadonlySet<number> {
  const byFile = new Map<string, Set<number>>();
  return (file) => {
    let lines = byFile.get(file);
    if (lines === undefined) {
      lines = new Set();
      let ends: string[] = [];
      for (const [i, line] of readFileSync(file, 'utf8').split('\n').entries()) {
        if (ends.length > 0) {
          if (line.trim() === ends[0]) ends = ends.slice(1);
          else lines.add(i + 1);
        } else {
          ends = [...line.matchAll(/<<~?(?:"(\w+)"|'(\w+)'|([A-Za-z_]\w*))/g)].map((m) => m[1] ?? m[2] ?? m[3]!);
        }
      }
      byFile.set(file, lines);
    }
    return lines;
  };
}

/**
 * By file, read once: the lines inside its delimited blocks, from a line `opens` matches to the next
 * line `closes` matches (the same, unless given), both left out (strings ctags reads as code:
 * heredocs, here-strings).
 */
function linesInside(opens: RegExp, closes = opens): (file: string) => ReadonlySet<number> {
  const byFile = new Map<string, Set<number>>();
  return (file) => {
    let lines = byFile.get(file);
    if (lines === undefined) {
      lines = new Set();
      let open = false;
      for (const [i, line] of readFileSync(file, 'utf8').split('\n').entries()) {
        if (open ? closes.test(line) : opens.test(line)) open = !open;
        else if (open) lines.add(i + 1);
      }
      byFile.set(file, lines);
    }
    return lines;
  };
}

/**
 * HTML: a heading tag's line, as the line of its first text: from the line ctags gives (the one the
 * heading closes on) back to its start tag, then the first line after the tag's `>` holding text.
 */
function htmlHeadingLine(): (tag: CtagsTag) => number {
  const byFile = new Map<string, string[]>();
  return (tag) => {
    if (!tag.kind.startsWith('heading')) return tag.line;
    let lines = byFile.get(tag.path);
    if (lines === undefined) byFile.set(tag.path, (lines = readFileSync(tag.path, 'utf8').split('\n')));
    const level = tag.kind.at(-1)!;
    let start = tag.line - 1;
    while (start > 0 && !new RegExp(`<h${level}\\b`, 'i').test(lines[start] ?? '')) start--;
    const opening = new RegExp(`<h${level}\\b[^>]*>`, 'i').exec(lines[start] ?? '');
    let rest = opening === null ? '' : (lines[start] ?? '').slice(opening.index + opening[0].length);
    for (let line = start; line < tag.line; rest = lines[++line] ?? '') if (rest.replace(/<[^>]*>/g, '').trim() !== '') return line + 1;
    return tag.line;
  };
}
