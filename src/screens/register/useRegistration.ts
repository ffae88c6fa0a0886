import { useEffect, useState } from 'react';
import { registrationMachine, type RegistrationStep } from '../../../machines/registration.machine';
import { registrationActors } from '../../app/actors/registration';
import { useFlowMachine, useSystem } from '../../app/context';
import type { RegistrationActor } from '../../app/registration';

/** The sign-up wizard, told that this step's page is showing (see createRegistrationHost). */
export function useRegistration(step: RegistrationStep): RegistrationActor {
  const { registration } = useSystem();
  const machine = useFlowMachine(registrationMachine, registrationActors);
  const [actor] = useState(() => registration.current(step, machine));
  useEffect(() => registration.open(step, machine), [registration, step, machine]);
  return actor;
}
