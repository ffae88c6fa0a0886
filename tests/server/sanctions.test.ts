import { describe, expect, it } from 'vitest';
import { expectError, registerCustomer, TestClient, uniqueEmail, DEFAULT_PASSWORD, useTestServer } from './helpers';

const { db, server } = useTestServer();

/** Residence in a comprehensively sanctioned country (the server's list: KP, IR, SY, CU by default). */
describe('sanctioned countries', () => {
  it('refuses to register a resident, naming the country field, and writes nothing', async () => {
    const before = await db.counts();
    const answer = await new TestClient(server).post('/auth/register', {
      email: uniqueEmail(),
      password: DEFAULT_PASSWORD,
      country: 'KP',
      acceptTerms: true,
    });
    expectError(answer, 422, 'country_sanctioned', ['country']);
    expect(answer.body.error.fields).toEqual({ country: 'sanctioned' });
    expect(await db.counts()).toEqual(before);
  });

  it('refuses a sanctioned tax residence in the identity check’s questionnaire, and keeps no answers', async () => {
    const client = new TestClient(server);
    await registerCustomer(client);
    const answers = { occupation: 'student', sourceOfFunds: 'savings', monthlyVolume: 'under_1000', pep: false };
    const refused = await client.request('PUT', '/kyc/questionnaire', { body: { answers: { ...answers, taxResidence: 'IR' } } });
    expectError(refused, 422, 'country_sanctioned', ['taxResidence']);
    expect((await client.get('/kyc')).body).toMatchObject({ steps: { questionnaire: 'todo' }, questionnaire: {} });
    expect((await client.request('PUT', '/kyc/questionnaire', { body: { answers: { ...answers, taxResidence: 'DE' } } })).status).toBe(200);
  });
});
