/** What the parse of a C, C++, Go or Rust file skips (function bodies) and what it keeps: each shape as text in, text out. */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { loadLanguages } from '../src/definitions/manifest.js';
import { outlineDefinitions } from '../src/definitions/engine.js';
import { parseInput } from '../src/definitions/parseInput.js';

const languages = loadLanguages();

/** The text as the grammar reads it, each skipped character shown as `·` (line breaks kept, so that lines stay). */
function read(file: string, text: string): string {
  const input = parseInput(text, languages.of(file)!);
  let shown = '';
  let at = 0;
  for (const [start, end] of input.skipped) {
    assert.ok(start >= at && end > start, 'skipped ranges are ordered, apart and not empty');
    shown += input.text.slice(at, start) + input.text.slice(start, end).replace(/[^\n]/g, '·');
    at = end;
  }
  return shown + input.text.slice(at);
}

describe('C function bodies', () => {
  test('a body is skipped, its braces kept', () => {
    assert.equal(read('a.c', 'int f(void) { return g(1); }\nint x;'), 'int f(void) {··············}\nint x;');
  });

  test('a struct, union or enum defined in a body, a typedef and a #define are kept with their lines', () => {
    const text = 'void f(void)\n{\n\tint a = 1;\n\tstatic const struct local { int x; } t = { 1 };\n\ttypedef int T;\n\tenum e { A };\n#define M 2\n\tstruct local *p = &t;\n}\n';
    assert.equal(
      read('a.c', text),
      'void f(void)\n{\n···········\n·static const struct local { int x; } t = { 1 };\n·typedef int T;\n·enum e { A };\n#define M 2\n······················\n}\n',
    );
  });

  test('a preprocessor conditional in a body keeps its lines, each with its line break', () => {
    assert.equal(read('a.c', 'int f(int x)\n{\n#ifdef A\n\tx++;\n#endif\n\treturn x;\n}\n'), 'int f(int x)\n{\n#ifdef A\n·····\n#endif\n··········\n}\n');
  });

  test('an initializer list outside a body is skipped, not one that holds a preprocessor line', () => {
    assert.equal(read('a.c', 'static int t[] = { 1, 2 };'), 'static int t[] = {······};');
    const withDirective = 'static int t[] = {\n#define X 1\n\tX,\n#undef X\n};';
    assert.equal(read('a.c', withDirective), withDirective);
  });

  test('what is no body stays: an attribute before a struct body, a struct, an enum, extern "C"', () => {
    for (const text of ['struct __attribute__((packed)) { int a; } s;', 'struct s { int a; };', 'enum { A = sizeof(int) };', 'extern "C" { int f(void); }']) {
      assert.equal(read('a.c', text), text);
    }
  });

  test('braces that do not pair as the lines are indented: the body is parsed whole', () => {
    // A macro closes the `if`'s block: the first `}` in the first column is not f's.
    const text = 'int f(void)\n{\n\tif (a) {\n\t\tg();\n\tEND\n}\nint h(void)\n{\n\treturn 0;\n}\n}\n';
    assert.equal(read('a.c', text), 'int f(void)\n{\n\tif (a) {\n······\n····\n}\nint h(void)\n{\n··········\n}\n}\n');
  });
});

describe('C++ function bodies', () => {
  test('a member function body is skipped, the class body is not', () => {
    assert.equal(read('a.cpp', 'class A {\n  int f() const { return 1; }\n  int x;\n};'), 'class A {\n  int f() const {···········}\n  int x;\n};');
  });

  test('qualifiers, a trailing return type, a lambda, an initializer list, a function-like macro', () => {
    assert.equal(read('a.cpp', 'auto f() noexcept -> std::vector<int> { return {}; }'), 'auto f() noexcept -> std::vector<int> {············}');
    assert.equal(read('a.cpp', 'auto g() -> decltype(x) { return x; }'), 'auto g() -> decltype(x) {···········}');
    assert.equal(read('a.cpp', 'auto l = [](int x) mutable { return x; };'), 'auto l = [](int x) mutable {···········};');
    assert.equal(read('a.cpp', 'A::A() : a(1), b(2) { init(); }'), 'A::A() : a(1), b(2) {·········}');
    assert.equal(read('a.cpp', 'TEST_F(Suite, Name) { EXPECT_TRUE(x); }'), 'TEST_F(Suite, Name) {·················}');
  });

  test('a class defined in a body is kept, member bodies and all', () => {
    assert.equal(read('a.cpp', 'void f() { g(); class Local { void m() {} }; h(); }'), 'void f() {······class Local { void m() {} };······}');
  });

  test('what is no body stays: alignas, requires, a class head with bases, a namespace', () => {
    for (const text of ['struct alignas(8) S { int a; };', 'template <class T> requires (sizeof(T) > 1) struct X { int a; };', 'class B : public A<int> { int a; };', 'namespace n { int x; }']) {
      assert.equal(read('a.cpp', text), text);
    }
  });
});

