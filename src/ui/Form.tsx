import type { ReactNode } from 'react';

/**
 * A flow's form: the statechart judges what was typed, so the browser's own validation stays off and a
 * submit only tells the flow; busy while the flow works on it.
 */
export function Form({
  busy,
  onSubmit,
  labelledBy,
  children,
}: {
  busy: boolean;
  onSubmit: () => void;
  /** The id of the form's heading, for a form that is a landmark of its page. */
  labelledBy?: string;
  children: ReactNode;
}) {
  return (
    <form
      className="form"
      noValidate
      aria-busy={busy}
      aria-labelledby={labelledBy}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      {children}
    </form>
  );
}

/**
 * A refusal of the whole form (not of one field), announced at once. It stays in the page while empty so
 * that screen readers already watch it when the message arrives.
 */
export function FormAlert({ id, children }: { id?: string; children: ReactNode }) {
  return (
    <div className="form-alert" role="alert" aria-live="assertive" id={id}>
      {children}
    </div>
  );
}
