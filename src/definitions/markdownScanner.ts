/**
 * The headings of a Markdown file, for `outline` and `find_symbol`: ATX (`#` … `######`) and Setext
 * (text underlined with `=` or `-`) headings, nested by level. It follows CommonMark's block structure
 * as far as a real README needs, so that what only looks like a heading is left out: fenced and
 * indented code, YAML front matter, HTML blocks and comments, thematic breaks, and the text of list
 * items, block quotes and tables, which a `---` or `===` below does not turn into a heading.
 * Headings are read at the top level: one behind a `>` or a list marker is not listed, while list
 * items are not tracked further (a heading line under one, indented 0–3 spaces, is listed).
 * A heading's name is its text as written, inline Markdown included.
 */
import { splitLines, stripByteOrderMark } from '../text/lines.js';
import type { Definition } from './definition.js';

interface Heading {
  readonly line: number;
  readonly level: number;
  readonly name: string;
}

interface Fence {
  readonly char: string;
  readonly length: number;
}

/** How an HTML block ends: at a blank line, or on the line that matches `end`. */
type HtmlEnd = 'blank' | RegExp;

interface Paragraph {
  readonly kind: 'paragraph';
  /** The line of its first line of text, which a Setext heading reports. */
  readonly line: number;
  readonly texts: string[];
  /** False for the text of a list item, block quote or table: a Setext underline there is no heading. */
  canBecomeHeading: boolean;
}

type Block =
  | { readonly kind: 'none' }
  | Paragraph
  | { readonly kind: 'fence'; readonly fence: Fence }
  | { readonly kind: 'html'; readonly end: HtmlEnd };

const NONE: Block = { kind: 'none' };

export function markdownHeadings(text: string): Definition[] {
  const lines = splitLines(stripByteOrderMark(text));
  return nestByLevel(scanHeadings(lines), lines.length);
}

function scanHeadings(lines: readonly string[]): Heading[] {
  const headings: Heading[] = [];
  let block: Block = NONE;
  for (let index = frontMatterEnd(lines); index < lines.length; index++) {
    const line = lines[index]!;
    switch (block.kind) {
      case 'fence':
        block = closesFence(line, block.fence) ? NONE : block;
        break;
      case 'html':
        block = endsHtmlBlock(line, block.end) ? NONE : block;
        break;
      default:
        block = nextBlock(line, index + 1, headings, block.kind === 'paragraph' ? block : undefined);
    }
  }
  return headings;
}

/**
 * The block that `line` starts or continues, given the paragraph open before it; a heading it
 * completes is added to `headings`.
 */
function nextBlock(line: string, lineNumber: number, headings: Heading[], open: Paragraph | undefined): Block {
  if (isBlank(line)) return NONE;
  if (open === undefined && indentWidth(line) >= 4) return NONE; // indented code
  if (open?.canBecomeHeading) {
    const level = setextLevel(line);
    if (level !== undefined) {
      headings.push({ line: open.line, level, name: open.texts.join(' ') });
      return NONE;
    }
  }
  const atx = atxHeading(line);
  if (atx !== undefined) {
    if (atx.name !== '') headings.push({ line: lineNumber, ...atx });
    return NONE;
  }
  const fence = fenceOpening(line);
  if (fence !== undefined) return { kind: 'fence', fence };
  const html = htmlBlockEnd(line, open !== undefined);
  if (html !== undefined) return html === 'closed' ? NONE : { kind: 'html', end: html };
  if (isThematicBreak(line)) return NONE;
  const content = containerContent(line, open !== undefined);
  if (content !== undefined) {
    const opensParagraph = !isBlank(content) && atxHeading(content) === undefined;
    return opensParagraph ? paragraph(line, lineNumber, false) : NONE;
  }
  if (open === undefined) return paragraph(line, lineNumber, true);
  open.texts.push(line.trim());
  open.canBecomeHeading &&= !isTableDelimiterRow(line);
  return open;
}

