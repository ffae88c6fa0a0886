// A KYC PDF read by pdf.js, on a worker thread of its own (server/services/kyc-files.ts starts it, bounds
// its heap and ends it when it takes too long). pdf.js decodes what it reads whatever the filters
// (object streams in ASCIIHex, Flate with a predictor, …), so what it finds is what a viewer would find.
// Answers one message: { verdict: 'clean' }, { verdict: 'active', reason } (refused: it would run or carry
// something, hides streams the name scan cannot decode, or is beyond a bound), or { verdict: 'unreadable',
// reason } (pdf.js cannot read it).
import { parentPort, workerData } from 'node:worker_threads';
import { constants as zlibConstants, inflateRawSync, inflateSync } from 'node:zlib';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** PDF names that run something when the file is opened or clicked. */
const ACTIVE_PDF_NAMES = /\/(JavaScript|JS|Launch|RichMedia|XFA)\b/;

/** A PDF name may spell letters as `#xx` (`/J#61vaScript`): decoded before looking. */
const decodeNames = (text) => text.replace(/#([0-9A-Fa-f]{2})/g, (_, hex) => String.fromCharCode(parseInt(hex, 16)));

/** What the name scan decodes at most, all streams and filter stages together: far beyond a document's dictionaries. */
const DECODED_MAX = 128 * 1024 * 1024;

/** Dictionaries and arrays nest this deep at most; a real document nests a handful of levels. */
const NESTING_MAX = 64;

/** Why the name scan refuses a file: it would run something, or it hides bytes the scan cannot read. */
class Refused extends Error {
  constructor(reason) {
    super(reason);
    this.reason = reason;
  }
}

const WHITESPACE = new Set([0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]);
const DELIMITERS = new Set([...'()<>[]{}/%'].map((char) => char.charCodeAt(0)));
const isRegular = (byte) => !WHITESPACE.has(byte) && !DELIMITERS.has(byte);
const latin1 = (bytes) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString('latin1');

/**
 * A small PDF lexer over the whole file, objects in file order: enough to find every stream and the
 * dictionary in front of it (its /Filter, /DecodeParms, /Subtype), skipping strings and comments so
 * that nothing written inside them is taken for structure.
 */
class Lexer {
  constructor(bytes) {
    this.bytes = bytes;
    this.at = 0;
  }

  skipSpace() {
    const { bytes } = this;
    while (this.at < bytes.length) {
      const byte = bytes[this.at];
      if (WHITESPACE.has(byte)) this.at += 1;
      else if (byte === 0x25 /* % */) {
        while (this.at < bytes.length && bytes[this.at] !== 0x0a && bytes[this.at] !== 0x0d) this.at += 1;
      } else break;
    }
  }

  /** The next value: a Map for a dictionary, an array, `{ name }`, `{ reference }`, or a token's text; null at the end. */
  value(depth = 0) {
    if (depth > NESTING_MAX) throw new Refused('nesting');
    this.skipSpace();
    const { bytes } = this;
    if (this.at >= bytes.length) return null;
    const byte = bytes[this.at];
    if (byte === 0x3c /* < */ && bytes[this.at + 1] === 0x3c) {
      this.at += 2;
      const entries = new Map();
      for (;;) {
        this.skipSpace();
        if (this.at >= bytes.length) return entries;
        if (bytes[this.at] === 0x3e && bytes[this.at + 1] === 0x3e) {
          this.at += 2;
          return entries;
        }
        const key = this.value(depth + 1);
        // A stray token where a key belongs is skipped, as a lenient reader does.
        if (key !== null && typeof key === 'object' && 'name' in key) entries.set(key.name, this.entryValue(depth + 1));
      }
    }
    if (byte === 0x5b /* [ */) {
      this.at += 1;
      const items = [];
      for (;;) {
        this.skipSpace();
        if (this.at >= bytes.length) return items;
        if (bytes[this.at] === 0x5d) {
          this.at += 1;
          return items;
        }
        items.push(this.entryValue(depth + 1));
      }
    }
    if (byte === 0x2f /* / */) {
      const start = (this.at += 1);
      while (this.at < bytes.length && isRegular(bytes[this.at])) this.at += 1;
      return { name: decodeNames(latin1(bytes.subarray(start, this.at))) };
    }
    if (byte === 0x28 /* ( */) {
      this.skipLiteralString();
      return { string: true };
    }
    if (byte === 0x3c /* < */) {
      while (this.at < bytes.length && bytes[this.at] !== 0x3e) this.at += 1;
      this.at += 1;
      return { string: true };
    }
    if (!isRegular(byte)) {
      // A stray delimiter (`)`, `>`, `]`, `}`, `{`): nothing in it.
      this.at += 1;
      return { stray: true };
    }
    const start = this.at;
    while (this.at < bytes.length && isRegular(bytes[this.at])) this.at += 1;
    return latin1(bytes.subarray(start, this.at));
  }

  /** A value inside a dictionary or array, where `12 0 R` is one reference. */
  entryValue(depth) {
    const value = this.value(depth);
    if (typeof value !== 'string' || !/^\d+$/.test(value)) return value;
    const mark = this.at;
    const generation = this.value(depth);
    const keyword = typeof generation === 'string' && /^\d+$/.test(generation) ? this.value(depth) : null;
    if (keyword === 'R') return { reference: `${value} ${generation} R` };
    this.at = mark;
    return value;
  }

  skipLiteralString() {
    const { bytes } = this;
    let open = 0;
    while (this.at < bytes.length) {
      const byte = bytes[this.at];
      this.at += byte === 0x5c /* \ */ ? 2 : 1;
      if (byte === 0x28) open += 1;
      else if (byte === 0x29 && --open === 0) return;
    }
  }

  /** The raw bytes of the stream whose `stream` keyword was just read; the lexer moves past its `endstream`. */
  streamData(dictionary) {
    const { bytes } = this;
    if (bytes[this.at] === 0x0d) this.at += 1;
    if (bytes[this.at] === 0x0a) this.at += 1;
    const start = this.at;
    const length = dictionary.get('Length');
    const declaredEnd = typeof length === 'string' && /^\d+$/.test(length) ? start + Number(length) : -1;
    // The declared length when `endstream` follows it; otherwise the first `endstream`, as viewers recover.
    const endsThere =
      declaredEnd >= start && declaredEnd <= bytes.length && /^\s*endstream/.test(latin1(bytes.subarray(declaredEnd, declaredEnd + 32)));
    let end = endsThere ? declaredEnd : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).indexOf('endstream', start, 'latin1');
    if (end < 0) end = bytes.length;
    this.at = Math.min(bytes.length, end + 'endstream'.length);
    return bytes.subarray(start, end);
  }
}

