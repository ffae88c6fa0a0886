import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { endpoints, type EndpointName } from '../../contract/endpoints';
import { RECOVERY_CANCEL_TOKEN_LENGTH } from '../../contract/phoneRecovery';
import { BODY_LIMIT_BYTES } from '../../server/http/request';
import { DEFAULT_PASSWORD, TestClient, expectError, registerQualifiedCustomer, uniqueEmail, useTestServer } from './helpers';
import { DEMO_ADMIN } from '../../server/db/seed';

const { db, server } = useTestServer();
/**
 * Signed in and meeting every rule, for the endpoints that need a customer: refusals must come from
 * validation, not auth or the endpoint's `requires`.
 */
let client: TestClient;
/** The same for the endpoints of admins. */
let admin: TestClient;

beforeAll(async () => {
  client = new TestClient(server);
  await registerQualifiedCustomer(client, db);
  admin = new TestClient(server);
  expect((await admin.login(DEMO_ADMIN.email, DEMO_ADMIN.password)).status).toBe(200);
});

interface BodyCase {
  name: string;
  body?: unknown;
  raw?: string;
  headers?: Record<string, string>;
  status: number;
  code: string;
  /** The field the error must name. */
  field?: string;
}

/** A valid body per endpoint, and the rule-specific bad values the generic cases cannot derive. */
const TABLE: Partial<Record<EndpointName, { valid: Record<string, unknown>; invalid?: Record<string, unknown[]> }>> = {
  register: {
    valid: { email: uniqueEmail(), password: DEFAULT_PASSWORD, country: 'FR', acceptTerms: true, refCode: 'FRIEND-1', language: 'fr' },
    invalid: {
      email: ['not-an-email', 'two@@example.test', ''],
      password: ['short 1', 'no digits at all here', '1234567890123'],
      country: ['XX', 'fr', 'FRA'],
      acceptTerms: [false],
      refCode: ['', 'tab\there'],
      language: ['it', 'EN'],
    },
  },
  login: { valid: { email: uniqueEmail(), password: 'anything' }, invalid: { password: [''] } },
  verifyEmail: { valid: { code: '123456' }, invalid: { code: ['12345', '1234567', '12345a', ' 123456'] } },
  resendVerificationEmail: { valid: {} },
  logout: { valid: {} },
  refresh: { valid: {} },
  forgotPassword: { valid: { email: uniqueEmail() } },
  resetPassword: {
    valid: { email: uniqueEmail(), code: '123456', password: DEFAULT_PASSWORD },
    invalid: { code: ['abcdef'], password: ['tooshort1'] },
  },
  saveUserSettings: { valid: { language: 'de' }, invalid: { language: ['xx', null] } },
  updateName: {
    valid: { firstName: 'Ada', lastName: 'Lovelace' },
    invalid: {
      firstName: ['', '   ', 'Ada\u0000', 'Ada\u202E', '😀😀 🚀', '<b>Ada</b>'],
      lastName: ['line\nbreak', 'Love\u200Blace', 'Lovelace2'],
    },
  },
  markIntroSeen: { valid: {} },
  acceptTerms: { valid: { version: '2026-01' }, invalid: { version: ['', '2026-1', '2026-01-01', 202601, null] } },
  redeemPromoCode: { valid: { code: 'WELCOME10' }, invalid: { code: ['', 'WITH SPACE', 'ÜMLAUT'] } },
  createAccountsCard: { valid: {} },
  setRates: {
    valid: { rates: [{ asset: 'BTC', usd: '65000.5' }] },
    invalid: { rates: [[], [{ asset: 'DOGE', usd: '1' }], [{ asset: 'BTC', usd: '0' }], [{ asset: 'BTC', usd: '1e3' }]] },
  },
  verifyTwoFactor: {
    valid: { challengeToken: 't'.repeat(43), code: '123456' },
    invalid: { challengeToken: [''], code: ['12345'] },
  },
  resendTwoFactor: { valid: { challengeToken: 't'.repeat(43) }, invalid: { challengeToken: [''] } },
  setPhone: { valid: { phone: '+4915112345678' }, invalid: { phone: ['015112345678', '+0123456789', '+49 151 1234 5678x'] } },
  confirmPhone: { valid: { code: '123456' }, invalid: { code: ['12345a'] } },
  updatePhone: {
    valid: { phone: '+4915112345678', channel: 'sms' },
    invalid: { phone: ['4915112345678'], channel: ['fax', 'EMAIL'] },
  },
  confirmUpdatePhone: { valid: { code: '123456' }, invalid: { code: ['1234567'] } },
  confirmUpdatePhoneSms: { valid: { code: '123456' }, invalid: { code: [' 12345'] } },
  startSocialSignIn: { valid: { provider: 'google', locale: 'en' }, invalid: { provider: ['facebook', 'GOOGLE'], locale: ['it'] } },
  revokeSession: { valid: { sessionId: '3f1e2d4c-5b6a-4789-9abc-def012345678' }, invalid: { sessionId: ['not-a-uuid', ''] } },
  revokeOtherSessions: { valid: {} },
  revokeAllSessions: { valid: {} },
  requestBiometricEnable: { valid: {} },
  confirmBiometricEnable: {
    valid: { code_token: 't'.repeat(43), code: '123456', name: 'Work laptop' },
    invalid: { code_token: [''], code: ['12345'], response: [{ id: 'not base64url!', type: 'public-key' }] },
  },
  requestBiometricDisableAll: { valid: {} },
  confirmBiometricDisableAll: { valid: { code_token: 't'.repeat(43), code: '123456' }, invalid: { code: ['abcdef'] } },
  stepUpOptions: { valid: { action: 'passkey.add' }, invalid: { action: ['passkey.ADD', 'sudo'] } },
  stepUpCode: { valid: { action: 'phone.change' }, invalid: { action: ['phone', ''] } },
  stepUpVerify: { valid: { action: 'passkey.remove', code: '123456' }, invalid: { action: ['remove'], code: ['12345', '12345a'] } },
  removePhone: { valid: {} },
  changePassword: {
    valid: { currentPassword: 'anything typed 1', newPassword: 'a new password 42' },
    invalid: { currentPassword: [''], newPassword: ['short 1', 'no digits at all here'] },
  },
  renamePasskey: { valid: { name: 'Work laptop' }, invalid: { name: ['', 'tab\there'] } },
  passkeySignInOptions: { valid: {} },
  passkeySignIn: {
    valid: {
      response: {
        id: 'abc',
        rawId: 'abc',
        type: 'public-key',
        response: { clientDataJSON: 'e30', authenticatorData: 'AA', signature: 'AA' },
        clientExtensionResults: {},
      },
    },
    invalid: { response: [{ id: 'abc', type: 'password' }] },
  },
  openAccount: { valid: { currency: 'GBP' }, invalid: { currency: ['XXX', 'gbp'] } },
  repayCardAccount: {
    valid: { fromAccountId: '3f1e2d4c-5b6a-4789-9abc-def012345678', amount: '10.00' },
    invalid: { fromAccountId: ['nope'], amount: ['-1', '1e3', '0'] },
  },
  createPayLink: {
    valid: { asset: 'EUR', amount: '12.50', description: 'Concert tickets', expiresInHours: 24 },
    invalid: { asset: ['eur'], amount: ['0', '-1', '1e3'], description: ['', 'a\u202Eb', 'x'.repeat(141)], expiresInHours: [2, '24'] },
  },
  cancelPayLink: { valid: {} },
  quotePayLink: { valid: { fromAccountId: '3f1e2d4c-5b6a-4789-9abc-def012345678' }, invalid: { fromAccountId: ['nope', 42] } },
  payPayLink: {
    valid: { fromAccountId: '3f1e2d4c-5b6a-4789-9abc-def012345678', quoteId: '4f1e2d4c-5b6a-4789-9abc-def012345678' },
    invalid: { fromAccountId: ['nope', 42], quoteId: ['nope', null] },
  },
  lookupRecipient: { valid: { to: 'dana@example.test' }, invalid: { to: ['not-an-address', '+12', '', 'a\u0000@example.test'] } },
  sendMoney: {
    valid: { to: '+4915112345678', fromAccountId: '3f1e2d4c-5b6a-4789-9abc-def012345678', amount: '10.00', note: 'Dinner' },
    invalid: { to: ['nobody'], fromAccountId: ['nope'], amount: ['0', '-1', '1e3'], note: ['a\u202Eb', 'x'.repeat(141)] },
  },
  requestMoney: {
    valid: { from: 'dana@example.test', asset: 'EUR', amount: '12.50', note: 'Tickets' },
    invalid: { from: ['nobody'], asset: ['eur'], amount: ['0'], note: ['x'.repeat(141)] },
  },
  payMoneyRequest: { valid: { fromAccountId: '3f1e2d4c-5b6a-4789-9abc-def012345678' }, invalid: { fromAccountId: ['nope', 42] } },
  declineMoneyRequest: { valid: {} },
  cancelMoneyRequest: { valid: {} },
  remindMoneyRequest: { valid: {} },
  addCollateral: { valid: { asset: 'BTC', amount: '0.1' }, invalid: { asset: ['EUR', 'DOGE'], amount: ['abc', '-0.1'] } },
  withdrawCollateral: { valid: { asset: 'ETH', amount: '0.5' }, invalid: { asset: ['btc'], amount: ['0'] } },
  issueCard: { valid: { form: 'virtual' }, invalid: { form: ['plastic', 'VIRTUAL'] } },
  freezeCard: { valid: {} },
  unfreezeCard: { valid: {} },
  activateCard: { valid: {} },
  revealCard: { valid: {} },
  updateCardControls: {
    valid: { dailyLimit: '100.00', monthlyLimit: '1000.00', online: true, contactless: false },
    invalid: { dailyLimit: ['-5', '1.001'], online: ['yes'] },
  },
  simulateCardAuthorization: {
    valid: { cardId: '3f1e2d4c-5b6a-4789-9abc-def012345678', amount: '12.50', merchant: 'Café Lumière', channel: 'online' },
    invalid: { cardId: ['x'], amount: ['-12.50'], channel: ['magstripe'] },
  },
  simulateCardShipment: { valid: {} },
  sweepLoanToValue: { valid: {} },
  simulateBankTransfer: {
    valid: { currency: 'EUR', amount: '10.00', senderName: 'Ada Lovelace', reference: 'Invoice 7' },
    invalid: { currency: ['BTC'], amount: ['1e3', '-5'], senderName: ['', 'Eve\u202etxt'], reference: [''] },
  },
  redeemVoucher: { valid: { code: '0000-0000-0000-0000' }, invalid: { code: ['0000-0000-0000-0001', 'short', 'UUUU-0000-0000-0000'] } },
  createVoucher: {
    valid: { amount: '25.00', currency: 'EUR', expiresAt: '2027-01-31T12:00:00.000Z' },
    invalid: { amount: ['0', '-1'], currency: ['XYZ'], expiresAt: ['tomorrow'] },
  },
  assignHeldTransfer: { valid: { email: 'someone@example.com', reason: 'Matched by name' }, invalid: { reason: ['', 'ab'] } },
  returnHeldTransfer: { valid: { reason: 'No such customer' }, invalid: { reason: ['', 'a\u0000b'] } },
  simulateCryptoDeposit: {
    valid: { accountId: '3f1e2d4c-5b6a-4789-9abc-def012345678', network: 'ethereum', amount: '0.1' },
    invalid: { network: ['solana'] },
  },
  createDepositLink: {
    valid: { asset: 'USDT', network: 'base', amount: '25.5' },
    invalid: { asset: ['EUR', 'usdt'], network: ['bitcoin', 'solana'], amount: ['1e3', '-5', '1'.repeat(41)] },
  },
  reportDepositLinkPayment: {
    valid: { txHash: `0x${'ab'.repeat(32)}` },
    invalid: { txHash: ['0x12', `0x${'zz'.repeat(32)}`, `0x${'ab'.repeat(33)}`] },
  },
  adjustAccount: {
    valid: { accountId: '3f1e2d4c-5b6a-4789-9abc-def012345678', direction: 'credit', amount: '1.00', reason: 'Correction' },
    invalid: { direction: ['both'], reason: [''] },
  },
  createQuote: {
    valid: {
      fromAccountId: '3f1e2d4c-5b6a-4789-9abc-def012345678',
      toAccountId: '4f1e2d4c-5b6a-4789-9abc-def012345678',
      amount: '10.00',
      side: 'in',
    },
    invalid: { fromAccountId: ['x'], side: ['both', 'IN'], amount: [''] },
  },
  createTransfer: { valid: { quoteId: '3f1e2d4c-5b6a-4789-9abc-def012345678' }, invalid: { quoteId: ['x', ''] } },
  simulateQuoteExpiry: { valid: {} },
  addWithdrawalAddress: {
    valid: { network: 'ethereum', address: '0x52908400098527886E0F7030069857D2E4169EE7', label: 'Cold wallet' },
    invalid: { network: ['litecoin', 'solana'], address: ['', 'a'.repeat(101)], label: ['', 'a'.repeat(41), 'a\u0000b'] },
  },
  labelWithdrawalAddress: { valid: { label: 'Cold wallet' }, invalid: { label: ['', 'a'.repeat(41)] } },
  createWithdrawalQuote: {
    valid: { asset: 'ETH', addressId: '3f1e2d4c-5b6a-4789-9abc-def012345678', amount: '0.1' },
    invalid: { asset: ['EUR', 'eth'], addressId: ['x'], amount: ['', '1'.repeat(41)] },
  },
  createWithdrawal: { valid: { quoteId: '3f1e2d4c-5b6a-4789-9abc-def012345678' }, invalid: { quoteId: ['x', ''] } },
  simulateWithdrawal: { valid: { outcome: 'confirmed' }, invalid: { outcome: ['', 'mined', 'CONFIRMED'] } },
  addBeneficiary: {
    valid: { holderName: 'Dana Dupont', iban: 'DE89 3704 0044 0532 0130 00', bic: 'COBADEFFXXX', label: 'Savings' },
    invalid: { holderName: ['', 'a'.repeat(71), 'Dana\u0000Dupont'], iban: ['', 'D'.repeat(43)], label: ['', 'a'.repeat(41), 'a\u0000b'] },
  },
  labelBeneficiary: { valid: { label: 'Savings' }, invalid: { label: ['', 'a'.repeat(41)] } },
  createPayoutQuote: {
    valid: { currency: 'EUR', beneficiaryId: '3f1e2d4c-5b6a-4789-9abc-def012345678', amount: '10' },
    invalid: { currency: ['USD', 'eur', 'BTC'], beneficiaryId: ['x'], amount: ['', '1'.repeat(41)] },
  },
  createPayout: { valid: { quoteId: '3f1e2d4c-5b6a-4789-9abc-def012345678' }, invalid: { quoteId: ['x', ''] } },
  simulatePayoutReturn: { valid: { reason: 'AC04' }, invalid: { reason: ['', 'ac04', 'XX99'] } },
  cancelPhoneRecovery: {
    valid: { token: 'a'.repeat(RECOVERY_CANCEL_TOKEN_LENGTH) },
    invalid: { token: ['short', 'a'.repeat(RECOVERY_CANCEL_TOKEN_LENGTH - 1) + '!'] },
  },
  startPhoneRecovery: { valid: { challengeToken: 't'.repeat(43) }, invalid: { challengeToken: [''] } },
  confirmPhoneRecovery: {
    valid: { challengeToken: 't'.repeat(43), code: '123456', password: 'anything typed 1' },
    invalid: { code: ['12345'], password: [''] },
  },
  trackUtm: {
    valid: { utm_source: 'a', utm_medium: 'b', utm_campaign: 'c', utm_term: null, utm_content: null },
  },
  saveKycDocument: {
    valid: { type: 'id_card', country: 'FR', firstName: 'Léa', lastName: 'Martin', dateOfBirth: '1990-04-30' },
    invalid: { type: ['selfie', ''], country: ['XX', 'fr'], firstName: ['', 'Léa2'], dateOfBirth: ['1990-02-30', '30.04.1990'] },
  },
  saveKycQuestionnaire: {
    valid: {
      answers: { occupation: 'student', sourceOfFunds: 'savings', monthlyVolume: 'under_1000', pep: false, taxResidence: 'FR' },
    },
    invalid: {
      answers: [
        {},
        { occupation: 'employed', sourceOfFunds: 'savings', monthlyVolume: 'under_1000', pep: false, taxResidence: 'FR' },
        { occupation: 'student', sourceOfFunds: 'savings', monthlyVolume: 'under_1000', pep: true, taxResidence: 'FR' },
        { occupation: 'student', sourceOfFunds: 'savings', monthlyVolume: 'under_1000', pep: false, taxResidence: 'US' },
      ],
    },
  },
  saveKycQuestionnaireDraft: {
    valid: { answers: { occupation: 'employed', employer: 'A' } },
    invalid: { answers: [{ occupation: 'pilot' }, { occupation: 'retired', employer: 'Acme' }, { employer: 'x'.repeat(121) }] },
  },
  signKyc: {
    valid: { strokes: [[[1, 2]], [[3, 4]]], image: 'data:image/png;base64,iVBORw0KGgo=', termsVersion: '2026-01' },
    invalid: { strokes: [[[]], [[[-1, 2]]]], image: ['data:image/jpeg;base64,AAAA', 'iVBORw0KGgo='] },
  },
  decideKyc: {
    valid: { decision: 'approve' },
    invalid: { decision: ['accept', ''], step: ['phone'] },
  },
  subscribePush: {
    valid: { endpoint: 'https://push.example.test/send/abc', expirationTime: null, keys: { p256dh: 'BPxk', auth: 'c2VjcmV0' } },
    invalid: {
      endpoint: ['javascript:alert(1)', 'ftp://push.example.test/x', `https://push.example.test/${'a'.repeat(1100)}`, ''],
      keys: [{ p256dh: 'not base64!', auth: 'c2VjcmV0' }, { p256dh: 'BPxk' }, { p256dh: 'BPxk', auth: 'x'.repeat(65) }],
      expirationTime: [-1, 'tomorrow'],
    },
  },
  markNotificationsRead: { valid: { upToId: '42' }, invalid: { upToId: ['-1', '1.5', '9'.repeat(19), 'abc'] } },
  createPriceAlert: {
    valid: { kind: 'above', asset: 'BTC', price: '70000.50' },
    invalid: { kind: ['sideways'], asset: ['EUR', 'DOGE'], price: ['0', '-1', '1e5', '1.123456789', '1'.repeat(13)] },
  },
  createRecurringBuy: {
    valid: {
      frequency: 'monthly',
      dayOfMonth: 31,
      fromAccountId: '3f1e2d4c-5b6a-4789-9abc-def012345678',
      toAccountId: '0b5f2a8e-2d5c-4d9b-8a55-5b2f8c1d9e10',
      amount: '25.00',
      timeZone: 'Europe/Berlin',
    },
    invalid: {
      frequency: ['hourly'],
      dayOfMonth: [0, 32, 1.5],
      amount: ['0', '-5', 'abc'],
      timeZone: ['Mars/Olympus', 'Europe/Berlin\u0000', '../etc/passwd'],
    },
  },
  pauseRecurringBuy: { valid: {} },
  resumeRecurringBuy: { valid: {} },
  cancelRecurringBuy: { valid: {} },
  simulateRecurringBuyRun: { valid: {} },
};

