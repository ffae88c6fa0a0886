// Types for oidc-local.mjs (plain JavaScript so that Node runs it without a build step).

export declare const LOCAL_OIDC_CLIENTS: Readonly<Record<'google' | 'apple', { clientId: string; clientSecret: string }>>;

export declare function localIssuer(port: number | string): string;

export declare function localOidcEnv(ports: { googlePort: number | string; applePort: number | string }): Record<string, string>;