/** A filter name as a stream or an inline image spells it, to the decoder it stands for. */
const FILTERS = new Map([
  ['FlateDecode', 'flate'],
  ['Fl', 'flate'],
  ['LZWDecode', 'lzw'],
  ['LZW', 'lzw'],
  ['ASCIIHexDecode', 'hex'],
  ['AHx', 'hex'],
  ['ASCII85Decode', 'ascii85'],
  ['A85', 'ascii85'],
  ['RunLengthDecode', 'runLength'],
  ['RL', 'runLength'],
]);

/** Filters whose output is pixels: a viewer never reads objects out of them. */
const IMAGE_FILTERS = new Set(['DCTDecode', 'DCT', 'JPXDecode', 'JBIG2Decode', 'CCITTFaxDecode', 'CCF']);

/** What every decoding stage of the file may still produce, all streams together. */
class Budget {
  constructor(bytes) {
    this.left = bytes;
  }

  spend(length) {
    this.left -= length;
    if (this.left < 0) throw new Refused('too_large');
  }
}

/** Output bytes in chunks, charged to the budget as they come. */
class Output {
  constructor(budget) {
    this.budget = budget;
    this.chunks = [];
    this.chunk = Buffer.alloc(64 * 1024);
    this.length = 0;
  }

  push(byte) {
    if (this.length === this.chunk.length) this.flush();
    this.chunk[this.length++] = byte;
  }

  flush() {
    this.budget.spend(this.length);
    this.chunks.push(Buffer.from(this.chunk.subarray(0, this.length)));
    this.length = 0;
  }

  bytes() {
    this.flush();
    return Buffer.concat(this.chunks);
  }
}

const undecodable = () => new Refused('undecodable_stream');

function hexDigit(byte) {
  if (byte >= 0x30 && byte <= 0x39) return byte - 0x30;
  const lower = byte | 0x20;
  return lower >= 0x61 && lower <= 0x66 ? lower - 0x57 : -1;
}

function decodeHex(data, budget) {
  const out = new Output(budget);
  let high = -1;
  for (const byte of data) {
    if (byte === 0x3e /* > */) break;
    if (WHITESPACE.has(byte)) continue;
    const digit = hexDigit(byte);
    if (digit < 0) throw undecodable();
    if (high < 0) high = digit;
    else {
      out.push((high << 4) | digit);
      high = -1;
    }
  }
  if (high >= 0) out.push(high << 4);
  return out.bytes();
}

