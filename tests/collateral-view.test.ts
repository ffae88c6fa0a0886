import { describe, expect, it } from 'vitest';
import type { CollateralPreview } from '../contract/cards';
import { collateralMachine } from '../machines/collateral/collateral.machine';
import { connectCollateral } from '../machines/collateral/collateral.view';

// A plain function of a snapshot: the move form of /card-accounts/collateral shows what it returns.

const sent: unknown[] = [];
const at = (preview: CollateralPreview | null) =>
  connectCollateral(
    collateralMachine.resolveState({
      value: 'editing' as never,
      context: {
        accountId: '3f2a1b4c-5d6e-4f70-8a9b-0c1d2e3f4a5b',
        direction: 'withdraw',
        asset: 'BTC',
        amount: '1.5',
        preview,
        failure: null,
        result: null,
      },
    }),
    (event) => sent.push(event),
  );

const line = { creditLimit: '20000.00', available: '12000.00', stale: false };

describe('the collateral view', () => {
  it('draws the loan-to-value a possible move leaves, exactly as the server computed it', () => {
    const view = at({ ...line, ltv: '40.00', creditLimit: '10000.00', available: '2000.00', allowed: true, overPledged: false });
    expect(view).toMatchObject({ refusal: null, ltvAfter: '40.00', preview: { creditLimit: '10000.00', available: '2000.00' } });
  });

  it('refuses past the credit limit with the loan-to-value it would reach', () => {
    expect(at({ ...line, ltv: '83.33', allowed: false, overPledged: false })).toMatchObject({ refusal: 'ltv_too_high', ltvAfter: '83.33' });
  });

  it('says a withdrawal of more than is pledged is that, and draws no loan-to-value for it', () => {
    expect(at({ ...line, ltv: '20.00', allowed: false, overPledged: true })).toMatchObject({
      refusal: 'more_than_pledged',
      ltvAfter: null,
    });
  });

  it('says nothing before a preview', () => {
    expect(at(null)).toMatchObject({ refusal: null, ltvAfter: null });
  });

  it('sends the direction, asset, typed amount and submission as the machine’s events', () => {
    sent.length = 0;
    const view = at(null);
    view.chooseDirection('add');
    view.chooseAsset('ETH');
    view.typeAmount('0.5');
    view.submit();
    expect(sent).toEqual([
      { type: 'DIRECTION_CHOSEN', direction: 'add' },
      { type: 'ASSET_CHOSEN', asset: 'ETH' },
      { type: 'AMOUNT_CHANGED', amount: '0.5' },
      { type: 'SUBMITTED' },
    ]);
  });
});
