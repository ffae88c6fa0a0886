import { describe, expect, it } from 'vitest';
import { TestClient, expectError, registerVerifiedCustomer, stepUp, useTestServer } from '../server/helpers';

// Issue 10, item 18: the server refuses the same weak passwords on change as on sign-up and reset.

const { server } = useTestServer();

describe('change password', () => {
  it('refuses a weak new password with 422 password_too_weak and keeps the old one', async () => {
    const client = new TestClient(server);
    const { email, password } = await registerVerifiedCustomer(client);
    await stepUp(client, 'password.change', email);
    // Passes the length, letter and digit rule, but zxcvbn finds it at once.
    const refused = await client.post('/users/change-password', { currentPassword: password, newPassword: 'password123' });
    expectError(refused, 422, 'password_too_weak', ['password']);
    // The grant was not spent and the old password still signs in.
    const strong = await client.post('/users/change-password', { currentPassword: password, newPassword: 'violet anchor 93 drift' });
    expect(strong.status, JSON.stringify(strong.body)).toBe(200);
    expect((await new TestClient(server).login(email, 'violet anchor 93 drift')).status).toBe(200);
  });
});

// Issue 24, item 18: the hint says to avoid the e-mail address and the name; the server refuses them.
describe('a new password with the customer’s own words in it', () => {
  it('is refused at sign-up when it contains the address’s local part, and nothing is written', async () => {
    const email = `qa.ux.${Date.now()}@example.test`;
    const password = `${email.split('@')[0]}!`;
    const answer = await new TestClient(server).post('/auth/register', { email, password, country: 'FR', acceptTerms: true });
    expectError(answer, 422, 'password_too_weak', ['password']);
    expect(answer.body).toMatchObject({ error: { fields: { password: 'Contains your e-mail address or name' } } });
  });

  it('is refused on change when it contains the name, and the step-up is not spent', async () => {
    const client = new TestClient(server);
    const { email, password } = await registerVerifiedCustomer(client);
    expect((await client.post('/users/update-name', { firstName: 'Wilhelmina', lastName: 'Okonkwo' })).status).toBe(200);
    await stepUp(client, 'password.change', email);
    const refused = await client.post('/users/change-password', { currentPassword: password, newPassword: 'okonkwo violet 93 drift' });
    expectError(refused, 422, 'password_too_weak', ['password']);
    const strong = await client.post('/users/change-password', { currentPassword: password, newPassword: 'violet anchor 93 drift' });
    expect(strong.status, JSON.stringify(strong.body)).toBe(200);
  });
});
