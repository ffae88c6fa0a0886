/** Placeholder in the shape of a screen (title, lead, list) while its code or messages load. */
export function ScreenSkeleton({ label }: { label?: string }) {
  return (
    <div className="page" role="status" aria-live="polite" aria-busy="true">
      {label ? <span className="visually-hidden">{label}</span> : null}
      <div className="skeleton skeleton--title" />
      <div className="skeleton skeleton--line" />
      <div className="skeleton skeleton--block" />
    </div>
  );
}
