import { useTranslation } from 'react-i18next';
import type { Collateral } from '../../../contract/cards';
import { compare, min } from '../../../contract/decimal';
import { usePercent } from './Percent';

type Thresholds = Collateral['thresholds'];

/** A loan-to-value on a bar to 100 % (clamped), exactly as written, so the marks sit where the thresholds are. */
const clamped = (value: string) => min(value, '100');
const position = (value: string) => `${clamped(value)}%`;

/**
 * The loan-to-value against its thresholds (warning, margin call, liquidation), as a meter with the
 * thresholds marked and named in words (never by colour alone), and the previewed value after a move.
 */
export function LtvGauge({ ltv, after, thresholds }: { ltv: string | null; after: string | null; thresholds: Thresholds }) {
  const { t } = useTranslation();
  const percent = usePercent();
  const current = ltv ?? '0';
  const reached = (threshold: string) => compare(current, threshold) >= 0;
  const level = reached(thresholds.liquidation)
    ? 'liquidation'
    : reached(thresholds.marginCall)
      ? 'margin_call'
      : reached(thresholds.warning)
        ? 'warning'
        : 'none';
  const marks = [
    { key: 'warning', value: thresholds.warning },
    { key: 'margin_call', value: thresholds.marginCall },
    { key: 'liquidation', value: thresholds.liquidation },
  ] as const;
  return (
    <div className="ltv-gauge" data-level={level}>
      <p className="ltv-value">{ltv === null ? t('collateral.ltvNone') : t('collateral.ltvNow', { ltv: percent(ltv) })}</p>
      {after !== null ? <p className="hint-text">{t('collateral.ltvAfter', { ltv: percent(after) })}</p> : null}
      <div
        className="ltv-track"
        role="meter"
        aria-label={t('collateral.ltvTitle')}
        aria-valuemin={0}
        aria-valuemax={100}
        // ARIA takes a number: the clamped percentage, for assistive technology only (nothing is compared with it).
        aria-valuenow={Number(clamped(current))}
        aria-valuetext={percent(current)}
      >
        <span className="ltv-fill" style={{ inlineSize: position(current) }} />
        {after !== null ? <span className="ltv-after" style={{ insetInlineStart: position(after) }} /> : null}
        {marks.map((mark) => (
          <span key={mark.key} className={`ltv-mark ltv-mark--${mark.key}`} style={{ insetInlineStart: position(mark.value) }} />
        ))}
      </div>
      <ul className="ltv-legend">
        {marks.map((mark) => (
          <li key={mark.key} className={`ltv-legend--${mark.key}`}>
            {t(`collateral.thresholds.${mark.key}`, { value: percent(mark.value) })}
          </li>
        ))}
      </ul>
    </div>
  );
}
