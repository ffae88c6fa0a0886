import { randomUUID } from 'node:crypto';
import { link, mkdir, rm, writeFile } from 'node:fs/promises';
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
 * and throws when it could not; it is called after the batch's transaction has committed and again by
 * every later round until the batch is marked handed over, so it must take the same batch twice without
 * paying it twice. `settlesAtArrival`: the rail itself says each payout arrived at its estimate (the
 * simulated one); a real bank tells by its statements, which this server does not read yet.
 */
export interface PayoutRail {
  name: string;
  settlesAtArrival: boolean;
  send(batch: PayoutBatch): Promise<void>;
}

/** Demo mode's SEPA: takes every batch, settles each payout on the server's clock, returns one when `/simulate` asks. */
export const simulatedSepaRail: PayoutRail = { name: 'simulated-sepa', settlesAtArrival: true, send: async () => {} };

/**
 * Production's SEPA: one pain.001.001.09 file per batch, named by the batch (its MsgId), in the
 * directory the bank's upload channel collects from. It is written whole under a name of its own and
 * then hard-linked to the batch's name, which fails when that name exists: a batch handed over again
 * (a round that wrote the file but could not mark the batch) finds its file and writes no second one.
 */
export function sepaFileRail(settings: Extract<PayoutSettings['rail'], { kind: 'sepa-file' }>): PayoutRail {
  return {
    name: 'sepa-file',
    settlesAtArrival: false,
    async send(batch) {
      await mkdir(settings.dir, { recursive: true });
      const file = path.join(settings.dir, `pain.001-${batch.id}.xml`);
      const part = `${file}.${randomUUID()}.part`;
      await writeFile(part, buildPain001(batch, settings.debtor), { flag: 'wx' });
      try {
        await link(part, file);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      } finally {
        await rm(part, { force: true });
      }
    },
  };
}

export function payoutRail(settings: PayoutSettings): PayoutRail | undefined {
  if (!settings.rail) return undefined;
  return settings.rail.kind === 'simulated' ? simulatedSepaRail : sepaFileRail(settings.rail);
}
