/** What the SCSS pass before the parse blanks and rewrites, and what it leaves: each shape as text in, text out (offsets kept). */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { scssText } from '../src/languages/scss/scssText.js';

/** The text as the grammar reads it, each character blanked shown as `_` so that an assertion reads. */
const read = (text: string) => {
  const parsed = scssText(text);
  assert.equal(parsed.length, text.length);
  return [...parsed].map((c, i) => (c === ' ' && text[i] !== ' ' ? '_' : c)).join('');
};

describe('SCSS text before the parse', () => {
  test("a top-level variable keeps its name, its value reads as `x`, its flags and a map's lines blank", () => {
    assert.equal(read('$gap: 8px !default;'), '$gap: x__ ________;');
    assert.equal(read('$h: #{cv.getVar("h")};'), '$h: x________________;');
    assert.equal(read('$m: (\n  "a": 1,\n) !global;'), '$m: x\n  ____ __\n_ _______;');
  });

  test('declarations, variables in a block and statements without a block read as blank, their `;` too', () => {
    assert.equal(read('.a {\n  $local: 1;\n  color: red;\n  @extend %b;\n}'), '.a {\n  _______ __\n  ______ ____\n  _______ ___\n}');
    assert.equal(read('@use "x" as y;\n@include m(1);'), '____ ___ __ __\n________ _____');
    assert.equal(read('.a { color: red }'), '.a { ______ ___ }');
  });

  test('a setting first set `!default` in blocks of control reads as a top-level variable; a loop local, an assignment and a rule\'s local as blank', () => {
    assert.equal(read('@if $a {\n} @else {\n  $sep: \\@ !default;\n}'), '@if x_ {\n} @if_x {\n  $sep: x_ ________;\n}');
    assert.equal(read('@each $p in $l {\n  $w: nth($p, 1);\n}'), '@if_x __ __ __ {\n  ___ _______ ___\n}');
    assert.equal(read('$m: 1;\n@if $a { $m: 2 !default; }'), '$m: x;\n@if x_ { ___ _ _________ }');
    assert.equal(read('@if $a { .r { $v: 1 !default; } }'), '@if x_ { .r { ___ _ _________ } }');
  });

  test('mixins and functions keep their names, not their parameters', () => {
    assert.equal(read('@mixin m($a, $b...) {}'), '@mixin m____ ______ {}');
    assert.equal(read('@function -f($n: 1) {\n  @return $n;\n}'), '@function -f____ __ {\n  _______ ___\n}');
  });

  test('`@include` with a block reads as `@include x`, control directives as `@if x`, lines kept', () => {
    assert.equal(read('@include mx.mobile {}'), '@include x________ {}');
    assert.equal(read('@each $k, $v in $map {}'), '@if_x ___ __ __ ____ {}');
    assert.equal(read('} @else if $a == 1 {}'), '} @if_x __ __ __ _ {}');
    assert.equal(read('@if\n  $a {}'), '@if\nx __ {}');
  });

  test('`@at-root` before a selector reads as blank, without one as `@if x`', () => {
    assert.equal(read('@at-root .b {}'), '________ .b {}');
    assert.equal(read('@at-root {}'), '@if_x___ {}');
  });

  test('selectors and CSS at-rules stay as written, and braces in strings, comments, `url(…)` and `#{…}` end nothing', () => {
    const kept = '.a-#{$b}, %p > .c:not(.d) {}\n@media #{$mq} and (min-width: 1px) {}\n// a { b;\n/* } */\n';
    assert.equal(read(kept), kept);
    assert.equal(read('.a { b: "}"; c: url(x;y); }'), '.a { __ ____ __ _________ }');
  });
});
