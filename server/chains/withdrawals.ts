import { and, desc, eq } from 'drizzle-orm';
import { randomBytes, randomUUID } from 'node:crypto';
import { getAddress, isAddress, type Address } from 'viem';
import { z } from 'zod';
import { assetDecimals, fitsAssetDecimals, type CryptoAsset } from '../../contract/assets';
import { checkBitcoinAddress } from '../../contract/bitcoinAddress';
import type { Chain } from '../../contract/chains';
import {
  MINIMUM_WITHDRAWAL,
  WITHDRAWAL_QUOTE_SECONDS,
  type AddWithdrawalAddressBody,
  type Withdrawal,
  type WithdrawalAddress,
  type WithdrawalAddresses,
  type WithdrawalQuote,
  type SimulateWithdrawalBody,
  type WithdrawalNetwork,
  type WithdrawalQuoteBody,
} from '../../contract/withdrawals';
import type { BitcoinWithdrawalSettings } from '../config';
import { addSeconds, type Clock } from '../clock';
import type { Db } from '../db/database';
import { accounts, activities, withdrawalAddresses, withdrawalQuotes, withdrawals } from '../db/schema';
import { ApiError } from '../errors';
import { formatAmount } from '../../contract/money';
import { compare, divideUp, formatDecimal, isPositive, negate, pow10, toUnits } from '../../contract/decimal';
import { wireFromUnits } from '../services/quote-math';
import { post, systemAccountId } from '../services/ledger';
import type { LimitService } from '../services/limits';
import { withdrawalAddressAddedNotice, withdrawalRequestedNotice } from '../services/notices';
import type { Outbox } from '../services/outbox';
import type { RateService } from '../services/rates';
import { noticeRecipient } from '../services/recipient';
import { recordSecurityEvent } from '../services/security-log';
import type { StepUpService } from '../services/step-up';
import type { ClientInfo, Principal } from '../services/tokens';
import { publicClientOf } from './chains';
import { confirmWithdrawal, failWithdrawal } from './settlement';

/** A plain transfer of the native coin costs exactly this much gas. */
export const NATIVE_TRANSFER_GAS = 21_000n;
/**
 * The gas limit of an ERC-20 `transfer`: about 35 000 to an address that holds the token, about 52 000 to
 * one that does not (USDT on Ethereum: up to 63 000); what is not used is not paid.
 */
export const TOKEN_TRANSFER_GAS = 80_000n;
/** Every native coin of the four chains keeps 18 decimals, on chain and in the ledger. */
const NATIVE_DECIMALS = 18;
/**
 * The virtual size a Bitcoin withdrawal is priced at: one P2WPKH input, a payout and a change output
 * (about 141 vB). No node is asked; the rate comes from configuration (WITHDRAWAL_BTC_FEE_RATE).
 */
export const BITCOIN_WITHDRAWAL_VSIZE = 141n;
const PRICE_DECIMALS = 18;

export type ChainToken = Chain['tokens'][number];

const isUuid = (id: string) => z.uuid().safeParse(id).success;
/** A decimal string of `asset` as an integer of its smallest unit, and back. */
const unitsOf = (amount: string, asset: CryptoAsset) => toUnits(amount, assetDecimals(asset));
const textOf = (units: bigint, asset: CryptoAsset) => wireFromUnits(units, assetDecimals(asset));

/** What arrives at the address: the amount less the network fee, both in the asset. */
export const receivedOf = (amount: string, fee: string, asset: CryptoAsset) => textOf(unitsOf(amount, asset) - unitsOf(fee, asset), asset);

/** The token contract of `asset` on the chain; none for its native coin, `network_not_supported` when the asset is not there. */
export function tokenOf(chain: Chain, asset: string): ChainToken | undefined {
  if (chain.nativeCurrency.symbol === asset) return undefined;
  const token = chain.tokens.find((candidate) => candidate.asset === asset);
  if (!token) throw new ApiError('network_not_supported');
  return token;
}

/**
 * What arrives, in the token contract's own unit: the ledger keeps USDT and USDC with 6 decimals, their
 * contracts on BNB Smart Chain with 18, so 1.5 USDT is 1 500 000 there and 1 500 000 × 10¹² on BSC — exact,
 * never rounded (a contract with fewer decimals than the asset would lose value, so none is accepted).
 */
