import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { KYC_FILE_MAX_BYTES, KYC_TERMS_VERSION } from '../../contract/kyc';
import { kycApplications, kycFiles, users } from '../../server/db/schema';
import { DEMO_ADMIN } from '../../server/db/seed';
import { inspectPdf, sniffType, stripJpeg, stripPng } from '../../server/services/kyc-files';
import { buildPdf, onePage, onePageOfSize } from '../pdfFixtures';
import { expectError, registerCustomer, TestClient, useTestServer, type Answer } from './helpers';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'meridian-kyc-'));
const { db, server } = useTestServer({ config: { dataDir } });
let admin: TestClient;

beforeAll(async () => {
  admin = new TestClient(server);
  expect((await admin.login(DEMO_ADMIN.email, DEMO_ADMIN.password)).status).toBe(200);
});

// ——— Files as a phone or a scanner makes them ———

const segment = (marker: number, payload: string | Buffer) => {
  const body = typeof payload === 'string' ? Buffer.from(payload, 'latin1') : payload;
  return Buffer.concat([Buffer.from([0xff, marker, (body.length + 2) >> 8, (body.length + 2) & 0xff]), body]);
};

/** A JPEG with EXIF (a GPS position), XMP, a comment, and its image data. */
function jpegWithMetadata(): Buffer {
  return Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    segment(0xe0, 'JFIF\0\x01\x01\0\0\x01\0\x01\0\0'),
    segment(0xe1, 'Exif\0\0GPS 48.8584N 2.2945E camera Pixel-9'),
    segment(0xe1, 'http://ns.adobe.com/xap/1.0/\0<x:xmpmeta>Author Jane</x:xmpmeta>'),
    segment(0xe2, 'ICC_PROFILE\0\x01\x01colours'),
    segment(0xfe, 'shot at home'),
    segment(0xdb, Buffer.alloc(65, 1)),
    segment(0xda, Buffer.from([1, 1, 0, 0, 0x3f, 0])),
    Buffer.from('IMAGE-DATA-\xff\x00-MORE', 'latin1'),
    Buffer.from([0xff, 0xd9]),
  ]);
}

const chunk = (type: string, data: string) => {
  const body = Buffer.from(data, 'latin1');
  const length = Buffer.alloc(4);
  length.writeUInt32BE(body.length);
  return Buffer.concat([length, Buffer.from(type, 'latin1'), body, Buffer.alloc(4)]);
};

/** A PNG with text and EXIF chunks. */
function pngWithMetadata(): Buffer {
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', '\0\0\0\x10\0\0\0\x10\x08\x06\0\0\0'),
    chunk('tEXt', 'Author\0Jane Doe'),
    chunk('eXIf', 'MM\0*GPS 48.85N'),
    chunk('IDAT', 'pixels'),
    chunk('iTXt', 'Comment\0\0\0\0\0home'),
    chunk('IEND', ''),
  ]);
}

const pdf = (body: string) => Buffer.from(`%PDF-1.7\n${body}\n%%EOF\n`, 'latin1');

// ——— Calls ———

/** The legal name and date of birth the document step takes with the document. */
const identity = { firstName: 'Léa', lastName: 'Martin', dateOfBirth: '1990-04-30' };

async function upload(client: TestClient, side: string, bytes: Uint8Array, name = 'photo.jpg', type = 'image/jpeg'): Promise<Answer> {
  const form = new FormData();
  form.set('file', new File([new Uint8Array(bytes)], name, { type }));
  const response = await server.app.request(
    `http://localhost/api/kyc/document/${side}`,
    { method: 'POST', body: form, headers: { authorization: `Bearer ${client.token}`, 'x-forwarded-for': client.ip } },
    { incoming: { socket: { remoteAddress: '127.0.0.1' } } as never },
  );
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : undefined };
}

async function download(client: TestClient, id: string): Promise<{ status: number; headers: Headers; bytes: Buffer }> {
  const response = await server.app.request(`http://localhost/api/kyc/files/${id}`, {
    headers: { authorization: `Bearer ${client.token}`, 'x-forwarded-for': client.ip },
  });
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}

