import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { KycFileType } from '../../contract/kyc';
import { ApiError } from '../errors';

/**
 * Identity documents as they are kept: the media type read from the bytes (a name or a Content-Type is
 * whatever the sender says), PDFs that would run code or carry files or forms refused, image metadata (camera, place, time,
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

/** pdf.js reads a KYC PDF within these bounds, on a thread of its own, or the PDF is refused. */
const PDF_CHECK = {
  timeoutMs: 10_000,
  heapMb: 256,
  /** An identity document has a page or two; every page's annotations are read. */
  maxPages: 50,
  /** Checks at once; more wait their turn (each is a thread with its own heap). */
  parallel: 2,
} as const;

/** What the PDF check found: nothing active, something active (or beyond the bounds), or no PDF pdf.js can read. */
export type PdfVerdict = { verdict: 'clean' } | { verdict: 'active' | 'unreadable'; reason: string };

let pdfChecksRunning = 0;
const pdfChecksWaiting: (() => void)[] = [];

/**
 * Reads a PDF with pdf.js (server/services/pdf-inspect.worker.mjs) on a worker thread: its heap is
 * bounded and it is ended after the timeout, so a hostile file costs a bounded amount and never blocks
 * the server's own thread.
 */
export async function inspectPdf(bytes: Uint8Array): Promise<PdfVerdict> {
  // A check that ends hands its slot to the next in line, so no newcomer slips in between.
  if (pdfChecksRunning < PDF_CHECK.parallel) pdfChecksRunning += 1;
  else await new Promise<void>((resolve) => pdfChecksWaiting.push(resolve));
  try {
    return await new Promise<PdfVerdict>((resolve) => {
      const worker = new Worker(new URL('./pdf-inspect.worker.mjs', import.meta.url), {
        // A copy goes to the thread (workerData is cloned): the caller's bytes stay whole for storing.
        workerData: { bytes, maxPages: PDF_CHECK.maxPages },
        resourceLimits: { maxOldGenerationSizeMb: PDF_CHECK.heapMb },
      });
      const finish = (verdict: PdfVerdict) => {
        clearTimeout(timer);
        resolve(verdict);
        void worker.terminate();
      };
      const timer = setTimeout(() => finish({ verdict: 'active', reason: 'timeout' }), PDF_CHECK.timeoutMs);
      worker.once('message', (verdict: PdfVerdict) => finish(verdict));
      // Out of heap, or a crash: not a file to keep.
      worker.once('error', () => finish({ verdict: 'active', reason: 'worker_failed' }));
      worker.once('exit', () => finish({ verdict: 'active', reason: 'worker_exited' }));
    });
  } finally {
    const next = pdfChecksWaiting.shift();
    if (next) next();
    else pdfChecksRunning -= 1;
  }
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
 * or PDF by content (415), a malformed image or a PDF pdf.js cannot read (415: it would not be one),
 * and an active PDF (422).
 */
export async function inspectUpload(
  bytes: Uint8Array,
  allowed: readonly KycFileType[],
): Promise<{ mediaType: KycFileType; content: Uint8Array }> {
  const mediaType = sniffType(bytes);
  if (!mediaType || !allowed.includes(mediaType)) throw new ApiError('kyc_file_type_refused');
  if (mediaType === 'application/pdf') {
    const { verdict } = await inspectPdf(bytes);
    if (verdict === 'unreadable') throw new ApiError('kyc_file_type_refused');
    if (verdict === 'active') throw new ApiError('kyc_file_unsafe');
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
