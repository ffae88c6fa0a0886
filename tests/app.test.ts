import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { APP_CHILDREN, APP_CHILDREN_AFTER_RENDER, appMachine } from '../machines/app/app.machine';
import { appModel } from './models/app.model';

describe('app machine', () => {
  it('runs every long-lived child under its systemId, found through the actor system', () => {
    const app = createActor(appMachine, { input: appModel.inputs['signed in, German path'] }).start();
    for (const id of APP_CHILDREN) {
      const child = app.getSnapshot().children[id];
      expect(child, id).toBeDefined();
      expect(app.system.get(id), id).toBe(child);
    }
    // What the first render does not read starts once it is on screen.
    for (const id of APP_CHILDREN_AFTER_RENDER) expect(app.getSnapshot().children[id], id).toBeUndefined();
    app.send({ type: 'APP_HYDRATED' });
    for (const id of [...APP_CHILDREN, ...APP_CHILDREN_AFTER_RENDER]) expect(app.getSnapshot().children[id], id).toBeDefined();
    // The children start with what the page knew: signed in, on a German path.
    expect(app.system.get('session')!.getSnapshot().hasTag('signedIn')).toBe(true);
    expect(app.system.get('language')!.getSnapshot().context.locale).toBe('de');
    app.stop();
  });
});