async function customer(): Promise<TestClient> {
  const client = new TestClient(server);
  await registerCustomer(client);
  return client;
}

/** The pad's PNG and two strokes, as the signature screen sends them. */
const signature = (
  strokes = [
    [
      [1, 1],
      [20, 20],
    ],
    [
      [30, 5],
      [40, 30],
      [50, 10],
    ],
  ],
) => ({
  strokes,
  image: `data:image/png;base64,${pngWithMetadata().toString('base64')}`,
  termsVersion: KYC_TERMS_VERSION,
});

const questionnaire = (pep = false) => ({
  answers: {
    occupation: 'employed',
    employer: 'Acme SARL',
    sourceOfFunds: 'salary',
    monthlyVolume: 'under_10000',
    pep,
    ...(pep ? { pepRole: 'Mayor of a town' } : {}),
    taxResidence: 'FR',
  },
});

/** Every step done through the API (the phone confirmed directly: its flow has its own tests). */
async function completeAllSteps(client: TestClient, pep = false): Promise<void> {
  expect((await client.request('PUT', '/kyc/document', { body: { type: 'id_card', country: 'FR', ...identity } })).status).toBe(200);
  expect((await upload(client, 'front', jpegWithMetadata())).status).toBe(200);
  expect((await upload(client, 'back', pngWithMetadata(), 'back.png', 'image/png')).status).toBe(200);
  expect((await client.request('PUT', '/kyc/questionnaire', { body: questionnaire(pep) })).status).toBe(200);
  expect((await client.post('/kyc/signature', signature())).status).toBe(200);
  const me = (await client.get('/users/me')).body;
  await db.database.db
    .update(users)
    .set({ phone: `+336${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`, phoneConfirmedAt: new Date() })
    .where(eq(users.id, me.id));
}

describe('file checks (server/services/kyc-files.ts)', () => {
  it('reads the type from the bytes', () => {
    expect(sniffType(jpegWithMetadata())).toBe('image/jpeg');
    expect(sniffType(pngWithMetadata())).toBe('image/png');
    expect(sniffType(pdf('1 0 obj << >> endobj'))).toBe('application/pdf');
    expect(sniffType(Buffer.from('MZ\x90\0executable', 'latin1'))).toBeNull();
    expect(sniffType(Buffer.from('\x7fELF', 'latin1'))).toBeNull();
  });

  it('strips EXIF, XMP and comments from a JPEG and keeps JFIF, the colour profile and the image', () => {
    const stripped = Buffer.from(stripJpeg(jpegWithMetadata())!).toString('latin1');
    expect(stripped).not.toMatch(/GPS|Pixel-9|xmpmeta|Jane|shot at home/);
    expect(stripped).toContain('JFIF');
    expect(stripped).toContain('ICC_PROFILE');
    expect(stripped).toContain('IMAGE-DATA-\xff\x00-MORE');
  });

  it('strips text and EXIF chunks from a PNG', () => {
    const stripped = Buffer.from(stripPng(pngWithMetadata())!).toString('latin1');
    expect(stripped).not.toMatch(/Jane|GPS|home/);
    expect(stripped).toMatch(/IHDR[\s\S]*IDAT[\s\S]*IEND/);
  });

  it('finds JavaScript in a PDF, also spelt with #xx escapes or inside a compressed object stream', async () => {
    expect(await inspectPdf(buildPdf(onePage()))).toEqual({ verdict: 'clean' });
    expect(await inspectPdf(pdf('1 0 obj << /Type /Catalog >> endobj'))).toMatchObject({ verdict: 'unreadable' });
    expect(await inspectPdf(pdf('1 0 obj << /OpenAction << /S /JavaScript /JS (app.alert(1)) >> >> endobj'))).toMatchObject({
      verdict: 'active',
    });
    expect(await inspectPdf(pdf('1 0 obj << /OpenAction << /S /J#61vaScript >> >> endobj'))).toMatchObject({ verdict: 'active' });
    expect(await inspectPdf(pdf('1 0 obj << /S /Launch /F (cmd.exe) >> endobj'))).toMatchObject({ verdict: 'active' });
    const hidden = deflateSync(Buffer.from('<< /S /JavaScript /JS (this.print()) >>'));
    const packed = Buffer.concat([
      Buffer.from('%PDF-1.7\n2 0 obj << /Type /ObjStm /Filter /FlateDecode >>\nstream\n'),
      hidden,
      Buffer.from('\nendstream\nendobj\n'),
    ]);
    expect(await inspectPdf(packed)).toMatchObject({ verdict: 'active' });
  });
});