function decodeAscii85(data, budget) {
  const out = new Output(budget);
  const group = [];
  const emit = (count) => {
    let value = 0;
    for (let i = 0; i < 5; i += 1) value = value * 85 + (i < group.length ? group[i] : 84);
    if (value > 0xffffffff) throw undecodable();
    for (let i = 0; i < count; i += 1) out.push(Math.floor(value / 2 ** (24 - 8 * i)) & 0xff);
  };
  for (const byte of data) {
    if (WHITESPACE.has(byte)) continue;
    if (byte === 0x7e /* ~ */) break;
    if (byte === 0x7a /* z */ && group.length === 0) {
      for (let i = 0; i < 4; i += 1) out.push(0);
      continue;
    }
    if (byte < 0x21 || byte > 0x75) throw undecodable();
    group.push(byte - 0x21);
    if (group.length === 5) {
      emit(4);
      group.length = 0;
    }
  }
  if (group.length === 1) throw undecodable();
  if (group.length > 0) emit(group.length - 1);
  return out.bytes();
}

function decodeRunLength(data, budget) {
  const out = new Output(budget);
  for (let at = 0; at < data.length;) {
    const length = data[at++];
    if (length === 128) break;
    if (length < 128) {
      for (let i = 0; i <= length && at < data.length; i += 1) out.push(data[at++]);
    } else if (at < data.length) {
      const byte = data[at++];
      for (let i = 0; i < 257 - length; i += 1) out.push(byte);
    }
  }
  return out.bytes();
}

/** LZW as PDF writes it: 9- to 12-bit codes, 256 clears the table, 257 ends; `earlyChange` widens codes one entry early. */
function decodeLzw(data, earlyChange, budget) {
  const out = new Output(budget);
  const prefix = new Int32Array(4096);
  const suffix = new Uint8Array(4096);
  const first = new Uint8Array(4096);
  const length = new Uint16Array(4096);
  for (let code = 0; code < 256; code += 1) {
    prefix[code] = -1;
    suffix[code] = first[code] = code;
    length[code] = 1;
  }
  const scratch = new Uint8Array(4096);
  const emit = (code) => {
    for (let at = length[code] - 1, walk = code; at >= 0; at -= 1, walk = prefix[walk]) scratch[at] = suffix[walk];
    for (let i = 0; i < length[code]; i += 1) out.push(scratch[i]);
  };
  let bitBuffer = 0;
  let bits = 0;
  let at = 0;
  let width = 9;
  let next = 258;
  let previous = -1;
  for (;;) {
    while (bits < width && at < data.length) {
      bitBuffer = ((bitBuffer << 8) | data[at++]) & 0xffffff;
      bits += 8;
    }
    if (bits < width) break;
    const code = (bitBuffer >>> (bits - width)) & ((1 << width) - 1);
    bits -= width;
    if (code === 257) break;
    if (code === 256) {
      width = 9;
      next = 258;
      previous = -1;
      continue;
    }
    if (previous < 0) {
      if (code > 255) throw undecodable();
    } else {
      if (code > next || (code === next && next >= 4096)) throw undecodable();
      if (next < 4096) {
        prefix[next] = previous;
        suffix[next] = first[code === next ? previous : code];
        first[next] = first[previous];
        length[next] = length[previous] + 1;
        next += 1;
      }
      if (next + earlyChange >= 1 << width && width < 12) width += 1;
    }
    emit(code);
    previous = code;
  }
  return out.bytes();
}

function decodeFlate(data, budget) {
  // What a truncated stream holds is read, as viewers read it.
  const options = { maxOutputLength: Math.max(1, budget.left), finishFlush: zlibConstants.Z_SYNC_FLUSH };
  const inflateWith = (inflate) => {
    try {
      return inflate(data, options);
    } catch (error) {
      if (error instanceof RangeError) throw new Refused('too_large');
      return null;
    }
  };
  // Some writers leave out the zlib header, and some viewers read such a stream anyway.
  const inflated = inflateWith(inflateSync) ?? inflateWith(inflateRawSync);
  if (!inflated) throw undecodable();
  budget.spend(inflated.length);
  return inflated;
}

function numberParameter(parameters, key, fallback) {
  const value = parameters?.get(key);
  if (value === undefined) return fallback;
  if (typeof value !== 'string' || !/^\d+$/.test(value)) throw undecodable();
  return Number(value);
}

