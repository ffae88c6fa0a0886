import { XMLBuilder } from 'fast-xml-parser';
import { add, formatDecimal } from '../../contract/decimal';
import type { SepaDebtor } from '../config';

export const PAIN_001_NAMESPACE = 'urn:iso:std:iso:20022:tech:xsd:pain.001.001.09';

/** One credit transfer of a batch: what reaches the creditor, to whom. */
export interface CreditTransfer {
  /** The payout's id: the end-to-end reference the bank reports back with (a return names it). */
  id: string;
  holderName: string;
  iban: string;
  bic: string | null;
  currency: string;
  amount: string;
}

/** An id of at most 35 characters (the ISO 20022 Max35Text of MsgId, PmtInfId, EndToEndId): a UUID without its dashes. */
const max35Id = (uuid: string) => uuid.replaceAll('-', '');

/**
 * Text in the SEPA character set (EPC's Latin subset): accents dropped, anything else outside it becomes
 * a space, at most `max` characters. A name with no Latin letters at all (written in Arabic, Thai…) is
 * sent as "NOTPROVIDED", as the EPC guidance says for a missing name; the IBAN routes the money.
 */
export function sepaText(text: string, max: number): string {
  const latin = text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^A-Za-z0-9/\-?:().,'+ ]/g, ' ')
    .replace(/ +/g, ' ')
    .trim()
    .slice(0, max)
    .trim();
  return /[A-Za-z0-9]/.test(latin) ? latin : 'NOTPROVIDED';
}

/** A date-time as ISO 20022's ISODateTime, in UTC without fractions. */
const isoDateTime = (at: Date) => `${at.toISOString().slice(0, 19)}Z`;

/**
 * The customer credit transfer initiation (pain.001.001.09) of one batch: one payment information
 * block from the operator's account, one transaction per payout, SEPA service level, charges shared
 * (SLEV, as SEPA requires), with the group header's and the block's number of transactions and control
 * sum. Built with fast-xml-parser, which escapes the text it is given.
 */
export function buildPain001(batch: { id: string; createdAt: Date; transfers: readonly CreditTransfer[] }, debtor: SepaDebtor): string {
  const count = String(batch.transfers.length);
  const total = formatDecimal(batch.transfers.reduce((sum, transfer) => add(sum, transfer.amount), '0'));
  const document = {
    '?xml': { '@_version': '1.0', '@_encoding': 'UTF-8' },
    Document: {
      '@_xmlns': PAIN_001_NAMESPACE,
      CstmrCdtTrfInitn: {
        GrpHdr: {
          MsgId: max35Id(batch.id),
          CreDtTm: isoDateTime(batch.createdAt),
          NbOfTxs: count,
          CtrlSum: total,
          InitgPty: { Nm: sepaText(debtor.name, 70) },
        },
        PmtInf: {
          PmtInfId: max35Id(batch.id),
          PmtMtd: 'TRF',
          NbOfTxs: count,
          CtrlSum: total,
          PmtTpInf: { SvcLvl: { Cd: 'SEPA' } },
          ReqdExctnDt: { Dt: batch.createdAt.toISOString().slice(0, 10) },
          Dbtr: { Nm: sepaText(debtor.name, 70) },
          DbtrAcct: { Id: { IBAN: debtor.iban } },
          DbtrAgt: { FinInstnId: { BICFI: debtor.bic } },
          ChrgBr: 'SLEV',
          CdtTrfTxInf: batch.transfers.map((transfer) => ({
            PmtId: { EndToEndId: max35Id(transfer.id) },
            Amt: { InstdAmt: { '@_Ccy': transfer.currency, '#text': formatDecimal(transfer.amount) } },
            ...(transfer.bic ? { CdtrAgt: { FinInstnId: { BICFI: transfer.bic } } } : {}),
            Cdtr: { Nm: sepaText(transfer.holderName, 70) },
            CdtrAcct: { Id: { IBAN: transfer.iban } },
            RmtInf: { Ustrd: sepaText(`Meridian payout ${max35Id(transfer.id)}`, 140) },
          })),
        },
      },
    },
  };
  return new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: '@_', format: true, suppressEmptyNode: true }).build(document);
}
