import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { chatMachine } from '../../../machines/chat/chat.machine';
import { connectChat } from '../../../machines/chat/chat.view';
import { chatActors } from '../../app/actors/chat';
import { useConnect, useFlowActor } from '../../app/context';
import { Button } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { TextField } from '../../ui/TextField';
import { useUiLocale } from '../../ui/useUiLocale';
import { LegalLinks } from '../shared/LegalLinks';
import { FeeSchedule } from './FeeSchedule';
import { HELP_TOPICS, matchesQuery, questionAnchor, type HelpQuestion, type HelpTopic } from './helpContent';

/** One question, opened when the page's fragment names it (a deep link from an error page or a chat). */
function Question({ question, open }: { question: HelpQuestion; open: boolean }) {
  const { t } = useTranslation();
  const anchor = questionAnchor(question);
  return (
    <details className="help-question" id={anchor} open={open || undefined}>
      <summary>{t(`help.q.${question}.q`)}</summary>
      <p>{t(`help.q.${question}.a`)}</p>
      <a className="help-link" href={`#${anchor}`}>
        {t('help.link')}
      </a>
    </details>
  );
}

/** The answers by topic, each question opened or not as `isOpen` says. */
export function HelpAnswers({
  topics,
  isOpen,
}: {
  topics: { topic: HelpTopic; questions: readonly HelpQuestion[] }[];
  isOpen: (question: HelpQuestion) => boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  return topics.map(({ topic, questions }) => (
    <section key={topic} className="stack" aria-labelledby={`${id}-${topic}`}>
      <h2 id={`${id}-${topic}`}>{t(`help.topics.${topic}`)}</h2>
      <div className="card help-list">
        {questions.map((question) => (
          <Question key={question} question={question} open={isOpen(question)} />
        ))}
      </div>
    </section>
  ));
}

const SUPPORT_EMAIL = 'support@meridian.test';

/**
 * Chat when the server names a widget (the chat statechart): its script loads on the first "Open chat",
 * in the customer's language. No widget, or one that does not load: the e-mail address instead.
 */
function ChatSection() {
  const { t } = useTranslation();
  const id = useId();
  const flow = useFlowActor(chatMachine, chatActors);
  const view = useConnect(flow, connectChat);
  return (
    <section className="card stack" aria-labelledby={`${id}-chat`} data-testid="help-chat">
      <h2 id={`${id}-chat`}>{t('chat.title')}</h2>
      {view.failed ? (
        <>
          <p role="alert">{t('chat.failed')}</p>
          <div className="button-row">
            <Button onClick={view.retry}>{t('chat.retry')}</Button>
          </div>
        </>
      ) : null}
      {view.offered ? (
        <>
          <p>{t('chat.body')}</p>
          <div className="button-row">
            <Button variant="primary" busy={view.busy} onClick={view.open}>
              {t('chat.open')}
            </Button>
          </div>
        </>
      ) : null}
      {view.emailOnly ? (
        <p>
          {t('chat.email')}{' '}
          <a href={`mailto:${SUPPORT_EMAIL}`} dir="ltr">
            {SUPPORT_EMAIL}
          </a>
        </p>
      ) : null}
    </section>
  );
}

/** /help: the answers by topic, searched as typed (accents and case ignored, substrings in Thai and Chinese). */
export function HelpScreen() {
  const { t } = useTranslation();
  const locale = useUiLocale();
  const { hash } = useLocation();
  const [query, setQuery] = useState('');
  const opened = hash.replace(/^#/, '');
  const topics = (Object.entries(HELP_TOPICS) as [HelpTopic, readonly HelpQuestion[]][])
    .map(([topic, questions]) => ({
      topic,
      questions: questions.filter((question) => matchesQuery(`${t(`help.q.${question}.q`)} ${t(`help.q.${question}.a`)}`, query, locale)),
    }))
    .filter(({ questions }) => questions.length > 0);
  const found = topics.reduce((sum, { questions }) => sum + questions.length, 0);

  return (
    <div className="stack">
      <p className="page-lead">{t('screens.help.lead')}</p>
      <search>
        <TextField
          type="search"
          label={t('help.search')}
          hint={t('help.searchHint')}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
        />
      </search>
      <p role="status" className="notice" aria-live="polite">
        {query.trim() ? t('help.results', { count: found }) : null}
      </p>
      {topics.length === 0 ? (
        <EmptyState
          title={t('help.noResults', { query })}
          body={t('help.noResultsHint')}
          action={
            <a className="button" href={`mailto:${SUPPORT_EMAIL}`}>
              {SUPPORT_EMAIL}
            </a>
          }
        />
      ) : (
        <HelpAnswers topics={topics} isOpen={(question) => opened === questionAnchor(question) || query.trim() !== ''} />
      )}
      <FeeSchedule />
      <ChatSection />
      <p className="hint">{t('help.contact')}</p>
      <LegalLinks />
    </div>
  );
}
