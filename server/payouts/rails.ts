import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { PayoutSettings } from '../config';
import { buildPain001, type CreditTransfer } from './pain001';

/** A batch of payouts handed to the bank together. */
export interface PayoutBatch {
  id: string;
  createdAt: Date;
  transfers: readonly CreditTransfer[];
}

/**
 * Where payouts go: the adapter between the ledger's batches and a bank. `send` hands one batch over
 * and throws when it could not (the batch's transaction rolls back and its payouts wait for the next
 * round). `settlesAtArrival`: the rail itself says each payout arrived at its estimate (the simulated
 * one); a real bank tells by its statements, which this server does not read yet.
 */
export interface PayoutRail {
  name: string;
  settlesAtArrival: boolean;
  send(batch: PayoutBatch): Promise<void>;
}

/** Demo mode's SEPA: takes every batch, settles each payout on the server's clock, returns one when `/simulate` asks. */
export const simulatedSepaRail: PayoutRail = { name: 'simulated-sepa', settlesAtArrival: true, send: async () => {} };

/**
 * Production's SEPA: one pain.001.001.09 file per batch, written whole (a temporary name, then renamed)
 * into the directory the bank's upload channel collects from, named by the batch (its MsgId), so a file
 * is never half read and a batch never has two files.
 */
export function sepaFileRail(settings: Extract<PayoutSettings['rail'], { kind: 'sepa-file' }>): PayoutRail {
  return {
    name: 'sepa-file',
    settlesAtArrival: false,
    async send(batch) {
      await mkdir(settings.dir, { recursive: true });
      const file = path.join(settings.dir, `pain.001-${batch.id}.xml`);
      await writeFile(`${file}.part`, buildPain001(batch, settings.debtor), { flag: 'wx' });
      await rename(`${file}.part`, file);
    },
  };
}

export function payoutRail(settings: PayoutSettings): PayoutRail | undefined {
  if (!settings.rail) return undefined;
  return settings.rail.kind === 'simulated' ? simulatedSepaRail : sepaFileRail(settings.rail);
}
