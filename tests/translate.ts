import type { Translate } from '../src/ui/failureText';

/**
 * A locale file's messages read as i18next reads them for failureText: the first of the keys that holds
 * a sentence (placeholders and plurals left alone), so a test need not build i18next.
 */
export function lookUpIn(messages: object): Translate {
  const read = (key: string) => key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], messages);
  return (keys) => {
    const found = [keys].flat().map(read).find((text) => typeof text === 'string');
    if (typeof found !== 'string') throw new Error(`No message for ${String(keys)}`);
    return found;
  };
}
