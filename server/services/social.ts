import { and, eq, isNull, lt } from 'drizzle-orm';
import { createRemoteJWKSet, importPKCS8, jwtVerify, SignJWT, type JWTPayload } from 'jose';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { z } from 'zod';
import { emailSchema } from '../../contract/auth';
import { countryCodeSchema, type CountryCode } from '../../contract/countries';
import { TERMS_VERSION } from '../../contract/terms';
import type { Locale } from '../../contract/locales';
import { personNameProblem } from '../../contract/fields';
import { socialCallbackSchema, type SocialCallback, type SocialProvider, type SocialSignInError } from '../../contract/social';
import { addSeconds, type Clock } from '../clock';
import type { Config, OidcClientConfig } from '../config';
import type { Db } from '../db/database';
import { oidcRequests, socialIdentities, userSettings, users } from '../db/schema';
import { ApiError } from '../errors';
import { describeError, type Logger } from '../logger';
import { RATE_LIMITS, type RateLimiter } from './rate-limit';
import type { ClientInfo } from './tokens';
import type { SignInOutcome, TwoFactorService } from './two-factor';

/** An authorization request must come back within this time (state, nonce and verifier are then void). */
export const OIDC_REQUEST_TTL_SECONDS = 10 * 60;
/** Providers' discovery documents change rarely; read again after this long. */
const DISCOVERY_TTL_MS = 60 * 60 * 1000;
const PROVIDER_TIMEOUT_MS = 10_000;
/** Apple's client-secret JWT; a fresh one per exchange, so a short life is enough. */
const APPLE_SECRET_SECONDS = 5 * 60;

const SCOPES: Record<SocialProvider, string> = { google: 'openid email profile', apple: 'openid email name' };
/** Answers meaning "the customer said no" (OAuth's access_denied; Apple's own code). */
const CANCELLED = new Set(['access_denied', 'user_cancelled_authorize']);

const discoverySchema = z.object({
  issuer: z.string(),
  authorization_endpoint: z.url(),
  token_endpoint: z.url(),
  jwks_uri: z.url(),
});
type Discovery = z.infer<typeof discoverySchema>;

/** Apple sends the name once, on the first sign-in, outside the ID token; each part is checked by `providedName`. */
const appleUserSchema = z.object({
  name: z.object({ firstName: z.string().optional(), lastName: z.string().optional() }).optional(),
});

/** Signed in, or — for a customer with a confirmed phone — one SMS code away from it (/2fa/phone). */
export type SocialOutcome =
  | { ok: true; signIn: SignInOutcome; locale: Locale }
  | { ok: false; code: SocialSignInError | 'internal_error'; locale: Locale };

class Refusal extends Error {
  constructor(readonly code: SocialSignInError) {
    super(code);
  }
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');
const randomToken = () => randomBytes(32).toString('base64url');

export function redirectUri(config: Config, provider: SocialProvider): string {
  return `${config.publicOrigin}/api/auth/social/${provider}/callback`;
}

/** The client secret Apple expects: an ES256 JWT from the team, about the client, for Apple. */
export async function appleClientSecret(client: OidcClientConfig, now: Date): Promise<string> {
  if (typeof client.clientSecret === 'string') return client.clientSecret;
  const { teamId, keyId, privateKey } = client.clientSecret;
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT({})
    .setProtectedHeader({ alg: 'ES256', kid: keyId })
    .setIssuer(teamId)
    .setSubject(client.clientId)
    .setAudience(client.issuer)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + APPLE_SECRET_SECONDS)
    .sign(await importPKCS8(privateKey, 'ES256'));
}

/**
 * Where a new customer from Google or Apple lives is not known; neither provider tells. The likely
 * region of the language they use (`ar` → EG, `de` → DE, `en` → US) stands in until identity
 * verification records the real country of residence.
 */
export function provisionalCountry(locale: Locale): CountryCode {
  const region = new Intl.Locale(locale).maximize().region;
  const parsed = countryCodeSchema.safeParse(region);
  return parsed.success ? parsed.data : 'US';
}

/** Apple writes `email_verified` as the string "true"; Google as a boolean. */
function isTrue(value: unknown): boolean {
  return value === true || value === 'true';
}

