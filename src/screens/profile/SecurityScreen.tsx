import { PasskeysSection } from './security/PasskeysSection';

/** /profile/security: one section per factor (passkeys here; phone and sessions join when merged). */
export function SecurityScreen() {
  return (
    <div className="stack">
      <PasskeysSection />
    </div>
  );
}
