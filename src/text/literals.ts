/** Literals as the C, Go and Rust scanners skip them. */

const BACKSLASH = 92;
const NEWLINE = 10;

/**
 * Past the quoted literal whose opening quote is at `at`: to the same quote, a backslash escaping
 * the character after it. One not closed ends at its line's end when `endsAtLineBreak` (C's and
 * Go's strings, a character literal), else at the text's end (a Rust string spans lines).
 */
export function quotedEnd(text: string, at: number, endsAtLineBreak: boolean): number {
  const quote = text.charCodeAt(at);
  for (let i = at + 1; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === BACKSLASH) i++;
    else if (c === quote) return i + 1;
    else if (endsAtLineBreak && c === NEWLINE) return i;
  }
  return text.length;
}
