import { useTranslation } from 'react-i18next';
import { LOCALES, LOCALE_TAGS } from '../../../contract';
import { connectLanguage } from '../../../machines/language/language.view';
import { useConnect, useLocale, useSystem } from '../../app/context';
import { languageAutonym } from '../../i18n/format';
import { Icon } from '../../ui/Icon';
import { ListRow, ListRows } from '../../ui/ListRow';

/** The eight languages, each named in its own language; choosing one tells the language machine. */
export function LanguageChoice() {
  const { t } = useTranslation();
  const language = useConnect(useSystem().language, connectLanguage);
  const current = useLocale();
  return (
    <ListRows label={t('language.listLabel')} busy={language.loadingSaved}>
      {LOCALES.map((locale) => (
        <ListRow
          key={locale}
          lang={LOCALE_TAGS[locale]}
          pressed={locale === current}
          label={languageAutonym(locale)}
          end={locale === current ? <Icon name="check" label={t('language.current')} /> : null}
          onClick={() => language.choose(locale)}
        />
      ))}
    </ListRows>
  );
}