describe('document upload', () => {
  it('needs the document type first, and only the sides it has', async () => {
    const client = await customer();
    expectError(await upload(client, 'front', jpegWithMetadata()), 409, 'kyc_document_type_missing');
    expect((await client.request('PUT', '/kyc/document', { body: { type: 'passport', country: 'DE', ...identity } })).status).toBe(200);
    expectError(await upload(client, 'back', jpegWithMetadata()), 422, 'kyc_side_invalid');
    expectError(await upload(client, 'left', jpegWithMetadata()), 422, 'kyc_side_invalid');
  });

  it('refuses a renamed executable, a PDF with JavaScript, and a JSON body; writes nothing', async () => {
    const client = await customer();
    expect((await client.request('PUT', '/kyc/document', { body: { type: 'passport', country: 'DE', ...identity } })).status).toBe(200);
    const before = await db.counts();
    const exe = Buffer.concat([Buffer.from('MZ\x90\0', 'latin1'), Buffer.alloc(2048, 0x41)]);
    expectError(await upload(client, 'front', exe, 'passport.jpg', 'image/jpeg'), 415, 'kyc_file_type_refused');
    // A JPEG's first bytes and then nothing a JPEG has: not an image either.
    expectError(await upload(client, 'front', Buffer.from([0xff, 0xd8, 0xff, 0x00, 0x01])), 415, 'kyc_file_type_refused');
    const script = pdf('1 0 obj << /OpenAction << /S /JavaScript /JS (app.launchURL("https://evil.example")) >> >> endobj');
    expectError(await upload(client, 'front', script, 'scan.pdf', 'application/pdf'), 422, 'kyc_file_unsafe');
    expectError(await client.post('/kyc/document/front', { file: 'not a file' }), 415, 'unsupported_media_type');
    expect(await db.counts()).toEqual(before);
  });

  it('takes 10 485 760 bytes and refuses 10 485 761', async () => {
    const client = await customer();
    expect((await client.request('PUT', '/kyc/document', { body: { type: 'passport', country: 'DE', ...identity } })).status).toBe(200);
    // A PDF padded to size (its comment lines are no content).
    expectError(
      await upload(client, 'front', onePageOfSize(KYC_FILE_MAX_BYTES + 1), 'scan.pdf', 'application/pdf'),
      413,
      'payload_too_large',
    );
    const answer = await upload(client, 'front', onePageOfSize(KYC_FILE_MAX_BYTES), 'scan.pdf', 'application/pdf');
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toMatchObject({ side: 'front', mediaType: 'application/pdf', sizeBytes: KYC_FILE_MAX_BYTES });
  });

  it('stores the image without metadata, encrypted on disk, and serves it to its owner and admins only, as an attachment', async () => {
    const owner = await customer();
    expect((await owner.request('PUT', '/kyc/document', { body: { type: 'passport', country: 'DE', ...identity } })).status).toBe(200);
    // Named .pdf and sent as a PDF: the bytes say JPEG, and JPEG is what is stored.
    const answer = await upload(owner, 'front', jpegWithMetadata(), 'passport.pdf', 'application/pdf');
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.mediaType).toBe('image/jpeg');

    const [row] = await db.database.db.select().from(kycFiles).where(eq(kycFiles.id, answer.body.id));
    const onDisk = readFileSync(path.join(dataDir, 'kyc-files', row!.storageKey));
    expect(readdirSync(path.join(dataDir, 'kyc-files'))).toContain(row!.storageKey);
    expect(onDisk.toString('latin1')).not.toMatch(/JFIF|IMAGE-DATA|GPS/);

    const mine = await download(owner, answer.body.id);
    expect(mine.status).toBe(200);
    expect(mine.headers.get('content-type')).toBe('image/jpeg');
    expect(mine.headers.get('content-disposition')).toMatch(/^attachment; filename="kyc-front-[0-9a-f]{8}\.jpg"$/);
    expect(mine.headers.get('x-content-type-options')).toBe('nosniff');
    expect(mine.headers.get('cache-control')).toBe('no-store');
    expect(mine.bytes.toString('latin1')).toContain('IMAGE-DATA');
    expect(mine.bytes.toString('latin1')).not.toMatch(/GPS|Pixel-9|Jane|shot at home/);

    const stranger = await customer();
    expect((await download(stranger, answer.body.id)).status).toBe(404);
    expect((await download(stranger, 'not-a-uuid')).status).toBe(404);
    const seen = await download(admin, answer.body.id);
    expect(seen.status).toBe(200);
    expect(seen.bytes.equals(mine.bytes)).toBe(true);
    const audit = (await admin.get('/simulate/admin/audit')).body as { action: string; details: Record<string, string> }[];
    expect(audit.find((entry) => entry.action === 'kyc_file_viewed')?.details.file).toBe(answer.body.id);
  });
});

