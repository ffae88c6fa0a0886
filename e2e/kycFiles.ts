import type { Page } from '@playwright/test';
import { screenReady } from './fixtures';
import { crc32, deflateSync } from 'node:zlib';

/** The document step's body: a passport from Germany with the legal name and date of birth it shows. */
export const PASSPORT = { type: 'passport', country: 'DE', firstName: 'Lena', lastName: 'Vogel', dateOfBirth: '1990-04-30' } as const;

/** A tiny JPEG (SOI, JFIF, a scan header and its data): enough for the server's byte checks. */
export const JPEG = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
  Buffer.from('JFIF\0\x01\x01\0\0\x01\0\x01\0\0', 'latin1'),
  Buffer.from([0xff, 0xda, 0x00, 0x08, 1, 1, 0, 0, 0x3f, 0]),
  Buffer.from('pixels'),
  Buffer.from([0xff, 0xd9]),
]);

/** A PNG chunk: length, type, data and the CRC of type and data. */
function pngChunk(type: string, data: Buffer): Buffer {
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** A real 16×10 grey PNG that a browser decodes and draws (unlike `JPEG`, which only passes byte checks). */
export const PNG_PHOTO = (() => {
  const [width, height] = [16, 10];
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale, no interlace
  // Each row: filter type 0, then a grey ramp.
  const rows = Buffer.concat(Array.from({ length: height }, () => Buffer.from([0, ...Array.from({ length: width }, (_, x) => x * 16)])));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(rows)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
})();

/** Two strokes on the signature pad with the mouse, as a customer signs. */
export async function sign(page: Page) {
  const box = (await page.getByTestId('signature-pad').boundingBox())!;
  for (const [from, to] of [
    [0.1, 0.4],
    [0.5, 0.8],
  ] as const) {
    await page.mouse.move(box.x + box.width * from, box.y + box.height * 0.3);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * to, box.y + box.height * 0.7, { steps: 5 });
    await page.mouse.up();
  }
}

/**
 * The document step (en) with the legal name and date of birth as the document shows them, and the
 * document chosen: the sides to photograph or upload come next.
 */
export async function chooseDocument(page: Page, type: 'passport' | 'id_card' = 'passport', country = 'DE') {
  await page.goto('/kyc/document');
  await screenReady(page);
  await page.getByLabel('First name(s)').fill(PASSPORT.firstName);
  await page.getByLabel('Last name').fill(PASSPORT.lastName);
  await page.getByLabel('Date of birth').fill(PASSPORT.dateOfBirth);
  await page.getByLabel('Document type').selectOption(type);
  await page.getByLabel('Issuing country').selectOption(country);
  await page.getByRole('button', { name: 'Continue' }).click();
}
