// The local OpenID providers that stand in for Google and Apple in development and tests
// (scripts/oidc-providers.ts): their clients, and the server environment that points at them.
// Plain JavaScript so scripts/dev.mjs can use it without a build step.

/** One registered client per stand-in. Development values: these providers only run on 127.0.0.1. */
export const LOCAL_OIDC_CLIENTS = {
  google: { clientId: 'meridian-local-google', clientSecret: 'local-google-secret-not-for-production' },
  apple: { clientId: 'meridian-local-apple', clientSecret: 'local-apple-secret-not-for-production' },
};

/** The stand-ins' issuer on a port: 127.0.0.1, another site than the app's localhost. */
export function localIssuer(port) {
  return `http://127.0.0.1:${port}`;
}

/** Environment for the Meridian server so it signs in with the stand-ins. */
export function localOidcEnv({ googlePort, applePort }) {
  return {
    GOOGLE_OIDC_ISSUER: localIssuer(googlePort),
    GOOGLE_CLIENT_ID: LOCAL_OIDC_CLIENTS.google.clientId,
    GOOGLE_CLIENT_SECRET: LOCAL_OIDC_CLIENTS.google.clientSecret,
    APPLE_OIDC_ISSUER: localIssuer(applePort),
    APPLE_CLIENT_ID: LOCAL_OIDC_CLIENTS.apple.clientId,
    APPLE_CLIENT_SECRET: LOCAL_OIDC_CLIENTS.apple.clientSecret,
  };
}
