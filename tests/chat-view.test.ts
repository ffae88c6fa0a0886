import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { chatMachine, type ChatWidget } from '../machines/chat/chat.machine';
import { chatView } from '../machines/chat/chat.view';

const widget: ChatWidget = { scriptUrl: 'https://chat.example/widget.js', siteId: 'site-42' };

/** The help page's chat with the server's configuration and the widget's script answering as given, attempt by attempt (the last answer repeats). */
function chat(config: Promise<{ chat: ChatWidget | null }>, ...opens: boolean[]) {
  const opened: ChatWidget[] = [];
  const actor = createActor(
    chatMachine.provide({
      actors: {
        loadChatConfig: fromPromise(() => config),
        openWidget: fromPromise(async ({ input }) => {
          opened.push(input.widget);
          if (!(opens[opened.length - 1] ?? opens.at(-1) ?? true)) throw new Error('chat widget script did not load');
        }),
      },
    }),
  ).start();
  const settled = () => waitFor(actor, (s) => !s.hasTag('loading') && !s.hasTag('busy')).then(chatView);
  return { actor, opened, settled };
}

describe('chatView', () => {
  it('shows neither chat nor e-mail while the configuration loads', () => {
    const { actor } = chat(new Promise(() => {}));
    expect(chatView(actor.getSnapshot())).toEqual({ offered: false, busy: false, failed: false, emailOnly: false });
  });

  it('offers chat without loading the widget until the customer opens it', async () => {
    const { actor, opened, settled } = chat(Promise.resolve({ chat: widget }));
    expect(await settled()).toEqual({ offered: true, busy: false, failed: false, emailOnly: false });
    expect(opened).toEqual([]);
    actor.send({ type: 'CHAT_REQUESTED' });
    expect(chatView(actor.getSnapshot())).toMatchObject({ offered: true, busy: true });
    expect(await settled()).toEqual({ offered: true, busy: false, failed: false, emailOnly: false });
    expect(opened).toEqual([widget]);
  });

  it('offers e-mail when no widget is configured, or the configuration cannot be read', async () => {
    expect(await chat(Promise.resolve({ chat: null })).settled()).toEqual({ offered: false, busy: false, failed: false, emailOnly: true });
    expect(await chat(Promise.reject(new Error('offline'))).settled()).toMatchObject({ offered: false, emailOnly: true, failed: false });
  });

  it('says so and offers e-mail when the widget does not load', async () => {
    const { actor, settled } = chat(Promise.resolve({ chat: widget }), false);
    await settled();
    actor.send({ type: 'CHAT_REQUESTED' });
    expect(await settled()).toEqual({ offered: false, busy: false, failed: true, emailOnly: true });
  });

  it('tries the widget again when asked after it did not load, and opens it once it loads', async () => {
    const { actor, opened, settled } = chat(Promise.resolve({ chat: widget }), false, false, true);
    await settled();
    actor.send({ type: 'CHAT_REQUESTED' });
    expect(await settled()).toMatchObject({ failed: true });
    actor.send({ type: 'RETRY_REQUESTED' });
    expect(chatView(actor.getSnapshot())).toMatchObject({ offered: true, busy: true, failed: false });
    expect(await settled()).toMatchObject({ failed: true, emailOnly: true });
    actor.send({ type: 'RETRY_REQUESTED' });
    expect(await settled()).toEqual({ offered: true, busy: false, failed: false, emailOnly: false });
    expect(opened).toEqual([widget, widget, widget]);
  });
});
