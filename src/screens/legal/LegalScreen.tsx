import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TERMS_VERSION } from '../../../contract/terms';
import { useLocalize } from '../../app/context';
import { formatDate } from '../../i18n/format';
import { pathOf } from '../../routes/table';
import { Notice } from '../../ui/Notice';
import { useUiLocale } from '../../ui/useUiLocale';

const TERMS_SECTIONS = ['account', 'fees', 'crypto', 'kyc', 'closing'] as const;
const PRIVACY_SECTIONS = ['collected', 'why', 'howLong', 'rights'] as const;

type Document = 'terms' | 'privacy';

/** A version (`2026-01`) is in force from the first day of its month. */
function inForceFrom(version: string): Date {
  return new Date(`${version}-01T00:00:00Z`);
}

/** One versioned legal text: a sample, said so first; its version and date; its sections. */
function LegalDocument({ document, sections }: { document: Document; sections: readonly string[] }) {
  const { t } = useTranslation();
  const locale = useUiLocale();
  const localize = useLocalize();
  const id = useId();
  const date = formatDate(inForceFrom(TERMS_VERSION), locale, { dateStyle: 'long', timeZone: 'UTC' });
  return (
    <div className="stack legal">
      <Notice icon="shield">{t('legal.sample')}</Notice>
      <p className="page-lead" data-testid="legal-version">
        {t('legal.version', { version: TERMS_VERSION, date })}
      </p>
      {sections.map((section) => (
        <section key={section} className="stack" aria-labelledby={`${id}-${section}`}>
          <h2 id={`${id}-${section}`}>{t(`legal.${document}.${section}.title`)}</h2>
          <p>{t(`legal.${document}.${section}.body`)}</p>
          {section === 'fees' ? <Link to={`${localize(pathOf('help'))}#fees`}>{t('legal.feeSchedule')}</Link> : null}
        </section>
      ))}
    </div>
  );
}

/** /terms: the account terms in force. */
export function TermsScreen() {
  return <LegalDocument document="terms" sections={TERMS_SECTIONS} />;
}

/** /privacy: the privacy notice in force (versioned with the terms). */
export function PrivacyScreen() {
  return <LegalDocument document="privacy" sections={PRIVACY_SECTIONS} />;
}
