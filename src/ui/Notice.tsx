import type { ReactNode } from 'react';
import { Icon, type IconName } from './Icon';

/**
 * A calm note at the top of a page (the `.notice` style): why the customer is here and, when there is
 * one, the next step.
 * `role="status"` so a screen reader announces it when it appears or changes (the action showing up).
 */
export function Notice({ icon = 'shield', children, action }: { icon?: IconName; children: ReactNode; action?: ReactNode }) {
  return (
    <div className="notice notice--with-icon" role="status">
      <span className="notice-icon">
        <Icon name={icon} />
      </span>
      <div className="notice-body">
        <p>{children}</p>
        {action}
      </div>
    </div>
  );
}
