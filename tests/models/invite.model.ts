import { toFailure } from '../../machines/parts/failure';
import type { FlowModel } from './graph/model';
import { inLanguage, PAGE_LANGUAGES, pageTexts } from './graph/page';
import { inviteMachine } from '../../machines/invite/invite.machine';
import { sessionCookieJar } from './session.model';

const LINK = 'http://localhost/register?ref_code=7K3QWXZ2';
/** GET /invite as the server answers it. */
export const INVITE = { code: '7K3QWXZ2', reward: { amount: '10', asset: 'USDT', depositThresholdUsd: '100' } } as const;

export const inviteModel = {
  events: {
    SHARE_REQUESTED: {
      'with a share sheet': { link: LINK, canShare: true },
      'no share sheet': { link: LINK, canShare: false },
    },
    COPY_REQUESTED: { copy: { link: LINK } },
  },
  actors: {
    shareLink: {
      done: { shared: undefined },
      error: { 'sheet closed': { code: 'share_cancelled' }, 'sharing failed': { code: 'share_failed' } },
    },
    copyLink: { done: { copied: undefined }, error: { 'clipboard refused': { code: 'copy_failed' } } },
  },
  invariants: {
    // The link handed to the sheet or the clipboard is the customer's own, never none.
    sharing: (s) => s.context.link === LINK || 'shares without the link',
    copying: (s) => s.context.link === LINK || 'copies without the link',
  },
  browser: {
    chainPaths: true,
    languages: PAGE_LANGUAGES,
    start: (_, language) => [
      sessionCookieJar({ hasAuthToken: true, hasRefreshToken: true }),
      { answer: '**/api/invite', method: 'GET', json: INVITE },
      { open: inLanguage('/profile/invite', language) },
    ],
    events: {
      // Headless Chromium has no share sheet: the `share` stand-in offers one, or takes it away, before the press.
      SHARE_REQUESTED: ({ canShare }, _, language) => [
        { share: { available: canShare } },
        { click: { role: 'button', name: pageTexts(language).invite.share } },
      ],
      COPY_REQUESTED: (_, __, language) => [{ click: { role: 'button', name: pageTexts(language).invite.copy } }],
    },
    actors: {
      shareLink: {
        done: () => [{ share: { outcome: 'shares' } }],
        error: (error) => [{ share: { outcome: toFailure(error).code === 'share_cancelled' ? 'cancels' : 'fails' } }],
      },
      copyLink: { done: () => [{ share: { clipboard: 'writes' } }], error: () => [{ share: { clipboard: 'fails' } }] },
    },
    states: {
      'ready.idle': (_, language) => ({ shows: [{ role: 'button', name: pageTexts(language).invite.share }, { shownText: INVITE.code }] }),
      'ready.shared': (_, language) => ({ shows: [{ shownText: pageTexts(language).invite.shared }] }),
      'ready.copied': (_, language) => ({ shows: [{ shownText: pageTexts(language).invite.copied }] }),
      'ready.copyFailed': (_, language) => ({ shows: [{ shownText: pageTexts(language).invite.copyFailed }] }),
    },
  },
} satisfies FlowModel<typeof inviteMachine>;