export function onChainUnits(received: string, asset: CryptoAsset, token: Pick<ChainToken, 'decimals'>): bigint {
  const shift = token.decimals - assetDecimals(asset);
  if (shift < 0) throw new Error(`${asset} has ${token.decimals} decimals on chain, fewer than the ledger's`);
  return unitsOf(received, asset) * pow10(shift);
}

/**
 * An EVM address as typed, checksummed: anything but 0x and 40 hexadecimal digits is `address_invalid`;
 * one in mixed case must carry its EIP-55 checksum (`address_checksum_invalid`: a mistyped character).
 * All lower case carries no checksum and is accepted.
 */
export function checkedEvmAddress(typed: string): Address {
  if (!/^0x[0-9a-fA-F]{40}$/.test(typed)) throw new ApiError('address_invalid');
  if (!isAddress(typed, { strict: true })) throw new ApiError('address_checksum_invalid');
  return getAddress(typed);
}

/** The address as typed on `network`, in the form it is kept: checked, checksummed (EVM) or bech32 in lower case. */
export function checkedAddress(network: WithdrawalNetwork, typed: string, bitcoin: BitcoinWithdrawalSettings['network']): string {
  if (network !== 'bitcoin') return checkedEvmAddress(typed);
  const checked = checkBitcoinAddress(typed, bitcoin);
  if (!checked.ok) throw new ApiError(checked.code);
  return checked.address;
}

type AddressRow = typeof withdrawalAddresses.$inferSelect;
type WithdrawalRow = typeof withdrawals.$inferSelect;

const toAddress = (row: AddressRow): WithdrawalAddress => ({
  id: row.id,
  network: row.network as WithdrawalNetwork,
  address: row.address,
  label: row.label,
  createdAt: row.createdAt.toISOString(),
  usableAt: row.usableAt.toISOString(),
});

export interface WithdrawalServiceDeps {
  db: Db;
  clock: Clock;
  chains: readonly Chain[];
  limits: Pick<LimitService, 'assertWithinLimit'>;
  /** A token's fee is the native coin's gas converted at the market's prices. */
  rates: Pick<RateService, 'quote'>;
  stepUp: Pick<StepUpService, 'consume'>;
  /** Tells the customer of a new address and of a withdrawal started (item 13 of issue 21). */
  outbox: Pick<Outbox, 'enqueue' | 'deliverPending'>;
  /** None: no hot wallet is configured, withdrawals are off (`withdrawals_unavailable`). */
  hotWallet: boolean;
  coolingOffSeconds: number;
  bitcoin: BitcoinWithdrawalSettings;
}

/**
 * The customer's side of crypto withdrawals: the address book, the quote with the chain's fee, and the
 * withdrawal, which holds the amount in the ledger at once (the customer's account pays; what arrives
 * goes to the external account, the fee to revenue) for the signer (server/chains/signer.ts) to send.
 * The native coins (ETH on Ethereum and Base, BNB, AVAX) and the USDT and USDC tokens on every EVM chain.
 */
