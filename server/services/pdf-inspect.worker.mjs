// A KYC PDF read by pdf.js, on a worker thread of its own (server/services/kyc-files.ts starts it, bounds
// its heap and ends it when it takes too long). pdf.js decodes what it reads whatever the filters
// (object streams in ASCIIHex, Flate with a predictor, …), so what it finds is what a viewer would find.
// Answers one message: { verdict: 'clean' }, { verdict: 'active', reason } (refused: it would run or carry
// something, or is beyond the page bound), or { verdict: 'unreadable', reason } (pdf.js cannot read it).
import { parentPort, workerData } from 'node:worker_threads';
import { inflateSync } from 'node:zlib';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** PDF names that run something when the file is opened or clicked. */
const ACTIVE_PDF_NAMES = /\/(JavaScript|JS|Launch|RichMedia|XFA)\b/;

/** A PDF name may spell letters as `#xx` (`/J#61vaScript`): decoded before looking. */
const decodeNames = (text) => text.replace(/#([0-9A-Fa-f]{2})/g, (_, hex) => String.fromCharCode(parseInt(hex, 16)));

/** What the name scan inflates at most, all streams together: far beyond a document scan's dictionaries. */
const INFLATED_MAX = 128 * 1024 * 1024;

/**
 * The look at the bytes before the parser: the names of JavaScript or a launch action in the plain
 * objects or inside a Flate stream. It stays because pdf.js reports no launch action of /OpenAction or
 * /AA. Beyond the inflation budget the file is refused: a bomb, not a scan.
 */
function namesActiveContent(bytes) {
  const text = Buffer.from(bytes).toString('latin1');
  if (ACTIVE_PDF_NAMES.test(decodeNames(text))) return 'active_name';
  let budget = INFLATED_MAX;
  const streams = /stream\r?\n/g;
  for (let match = streams.exec(text); match; match = streams.exec(text)) {
    const start = match.index + match[0].length;
    const end = text.indexOf('endstream', start);
    if (end < 0) break;
    streams.lastIndex = end;
    let inflated;
    try {
      inflated = inflateSync(bytes.subarray(start, end), { maxOutputLength: budget });
    } catch (error) {
      if (error instanceof RangeError) return 'too_large';
      // Not a Flate stream (an image, a font): nothing in it is a PDF dictionary.
      continue;
    }
    budget -= inflated.length;
    if (ACTIVE_PDF_NAMES.test(decodeNames(inflated.toString('latin1')))) return 'active_name';
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
