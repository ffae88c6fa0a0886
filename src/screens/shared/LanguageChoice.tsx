import { useTranslation } from 'react-i18next';
import { LOCALES, LOCALE_TAGS } from '../../../contract';
import { useLocale, useSystem } from '../../app/context';
import { languageAutonym } from '../../i18n/format';
import { Icon } from '../../ui/Icon';

/** The eight languages, each named in its own language; choosing one tells the language machine. */
export function LanguageChoice() {
  const { t } = useTranslation();
  const { language } = useSystem();
  const current = useLocale();
  return (
    <ul className="link-list choice-list" aria-label={t('language.listLabel')}>
      {LOCALES.map((locale) => (
        <li key={locale}>
          <button
            type="button"
            lang={LOCALE_TAGS[locale]}
            aria-pressed={locale === current}
            onClick={() => language.send({ type: 'LANGUAGE_CHOSEN', locale })}
          >
            <span className="label">{languageAutonym(locale)}</span>
            {locale === current ? <Icon name="check" label={t('language.current')} /> : null}
          </button>
        </li>
      ))}
    </ul>
  );
}
