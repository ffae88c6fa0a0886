import { useEffect, useState } from 'react';
import { registrationMachine, type RegistrationStep } from '../../../machines/registration/registration.machine';
import { registrationActors } from '../../app/actors/registration';
import { useSystem } from '../../app/context';
import { createRegistrationHost, type RegistrationActor, type RegistrationHost } from '../../app/registration';

/** The tab's one sign-up wizard host, kept by the app across the wizard's pages. */
export function useRegistrationHost(): RegistrationHost {
  const system = useSystem();
  return system.registrationHost(() =>
    createRegistrationHost(registrationMachine.provide(registrationActors(system)), {
      signedIn: () => system.session.getSnapshot().hasTag('signedIn'),
      inspect: system.inspect,
    }),
  );
}

/** The sign-up wizard, told that this step's page is showing (see createRegistrationHost). */
export function useRegistration(step: RegistrationStep): RegistrationActor {
  const registration = useRegistrationHost();
  const [actor] = useState(() => registration.current(step));
  useEffect(() => registration.open(step), [registration, step]);
  return actor;
}
