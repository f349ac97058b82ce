/**
 * Where a C or C++ definition's name may stand (src/languages/c/definitionSites.ts): find_symbol
 * parses no file this says cannot define the name, so it must never say so of a file that does.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, test } from 'node:test';
import { lastSegment } from '../src/definitions/definition.js';
import { definitionSites, mayDefine } from '../src/definitions/definitionSites.js';
import { outlineDefinitions } from '../src/definitions/engine.js';
import { written } from '../src/definitions/languages.js';
import { loadLanguages } from '../src/definitions/manifest.js';
import { nonCode } from '../src/languages/c/cText.js';
import { openProject } from '../src/session/project.js';
import { findSymbol } from '../src/tools/findSymbol.js';
import { outline } from '../src/tools/outline.js';
import { wholeWordLines } from '../src/text/wholeWord.js';
import { fixturesRoot } from './helpers.js';

const languages = loadLanguages();
const c = languages.of('x.c')!;
const cpp = languages.of('x.cpp')!;

describe('where a C or C++ definition may stand', () => {
  test('a file whose every kmalloc is a use, a comment or a string cannot define it', () => {
    const uses = [
      'p = kmalloc(size, GFP_KERNEL);',
      '\treturn kmalloc(n, flags);',
      'if (!kmalloc(1, 0)) return;',
      'ops->kmalloc(4);',
      'static struct ops o = { .kmalloc = my_alloc };',
      '#ifdef kmalloc',
      '#if defined kmalloc',
      'x = a ? kmalloc(1) : 0;',
      'n = sizeof kmalloc;',
      'y = t[kmalloc];',
      '#include <kmalloc.h>',
      'a += kmalloc;',
      'case kmalloc:',
      '/* memory from kmalloc */',
      'printf("kmalloc failed");',
      'x = 1;\n\tkmalloc(4, 0);',
      'if (x) {\n\tkmalloc(4, (n));\n}',
      'if (a && (b || c))\n\tkmalloc(4, 0);',
      'list_for_each_entry_safe(p, n, &head, list)\n\tkmalloc(4, (n));',
      'err:\n\tkmalloc(4, 0);',
      'p =\n\tkmalloc(sizeof(*p), GFP_KERNEL);',
      'return\n\tkmalloc(n, flags);',
      'x = y +\n\tkmalloc(1);',
      // A call in another call's arguments, or a statement of its own after others on its line.
      'dxtrace(kmalloc(4, 0));',
      'LOG_AT(3, p, kmalloc(4, 0));',
      'LOG_AT(3,\n\tkmalloc(4, 0));',
      'if (x) kmalloc(4, 0);',
      'for (i = 0; i < n; i++) kmalloc(4, (n));',
      'x = 1; kmalloc(4, 0);',
      '{ kmalloc(4, 0); }',
      'x = 1;\n\tkmalloc(4, "a(");',
      '}\n\n\tkmalloc(4, \')\');',
      'const char *s = R"(\nkmalloc(size_t n) {\n)";',
      'x = 1; /* a comment\n over lines */ #define y \\\n\t= kmalloc \\\n\t+ 1;',
      // A macro's body: the outline lists nothing of it (`zumba outline` of each, as C, C++ and a .h).
      '#define pr_alloc(n) \\\n\tkmalloc(n, GFP_KERNEL)',
      '#define DECLARE_ALLOC(T) \\\n    static T *kmalloc(size_t n) \\\n    { return 0; }',
      '/* a comment */ #define X \\\n\t= kmalloc \\\n\t+ 1',
      // A type named ahead of its definition: the outline lists it nowhere, its keyword scanner's reading included (recovery.ts).
      'struct kmalloc;',
      'union kmalloc;\nenum kmalloc ;',
    ];
    for (const line of uses) assert.equal(mayDefine(c, Buffer.from(`${line}\n`), 'kmalloc'), false, line);
    assert.equal(mayDefine(c, Buffer.from(`${uses.join('\n')}\n`), 'kmalloc'), false);
  });

  test('a file where kmalloc may be a definition may define it', () => {
    const definitions = [
      'void *kmalloc(size_t size, gfp_t flags)',
      'kmalloc(size_t size, gfp_t flags)',
      '\tKMALLOC_A, kmalloc,',
      'SYSCALL_DEFINE1(kmalloc, int, n)',
      '} kmalloc;',
      'int a, kmalloc;',
      'static int kmalloc __read_mostly;',
      'void *(kmalloc)(size_t n);',
      '#define kmalloc(n) malloc(n)',
      'p = f(x); void *kmalloc(size_t n);',
      'extern int a, kmalloc(size_t n);',
      'extern int a,\n\tkmalloc(size_t n);',
      'int f(void), kmalloc(size_t n);',
      'x = 1; kmalloc(size_t n) {',
      // The line above ends with `;` in a comment, or in a macro: the token before the name is another.
      'int // the type;\nkmalloc(size_t n);',
      'int /* a;\n b; */\nkmalloc(size_t n);',
      '#define RESET \\\n\tx = 0;\nkmalloc(size_t n);',
      // What the grammar reads as a function's declarator, after the type a brace closes.
      'struct s {\n\tint a;\n} kmalloc(8);',
      'static void *\nkmalloc(size_t n);',
      'x = 1;\nkmalloc(size_t n)\n{',
      '/* a comment the keyword scanner reads, where the grammar fails:\n   function kmalloc returns NULL … */',
      'INITFN_RESULT_TYPE(Handler, void (int))\nkmalloc(size_t n);',
      'p =\n\tq;\nvoid *\nkmalloc(size_t n) {',
      'n = 1\'000; int kmalloc;',
      'x = \'a\'; y = u8\'b\';\nvoid *kmalloc(size_t n);',
      // A comment in a macro ends what the grammar reads as its body: what follows is read as code (the outline lists `5 macro kmalloc`).
      '#define CLOCKMODES \\\n\t/* both */ \\\n\tARCHTIMER, \\\n\t/* only */ \\\n\tkmalloc',
      '#              define kmalloc\t\t\t0',
      '#define \\\n\tkmalloc \\\n\t(0x1UL << 9)',
      '.macro ALLOC reg\n\tmovhi \\reg, %kmalloc(4)\n.endm',
    ];
    for (const line of definitions) assert.equal(mayDefine(c, Buffer.from(`${line}\n`), 'kmalloc'), true, line);
    for (const line of ['void Pool::kmalloc(size_t n) {', 'std::vector<int> kmalloc;', 'public: kmalloc(); int &kmalloc;', 'class kmalloc {\npublic:\n  kmalloc() {}\n};', 'auto x = 0x0000\'FF00; int kmalloc;', 'TEST_CASE("kmalloc", "[alloc]") {\n}', 'TEST_CASE_METHOD(Fixture, "kmalloc") {\n}', 'TEST_CASE("a") {\n  SECTION("kmalloc") {}\n}', 'template <class T> class kmalloc {', 'inline Streams::IBuffer^ kmalloc(']) {
      assert.equal(mayDefine(cpp, Buffer.from(`${line}\n`), 'kmalloc'), true, line);
    }
  });

  test('a .h file is tested as the language its text is written in: C and C++ by where a name stands, Objective-C anywhere', () => {
    const header = languages.of('x.h')!;
    const use = 'p = kmalloc(n);\n';
    assert.equal(mayDefine(header, Buffer.from(use), 'kmalloc'), false);
    assert.equal(mayDefine(header, Buffer.from(`template <class T> struct Box {};\n${use}`), 'kmalloc'), false);
    // Objective-C has no test of its own: a file in it may define the name wherever the name is.
    assert.equal(mayDefine(header, Buffer.from(`@interface Pool : NSObject\n@end\n${use}`), 'kmalloc'), true);
    assert.equal(written(header, `#import <Foundation/Foundation.h>\n${use}`).name, 'objc');
    assert.equal(mayDefine(header, Buffer.from(`#import <Foundation/Foundation.h>\n${use}`), 'kmalloc'), true);
  });

  test('a name that is no whole word of the file is defined nowhere in it, in any language', () => {
    assert.equal(mayDefine(c, Buffer.from('void *kmalloc_node(size_t n);\n'), 'kmalloc'), false);
    assert.equal(mayDefine(languages.of('x.py')!, Buffer.from('x = kmalloc_node(1)\n'), 'kmalloc'), false);
    assert.equal(mayDefine(languages.of('x.py')!, Buffer.from('x = kmalloc(1)\n'), 'kmalloc'), true);
  });

  test('every definition of the C and C++ fixtures stands where it may', async () => {
    let checked = 0;
    const missed: string[] = [];
    for (const relative of readdirSync(fixturesRoot, { recursive: true, encoding: 'utf8' })) {
      const language = languages.defining(relative);
      if (language === undefined || relative.endsWith('.outline')) continue;
      let bytes: Buffer;
      try {
        bytes = readFileSync(path.join(fixturesRoot, relative));
      } catch {
        continue; // A folder.
      }
      if (written(language, bytes.toString('utf8')).grammar?.definitionSites === undefined) continue;
      const fileMayDefine = definitionSites(language, bytes);
      for (const definition of await outlineDefinitions(languages, relative, bytes.toString('utf8'))) {
        const word = lastSegment(definition.name);
        if (wholeWordLines(bytes, word).next().done) continue; // Not a word of the file: no filter can find it.
        checked++;
        if (!fileMayDefine(word) || !mayDefine(language, bytes, word)) missed.push(`${relative}:${definition.startLine} ${definition.kind} ${definition.name}`);
      }
    }
    assert.deepEqual(missed, []);
    assert.ok(checked >= 250, `only ${checked} definitions checked`);
  });
});

