import { deflateSync } from 'node:zlib';
import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { KYC_FILE_MAX_BYTES } from '../../contract/kyc';
import { inspectPdf } from '../../server/services/kyc-files';
import { buildPdf, onePage, onePageOfSize, type ObjectStream } from '../pdfFixtures';
import { expectError, registerCustomer, TestClient, useTestServer, type Answer } from '../server/helpers';

/**
 * Issue 21, item 7: the KYC upload's "PDF with active content" filter looked for names in the bytes
 * and in plain Flate streams, so an object stream in ASCIIHex, or Flate with a predictor, hid them.
 * Now pdf.js reads the file, decoding whatever it must, and JavaScript, launch actions, embedded files
 * and forms are refused however they are encoded; a plain scanned document is still taken.
 */

const { server } = useTestServer();

async function upload(bytes: Uint8Array): Promise<Answer> {
  const client = new TestClient(server);
  await registerCustomer(client);
  expect((await client.request('PUT', '/kyc/document', { body: { type: 'passport', country: 'DE' } })).status).toBe(200);
  const form = new FormData();
  form.set('file', new File([new Uint8Array(bytes)], 'passport.pdf', { type: 'application/pdf' }));
  const response = await server.app.request(
    'http://localhost/api/kyc/document/front',
    { method: 'POST', body: form, headers: { authorization: `Bearer ${client.token}`, 'x-forwarded-for': client.ip } },
    { incoming: { socket: { remoteAddress: '127.0.0.1' } } as never },
  );
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : undefined };
}

/** What a scanner app makes: a page with text and a drawing, by pdfkit. */
async function scannedDocument(): Promise<Buffer> {
  const document = new PDFDocument({ size: 'A4' });
  const chunks: Buffer[] = [];
  document.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve) => document.on('end', resolve));
  document.fontSize(18).text('PASSPORT — Erika Mustermann', 72, 72);
  document.rect(72, 120, 200, 120).stroke();
  document.end();
  await done;
  return Buffer.concat(chunks);
}

const hex: Pick<ObjectStream, 'filter' | 'encode'> = {
  filter: '/Filter /ASCIIHexDecode',
  encode: (plain) => Buffer.from(`${plain.toString('hex')}>`, 'latin1'),
};

/** Flate after the PNG "Sub" predictor on 16-byte rows: each byte stored as its difference to the one before. */
const flateWithPredictor: Pick<ObjectStream, 'filter' | 'encode'> = {
  filter: '/Filter /FlateDecode /DecodeParms << /Predictor 12 /Columns 16 >>',
  encode: (plain) => {
    const padded = Buffer.concat([plain, Buffer.alloc((16 - (plain.length % 16)) % 16, 0x20)]);
    const rows: Buffer[] = [];
    for (let at = 0; at < padded.length; at += 16) {
      const row = padded.subarray(at, at + 16);
      rows.push(Buffer.from([1, ...row.map((byte, i) => (byte - (i > 0 ? row[i - 1]! : 0)) & 0xff)]));
    }
    return deflateSync(Buffer.concat(rows));
  },
};

/** The catalog and its action live in the encoded object stream: the file's plain bytes name nothing. */
function hiddenOpenAction(encoding: Pick<ObjectStream, 'filter' | 'encode'>, action: string) {
  const [, pages, page] = onePage();
  return buildPdf([null, pages!, page!], {
    compressed: { ...encoding, objects: { 1: '<< /Type /Catalog /Pages 2 0 R /OpenAction 4 0 R >>', 4: action } },
  });
}

