import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { inflateSync } from 'node:zlib';
import type { KycFileType } from '../../contract/kyc';
import { ApiError } from '../errors';

/**
 * Identity documents as they are kept: the media type read from the bytes (a name or a Content-Type is
 * whatever the sender says), PDFs that would run code refused, image metadata (camera, place, time,
 * editing software) stripped, then sealed with AES-256-GCM and handed to a storage adapter outside
 * the database.
 */

const JPEG = [0xff, 0xd8, 0xff];
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const PDF = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-

const startsWith = (bytes: Uint8Array, magic: number[]) => magic.every((byte, index) => bytes[index] === byte);

/** The media type by magic number, or null for anything else (an executable renamed `.jpg` included). */
export function sniffType(bytes: Uint8Array): KycFileType | null {
  if (startsWith(bytes, JPEG)) return 'image/jpeg';
  if (startsWith(bytes, PNG)) return 'image/png';
  if (startsWith(bytes, PDF)) return 'application/pdf';
  return null;
}

/** PDF names that run something when the file is opened or clicked. */
const ACTIVE_PDF_NAMES = /\/(JavaScript|JS|Launch|RichMedia|XFA)\b/;

/** A PDF name may spell letters as `#xx` (`/J#61vaScript`): decoded before looking. */
const decodeNames = (text: string) => text.replace(/#([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/**
 * True when a PDF carries JavaScript or a launch action: in the plain objects, or inside a compressed
 * stream (object streams hide dictionaries there), looked at after inflating each Flate stream.
 */
export function pdfHasActiveContent(bytes: Uint8Array): boolean {
  const text = Buffer.from(bytes).toString('latin1');
  if (ACTIVE_PDF_NAMES.test(decodeNames(text))) return true;
  const streams = /stream\r?\n/g;
  for (let match = streams.exec(text); match; match = streams.exec(text)) {
    const start = match.index + match[0].length;
    const end = text.indexOf('endstream', start);
    if (end < 0) break;
    try {
      const inflated = inflateSync(bytes.subarray(start, end)).toString('latin1');
      if (ACTIVE_PDF_NAMES.test(decodeNames(inflated))) return true;
    } catch {
      // Not a Flate stream (an image, a font): nothing in it is a PDF dictionary.
    }
    streams.lastIndex = end;
  }
  return false;
}

/**
 * A JPEG without its metadata: APP1 (EXIF, XMP), the other application segments and comments are
 * dropped; APP0 (JFIF), APP2 ICC_PROFILE (the colours) and APP14 Adobe (how to read CMYK) stay, as
 * does everything from the start of the scan on. Null when the segment structure is broken.
 */
export function stripJpeg(bytes: Uint8Array): Uint8Array | null {
  const kept: Uint8Array[] = [bytes.subarray(0, 2)];
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1]!;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      kept.push(bytes.subarray(at, at + 2));
      at += 2;
      continue;
    }
    const length = (bytes[at + 2]! << 8) | bytes[at + 3]!;
    if (length < 2 || at + 2 + length > bytes.length) return null;
    const segment = bytes.subarray(at, at + 2 + length);
    if (marker === 0xda) {
      kept.push(bytes.subarray(at)); // start of scan: the image data to the end
      return Buffer.concat(kept);
    }
    const label = Buffer.from(segment.subarray(4, 16)).toString('latin1');
    const isApp = marker >= 0xe0 && marker <= 0xef;
    const keep =
      (!isApp && marker !== 0xfe) ||
      (marker === 0xe0 && label.startsWith('JFIF')) ||
      (marker === 0xe2 && label.startsWith('ICC_PROFILE')) ||
      (marker === 0xee && label.startsWith('Adobe'));
    if (keep) kept.push(segment);
    at += 2 + length;
  }
  return null;
}

/** PNG chunks that carry words, not pixels: text, compressed and international text, EXIF, time. */
const PNG_METADATA_CHUNKS = new Set(['tEXt', 'zTXt', 'iTXt', 'eXIf', 'tIME']);

/** A PNG without its text and EXIF chunks; null when the chunk structure is broken or has no IEND. */
export function stripPng(bytes: Uint8Array): Uint8Array | null {
  const kept: Uint8Array[] = [bytes.subarray(0, 8)];
  let at = 8;
  while (at + 12 <= bytes.length) {
    const length = Buffer.from(bytes.subarray(at, at + 4)).readUInt32BE(0);
    const type = Buffer.from(bytes.subarray(at + 4, at + 8)).toString('latin1');
    const end = at + 12 + length;
    if (end > bytes.length) return null;
    if (!PNG_METADATA_CHUNKS.has(type)) kept.push(bytes.subarray(at, end));
    at = end;
    if (type === 'IEND') return Buffer.concat(kept);
  }
  return null;
}

/**
 * What is stored of an upload: its real type and the bytes to keep. Refuses what is not a JPEG, PNG
 * or PDF by content (415), a malformed image (415: it would not be one), and an active PDF (422).
 */
export function inspectUpload(bytes: Uint8Array, allowed: readonly KycFileType[]): { mediaType: KycFileType; content: Uint8Array } {
  const mediaType = sniffType(bytes);
  if (!mediaType || !allowed.includes(mediaType)) throw new ApiError('kyc_file_type_refused');
  if (mediaType === 'application/pdf') {
    if (pdfHasActiveContent(bytes)) throw new ApiError('kyc_file_unsafe');
    return { mediaType, content: bytes };
  }
  const content = mediaType === 'image/jpeg' ? stripJpeg(bytes) : stripPng(bytes);
  if (!content) throw new ApiError('kyc_file_type_refused');
  return { mediaType, content };
}

/** Where sealed files live: put and get by key. The default is a folder; another adapter (object storage) fits the same shape. */
export interface FileStore {
  put(key: string, bytes: Uint8Array): Promise<void>;
  get(key: string): Promise<Uint8Array>;
}

/** Files under `dir`, readable by the server's user only; written whole (temp file, then rename). */
export function fileSystemStore(dir: string): FileStore {
  const pathOf = (key: string) => {
    if (!/^[0-9a-f-]{36}$/.test(key)) throw new Error('kyc file keys are UUIDs');
    return path.join(dir, key);
  };
  return {
    async put(key, bytes) {
      await mkdir(dir, { recursive: true, mode: 0o700 });
      const temp = `${pathOf(key)}.part`;
      await writeFile(temp, bytes, { mode: 0o600, flag: 'wx' });
      await rename(temp, pathOf(key));
    },
    async get(key) {
      return new Uint8Array(await readFile(pathOf(key)));
    },
  };
}

const SEAL_VERSION = 1;

/**
 * AES-256-GCM under the configured key: version, 12-byte nonce, 16-byte tag, ciphertext. The storage
 * key is the associated data, so a file copied under another row's key does not open.
 */
export function seal(key: Uint8Array, storageKey: string, plain: Uint8Array): Uint8Array {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(storageKey));
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return Buffer.concat([Buffer.from([SEAL_VERSION]), iv, cipher.getAuthTag(), body]);
}

export function unseal(key: Uint8Array, storageKey: string, sealed: Uint8Array): Uint8Array<ArrayBuffer> {
  if (sealed[0] !== SEAL_VERSION) throw new Error('Unknown sealed file version');
  const decipher = createDecipheriv('aes-256-gcm', key, sealed.subarray(1, 13));
  decipher.setAAD(Buffer.from(storageKey));
  decipher.setAuthTag(sealed.subarray(13, 29));
  return new Uint8Array(Buffer.concat([decipher.update(sealed.subarray(29)), decipher.final()]));
}
