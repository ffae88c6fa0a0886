// @vitest-environment happy-dom
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { CREDIT_RATIO_PERCENT, LTV_LIQUIDATION_PERCENT, LTV_MARGIN_CALL_PERCENT, LTV_WARNING_PERCENT } from '../contract/cards';
import { LOCALES, type Locale } from '../contract/locales';
import { PAY_LINK_DESCRIPTION_MAX, PAY_LINK_EXPIRIES_HOURS } from '../contract/payLinks';
import { HelpAnswers } from '../src/screens/help/HelpScreen';
import { HELP_TOPICS, type HelpQuestion, type HelpTopic } from '../src/screens/help/helpContent';
import { messagesIn } from './translate';

/** The help page's answers as a customer reads them: each topic's heading, then its questions and answers. */
async function helpIn(locale: Locale) {
  const i18n = await messagesIn(locale);
  const topics = (Object.entries(HELP_TOPICS) as [HelpTopic, readonly HelpQuestion[]][]).map(([topic, questions]) => ({
    topic,
    questions,
  }));
  const html = renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <HelpAnswers topics={topics} isOpen={() => true} />
    </I18nextProvider>,
  );
  const page = new DOMParser().parseFromString(html, 'text/html');
  return [...page.querySelectorAll('section')].map((section) => ({
    heading: section.querySelector('h2')!.textContent,
    answers: Object.fromEntries(
      [...section.querySelectorAll('details')].map((details) => [
        details.id.replace(/^q-/, ''),
        { q: details.querySelector('summary')!.textContent, a: details.querySelector('p')!.textContent },
      ]),
    ),
  }));
}

describe('help', () => {
  const english = helpIn('en');

  it.each(LOCALES)('in %s shows every topic with its questions answered, in that language', async (locale) => {
    const shown = await helpIn(locale);
    const en = await english;
    expect(shown.map((topic) => Object.keys(topic.answers))).toEqual(Object.values(HELP_TOPICS));
    for (const [index, topic] of shown.entries()) {
      expect(topic.heading).toBeTruthy();
      if (locale !== 'en') expect(topic.heading).not.toBe(en[index]!.heading);
      for (const [question, { q, a }] of Object.entries(topic.answers)) {
        expect(q, question).toBeTruthy();
        expect(a!.length, question).toBeGreaterThan(q!.length);
        if (locale !== 'en') expect(a, question).not.toBe(en[index]!.answers[question]!.a);
      }
    }
  });

  // The cards, withdrawals and payment links answers state the rules the code runs on: when a rule
  // changes, so must the help.
  it.each(LOCALES)('in %s states the credit line, withdrawal and payment link rules as the code has them', async (locale) => {
    const answers = Object.assign({}, ...(await helpIn(locale)).map((topic) => topic.answers)) as Record<HelpQuestion, { a: string }>;
    // Arabic writes its figures in Arabic-Indic digits (٥٠ for 50): compared as the values they are.
    const westernDigits = (text: string) => text.replace(/[\u0660-\u0669]/g, (digit) => String(digit.charCodeAt(0) - 0x660));
    const says = (question: HelpQuestion, ...figures: string[]) => {
      for (const figure of figures)
        expect(westernDigits(answers[question].a), `${question}: ${figure}`).toMatch(new RegExp(`(^|\\D)${figure}(\\D|$)`));
    };
    says('cardCredit', CREDIT_RATIO_PERCENT);
    says('cardLiquidation', LTV_WARNING_PERCENT, LTV_MARGIN_CALL_PERCENT, LTV_LIQUIDATION_PERCENT);
    says('withdrawAddress', '24');
    says('payLinkHow', String(PAY_LINK_DESCRIPTION_MAX));
    // 1 hour (written as a word in Arabic), 24 hours, 7 days.
    const written = PAY_LINK_EXPIRIES_HOURS.filter((hours) => hours > 1 || locale !== 'ar');
    says('payLinkExpiry', ...written.map((hours) => String(hours <= 24 ? hours : hours / 24)));
  });
});
