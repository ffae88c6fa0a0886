import { useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { readSession, recordSession, type LiveStep, type RecordedSession } from '../../flows/live';
import { Button } from '../../ui/Button';
import { FileInput } from '../../ui/FileInput';
import { Icon } from '../../ui/Icon';
import { SelectField } from '../../ui/TextField';
import { filterSteps, latestByActor, tabNumbers, type StepFilter } from './useLive';

/** A session loaded from a file and the step a reviewer is looking at. */
export interface Replay {
  session: RecordedSession;
  index: number;
}

/** Rows the sequence draws: the most recent steps (the log above it lists as many). */
const SEQUENCE_STEPS = 40;

/** The filter picker's value: '' for every step, `tab:<tab>` or `actor:<actor id>`. */
function parseFilter(value: string): StepFilter {
  if (value.startsWith('tab:')) return { tab: value.slice('tab:'.length) };
  if (value.startsWith('actor:')) return { actor: value.slice('actor:'.length) };
  return null;
}

/**
 * The live view of every actor the app runs (or of a recorded session being replayed): the actors with
 * their current state, the event log and the sequence of events across actors, as Stately's inspector
 * shows them; a recording goes out as a file and comes back to be replayed step by step on the diagrams.
 */
export function LivePanel({
  steps,
  replay,
  onReplay,
}: {
  steps: readonly LiveStep[];
  replay: Replay | null;
  onReplay: (replay: Replay | null) => void;
}) {
  const { t } = useTranslation();
  const picker = useRef<HTMLInputElement>(null);
  const [unreadable, setUnreadable] = useState(false);
  const [filter, setFilter] = useState('');
  const shown = replay ? replay.session.steps.slice(0, replay.index + 1) : steps;
  // Two tabs (two customers, say) run the same machines: each actor is named with its tab's number.
  const tabs = tabNumbers(shown);
  const actors = latestByActor(shown);
  // A filter whose tab or actor is not in what is shown (another replay) shows everything.
  const known = [...tabs.keys()].map((tab) => `tab:${tab}`).concat(actors.map((step) => `actor:${step.actor.id}`));
  const picked = known.includes(filter) ? filter : '';
  const recent = filterSteps(shown, parseFilter(picked)).slice(-SEQUENCE_STEPS);
  const current = replay ? shown.at(-1) : undefined;

  const exportSession = () => {
    const blob = new Blob([JSON.stringify(recordSession(steps, new Date()), null, 2)], { type: 'application/json' });
    const link = document.createElement('a');
    link.href = URL.createObjectURL(blob);
    link.download = `meridian-flows-${new Date().toISOString().replace(/[:.]/g, '-')}.json`;
    link.click();
    // Revoked once the download has taken the file, not before.
    setTimeout(() => URL.revokeObjectURL(link.href));
  };
  const importSession = async (file: File) => {
    const session = readSession(await file.text());
    setUnreadable(!session || session.steps.length === 0);
    if (session && session.steps.length > 0) onReplay({ session, index: 0 });
  };

  return (
    <section className="flow-live-panel card" aria-labelledby="flow-live-title" data-testid="flow-live-panel">
      <h2 id="flow-live-title" className="flow-section-title">
        {t('flows.live.title')}
      </h2>
      <p className="flow-muted">{t('flows.live.lead')}</p>
      <div className="flow-live-actions">
        <Button onClick={exportSession} disabled={steps.length === 0} data-testid="flow-live-export">
          {t('flows.live.export')}
        </Button>
        <Button onClick={() => picker.current?.click()} data-testid="flow-live-import">
          {t('flows.live.import')}
        </Button>
        <FileInput
          ref={picker}
          label={t('flows.live.importLabel')}
          accept="application/json,.json"
          onPicked={(file) => void importSession(file)}
        />
      </div>
      {unreadable ? (
        <p className="flow-muted" role="alert" data-testid="flow-live-unreadable">
          {t('flows.live.unreadable')}
        </p>
      ) : null}
      {replay ? <ReplayStepper replay={replay} onReplay={onReplay} /> : null}

      {shown.length === 0 ? (
        <p className="flow-muted" data-testid="flow-live-empty">
          {t('flows.live.empty')}
        </p>
      ) : (
        <>
          <ActorsTable actors={actors} tabs={tabs} />
          <StepFilterPicker actors={actors} tabs={tabs} value={picked} onChange={setFilter} />
          <EventLog steps={recent} tabs={tabs} current={current} />
          <Sequence steps={recent} tabs={tabs} />
        </>
      )}
    </section>
  );
}

function ReplayStepper({ replay, onReplay }: { replay: Replay; onReplay: (replay: Replay | null) => void }) {
  const { t, i18n } = useTranslation();
  const { session, index } = replay;
  const step = session.steps[index]!;
  const go = (to: number) => onReplay({ session, index: to });
  return (
    <div className="flow-replay" data-testid="flow-replay">
      <p aria-live="polite" data-testid="flow-replay-status">
        {t('flows.live.replaying', {
          recorded: new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(
            new Date(session.recordedAt),
          ),
          current: index + 1,
          total: session.steps.length,
        })}{' '}
        <bdi dir="ltr">
          <code>
            {step.actor.machineId}: {step.event.type}
          </code>
        </bdi>
      </p>
      <div className="flow-stepper">
        <Button onClick={() => go(index - 1)} disabled={index === 0}>
          <Icon name="back" />
          {t('flows.previous')}
        </Button>
        <Button
          variant="primary"
          onClick={() => go(index + 1)}
          disabled={index === session.steps.length - 1}
          data-testid="flow-replay-next"
        >
          {t('flows.next')}
          <Icon name="chevron" />
        </Button>
        <Button variant="link" onClick={() => onReplay(null)} data-testid="flow-replay-stop">
          {t('flows.live.stopReplay')}
        </Button>
      </div>
    </div>
  );
}

/** An identifier (a machine, state or event), left to right on any page. */
function Code({ children }: { children: ReactNode }) {
  return (
    <bdi dir="ltr">
      <code>{children}</code>
    </bdi>
  );
}

/** `{"a":"b"}` for a state value, as short as it reads. */
function stateText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function time(at: number, locale: string): string {
  return new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', second: '2-digit' }).format(at);
}

/** An actor's machine, and its tab's number when more than one tab reported. */
function ActorName({ actor, tab, tabs }: { actor: LiveStep['actor']; tab: string; tabs: ReadonlyMap<string, number> }) {
  const { t } = useTranslation();
  return (
    <>
      <Code>{actor.machineId}</Code>
      {tabs.size > 1 ? <span className="flow-live-tab">{t('flows.live.tab', { number: tabs.get(tab) })}</span> : null}
    </>
  );
}

/** The actors' current states, one row per actor, grouped under the tab that runs them. */
function ActorsTable({ actors, tabs }: { actors: readonly LiveStep[]; tabs: ReadonlyMap<string, number> }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="flow-live-actors">
      <h3 id="flow-live-actors" className="flow-section-title">
        {t('flows.live.actors')}
      </h3>
      <div className="flow-table-scroll" role="region" tabIndex={0} aria-labelledby="flow-live-actors">
        <table className="flow-table" data-testid="flow-live-actors">
          <thead>
            <tr>
              <th scope="col">{t('flows.live.colActor')}</th>
              <th scope="col">{t('flows.live.colState')}</th>
              <th scope="col">{t('flows.live.colStatus')}</th>
            </tr>
          </thead>
          {[...tabs].map(([tab, number]) => (
            <tbody key={tab} data-testid="flow-live-tab">
              {tabs.size > 1 ? (
                <tr className="flow-live-tab-row">
                  <th scope="rowgroup" colSpan={3}>
                    {t('flows.live.tab', { number })}
                  </th>
                </tr>
              ) : null}
              {actors
                .filter((step) => step.tab === tab)
                .map((step) => (
                  <tr key={step.actor.id} data-machine={step.actor.machineId}>
                    <th scope="row" className="flow-cell-name">
                      <Code>{step.actor.machineId}</Code>
                    </th>
                    <td>
                      <Code>{stateText(step.value)}</Code>
                    </td>
                    <td>
                      <Code>{step.status}</Code>
                    </td>
                  </tr>
                ))}
            </tbody>
          ))}
        </table>
      </div>
    </section>
  );
}

