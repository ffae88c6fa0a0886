import { z } from 'zod';
import { localeSchema, timestampSchema } from './common';

export const SOCIAL_PROVIDERS = ['google', 'apple'] as const;
export const socialProviderSchema = z.enum(SOCIAL_PROVIDERS);
export type SocialProvider = z.infer<typeof socialProviderSchema>;

/** Brand names, the same in every language. */
export const PROVIDER_NAMES: Record<SocialProvider, string> = { google: 'Google', apple: 'Apple' };

/**
 * "Google or Apple", or only the configured one, as the language lists alternatives: the consent sentence
 * names exactly the providers offered — the app renders it, the server writes it into the prerendered page.
 */
export function providerChoice(localeTag: string, providers: readonly SocialProvider[]): string {
  return new Intl.ListFormat(localeTag, { type: 'disjunction' }).format(providers.map((provider) => PROVIDER_NAMES[provider]));
}

export const startSocialSignInBodySchema = z.strictObject({
  provider: socialProviderSchema,
  /** The interface language: the callback comes back to this language's pages. */
  locale: localeSchema,
});
export type StartSocialSignInBody = z.infer<typeof startSocialSignInBodySchema>;

/** Where to send the browser (a full page load): the provider's authorization endpoint. */
export const socialAuthorizationSchema = z.object({ authorizationUrl: z.url() });
export type SocialAuthorization = z.infer<typeof socialAuthorizationSchema>;

const param = /* @__NO_SIDE_EFFECTS__ */ (max: number) => z.string().max(max);

/**
 * What the provider sends back: `code` and `state`, or `error` and `state`. Providers add parameters
 * of their own (Google: `scope`, `authuser`, `prompt`, `iss`); unknown ones are ignored.
 */
export const socialCallbackSchema = z.object({
  state: param(512).min(1),
  code: param(4096).min(1).optional(),
  error: param(256).optional(),
  /** Apple, on the first sign-in only: the name as JSON (`{"name":{"firstName","lastName"}}`). */
  user: param(2048).optional(),
});
export type SocialCallback = z.infer<typeof socialCallbackSchema>;

/** The same-site GET after Apple's form post: only the state; the posted fields wait on the server. */
export const appleCallbackQuerySchema = z.object({ state: param(512).min(1) });

/** The callbacks answer a redirect, not JSON; the contract records that they take no other answer. */
export const redirectAnswerSchema = z.undefined();

/** Errors a failed social sign-in is sent back to `/auth/<provider>?error=<code>` with. */
export const SOCIAL_SIGN_IN_ERRORS = [
  'social_cancelled',
  'social_state_invalid',
  'social_state_expired',
  'social_browser_mismatch',
  'social_provider_error',
  'social_token_invalid',
  'social_email_missing',
  'social_account_exists',
] as const;
export type SocialSignInError = (typeof SOCIAL_SIGN_IN_ERRORS)[number];

export const SESSION_METHODS = ['password', 'passkey', 'google', 'apple'] as const;

/** One signed-in session of the customer, as the security page lists it. */
export const signedInSessionSchema = z.object({
  id: z.uuid(),
  /** Read from the user agent at sign-in; null when it names no known browser or system. */
  browser: z.string().nullable(),
  os: z.string().nullable(),
  method: z.enum(SESSION_METHODS),
  ip: z.string().nullable(),
  createdAt: timestampSchema,
  /** Sign-in, then the last token refresh (updated at most once a minute). */
  lastSeenAt: timestampSchema,
  /** The session this request comes from. */
  current: z.boolean(),
});
export type SignedInSession = z.infer<typeof signedInSessionSchema>;

export const signedInSessionsSchema = z.object({ sessions: z.array(signedInSessionSchema) });
export type SignedInSessions = z.infer<typeof signedInSessionsSchema>;

export const revokeSessionBodySchema = z.strictObject({ sessionId: z.uuid() });
export type RevokeSessionBody = z.infer<typeof revokeSessionBodySchema>;

export const revokedSessionsSchema = z.object({ revoked: z.number().int().nonnegative() });
export type RevokedSessions = z.infer<typeof revokedSessionsSchema>;
