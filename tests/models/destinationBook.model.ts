import type { BookContext, BookEntry } from '../../machines/parts/destinationBook';
import type { PageExpectation, PageMark } from './graph/model';
import { pageTexts, withValues, type PageLanguage } from './graph/page';

/*
 * What the models of the two send-out books share, as their machines share `machines/parts/destinationBook.ts`
 * and their screens `src/screens/accounts/DestinationBook.tsx`: renaming a saved destination in place and
 * removing one after a question, on the page, and the rules of both. Each model adds its actors' calls.
 */

/** The states and context every book has, as far as the shared bindings read them. */
interface BookSnapshot {
  context: BookContext;
  matches(state: 'editing' | 'renaming' | 'confirmingRemoval'): boolean;
}

/**
 * The page's side of the shared part. `entries`: the whole book; `listed`: whether the page lists an entry
 * in the book (the crypto page lists the chosen network's); `failureShown`: how the page says a failure.
 */
export function bookPage<S extends BookSnapshot>(options: {
  entries: (s: S) => readonly BookEntry[];
  listed: (s: S, entry: BookEntry) => boolean;
  failureShown: (s: S, language: PageLanguage) => PageMark[];
}) {
  const texts = (language: PageLanguage) => pageTexts(language).withdraw.book;
  /** The saved destination being renamed or removed. */
  const entryOf = (s: S) => options.entries(s).find((entry) => entry.id === s.context.entryId);
  const listedEntry = (s: S, id: string) => options.entries(s).find((entry) => entry.id === id && options.listed(s, entry));
  const click = (name: string) => [{ click: { role: 'button' as const, name } }];
  return {
    entryOf,
    events: {
      RENAME_STARTED: ({ entryId }: { entryId: string }, before: S, language: PageLanguage) => {
        const entry = listedEntry(before, entryId);
        return before.matches('editing') && entry ? click(withValues(texts(language).renameOne, { label: entry.label })) : null;
      },
      RENAME_SUBMITTED: ({ label }: { label: string }, before: S, language: PageLanguage) =>
        before.matches('renaming')
          ? [
              { fill: { label: withValues(texts(language).newName, { label: entryOf(before)!.label }) }, text: label },
              ...click(texts(language).saveName),
            ]
          : null,
      RENAME_CANCELLED: (_: unknown, before: S, language: PageLanguage) =>
        before.matches('renaming') ? click(pageTexts(language).withdraw.cancel) : null,
      REMOVE_REQUESTED: ({ entryId }: { entryId: string }, before: S, language: PageLanguage) => {
        const entry = listedEntry(before, entryId);
        return before.matches('editing') && entry ? click(withValues(texts(language).removeOne, { label: entry.label })) : null;
      },
      REMOVE_CONFIRMED: (_: unknown, before: S, language: PageLanguage) =>
        before.matches('confirmingRemoval') ? click(texts(language).confirmRemove) : null,
      REMOVE_CANCELLED: (_: unknown, before: S, language: PageLanguage) =>
        before.matches('confirmingRemoval') ? click(texts(language).keep) : null,
    },
    states: {
      // A refused name is said at its field, in the field-error vocabulary; anything else in the rename form.
      renaming: (s: S, language: PageLanguage): PageExpectation => ({
        shows: [
          { label: withValues(texts(language).newName, { label: entryOf(s)!.label }) },
          ...(s.context.labelError
            ? [{ shownText: pageTexts(language).fieldErrors.label[s.context.labelError as 'missing' | 'too_long' | 'invalid'] }]
            : options.failureShown(s, language)),
        ],
      }),
      confirmingRemoval: (s: S, language: PageLanguage): PageExpectation => ({
        shows: [{ role: 'dialog', name: withValues(texts(language).removeTitle, { label: entryOf(s)!.label }) }],
      }),
    },
    invariants: {
      // Renaming or removing is always of a destination in the book.
      renaming: (s: S) => entryOf(s) !== undefined || 'renaming a destination not in the book',
      confirmingRemoval: (s: S) => entryOf(s) !== undefined || 'asking to remove a destination not in the book',
    },
  };
}