function paragraph(line: string, lineNumber: number, canBecomeHeading: boolean): Paragraph {
  return { kind: 'paragraph', line: lineNumber, texts: [line.trim()], canBecomeHeading };
}

/**
 * A heading is the child of the nearest heading before it with a lower level. Its section ends on
 * the line before the next heading of its level or a higher one, or with the file's last line.
 */
function nestByLevel(headings: readonly Heading[], lineCount: number): Definition[] {
  const definitions: Definition[] = [];
  const open: { level: number; at: number }[] = [];
  const endSections = (level: number, endLine: number) => {
    while (open.length > 0 && open[open.length - 1]!.level >= level) {
      const { at } = open.pop()!;
      definitions[at] = { ...definitions[at]!, endLine: Math.max(definitions[at]!.line, endLine) };
    }
  };
  for (const { line, level, name } of headings) {
    endSections(level, line - 1);
    definitions.push({ line, startLine: line, endLine: line, kind: 'heading', name, depth: open.length });
    open.push({ level, at: definitions.length - 1 });
  }
  endSections(0, lineCount);
  return definitions;
}

/** The index of the first line after YAML front matter: a `---` first line up to a `---` or `...` line. */
function frontMatterEnd(lines: readonly string[]): number {
  if (lines.length === 0 || !/^---[ \t]*$/.test(lines[0]!)) return 0;
  const close = lines.findIndex((line, index) => index > 0 && /^(?:---|\.\.\.)[ \t]*$/.test(line));
  return close === -1 ? 0 : close + 1;
}

function isBlank(line: string): boolean {
  return /^[ \t]*$/.test(line);
}

/** Columns of leading white space, a tab reaching the next multiple of 4. */
function indentWidth(line: string): number {
  let width = 0;
  for (const char of line) {
    if (char === ' ') width++;
    else if (char === '\t') width += 4 - (width % 4);
    else break;
  }
  return width;
}

