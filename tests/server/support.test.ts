import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { useTestServer } from './helpers';

const SECRET = { AUTH_SECRET: 's'.repeat(32) };
const directive = (csp: string | null, name: string) =>
  csp
    ?.split(';')
    .map((part) => part.trim().split(/\s+/))
    .find(([key]) => key === name)
    ?.slice(1);

describe('chat widget not configured', () => {
  const { server } = useTestServer();

  it('answers chat: null, and the CSP admits no other script origin', async () => {
    const answer = await server.app.request('/api/support/chat-widget');
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ chat: null });
    const csp = answer.headers.get('Content-Security-Policy');
    expect(directive(csp, 'script-src')).toEqual(["'self'"]);
    expect(directive(csp, 'frame-src')).toBeUndefined();
  });
});

describe('chat widget configured', () => {
  const chatWidget = { scriptUrl: 'https://chat.example.net/widget/v2.js', siteId: 'site-42' };
  const { server } = useTestServer({ config: { chatWidget } });

  it('names the script and the site to anyone (the help page loads it)', async () => {
    const answer = await server.app.request('/api/support/chat-widget');
    expect(await answer.json()).toEqual({ chat: chatWidget });
  });

  it('the CSP admits the widget’s origin, and only it, for scripts, connections and frames', async () => {
    const csp = (await server.app.request('/api/health')).headers.get('Content-Security-Policy');
    expect(directive(csp, 'script-src')).toEqual(["'self'", 'https://chat.example.net']);
    expect(directive(csp, 'connect-src')).toContain('https://chat.example.net');
    expect(directive(csp, 'frame-src')).toEqual(["'self'", 'https://chat.example.net']);
  });
});

describe('CHAT_WIDGET_URL and CHAT_SITE_ID', () => {
  it('are both or neither', () => {
    expect(loadConfig(SECRET).chatWidget).toBeUndefined();
    expect(() => loadConfig({ ...SECRET, CHAT_WIDGET_URL: 'https://chat.example.net/w.js' })).toThrow(/both or neither/);
    expect(() => loadConfig({ ...SECRET, CHAT_SITE_ID: 'x' })).toThrow(/both or neither/);
  });

  it('take an https URL (http outside production only), never a script: or relative one', () => {
    expect(loadConfig({ ...SECRET, CHAT_WIDGET_URL: ' https://chat.example.net/w.js ', CHAT_SITE_ID: 'a' }).chatWidget).toEqual({
      scriptUrl: 'https://chat.example.net/w.js',
      siteId: 'a',
    });
    expect(loadConfig({ ...SECRET, CHAT_WIDGET_URL: 'http://127.0.0.1:9/w.js', CHAT_SITE_ID: 'a' }).chatWidget?.scriptUrl).toBe(
      'http://127.0.0.1:9/w.js',
    );
    for (const url of ['javascript:alert(1)', '/w.js', 'data:text/javascript,1'])
      expect(() => loadConfig({ ...SECRET, CHAT_WIDGET_URL: url, CHAT_SITE_ID: 'a' })).toThrow(/CHAT_WIDGET_URL/);
  });
});
