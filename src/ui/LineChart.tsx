import { useContext, useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type uPlot from 'uplot';
import { RTL_LOCALES } from '../../contract';
import { formatDate, formatNumber } from '../i18n/format';
import { Button } from './Button';
import { HiddenAmountsContext } from './hiddenAmounts';
import { useUiLocale } from './useUiLocale';
import 'uplot/dist/uPlot.min.css';
import './chart.css';

/** One point: its instant, its figure as a decimal string, and that figure as the customer reads it. */
export interface ChartPoint {
  at: string;
  value: string;
  text: string;
}

/** Something that happened at an instant, marked on the line at the point whose bucket holds it (an exchange). */
export interface ChartMarker {
  at: string;
  text: string;
}

const HOUR = 3_600_000;

/** Each point's markers: a marker belongs to the last point at or before it (the first when it is earlier still). */
function markersByPoint(points: readonly ChartPoint[], markers: readonly ChartMarker[]): string[][] {
  const byPoint: string[][] = points.map(() => []);
  for (const marker of markers) {
    const at = Date.parse(marker.at);
    let index = 0;
    while (index + 1 < points.length && Date.parse(points[index + 1]!.at) <= at) index++;
    byPoint[index]?.push(marker.text);
  }
  return byPoint;
}

/**
 * How the dates of a line read, by the time it spans rather than the range asked for: a month's range of
 * a customer whose money arrived this morning is hours long, and "29 Nov" under every tick says nothing.
 */
function dateStyleFor(points: readonly ChartPoint[]): Intl.DateTimeFormatOptions {
  const span = points.length > 1 ? Date.parse(points.at(-1)!.at) - Date.parse(points[0]!.at) : 0;
  if (span <= 36 * HOUR) return { timeStyle: 'short' };
  if (span <= 8 * 24 * HOUR) return { weekday: 'short', hour: 'numeric' };
  if (span <= 400 * 24 * HOUR) return { day: 'numeric', month: 'short' };
  return { month: 'short', year: 'numeric' };
}

/** A single point's date: the axis's style, with the time of day when points are less than a day apart. */
function pointDateStyleFor(points: readonly ChartPoint[], axisStyle: Intl.DateTimeFormatOptions): Intl.DateTimeFormatOptions {
  const step = points.length > 1 ? Date.parse(points[1]!.at) - Date.parse(points[0]!.at) : Infinity;
  if (step >= 24 * HOUR || axisStyle.timeStyle) return axisStyle;
  return { day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit' };
}

/**
 * A line over time on uPlot, loaded with the screen that draws it (never the entry). Accessible three
 * ways: a table of every point, shown on request, the arrow keys moving a marker from point to point
 * with its date and figure announced, and time running right to left in Arabic. The table waits for its
 * button: a month is 720 rows, and laying them out, even hidden, was the longest task of home's load
 * (docs/performance.md). While balances are hidden it draws nothing at all: a line's shape tells figures too.
 */
export function LineChart({
  points,
  caption,
  markers,
  markersTitle,
}: {
  points: ChartPoint[];
  caption: string;
  /** Drawn as dots on the line, and a column of the table; `markersTitle` heads that column. */
  markers?: ChartMarker[];
  markersTitle?: string;
}) {
  const { t } = useTranslation();
  const locale = useUiLocale();
  const hidden = useContext(HiddenAmountsContext);
  const target = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);
  const [focused, setFocused] = useState<number | null>(null);
  const [tableShown, setTableShown] = useState(false);
  const captionId = useId();
  const tableId = useId();
  const rtl = RTL_LOCALES.has(locale);
  const dateStyle = useMemo(() => dateStyleFor(points), [points]);
  const pointDateStyle = useMemo(() => pointDateStyleFor(points, dateStyle), [points, dateStyle]);
  /** One point's instant, precise enough to tell it from its neighbours (the axis's style may not be). */
  const dateOf = (point: ChartPoint) => formatDate(new Date(point.at), locale, pointDateStyle);
  const marked = useMemo(() => (markers ? markersByPoint(points, markers) : null), [points, markers]);

  useEffect(() => {
    const element = target.current;
    if (hidden || !element || points.length === 0) return;
    let cancelled = false;
    void import('uplot').then(({ default: UPlot }) => {
      if (cancelled) return;
      const style = getComputedStyle(element);
      const token = (name: string) => style.getPropertyValue(name).trim();
      // Pixels only: the figures the customer reads stay exact strings (the table, the announcement).
      const values = points.map((point) => Number(point.value));
      const data: uPlot.AlignedData = [points.map((point) => Date.parse(point.at) / 1000), values];
      const series: uPlot.Series[] = [{}, { stroke: token('--accent'), width: 2, fill: token('--accent-soft') }];
      if (marked) {
        // The marked points alone, as dots without a line.
        data.push(values.map((value, index) => (marked[index]!.length > 0 ? value : null)));
        series.push({
          stroke: token('--surface'),
          width: 2,
          paths: () => null,
          points: { show: true, size: 11, fill: token('--text'), stroke: token('--surface'), width: 2 },
        });
      }
      const axis = { stroke: token('--text-muted'), grid: { stroke: token('--border'), width: 1 }, ticks: { show: false } };
      plot.current = new UPlot(
        {
          width: element.clientWidth,
          height: 180,
          legend: { show: false },
          cursor: { y: false, points: { size: 8 } },
          scales: { x: { time: true, dir: rtl ? -1 : 1 } },
          series,
          axes: [
            { ...axis, values: (_, splits) => splits.map((split) => formatDate(new Date(split * 1000), locale, dateStyle)) },
            {
              ...axis,
              side: rtl ? 1 : 3,
              size: 64,
              values: (_, splits) => splits.map((split) => formatNumber(split, locale, { notation: 'compact' })),
            },
          ],
        },
        data,
        element,
      );
    });
    const resize = new ResizeObserver(() => plot.current?.setSize({ width: element.clientWidth, height: 180 }));
    resize.observe(element);
    return () => {
      cancelled = true;
      resize.disconnect();
      plot.current?.destroy();
      plot.current = null;
    };
  }, [hidden, points, marked, rtl, locale, dateStyle]);

  function onKeyDown(event: KeyboardEvent) {
    // Arrows follow time as drawn: in Arabic the later point is to the left.
    const later = rtl ? 'ArrowLeft' : 'ArrowRight';
    const earlier = rtl ? 'ArrowRight' : 'ArrowLeft';
    const last = points.length - 1;
    const next =
      event.key === later
        ? Math.min((focused ?? -1) + 1, last)
        : event.key === earlier
          ? Math.max((focused ?? last + 1) - 1, 0)
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    setFocused(next);
    const chart = plot.current;
    const [times, values] = chart?.data ?? [];
    if (chart && times && values) chart.setCursor({ left: chart.valToPos(times[next]!, 'x'), top: chart.valToPos(values[next]!, 'y') });
  }

  if (hidden) return <p className="chart chart--hidden">{t('charts.hidden')}</p>;
  if (points.length === 0) return <p className="chart chart--empty">{t('charts.empty')}</p>;
  const current = focused === null ? null : points[focused];
  const currentMarks = focused === null ? [] : (marked?.[focused] ?? []);
  return (
    <figure className="chart" aria-labelledby={captionId}>
      <figcaption id={captionId} className="visually-hidden">
        {caption}
      </figcaption>
      <div
        ref={target}
        className="chart-plot"
        tabIndex={0}
        role="group"
        aria-roledescription={t('charts.roleDescription')}
        aria-label={`${caption}. ${t('charts.keys')}`}
        onKeyDown={onKeyDown}
        onBlur={() => setFocused(null)}
        data-testid="chart-plot"
      />
      <p className="chart-point" aria-live="polite" data-testid="chart-point">
        {current ? [`${dateOf(current)}: ${current.text}`, ...currentMarks].join(' · ') : ''}
      </p>
      <Button
        variant="link"
        aria-expanded={tableShown}
        aria-controls={tableShown ? tableId : undefined}
        onClick={() => setTableShown((shown) => !shown)}
      >
        {t(tableShown ? 'charts.hideTable' : 'charts.showTable')}
      </Button>
      {tableShown ? (
        // Scrolls within its own box (a year is hundreds of rows), reachable by keyboard to scroll.
        <div id={tableId} className="chart-table" role="region" aria-labelledby={captionId} tabIndex={0}>
          <table data-testid="chart-table">
            <caption className="visually-hidden">{caption}</caption>
            <thead>
              <tr>
                <th scope="col">{t('charts.date')}</th>
                <th scope="col">{t('charts.value')}</th>
                {marked ? <th scope="col">{markersTitle}</th> : null}
              </tr>
            </thead>
            <tbody>
              {points.map((point, index) => (
                <tr key={point.at}>
                  <th scope="row">{dateOf(point)}</th>
                  <td>{point.text}</td>
                  {marked ? <td>{marked[index]!.join('; ')}</td> : null}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </figure>
  );
}