/** Narrows the event log and the sequence to one tab, or to one actor and what it sent. */
function StepFilterPicker({
  actors,
  tabs,
  value,
  onChange,
}: {
  actors: readonly LiveStep[];
  tabs: ReadonlyMap<string, number>;
  value: string;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <SelectField
      label={t('flows.live.filter')}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      data-testid="flow-live-filter"
      options={
        <>
          <option value="">{t('flows.live.filterAll')}</option>
          {[...tabs].map(([tab, number]) => (
            <optgroup key={tab} label={t('flows.live.tab', { number })}>
              <option value={`tab:${tab}`}>{t('flows.live.filterTab', { number })}</option>
              {actors
                .filter((step) => step.tab === tab)
                .map((step) => (
                  <option key={step.actor.id} value={`actor:${step.actor.id}`}>
                    {step.actor.machineId}
                  </option>
                ))}
            </optgroup>
          ))}
        </>
      }
    />
  );
}

function EventLog({
  steps,
  tabs,
  current,
}: {
  steps: readonly LiveStep[];
  tabs: ReadonlyMap<string, number>;
  /** The replay's step, marked. */
  current: LiveStep | undefined;
}) {
  const { t, i18n } = useTranslation();
  return (
    <section aria-labelledby="flow-live-events">
      <h3 id="flow-live-events" className="flow-section-title">
        {t('flows.live.events')}
      </h3>
      <div className="flow-table-scroll flow-live-log" role="region" tabIndex={0} aria-labelledby="flow-live-events">
        <table className="flow-table" data-testid="flow-live-events">
          <thead>
            <tr>
              <th scope="col">{t('flows.live.colTime')}</th>
              <th scope="col">{t('flows.live.colActor')}</th>
              <th scope="col">{t('flows.live.colEvent')}</th>
              <th scope="col">{t('flows.live.colFrom')}</th>
              <th scope="col">{t('flows.live.colState')}</th>
            </tr>
          </thead>
          <tbody>
            {steps.map((step) => (
              <tr key={`${step.tab}:${step.seq}`} className={step === current ? 'is-current' : undefined}>
                <td>{time(step.at, i18n.language)}</td>
                <td>
                  <ActorName actor={step.actor} tab={step.tab} tabs={tabs} />
                </td>
                <td>
                  <Code>{step.event.type}</Code>
                </td>
                <td>{step.source ? <Code>{step.source.name}</Code> : t('flows.live.page')}</td>
                <td>
                  <Code>{stateText(step.value)}</Code>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

const COLUMN = 150;
const ROW = 30;
/** Room for a lane's name, and its tab's number under it when more than one tab reported. */
const HEAD = 36;
const TAB_LINE = 14;

/**
 * The events as a sequence diagram: a lifeline per actor (and one for the page, which sends what a
 * customer did), an arrow per event from its sender to the actor that took it, oldest at the top. The
 * event log above says the same in text.
 */
function Sequence({ steps, tabs }: { steps: readonly LiveStep[]; tabs: ReadonlyMap<string, number> }) {
  const { t } = useTranslation();
  // Each tab's page sends what its customer did: a lane of its own.
  const pageOf = (step: LiveStep) => `${step.tab}/page`;
  const lanes = new Map<string, { name: string; tab: string }>();
  for (const step of steps) {
    const from = step.source?.id ?? pageOf(step);
    if (!lanes.has(from)) lanes.set(from, { name: step.source?.name ?? t('flows.live.page'), tab: step.tab });
    if (!lanes.has(step.actor.id)) lanes.set(step.actor.id, { name: step.actor.machineId, tab: step.tab });
  }
  const tabLines = tabs.size > 1;
  const head = HEAD + (tabLines ? TAB_LINE : 0);
  const x = new Map([...lanes.keys()].map((id, i) => [id, COLUMN / 2 + i * COLUMN]));
  const width = lanes.size * COLUMN;
  const height = head + steps.length * ROW + ROW / 2;
  return (
    <section aria-labelledby="flow-live-sequence">
      <h3 id="flow-live-sequence" className="flow-section-title">
        {t('flows.live.sequence')}
      </h3>
      <div className="flow-table-scroll" dir="ltr" role="region" tabIndex={0} aria-labelledby="flow-live-sequence">
        <svg
          className="flow-sequence"
          width={width}
          height={height}
          viewBox={`0 0 ${width} ${height}`}
          role="img"
          aria-label={t('flows.live.sequenceLabel')}
          data-testid="flow-live-sequence"
        >
          <defs>
            <marker id="flow-seq-arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
              <path d="M0,0 L10,5 L0,10 z" />
            </marker>
          </defs>
          {[...lanes].map(([id, lane]) => (
            <g key={id} className="flow-seq-lane">
              <text x={x.get(id)} y={16} textAnchor="middle">
                {lane.name}
              </text>
              {tabLines ? (
                <text className="flow-seq-tab" x={x.get(id)} y={16 + TAB_LINE} textAnchor="middle">
                  {t('flows.live.tab', { number: tabs.get(lane.tab) })}
                </text>
              ) : null}
              <line x1={x.get(id)} x2={x.get(id)} y1={head - 10} y2={height} />
            </g>
          ))}
          {steps.map((step, i) => {
            const y = head + i * ROW + ROW / 2;
            const to = x.get(step.actor.id)!;
            const from = x.get(step.source?.id ?? pageOf(step))!;
            const self = from === to;
            return (
              <g key={`${step.tab}:${step.seq}`} className="flow-seq-message">
                {self ? (
                  <path d={`M${to},${y - 6} h18 v12 h-16`} markerEnd="url(#flow-seq-arrow)" />
                ) : (
                  <line x1={from} x2={to + (to > from ? -2 : 2)} y1={y} y2={y} markerEnd="url(#flow-seq-arrow)" />
                )}
                <text x={self ? to + 22 : (from + to) / 2} y={y - 4} textAnchor={self ? 'start' : 'middle'}>
                  {step.event.type}
                </text>
              </g>
            );
          })}
        </svg>
      </div>
    </section>
  );
}
