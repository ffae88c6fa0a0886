// @vitest-environment happy-dom
import { createInstance, type i18n as I18n } from 'i18next';
import { act, useState, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Locale } from '../contract';
import type { Activity } from '../contract/activities';
import ar from '../locales/ar.json';
import de from '../locales/de.json';
import en from '../locales/en.json';
import { ActivityRow } from '../src/ui/ActivityRow';
import { BarChart } from '../src/ui/BarChart';
import { Button } from '../src/ui/Button';
import { Copyable } from '../src/ui/Copyable';
import { EmptyState } from '../src/ui/EmptyState';
import { LimitLeft } from '../src/ui/LimitLeft';
import { ListRow, ListRows } from '../src/ui/ListRow';
import { Menu } from '../src/ui/Menu';
import { Notice } from '../src/ui/Notice';
import { PasswordStrength } from '../src/ui/PasswordStrength';
import { HiddenAmountsContext } from '../src/ui/hiddenAmounts';
import { AmountInput, Money } from '../src/ui/Money';
import type { ParsedAmount } from '../src/ui/money';
import { QuoteCost } from '../src/ui/QuoteCost';
import { FeeSchedule } from '../src/screens/help/FeeSchedule';
import { Sheet } from '../src/ui/Sheet';
import { CheckboxField, TextField } from '../src/ui/TextField';
import { MENU_HIDE_DELAY_MS, TOOLTIP_HIDE_DELAY_MS, TOOLTIP_OFFSET_PX, TOOLTIP_SHOW_DELAY_MS } from '../src/ui/timing';
import { Tooltip } from '../src/ui/Tooltip';

// React's act() warns unless the environment says it is a test.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const i18ns: Partial<Record<Locale, I18n>> = {};
beforeAll(async () => {
  for (const [lng, resources] of [
    ['en', en],
    ['ar', ar],
    ['de', de],
  ] as const) {
    const instance = createInstance();
    await instance
      .use(initReactI18next)
      .init({ lng, resources: { [lng]: { translation: resources } }, interpolation: { escapeValue: false } });
    i18ns[lng] = instance;
  }
});

let root: Root | null = null;
let host: HTMLElement | null = null;
afterEach(() => {
  act(() => root?.unmount());
  host?.remove();
  root = host = null;
  vi.useRealTimers();
});

function render(ui: ReactNode, locale: Locale = 'en'): HTMLElement {
  host = document.body.appendChild(document.createElement('div'));
  root = createRoot(host);
  act(() => root!.render(<I18nextProvider i18n={i18ns[locale]!}>{ui}</I18nextProvider>));
  return host;
}