/** PNG's Paeth predictor: whichever of left, up and upper-left is nearest to left + up − upper-left. */
function paeth(left, up, upLeft) {
  const estimate = left + up - upLeft;
  const toLeft = Math.abs(estimate - left);
  const toUp = Math.abs(estimate - up);
  const toUpLeft = Math.abs(estimate - upLeft);
  if (toLeft <= toUp && toLeft <= toUpLeft) return left;
  return toUp <= toUpLeft ? up : upLeft;
}

/** Undoes a TIFF (2) or PNG (10–15) predictor, with the rows the stream's DecodeParms describe. */
function undoPredictor(data, parameters, budget) {
  const predictor = numberParameter(parameters, 'Predictor', 1);
  if (predictor === 1) return data;
  const colors = numberParameter(parameters, 'Colors', 1);
  const bitsPerComponent = numberParameter(parameters, 'BitsPerComponent', 8);
  const columns = numberParameter(parameters, 'Columns', 1);
  if (colors < 1 || colors > 32 || ![1, 2, 4, 8, 16].includes(bitsPerComponent) || columns < 1 || columns > 1 << 20) {
    throw undecodable();
  }
  const rowBytes = Math.ceil((columns * colors * bitsPerComponent) / 8);
  const pixelBytes = Math.max(1, Math.ceil((colors * bitsPerComponent) / 8));
  const out = new Output(budget);
  if (predictor === 2) {
    // Objects are whole bytes: a TIFF predictor on smaller components is an image's, never a place for names.
    if (bitsPerComponent !== 8) throw undecodable();
    for (let row = 0; row < data.length; row += rowBytes) {
      const decoded = new Uint8Array(Math.min(rowBytes, data.length - row));
      for (let i = 0; i < decoded.length; i += 1) {
        decoded[i] = (data[row + i] + (i >= colors ? decoded[i - colors] : 0)) & 0xff;
        out.push(decoded[i]);
      }
    }
    return out.bytes();
  }
  if (predictor < 10 || predictor > 15) throw undecodable();
  let above = new Uint8Array(rowBytes);
  for (let at = 0; at < data.length; at += rowBytes + 1) {
    const type = data[at];
    const row = new Uint8Array(rowBytes);
    const input = data.subarray(at + 1, at + 1 + rowBytes);
    for (let i = 0; i < input.length; i += 1) {
      const left = i >= pixelBytes ? row[i - pixelBytes] : 0;
      const upLeft = i >= pixelBytes ? above[i - pixelBytes] : 0;
      const base = [0, left, above[i], (left + above[i]) >> 1, paeth(left, above[i], upLeft)][type];
      if (base === undefined) throw undecodable();
      row[i] = (input[i] + base) & 0xff;
      out.push(row[i]);
    }
    above = row;
  }
  return out.bytes();
}

const asList = (value) => (Array.isArray(value) ? value : value === undefined ? [] : [value]);
const isName = (value) => typeof value === 'object' && value !== null && 'name' in value;

/**
 * The stream's bytes as a viewer reads them, its filters undone in order; null for an image's pixels.
 * A filter the scan cannot undo (or one given by reference) hides what a viewer may find: refused,
 * except on images.
 */
function decodeStream(data, dictionary, budget) {
  const parameters = asList(dictionary.get('DecodeParms'));
  const isImage = dictionary.get('Subtype')?.name === 'Image';
  let decoded = data;
  for (const [index, filter] of asList(dictionary.get('Filter')).entries()) {
    if (!isName(filter)) throw undecodable();
    if (IMAGE_FILTERS.has(filter.name)) {
      if (isImage) return null;
      throw undecodable();
    }
    const decoder = FILTERS.get(filter.name);
    const parameter = parameters[index];
    const given = parameter instanceof Map ? parameter : undefined;
    if (!decoder || (parameter !== undefined && parameter !== 'null' && !given)) throw undecodable();
    try {
      if (decoder === 'hex') decoded = decodeHex(decoded, budget);
      else if (decoder === 'ascii85') decoded = decodeAscii85(decoded, budget);
      else if (decoder === 'runLength') decoded = decodeRunLength(decoded, budget);
      else {
        const compressed =
          decoder === 'flate' ? decodeFlate(decoded, budget) : decodeLzw(decoded, numberParameter(given, 'EarlyChange', 1), budget);
        decoded = undoPredictor(compressed, given, budget);
      }
    } catch (error) {
      // An image's broken pixels are the image's problem; anything else unreadable is refused.
      if (isImage && error instanceof Refused && error.reason === 'undecodable_stream') return null;
      throw error;
    }
  }
  return decoded;
}

