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
  expect(
    (
      await client.request('PUT', '/kyc/document', {
        body: { type: 'passport', country: 'DE', firstName: 'Léa', lastName: 'Martin', dateOfBirth: '1990-04-30' },
      })
    ).status,
  ).toBe(200);
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

/** ASCII85: each 4 bytes as 5 digits of base 85 from `!`, a short last group cut to its length + 1 digits. */
const ascii85: Pick<ObjectStream, 'filter' | 'encode'> = {
  filter: '/Filter /ASCII85Decode',
  encode: (plain) => {
    let text = '';
    for (let at = 0; at < plain.length; at += 4) {
      const group = plain.subarray(at, at + 4);
      let value = 0;
      for (let i = 0; i < 4; i += 1) value = value * 256 + (group[i] ?? 0);
      const digits: string[] = [];
      for (let i = 0; i < 5; i += 1, value = Math.floor(value / 85)) digits.unshift(String.fromCharCode(33 + (value % 85)));
      text += digits.slice(0, group.length + 1).join('');
    }
    return Buffer.from(`${text}~>`, 'latin1');
  },
};

/** LZW as PDF writes it (9-bit codes growing one entry early, a clear code first, an end code last), then ASCIIHex. */
const lzwThenHex: Pick<ObjectStream, 'filter' | 'encode'> = {
  filter: '/Filter [/ASCIIHexDecode /LZWDecode]',
  encode: (plain) => {
    let bits = '';
    let width = 9;
    const write = (code: number) => (bits += code.toString(2).padStart(width, '0'));
    const table = new Map<string, number>();
    let next = 258;
    write(256);
    let word = '';
    for (const char of plain.toString('latin1')) {
      const longer = word + char;
      if (word === '' || table.has(longer)) {
        word = longer;
        continue;
      }
      write(word.length === 1 ? word.charCodeAt(0) : table.get(word)!);
      table.set(longer, next++);
      if (next >= 1 << width) width += 1;
      word = char;
    }
    write(word.length === 1 ? word.charCodeAt(0) : table.get(word)!);
    // The reader adds the entry of the last code before it reads the end code.
    if (next + 1 >= 1 << width) width += 1;
    write(257);
    bits = bits.padEnd(Math.ceil(bits.length / 8) * 8, '0');
    const bytes = Buffer.from(bits.match(/.{8}/g)!.map((byte) => parseInt(byte, 2)));
    return hex.encode(bytes);
  },
};

/** RunLength with one-byte literal runs: a run header between every two letters, so no name shows. */
const runLength: Pick<ObjectStream, 'filter' | 'encode'> = {
  filter: '/Filter /RunLengthDecode',
  encode: (plain) => Buffer.concat([...[...plain].map((byte) => Buffer.from([0, byte])), Buffer.from([128])]),
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

describe('a launch action is found however its object stream is encoded', () => {
  const launch = '<< /S /Launch /F (cmd.exe) /Win << /F (cmd.exe) /P (/c calc) >> >>';
  const encodings = {
    ASCIIHex: hex,
    ASCII85: ascii85,
    'Flate with a predictor': flateWithPredictor,
    'LZW in ASCIIHex': lzwThenHex,
    RunLength: runLength,
  };

  for (const [name, encoding] of Object.entries(encodings)) {
    it(`${name}: an /OpenAction launch is refused, and the same file without it is taken`, async () => {
      const file = hiddenOpenAction(encoding, launch);
      expect(file.toString('latin1')).not.toMatch(/Launch|OpenAction/);
      expect(await inspectPdf(file)).toEqual({ verdict: 'active', reason: 'active_name' });
      // The scan decodes rather than refusing what it does not know: pdf.js reads the same encoding clean.
      const [, pages, page] = onePage();
      const clean = buildPdf([null, pages!, page!], { compressed: { ...encoding, objects: { 1: '<< /Type /Catalog /Pages 2 0 R >>' } } });
      expect(await inspectPdf(clean)).toEqual({ verdict: 'clean' });
    });
  }

  it('a page’s /AA launch in an ASCII85 object stream is refused at upload', async () => {
    const [catalog, pages] = onePage();
    const file = buildPdf([catalog!, pages!, null], {
      compressed: {
        ...ascii85,
        objects: { 3: '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /AA << /O << /S /L#61unch /F (cmd.exe) >> >> >>' },
      },
    });
    expect(file.toString('latin1')).not.toMatch(/AA|aunch/);
    expectError(await upload(file), 422, 'kyc_file_unsafe');
  });

  it('refuses streams it cannot decode outside images, and encrypted files; takes a JPEG image', async () => {
    const [, pages, page] = onePage();
    const withFilter = (filter: string) =>
      buildPdf([null, pages!, page!], {
        compressed: { filter, encode: (plain) => plain, objects: { 1: '<< /Type /Catalog /Pages 2 0 R >>' } },
      });
    expect(await inspectPdf(withFilter('/Filter /Crypt'))).toEqual({ verdict: 'active', reason: 'undecodable_stream' });
    expect(await inspectPdf(withFilter('/Filter /DCTDecode'))).toEqual({ verdict: 'active', reason: 'undecodable_stream' });
    expect(await inspectPdf(withFilter('/Filter 9 0 R'))).toEqual({ verdict: 'active', reason: 'undecodable_stream' });
    expect(await inspectPdf(withFilter('/Filter /FlateDecode'))).toEqual({ verdict: 'active', reason: 'undecodable_stream' });
    expect(await inspectPdf(withFilter('/Filter /FlateDecode /DecodeParms << /Predictor 99 >>'))).toEqual({
      verdict: 'active',
      reason: 'undecodable_stream',
    });

    const encrypted = buildPdf([...onePage(), '<< /Filter /Standard /V 1 /R 2 /O (x) /U (y) /P -4 >>']).toString('latin1');
    const withEncrypt = Buffer.from(encrypted.replace('/Type /XRef', '/Encrypt 4 0 R /Type /XRef'), 'latin1');
    expect(await inspectPdf(withEncrypt)).toEqual({ verdict: 'active', reason: 'encrypted' });

    // A photo of the document, as a scanner app embeds it: its pixels are never read for names.
    const jpeg = Buffer.from(
      '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wAALCAABAAEBAREA/8QAFAABAAAAAAAAAAAAAAAAAAAAA//EABQQAQAAAAAAAAAAAAAAAAAAAAD/2gAIAQEAAD8AN//Z',
      'base64',
    );
    const photo = buildPdf([
      ...onePage({ page: '/Resources << /XObject << /Im1 4 0 R >> >> /Contents 5 0 R' }),
      {
        dictionary: '/Type /XObject /Subtype /Image /Width 1 /Height 1 /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /DCTDecode',
        stream: jpeg,
      },
      { dictionary: '', stream: Buffer.from('q 595 0 0 842 0 0 cm /Im1 Do Q', 'latin1') },
    ]);
    expect(await inspectPdf(photo)).toEqual({ verdict: 'clean' });
  });

  it('refuses nesting deeper than a document has, quickly', async () => {
    const deep = buildPdf([...onePage(), `${'['.repeat(100_000)}${']'.repeat(100_000)}`]);
    expect(await inspectPdf(deep)).toEqual({ verdict: 'active', reason: 'nesting' });
  });
});
