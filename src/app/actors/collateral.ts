import { fromPromise } from 'xstate';
import { cardsApi } from '../../api/cards';
import type { CryptoAsset } from '../../../contract/assets';
import type { CollateralDirection, CollateralPreview } from '../../../contract/cards';
import type { collateralMachine } from '../../../machines/collateral/collateral.machine';
import { idempotentSubmit } from '../../../machines/parts/idempotentSubmit';
import type { FlowHost } from './host';
import { pageIdempotencyKeys } from '../idempotency';
import { unwrap } from './unwrap';

type MoveInput = { accountId: string; direction: CollateralDirection; asset: CryptoAsset; amount: string };

/**
 * Adding or withdrawing collateral, each move once (`idempotentSubmit`). The screen tells the balances
 * once it is done.
 */
export function collateralActors({ client }: FlowHost) {
  const api = cardsApi(client);
  return {
    actors: {
      previewCollateral: fromPromise<CollateralPreview, MoveInput>(({ input, signal }) =>
        unwrap(
          api.previewCollateral(input.accountId, { direction: input.direction, asset: input.asset, amount: input.amount }, { signal }),
        ),
      ),
      moveCollateral: idempotentSubmit(pageIdempotencyKeys(), (input: MoveInput, key) =>
        unwrap(api.moveCollateral(input.accountId, input.direction, { asset: input.asset, amount: input.amount }, key)),
      ),
    },
  } satisfies Parameters<typeof collateralMachine.provide>[0];
}
