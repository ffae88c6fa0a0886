import bidiFactory from 'bidi-js';

const bidi = bidiFactory();

/** What a run needs of a font: whether it draws a character (fontkit's cmap lookup). */
export interface GlyphSource {
  hasGlyphForCodePoint(codePoint: number): boolean;
}

/** A piece of one line drawn with one font, in visual order; `text` is what to hand to the shaper. */
export interface Run<F> {
  font: F;
  text: string;
}

/** Direction marks Intl puts into numbers and dates (U+061C, U+200E/F, embeddings, isolates): they order, they draw nothing. */
const BIDI_CONTROL = /^[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]$/u;
/** Scripts fontkit lays out right to left, reversing the glyphs itself (its Script.direction). */
const RTL_SCRIPT = /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}]/u;
const NEUTRAL = /^[\p{Zs}\p{P}\p{S}]$/u;

interface Piece<F> {
  font: F;
  level: number;
  chars: string[];
  /** The same with brackets mirrored (UAX #9, L4), for runs reversed here; fontkit mirrors its own (rtlm). */
  mirrored: string[];
}

/**
 * One line of text as runs to draw left to right: each character gets the first font that has it
 * (pdfkit has no fallback of its own; spaces and punctuation stay with the run they are in), the
 * Unicode bidi algorithm (bidi-js) gives each its level, a run is one font at one level, and the runs
 * are put in visual order (UAX #9, rule L2). Inside a run fontkit shapes (Arabic joining, Thai marks)
 * and reverses right-to-left scripts itself, so a run's text is reversed here only when its
 * direction and fontkit's differ: a right-to-left run of Latin punctuation, or Arabic-Indic digits,
 * which read left to right inside Arabic. A character no font has is drawn as `?` rather than as a
 * missing glyph.
 */
export function lineRuns<F extends GlyphSource>(text: string, fonts: readonly F[], direction: 'ltr' | 'rtl'): Run<F>[] {
  const levels = bidi.getEmbeddingLevels(text, direction);
  const pieces: Piece<F>[] = [];
  for (let index = 0; index < text.length;) {
    const read = String.fromCodePoint(text.codePointAt(index)!);
    // A tab or line break in a counterparty's name is a space on one line.
    const char = /^\s$/u.test(read) ? ' ' : read;
    const codePoint = char.codePointAt(0)!;
    const level = levels.levels[index]!;
    const shown = (level % 2 === 1 && bidi.getMirroredCharacter(char)) || char;
    index += read.length;
    if (BIDI_CONTROL.test(char)) continue;
    const last = pieces.at(-1);
    const stays = last && last.level === level && NEUTRAL.test(char) && last.font.hasGlyphForCodePoint(codePoint);
    const font = stays ? last.font : (fonts.find((candidate) => candidate.hasGlyphForCodePoint(codePoint)) ?? fonts[0]!);
    const drawn = font.hasGlyphForCodePoint(codePoint) ? char : '?';
    const drawnMirrored = font.hasGlyphForCodePoint(shown.codePointAt(0)!) ? shown : drawn;
    if (last && last.level === level && last.font === font) {
      last.chars.push(drawn);
      last.mirrored.push(drawnMirrored);
    } else pieces.push({ font, level, chars: [drawn], mirrored: [drawnMirrored] });
  }
  // L2: from the highest level down to the lowest odd one, reverse every sequence at that level or above.
  const highest = Math.max(0, ...pieces.map((piece) => piece.level));
  const lowestOdd = Math.min(...pieces.map((piece) => piece.level).filter((level) => level % 2 === 1), highest + 1);
  for (let level = highest; level >= lowestOdd; level -= 1) {
    for (let start = 0; start < pieces.length;) {
      if (pieces[start]!.level < level) {
        start += 1;
        continue;
      }
      let end = start;
      while (end + 1 < pieces.length && pieces[end + 1]!.level >= level) end += 1;
      pieces.splice(start, end - start + 1, ...pieces.slice(start, end + 1).reverse());
      start = end + 1;
    }
  }
  return pieces.map(({ font, level, chars, mirrored }) => {
    const logical = chars.join('');
    const rightToLeft = level % 2 === 1;
    const shaperReverses = RTL_SCRIPT.test(logical);
    if (rightToLeft === shaperReverses) return { font, text: logical };
    return { font, text: (rightToLeft ? mirrored : chars).toReversed().join('') };
  });
}