describe('the draft', () => {
  it('resumes on another device: each step is saved as it is done', async () => {
    const phone = await customer();
    const me = (await phone.get('/users/me')).body;
    expect((await phone.get('/kyc')).body).toMatchObject({ status: 'not_started', editable: true });
    expect((await phone.request('PUT', '/kyc/document', { body: { type: 'id_card', country: 'FR', ...identity } })).status).toBe(200);
    expect((await upload(phone, 'front', jpegWithMetadata())).status).toBe(200);
    expect((await phone.request('PUT', '/kyc/questionnaire', { body: questionnaire() })).status).toBe(200);

    const laptop = new TestClient(server);
    expect((await laptop.login(me.email, 'correct horse 42 battery')).status).toBe(200);
    const draft = (await laptop.get('/kyc')).body;
    expect(draft).toMatchObject({
      status: 'in_progress',
      steps: { document: 'todo', phone: 'todo', questionnaire: 'done', signature: 'todo' },
      document: { type: 'id_card', country: 'FR', files: [{ side: 'front', mediaType: 'image/jpeg' }] },
      questionnaire: questionnaire().answers,
    });
    expect((await upload(laptop, 'back', jpegWithMetadata())).status).toBe(200);
    expect((await laptop.get('/kyc')).body.steps.document).toBe('done');
  });

  it('validates the questionnaire by its branches: asked questions answered, others not', async () => {
    const client = await customer();
    const missing = { answers: { ...questionnaire().answers, employer: undefined } };
    expectError(await client.request('PUT', '/kyc/questionnaire', { body: missing }), 422, 'validation_failed', ['answers.employer']);
    const stale = { answers: { ...questionnaire().answers, occupation: 'retired' } };
    expectError(await client.request('PUT', '/kyc/questionnaire', { body: stale }), 422, 'validation_failed', ['answers.employer']);
    const pepWithoutRole = { answers: { ...questionnaire().answers, pep: true } };
    expectError(await client.request('PUT', '/kyc/questionnaire', { body: pepWithoutRole }), 422, 'validation_failed', ['answers.pepRole']);
  });

  it('keeps the answers being typed until the questionnaire is saved, checked like the answers (issue 24 item 20)', async () => {
    const client = await customer();
    expect((await client.get('/kyc/questionnaire/draft')).body).toEqual({ answers: {}, savedAt: null });
    // Half typed: an employer of one letter is a draft, not yet an answer.
    const typing = { answers: { occupation: 'employed', employer: 'A' } };
    const saved = await client.request('PUT', '/kyc/questionnaire/draft', { body: typing });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    // A reload (or another device) reads them back.
    expect((await client.get('/kyc/questionnaire/draft')).body).toEqual({ ...typing, savedAt: server.clock.now().toISOString() });
    const tooLong = { answers: { occupation: 'employed', employer: 'x'.repeat(121) } };
    expectError(await client.request('PUT', '/kyc/questionnaire/draft', { body: tooLong }), 422, 'validation_failed', ['answers.employer']);
    const notAsked = { answers: { occupation: 'retired', employer: 'Acme' } };
    expectError(await client.request('PUT', '/kyc/questionnaire/draft', { body: notAsked }), 422, 'validation_failed', [
      'answers.employer',
    ]);
    expect((await client.request('PUT', '/kyc/questionnaire', { body: questionnaire() })).status).toBe(200);
    expect((await client.get('/kyc/questionnaire/draft')).body).toEqual({ answers: {}, savedAt: null });
  });

  it('takes no draft once the check is submitted', async () => {
    const client = await customer();
    await completeAllSteps(client);
    expect((await client.post('/kyc/submit')).status).toBe(200);
    const typing = { answers: { occupation: 'student' } };
    expectError(await client.request('PUT', '/kyc/questionnaire/draft', { body: typing }), 409, 'kyc_not_editable');
  });

  it('refuses a signature of fewer than 2 strokes, and outdated terms', async () => {
    const client = await customer();
    expectError(
      await client.post(
        '/kyc/signature',
        signature([
          [
            [1, 1],
            [9, 9],
          ],
        ]),
      ),
      422,
      'signature_too_short',
    );
    // Taps are not strokes.
    expectError(
      await client.post(
        '/kyc/signature',
        signature([
          [[1, 1]],
          [[5, 5]],
          [
            [9, 9],
            [10, 10],
          ],
        ]),
      ),
      422,
      'signature_too_short',
    );
    expectError(await client.post('/kyc/signature', { ...signature(), termsVersion: '2019-01' }), 409, 'terms_version_outdated');
    const signed = await client.post('/kyc/signature', signature());
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
    expect(signed.body.signature).toEqual({ signedAt: server.clock.now().toISOString(), termsVersion: KYC_TERMS_VERSION });
  });

  it('is submitted only complete, then locked', async () => {
    const client = await customer();
    await client.request('PUT', '/kyc/document', { body: { type: 'passport', country: 'FR', ...identity } });
    expectError(await client.post('/kyc/submit'), 409, 'kyc_steps_incomplete', ['document', 'phone', 'questionnaire', 'signature']);
    await completeAllSteps(client);
    const submitted = await client.post('/kyc/submit');
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    expect(submitted.body).toMatchObject({ status: 'pending', editable: false });
    expectError(await client.request('PUT', '/kyc/questionnaire', { body: questionnaire() }), 409, 'kyc_not_editable');
    expectError(await upload(client, 'front', jpegWithMetadata()), 409, 'kyc_not_editable');
    expectError(await client.post('/kyc/submit'), 409, 'kyc_not_editable');
    expectError(await client.post('/users/update-name', { firstName: 'Other', lastName: 'Name' }), 409, 'name_locked');
  });
});