type JsonSchema = {
  type?: string | string[];
  format?: string;
  maxLength?: number;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
};

/** The free-text branch of a property's JSON Schema (a nullable string is `anyOf: [string, null]`; enums and constants are not free text). */
function stringSchema(property: JsonSchema): JsonSchema | undefined {
  if (property.type === 'string') return property.enum || property.const !== undefined ? undefined : property;
  return property.anyOf?.find((branch) => branch.type === 'string');
}

/**
 * The objects a body may be: itself, or each branch of a union told apart by a field (a price alert's
 * `kind`); `valid` picks the one whose fields are derived below.
 */
function bodyObjects(body: z.ZodType): z.ZodObject[] {
  return body instanceof z.ZodDiscriminatedUnion ? (body.options as z.ZodObject[]) : [body as z.ZodObject];
}

/** What every body must refuse, derived from the contract schema; plus the endpoint's own bad values. */
function casesFor(name: EndpointName): BodyCase[] {
  const spec = endpoints[name];
  const { valid, invalid = {} } = TABLE[name]!;
  const schema = bodyObjects(spec.body!).find((object) => object.safeParse(valid).success)!;
  const json = z.toJSONSchema(schema, { io: 'input' }) as JsonSchema;
  const fieldCase = (field: string, value: unknown, why: string): BodyCase => ({
    name: `${field} ${why}`,
    body: { ...valid, [field]: value },
    status: 422,
    code: 'validation_failed',
    field,
  });
  const cases: BodyCase[] = [
    { name: 'malformed JSON', raw: '{"oops":', status: 400, code: 'invalid_json' },
    { name: 'a JSON array', raw: '[]', status: 422, code: 'validation_failed', field: 'body' },
    { name: 'JSON null', raw: 'null', status: 422, code: 'validation_failed', field: 'body' },
    { name: 'an unknown field', body: { ...valid, isAdmin: true }, status: 422, code: 'validation_failed', field: 'isAdmin' },
    {
      name: 'a form body',
      raw: 'a=1',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      status: 415,
      code: 'unsupported_media_type',
    },
    {
      name: 'a body over the size limit',
      raw: JSON.stringify({ pad: 'x'.repeat(BODY_LIMIT_BYTES) }),
      status: 413,
      code: 'payload_too_large',
    },
  ];
  for (const [field, property] of Object.entries(json.properties ?? {})) {
    const isString = Boolean(stringSchema(property));
    cases.push(fieldCase(field, isString ? 12345 : 'not-the-right-type', 'of the wrong type'));
    if (!schema.shape[field]!.safeParse(undefined).success) {
      const { [field]: _dropped, ...rest } = valid;
      cases.push({ name: `${field} missing`, body: rest, status: 422, code: 'validation_failed', field });
    }
    const maxLength = stringSchema(property)?.maxLength;
    if (maxLength !== undefined) cases.push(fieldCase(field, 'a1'.repeat(maxLength).slice(0, maxLength + 1), 'too long'));
  }
  for (const [field, values] of Object.entries(invalid)) {
    for (const value of values) cases.push(fieldCase(field, value, `= ${JSON.stringify(value)}`));
  }
  return cases;
}

