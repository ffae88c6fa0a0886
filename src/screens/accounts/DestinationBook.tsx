import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import { Form, FormAlert } from '../../ui/Form';
import { ListRow, ListRows } from '../../ui/ListRow';
import { Sheet } from '../../ui/Sheet';
import { TextField } from '../../ui/TextField';
import { fieldErrorText } from '../../ui/failureText';
import type { FieldErrorCode } from '../../../machines/parts/failure';

/** A saved destination as the book lists it: its name, and what identifies it under the name. */
export interface BookRow {
  id: string;
  label: string;
  hint: ReactNode[];
}

/**
 * The saved destinations of a send-out page (crypto addresses, bank accounts), as both statecharts share
 * `machines/parts/destinationBook.ts`: each renamed in place or removed after a question.
 */
export function DestinationBook(props: {
  id: string;
  title: string;
  /** The question's lead: what removing keeps and costs. */
  removeLead: string;
  testId: string;
  rows: BookRow[];
  maxLength: number;
  book: {
    renaming: { id: string; label: string } | null;
    removing: { id: string; label: string } | null;
    labelError: FieldErrorCode | null;
    busy: boolean;
    rename: (id: string) => void;
    saveName: (label: string) => void;
    keepName: () => void;
    remove: (id: string) => void;
    confirmRemoval: (() => void) | null;
    keep: () => void;
  };
  /** Why the last rename did not go through (gone, offline), for the rename form. */
  failure: string | null;
}) {
  const { t } = useTranslation();
  const { book } = props;
  return (
    <section className="card stack destination-book" aria-labelledby={props.id}>
      <h3 id={props.id} className="section-title">
        {props.title}
      </h3>
      <ListRows label={props.title}>
        {props.rows.map((row) => (
          <ListRow
            key={row.id}
            testId={props.testId}
            label={row.label}
            hint={row.hint}
            action={
              book.renaming ? null : (
                <div className="button-row">
                  <Button aria-label={t('withdraw.book.renameOne', { label: row.label })} onClick={() => book.rename(row.id)}>
                    {t('withdraw.book.rename')}
                  </Button>
                  <Button
                    variant="danger"
                    aria-label={t('withdraw.book.removeOne', { label: row.label })}
                    onClick={() => book.remove(row.id)}
                  >
                    {t('withdraw.book.remove')}
                  </Button>
                </div>
              )
            }
          />
        ))}
      </ListRows>
      {book.renaming ? (
        <RenameForm
          key={book.renaming.id}
          entry={book.renaming}
          maxLength={props.maxLength}
          busy={book.busy}
          error={fieldErrorText(t, 'label', book.labelError ?? undefined)}
          failure={props.failure}
          onSubmit={book.saveName}
          onCancel={book.keepName}
        />
      ) : null}
      <Sheet
        open={book.removing !== null}
        onClose={book.keep}
        title={t('withdraw.book.removeTitle', { label: book.removing?.label ?? '' })}
        description={props.removeLead}
      >
        <div className="button-row">
          <Button variant="danger" busy={book.busy} onClick={() => book.confirmRemoval?.()}>
            {t('withdraw.book.confirmRemove')}
          </Button>
          <Button disabled={book.busy} onClick={book.keep}>
            {t('withdraw.book.keep')}
          </Button>
        </div>
      </Sheet>
    </section>
  );
}

/** A saved destination's new name; kept as typed through a refusal. */
function RenameForm(props: {
  entry: { label: string };
  maxLength: number;
  busy: boolean;
  error: string | null;
  failure: string | null;
  onSubmit: (label: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [label, setLabel] = useState(props.entry.label);
  return (
    <Form busy={props.busy} onSubmit={() => props.onSubmit(label)}>
      <TextField
        label={t('withdraw.book.newName', { label: props.entry.label })}
        name="destination-label"
        maxLength={props.maxLength}
        value={label}
        error={props.error}
        onChange={(event) => setLabel(event.target.value)}
      />
      <FormAlert>{props.failure}</FormAlert>
      <div className="button-row">
        <Button variant="primary" type="submit" busy={props.busy}>
          {t('withdraw.book.saveName')}
        </Button>
        <Button disabled={props.busy} onClick={props.onCancel}>
          {t('withdraw.cancel')}
        </Button>
      </div>
    </Form>
  );
}
