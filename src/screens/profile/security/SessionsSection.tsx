import { useQuery } from '@tanstack/react-query';
import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { SignedInSession } from '../../../../contract/social';
import { securityApi } from '../../../api/security';
import { useApi, useLocale, useSystem } from '../../../app/context';
import { unwrap } from '../../../app/actors/unwrap';
import { connectSession } from '../../../../machines/session/session.view';
import { endSessionsMachine, signOutEverywhereMachine, type SessionsToEnd } from '../../../../machines/endSessions/endSessions.machine';
import { endSessionsActors, SESSIONS, signOutEverywhereActors } from '../../../app/actors/endSessions';
import { useWrite } from '../../../app/useWrite';
import { Button } from '../../../ui/Button';
import { FormAlert } from '../../../ui/Form';
import { ListRow, ListRows } from '../../../ui/ListRow';
import { formatDate } from '../../../i18n/format';
import { TextSkeleton } from '../../../ui/Skeleton';

const ALL_OTHERS: SessionsToEnd = { allOthers: true };

/** Signed-in sessions: where the customer is signed in, and signing any of them out. */
export function SessionsSection() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { session } = useSystem();
  const api = useApi(securityApi);
  const id = useId();
  const list = useQuery({
    queryKey: SESSIONS,
    queryFn: async ({ signal }) => (await unwrap(api.listSessions({ retry: false, signal }))).sessions,
  });
  const end = useWrite(endSessionsMachine, endSessionsActors);
  const everywhere = useWrite(signOutEverywhereMachine, signOutEverywhereActors);
  // This device is signed out too: the session statechart ends it here and opens the welcome page.
  useEffect(() => {
    if (everywhere.done) connectSession(session.getSnapshot(), session.send).logOut();
  }, [everywhere.done, session]);
  const failed = end.failure ?? everywhere.failure;
  const busy = end.busy || everywhere.busy;
  // The button whose sign-out is under way is the busy one.
  const ending = end.busy ? end.input : null;
  const endingOthers = ending !== null && 'allOthers' in ending;
  const endingSession = (sessionId: string) => ending !== null && 'sessionId' in ending && ending.sessionId === sessionId;

  const device = (s: SignedInSession) =>
    s.browser && s.os ? t('sessions.device', { browser: s.browser, os: s.os }) : (s.browser ?? s.os ?? t('sessions.unknownDevice'));
  const when = (iso: string) => formatDate(new Date(iso), locale, { dateStyle: 'medium', timeStyle: 'short' });
  const others = list.data?.filter((s) => !s.current) ?? [];

  return (
    <section className="stack" aria-labelledby={`${id}-title`} data-testid="sessions-section">
      <h2 id={`${id}-title`}>{t('sessions.title')}</h2>
      <p className="hint-text">{t('sessions.lead')}</p>
      <FormAlert>{list.isError ? t('sessions.loadFailed') : failed ? t('sessions.signOutFailed') : null}</FormAlert>
      {/* The actions before the list, always there: the list, of any length, loads below them and moves nothing. */}
      <Button block disabled={busy || others.length === 0} busy={endingOthers} onClick={() => end.submit(ALL_OTHERS)}>
        {t('sessions.signOutOthers')}
      </Button>
      {everywhere.confirming || everywhere.busy ? (
        <div className="card stack" role="alertdialog" aria-labelledby={`${id}-confirm`} aria-modal="false">
          <p id={`${id}-confirm`}>{t('sessions.confirmEverywhere')}</p>
          <Button variant="primary" block disabled={busy} busy={everywhere.busy} onClick={everywhere.confirm}>
            {t('sessions.confirmEverywhereYes')}
          </Button>
          <Button block disabled={busy} onClick={everywhere.cancel}>
            {t('sessions.cancel')}
          </Button>
        </div>
      ) : (
        <Button block disabled={busy} onClick={() => everywhere.submit()}>
          {t('sessions.signOutEverywhere')}
        </Button>
      )}
      {list.isPending ? (
        // One row of the list's own shape (the current session is always there): the buttons below stay put.
        <ListRows hidden>
          <ListRow
            label={<TextSkeleton />}
            hint={[1, 2, 3].map((line) => (
              <TextSkeleton key={line} />
            ))}
          />
        </ListRows>
      ) : list.data ? (
        <ListRows busy={busy}>
          {list.data.map((s) => (
            <ListRow
              key={s.id}
              testId="session"
              label={device(s)}
              hint={[
                <>
                  {t(`sessions.method.${s.method}`)}
                  {s.ip ? (
                    <>
                      {' · '}
                      <bdi dir="ltr">{s.ip}</bdi>
                    </>
                  ) : null}
                </>,
                t('sessions.lastSeen', { date: when(s.lastSeenAt) }),
                t('sessions.signedInAt', { date: when(s.createdAt) }),
              ]}
              end={s.current ? <span className="badge">{t('sessions.current')}</span> : undefined}
              action={
                s.current ? undefined : (
                  <Button
                    disabled={busy}
                    busy={endingSession(s.id)}
                    aria-label={t('sessions.signOutOne', { device: device(s) })}
                    onClick={() => end.submit({ sessionId: s.id })}
                  >
                    {t('sessions.signOut')}
                  </Button>
                )
              }
            />
          ))}
        </ListRows>
      ) : null}
    </section>
  );
}
