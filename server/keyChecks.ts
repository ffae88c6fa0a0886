import { createHmac } from 'node:crypto';
import type { Config } from './config';
import type { Database } from './db/database';

/** What each key signs for its check value: any constant, the same for every instance and release. */
const CHECKED = 'meridian key check v1';

/**
 * The check value of every key that must be the same on all instances of a database: the secret that
 * signs tokens and keys the one-time codes, the keys card numbers and identity documents are sealed
 * under, and, when set, the hot wallet and the deposit keys (another one would sign from, or hand out
 * addresses of, another wallet).
 */
export function keyCheckValues(config: Config): Array<{ setting: string; checkValue: string }> {
  const keys: Array<[string, Uint8Array | string | undefined]> = [
    ['AUTH_SECRET', config.authSecret],
    ['CARD_KEY', config.cardKey],
    ['KYC_KEY', config.kycKey],
    ['HOT_WALLET_KEY', config.withdrawals.hotWalletKey],
    ['DEPOSIT_XPUB_EVM', config.deposits?.evm],
    ['DEPOSIT_XPUB_BTC', config.deposits?.btc],
  ];
  return keys.flatMap(([setting, key]) =>
    key === undefined ? [] : [{ setting, checkValue: createHmac('sha256', key).update(CHECKED).digest('hex') }],
  );
}

/**
 * Records this instance's check values where the database has none yet (the first instance) and
 * refuses, naming the settings, when one differs from the recorded value. Instances that start together
 * race harmlessly: the first insert of a setting wins and the others compare against it.
 */
export async function checkSharedKeys(database: Database, config: Config): Promise<void> {
  const values = keyCheckValues(config);
  const recorded = await database.transaction(async (session) => {
    for (const { setting, checkValue } of values) {
      await session.query('INSERT INTO key_checks (setting, check_value) VALUES ($1, $2) ON CONFLICT (setting) DO NOTHING', [
        setting,
        checkValue,
      ]);
    }
    return session.query<{ setting: string; check_value: string }>('SELECT setting, check_value FROM key_checks');
  });
  const differing = values
    .filter(({ setting, checkValue }) => recorded.some((row) => row.setting === setting && row.check_value !== checkValue))
    .map(({ setting }) => setting);
  if (differing.length > 0) {
    throw new Error(
      `${differing.join(', ')} ${differing.length === 1 ? 'is not the one' : 'are not the ones'} the other instances of this database use ` +
        '(its check value in the key_checks table differs). Every instance needs the same keys; to rotate one, see docs/operations.md.',
    );
  }
}
