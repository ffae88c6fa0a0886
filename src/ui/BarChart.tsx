import { useContext } from 'react';
import { useTranslation } from 'react-i18next';
import { compare } from '../../contract/decimal';
import { HiddenAmountsContext } from './hiddenAmounts';
import './chart.css';

/** One bar: its label, its figure as a decimal string (never negative), and that figure as the customer reads it. */
export interface Bar {
  key: string;
  label: string;
  value: string;
  text: string;
}

/**
 * Bars as a table: each row its label, a bar as long as its share of the largest, and its figure, so the
 * picture and its reading for screen readers are the same element (no chart library; bars run from the
 * start side, so right to left in Arabic). While balances are hidden it draws nothing: lengths tell figures too.
 */
export function BarChart({ bars, caption, testId }: { bars: Bar[]; caption: string; testId?: string }) {
  const { t } = useTranslation();
  const hidden = useContext(HiddenAmountsContext);
  if (hidden) return <p className="chart chart--hidden">{t('charts.hidden')}</p>;
  if (bars.length === 0) return <p className="chart chart--empty">{t('charts.empty')}</p>;
  const largest = bars.reduce((top, bar) => (compare(bar.value, top) > 0 ? bar.value : top), '0');
  // Pixels only: the figures read stay exact strings.
  const share = (value: string) => (Number(largest) > 0 ? (Number(value) / Number(largest)) * 100 : 0);
  return (
    <table className="bar-chart" data-testid={testId}>
      <caption className="visually-hidden">{caption}</caption>
      <tbody>
        {bars.map((bar) => (
          <tr key={bar.key}>
            <th scope="row">{bar.label}</th>
            <td className="bar-chart-bar" aria-hidden="true">
              <span style={{ inlineSize: `${share(bar.value)}%` }} />
            </td>
            <td className="bar-chart-figure">{bar.text}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
