import { useTranslation } from 'react-i18next';
import { connectIdle } from '../../../machines/idle/idle.view';
import { useConnect, useSystem } from '../../app/context';
import { Button } from '../../ui/Button';
import { Icon } from '../../ui/Icon';
import { Sheet } from '../../ui/Sheet';

/**
 * “Stay signed in?”, a minute before the server's idle limit (the idle machine asks). No close button
 * and no Escape: the customer chooses, or the minute runs out and the session ends.
 */
export function StaySignedInDialog() {
  const { t } = useTranslation();
  const { idle } = useSystem();
  const { asking, busy, stay, signOut } = useConnect(idle, connectIdle);
  return (
    <Sheet
      open={asking}
      dismissible={false}
      icon={<Icon name="clock" />}
      title={t('session.idle.title')}
      description={t('session.idle.body')}
    >
      <div className="button-row">
        <Button variant="primary" busy={busy} onClick={stay}>
          {t('session.idle.stay')}
        </Button>
        <Button disabled={busy} onClick={signOut}>
          {t('session.idle.signOut')}
        </Button>
      </div>
    </Sheet>
  );
}
