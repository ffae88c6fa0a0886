import { useEffect, useState } from 'react';
import type { RegistrationStep } from '../../../machines/registration.machine';
import { useSystem } from '../../app/context';
import type { RegistrationActor } from '../../app/registration';

/** The sign-up wizard, told that this step's page is showing (see createRegistrationHost). */
export function useRegistration(step: RegistrationStep): RegistrationActor {
  const { registration } = useSystem();
  const [actor] = useState(() => registration.current(step));
  useEffect(() => registration.open(step), [registration, step]);
  return actor;
}
