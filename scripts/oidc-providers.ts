// Local OpenID Connect providers on 127.0.0.1 in place of Google and Apple, for `npm run dev` and the
// tests: real protocol (oidc-provider), real redirects, real signed ID tokens. Any e-mail typed at the
// login prompt (any password) is an account with a verified address.
//
//   APP_ORIGIN=http://localhost:5173 OIDC_GOOGLE_PORT=9401 OIDC_APPLE_PORT=9402 npx tsx scripts/oidc-providers.ts
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { pathToFileURL } from 'node:url';
import Provider, { type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import { LOCAL_OIDC_CLIENTS, localIssuer } from './oidc-local.mjs';

export type StandInKind = 'google' | 'apple';

export interface StandInOptions {
  kind: StandInKind;
  /** 0 picks a free port. */
  port: number;
  /** The app's origin; its callback for this provider is the one registered redirect URI. */
  appOrigin: string;
  /** Seconds an ID token is valid (tests shorten it). */
  idTokenTtl?: number;
  /** Further clients, e.g. for tests of a token meant for someone else. */
  extraClients?: Configuration['clients'];
}

export interface StandIn {
  issuer: string;
  /** The private signing key (JWK), so tests can sign tokens the app must refuse for other reasons. */
  signingKey: JWK;
  close(): Promise<void>;
}

const SCOPES: Record<StandInKind, string[]> = { google: ['openid', 'email', 'profile'], apple: ['openid', 'email', 'name'] };

export async function startStandIn({ kind, port, appOrigin, idTokenTtl = 3600, extraClients = [] }: StandInOptions): Promise<StandIn> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const signingKey = { ...(await exportJWK(privateKey)), kid: `${kind}-local`, alg: 'RS256', use: 'sig' };
  const client = LOCAL_OIDC_CLIENTS[kind];

  // The port is known only after listening when 0 is asked for, and the issuer must contain it.
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.address();
  const issuer = localIssuer(typeof address === 'object' && address ? address.port : port);

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: client.clientId,
        client_secret: client.clientSecret,
        redirect_uris: [`${appOrigin}/api/auth/social/${kind}/callback`],
        response_types: ['code'],
        grant_types: ['authorization_code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
      ...extraClients,
    ],
    pkce: { required: () => true, methods: ['S256'] },
    scopes: SCOPES[kind],
    claims: { openid: ['sub'], email: ['email', 'email_verified'] },
    // Google and Apple put the e-mail into the ID token; oidc-provider would keep it for userinfo.
    conformIdTokenClaims: false,
    jwks: { keys: [signingKey] },
    ttl: { IdToken: idTokenTtl, AccessToken: 3600, Interaction: 3600, Grant: 3600, Session: 24 * 3600 },
    features: { devInteractions: { enabled: true } },
    // Plain http on 127.0.0.1: SameSite=None cookies would need Secure, so keep them Lax.
    cookies: { keys: [randomBytes(32).toString('hex')], long: { sameSite: 'lax' }, short: { sameSite: 'lax' } },
    async findAccount(_ctx: KoaContextWithOIDC, id: string) {
      return {
        accountId: id,
        // Apple writes email_verified as a string; the app must accept both forms.
        claims: async () => ({ sub: id, email: id, email_verified: kind === 'apple' ? 'true' : true }),
      };
    },
    // First-party sign-in: no consent screen, as with Google and Apple for a returning customer.
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const { oidc } = ctx;
      const existing = oidc.result?.consent?.grantId ?? oidc.session!.grantIdFor(oidc.client!.clientId);
      if (existing) return oidc.provider.Grant.find(existing);
      const grant = new oidc.provider.Grant({ clientId: oidc.client!.clientId, accountId: oidc.session!.accountId });
      grant.addOIDCScope(String(oidc.params!.scope ?? 'openid'));
      await grant.save();
      return grant;
    },
  });
  // Quiet: a refused request is what several tests are about.
  provider.on('server_error', (_ctx, error) => console.error(`[oidc ${kind}]`, error));
  server.on('request', provider.callback());

  return {
    issuer,
    signingKey,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const appOrigin = process.env.APP_ORIGIN ?? 'http://localhost:3000';
  const ports = { google: Number(process.env.OIDC_GOOGLE_PORT ?? 9401), apple: Number(process.env.OIDC_APPLE_PORT ?? 9402) };
  const standIns = await Promise.all((['google', 'apple'] as const).map((kind) => startStandIn({ kind, port: ports[kind], appOrigin })));
  for (const [index, kind] of (['google', 'apple'] as const).entries()) {
    console.log(`Local ${kind} sign-in (OpenID provider) at ${standIns[index]!.issuer} for ${appOrigin}`);
  }
  const stop = () => void Promise.all(standIns.map((standIn) => standIn.close())).then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
