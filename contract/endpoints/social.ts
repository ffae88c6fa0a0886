import { endpoint } from './define';
import { redirectAnswerSchema, socialAuthorizationSchema, socialCallbackSchema, startSocialSignInBodySchema } from '../social';

/** Sign-in with Google and Apple (OpenID Connect). */
export const socialEndpoints = {
  startSocialSignIn: endpoint('POST', '/auth/social/start', startSocialSignInBodySchema, socialAuthorizationSchema, {
    summary:
      "Begin sign-in with Google or Apple: answers the provider's authorization URL (code flow, PKCE S256, state, nonce; Apple with response_mode=form_post). State, nonce and PKCE verifier stay on the server for 10 minutes, single use.",
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
      'Apple posts the answer here (response_mode=form_post, a cross-site form POST that carries no cookies). Same handling and redirects as the Google callback, with /auth/apple?error=<code> on failure.',
    auth: 'none',
    status: 303,
    form: true,
  }),
};
