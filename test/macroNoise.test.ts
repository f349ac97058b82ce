/** What the C/C++ (and Objective-C) pre-parse passes blank, and what they leave: each shape as text in, text out (offsets kept). */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { loadLanguages } from '../src/definitions/manifest.js';
import { cTokens, withoutMacros, type MacroRules } from '../src/languages/c/macroNoise.js';

const rules = loadLanguages().of('x.cpp')!.macros!;
const objcRules = loadLanguages().of('x.m')!.macros!;
/** The text as the grammar reads it, each character blanked shown as `_` so that an assertion reads. */
const read = (text: string, macros: MacroRules = rules) => {
  const parsed = withoutMacros(cTokens(text, macros), macros, []);
  assert.equal(parsed.length, text.length);
  return [...parsed].map((c, i) => (c === ' ' && text[i] !== ' ' ? '_' : c)).join('');
};

describe('C/C++ text before the parse', () => {
  test('a macro after a function and its qualifiers, before its body, its end, = 0, its initializers', () => {
    assert.equal(read('size_t size() const BOOST_ASIO_NOEXCEPT {'), 'size_t size() const ___________________ {');
    assert.equal(read('void destroy() BOOST_ASIO_NOEXCEPT = 0;'), 'void destroy() ___________________ = 0;');
    assert.equal(read('int deadline() const noexcept Q_DECL_PURE_FUNCTION;'), 'int deadline() const noexcept ____________________;');
    assert.equal(read('T(T&& o) BOOST_ASIO_NOEXCEPT\n  : a(o.a) {}'), 'T(T&& o) ___________________\n  : a(o.a) {}');
  });

  test('a macro before a destructor, or before a constructor of the class it is in', () => {
    assert.equal(read('class R {\n  BOOST_ASIO_DECL ~R();\n};'), 'class R {\n  _______________ ~R();\n};');
    assert.equal(read('class Q_CORE_EXPORT Timer : public Base {\n  Q_DECL_CONSTEXPR Timer(int t) : t(t) {}\n};'), 'class _____________ Timer : public Base {\n  ________________ Timer(int t) : t(t) {}\n};');
  });

  test("a macro after an Objective-C method's or property's last word, before its body or its end; a C function of that shape stays", () => {
    assert.equal(
      read('- (void)task:(T *)task\n   didFinish:(M *)metrics AF_API_AVAILABLE(ios(10), macosx(10.12))\n{', objcRules),
      '- (void)task:(T *)task\n   didFinish:(M *)metrics _________________________ ______________\n{',
    );
    assert.equal(read('+ (instancetype)shared MY_EXPORT MY_DEPRECATED("use new");', objcRules), '+ (instancetype)shared _________ __________________ _____;');
    assert.equal(read('@property (nonatomic) M *metrics AF_API_AVAILABLE(ios(10));', objcRules), '@property (nonatomic) M *metrics _________________________;');
    assert.equal(read('void LOG_LINE(int level) {\n}\nx = a - b;\nint y MY_SIZE(4);', objcRules), 'void LOG_LINE(int level) {\n}\nx = a - b;\nint y MY_SIZE(4);');
  });

  test('a static object a macro makes, `static` first on its line, is blanked to its `;`; a function, a value or a later declaration of that shape stays', () => {
    assert.equal(read('static SENSOR_DEVICE_ATTR_RO(temp2_fault, alarm, BIT(0) | BIT(1));\nint x;'), '______ __________________________________ ______ ______ _ ________\nint x;');
    assert.equal(read('static SENSOR_DEVICE_ATTR_2_RW(temp1_offset, limit,\n\t1, 0x20 + 1);'), '______ _____________________________________ ______\n___ ____ _ ___');
    assert.equal(read('static DEFINE_MUTEX(lock);'), '______ ___________________');
    assert.equal(read('static const DECLARE_TLV_DB_SCALE(pga_tlv, -9750, 50, 1);'), '______ _____ _____________________________ ______ ___ ___');
    for (const stays of ['static int f(void);', 'static DEFINE_HANDLER(reset)\n{\n}', 'static const struct soc_enum e = SOC_ENUM_SINGLE(1, 2);', 'int a; static FOO_ATTR(b, 1);', 'static FOO_ATTR(b, 1) = { 0 };']) {
      assert.equal(read(stays), stays);
    }
  });

  test('a macro that is a type stays: before a function not named as its class, or outside one', () => {
    assert.equal(read('LED_CONFIG get(void);'), 'LED_CONFIG get(void);');
    assert.equal(read('class Timer {\n  QT_TYPE other(int t);\n};'), 'class Timer {\n  QT_TYPE other(int t);\n};');
    assert.equal(read('int const LIMIT = 3;'), 'int const LIMIT = 3;');
  });

  test("Boost's unnamed `type* = 0` parameter loses its `*`; `*=` and `&=` stay", () => {
    assert.equal(read('void f(typename enable_if<c>::type* = 0);'), 'void f(typename enable_if<c>::type_ = 0);');
    assert.equal(read('void g(const T& = T());'), 'void g(const T_ = T());');
    assert.equal(read('T& operator*=(T x);\nvoid n() { x *= 2; y &= 3; }'), 'T& operator*=(T x);\nvoid n() { x *= 2; y &= 3; }');
  });

  test('a conditional inside a class head reads as its first branch; one between declarations stays', () => {
    assert.equal(
      read('class A\n#ifndef NO_BASE\n  : public B\n#else\n  : public C\n#endif\n{\n};'),
      'class A\n_______ _______\n  : public B\n_____\n  _ ______ _\n______\n{\n};',
    );
    const between = 'struct s;\n#ifdef X\nstruct t { int a; };\n#else\nstruct t { long a; };\n#endif\n';
    assert.equal(read(between), between);
  });

  test("a conditional whose first branch opens a block another branch opens too reads as its first branch, its branches' macros kept", () => {
    assert.equal(
      read('void f() {\n#ifdef A\n  if (a) {\n#else\n#define B 1\n  if (b) {\n#endif\n    g();\n  }\n}'),
      'void f() {\n______ _\n  if (a) {\n_____\n#define B 1\n  __ ___ _\n______\n    g();\n  }\n}',
    );
  });

  test('conditionals nested in a blanked branch, and in a kept one, each blank once (the text keeps its length)', () => {
    // After `is_type(1)` without its `;`, both conditionals stand midway.
    const text = 'is_type(1)\n#ifdef A\n# ifdef B\nint b;\n# endif\n#else\n# ifdef C\nint c;\n# endif\n#endif\nint d;\n';
    assert.equal(read(text), 'is_type(1)\n______ _\n_ _____ _\nint b;\n_ _____\n_____\n_ _____ _\n___ __\n_ _____\n______\nint d;\n');
  });

  test('200,000 nested conditionals are read in one pass (looked through once for each #if, hours)', () => {
    const depth = 200_000;
    const text = `${'#if X\n'.repeat(depth)}#else\nfoo(\n${'#endif\n'.repeat(depth)}`;
    assert.equal(read(text).length, text.length);
  });
});