describe("C text's quotes", () => {
  /** The text of each range nonCode passes over. */
  const passedOver = (text: string) => {
    const { ranges } = nonCode(text);
    return Array.from({ length: ranges.length / 2 }, (_, i) => text.slice(ranges[2 * i]!, ranges[2 * i + 1]!));
  };

  test("a quote between digits separates them; one after a word's letter begins a character", () => {
    assert.deepEqual(passedOver("long x = 1'000'000; char c = 'a'; y = 0xFF'FF'ab; z = u8'b' + a1'c';"), ["'a'", "'b'", "'c'"]);
    assert.deepEqual(passedOver("/* 1 */2'0; /* x */'y'"), ['/* 1 */', '/* x */', "'y'"]);
  });

  test('a number of 100,000 separators is one number, and a character after it is one', () => {
    assert.deepEqual(passedOver(`x = 1${"'1".repeat(100_000)}; c = 'q';`), ["'q'"]);
  });
});

describe('find_symbol through an index', () => {
  test("a word the grammar's error recovery takes for a definition, in a file no definition of it may stand in: not listed, with an index as without one", async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'zumba-recovered-'));
    // A macro that makes functions, with no `;` after it, and (once the pre-parse has read the static
    // object a macro makes as spaces) a call: the grammar reads the two as a function named after the call.
    writeFileSync(
      path.join(root, 'gauge.c'),
      ['gauge_param_store(level)', '', 'static GAUGE_ATTR_RW(level_offset, offset, 1);', '', 'register_gauge_driver(gauge_driver);', ''].join('\n'),
    );
    writeFileSync(path.join(root, 'gauge.h'), '#define register_gauge_driver(driver) driver\n');
    // An hour old: a file changed in the last seconds is not trusted to the index.
    const hourAgo = (Date.now() - 3600_000) / 1000;
    for (const name of ['gauge.c', 'gauge.h', '']) utimesSync(path.join(root, name), hourAgo, hourAgo);
    const filling = openProject(root);
    await filling.search.index();
    await filling.search.close();
    const indexed = openProject(root);
    const alone = openProject(root, { noCache: true });
    try {
      assert.match(await outline(indexed, { path: 'gauge.c' }), /^5 function register_gauge_driver$/m, 'the outline lists what the grammar made of the call');
      const expected = 'gauge.h:1 macro — #define register_gauge_driver(driver) driver';
      assert.equal(await findSymbol(indexed, { name: 'register_gauge_driver' }), expected);
      assert.equal(await findSymbol(alone, { name: 'register_gauge_driver' }), expected);
    } finally {
      await Promise.all([indexed.search.close(), alone.search.close()]);
      rmSync(root, { recursive: true, force: true });
    }
  });
});
