import type { APIRequestContext } from '@playwright/test';
import { randomInt, randomUUID } from 'node:crypto';
import { assetInfo, type CryptoAsset } from '../contract/assets';
import type { Locale } from '../contract/locales';
import { KYC_TERMS_VERSION } from '../contract/kyc';
import { ADMIN, expect, latestCode, registerCustomer, someClientAddress, stepUpByApi } from './fixtures';
import { JPEG, PASSPORT } from './kycFiles';

/** A PNG's signature and chunks (zeroed checksums: the server reads the type, it does not render it). */
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  ...[
    ['IHDR', '\0\0\0\x10\0\0\0\x10\x08\x06\0\0\0'],
    ['IDAT', 'pixels'],
    ['IEND', ''],
  ].map(([type, data]) => {
    const body = Buffer.from(data!, 'latin1');
    const length = Buffer.alloc(4);
    length.writeUInt32BE(body.length);
    return Buffer.concat([length, Buffer.from(type!, 'latin1'), body, Buffer.alloc(4)]);
  }),
]);

/**
 * A new customer who may send money out of Meridian (the route's middleware): e-mail verified, phone
 * confirmed, identity check approved by the admin — all through the API — with `amount` of `asset` (ETH unless
 * said) credited on Ethereum.
 * The browser context's cookies are the customer's session.
 */
export async function customerWhoMayWithdraw(
  request: APIRequestContext,
  admin: APIRequestContext,
  language: Locale,
  amount: string,
  asset: CryptoAsset = 'ETH',
) {
  const customer = await registerCustomer(request, language);
  const headers = { Authorization: `Bearer ${customer.tokens.accessToken}`, 'X-Forwarded-For': someClientAddress() };
  const ok = async (answer: Promise<{ status(): number; text(): Promise<string> }>) => {
    const response = await answer;
    expect(response.status(), await response.text()).toBeLessThan(300);
    return response as unknown as { json(): Promise<unknown> };
  };
  await ok(request.put('/api/kyc/document', { data: PASSPORT, headers }));
  await ok(
    request.post('/api/kyc/document/front', {
      multipart: { file: { name: 'passport.jpg', mimeType: 'image/jpeg', buffer: JPEG } },
      headers,
    }),
  );
  await stepUpByApi(request, headers, 'phone.set', customer.email);
  const phone = `+49151${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
  await ok(request.post('/api/users/set-phone', { data: { phone }, headers }));
  await ok(request.post('/api/users/confirm-phone', { data: { code: await latestCode(request, phone, 'set_phone') }, headers }));
  const answers = { occupation: 'student', sourceOfFunds: 'savings', monthlyVolume: 'under_1000', pep: false, taxResidence: 'DE' };
  await ok(request.put('/api/kyc/questionnaire', { data: { answers }, headers }));
  const signature = {
    strokes: [
      [
        [1, 1],
        [20, 20],
      ],
      [
        [30, 5],
        [40, 30],
      ],
    ],
    image: `data:image/png;base64,${PNG.toString('base64')}`,
    termsVersion: KYC_TERMS_VERSION,
  };
  await ok(request.post('/api/kyc/signature', { data: signature, headers }));
  await ok(request.post('/api/kyc/submit', { headers }));
  const { id } = (await (await ok(request.get('/api/users/me', { headers }))).json()) as { id: string };
  const login = (await (
    await ok(admin.post('/api/auth/login', { data: ADMIN, headers: { 'X-Forwarded-For': someClientAddress() } }))
  ).json()) as { accessToken: string };
  await ok(
    admin.post(`/api/simulate/admin/kyc/${id}`, {
      data: { decision: 'approve' },
      headers: { Authorization: `Bearer ${login.accessToken}`, 'X-Forwarded-For': someClientAddress() },
    }),
  );
  const account = (await (
    await ok(
      request.post('/api/accounts-management/open-account', {
        data: { currency: asset },
        headers: { ...headers, 'Idempotency-Key': randomUUID() },
      }),
    )
  ).json()) as {
    id: string;
  };
  await ok(
    request.post('/api/simulate/crypto-deposit', {
      data: { accountId: account.id, network: assetInfo(asset)!.networks[0], amount },
      headers: { ...headers, 'Idempotency-Key': randomUUID() },
    }),
  );
  return { ...customer, phone, headers };
}
