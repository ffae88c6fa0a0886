import type { QueryClient } from '@tanstack/react-query';
import type { Locale } from '../../../contract';
import type { ApiClient } from '../../api/client';
import type { Api } from '../../api/endpoints';

/** What a flow's actors and actions use of the app: the API client and the few app-wide moves. */
export interface FlowHost {
  /** The shell's calls; an area's come from its module over `client` (`cardsApi(client)`, src/api/<area>.ts). */
  api: Api;
  client: ApiClient;
  queryClient: QueryClient;
  log(message: string, error?: unknown): void;
  navigate(to: string, options?: { replace?: boolean; state?: unknown }): void;
  /** The locale of the page showing now (the path decides). */
  currentLocale(): Locale;
  /** Tells the session to look at the cookies again (after a call that set them). */
  refreshCookies(): void;
  /** Signed in: read the new cookies and open the destination. */
  enterApp(destination: string): void;
  /** Signed in with the password (and maybe an SMS code): the home page may offer a passkey (PasskeyOffer). */
  enterAfterPassword(destination: string): void;
}