export function createWithdrawalService({
  db,
  clock,
  chains,
  limits,
  stepUp,
  rates,
  outbox,
  hotWallet,
  coolingOffSeconds,
  bitcoin,
}: WithdrawalServiceDeps) {
  function toWithdrawal(row: WithdrawalRow): Withdrawal {
    const chain = chains.find((candidate) => candidate.network === row.network);
    const asset = row.asset as CryptoAsset;
    return {
      id: row.id,
      asset: row.asset as CryptoAsset,
      network: row.network as WithdrawalNetwork,
      address: row.address,
      amount: formatDecimal(row.amount),
      fee: formatDecimal(row.fee),
      received: receivedOf(row.amount, row.fee, asset),
      status: row.status,
      txHash: row.txHash,
      explorerUrl: row.txHash && chain?.explorerUrl ? `${chain.explorerUrl}/tx/${row.txHash}` : null,
      activityId: row.activityId,
      createdAt: row.createdAt.toISOString(),
    };
  }

  const networkName = (network: string) =>
    network === 'bitcoin' ? 'Bitcoin' : (chains.find((chain) => chain.network === network)?.name ?? network);

  /**
   * A new address and a withdrawal started are written to the security log and e-mailed (the log's
   * trigger and the activity's push them), in the transaction that makes them: a stranger's address is
   * noticed within its cooling-off period, a stranger's withdrawal while it is still pending.
   */
  async function tell(
    tx: Db,
    userId: string,
    client: ClientInfo,
    event: 'withdrawal_address_added' | 'withdrawal_requested',
    detail: string,
  ) {
    await recordSecurityEvent(tx, clock(), userId, { kind: event, client, detail });
    return noticeRecipient(tx, userId);
  }

  async function list(userId: string): Promise<WithdrawalAddresses> {
    const rows = await db
      .select()
      .from(withdrawalAddresses)
      .where(eq(withdrawalAddresses.userId, userId))
      .orderBy(desc(withdrawalAddresses.createdAt), desc(withdrawalAddresses.id));
    return { addresses: rows.map(toAddress), coolingOffSeconds, bitcoinNetwork: bitcoin.network };
  }

  /** Another customer's id and a made-up one are the same `address_not_found`. */
  async function ownAddress(on: Db, userId: string, id: string): Promise<AddressRow> {
    const [row] = isUuid(id)
      ? await on
          .select()
          .from(withdrawalAddresses)
          .where(and(eq(withdrawalAddresses.id, id), eq(withdrawalAddresses.userId, userId)))
      : [];
    if (!row) throw new ApiError('address_not_found');
    return row;
  }

  /** The address is checked before the step-up grant is touched, so a typo does not spend it (a refusal inside rolls it back). */
  async function add(principal: Principal, body: AddWithdrawalAddressBody, client: ClientInfo): Promise<WithdrawalAddress> {
    const address = checkedAddress(body.network, body.address, bitcoin.network);
    const added = await db.transaction(async (tx) => {
      await stepUp.consume(tx, principal, 'withdrawal.address');
      const now = clock();
      const [row] = await tx
        .insert(withdrawalAddresses)
        .values({
          id: randomUUID(),
          userId: principal.userId,
          network: body.network,
          address,
          label: body.label,
          createdAt: now,
          usableAt: addSeconds(now, coolingOffSeconds),
        })
        .onConflictDoNothing()
        .returning();
      if (!row) throw new ApiError('address_exists');
      const to = await tell(tx, principal.userId, client, 'withdrawal_address_added', row.address);
      await outbox.enqueue(
        tx,
        withdrawalAddressAddedNotice(to.email, to.language, {
          address: row.address,
          network: networkName(row.network),
          usableAt: row.usableAt,
        }),
      );
      return toAddress(row);
    });
    await outbox.deliverPending();
    return added;
  }

  async function label(userId: string, id: string, text: string): Promise<WithdrawalAddress> {
    const row = await ownAddress(db, userId, id);
    const [updated] = await db.update(withdrawalAddresses).set({ label: text }).where(eq(withdrawalAddresses.id, row.id)).returning();
    return toAddress(updated!);
  }

  async function remove(userId: string, id: string): Promise<WithdrawalAddresses> {
    const row = await ownAddress(db, userId, id);
    await db.delete(withdrawalAddresses).where(eq(withdrawalAddresses.id, row.id));
    return list(userId);
  }

  /**
   * The most the transfer may cost now: its gas limit times the chain's suggested max fee per gas, in
   * the native coin; for a token, that converted into the token at the market's prices, rounded up.
   */
  async function estimateFee(chain: Chain, asset: CryptoAsset, token: ChainToken | undefined) {
    let maxFeePerGas: bigint;
    try {
      ({ maxFeePerGas } = await publicClientOf(chain).estimateFeesPerGas());
    } catch {
      throw new ApiError('withdrawals_unavailable');
    }
    const gasLimit = token ? TOKEN_TRANSFER_GAS : NATIVE_TRANSFER_GAS;
    const native = gasLimit * maxFeePerGas;
    if (!token) return { gasLimit, maxFeePerGas, fee: native };
    const price = async (of: CryptoAsset) => toUnits((await rates.quote(of)).usd, PRICE_DECIMALS);
    const [nativeUsd, assetUsd] = await Promise.all([price(chain.nativeCurrency.symbol), price(asset)]);
    const fee = divideUp(native * nativeUsd * pow10(assetDecimals(asset)), pow10(NATIVE_DECIMALS) * assetUsd);
    return { gasLimit, maxFeePerGas, fee };
  }

  /** Bitcoin's fee: the configured rate times the typical size, in satoshi; only where withdrawals are settled (demo mode's simulated processor). */
  function bitcoinFee(asset: CryptoAsset) {
    if (asset !== 'BTC') throw new ApiError('network_not_supported');
    if (!bitcoin.simulated) throw new ApiError('withdrawals_unavailable');
    const rate = BigInt(bitcoin.feeRateSatPerVb);
    return { gasLimit: BITCOIN_WITHDRAWAL_VSIZE, maxFeePerGas: rate, fee: BITCOIN_WITHDRAWAL_VSIZE * rate };
  }

  /** The fee of a withdrawal of `asset` over `network`, or why there is none (the asset is not there, or nothing sends). */
  function feeOf(network: string, asset: CryptoAsset) {
    if (network === 'bitcoin') {
      const fee = bitcoinFee(asset);
      return async () => fee;
    }
    const chain = chains.find((candidate) => candidate.network === network);
    if (!chain) throw new ApiError('network_not_supported');
    const token = tokenOf(chain, asset);
    if (!hotWallet) throw new ApiError('withdrawals_unavailable');
    return () => estimateFee(chain, asset, token);
  }

  /**
   * The balance covers `amount` and the level's withdrawal limit allows it. Asked by the quote and again
   * by the withdrawal before its step-up is spent or asked for (`step_up_required` comes after this), so a
   * customer is never sent a code for a withdrawal that would be refused.
   */
  async function assertCovered(tx: Db, userId: string, asset: CryptoAsset, amount: string): Promise<{ id: string }> {
    const [account] = await tx
      .select({ id: accounts.id, balance: accounts.balance })
      .from(accounts)
      .where(and(eq(accounts.userId, userId), eq(accounts.kind, 'crypto'), eq(accounts.currency, asset)));
    if (!account || compare(formatDecimal(account.balance), amount) < 0) throw new ApiError('insufficient_funds');
    await limits.assertWithinLimit(tx, userId, 'withdrawal', asset, amount);
    return { id: account.id };
  }

  async function quote(userId: string, body: WithdrawalQuoteBody): Promise<WithdrawalQuote> {
    const address = await ownAddress(db, userId, body.addressId);
    const now = clock();
    if (address.usableAt > now) {
      throw new ApiError('address_cooling_off', undefined, { fields: { usableAt: address.usableAt.toISOString() } });
    }
    const estimate = feeOf(address.network, body.asset);
    // Past 20 integer digits no ledger keeps it; decimals of any length reach the precision check.
    if (!isPositive(body.amount) || body.amount.split('.')[0]!.length > 20) throw new ApiError('amount_invalid');
    if (!fitsAssetDecimals(body.amount, body.asset)) throw new ApiError('amount_too_precise');
    const minimum = MINIMUM_WITHDRAWAL[body.asset];
    const amount = unitsOf(body.amount, body.asset);
    const { gasLimit, maxFeePerGas, fee } = await estimate();
    if (amount < unitsOf(minimum, body.asset) || amount <= fee) throw new ApiError('amount_too_small', undefined, { fields: { minimum } });
    const account = await db.transaction((tx) => assertCovered(tx, userId, body.asset, textOf(amount, body.asset)));
    const [row] = await db
      .insert(withdrawalQuotes)
      .values({
        id: randomUUID(),
        userId,
        accountId: account.id,
        asset: body.asset,
        network: address.network,
        addressId: address.id,
        address: address.address,
        amount: textOf(amount, body.asset),
        fee: textOf(fee, body.asset),
        gasLimit: Number(gasLimit),
        maxFeePerGas: maxFeePerGas.toString(),
        createdAt: now,
        expiresAt: addSeconds(now, WITHDRAWAL_QUOTE_SECONDS),
      })
      .returning();
    return {
      id: row!.id,
      asset: body.asset,
      network: address.network as WithdrawalNetwork,
      addressId: address.id,
      address: address.address,
      amount: textOf(amount, body.asset),
      fee: textOf(fee, body.asset),
      received: textOf(amount - fee, body.asset),
      minimum,
      expiresAt: row!.expiresAt.toISOString(),
    };
  }

  /**
   * Holds the quote's amount, once: the quote row is locked first, so of two confirms of one quote the
   * second waits and finds it used. Funds and limit are checked before the step-up: without a grant the
   * answer is `step_up_required` only for a withdrawal that would go through, so the app asks for the
   * step-up after that answer and no code is sent for a refusal. The grant is spent in the same database
   * transaction; a later refusal leaves it and writes nothing.
   */
  async function withdraw(tx: Db, principal: Principal, quoteId: string, idempotencyKey: string, client: ClientInfo): Promise<Withdrawal> {
    const { userId } = principal;
    const [row] = await tx.select().from(withdrawalQuotes).where(eq(withdrawalQuotes.id, quoteId)).for('update');
    if (!row || row.userId !== userId) throw new ApiError('quote_not_found');
    if (row.usedAt) throw new ApiError('quote_used');
    const now = clock();
    if (row.expiresAt <= now) throw new ApiError('quote_expired');
    const asset = row.asset as CryptoAsset;
    const amount = formatDecimal(row.amount);
    const fee = formatDecimal(row.fee);
    await assertCovered(tx, userId, asset, amount);
    await stepUp.consume(tx, principal, 'withdrawal');
    const received = receivedOf(amount, fee, asset);
    const entries = [
      { accountId: row.accountId, amount: negate(amount) },
      { accountId: await systemAccountId(tx, asset), amount: received },
      ...(unitsOf(fee, asset) > 0n ? [{ accountId: await systemAccountId(tx, asset, 'revenue'), amount: fee }] : []),
    ];
    const holdTransactionId = await post(tx, {
      kind: 'withdrawal',
      userId,
      idempotencyKey,
      at: now,
      entries,
      activities: [{ accountId: row.accountId, type: 'withdrawal', status: 'pending', counterparty: row.address, amount: negate(amount) }],
    });
    const [activity] = await tx.select({ id: activities.id }).from(activities).where(eq(activities.transactionId, holdTransactionId));
    const [created] = await tx
      .insert(withdrawals)
      .values({
        id: randomUUID(),
        userId,
        quoteId: row.id,
        accountId: row.accountId,
        asset,
        network: row.network,
        address: row.address,
        amount,
        fee,
        gasLimit: row.gasLimit,
        maxFeePerGas: row.maxFeePerGas,
        status: 'pending',
        activityId: activity!.id,
        holdTransactionId,
        createdAt: now,
      })
      .returning();
    await tx.update(withdrawalQuotes).set({ usedAt: now }).where(eq(withdrawalQuotes.id, row.id));
    const to = await tell(tx, userId, client, 'withdrawal_requested', `${amount} ${asset} → ${row.address}`);
    await outbox.enqueue(
      tx,
      withdrawalRequestedNotice(to.email, to.language, {
        amount: formatAmount(amount, asset, to.language),
        address: row.address,
        network: networkName(row.network),
      }),
    );
    return toWithdrawal(created!);
  }

  async function get(userId: string, id: string): Promise<Withdrawal> {
    const [row] = isUuid(id)
      ? await db
          .select()
          .from(withdrawals)
          .where(and(eq(withdrawals.id, id), eq(withdrawals.userId, userId)))
      : [];
    if (!row) throw new ApiError('withdrawal_not_found');
    return toWithdrawal(row);
  }

  /**
   * The simulated Bitcoin processor (demo mode; the route is not mounted elsewhere): what a node would do
   * to one of the customer's open BTC withdrawals, in the request's transaction (`tx`, with its
   * Idempotency-Key) and under the row's lock, so a double tap settles once.
   */
  async function simulate(tx: Db, userId: string, id: string, outcome: SimulateWithdrawalBody['outcome']): Promise<Withdrawal> {
    const [row] = isUuid(id)
      ? await tx
          .select()
          .from(withdrawals)
          .where(and(eq(withdrawals.id, id), eq(withdrawals.userId, userId)))
          .for('update')
      : [];
    if (!row) throw new ApiError('withdrawal_not_found');
    if (row.network !== 'bitcoin') throw new ApiError('network_not_supported');
    if (row.status === 'confirmed' || row.status === 'failed') throw new ApiError('withdrawal_settled');
    const now = clock();
    if (outcome === 'failed') {
      await failWithdrawal(tx, row, 'simulated', now);
    } else {
      if (row.status === 'pending') {
        // A made-up txid: the simulated network has no explorer, the app shows it in the activity.
        const txHash = randomBytes(32).toString('hex');
        await tx.update(withdrawals).set({ status: 'broadcast', txHash, broadcastAt: now }).where(eq(withdrawals.id, row.id));
        await tx.update(activities).set({ reference: txHash }).where(eq(activities.id, row.activityId));
      }
      if (outcome === 'confirmed') await confirmWithdrawal(tx, row, now);
    }
    const [settled] = await tx.select().from(withdrawals).where(eq(withdrawals.id, row.id));
    return toWithdrawal(settled!);
  }

  return { list, add, label, remove, quote, withdraw, get, simulate, deliverNotices: outbox.deliverPending };
}

export type WithdrawalService = ReturnType<typeof createWithdrawalService>;