export interface SocialDeps {
  db: Db;
  clock: Clock;
  config: Config;
  rateLimiter: RateLimiter;
  logger: Logger;
  /** Opens the session, or asks for the phone code first: a provider account is one factor only. */
  twoFactor: Pick<TwoFactorService, 'beginSignIn'>;
  /** The HTTP client for discovery and the code exchange. */
  fetch?: typeof fetch;
}

/**
 * Sign-in with Google and Apple: OpenID Connect authorization code flow with PKCE (S256), `state`
 * and `nonce`. Everything the callback needs is kept server-side under the hash of `state`, because
 * Apple's answer is a cross-site POST that carries none of our cookies. The request is also bound to
 * the browser that started it (the hash of a random cookie value, `browser` below): an answer
 * presented by any other browser is refused, so a sign-in started by an attacker cannot be finished in
 * the victim's browser (login CSRF) and a leaked callback URL is useless elsewhere.
 */
export function createSocialService(deps: SocialDeps) {
  const { db, clock, config, rateLimiter, logger, twoFactor } = deps;
  const http = deps.fetch ?? globalThis.fetch;
  const discoveries = new Map<string, { at: number; document: Discovery; keys: ReturnType<typeof createRemoteJWKSet> }>();

  function clientOf(provider: SocialProvider): OidcClientConfig {
    const client = config.oidc[provider];
    if (!client) throw new ApiError('social_provider_unavailable');
    return client;
  }

  async function discover(client: OidcClientConfig) {
    const cached = discoveries.get(client.issuer);
    if (cached && Date.now() - cached.at < DISCOVERY_TTL_MS) return cached;
    const url = `${client.issuer.replace(/\/$/, '')}/.well-known/openid-configuration`;
    let document: Discovery;
    try {
      const response = await http(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS) });
      if (!response.ok) throw new Error(`discovery answered ${response.status}`);
      document = discoverySchema.parse(await response.json());
    } catch (error) {
      logger.error('social.discovery_failed', { issuer: client.issuer, ...describeError(error) });
      throw new ApiError('social_provider_error');
    }
    // A document naming another issuer would let that issuer's tokens in (OpenID Connect Discovery §4.3).
    if (document.issuer !== client.issuer) {
      logger.error('social.discovery_issuer_mismatch', { expected: client.issuer, got: document.issuer });
      throw new ApiError('social_provider_error');
    }
    const entry = { at: Date.now(), document, keys: createRemoteJWKSet(new URL(document.jwks_uri)) };
    discoveries.set(client.issuer, entry);
    return entry;
  }

  /** The provider's authorization URL for a new, server-side-remembered request. */
  async function start(provider: SocialProvider, locale: Locale, ip: string, browser: string): Promise<{ authorizationUrl: string }> {
    const client = clientOf(provider);
    await rateLimiter.enforce([[RATE_LIMITS.socialStartPerIp, ip]]);
    const { document } = await discover(client);
    const state = randomToken();
    const nonce = randomToken();
    const codeVerifier = randomToken();
    const now = clock();
    await db.insert(oidcRequests).values({
      stateHash: sha256(state),
      provider,
      nonce,
      codeVerifier,
      locale,
      createdAt: now,
      expiresAt: addSeconds(now, OIDC_REQUEST_TTL_SECONDS),
      browserHash: sha256(browser),
    });
    const url = new URL(document.authorization_endpoint);
    const params = {
      response_type: 'code',
      client_id: client.clientId,
      redirect_uri: redirectUri(config, provider),
      scope: SCOPES[provider],
      state,
      nonce,
      code_challenge: sha256(codeVerifier),
      code_challenge_method: 'S256',
      // Apple sends the name and e-mail only with form_post; it is the one mode it allows with them.
      ...(provider === 'apple' ? { response_mode: 'form_post' } : {}),
    };
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
    return { authorizationUrl: url.href };
  }

  /**
   * Apple's answer arrives as a cross-site form POST, without the binding cookie: its fields wait in
   * the request's row (once) for the same-site GET that follows. `held` is false when no Apple
   * request in flight has this state, or it was already answered: the caller refuses, and the request
   * stays for the browser it belongs to (a replayed post must not use it up).
   */
  async function holdAppleAnswer(answer: SocialCallback): Promise<{ held: boolean; locale: Locale }> {
    const stateHash = sha256(answer.state);
    const [held] = await db
      .update(oidcRequests)
      .set({ appleAnswer: JSON.stringify(answer) })
      .where(and(eq(oidcRequests.stateHash, stateHash), eq(oidcRequests.provider, 'apple'), isNull(oidcRequests.appleAnswer)))
      .returning({ locale: oidcRequests.locale });
    if (held) return { held: true, locale: held.locale as Locale };
    const [known] = await db.select({ locale: oidcRequests.locale }).from(oidcRequests).where(eq(oidcRequests.stateHash, stateHash));
    return { held: false, locale: (known?.locale ?? 'en') as Locale };
  }

  /**
   * The provider's answer: a signed-in customer, or the reason why not. Never throws. `browser` is the
   * binding cookie this request came with. For Apple the answer is the one `holdAppleAnswer` kept; the
   * GET that brings the cookie carries only the state.
   */
  async function callback(
    provider: SocialProvider,
    query: SocialCallback,
    client: ClientInfo,
    browser: string | undefined,
  ): Promise<SocialOutcome> {
    // Consumed at once, whatever follows: a state is good for one answer only.
    const [request] = await db
      .delete(oidcRequests)
      .where(eq(oidcRequests.stateHash, sha256(query.state)))
      .returning();
    const locale = (request?.locale ?? 'en') as Locale;
    try {
      if (!request || request.provider !== provider) throw new Refusal('social_state_invalid');
      if (request.expiresAt.getTime() <= clock().getTime()) throw new Refusal('social_state_expired');
      if (!browser || !request.browserHash || sha256(browser) !== request.browserHash) throw new Refusal('social_browser_mismatch');
      const answer = provider === 'apple' ? heldAnswer(request.appleAnswer) : query;
      if (answer.error) throw new Refusal(CANCELLED.has(answer.error) ? 'social_cancelled' : 'social_provider_error');
      if (!answer.code) throw new Refusal('social_provider_error');
      const claims = await exchange(provider, answer.code, request.codeVerifier, request.nonce);
      const userId = await customerFor(provider, claims, answer.user, locale);
      return { ok: true, signIn: await twoFactor.beginSignIn(userId, provider, client), locale };
    } catch (error) {
      if (error instanceof Refusal) {
        logger.warn('social.refused', { provider, code: error.code });
        return { ok: false, code: error.code, locale };
      }
      logger.error('social.failed', { provider, ...describeError(error) });
      return {
        ok: false,
        code: error instanceof ApiError && error.code === 'social_provider_error' ? error.code : 'internal_error',
        locale,
      };
    }
  }

  /** Code + PKCE verifier → tokens at the provider; the ID token's claims once verified. */
  async function exchange(provider: SocialProvider, code: string, codeVerifier: string, nonce: string): Promise<JWTPayload> {
    const client = clientOf(provider);
    const { document, keys } = await discover(client);
    let idToken: unknown;
    try {
      const response = await http(document.token_endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code,
          redirect_uri: redirectUri(config, provider),
          client_id: client.clientId,
          client_secret: await appleClientSecret(client, clock()),
          code_verifier: codeVerifier,
        }),
        signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
      });
      const body = (await response.json()) as { id_token?: unknown; error?: unknown };
      if (!response.ok) throw new Error(`token endpoint answered ${response.status} ${String(body.error)}`);
      idToken = body.id_token;
    } catch (error) {
      logger.error('social.exchange_failed', { provider, ...describeError(error) });
      throw new Refusal('social_provider_error');
    }
    if (typeof idToken !== 'string') throw new Refusal('social_token_invalid');
    try {
      const { payload } = await jwtVerify(idToken, keys, {
        issuer: document.issuer,
        audience: client.clientId,
        currentDate: clock(),
        requiredClaims: ['sub', 'iat', 'exp', 'nonce'],
      });
      if (payload.nonce !== nonce) throw new Error('nonce mismatch');
      return payload;
    } catch (error) {
      logger.warn('social.id_token_refused', { provider, ...describeError(error) });
      throw new Refusal('social_token_invalid');
    }
  }

  /**
   * The customer behind verified claims: the one already linked to this provider account; else the
   * one with the same e-mail, linked only when both the provider and Meridian have verified that
   * address (anything less would let whoever controls an unverified provider account take over a
   * Meridian account); else a new customer without a password.
   */
  async function customerFor(provider: SocialProvider, claims: JWTPayload, appleUser: string | undefined, locale: Locale): Promise<string> {
    const subject = claims.sub!;
    const email = emailSchema.safeParse(claims.email);
    if (!email.success) throw new Refusal('social_email_missing');
    const emailVerified = isTrue(claims.email_verified);
    const name = providedName(claims, appleUser);
    return db.transaction(async (tx) => {
      const now = clock();
      const [identity] = await tx
        .update(socialIdentities)
        .set({ lastUsedAt: now })
        .where(and(eq(socialIdentities.provider, provider), eq(socialIdentities.subject, subject)))
        .returning({ userId: socialIdentities.userId });
      let userId = identity?.userId;
      if (!userId) {
        const [existing] = await tx.select().from(users).where(eq(users.email, email.data));
        if (existing && !(emailVerified && existing.emailVerifiedAt)) throw new Refusal('social_account_exists');
        userId = existing?.id ?? (await createCustomer(tx, email.data, emailVerified, name, locale));
        await tx.insert(socialIdentities).values({ provider, subject, userId, email: email.data, createdAt: now, lastUsedAt: now });
      }
      return userId;
    });
  }

  async function createCustomer(
    tx: Db,
    email: string,
    emailVerified: boolean,
    name: { firstName: string | null; lastName: string | null },
    locale: Locale,
  ): Promise<string> {
    const userId = randomUUID();
    const now = clock();
    const [created] = await tx
      .insert(users)
      .values({
        id: userId,
        email,
        emailVerifiedAt: emailVerified ? now : null,
        passwordHash: null,
        ...name,
        country: provisionalCountry(locale),
        // The sign-in buttons say that continuing accepts the terms.
        termsAcceptedAt: now,
        termsVersion: TERMS_VERSION,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing({ target: users.email })
      .returning({ id: users.id });
    // Registered with this address a moment ago, between the look-up and here.
    if (!created) throw new Refusal('social_account_exists');
    await tx.insert(userSettings).values({ userId, language: locale, updatedAt: now });
    return userId;
  }

  /** Drops requests whose callback never came (run by server/maintenance.ts). */
  async function pruneExpired(): Promise<void> {
    await db.delete(oidcRequests).where(lt(oidcRequests.expiresAt, clock()));
  }

  return { start, holdAppleAnswer, callback, pruneExpired };
}

/** Apple's posted fields, as `holdAppleAnswer` kept them; none means the POST never came. */
function heldAnswer(stored: string | null): SocialCallback {
  const parsed = stored ? socialCallbackSchema.safeParse(JSON.parse(stored)) : undefined;
  if (!parsed?.success) throw new Refusal('social_state_invalid');
  return parsed.data;
}

/**
 * The name Google or Apple gave, held to the rules of a typed one (`personNameProblem`: letters, spaces,
 * apostrophes and hyphens, no control or invisible characters, at most `NAME_MAX_LENGTH`). A name that
 * breaks them is dropped, not trimmed into shape: the customer is asked for their name as when none came,
 * and the sign-in goes on.
 */
export function providedName(claims: JWTPayload, appleUser: string | undefined): { firstName: string | null; lastName: string | null } {
  const text = (value: unknown) => (typeof value === 'string' && personNameProblem(value) === null ? value.trim() : null);
  let apple: z.infer<typeof appleUserSchema>['name'];
  try {
    apple = appleUser ? appleUserSchema.parse(JSON.parse(appleUser)).name : undefined;
  } catch {
    apple = undefined;
  }
  return {
    firstName: text(claims.given_name) ?? text(apple?.firstName),
    lastName: text(claims.family_name) ?? text(apple?.lastName),
  };
}

export type SocialService = ReturnType<typeof createSocialService>;