/**
 * The look at the bytes before the parser: names of JavaScript or a launch action in the plain objects
 * or inside any stream, whatever its filters. It stays because pdf.js reports no launch action of
 * /OpenAction or /AA. An encrypted file (its objects are unreadable without the key), a stream the scan
 * cannot decode outside an image, or more than the decoding budget is refused: it hides what a viewer
 * would find.
 */
function namesActiveContent(bytes) {
  if (ACTIVE_PDF_NAMES.test(decodeNames(latin1(bytes)))) return 'active_name';
  const budget = new Budget(DECODED_MAX);
  const lexer = new Lexer(bytes);
  let previous = null;
  try {
    for (let value = lexer.value(); value !== null; value = lexer.value()) {
      if (value instanceof Map && value.has('Encrypt')) return 'encrypted';
      if (value === 'stream' && previous instanceof Map) {
        const decoded = decodeStream(lexer.streamData(previous), previous, budget);
        if (decoded && ACTIVE_PDF_NAMES.test(decodeNames(latin1(decoded)))) return 'active_name';
      }
      previous = value;
    }
  } catch (error) {
    if (error instanceof Refused) return error.reason;
    throw error;
  }
  return null;
}

/** Annotations that are form fields, carry a file or play media, by subtype. */
const ACTIVE_ANNOTATIONS = new Map([
  ['Widget', 'form'],
  ['FileAttachment', 'embedded_file'],
  ['Sound', 'media'],
  ['Movie', 'media'],
  ['Screen', 'media'],
  ['RichMedia', 'media'],
  ['3D', 'media'],
]);

/** A link or outline entry may open a web page or write an e-mail; a file path is a launch (or another document's). */
const WEB_LINK = /^(https?|mailto):/i;

/** Why a link (annotation or outline entry) would do more than open a web page, or null. */
function linkAction(link) {
  if (link.actions) return 'javascript';
  if (link.attachment) return 'embedded_file';
  if (link.resetForm) return 'form';
  if (typeof link.unsafeUrl === 'string' && !WEB_LINK.test(link.unsafeUrl.trim())) return 'launch';
  return null;
}

function outlineAction(items) {
  for (const item of items ?? []) {
    const found = linkAction(item) ?? outlineAction(item.items);
    if (found) return found;
  }
  return null;
}

/** The first reason the document would run or carry something, or null. */
async function activeContent(document, maxPages) {
  // Every page is read below: a page count is the bound on that work (an identity document has one or two).
  if (document.numPages > maxPages) return 'too_many_pages';
  if ((await document.hasJSActions()) || (await document.getJSActions())) return 'javascript';
  if (await document.getAttachments()) return 'embedded_file';
  const { info } = await document.getMetadata();
  if (info.IsAcroFormPresent || info.IsXFAPresent || document.isPureXfa || (await document.getFieldObjects())) return 'form';
  if (info.IsCollectionPresent) return 'embedded_file';
  const outline = outlineAction(await document.getOutline());
  if (outline) return outline;
  for (let number = 1; number <= document.numPages; number += 1) {
    const page = await document.getPage(number);
    if (await page.getJSActions()) return 'javascript';
    // Hidden annotations too: a viewer may still run their actions.
    for (const annotation of await page.getAnnotations({ intent: 'any' })) {
      const found = ACTIVE_ANNOTATIONS.get(annotation.subtype) ?? linkAction(annotation);
      if (found) return found;
    }
  }
  return null;
}

const { bytes, maxPages } = workerData;
// The name scan first: pdf.js takes the bytes over (it detaches the array it is given).
const named = namesActiveContent(bytes);
if (named) parentPort.postMessage({ verdict: 'active', reason: named });
else {
  const task = getDocument({
    data: bytes,
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    enableXfa: false,
    isOffscreenCanvasSupported: false,
    // Errors only: warnings about odd files are not this check's business.
    verbosity: 0,
  });
  try {
    const reason = await activeContent(await task.promise, maxPages);
    parentPort.postMessage(reason === null ? { verdict: 'clean' } : { verdict: 'active', reason });
  } catch (error) {
    parentPort.postMessage({ verdict: 'unreadable', reason: error instanceof Error ? error.name : 'error' });
  } finally {
    await task.destroy();
  }
}
