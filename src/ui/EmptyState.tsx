import type { ReactNode } from 'react';

/** Nothing here yet: what that means and the one thing to do next (a Button or a link styled as one). */
export function EmptyState({ title, body, action, icon }: { title: ReactNode; body?: ReactNode; action: ReactNode; icon?: ReactNode }) {
  return (
    <div className="empty-state">
      {icon ? <span className="empty-state-icon">{icon}</span> : null}
      <p className="empty-state-title">{title}</p>
      {body ? <p className="empty-state-body">{body}</p> : null}
      {action}
    </div>
  );
}