describe('Go function bodies', () => {
  test('a function and a method body are skipped, the line breaks in them kept', () => {
    assert.equal(read('a.go', 'package p\n\nfunc f() int {\n\treturn 1\n}\n\nfunc (t *T) m() {}\n'), 'package p\n\nfunc f() int {\n·········\n}\n\nfunc (t *T) m() {}\n');
  });

  test('type and const declarations that begin a line of a body are kept, whole lines, a line ending in `|` going on', () => {
    const text = 'func f() {\n\tx := 1\n\tconst mask = 1<<2 |\n\t\t1<<3\n\ttype (\n\t\tT struct{ a int }\n\t)\n\tg(func() { type U int; _ = U(0) })\n}\n';
    assert.equal(read('a.go', text), 'func f() {\n·······\n\tconst mask = 1<<2 |\n\t\t1<<3\n\ttype (\n\t\tT struct{ a int }\n\t)\n···································\n}\n');
  });

  test('the braces of a signature are not the body; a declaration without a body skips nothing', () => {
    assert.equal(read('a.go', 'func f(x struct{ a int }) interface{} { return nil }'), 'func f(x struct{ a int }) interface{} {············}');
    assert.equal(read('a.go', 'func g[T any](x T) map[string]struct{} { return nil }'), 'func g[T any](x T) map[string]struct{} {············}');
    assert.equal(read('a.go', 'func h(x int)\nvar v = 1\n'), 'func h(x int)\nvar v = 1\n');
  });

  test('the literals that give top-level variables their values are skipped, not a struct type', () => {
    assert.equal(read('a.go', 'var table = []entry{\n\t{1, "a"},\n}\n'), 'var table = []entry{\n··········\n}\n');
    assert.equal(read('a.go', 'var (\n\tm = map[string]struct{}{"a": {}}\n\tf = func() int { return 1 }\n\ts struct{ a int }\n)\n'), 'var (\n\tm = map[string]struct{}{·······}\n\tf = func() int {··········}\n\ts struct{ a int }\n)\n');
  });

  test('strings, raw strings and comments hold no brace that counts', () => {
    const text = 'func f() {\n\ts := "}"\n\tr := `\n}`\n\t// }\n}\nfunc g() {}\n';
    assert.equal(read('a.go', text), 'func f() {\n·········\n·······\n··\n·····\n}\nfunc g() {}\n');
  });
});

describe('Rust function bodies', () => {
  test('a function and a method body are skipped; a trait method without one skips nothing', () => {
    assert.equal(read('a.rs', 'fn f() -> u8 { 1 }\nimpl S {\n    pub fn g(&self) { h() }\n}\ntrait T { fn m(&self); }'), 'fn f() -> u8 {···}\nimpl S {\n    pub fn g(&self) {·····}\n}\ntrait T { fn m(&self); }');
  });

  test('the items of a body are kept, with their attributes; a statement, a block, a closure are not', () => {
    const text = 'fn f() {\n    let x = 1;\n    #[derive(Debug)]\n    struct P(u8);\n    impl P { fn get(&self) -> u8 { self.0 } }\n    const N: [u8; 2] = [1, 2];\n    unsafe { g() }\n    let c = || { 2 };\n}';
    assert.equal(read('a.rs', text), 'fn f() {\n··············\n····#[derive(Debug)]\n    struct P(u8);\n····impl P { fn get(&self) -> u8 { self.0 } }\n····const N: [u8; 2] = [1, 2];\n··················\n·····················\n}');
  });

  test('what a macro is given is no item; an inner attribute is a statement of its own', () => {
    assert.equal(read('a.rs', 'fn f() { thread_local! { static X: u8 = 1; } }'), 'fn f() {·····································}');
    assert.equal(read('a.rs', 'fn f() { #![allow(dead_code)] fn g() {} }'), 'fn f() {······················fn g() {}·}');
  });

  test('strings, raw strings, characters, lifetimes and nested comments hold no brace that counts', () => {
    const text = "fn f<'a>(x: &'a str) -> char {\n    let s = r#\"}\"#; /* { /* } */ */\n    '}'\n}\nfn g() {}";
    assert.equal(read('a.rs', text), "fn f<'a>(x: &'a str) -> char {\n···································\n·······\n}\nfn g() {}");
  });
});

describe('what the parse reads around skipped bodies', () => {
  test('stays where it is in the file, after characters of two UTF-16 units and in lines of any length', async () => {
    const text = '/* 日本語 😀 */\nint f(void) { const char *s = "ü😀"; return 0; }\n/* ü */ int g(int x)\n{\n\t/* 😀 */ return x;\n}\nstruct s { int a; };\n';
    const found = (await outlineDefinitions(languages, 'u.c', text)).map((d) => `${d.startLine}-${d.endLine} ${d.kind} ${d.name}`);
    assert.deepEqual(found, ['2-2 function f', '3-6 function g', '7-7 struct s']);
  });
});

describe('text that is no code', () => {
  // Each pass reads a file once: were a body's braces counted anew for each `{`, or a signature read
  // to the file's end for each `fn`, these would take hours, not a second.
  const lines = 200_000;
  test('braces opened on every line and closed at the end, in C, C++, Go and Rust', () => {
    for (const [file, head] of [['a.c', 'void f(void) {'], ['a.cpp', 'void f() {'], ['a.go', 'func f() {'], ['a.rs', 'fn f() {']] as const) {
      const text = `${`${head}\n`.repeat(lines)}${'}\n'.repeat(lines)}`;
      const input = parseInput(text, languages.of(file)!);
      assert.ok(input.skipped.every(([start, end]) => start < end && end <= text.length), file);
    }
  });

  test('a signature without end, again and again, in Rust', () => {
    assert.deepEqual(parseInput('fn f ( x ) '.repeat(lines), languages.of('a.rs')!).skipped, []);
  });
});

describe('other languages', () => {
  test('a language without body rules is parsed whole', () => {
    assert.deepEqual(parseInput('function f() { let x = 1; }', languages.of('a.js')!).skipped, []);
  });
});
