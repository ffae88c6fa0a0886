// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { SAMPLE_SUMMARY } from './models/balances.model';
import { forgetSavedBalances, readSavedBalances, saveBalances } from '../src/app/savedBalances';

afterEach(() => localStorage.clear());

describe('the balances kept on the device for a visit without a connection', () => {
  it('gives back the figures and when they were fetched, until they are forgotten', () => {
    expect(readSavedBalances()).toBeNull();
    saveBalances(SAMPLE_SUMMARY, 1_764_000_000_000);
    expect(readSavedBalances()).toEqual({ summary: SAMPLE_SUMMARY, at: 1_764_000_000_000 });
    forgetSavedBalances();
    expect(readSavedBalances()).toBeNull();
  });

  it('shows nothing rather than figures it cannot read (another build’s shape, a damaged entry)', () => {
    for (const stored of ['{"summary":{"total":5},"at":1}', '{"summary":{"total":"5"}}', 'not json', '[]']) {
      localStorage.setItem('saved_balances', stored);
      expect(readSavedBalances(), stored).toBeNull();
    }
  });
});
