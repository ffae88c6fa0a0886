import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { chatMachine, type ChatWidget } from '../machines/chat/chat.machine';
import { connectChat } from '../machines/chat/chat.view';

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
  const view = () => connectChat(actor.getSnapshot(), actor.send);
  const settled = () => waitFor(actor, (s) => !s.hasTag('loading') && !s.hasTag('busy')).then(view);
  return { opened, view, settled };
}

describe('connectChat', () => {
  it('shows neither chat nor e-mail while the configuration loads', () => {
    const { view } = chat(new Promise(() => {}));
    expect(view()).toMatchObject({ offered: false, busy: false, failed: false, emailOnly: false });
  });

  it('offers chat without loading the widget until the customer opens it', async () => {
    const { view, opened, settled } = chat(Promise.resolve({ chat: widget }));
    expect(await settled()).toMatchObject({ offered: true, busy: false, failed: false, emailOnly: false });
    expect(opened).toEqual([]);
    view().open();
    expect(view()).toMatchObject({ offered: true, busy: true });
    expect(await settled()).toMatchObject({ offered: true, busy: false, failed: false, emailOnly: false });
    expect(opened).toEqual([widget]);
  });

  it('offers e-mail when no widget is configured, or the configuration cannot be read', async () => {
    expect(await chat(Promise.resolve({ chat: null })).settled()).toMatchObject({
      offered: false,
      busy: false,
      failed: false,
      emailOnly: true,
    });
    expect(await chat(Promise.reject(new Error('offline'))).settled()).toMatchObject({ offered: false, emailOnly: true, failed: false });
  });

  it('says so and offers e-mail when the widget does not load', async () => {
    const { view, settled } = chat(Promise.resolve({ chat: widget }), false);
    await settled();
    view().open();
    expect(await settled()).toMatchObject({ offered: false, busy: false, failed: true, emailOnly: true });
  });

  it('tries the widget again when asked after it did not load, and opens it once it loads', async () => {
    const { view, opened, settled } = chat(Promise.resolve({ chat: widget }), false, false, true);
    await settled();
    view().open();
    expect(await settled()).toMatchObject({ failed: true });
    view().retry();
    expect(view()).toMatchObject({ offered: true, busy: true, failed: false });
    expect(await settled()).toMatchObject({ failed: true, emailOnly: true });
    view().retry();
    expect(await settled()).toMatchObject({ offered: true, busy: false, failed: false, emailOnly: false });
    expect(opened).toEqual([widget, widget, widget]);
  });
});
