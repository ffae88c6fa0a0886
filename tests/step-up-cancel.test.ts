import { describe, expect, it, vi } from 'vitest';
import { createActor, waitFor, type ActorRefFrom } from 'xstate';
import { cardControlsMachine } from '../machines/cardControls/cardControls.machine';
import { cardControlsModel } from './models/cardControls.model';
import type { stepUpMachine } from '../machines/stepUp/stepUp.machine';
import { createApiClient } from '../src/api/client';
import { cardControlsActors } from '../src/app/actors/cardControls';
import type { FlowHost } from '../src/app/actors/host';

/** A server that has not answered yet: every request waits until the page gives up on it. */
function slowServer() {
  const requests: { url: string; signal: AbortSignal }[] = [];
  const client = createApiClient({
    getAuthToken: () => undefined,
    onUnauthorized: () => false,
    fetch: (url, init) => {
      const signal = init!.signal!;
      requests.push({ url: String(url), signal });
      return new Promise<Response>((_, reject) => signal.addEventListener('abort', () => reject(signal.reason as Error)));
    },
  });
  return { client, requests };
}

describe('the step-up sheet closed while it prepares', () => {
  it('ends the step-up as closing it later does: the card reveal is back to idle and the options request is abandoned', async () => {
    const { client, requests } = slowServer();
    const card = createActor(cardControlsMachine.provide(cardControlsActors({ client } as FlowHost)), {
      input: cardControlsModel.inputs['an active virtual card'],
    }).start();

    card.send({ type: 'REVEAL_REQUESTED' });
    const stepUp = card.getSnapshot().children.stepUp as ActorRefFrom<typeof stepUpMachine>;
    expect(stepUp.getSnapshot().value).toBe('loadingOptions');
    await vi.waitFor(() => expect(requests.map((r) => r.url)).toEqual(['/api/step-up/options']));

    stepUp.send({ type: 'CANCELLED' });
    const settled = await waitFor(card, (s) => s.value === 'idle', { timeout: 1000 });
    expect(settled.hasTag('busy')).toBe(false);
    expect(settled.context.secrets).toBeNull();
    expect(stepUp.getSnapshot()).toMatchObject({ status: 'done', output: { granted: false } });
    expect(requests[0]!.signal.aborted).toBe(true);
    // No code is sent for a sheet that was closed.
    expect(requests).toHaveLength(1);
  });
});
