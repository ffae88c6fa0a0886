import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalize } from '../../app/context';
import { pathOf } from '../../routes/table';

/**
 * The account terms and the privacy notice, where they are accepted. In the same tab by default: the
 * registration wizard keeps what was typed (the password too) across in-app navigation, and Back returns
 * to it. `newTab` where leaving would lose work the page keeps only while it is open (signature strokes).
 */
export function LegalLinks({ newTab = false }: { newTab?: boolean }) {
  const { t } = useTranslation();
  const localize = useLocalize();
  const opens = newTab ? ({ target: '_blank', rel: 'noopener' } as const) : {};
  return (
    <p className="hint legal-links">
      <span>{t('legal.read')}:</span>{' '}
      <Link to={localize(pathOf('terms'))} {...opens}>
        {t('screens.terms.title')}
      </Link>
      {' · '}
      <Link to={localize(pathOf('privacy'))} {...opens}>
        {t('screens.privacy.title')}
      </Link>
    </p>
  );
}
