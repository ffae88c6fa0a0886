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