describe('legal name and date of birth (issue 24, item 1)', () => {
  /** The server's today minus `years`, as an ISO date: the server decides ages by its own clock. */
  const bornYearsAgo = (years: number) => {
    const date = server.clock.now();
    date.setUTCFullYear(date.getUTCFullYear() - years);
    return date.toISOString().slice(0, 10);
  };
  const saveDocument = (client: TestClient, person: Partial<typeof identity>) =>
    client.request('PUT', '/kyc/document', { body: { type: 'passport', country: 'DE', ...identity, ...person } });

  it('takes an adult’s legal name with the document: it becomes the profile name, and the reviewer sees it', async () => {
    const client = await customer();
    expectError(await saveDocument(client, { dateOfBirth: bornYearsAgo(17) }), 422, 'date_of_birth_refused', ['dateOfBirth']);
    expect((await saveDocument(client, { dateOfBirth: bornYearsAgo(17) })).body.error.fields).toEqual({ dateOfBirth: 'tooYoung' });
    expect((await saveDocument(client, { dateOfBirth: '1890-01-01' })).body.error.fields).toEqual({ dateOfBirth: 'tooOld' });
    expectError(await saveDocument(client, { dateOfBirth: '1990-02-30' }), 422, 'validation_failed', ['dateOfBirth']);
    expectError(await saveDocument(client, { firstName: 'Léa 2' }), 422, 'validation_failed', ['firstName']);
    expectError(await saveDocument(client, { lastName: '' }), 422, 'validation_failed', ['lastName']);

    const saved = await saveDocument(client, { dateOfBirth: bornYearsAgo(18) });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.person).toEqual({ firstName: 'Léa', lastName: 'Martin', dateOfBirth: bornYearsAgo(18) });
    expect((await client.get('/users/me')).body).toMatchObject({ firstName: 'Léa', lastName: 'Martin' });

    await completeAllSteps(client);
    await client.post('/kyc/submit');
    const me = (await client.get('/users/me')).body;
    const queue = (await admin.get('/simulate/admin/kyc')).body.applications as { userId: string; name: string; dateOfBirth: string }[];
    expect(queue.find((item) => item.userId === me.id)).toMatchObject({ name: 'Léa Martin', dateOfBirth: '1990-04-30' });
  });

  it('a check submitted without the legal name is not approved, and its empty name stays open', async () => {
    const client = await customer();
    const me = (await client.get('/users/me')).body;
    await completeAllSteps(client);
    await client.post('/kyc/submit');
    // As before KYC asked for it: no name, no date of birth.
    await db.database.db.update(users).set({ firstName: null, lastName: null }).where(eq(users.id, me.id));
    await db.database.db.update(kycApplications).set({ dateOfBirth: null }).where(eq(kycApplications.userId, me.id));
    expectError(await admin.post(`/simulate/admin/kyc/${me.id}`, { decision: 'approve' }), 409, 'kyc_identity_missing');
    expect((await client.get('/inject/fiat/details')).body.holderName).toBeNull();

    // The reviewer sends the document step back; the customer gives the name with it, and the step is done again.
    await admin.post(`/simulate/admin/kyc/${me.id}`, { decision: 'request_step', step: 'document', reason: 'Your legal name, please.' });
    expect((await client.get('/kyc')).body.steps.document).toBe('requested');
    expect((await saveDocument(client, {})).status).toBe(200);
    expect((await upload(client, 'front', jpegWithMetadata())).status).toBe(200);
    expect((await client.post('/kyc/submit')).body.status).toBe('pending');
    expect((await admin.post(`/simulate/admin/kyc/${me.id}`, { decision: 'approve' })).status).toBe(200);
    expect((await client.get('/inject/fiat/details')).body.holderName).toBe('Léa Martin');
  });

  it('an approved customer without a name (checked before it was asked) may give it once; then it locks', async () => {
    const client = await customer();
    const me = (await client.get('/users/me')).body;
    await db.database.db.update(users).set({ kycStatus: 'approved', firstName: null, lastName: '' }).where(eq(users.id, me.id));
    expect((await client.get('/inject/fiat/details')).body.holderName).toBeNull();
    const named = await client.post('/users/update-name', { firstName: 'Léa', lastName: 'Martin' });
    expect(named.status, JSON.stringify(named.body)).toBe(200);
    expect((await client.get('/inject/fiat/details')).body.holderName).toBe('Léa Martin');
    expectError(await client.post('/users/update-name', { firstName: 'Other', lastName: 'Name' }), 409, 'name_locked');
  });
});

