import type { Locale } from '../../contract/locales';

/** What a loaded widget script offers: `open` shows its window (the vendor's loader stands behind it). */
interface ChatWidgetApi {
  open(options: { siteId: string; language: string }): void;
}

declare global {
  interface Window {
    /** Set by the third-party chat script once it has run (the contract with the vendor's loader). */
    meridianChatWidget?: ChatWidgetApi;
  }
}

/** A widget that neither loads nor answers within this long counts as unavailable: e-mail is offered. */
export const CHAT_LOAD_TIMEOUT_MS = 10_000;

let loading: Promise<ChatWidgetApi> | null = null;

/**
 * Loads the configured chat script once (on the customer's first "Open chat", never before) with the
 * site id and the customer's language on its tag, and opens the widget. Rejects when the script fails
 * to load, does not set up its API, or takes too long; the next attempt tries again.
 */
export function openChatWidget(config: { scriptUrl: string; siteId: string }, language: Locale): Promise<void> {
  loading ??= new Promise<ChatWidgetApi>((resolve, reject) => {
    const script = document.createElement('script');
    const fail = (reason: string) => {
      script.remove();
      reject(new Error(reason));
    };
    const timer = window.setTimeout(() => fail('chat widget timed out'), CHAT_LOAD_TIMEOUT_MS);
    script.src = config.scriptUrl;
    script.async = true;
    script.dataset.siteId = config.siteId;
    script.dataset.language = language;
    script.onload = () => {
      window.clearTimeout(timer);
      if (window.meridianChatWidget) resolve(window.meridianChatWidget);
      else fail('chat widget script set up no widget');
    };
    script.onerror = () => {
      window.clearTimeout(timer);
      fail('chat widget script did not load');
    };
    document.head.append(script);
  }).catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading.then((widget) => widget.open({ siteId: config.siteId, language }));
}
