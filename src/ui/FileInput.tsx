import type { Ref } from 'react';

/**
 * A file picker without its own look: a visible button of the screen opens it (`ref.click()`), and the
 * picked file is handed over once. `accept` narrows the browser's dialog only; the server decides.
 */
export function FileInput({
  ref,
  label,
  onPicked,
  accept = 'image/jpeg,image/png,application/pdf',
}: {
  ref: Ref<HTMLInputElement>;
  label: string;
  onPicked: (file: File) => void;
  accept?: string;
}) {
  return (
    <input
      ref={ref}
      type="file"
      className="visually-hidden"
      tabIndex={-1}
      aria-label={label}
      accept={accept}
      onChange={(event) => {
        const file = event.target.files?.[0];
        // Emptied, so picking the same file again after a retake still reports it.
        event.target.value = '';
        if (file) onPicked(file);
      }}
    />
  );
}
