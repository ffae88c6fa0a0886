import { assign, type EventObject } from 'xstate';
import { requiredTextProblem } from '../../contract/fields';
import { fieldErrorsOf, toFailure, type Failure, type FieldErrorCode } from './failure';

/**
 * The part both send-out books share (the crypto address book, the bank beneficiary book): a saved
 * destination renamed in place (its label checked as typed, as the server's schema would, before anything
 * is sent) or removed after a question; no step-up for either, as removing only takes a destination away
 * and a name moves no money.
 *
 * A machine using it keeps `BookContext` in its context, has the events `BookEvent`, spreads, in `setup()`,
 * `bookGuards` and `bookActions`, puts `book.on` in its form state's `on` and `book.states` among its
 * states; its actors `label` (PATCH, the renamed entry) and `remove` (DELETE, the book as it is now) are
 * named by the machine.
 */
export interface BookEntry {
  id: string;
  label: string;
}

export interface BookContext {
  /** The saved destination being renamed, or whose removal is being confirmed. */
  entryId: string | null;
  /** Why the new name is refused, in the field-error vocabulary; said at the name's field. */
  labelError: FieldErrorCode | null;
  failure: Failure | null;
}

export type BookEvent =
  | { type: 'RENAME_STARTED'; entryId: string }
  | { type: 'RENAME_SUBMITTED'; label: string }
  | { type: 'RENAME_CANCELLED' }
  | { type: 'REMOVE_REQUESTED'; entryId: string }
  | { type: 'REMOVE_CONFIRMED' }
  | { type: 'REMOVE_CANCELLED' };

/** Why a new name is refused (`missing`, `too_long`, `invalid`), as the server's schema would; null when it is fine. */
export function labelProblem(label: string, maxLength: number): FieldErrorCode | null {
  const problem = requiredTextProblem(label, maxLength);
  return problem ? ({ required: 'missing', tooLong: 'too_long', invalid: 'invalid' } as const)[problem] : null;
}

const output = <T>(event: unknown) => (event as { output: T }).output;

/** The guards; `entries` reads the whole book, `maxLength` is the contract's longest label. */
export function bookGuards<TContext extends BookContext>(entries: (context: TContext) => readonly BookEntry[], maxLength: number) {
  return {
    /** A rename or removal is of a destination in the book. */
    inBook: ({ context, event }: { context: TContext; event: EventObject }) =>
      'entryId' in event && entries(context).some((entry) => entry.id === event.entryId),
    labelRefused: ({ event }: { event: EventObject }) =>
      event.type === 'RENAME_SUBMITTED' && labelProblem((event as { label: string } & EventObject).label, maxLength) !== null,
  };
}

/**
 * The actions. `kept` is the machine's book after a change (`entries`, in the order the server keeps them),
 * with what stays chosen; `fromBook` reads the entries out of the removal's answer (the whole book).
 */
export function bookActions<TContext extends BookContext, TEvent extends EventObject, TEntry extends BookEntry>(options: {
  entries: (context: TContext) => readonly TEntry[];
  kept: (context: TContext, entries: TEntry[]) => Partial<TContext>;
  fromBook: (book: never) => TEntry[];
  maxLength: number;
}) {
  const set = (patch: (args: { context: TContext; event: unknown }) => Partial<BookContext>) =>
    assign<TContext, TEvent, undefined, TEvent, never>((args) => patch(args) as Partial<TContext>);
  return {
    entryPicked: set(({ event }) => ({ entryId: (event as { entryId: string }).entryId, labelError: null, failure: null })),
    entryDropped: set(() => ({ entryId: null, labelError: null, failure: null })),
    labelCleared: set(() => ({ labelError: null, failure: null })),
    labelRefusal: set(({ event }) => ({ labelError: labelProblem((event as { label: string }).label, options.maxLength), failure: null })),
    // The server's validation of the name reads as the field's; anything else (gone, offline) for the whole form.
    labelFailed: set(({ event }) => {
      const failure = toFailure((event as { error?: unknown }).error);
      const labelError = fieldErrorsOf(failure, ['label']).label ?? null;
      return { labelError, failure: labelError ? null : failure };
    }),
    entryRenamed: assign<TContext, TEvent, undefined, TEvent, never>(({ context, event }) => {
      const renamed = output<TEntry>(event);
      const entries = options.entries(context).map((entry) => (entry.id === renamed.id ? renamed : entry));
      return { ...options.kept(context, entries), entryId: null } as Partial<TContext>;
    }),
    entryRemoved: assign<TContext, TEvent, undefined, TEvent, never>(
      ({ context, event }) => ({ ...options.kept(context, options.fromBook(output<never>(event))), entryId: null }) as Partial<TContext>,
    ),
    removalFailed: set(({ event }) => ({ entryId: null, failure: toFailure((event as { error?: unknown }).error) })),
  };
}