const bodyEndpoints = Object.keys(TABLE) as EndpointName[];

it('every request body is a strict object whose strings all have a maximum length', () => {
  // Form posts (Apple's callback) are not JSON bodies; tests/server/social.test.ts covers them.
  const withBody = (Object.keys(endpoints) as EndpointName[]).filter(
    (name) => endpoints[name].body && !('form' in endpoints[name] && endpoints[name].form),
  );
  expect(withBody.sort()).toEqual([...bodyEndpoints].sort());
  for (const name of withBody) {
    for (const object of bodyObjects(endpoints[name].body!)) {
      const json = z.toJSONSchema(object, { io: 'input' }) as JsonSchema & { additionalProperties?: boolean };
      expect(json.additionalProperties, name).toBe(false);
      for (const [field, property] of Object.entries(json.properties ?? {})) {
        const string = stringSchema(property);
        // A UUID is bounded by its format.
        if (string && string.format !== 'uuid') expect(string.maxLength, `${name}.${field}`).toBeTypeOf('number');
      }
    }
  }
});

describe.each(bodyEndpoints)('%s refuses malformed bodies and writes nothing', (name) => {
  const spec = endpoints[name];

  it('accepts the valid body of this table (so each case below differs from a valid body by one thing)', () => {
    expect(spec.body!.safeParse(TABLE[name]!.valid).success).toBe(true);
  });

  it.each(casesFor(name))('$name → $status $code', async (testCase) => {
    const before = await db.counts();
    // Path parameters are well-formed ids of nothing, and money endpoints get a fresh key: what is refused is the body.
    const path = spec.path.replace(/:[A-Za-z]+/g, () => randomUUID());
    const key: Record<string, string> = 'idempotent' in spec && spec.idempotent ? { 'Idempotency-Key': randomUUID() } : {};
    const answer = await ('role' in spec && spec.role === 'admin' ? admin : client).request(spec.method, path, {
      body: testCase.body,
      raw: testCase.raw,
      headers: { ...key, ...testCase.headers },
      token: spec.auth === 'none' ? null : undefined,
    });
    expectError(answer, testCase.status, testCase.code);
    if (testCase.field) {
      // Nested objects (a passkey answer) name the inner field: `response.rawId` is about `response`.
      const named = Object.keys(answer.body.error.fields).some((key) => key === testCase.field || key.startsWith(`${testCase.field}.`));
      expect(named, JSON.stringify(answer.body)).toBe(true);
    }
    expect(await db.counts()).toEqual(before);
  });
});

describe('authentication comes before validation', () => {
  it('answers 401, not 422, to an anonymous malformed request', async () => {
    const answer = await new TestClient(server).post('/users/update-name', { nonsense: true });
    expectError(answer, 401, 'unauthorized');
  });
});

describe('query strings', () => {
  it('are validated too', async () => {
    const answer = await new TestClient(server).get(`/dev/outbox?to=${'a'.repeat(255)}`);
    expectError(answer, 422, 'validation_failed', ['to']);
  });
});
