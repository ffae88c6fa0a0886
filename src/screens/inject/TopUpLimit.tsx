import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { profileApi } from '../../api/profile';
import { useApi, useLocalize } from '../../app/context';
import { operationLimitsQuery } from '../../app/limits';
import { LimitLeft } from '../../ui/LimitLeft';

/**
 * What is left of the customer's top-up limit (issue 12), shown by every top-up screen before anything is
 * typed or sent, with the way to raise it (the level on the profile).
 */
export function TopUpLimit() {
  const { t } = useTranslation();
  const api = useApi(profileApi);
  const localize = useLocalize();
  const limits = useQuery(operationLimitsQuery(api));
  return (
    <LimitLeft
      title={t('limits.topUp')}
      usage={limits.data?.top_up}
      failed={limits.isError}
      action={<Link to={localize('/profile')}>{t('limits.raiseLimit')}</Link>}
    />
  );
}