/**
 * The form state's transitions into the part, and its states. `what` names a destination in the
 * diagram's words; `label` and `remove` are the machine's actors; `form` is the form state.
 */
export function destinationBook<const TLabel extends string, const TRemove extends string>(options: {
  what: string;
  form: string;
  label: TLabel;
  remove: TRemove;
  /** What removing keeps and costs, for the question's description. */
  removal: string;
}) {
  const { what, form } = options;
  return {
    on: {
      RENAME_STARTED: {
        guard: 'inBook',
        target: 'renaming',
        description: `The customer asked to rename a saved ${what}: its name becomes a field.`,
        actions: 'entryPicked',
      },
      REMOVE_REQUESTED: {
        guard: 'inBook',
        target: 'confirmingRemoval',
        description: `The customer asked to remove a saved ${what}: the app asks first.`,
        actions: 'entryPicked',
      },
    },
    states: {
      renaming: {
        tags: ['renaming'],
        description: `A saved ${what}’s new name, kept as typed on a refusal; the ${what} itself stays as it was checked.`,
        on: {
          RENAME_SUBMITTED: [
            {
              guard: 'labelRefused',
              description: 'No name, too long, or with control characters: said at the field at once, nothing is sent.',
              actions: 'labelRefusal',
            },
            { target: 'savingLabel', description: 'The new name goes to the server.', actions: 'labelCleared' },
          ],
          RENAME_CANCELLED: { target: form, description: 'The customer kept the old name.', actions: 'entryDropped' },
        },
      },
      savingLabel: {
        tags: ['busy', 'renaming'],
        description: 'Saving the new name.',
        invoke: {
          id: options.label,
          src: options.label,
          input: ({ context, event }: { context: BookContext; event: EventObject }) => ({
            id: context.entryId!,
            label: (event as { label: string } & EventObject).label.trim(),
          }),
          onDone: { target: form, description: 'Renamed: the book shows the new name.', actions: 'entryRenamed' },
          onError: {
            target: 'renaming',
            description: 'Not renamed (gone, offline): the field says why and keeps what was typed.',
            actions: 'labelFailed',
          },
        },
      },
      confirmingRemoval: {
        tags: ['confirming'],
        description: `Remove this ${what}? ${options.removal}`,
        on: {
          REMOVE_CONFIRMED: { target: 'removing', description: `Confirmed: the ${what} is removed.` },
          REMOVE_CANCELLED: { target: form, description: `The customer kept the ${what}.`, actions: 'entryDropped' },
        },
      },
      removing: {
        tags: ['busy', 'confirming'],
        description: `Removing the ${what}.`,
        invoke: {
          id: options.remove,
          src: options.remove,
          input: ({ context }: { context: BookContext }) => ({ id: context.entryId! }),
          onDone: { target: form, description: 'Removed: the book as the server now has it.', actions: 'entryRemoved' },
          onError: {
            target: form,
            description: 'Not removed (offline): the form says why; the book is as it was.',
            actions: 'removalFailed',
          },
        },
      },
    },
  } as const;
}

/** The book's face: the entry being renamed or removed, why its new name is refused, and the intents. */
export function connectBook<TEntry extends BookEntry>(
  snapshot: { hasTag(tag: string): boolean; can(event: BookEvent): boolean; context: BookContext },
  send: (event: BookEvent) => void,
  entries: readonly TEntry[],
) {
  const { entryId, labelError } = snapshot.context;
  const entry = entries.find((candidate) => candidate.id === entryId) ?? null;
  return {
    /** The saved destination being renamed, or whose removal is being asked about. */
    renaming: snapshot.hasTag('renaming') ? entry : null,
    removing: snapshot.hasTag('confirming') ? entry : null,
    labelError,
    rename: (id: string) => send({ type: 'RENAME_STARTED', entryId: id }),
    saveName: (label: string) => send({ type: 'RENAME_SUBMITTED', label }),
    keepName: () => send({ type: 'RENAME_CANCELLED' }),
    remove: (id: string) => send({ type: 'REMOVE_REQUESTED', entryId: id }),
    confirmRemoval: snapshot.can({ type: 'REMOVE_CONFIRMED' }) ? () => send({ type: 'REMOVE_CONFIRMED' }) : null,
    keep: () => send({ type: 'REMOVE_CANCELLED' }),
  };
}
