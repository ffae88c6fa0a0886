import { beforeAll, describe, expect, it } from 'vitest';
import { ADDRESS_LABEL_MAX_LENGTH, withdrawalAddressSchema, type WithdrawalAddress } from '../../contract/withdrawals';
import { BODY_LIMIT_BYTES } from '../../server/http/request';
import { expectError, stepUp, useTestServer } from '../server/helpers';
import { withdrawalHelpers } from '../server/withdrawalHelpers';

/**
 * Renaming and removing a saved crypto address against a caller who sends what no form would: a NUL
 * byte, a control character, an empty or too long name, a huge body; none of them reaches the book,
 * and the address stays as it was. (Another customer's ids: tests/server/withdrawals.test.ts.)
 */
const { db, server } = useTestServer();
const { customer } = withdrawalHelpers(db);

let owner: Awaited<ReturnType<typeof customer>>;
let saved: WithdrawalAddress;

beforeAll(async () => {
  owner = await customer(server);
  await stepUp(owner.client, 'withdrawal.address', owner.phone);
  const answer = await owner.client.post('/withdrawal-addresses', {
    network: 'ethereum',
    address: '0x52908400098527886E0F7030069857D2E4169EE7',
    label: 'Ledger',
  });
  saved = withdrawalAddressSchema.parse(answer.body);
});

describe('hostile names', () => {
  it('a NUL byte, a control or invisible character, no name, a name too long or a huge body renames nothing', async () => {
    const rename = (body: unknown) => owner.client.request('PATCH', `/withdrawal-addresses/${saved.id}`, { body });
    // The form refuses the same (requiredTextProblem); a right-to-left override would make a name read backwards.
    for (const label of ['Led\u0000ger', 'Led\u0007ger', 'Led\u202Eger', 'Led\u200Bger', '   ', 'x'.repeat(ADDRESS_LABEL_MAX_LENGTH + 1)])
      expectError(await rename({ label }), 422, 'validation_failed', ['label']);
    expectError(await rename({ label: 'Mine', address: '0x0000000000000000000000000000000000000000' }), 422, 'validation_failed');
    expectError(await rename({ label: 'x'.repeat(BODY_LIMIT_BYTES) }), 413, 'payload_too_large');
    expect((await owner.client.get('/withdrawal-addresses')).body.addresses).toEqual([saved]);
    // The longest name the form takes goes through, trimmed.
    const longest = 'y'.repeat(ADDRESS_LABEL_MAX_LENGTH);
    expect((await rename({ label: ` ${longest} ` })).body).toMatchObject({ id: saved.id, label: longest, address: saved.address });
  });

  it('a removal asked twice removes once; the second is not found', async () => {
    const removed = await owner.client.request('DELETE', `/withdrawal-addresses/${saved.id}`);
    expect(removed.body).toMatchObject({ addresses: [] });
    expectError(await owner.client.request('DELETE', `/withdrawal-addresses/${saved.id}`), 404, 'address_not_found');
    expectError(
      await owner.client.request('PATCH', `/withdrawal-addresses/${saved.id}`, { body: { label: 'Back' } }),
      404,
      'address_not_found',
    );
  });
});
