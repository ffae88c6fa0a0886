import type { i18n as I18n } from 'i18next';
import type { Locale } from '../contract/locales';
import { createI18n } from '../src/i18n';
import type { Translate } from '../src/ui/failureText';

/**
 * A locale file's messages read as i18next reads them for failureText: the first of the keys that holds
 * a sentence (placeholders and plurals left alone), so a test need not build i18next.
 */
export function lookUpIn(messages: object): Translate {
  const read = (key: string) =>
    key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], messages);
  return (keys) => {
    const found = [keys]
      .flat()
      .map(read)
      .find((text) => typeof text === 'string');
    if (typeof found !== 'string') throw new Error(`No message for ${String(keys)}`);
    return found;
  };
}

/** The app's own i18next instance for a locale, its messages loaded. */
export async function messagesIn(locale: Locale): Promise<I18n> {
  const i18n = createI18n(locale, (message, error) => {
    throw new Error(`${message}: ${String(error)}`);
  });
  if (!i18n.isInitialized) await new Promise((resolve) => i18n.on('initialized', resolve));
  await i18n.loadLanguages(locale);
  return i18n;
}
