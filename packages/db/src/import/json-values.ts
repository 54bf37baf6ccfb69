/**
 * One piece of a JSON text: a whole value (not yet parsed), text that belongs to no value, or
 * the start of a value the text ends inside of.
 */
export interface JsonPiece {
  kind: 'value' | 'stray' | 'truncated';
  text: string;
  /** Line the piece starts on, from 1. */
  line: number;
}

const NEWLINE = 10;
const QUOTE = 34;
const BACKSLASH = 92;
const OPEN_BRACE = 123;
const CLOSE_BRACE = 125;
const OPEN_BRACKET = 91;
const CLOSE_BRACKET = 93;
const COMMA = 44;

function isBlank(c: number): boolean {
  return c === 32 || c === NEWLINE || c === 13 || c === 9 || c === 0xfeff;
}

/** How much stray text a report quotes. */
const STRAY_QUOTE = 40;

/**
 * Splits streamed JSON text into its top-level values, or into the elements of a top-level
 * array, without parsing them: pretty-printed objects one after another, a JSON array of any
 * length, or a single object. Only one value is held in memory at a time. Commas between
 * values are tolerated; anything else outside a value comes out as a `stray` piece with the
 * line it starts on, so that a damaged file still yields its good values.
 */
export async function* splitJsonValues(chunks: AsyncIterable<string>): AsyncGenerator<JsonPiece> {
  let depth = 0; // nesting inside the current value; 0 between values
  let inArray = false; // inside the top-level array whose elements are the values
  let inString = false;
  let escaped = false;
  let line = 1;
  let valueLine = 0;
  let parts: string[] = [];
  let stray: { text: string; line: number } | undefined;

  for await (const chunk of chunks) {
    let start = 0; // where the current value's text begins in this chunk
    for (let i = 0; i < chunk.length; i++) {
      const c = chunk.charCodeAt(i);
      if (c === NEWLINE) line++;
      if (depth > 0) {
        if (inString) {
          if (escaped) escaped = false;
          else if (c === BACKSLASH) escaped = true;
          else if (c === QUOTE) inString = false;
        } else if (c === QUOTE) inString = true;
        else if (c === OPEN_BRACE || c === OPEN_BRACKET) depth++;
        else if ((c === CLOSE_BRACE || c === CLOSE_BRACKET) && --depth === 0) {
          parts.push(chunk.slice(start, i + 1));
          yield { kind: 'value', text: parts.join(''), line: valueLine };
          parts = [];
        }
        continue;
      }
      if (isBlank(c) || c === COMMA) continue;
      if (c === OPEN_BRACKET && !inArray) {
        inArray = true;
      } else if (c === CLOSE_BRACKET && inArray) {
        inArray = false;
      } else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
        if (stray) yield { kind: 'stray', ...stray };
        stray = undefined;
        depth = 1;
        start = i;
        valueLine = line;
      } else {
        stray ??= { text: '', line };
        if (stray.text.length < STRAY_QUOTE) stray.text += chunk[i];
      }
    }
    if (depth > 0) parts.push(chunk.slice(start));
  }
  if (stray) yield { kind: 'stray', ...stray };
  if (depth > 0) yield { kind: 'truncated', text: parts.join('').slice(0, STRAY_QUOTE), line: valueLine };
}
