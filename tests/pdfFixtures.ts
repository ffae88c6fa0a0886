/**
 * Well-formed PDFs written byte by byte, for the KYC checks: what a hostile producer can write, from a
 * one-page document to objects hidden in an encoded object stream.
 */

/** An indirect object: its dictionary or value, and the raw bytes of its stream if it has one. */
export type PdfObject = string | { dictionary: string; stream: Buffer };

/** Objects kept in an object stream, encoded as the stream's `filter` says (raw bytes in, encoded bytes out). */
export interface ObjectStream {
  /** The object numbers inside, with their text. */
  objects: Record<number, string>;
  /** The stream's /Filter and /DecodeParms entries, and the encoding they undo. */
  filter: string;
  encode: (plain: Buffer) => Buffer;
}

const latin1 = (text: string) => Buffer.from(text, 'latin1');

/**
 * A PDF with `objects` numbered from 1 (object 1 is the catalog; null: that number is in the object
 * stream) and optionally one object stream, which takes the next free number; a cross-reference stream
 * (needed for compressed objects) closes it. `padding` spaces of comment after the header make a file
 * of a chosen size.
 */
export function buildPdf(
  objects: (PdfObject | null)[],
  { compressed, padding = 0 }: { compressed?: ObjectStream; padding?: number } = {},
): Buffer {
  const parts: Buffer[] = [latin1('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n')];
  if (padding > 0) parts.push(latin1(`%${' '.repeat(padding)}\n`));
  let length = parts.reduce((sum, part) => sum + part.length, 0);
  const offsets = new Map<number, number>();
  const write = (number: number, object: PdfObject) => {
    offsets.set(number, length);
    const body =
      typeof object === 'string'
        ? latin1(`${number} 0 obj\n${object}\nendobj\n`)
        : Buffer.concat([
            latin1(`${number} 0 obj\n<< ${object.dictionary} /Length ${object.stream.length} >>\nstream\n`),
            object.stream,
            latin1('\nendstream\nendobj\n'),
          ]);
    parts.push(body);
    length += body.length;
  };
  objects.forEach((object, index) => object !== null && write(index + 1, object));
  const entries = Object.entries(compressed?.objects ?? {}).map(([number, text]) => [Number(number), text] as const);
  let next = Math.max(objects.length, ...entries.map(([number]) => number)) + 1;
  const inStream = new Map<number, [number, number]>();
  if (compressed) {
    const streamNumber = next++;
    let header = '';
    let body = '';
    entries.forEach(([number, text], index) => {
      header += `${number} ${body.length} `;
      body += `${text}\n`;
      inStream.set(number, [streamNumber, index]);
    });
    write(streamNumber, {
      dictionary: `/Type /ObjStm /N ${entries.length} /First ${header.length} ${compressed.filter}`,
      stream: compressed.encode(latin1(header + body)),
    });
  }
  const xrefNumber = next;
  const xrefOffset = length;
  const size = xrefNumber + 1;
  // Cross-reference stream rows: type (1 byte), offset or object stream (4), generation or index (2).
  const rows = Buffer.alloc(size * 7);
  for (let number = 0; number < size; number += 1) {
    const row = rows.subarray(number * 7, number * 7 + 7);
    const packed = inStream.get(number);
    if (packed) {
      row.writeUInt8(2, 0);
      row.writeUInt32BE(packed[0], 1);
      row.writeUInt16BE(packed[1], 5);
    } else if (number === xrefNumber || offsets.has(number)) {
      row.writeUInt8(1, 0);
      row.writeUInt32BE(number === xrefNumber ? xrefOffset : offsets.get(number)!, 1);
    } else row.writeUInt16BE(0xffff, 5);
  }
  write(xrefNumber, { dictionary: `/Type /XRef /Size ${size} /W [1 4 2] /Root 1 0 R`, stream: rows });
  parts.push(latin1(`startxref\n${xrefOffset}\n%%EOF\n`));
  return Buffer.concat(parts);
}

/** The catalog and a one-page tree (objects 1–3); `catalog` and `page` add entries to them. */
export function onePage({ catalog = '', page = '' }: { catalog?: string; page?: string } = {}): PdfObject[] {
  return [
    `<< /Type /Catalog /Pages 2 0 R ${catalog} >>`,
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] ${page} >>`,
  ];
}

/** A clean one-page PDF of exactly `size` bytes (padded with a comment). */
export function onePageOfSize(size: number): Buffer {
  const unpadded = buildPdf(onePage(), { padding: 1 });
  // The padding moves the offsets, which may take more digits at the end: measured, then corrected.
  const first = buildPdf(onePage(), { padding: size - unpadded.length + 1 });
  return buildPdf(onePage(), { padding: size - unpadded.length + 1 - (first.length - size) });
}
