import { Trans, useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { LOCALE_TAGS } from '../../../contract/locales';
import { PROVIDER_NAMES, providerChoice, type SocialProvider } from '../../../contract/social';
import { socialSignInMachine } from '../../../machines/socialSignIn/socialSignIn.machine';
import { connectSocialSignIn } from '../../../machines/socialSignIn/socialSignIn.view';
import { useConnect, useFlowActor, useLocale, useLocalize } from '../../app/context';
import { socialSignInActors } from '../../app/actors/socialSignIn';
import { socialProviders } from '../../platform/socialProviders';
import { Button } from '../../ui/Button';
import { FormAlert } from '../../ui/Form';
import { failureText } from '../../ui/failureText';
import { LegalLinks } from '../shared/LegalLinks';

/** /auth/google and /auth/apple: leaves for the provider at once, or shows why signing in did not work. */
export function SocialSignInScreen({ provider }: { provider: SocialProvider }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const localize = useLocalize();
  const [params] = useSearchParams();
  const signIn = useFlowActor(socialSignInMachine, socialSignInActors, {
    input: { provider, locale, error: params.get('error') },
  });
  const { leaving, cancelled, failure, retry } = useConnect(signIn, connectSocialSignIn);
  const name = PROVIDER_NAMES[provider];

  if (leaving) {
    return (
      <p className="page-lead" role="status" aria-live="polite">
        {t('social.redirecting', { provider: name })}
      </p>
    );
  }
  return (
    <div className="stack">
      <FormAlert>
        {cancelled ? t('social.cancelled', { provider: name }) : failureText(t, 'social.errors', failure!, { provider: name })}
      </FormAlert>
      <Button variant="primary" block onClick={retry}>
        {t('social.tryAgain')}
      </Button>
      <Link className="button button--secondary button--block" to={localize('/login')}>
        {t('social.back')}
      </Link>
    </div>
  );
}

/**
 * "Continue with Google / Apple" for the sign-in pages, for the providers the server has configured.
 * The `data-social` marks are where the server trims the prerendered markup to them (server/preload.ts).
 */
export function SocialButtons() {
  const { t } = useTranslation();
  const localize = useLocalize();
  const locale = useLocale();
  const providers = socialProviders();
  if (providers.length === 0) return null;
  return (
    <div className="stack" data-social="">
      {providers.map((provider) => (
        <Link key={provider} className="button button--secondary button--block" data-social={provider} to={localize(`/auth/${provider}`)}>
          {t('social.continueWith', { provider: PROVIDER_NAMES[provider] })}
        </Link>
      ))}
      {/* The names are marked so the server writes the configured ones into the prerendered page too. */}
      <p className="hint-text">
        <Trans
          i18nKey="social.consent"
          values={{ providers: providerChoice(LOCALE_TAGS[locale], providers) }}
          components={{ names: <span data-social-names="" /> }}
        />
      </p>
      {/* A first Google or Apple sign-in opens an account: the terms it accepts are one tap away. */}
      <LegalLinks />
    </div>
  );
}