describe('review', () => {
  /** The messages queued for the customer, as the admin's outbox shows them. */
  const mailTo = async (email: string) =>
    (await admin.get(`/simulate/admin/outbox?to=${encodeURIComponent(email)}`)).body.messages as {
      template: string;
      subject: string;
      body: string;
    }[];
  const levels = async (client: TestClient) => (await client.get('/users-deposit-levels/by-user')).body;

  it('approval lifts the level cap, locks the name, writes the audit log and tells the customer in their language', async () => {
    const client = await customer();
    const me = (await client.get('/users/me')).body;
    expect((await client.post('/user-settings', { language: 'de' })).status).toBe(200);
    await completeAllSteps(client);
    await client.post('/kyc/submit');
    expect((await levels(client)).kycRequired).toBe(true);

    const queue = (await admin.get('/simulate/admin/kyc')).body.applications as { userId: string; pep: boolean }[];
    expect(queue.find((item) => item.userId === me.id)).toMatchObject({ pep: false });
    const decided = await admin.post(`/simulate/admin/kyc/${me.id}`, { decision: 'approve' });
    expect(decided.status, JSON.stringify(decided.body)).toBe(200);
    expect(decided.body).toEqual({ userId: me.id, status: 'approved' });

    expect((await client.get('/kyc')).body.status).toBe('approved');
    expect((await levels(client)).kycRequired).toBe(false);
    expectError(await client.post('/users/update-name', { firstName: 'Other', lastName: 'Name' }), 409, 'name_locked');
    expectError(await admin.post(`/simulate/admin/kyc/${me.id}`, { decision: 'approve' }), 409, 'kyc_not_pending');
    const mail = (await mailTo(me.email)).filter((message) => message.template === 'kyc_approved');
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toBe('Ihre Identität bei Meridian ist bestätigt');
    const audit = (await admin.get('/simulate/admin/audit')).body as { action: string; targetEmail: string }[];
    expect(audit.some((entry) => entry.action === 'kyc_approved' && entry.targetEmail === me.email)).toBe(true);
  });

  it('puts a politically exposed person first in the queue', async () => {
    const plain = await customer();
    await completeAllSteps(plain);
    await plain.post('/kyc/submit');
    const exposed = await customer();
    await completeAllSteps(exposed, true);
    await exposed.post('/kyc/submit');
    const exposedId = (await exposed.get('/users/me')).body.id;
    const queue = (await admin.get('/simulate/admin/kyc')).body.applications as { userId: string; pep: boolean }[];
    expect(queue[0]).toMatchObject({ userId: exposedId, pep: true });
  });

  it('asking for one step again opens only that step; rejecting keeps the level cap and says why', async () => {
    const client = await customer();
    const me = (await client.get('/users/me')).body;
    await completeAllSteps(client);
    await client.post('/kyc/submit');
    const asked = await admin.post(`/simulate/admin/kyc/${me.id}`, {
      decision: 'request_step',
      step: 'signature',
      reason: 'The signature is cut off.',
    });
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    expect((await client.get('/kyc')).body).toMatchObject({
      status: 'resubmission_requested',
      steps: { document: 'done', phone: 'done', questionnaire: 'done', signature: 'requested' },
      reason: 'The signature is cut off.',
      editable: true,
    });
    expectError(await client.request('PUT', '/kyc/questionnaire', { body: questionnaire() }), 409, 'kyc_not_editable');
    expectError(await client.post('/kyc/submit'), 409, 'kyc_steps_incomplete', ['signature']);
    expect((await client.post('/kyc/signature', signature())).status).toBe(200);
    expect((await client.post('/kyc/submit')).body.status).toBe('pending');
    const requested = (await mailTo(me.email)).find((message) => message.template === 'kyc_step_requested');
    expect(requested?.body).toContain('"Signature"');
    expect(requested?.body).toContain('The signature is cut off.');

    expectError(await admin.post(`/simulate/admin/kyc/${me.id}`, { decision: 'reject' }), 422, 'validation_failed', ['reason']);
    const rejected = await admin.post(`/simulate/admin/kyc/${me.id}`, { decision: 'reject', reason: 'The document is expired.' });
    expect(rejected.body.status).toBe('rejected');
    expect((await client.get('/kyc')).body).toMatchObject({ status: 'rejected', reason: 'The document is expired.', editable: false });
    expect((await levels(client)).kycRequired).toBe(true);
  });

  it('is for admins only: a customer gets 404', async () => {
    const client = await customer();
    const me = (await client.get('/users/me')).body;
    expectError(await client.get('/simulate/admin/kyc'), 404, 'not_found');
    expectError(await client.post(`/simulate/admin/kyc/${me.id}`, { decision: 'approve' }), 404, 'not_found');
  });
});
