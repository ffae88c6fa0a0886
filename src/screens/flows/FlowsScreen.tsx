import { Suspense, use, useMemo, useState, type ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { catalog, type CatalogEntry } from '../../../machines/index';
import { activeStateIds, readableEvent, statePath, type FlowModel, type FlowState, type FlowTransition } from '../../flows/describe';
import { collapsibleStates, defaultCollapsed } from '../../flows/collapse';
import { liveNodes, NO_HIGHLIGHT, pathHighlight } from '../../flows/highlight';
import { stateWords } from '../../flows/labels';
import type { LiveStep } from '../../flows/live';
import { toMermaid } from '../../flows/mermaid';
import { Icon } from '../../ui/Icon';
import { ScreenSkeleton } from '../../ui/Skeleton';
import { Button } from '../../ui/Button';
import { SelectField } from '../../ui/TextField';
import { Diagram, type DiagramParts } from './Diagram';
import { explorerFlow, type ExplorerPath, type ExplorerStep } from './paths';
import { LivePanel, type Replay } from './LivePanel';
import { LIVE_AVAILABLE, latestByMachine, useLiveSteps } from './useLive';

/**
 * Machine titles, summaries, state names and descriptions are reviewers' English, from the catalog.
 * Paragraphs take their own direction; short labels are isolated (`<bdi>`) so they still line up with
 * a right-to-left page.
 */
const EN = { lang: 'en', dir: 'auto' } as const;

function En({ children }: { children: ReactNode }) {
  return <bdi lang="en">{children}</bdi>;
}

/**
 * The flow explorer (/flows, all locales, signed in or out): every catalogued machine with its diagram,
 * states, transitions and generated paths to step through; in development and demo mode, every actor's
 * live state, the event log and its sequence, and a recorded session replayed step by step on the diagrams.
 */
export function FlowsScreen() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const steps = useLiveSteps();
  const [replay, setReplay] = useState<Replay | null>(null);
  const replayed = replay ? replay.session.steps[replay.index]! : null;
  // A replayed step shows on its machine's diagram; live, each machine shows its latest step.
  const live = useMemo(() => latestByMachine(replayed ? [replayed] : steps), [replayed, steps]);
  const entry =
    (replayed && catalog.find((e) => e.machine.id === replayed.actor.machineId)) ||
    (catalog.find((e) => e.id === params.get('machine')) ?? catalog[0]!);
  const onReplay = (next: Replay | null) => {
    setReplay(next);
    // Where the replay stopped stays open after it.
    const machine = next?.session.steps[next.index]?.actor.machineId;
    const shown = catalog.find((e) => e.machine.id === machine);
    if (shown) setParams({ machine: shown.id }, { replace: true });
  };

  return (
    <div className="flows">
      <p className="page-lead">{t('screens.flows.lead')}</p>
      {LIVE_AVAILABLE ? <LivePanel steps={steps} replay={replay} onReplay={onReplay} /> : null}
      <div className="flows-layout">
        <nav className="flows-nav" aria-label={t('flows.machines')}>
          <ul className="link-list flows-list" data-testid="flow-list">
            {catalog.map((e) => (
              <li key={e.id}>
                <Link
                  to={`?machine=${encodeURIComponent(e.id)}`}
                  className="flows-list-item"
                  aria-current={e.id === entry.id ? 'true' : undefined}
                  data-testid={`flow-link-${e.id}`}
                >
                  <span className="flows-list-title">
                    <En>{e.title}</En>
                    {live.has(e.machine.id) ? <span className="flow-live-dot" role="img" aria-label={t('flows.liveNow')} /> : null}
                  </span>
                  <span className="flows-list-summary" {...EN}>
                    {e.summary}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <Suspense fallback={<ScreenSkeleton label={t('app.loading')} />}>
          <FlowDetail key={entry.id} entry={entry} live={live.get(entry.machine.id) ?? null} />
        </Suspense>
      </div>
    </div>
  );
}

function FlowDetail({ entry, live }: { entry: CatalogEntry; live: LiveStep | null }) {
  const { t } = useTranslation();
  const { diagram: model, paths } = use(explorerFlow(entry.id));
  // A large machine opens as an overview, its compound states closed (src/flows/collapse.ts).
  const [closed, setClosed] = useState(() => defaultCollapsed(model));
  const diagram = useMemo(() => toMermaid(model, closed), [model, closed]);
  const parts = useMemo((): DiagramParts | undefined => {
    const states = collapsibleStates(model).map((state) => ({ state, label: partLabel(model, state) }));
    return states.length > 0 ? { states, closed, onChange: setClosed } : undefined;
  }, [model, closed]);
  const [pathIndex, setPathIndex] = useState(0);
  const [stepIndex, setStepIndex] = useState(0);
  const path = paths.status === 'ready' ? (paths.paths[pathIndex] ?? null) : null;
  const step = path?.steps[stepIndex] ?? null;

  const highlight = useMemo(
    () => ({
      ...(path ? pathHighlight(diagram, path.steps, stepIndex) : NO_HIGHLIGHT),
      live: live ? liveNodes(model, diagram, live.value) : [],
    }),
    [diagram, model, path, stepIndex, live],
  );
  const liveStates = useMemo(() => new Set(live ? activeStateIds(model, live.value) : []), [model, live]);
  const stepStates = useMemo(() => new Set(step?.states ?? []), [step]);
  const stepTransitions = useMemo(() => new Set(step?.transitions ?? []), [step]);

  return (
    <section className="flows-detail" aria-labelledby="flow-title" data-testid="flow-detail" data-flow={entry.id}>
      <header className="flow-header card">
        <h2 id="flow-title" className="flow-title">
          <En>{entry.title}</En>
        </h2>
        <p {...EN}>{entry.summary}</p>
        {model.description ? (
          <p className="flow-muted" {...EN}>
            {model.description}
          </p>
        ) : null}
        <dl className="flow-facts">
          <div>
            <dt>{t('flows.machineId')}</dt>
            <dd>
              <bdi dir="ltr">
                <code>{model.id}</code>
              </bdi>
            </dd>
          </div>
          <div>
            <dt>{t('flows.routes')}</dt>
            <dd>
              {entry.routes.length > 0
                ? entry.routes.map((route) => (
                    <bdi key={route} dir="ltr">
                      <code>{route}</code>{' '}
                    </bdi>
                  ))
                : t('flows.appWide')}
            </dd>
          </div>
          <div>
            <dt>{t('flows.states')}</dt>
            <dd>{model.states.length - 1}</dd>
          </div>
          <div>
            <dt>{t('flows.transitions')}</dt>
            <dd>{model.transitions.length}</dd>
          </div>
        </dl>
      </header>

      <LiveStatus model={model} live={live} />

      <Diagram
        flowId={entry.id}
        title={entry.title}
        diagram={diagram}
        highlight={highlight}
        stepper={path ? { index: stepIndex, total: path.steps.length, onStep: setStepIndex } : undefined}
        parts={parts}
      />

      <section className="flow-paths card" aria-labelledby="flow-paths-title">
        <h3 id="flow-paths-title" className="flow-section-title">
          {t('flows.paths')}
        </h3>
        {paths.status === 'ready' && path ? (
          <PathPlayer
            paths={paths.paths}
            model={model}
            pathIndex={pathIndex}
            stepIndex={stepIndex}
            onPath={(index) => {
              setPathIndex(index);
              setStepIndex(0);
            }}
            onStep={setStepIndex}
          />
        ) : (
          <p className="flow-muted" data-testid="flow-paths-unavailable">
            {paths.status === 'failed' ? t('flows.pathsFailed', { message: paths.message }) : t('flows.noPaths')}
          </p>
        )}
      </section>

      <StatesTable model={model} current={stepStates} live={liveStates} />
      <TransitionsTable model={model} current={stepTransitions} />
    </section>
  );
}

/** The live state of this machine, or why there is none. */
function LiveStatus({ model, live }: { model: FlowModel; live: LiveStep | null }) {
  const { t } = useTranslation();
  if (!LIVE_AVAILABLE) {
    return (
      <p className="flow-live flow-live--off" data-testid="flow-live">
        {t('flows.liveUnavailable')}
      </p>
    );
  }
  if (!live) {
    return (
      <p className="flow-live" role="status" data-testid="flow-live">
        {t('flows.liveWaiting')}
      </p>
    );
  }
  return (
    <p className="flow-live flow-live--on" role="status" data-testid="flow-live">
      <span className="flow-live-dot" aria-hidden="true" />
      <span>
        <Trans
          i18nKey="flows.liveLine"
          values={{ state: leafLabel(model, activeStateIds(model, live.value)), event: readableEvent(live.event.type) }}
          components={{ code: <code dir="ltr" /> }}
        />
      </span>
    </p>
  );
}

/** A part's name in words, with the parts around it: `watching › polling`. */
function partLabel(model: FlowModel, state: FlowState): string {
  const byId = new Map(model.states.map((s) => [s.id, s]));
  const names: string[] = [];
  for (let s: FlowState | undefined = state; s?.parent; s = byId.get(s.parent)) names.unshift(stateWords(s));
  return names.join(' › ');
}

/** `a.b, c.d`: the innermost active states, dotted from the root. */
function leafLabel(model: FlowModel, ids: readonly string[]): string {
  const byId = new Map(model.states.map((s) => [s.id, s]));
  const active = new Set(ids);
  const leaves = ids
    .map((id) => byId.get(id))
    .filter((s): s is FlowState => !!s && s.parent !== null && !s.children.some((c) => active.has(c)));
  return leaves.map(statePath).join(', ') || '—';
}

function PathPlayer({
  paths,
  model,
  pathIndex,
  stepIndex,
  onPath,
  onStep,
}: {
  paths: ExplorerPath[];
  model: FlowModel;
  pathIndex: number;
  stepIndex: number;
  onPath: (index: number) => void;
  onStep: (index: number) => void;
}) {
  const { t } = useTranslation();
  const path = paths[pathIndex]!;
  const last = path.steps.length - 1;
  return (
    <div className="flow-player">
      <p className="flow-muted">{t('flows.pathsLead')}</p>
      <SelectField
        label={t('flows.pathLabel')}
        value={pathIndex}
        onChange={(event) => onPath(Number(event.target.value))}
        data-testid="flow-path-select"
        options={paths.map((p, i) => (
          <option key={p.name} value={i}>
            {t('flows.pathOption', { number: i + 1, name: p.name })}
          </option>
        ))}
      />
      <div className="flow-stepper">
        <Button onClick={() => onStep(stepIndex - 1)} disabled={stepIndex === 0}>
          <Icon name="back" />
          {t('flows.previous')}
        </Button>
        <span className="flow-step-count" aria-live="polite" data-testid="flow-step-status">
          {t('flows.stepOf', { current: stepIndex + 1, total: path.steps.length })}
        </span>
        <Button variant="primary" onClick={() => onStep(stepIndex + 1)} disabled={stepIndex === last} data-testid="flow-next">
          {t('flows.next')}
          <Icon name="chevron" />
        </Button>
      </div>
      <ol className="flow-steps" aria-label={t('flows.stepsLabel')}>
        {path.steps.map((step, i) => (
          <li key={i}>
            <button type="button" className="flow-step" aria-current={i === stepIndex ? 'step' : undefined} onClick={() => onStep(i)}>
              <span className="flow-step-number" aria-hidden="true">
                {i + 1}
              </span>
              <span className="flow-step-text">
                <span className="flow-step-label">
                  <En>{step.label}</En>
                </span>
                <span className="flow-step-state">
                  <StepReach model={model} step={step} before={path.steps[i - 1]} />
                </span>
              </span>
            </button>
          </li>
        ))}
      </ol>
    </div>
  );
}

/** `reaches ready`, or `reaches redirecting via checkingAccess` when `always` transitions hopped through states. */
function StepReach({ model, step, before }: { model: FlowModel; step: ExplorerStep; before: ExplorerStep | undefined }) {
  const settled = new Set([...step.states, ...(before?.states ?? [])]);
  const via = leafLabel(
    model,
    step.visited.filter((id) => !settled.has(id)),
  );
  const values = { state: leafLabel(model, step.states), via };
  const components = { code: <code dir="ltr" /> };
  return via === '—' ? (
    <Trans i18nKey="flows.reaches" values={values} components={components} />
  ) : (
    <Trans i18nKey="flows.reachesVia" values={values} components={components} />
  );
}

/**
 * A table wider than the screen scrolls sideways; keyboard users reach that scroll too (Tab, then the
 * arrow keys), so the scrolling box is focusable and named by its section's heading.
 */
function TableScroll({ labelledBy, children }: { labelledBy: string; children: ReactNode }) {
  return (
    <div className="flow-table-scroll" role="region" tabIndex={0} aria-labelledby={labelledBy}>
      {children}
    </div>
  );
}

function StatesTable({ model, current, live }: { model: FlowModel; current: ReadonlySet<string>; live: ReadonlySet<string> }) {
  const { t } = useTranslation();
  const byId = new Map(model.states.map((s) => [s.id, s]));
  return (
    <section className="flow-table-section card" aria-labelledby="flow-states-title">
      <h3 id="flow-states-title" className="flow-section-title">
        {t('flows.states')}
      </h3>
      <TableScroll labelledBy="flow-states-title">
        <table className="flow-table flow-table--states" data-testid="flow-states">
          <thead>
            <tr>
              <th scope="col">{t('flows.colState')}</th>
              <th scope="col">{t('flows.colDescription')}</th>
              <th scope="col">{t('flows.colDetails')}</th>
            </tr>
          </thead>
          <tbody>
            {model.states.slice(1).map((state) => {
              const parent = state.parent ? byId.get(state.parent) : undefined;
              const details = [
                state.type === 'atomic' ? null : state.type,
                parent?.initial === state.id ? t('flows.initial') : null,
                ...state.tags.map((tag) => `#${tag}`),
                ...state.invokes.map((inv) => `invoke ${inv.id}`),
                ...state.routes,
              ].filter(Boolean);
              const classes = [current.has(state.id) ? 'is-current' : '', live.has(state.id) ? 'is-live' : ''].join(' ').trim();
              return (
                <tr key={state.id} className={classes || undefined}>
                  <th scope="row" className="flow-cell-name">
                    <bdi dir="ltr">
                      <code>{statePath(state)}</code>
                    </bdi>
                  </th>
                  <td className="flow-cell-text">{state.description ? <En>{state.description}</En> : '—'}</td>
                  <td className="flow-cell-details">
                    {details.length > 0 ? (
                      <bdi dir="ltr">
                        <code>{details.join(' · ')}</code>
                      </bdi>
                    ) : null}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </TableScroll>
    </section>
  );
}

function TransitionsTable({ model, current }: { model: FlowModel; current: ReadonlySet<number> }) {
  const { t } = useTranslation();
  const byId = new Map(model.states.map((s) => [s.id, s]));
  const name = (id: string) => {
    const state = byId.get(id)!;
    return state.parent === null ? t('flows.anyState') : statePath(state);
  };
  const route = (transition: FlowTransition) =>
    transition.targets.length === 0
      ? `${name(transition.source)} (${t('flows.stays')})`
      : `${name(transition.source)} → ${transition.targets.map(name).join(', ')}`;
  return (
    <section className="flow-table-section card" aria-labelledby="flow-transitions-title">
      <h3 id="flow-transitions-title" className="flow-section-title">
        {t('flows.transitions')}
      </h3>
      <TableScroll labelledBy="flow-transitions-title">
        <table className="flow-table flow-table--transitions" data-testid="flow-transitions">
          <thead>
            <tr>
              <th scope="col">{t('flows.colTransition')}</th>
              <th scope="col">{t('flows.colEvent')}</th>
              <th scope="col">{t('flows.colDescription')}</th>
            </tr>
          </thead>
          <tbody>
            {model.transitions.map((transition) => (
              <tr key={transition.id} className={current.has(transition.index) ? 'is-current' : undefined}>
                <td className="flow-cell-name">
                  <bdi dir="ltr">
                    <code>{route(transition)}</code>
                  </bdi>
                </td>
                <td className="flow-cell-event">
                  <bdi dir="ltr">
                    <code>
                      {transition.event}
                      {transition.guard ? ` [${transition.guard}]` : ''}
                    </code>
                  </bdi>
                </td>
                <td className="flow-cell-text">
                  {transition.description ? <En>{transition.description}</En> : null}
                  {transition.actions.length > 0 ? (
                    <span className="flow-actions">
                      {t('flows.actions')}{' '}
                      <bdi dir="ltr">
                        <code>{transition.actions.join(', ')}</code>
                      </bdi>
                    </span>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </section>
  );
}
