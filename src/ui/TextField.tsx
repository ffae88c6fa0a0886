import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from 'react';

interface FieldOwnProps {
  label: ReactNode;
  /** Shown under the field while there is no error (format, what the field is for). */
  hint?: ReactNode;
  /** Shown next to the field, announced (role="alert") and tied to it; the typed value stays. */
  error?: ReactNode;
  /** Ids of other elements that describe the field (a live password rule list), read after the message. */
  describedBy?: string;
  /** Shown between the control and its message (the password rule list). */
  children?: ReactNode;
}

/**
 * Ids and ARIA of one field: the error replaces the hint, and the control is described by whichever is
 * shown plus anything the caller adds. Only a shown message is referenced, so nothing points at nothing.
 */
function useField({ hint, error, describedBy }: Pick<FieldOwnProps, 'hint' | 'error' | 'describedBy'>) {
  const id = useId();
  const hasError = error !== undefined && error !== null && error !== false && error !== '';
  const hasHint = !hasError && hint !== undefined && hint !== null && hint !== '';
  const ids = [hasError ? `${id}-error` : null, hasHint ? `${id}-hint` : null, describedBy ?? null].filter(Boolean);
  return {
    id,
    control: {
      id,
      'aria-invalid': hasError ? true : undefined,
      'aria-describedby': ids.length > 0 ? ids.join(' ') : undefined,
    },
    message: hasError ? (
      <p className="field-error" id={`${id}-error`} role="alert">
        {error}
      </p>
    ) : hasHint ? (
      <p className="field-hint" id={`${id}-hint`}>
        {hint}
      </p>
    ) : null,
  };
}

export type TextFieldProps = FieldOwnProps &
  Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'children' | 'type'> & {
    /** Any text-like input type; checkboxes are CheckboxField. */
    type?: 'text' | 'email' | 'password' | 'tel' | 'url' | 'search' | 'number' | 'date';
    /** Shown inside the field at its end (an asset code), or a control next to it (Max). */
    end?: ReactNode;
  };

/** A labelled text input with its hint or error. Controlled by the caller, which keeps what was typed. */
export function TextField({ label, hint, error, describedBy, children, end, className, ...input }: TextFieldProps) {
  const field = useField({ hint, error, describedBy });
  const control = <input {...input} {...field.control} className={className} />;
  return (
    <div className="field">
      <label htmlFor={field.id}>{label}</label>
      {end ? (
        <div className="field-control">
          {control}
          {end}
        </div>
      ) : (
        control
      )}
      {children}
      {field.message}
    </div>
  );
}

export type SelectFieldProps = FieldOwnProps & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> & { options: ReactNode };

/** A labelled native select (its options as `options`) with its hint or error. */
export function SelectField({ label, hint, error, describedBy, children, options, ...select }: SelectFieldProps) {
  const field = useField({ hint, error, describedBy });
  return (
    <div className="field">
      <label htmlFor={field.id}>{label}</label>
      <select {...select} {...field.control}>
        {options}
      </select>
      {children}
      {field.message}
    </div>
  );
}

export type CheckboxFieldProps = FieldOwnProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'children' | 'type'>;

/** A checkbox with its label on one line and the error below both. */
export function CheckboxField({ label, hint, error, describedBy, children, ...input }: CheckboxFieldProps) {
  const field = useField({ hint, error, describedBy });
  return (
    <div className="field field--check">
      <input {...input} {...field.control} type="checkbox" />
      <label htmlFor={field.id}>{label}</label>
      {children}
      {field.message}
    </div>
  );
}