describe('KYC PDFs are read by a real parser', () => {
  it('takes a plain scanned document (pdfkit) and one written by hand', async () => {
    const scanned = await upload(await scannedDocument());
    expect(scanned.status, JSON.stringify(scanned.body)).toBe(200);
    expect(scanned.body).toMatchObject({ mediaType: 'application/pdf' });
    expect((await upload(buildPdf(onePage()))).status).toBe(200);
  });

  it('refuses JavaScript in an object stream encoded in ASCIIHex', async () => {
    const file = hiddenOpenAction(hex, '<< /S /JavaScript /JS (app.launchURL\\("https://evil.example"\\)) >>');
    expect(file.toString('latin1')).not.toMatch(/JavaScript|OpenAction/);
    expectError(await upload(file), 422, 'kyc_file_unsafe');
  });

  it('refuses JavaScript in an object stream in Flate with a predictor', async () => {
    const file = hiddenOpenAction(flateWithPredictor, '<< /S /JavaScript /JS (this.exportDataObject\\({cName: "a", nLaunch: 2}\\)) >>');
    expectError(await upload(file), 422, 'kyc_file_unsafe');
  });

  it('refuses a launch action, plain or behind a link hidden in an encoded object stream', async () => {
    expectError(await upload(buildPdf(onePage({ catalog: '/OpenAction << /S /Launch /F (cmd.exe) >>' }))), 422, 'kyc_file_unsafe');
    const [catalog, pages] = onePage();
    const hidden = buildPdf([catalog!, pages!, null], {
      compressed: {
        ...flateWithPredictor,
        objects: {
          3: '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Annots [4 0 R] >>',
          4: '<< /Type /Annot /Subtype /Link /Rect [0 0 595 842] /A << /S /Launch /F (C:\\\\Windows\\\\System32\\\\calc.exe) >> >>',
        },
      },
    });
    expectError(await upload(hidden), 422, 'kyc_file_unsafe');
  });

  it('refuses an embedded file, in the catalog’s names or as an attachment on the page', async () => {
    const payload = { dictionary: '/Type /EmbeddedFile', stream: Buffer.from('MZ\x90\0 not a passport', 'latin1') };
    const [, pages, page] = onePage();
    const inNames = buildPdf([null, pages!, page!, null, payload], {
      compressed: {
        ...hex,
        objects: {
          1: '<< /Type /Catalog /Pages 2 0 R /Names << /EmbeddedFiles << /Names [(invoice.exe) 4 0 R] >> >> >>',
          4: '<< /Type /Filespec /F (invoice.exe) /EF << /F 5 0 R >> >>',
        },
      },
    });
    expectError(await upload(inNames), 422, 'kyc_file_unsafe');
    const onPage = buildPdf([
      ...onePage({ page: '/Annots [4 0 R]' }),
      '<< /Type /Annot /Subtype /FileAttachment /Rect [0 0 20 20] /FS << /Type /Filespec /F (a.exe) /EF << /F 5 0 R >> >> >>',
      payload,
    ]);
    expectError(await upload(onPage), 422, 'kyc_file_unsafe');
  });

  it('refuses a form, plain or hidden', async () => {
    const field = '<< /Type /Annot /Subtype /Widget /FT /Tx /T (name) /Rect [0 0 200 20] /P 3 0 R >>';
    expectError(
      await upload(buildPdf([...onePage({ catalog: '/AcroForm << /Fields [4 0 R] >>', page: '/Annots [4 0 R]' }), field])),
      422,
      'kyc_file_unsafe',
    );
    const [, pages] = onePage();
    const hidden = buildPdf([null, pages!, null], {
      compressed: {
        ...hex,
        objects: {
          1: '<< /Type /Catalog /Pages 2 0 R /AcroForm << /Fields [4 0 R] >> >>',
          3: '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Annots [4 0 R] >>',
          4: field,
        },
      },
    });
    expectError(await upload(hidden), 422, 'kyc_file_unsafe');
  });

  it('refuses what it cannot read: a broken PDF, a compression bomb, more pages than a document has', async () => {
    expectError(
      await upload(Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n', 'latin1')),
      415,
      'kyc_file_type_refused',
    );
    const bomb = buildPdf([
      ...onePage({ page: '/Contents 4 0 R' }),
      { dictionary: '/Filter /FlateDecode', stream: deflateSync(Buffer.alloc(200 * 1024 * 1024)) },
    ]);
    expect(bomb.length).toBeLessThan(KYC_FILE_MAX_BYTES);
    const started = Date.now();
    expectError(await upload(bomb), 422, 'kyc_file_unsafe');
    expect(Date.now() - started).toBeLessThan(10_000);
    const pages = Array.from({ length: 51 }, () => '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>');
    const kids = pages.map((_, i) => `${i + 3} 0 R`).join(' ');
    expectError(
      await upload(buildPdf(['<< /Type /Catalog /Pages 2 0 R >>', `<< /Type /Pages /Kids [${kids}] /Count 51 >>`, ...pages])),
      422,
      'kyc_file_unsafe',
    );
  });

  it('checks uploads arriving together, each on its own, a few at a time', async () => {
    const files = [
      buildPdf(onePage()),
      hiddenOpenAction(hex, '<< /S /JavaScript /JS (app.alert\\(1\\)) >>'),
      buildPdf(onePage()),
      Buffer.from('%PDF-1.7\nbroken', 'latin1'),
      buildPdf(onePage({ catalog: '/OpenAction << /S /Launch /F (cmd.exe) >>' })),
    ];
    expect((await Promise.all(files.map((file) => inspectPdf(file)))).map(({ verdict }) => verdict)).toEqual([
      'clean',
      'active',
      'clean',
      'unreadable',
      'active',
    ]);
  });

  it('takes a document of the largest size allowed', async () => {
    const sized = onePageOfSize(KYC_FILE_MAX_BYTES);
    expect(sized.length).toBe(KYC_FILE_MAX_BYTES);
    const answer = await upload(sized);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  });
});
