import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { passkeySignInMachine } from '../../../machines/passkeySignIn/passkeySignIn.machine';
import { connectPasskeySignIn } from '../../../machines/passkeySignIn/passkeySignIn.view';
import { useConnect, useFlowActor, useLocalize } from '../../app/context';
import { passkeySignInActors } from '../../app/actors/passkeySignIn';
import { cancelPasskeyCeremony } from '../../auth/passkeys';
import { Button } from '../../ui/Button';
import { FormAlert } from '../../ui/Form';
import { PasskeyFailureText } from '../shared/PasskeyFailureText';

/**
 * "Sign in with a passkey" for /login and /welcome; the flow is the passkeySignIn statechart. With
 * `autofill` (a page with an e-mail field marked `autocomplete="username webauthn"`), a silent
 * request offers passkeys in that field's suggestions as soon as the page opens.
 */
export function PasskeySignIn({ autofill = false }: { autofill?: boolean }) {
  const { t } = useTranslation();
  const localize = useLocalize();
  const [params] = useSearchParams();
  const signIn = useFlowActor(passkeySignInMachine, passkeySignInActors, {
    input: { redirect: params.get('redirect'), home: localize('/'), autofill },
  });
  const { busy, failure, choose } = useConnect(signIn, connectPasskeySignIn);
  const id = useId();

  // Leaving the page ends a pending autofill request, so it cannot sign in from another page.
  useEffect(() => () => cancelPasskeyCeremony(), []);

  return (
    <div className="stack passkey-sign-in">
      <p className="divider-text">{t('passkeys.or')}</p>
      <FormAlert id={`${id}-alert`}>
        {failure ? <PasskeyFailureText failure={failure} fallback="authentication_not_completed" /> : null}
      </FormAlert>
      <Button block busy={busy} aria-describedby={failure ? `${id}-alert` : undefined} onClick={choose}>
        {busy ? t('passkeys.signingIn') : t('passkeys.signIn')}
      </Button>
    </div>
  );
}
