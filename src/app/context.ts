import { useQuery } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { createContext, useContext, useState } from 'react';
import type {
  Actor,
  ActorOptions,
  ActorRef,
  AnyMachineSnapshot,
  AnyStateMachine,
  EventObject,
  ConditionalRequired,
  IsNotNever,
  RequiredActorOptionsKeys,
} from 'xstate';
import { localizePath, type Locale } from '../../contract';
import type { ApiClient } from '../api/client';
import type { FlowHost } from './actors/host';
import { meQuery } from './me';
import type { AppSystem } from './system';

export const SystemContext = createContext<AppSystem | null>(null);

export function useSystem(): AppSystem {
  const system = useContext(SystemContext);
  if (!system) throw new Error('useSystem() outside <SystemContext>');
  return system;
}

export function useLocale(): Locale {
  return useSelector(useSystem().language, (snapshot) => snapshot.context.locale);
}

export function useSignedIn(): boolean {
  return useSelector(useSystem().session, (snapshot) => snapshot.hasTag('signedIn'));
}

/**
 * The signed-in customer (`GET /users/me`), asked only while signed in: a screen still on the page when the
 * session ends does not ask again, since that call's 401 would open /login before the sign-out's own page
 * (with its notice) does.
 */
export function useMe(options: { enabled?: boolean } = {}) {
  const { api } = useSystem();
  const signedIn = useSignedIn();
  return useQuery({ ...meQuery(api), enabled: signedIn && (options.enabled ?? true) });
}

/** An area's calls (`src/api/<area>.ts`) over the app's client: the area's module loads with the screen that calls it. */
export function useApi<Calls>(area: (client: ApiClient) => Calls): Calls {
  return area(useSystem().client);
}

/** Turns an English-form path into the current locale's path. */
export function useLocalize(): (basePath: string) => string {
  const locale = useLocale();
  return (basePath) => localizePath(basePath, locale);
}

/**
 * A screen's flow: the machine with the app's implementations (`actors/<flow>.ts`), made once per
 * component and running while it is mounted. Screens import both, so a flow machine and its actors load
 * with the screen's chunk, not with the entry. It reports to the app's inspection observer, as the app's
 * own actors do, so the live view on /flows and `?inspect=stately` show screen flows too.
 */
export function useFlowActor<M extends AnyStateMachine>(
  machine: M,
  implement: (host: FlowHost) => Parameters<M['provide']>[0],
  ...[options]: ConditionalRequired<
    [options?: Omit<ActorOptions<M>, 'inspect'> & { [K in RequiredActorOptionsKeys<M>]: unknown }],
    IsNotNever<RequiredActorOptionsKeys<M>>
  >
): Actor<M> {
  const host = useSystem();
  const [provided] = useState(() => machine.provide(implement(host)) as M);
  return useActorRef(provided as AnyStateMachine, { ...options, inspect: host.inspect }) as Actor<M>;
}

/**
 * A running flow through its connect (machines/parts/connect.ts): what the screen shows and its intents, fresh on
 * every change of the flow. Works alike for a screen's own flow (`useFlowActor`) and the app's long-lived ones.
 */
export function useConnect<Snapshot extends AnyMachineSnapshot, Event extends EventObject, View>(
  actor: ActorRef<Snapshot, Event>,
  connect: (snapshot: Snapshot, send: (event: Event) => void) => View,
): View {
  const snapshot = useSelector(actor, (s) => s);
  return connect(snapshot, actor.send);
}
