import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { CHUNK_RELOAD_GUARD_MS, chunkReloadMachine } from '../machines/chunkReload/chunkReload.machine';
import { versionReloadMachine } from '../machines/versionReload/versionReload.machine';

const FIVE_MINUTES = 5 * 60_000;

describe('versionReload', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function start(answers: Array<{ id: string } | Error>) {
    const reloads: string[] = [];
    let fetches = 0;
    const actor = createActor(
      versionReloadMachine.provide({
        actors: {
          fetchLatestBuild: fromPromise(async () => {
            const answer = answers[Math.min(fetches++, answers.length - 1)]!;
            if (answer instanceof Error) throw answer;
            return answer;
          }),
        },
        actions: { reloadAt: (_, { href }) => reloads.push(href) },
      }),
      { input: { runningBuildId: 'build-1' } },
    ).start();
    return { actor, reloads, fetches: () => fetches };
  }

  it('checks builds/latest.json every five minutes, not before', async () => {
    const { fetches } = start([{ id: 'build-1' }]);
    await vi.advanceTimersByTimeAsync(FIVE_MINUTES - 1);
    expect(fetches()).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetches()).toBe(1);
    await vi.advanceTimersByTimeAsync(FIVE_MINUTES);
    expect(fetches()).toBe(2);
  });

  it('with the same build id, navigation stays in the app', async () => {
    const { actor, reloads } = start([{ id: 'build-1' }]);
    await vi.advanceTimersByTimeAsync(FIVE_MINUTES);
    actor.send({ type: 'NAVIGATION_REQUESTED', href: '/accounts' });
    expect(reloads).toEqual([]);
    expect(actor.getSnapshot().value).toBe('waiting');
  });

  it('with a new build id, reloads at the next navigation — not before', async () => {
    const { actor, reloads } = start([{ id: 'build-2' }]);
    await vi.advanceTimersByTimeAsync(FIVE_MINUTES);
    expect(actor.getSnapshot().value).toBe('updateReady');
    expect(reloads).toEqual([]);
    actor.send({ type: 'NAVIGATION_REQUESTED', href: '/de/accounts?tab=1' });
    expect(reloads).toEqual(['/de/accounts?tab=1']);
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('a failed check waits for the next interval', async () => {
    const { actor, fetches } = start([new Error('offline'), { id: 'build-2' }]);
    await vi.advanceTimersByTimeAsync(FIVE_MINUTES);
    expect(actor.getSnapshot().value).toBe('waiting');
    await vi.advanceTimersByTimeAsync(FIVE_MINUTES);
    expect(fetches()).toBe(2);
    expect(actor.getSnapshot().value).toBe('updateReady');
  });
});

describe('chunkReload', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function start(reloadedAt: number | null) {
    const effects: string[] = [];
    const actor = createActor(
      chunkReloadMachine.provide({
        actions: {
          recordReload: (_, { at }) => effects.push(`record:${at}`),
          reloadPage: (_, { href }) => effects.push(`reload:${href}`),
          reportFailure: () => effects.push('report'),
        },
      }),
      { input: { reloadedAt } },
    ).start();
    return { actor, effects };
  }

  it('reloads the target page once and records when', () => {
    vi.setSystemTime(1_000_000);
    const { actor, effects } = start(null);
    actor.send({ type: 'CHUNK_LOAD_FAILED', targetHref: '/ar/kyc', at: Date.now() });
    expect(effects).toEqual(['record:1000000', 'reload:/ar/kyc']);
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('within 10 seconds of the last reload, shows the error instead of looping', async () => {
    vi.setSystemTime(1_000_000);
    const reloadedAt = Date.now();
    await vi.advanceTimersByTimeAsync(CHUNK_RELOAD_GUARD_MS - 1);
    const { actor, effects } = start(reloadedAt);
    actor.send({ type: 'CHUNK_LOAD_FAILED', targetHref: '/kyc', at: Date.now() });
    expect(effects).toEqual(['report']);
    expect(actor.getSnapshot().value).toBe('gaveUp');
    actor.send({ type: 'CHUNK_LOAD_FAILED', targetHref: '/kyc', at: Date.now() });
    expect(effects).toEqual(['report', 'report']);
  });

  it('10 seconds after the last reload, reloads again', async () => {
    vi.setSystemTime(1_000_000);
    const reloadedAt = Date.now();
    await vi.advanceTimersByTimeAsync(CHUNK_RELOAD_GUARD_MS);
    const { actor, effects } = start(reloadedAt);
    actor.send({ type: 'CHUNK_LOAD_FAILED', targetHref: '/kyc', at: Date.now() });
    expect(effects).toEqual([`record:${1_000_000 + CHUNK_RELOAD_GUARD_MS}`, 'reload:/kyc']);
  });
});
