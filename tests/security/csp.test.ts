import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, cspHash, sonnerStylesheet } from '../../server/http/security-headers';

// Issue 10, item 20 (CSP part): no 'unsafe-inline' for style elements; the toast library's one
// stylesheet is allowed by the hash of what the installed package injects. e2e/csp.spec.ts proves in
// Chromium that the toasts and the /flows diagrams then report no violation.

const directives = (policy: string) =>
  Object.fromEntries(
    policy
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .map(([name, ...sources]) => [name, sources]),
  );

describe('the Content-Security-Policy', () => {
  const policy = directives(contentSecurityPolicy([]));

  it('allows style elements from our origin and the toast library’s stylesheet only, scripts from our origin only', () => {
    expect(policy['script-src']).toEqual(["'self'"]);
    expect(policy['style-src']).toEqual(["'self'"]);
    expect(policy['style-src-elem']).toEqual(["'self'", cspHash(''), cspHash(sonnerStylesheet())]);
    expect(
      Object.values(policy)
        .flat()
        .filter((source) => source === "'unsafe-inline'"),
    ).toEqual(["'unsafe-inline'"]);
    expect(policy['style-src-attr']).toEqual(["'unsafe-inline'"]);
  });

  it('hashes the stylesheet of the installed sonner, so an upgrade that changes it changes the policy', () => {
    const installed = readFileSync('node_modules/sonner/dist/index.mjs', 'utf8');
    const css = sonnerStylesheet(installed);
    expect(css).toContain('[data-sonner-toaster]');
    const changed = installed.replace('[data-sonner-toaster]', '[data-sonner-toaster-v3]');
    expect(cspHash(sonnerStylesheet(changed))).not.toBe(cspHash(css));
    expect(cspHash('a')).toBe("'sha256-ypeBEsobvcr6wjGzmiPcTaeG7/gUfE5yuYB3ha/uSLs='");
  });

  it('refuses to start when sonner no longer injects exactly one stylesheet the way it did', () => {
    expect(() => sonnerStylesheet('export const Toaster = () => null;')).toThrow(/found 0/);
    expect(() => sonnerStylesheet('__insertCSS("a{}");__insertCSS("b{}")')).toThrow(/found 2/);
  });
});
