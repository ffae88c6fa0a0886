/** Placeholder in the shape of a screen (title, lead, list) while its code or messages load. */
export function ScreenSkeleton({ label }: { label?: string }) {
  return (
    <div className="page" role="status" aria-live="polite" aria-busy="true">
      {label ? <span className="visually-hidden">{label}</span> : null}
      <div className="skeleton" style={{ blockSize: 36, inlineSize: '55%' }} />
      <div className="skeleton" style={{ blockSize: 20, inlineSize: '80%' }} />
      <div className="skeleton" style={{ blockSize: 168 }} />
    </div>
  );
}
