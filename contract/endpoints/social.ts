import { endpoint } from './define';
import {
  appleCallbackQuerySchema,
  redirectAnswerSchema,
  socialAuthorizationSchema,
  socialCallbackSchema,
  startSocialSignInBodySchema,
} from '../social';

/** Sign-in with Google and Apple (OpenID Connect). */
export const socialEndpoints = {
  startSocialSignIn: endpoint('POST', '/auth/social/start', startSocialSignInBodySchema, socialAuthorizationSchema, {
    summary:
      "Begin sign-in with Google or Apple: answers the provider's authorization URL (code flow, PKCE S256, state, nonce; Apple with response_mode=form_post). State, nonce and PKCE verifier stay on the server for 10 minutes, single use, bound to this browser by the HttpOnly, SameSite=Lax cookie `oidc_browser` (Path=/api/auth/social) set here: a callback that comes without it, or with another one, fails with `social_browser_mismatch`.",
    auth: 'none',
    errors: ['social_provider_unavailable', 'rate_limited'],
  }),
  googleCallback: endpoint('GET', '/auth/social/google/callback', undefined, redirectAnswerSchema, {
    summary:
      'Google sends the browser here. Exchanges the code, verifies the ID token, signs in (sets the session cookies) and redirects 303 to the home page of the language sign-in started from — or, for a customer with a confirmed phone, sets no cookies and redirects to /2fa/phone with the two-factor challenge in the URL fragment (`#challengeToken=…&phoneHint=…&expiresAt=…&resendAfterSeconds=…`); on failure redirects to /auth/google?error=<code> (one of the social_* codes).',
    auth: 'none',
    status: 303,
    query: socialCallbackSchema,
  }),
  appleCallback: endpoint('POST', '/auth/social/apple/callback', socialCallbackSchema, redirectAnswerSchema, {
    summary:
      'Apple posts the answer here (response_mode=form_post, a cross-site form POST that carries no SameSite=Lax cookie, so the browser binding cannot be checked yet). The fields are kept with the sign-in request and the answer is a 303 to the GET of the same path with only `state`: that same-site hop brings the `oidc_browser` cookie. An unknown or already answered state redirects to /auth/apple?error=social_state_invalid at once.',
    auth: 'none',
    status: 303,
    form: true,
  }),
  appleCallbackContinue: endpoint('GET', '/auth/social/apple/callback', undefined, redirectAnswerSchema, {
    summary:
      "Where the Apple callback's 303 leads, with the browser's `oidc_browser` cookie: checks the binding, then handles the kept answer like the Google callback (same redirects, /auth/apple?error=<code> on failure).",
    auth: 'none',
    status: 303,
    query: appleCallbackQuerySchema,
  }),
};