/** Types into a React-controlled input as a browser would: the native value setter, then `input`. */
function type(input: HTMLInputElement, text: string) {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  act(() => {
    setter.call(input, text);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

const byRole = (container: ParentNode, role: string) => [...container.querySelectorAll<HTMLElement>(`[role="${role}"]`)];
const describedBy = (element: Element) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent);

describe('TextField', () => {
  it('ties its label, hint and announced error to the input and keeps what was typed', () => {
    function LoginLike() {
      const [email, setEmail] = useState('');
      return (
        <TextField
          label="E-mail"
          hint="We never share it"
          type="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={email.includes('@') ? null : 'Enter an e-mail address'}
        />
      );
    }
    const page = render(<LoginLike />);
    const input = page.querySelector('input')!;
    expect(page.querySelector('label')!.htmlFor).toBe(input.id);
    expect(input.type).toBe('email');

    type(input, 'not an address');
    expect(input.value).toBe('not an address');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(byRole(page, 'alert').map((el) => el.textContent)).toEqual(['Enter an e-mail address']);
    // The error replaces the hint, so the field is described by what is on screen.
    expect(describedBy(input)).toEqual(['Enter an e-mail address']);

    type(input, 'ada@example.com');
    expect(input.hasAttribute('aria-invalid')).toBe(false);
    expect(byRole(page, 'alert')).toEqual([]);
    expect(describedBy(input)).toEqual(['We never share it']);
  });

  it('adds the caller’s own descriptions (a password rule list) after the message', () => {
    const page = render(
      <TextField label="Password" type="password" value="x" onChange={() => {}} error="Too short" describedBy="rule">
        <ul id="rule">
          <li>At least 10 characters</li>
        </ul>
      </TextField>,
    );
    expect(describedBy(page.querySelector('input')!)).toEqual(['Too short', 'At least 10 characters']);
  });

  it('CheckboxField puts the label after the box and the error below', () => {
    const page = render(<CheckboxField label="I accept the terms" checked={false} onChange={() => {}} error="Accept the terms to go on" />);
    const box = page.querySelector('input')!;
    expect(box.type).toBe('checkbox');
    expect(page.querySelector('label')!.htmlFor).toBe(box.id);
    expect(describedBy(box)).toEqual(['Accept the terms to go on']);
  });
});

describe('Button', () => {
  it('an icon button is the round icon-only one, named by its label', () => {
    const page = render(
      <Button variant="icon" aria-label="Next">
        <span aria-hidden="true">›</span>
      </Button>,
    );
    const button = page.querySelector('button')!;
    expect(button.className).toBe('icon-button');
    expect(button.getAttribute('aria-label')).toBe('Next');
  });

  it('when busy shows progress, says aria-busy and ignores clicks', () => {
    const clicked = vi.fn();
    const page = render(
      <Button variant="primary" busy onClick={clicked}>
        Signing in…
      </Button>,
    );
    const button = page.querySelector('button')!;
    expect(button.className).toBe('button button--primary');
    expect(button.type).toBe('button');
    expect(button.disabled).toBe(true);
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(button.querySelector('.button-spinner')?.getAttribute('aria-hidden')).toBe('true');
    act(() => button.click());
    act(() => button.click());
    expect(clicked).not.toHaveBeenCalled();
  });

  it('renders each variant', () => {
    const page = render(
      <>
        <Button>Cancel</Button>
        <Button variant="danger">Remove</Button>
        <Button variant="primary" block type="submit">
          Save
        </Button>
      </>,
    );
    expect([...page.querySelectorAll('button')].map((b) => [b.className, b.type])).toEqual([
      ['button button--secondary', 'button'],
      ['button button--danger', 'button'],
      ['button button--primary button--block', 'submit'],
    ]);
  });
});

describe('Money and AmountInput', () => {
  it('shows an exact amount, or a fixed mask that says the amount is hidden', () => {
    const page = render(
      <>
        <Money amount="1234567.123456789012345678" asset="ETH" />
        <Money amount="1234567.123456789012345678" asset="ETH" hidden />
        <Money amount="0.01" asset="ETH" hidden />
      </>,
    );
    const [shown, hidden, small] = [...page.querySelectorAll('.amount')];
    expect(shown!.textContent).toBe('1,234,567.123456789012345678\u00a0ETH');
    expect(hidden!.textContent).toBe('••••Amount hidden');
    expect(hidden!.querySelector('[aria-hidden="true"]')!.textContent).toBe('••••');
    expect(small!.textContent).toBe(hidden!.textContent);
  });

  it('masks every amount while the customer hides balances, but never an amount being typed', () => {
    const page = render(
      <HiddenAmountsContext value={true}>
        <Money amount="2450.75" asset="EUR" />
        <Money amount="0.0425" asset="BTC" />
        <AmountInput label="Amount" asset="EUR" value="12.5" onChange={() => {}} />
      </HiddenAmountsContext>,
    );
    expect([...page.querySelectorAll('.amount')].map((amount) => amount.textContent)).toEqual(['••••Amount hidden', '••••Amount hidden']);
    expect(page.textContent).not.toContain('2,450.75');
    expect(page.querySelector('input')!.value).toBe('12.5');
  });

  function Amount({ asset, max, onAmount }: { asset: string; max?: string; onAmount: (amount: ParsedAmount) => void }) {
    const [text, setText] = useState('');
    return (
      <AmountInput
        label="Amount"
        asset={asset}
        max={max}
        value={text}
        onChange={(typed, amount) => {
          setText(typed);
          onAmount(amount);
        }}
      />
    );
  }

  it('reads Arabic-Indic digits and the Arabic decimal sign, and opens the numeric keyboard', () => {
    const amounts: ParsedAmount[] = [];
    const page = render(<Amount asset="ETH" onAmount={(a) => amounts.push(a)} />, 'ar');
    const input = page.querySelector('input')!;
    expect(input.inputMode).toBe('decimal');
    type(input, '١٢٣٤٫٥٠');
    expect(input.value).toBe('١٢٣٤٫٥٠');
    expect(amounts.at(-1)).toEqual({ ok: true, value: '1234.5' });
    expect(byRole(page, 'alert')).toEqual([]);
  });

  it('refuses more decimals than the asset has, in the interface language, keeping the text', () => {
    const amounts: ParsedAmount[] = [];
    const page = render(<Amount asset="BTC" onAmount={(a) => amounts.push(a)} />);
    const input = page.querySelector('input')!;
    type(input, '0.123456789');
    expect(input.value).toBe('0.123456789');
    expect(amounts.at(-1)).toEqual({ ok: false, error: 'too_many_decimals' });
    expect(byRole(page, 'alert').map((el) => el.textContent)).toEqual(['BTC has at most 8 decimal places']);
    expect(input.getAttribute('aria-invalid')).toBe('true');

    act(() => root!.unmount());
    const arabic = render(<Amount asset="USDT" onAmount={() => {}} />, 'ar');
    type(arabic.querySelector('input')!, '١٫١٢٣٤٥٦٧');
    expect(byRole(arabic, 'alert')[0]!.textContent).toBe('يقبل USDT 6 خانات عشرية على الأكثر');
  });

  it('says a malformed amount once the customer leaves the field, not while typing', () => {
    const page = render(<Amount asset="EUR" onAmount={() => {}} />);
    const input = page.querySelector('input')!;
    type(input, '1,5');
    expect(byRole(page, 'alert')).toEqual([]);
    act(() => {
      input.focus();
      input.blur();
    });
    expect(byRole(page, 'alert').map((el) => el.textContent)).toEqual(['Enter an amount like 12.5']);
  });

  it('says at once why "-5" and "1e3" are no amount, and "0" once the customer leaves the field (en and ar)', () => {
    const page = render(<Amount asset="EUR" onAmount={() => {}} />);
    const input = page.querySelector('input')!;
    const alerts = () => byRole(page, 'alert').map((el) => el.textContent);
    type(input, '-5');
    expect(alerts()).toEqual(['Enter the amount without a minus sign']);
    type(input, '1e3');
    expect(alerts()).toEqual(['Enter an amount like 12.5']);
    type(input, '0');
    expect(alerts()).toEqual([]);
    act(() => {
      input.focus();
      input.blur();
    });
    expect(alerts()).toEqual(['Enter an amount above zero.']);

    act(() => root!.unmount());
    const arabic = render(<Amount asset="EUR" onAmount={() => {}} />, 'ar');
    type(arabic.querySelector('input')!, '-٥');
    expect(byRole(arabic, 'alert').map((el) => el.textContent)).toEqual([ar.money.errors.negative]);
  });

  it('Max enters the whole balance in the locale’s digits', () => {
    const amounts: ParsedAmount[] = [];
    const page = render(<Amount asset="ETH" max="1.200000000000000000" onAmount={(a) => amounts.push(a)} />, 'ar');
    const max = [...page.querySelectorAll('button')].find((b) => b.textContent === ar.money.max)!;
    act(() => max.click());
    expect(page.querySelector('input')!.value).toBe('١٫٢');
    expect(amounts.at(-1)).toEqual({ ok: true, value: '1.2' });
  });
});

describe('QuoteCost', () => {
  it('gives spread and fee together in money and percent, and warns above 2 % (en and ar)', () => {
    const cheap = render(
      <dl>
        <QuoteCost quote={{ cost: '6.00', costPercent: '0.60', fromAsset: 'EUR' }} />
      </dl>,
    );
    expect(cheap.querySelector('[data-testid="quote-cost"]')!.textContent).toBe('€6.00 (0.6% of the amount)');
    expect(cheap.querySelector('[data-testid="quote-cost-high"]')).toBeNull();

    act(() => root!.unmount());
    const dear = render(
      <dl>
        <QuoteCost quote={{ cost: '1.045', costPercent: '10.45', fromAsset: 'USDT' }} />
      </dl>,
    );
    expect(dear.querySelector('[data-testid="quote-cost-high"]')!.textContent).toBe(
      'This costs 10.45% of the amount, more than 2%. The fee is at least $1, so a larger amount costs less in percent.',
    );

    act(() => root!.unmount());
    const arabic = render(
      <dl>
        <QuoteCost quote={{ cost: '1.045', costPercent: '10.45', fromAsset: 'USDT' }} />
      </dl>,
      'ar',
    );
    const text = arabic.querySelector('[data-testid="quote-cost"]')!.textContent!;
    expect(text).toContain('١٫٠٤٥\u00a0USDT');
    expect(text).toContain('١٠٫٤٥٪');
    expect(text).not.toMatch(/[0-9]/);
  });
});

describe('FeeSchedule (Help)', () => {
  it('states the fee, its least amount and the spread the server quotes with (en and ar)', () => {
    const page = render(<FeeSchedule />);
    const rows = [...page.querySelectorAll('tbody tr')].map((row) => row.textContent);
    expect(rows[0]).toBe('Exchange between fiat and cryptoA fee of 0.1% of the amount, at least $1.00, plus a spread of 0.5% in the rate');
    expect(page.textContent).toContain('warns you when it is above 2% of the amount');

    act(() => root!.unmount());
    const arabic = render(<FeeSchedule />, 'ar');
    expect(arabic.querySelector('tbody td')!.textContent).toContain('٠٫١٪');
    expect(arabic.textContent).not.toMatch(/[0-9]/);
  });
});

describe('ActivityRow', () => {
  it('shows a repayment once, as the debit it is (its own icon), with the card account’s side inside', () => {
    const page = render(
      <ListRows>
        <ActivityRow
          activity={{
            id: '00000000-0000-4000-8000-000000000001',
            accountId: '00000000-0000-4000-8000-0000000000a1',
            type: 'card_repayment',
            status: 'completed',
            counterparty: null,
            reference: null,
            amount: '-150.00',
            currency: 'EUR',
            counterAmount: null,
            counterCurrency: null,
            returnReason: null,
            recurringBuy: null,
            usdValue: null,
            createdAt: '2026-03-02T09:00:00.000Z',
            legs: [
              {
                id: '00000000-0000-4000-8000-000000000002',
                accountId: '00000000-0000-4000-8000-0000000000a2',
                amount: '150.00',
                currency: 'EUR',
              },
            ],
          }}
        />
      </ListRows>,
    );
    expect(page.querySelector('.activity-icon--arrowOut')).not.toBeNull();
    expect(page.querySelector('.activity-amount')!.textContent).toBe('-€150.00');
    expect([...page.querySelectorAll('[data-testid="activity-leg"]')].map((leg) => leg.textContent)).toEqual(['+€150.00']);
  });

  it('titles a recurring buy’s run as one, with the asset it bought, over its type (en and ar)', () => {
    const run = {
      id: '00000000-0000-4000-8000-000000000003',
      accountId: '00000000-0000-4000-8000-0000000000a1',
      type: 'exchange',
      status: 'completed',
      counterparty: null,
      reference: null,
      amount: '-25.00',
      currency: 'EUR',
      counterAmount: '0.00040000',
      counterCurrency: 'BTC',
      returnReason: null,
      recurringBuy: { id: '00000000-0000-4000-8000-0000000000b1', asset: 'BTC' },
      usdValue: null,
      createdAt: '2026-03-02T09:00:00.000Z',
      legs: [],
    } satisfies Activity;
    const page = render(
      <ListRows>
        <ActivityRow activity={run} />
      </ListRows>,
    );
    expect(page.querySelector('.activity-title')!.textContent).toBe('Recurring buy · BTC');
    expect(page.querySelector('.activity-text .hint')!.textContent).toMatch(/^Exchange · /);
    act(() => root!.unmount());
    const arabic = render(
      <ListRows>
        <ActivityRow activity={run} />
      </ListRows>,
      'ar',
    );
    expect(arabic.querySelector('.activity-title')!.textContent).toBe('شراء متكرر · BTC');
  });
});

describe('Sheet', () => {
  function Opener({ dismissible }: { dismissible: boolean }) {
    const [open, setOpen] = useState(false);
    return (
      <>
        <Button onClick={() => setOpen(true)}>Details</Button>
        <Sheet open={open} dismissible={dismissible} onClose={() => setOpen(false)} title="Card details" description="Only you see this." />
      </>
    );
  }
  const escape = (dialog: HTMLDialogElement) => act(() => dialog.dispatchEvent(new Event('cancel', { cancelable: true })));

  it('opens as a labelled modal dialog, closes on Escape and gives focus back to its opener', () => {
    const page = render(<Opener dismissible />);
    const opener = page.querySelector('button')!;
    act(() => {
      opener.focus();
      opener.click();
    });
    const dialog = page.querySelector('dialog')!;
    expect(dialog.open).toBe(true);
    expect(document.getElementById(dialog.getAttribute('aria-labelledby')!)!.textContent).toBe('Card details');
    expect(describedBy(dialog)).toEqual(['Only you see this.']);
    act(() => (dialog.querySelector('.bottom-sheet-content') as HTMLElement).focus());

    escape(dialog);
    expect(dialog.open).toBe(false);
    expect(document.activeElement).toBe(opener);
  });

  it('has a named close button', () => {
    const page = render(<Opener dismissible />);
    act(() => page.querySelector('button')!.click());
    const close = page.querySelector<HTMLButtonElement>('dialog button')!;
    expect(close.getAttribute('aria-label')).toBe('Close');
    act(() => close.click());
    expect(page.querySelector('dialog')!.open).toBe(false);
  });

  it('stays open on Escape when the flow forbids closing, with no close button', () => {
    const page = render(<Opener dismissible={false} />);
    act(() => page.querySelector('button')!.click());
    const dialog = page.querySelector('dialog')!;
    escape(dialog);
    expect(dialog.open).toBe(true);
    expect(dialog.querySelector('button')).toBeNull();
  });
});

describe('Tooltip', () => {
  it('shows 200 ms after focus, hides 150 ms after blur, 5 px from its anchor, and describes it', () => {
    vi.useFakeTimers();
    const page = render(
      <Tooltip content="Fees are included">
        <button type="button">Total</button>
      </Tooltip>,
    );
    const anchor = page.querySelector('button')!;
    const tip = page.querySelector<HTMLElement>('[role="tooltip"]')!;
    expect(describedBy(anchor)).toEqual(['Fees are included']);
    expect(page.querySelector<HTMLElement>('.tooltip-anchor')!.style.getPropertyValue('--tooltip-offset')).toBe(`${TOOLTIP_OFFSET_PX}px`);

    act(() => anchor.focus());
    act(() => vi.advanceTimersByTime(TOOLTIP_SHOW_DELAY_MS - 1));
    expect(tip.hidden).toBe(true);
    act(() => vi.advanceTimersByTime(1));
    expect(tip.hidden).toBe(false);

    act(() => anchor.blur());
    act(() => vi.advanceTimersByTime(TOOLTIP_HIDE_DELAY_MS - 1));
    expect(tip.hidden).toBe(false);
    act(() => vi.advanceTimersByTime(1));
    expect(tip.hidden).toBe(true);
    expect([TOOLTIP_SHOW_DELAY_MS, TOOLTIP_HIDE_DELAY_MS, TOOLTIP_OFFSET_PX]).toEqual([200, 150, 5]);
  });

  it('goes at once with Escape', () => {
    vi.useFakeTimers();
    const page = render(
      <Tooltip content="Fees are included">
        <button type="button">Total</button>
      </Tooltip>,
    );
    act(() => page.querySelector('button')!.focus());
    act(() => vi.advanceTimersByTime(TOOLTIP_SHOW_DELAY_MS));
    act(() => document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' })));
    expect(page.querySelector<HTMLElement>('[role="tooltip"]')!.hidden).toBe(true);
  });
});

describe('Menu', () => {
  const key = (element: Element, name: string) =>
    act(() => element.dispatchEvent(new KeyboardEvent('keydown', { key: name, bubbles: true })));

  function renderMenu(onSelect = vi.fn()) {
    const page = render(
      <Menu
        label="Card actions"
        items={[
          { id: 'freeze', label: 'Freeze card', onSelect: () => onSelect('freeze') },
          { id: 'limits', label: 'Change limits', onSelect: () => onSelect('limits') },
          { id: 'close', label: 'Close card', onSelect: () => onSelect('close'), danger: true },
        ]}
      />,
    );
    const button = page.querySelector<HTMLButtonElement>('button[aria-haspopup="menu"]')!;
    const menu = page.querySelector<HTMLElement>('[role="menu"]')!;
    return { page, button, menu, items: [...menu.querySelectorAll<HTMLButtonElement>('[role="menuitem"]')] };
  }

  it('follows the menu button pattern with the keyboard', () => {
    const onSelect = vi.fn();
    const { button, menu, items } = renderMenu(onSelect);
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(menu.hidden).toBe(true);

    key(button, 'ArrowDown');
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(document.activeElement).toBe(items[0]);
    key(menu, 'ArrowDown');
    expect(document.activeElement).toBe(items[1]);
    key(menu, 'End');
    expect(document.activeElement).toBe(items[2]);
    key(menu, 'ArrowDown');
    expect(document.activeElement).toBe(items[0]);
    key(menu, 'ArrowUp');
    expect(document.activeElement).toBe(items[2]);
    key(menu, 'Escape');
    expect(menu.hidden).toBe(true);
    expect(document.activeElement).toBe(button);

    key(button, 'ArrowUp');
    expect(document.activeElement).toBe(items[2]);
    act(() => items[1]!.click());
    expect(onSelect).toHaveBeenCalledWith('limits');
    expect(menu.hidden).toBe(true);
    expect(document.activeElement).toBe(button);
    expect(items[2]!.className).toContain('menu-item--danger');
  });

  it('hides 400 ms after the pointer leaves, unless it comes back', () => {
    vi.useFakeTimers();
    const { page, button, menu } = renderMenu();
    act(() => button.click());
    const wrapper = page.querySelector('.menu')!;
    // React derives pointerenter/pointerleave from pointerover/pointerout.
    const leave = () => act(() => wrapper.dispatchEvent(new MouseEvent('pointerout', { bubbles: true, relatedTarget: document.body })));
    const enter = () => act(() => wrapper.dispatchEvent(new MouseEvent('pointerover', { bubbles: true, relatedTarget: document.body })));

    leave();
    act(() => vi.advanceTimersByTime(MENU_HIDE_DELAY_MS - 100));
    enter();
    act(() => vi.advanceTimersByTime(MENU_HIDE_DELAY_MS));
    expect(menu.hidden).toBe(false);

    leave();
    act(() => vi.advanceTimersByTime(MENU_HIDE_DELAY_MS - 1));
    expect(menu.hidden).toBe(false);
    act(() => vi.advanceTimersByTime(1));
    expect(menu.hidden).toBe(true);
    expect(MENU_HIDE_DELAY_MS).toBe(400);
  });
});

describe('Copyable', () => {
  it('copies the text and says "Copied" politely', async () => {
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const page = render(<Copyable text="0x52908400098527886E0F7030069857D2E4169EE7" label="address" />);
    const button = page.querySelector('button')!;
    expect(button.textContent).toBe('Copy address');
    await act(async () => button.click());
    expect(writeText).toHaveBeenCalledWith('0x52908400098527886E0F7030069857D2E4169EE7');
    const status = byRole(page, 'status')[0]!;
    expect(status.getAttribute('aria-live')).toBe('polite');
    expect(status.textContent).toBe('Copied');
  });

  it.each([
    ['en', 'Copy your payment reference'],
    ['de', 'Zahlungsreferenz kopieren'],
  ] as const)('names what it copies inside its sentence, not "Copy Your payment reference" (%s)', (locale, name) => {
    const label = i18ns[locale]!.t('fiatTopUp.copy.reference');
    expect(render(<Copyable text="MRD-7Q2K" label={label} />, locale).querySelector('button')!.textContent).toBe(name);
  });

  it('says so when the browser refuses', async () => {
    Object.defineProperty(navigator, 'clipboard', { value: { writeText: () => Promise.reject(new Error('denied')) }, configurable: true });
    const page = render(<Copyable text="DE89370400440532013000" label="IBAN" />, 'ar');
    await act(async () => page.querySelector('button')!.click());
    expect(byRole(page, 'status')[0]!.textContent).toBe(ar.ui.copyFailed);
  });
});

describe('EmptyState and ListRow', () => {
  it('an empty state says what to do next with one action', () => {
    const page = render(
      <EmptyState title="No cards yet" body="Order a card to pay in shops." action={<Button variant="primary">Order a card</Button>} />,
    );
    expect(page.querySelector('.empty-state-title')!.textContent).toBe('No cards yet');
    expect([...page.querySelectorAll('button')].map((b) => b.textContent)).toEqual(['Order a card']);
  });

  it('a notice is announced as a status and shows its next step only when given one', () => {
    const calm = render(<Notice>Withdrawals need a confirmed phone number.</Notice>);
    expect(calm.querySelector('[role="status"]')!.textContent).toBe('Withdrawals need a confirmed phone number.');
    expect(calm.querySelectorAll('a, button')).toHaveLength(0);
    const onward = render(<Notice action={<a href="/transfer">Continue to Transfer</a>}>Your phone number is confirmed.</Notice>);
    expect([...onward.querySelectorAll('[role="status"] a')].map((a) => a.textContent)).toEqual(['Continue to Transfer']);
  });

  it('rows are buttons, links or facts with an action', () => {
    const chosen = vi.fn();
    const page = render(
      <ListRows label="Languages">
        <ListRow label="Deutsch" lang="de-DE" pressed onClick={chosen} />
        <ListRow label="Security" hint="Passkeys and sessions" link={(content) => <a href="/profile/security">{content}</a>} />
        <ListRow label="Chrome on macOS" action={<Button>Sign out</Button>} />
      </ListRows>,
    );
    expect(page.querySelector('ul')!.getAttribute('aria-label')).toBe('Languages');
    const [language, link, facts] = [...page.querySelectorAll('li')];
    const toggle = language!.querySelector('button')!;
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    expect(toggle.lang).toBe('de-DE');
    act(() => toggle.click());
    expect(chosen).toHaveBeenCalledOnce();
    expect(link!.querySelector('a')!.textContent).toBe('SecurityPasskeys and sessions');
    expect(facts!.className).toBe('row');
    expect(facts!.querySelector('button')!.textContent).toBe('Sign out');
  });

  it('a row of facts shows each hint line on its own, and a placeholder list is hidden from assistive technology', () => {
    const page = render(
      <>
        <ListRows hidden>
          <ListRow label="…" />
        </ListRows>
        <ListRows>
          <ListRow
            label="Chrome on macOS"
            hint={['Password · 10.0.0.1', 'Last used today']}
            testId="session"
            end={<span>This device</span>}
          />
        </ListRows>
      </>,
    );
    const [placeholder, sessions] = [...page.querySelectorAll('ul')];
    expect(placeholder!.getAttribute('aria-hidden')).toBe('true');
    expect(sessions!.hasAttribute('aria-hidden')).toBe(false);
    const row = sessions!.querySelector('[data-testid="session"]')!;
    expect([...row.querySelectorAll('.hint')].map((hint) => hint.textContent)).toEqual(['Password · 10.0.0.1', 'Last used today']);
  });
});

describe('LimitLeft', () => {
  const usage = { daily: { limit: '1000', used: '400', left: '600' }, monthly: { limit: '5000', used: '4750.5', left: '249.5' } };

  it('says what can still be moved now (the smaller period), then each period, in the locale', () => {
    const en = render(<LimitLeft title="Your top-up limit" usage={usage} />);
    expect(en.querySelector('h2')!.textContent).toBe('Your top-up limit');
    expect(en.querySelector('.limit-left-now')!.textContent).toBe('Available now: $249.50');
    expect([...en.querySelectorAll('.fact')].map((fact) => fact.textContent)).toEqual([
      'Today$600.00 left of $1,000.00',
      'This month$249.50 left of $5,000.00',
    ]);
    act(() => root!.unmount());
    host!.remove();
    const ar = render(<LimitLeft title="حد الإيداع لديك" usage={usage} />, 'ar');
    expect(ar.querySelector('.limit-left-now')!.textContent).toContain('٢٤٩٫٥٠');
  });

  it('says when nothing is left, shows a placeholder while loading and a note when the limit cannot be read', () => {
    const spent = { ...usage, daily: { limit: '1000', used: '1000', left: '0.00' } };
    expect(render(<LimitLeft title="Limit" usage={spent} />).querySelector('.limit-left-now')!.textContent).toBe(
      'Nothing is left for now: wait for the next day or month, or move up a level.',
    );
    act(() => root!.unmount());
    host!.remove();
    const loading = render(<LimitLeft title="Limit" usage={undefined} action={<a href="/profile">Raise your limit</a>} />);
    // The loaded lines, their figures shimmering: the form below does not move when they arrive.
    expect(loading.querySelector('section')!.getAttribute('aria-busy')).toBe('true');
    expect(loading.querySelectorAll('.limit-left-now .skeleton, .fact dd .skeleton')).toHaveLength(3);
    expect([...loading.querySelectorAll('.skeleton')].every((skeleton) => skeleton.getAttribute('aria-hidden') === 'true')).toBe(true);
    expect([...loading.querySelectorAll('.fact dt')].map((label) => label.textContent)).toEqual(['Today', 'This month']);
    expect(loading.querySelector('a')!.textContent).toBe('Raise your limit');
    act(() => root!.unmount());
    host!.remove();
    const failed = render(<LimitLeft title="Limit" usage={undefined} failed />);
    expect(failed.textContent).toContain('Your limit could not be loaded.');
  });
});

describe('PasswordStrength', () => {
  beforeAll(() => import('../contract/passwordStrength'), 30_000);

  /** The meter once the estimator has judged `password` (it loads lazily and waits for typing to pause). */
  async function judged(password: string, email = '', locale: Locale = 'en') {
    const view = render(<PasswordStrength password={password} email={email} id="strength" />, locale);
    // Past the typing pause; the estimator module is already loaded (beforeAll), so its import settles at once.
    await act(() => new Promise((resolve) => setTimeout(resolve, 400)));
    expect(byRole(view, 'meter')).toHaveLength(1);
    const meter = byRole(view, 'meter')[0]!;
    const text = document.getElementById('strength')!;
    act(() => root?.unmount());
    host?.remove();
    root = host = null;
    return {
      score: meter.getAttribute('aria-valuenow'),
      name: meter.getAttribute('aria-label'),
      valueText: meter.getAttribute('aria-valuetext'),
      text: text.textContent,
      live: text.getAttribute('aria-live'),
    };
  }

  it('shows nothing for an empty password, but its live region is already there', () => {
    const view = render(<PasswordStrength password="" id="strength" />);
    expect(byRole(view, 'meter')).toEqual([]);
    expect(document.getElementById('strength')!.getAttribute('aria-live')).toBe('polite');
  });

  it('calls a common password weak and says what to do, in words and as a meter', async () => {
    expect(await judged('password1234')).toEqual({
      score: '1',
      name: 'Password strength',
      valueText: 'Weak',
      text: 'Password strength: Weak Too easy to guess. Add another word or two; avoid common passwords, keyboard patterns and your e-mail address.',
      live: 'polite',
    });
  });

  it('calls a long passphrase very strong, without advice, and counts the e-mail address as known', async () => {
    expect(await judged('winter harbour lights 2031')).toMatchObject({ score: '4', text: 'Password strength: Very strong' });
    expect((await judged('sorensen2026', 'ann.sorensen@example.test')).text).toContain('Too easy to guess');
  });

  it('speaks the interface language', async () => {
    expect(await judged('password1234', '', 'ar')).toMatchObject({
      name: ar.passwordStrength.title,
      valueText: ar.passwordStrength.levels['1'],
    });
  });
});

describe('BarChart', () => {
  const bars = [
    { key: 'BTC', label: 'BTC', value: '610.00', text: '84.72%' },
    { key: 'EUR', label: 'EUR', value: '110.00', text: '15.28%' },
  ];

  it('reads as a table of labels and figures, each bar as long as its share of the largest', () => {
    const page = render(<BarChart bars={bars} caption="Allocation" />);
    expect(page.querySelector('caption')!.textContent).toBe('Allocation');
    expect([...page.querySelectorAll('tr')].map((row) => row.textContent)).toEqual(['BTC84.72%', 'EUR15.28%']);
    const lengths = [...page.querySelectorAll<HTMLElement>('.bar-chart-bar span')].map((bar) => parseFloat(bar.style.inlineSize));
    expect(lengths[0]).toBe(100);
    expect(lengths[1]).toBeCloseTo((110 / 610) * 100, 5);
  });

  it('draws and lists nothing while balances are hidden', () => {
    const page = render(
      <HiddenAmountsContext value={true}>
        <BarChart bars={bars} caption="Allocation" />
      </HiddenAmountsContext>,
    );
    expect(page.querySelector('table')).toBeNull();
    expect(page.textContent).toBe('The chart is hidden while balances are hidden.');
  });
});
