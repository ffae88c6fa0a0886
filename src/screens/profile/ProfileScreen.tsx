import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { useSystem } from '../../app/context';
import { routeById } from '../../routes/table';
import { Button } from '../../ui/Button';
import { RouteLinks } from '../shared/RouteScreen';

/** Where the profile leads, and logging out (the session statechart revokes the session first). */
export function ProfileScreen() {
  const { t } = useTranslation();
  const { session } = useSystem();
  const loggingOut = useSelector(session, (s) => s.hasTag('loggingOut'));
  return (
    <>
      <p className="page-lead">{t('screens.profile.lead')}</p>
      <RouteLinks ids={routeById('profile').links ?? []} />
      <Button block busy={loggingOut} onClick={() => session.send({ type: 'LOG_OUT_REQUESTED' })}>
        {loggingOut ? t('profile.loggingOut') : t('profile.logOut')}
      </Button>
    </>
  );
}