const ATX_HEADING = /^ {0,3}(#{1,6})(?:[ \t](.*))?$/;

/** Level and text of an ATX heading line, its closing `#` sequence removed (text empty for `#` alone). */
function atxHeading(line: string): { level: number; name: string } | undefined {
  const match = ATX_HEADING.exec(line);
  if (match === null) return undefined;
  const name = (match[2] ?? '').trim().replace(/(?:^|[ \t]+)#+$/, '').trim();
  return { level: match[1]!.length, name };
}

/** 1 for a `=` underline, 2 for a `-` one. */
function setextLevel(line: string): number | undefined {
  const match = /^ {0,3}(=+|-+)[ \t]*$/.exec(line);
  if (match === null) return undefined;
  return match[1]!.startsWith('=') ? 1 : 2;
}

function fenceOpening(line: string): Fence | undefined {
  const match = /^ {0,3}(`{3,}|~{3,})(.*)$/.exec(line);
  if (match === null) return undefined;
  const marker = match[1]!;
  if (marker.startsWith('`') && match[2]!.includes('`')) return undefined; // inline code, not a fence
  return { char: marker[0]!, length: marker.length };
}

/** A fence closes with the same character, at least as many of them, and nothing after. */
function closesFence(line: string, fence: Fence): boolean {
  const match = /^ {0,3}(`{3,}|~{3,})[ \t]*$/.exec(line);
  return match !== null && match[1]!.startsWith(fence.char) && match[1]!.length >= fence.length;
}

function isThematicBreak(line: string): boolean {
  return /^ {0,3}(?:(?:-[ \t]*){3,}|(?:\*[ \t]*){3,}|(?:_[ \t]*){3,})$/.test(line);
}

const LIST_MARKER = /^ {0,3}(?:[-+*]|(\d{1,9})[.)])(?=[ \t]|$)/;

/**
 * What follows the marker of the block quote or list item that `line` starts; undefined when it
 * starts none. A list item interrupts a paragraph only when it has text and, if ordered, starts at 1.
 */
function containerContent(line: string, interrupting: boolean): string | undefined {
  const quote = /^ {0,3}>/.exec(line);
  if (quote !== null) return line.slice(quote[0].length);
  const item = LIST_MARKER.exec(line);
  if (item === null) return undefined;
  const content = line.slice(item[0].length);
  const start = item[1];
  if (interrupting && (isBlank(content) || (start !== undefined && Number(start) !== 1))) return undefined;
  return content;
}

/** The row under a table's header (`--- | :---:`): from there on the paragraph is a table. */
function isTableDelimiterRow(line: string): boolean {
  return /^[ \t|:-]*$/.test(line) && line.includes('|') && line.includes('-');
}

const BLOCK_TAGS =
  'address|article|aside|base|basefont|blockquote|body|caption|center|col|colgroup|dd|details|dialog|' +
  'dir|div|dl|dt|fieldset|figcaption|figure|footer|form|frame|frameset|h[1-6]|head|header|hr|html|' +
  'iframe|legend|li|link|main|menu|menuitem|nav|noframes|ol|optgroup|option|p|param|search|section|' +
  'summary|table|tbody|td|tfoot|th|thead|title|tr|track|ul';

const TAG_NAME = '[A-Za-z][A-Za-z0-9-]*';
/** An attribute with an unquoted (no white space, quotes, `=<>` or backtick: \x60), '…' or "…" value. */
const ATTRIBUTE = String.raw`[ \t]+[A-Za-z_:][\w.:-]*(?:[ \t]*=[ \t]*(?:[^ \t"'=<>\x60]+|'[^']*'|"[^"]*"))?`;
const LONE_TAG = String.raw`(?:<${TAG_NAME}(?:${ATTRIBUTE})*[ \t]*\/?>|<\/${TAG_NAME}[ \t]*>)[ \t]*$`;

/** CommonMark's seven kinds of HTML block, in its order. */
const HTML_BLOCKS: readonly { start: RegExp; end: HtmlEnd; interruptsParagraph: boolean }[] = [
  {
    start: /^ {0,3}<(?:pre|script|style|textarea)(?=[ \t>]|$)/i,
    end: /<\/(?:pre|script|style|textarea)>/i,
    interruptsParagraph: true,
  },
  { start: /^ {0,3}<!--/, end: /-->/, interruptsParagraph: true },
  { start: /^ {0,3}<\?/, end: /\?>/, interruptsParagraph: true },
  { start: /^ {0,3}<![A-Za-z]/, end: />/, interruptsParagraph: true },
  { start: /^ {0,3}<!\[CDATA\[/, end: /\]\]>/, interruptsParagraph: true },
  {
    start: new RegExp(String.raw`^ {0,3}<\/?(?:${BLOCK_TAGS})(?=[ \t>]|\/>|$)`, 'i'),
    end: 'blank',
    interruptsParagraph: true,
  },
  {
    // Any other complete tag alone on its line.
    start: new RegExp(String.raw`^ {0,3}${LONE_TAG}`),
    end: 'blank',
    interruptsParagraph: false,
  },
];

/**
 * How the HTML block that `line` starts ends, `closed` when it ends on this same line, undefined
 * when `line` starts none.
 */
function htmlBlockEnd(line: string, interrupting: boolean): HtmlEnd | 'closed' | undefined {
  for (const { start, end, interruptsParagraph } of HTML_BLOCKS) {
    if (interrupting && !interruptsParagraph) continue;
    const match = start.exec(line);
    if (match === null) continue;
    return end !== 'blank' && end.test(line.slice(match[0].length)) ? 'closed' : end;
  }
  return undefined;
}

function endsHtmlBlock(line: string, end: HtmlEnd): boolean {
  return end === 'blank' ? isBlank(line) : end.test(line);
}
