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

/**
 * Text still loading, in the room the text will take: a screen that draws its final lines with these in
 * place of what is not there yet moves nothing when it arrives, so a press aimed below does not land
 * elsewhere. A line of its own (a no-break space inside, the line's height), or, given `standIn`, that
 * text hidden under the shimmer where the value's width matters (it wraps as the value will).
 */
export function TextSkeleton({ standIn }: { standIn?: string }) {
  return standIn ? (
    <span className="skeleton skeleton--inline" aria-hidden="true">
      {standIn}
    </span>
  ) : (
    <span className="skeleton skeleton--text" aria-hidden="true">
      {'\u00a0'}
    </span>
  );
}
