import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import * as routes from 'virtual:meridian/endpoint-routes';
import { PAY_LINK_HASH } from '../../../contract/payLinks';
import { unwrap } from '../../app/actors/unwrap';
import { useSystem } from '../../app/context';
import { Money } from '../../ui/Money';

/** The link's hash when the sign-in was asked for on the way to a payment request (`/pay/{hash}`). */
function payLinkHash(redirect: string | null): string | null {
  const [pay, hash] = redirect?.split('?')[0]!.split('/').slice(-2) ?? [];
  return pay === 'pay' && hash !== undefined && PAY_LINK_HASH.test(hash) ? hash : null;
}

/**
 * Above the sign-in, for a visitor who opened a payment request signed out: who asks (masked by the server)
 * and how much, through the public, rate-limited preview. Nothing shows when there is none to show.
 */
export function PayLinkPreview({ redirect }: { redirect: string | null }) {
  const { t } = useTranslation();
  const { client } = useSystem();
  const hash = payLinkHash(redirect);
  const preview = useQuery({
    queryKey: ['payLinkPreview', hash],
    enabled: hash !== null,
    retry: false,
    queryFn: ({ signal }) => unwrap(client.call(routes.getPayLinkPreview, { pathParams: { hash: hash! }, signal })),
  });
  if (!preview.data) return null;
  const { requesterName, amount, asset } = preview.data;
  return (
    <section className="card stack" aria-labelledby="pay-link-preview" data-testid="pay-link-preview">
      <h2 id="pay-link-preview" className="section-title">
        {t('payment.title', { name: requesterName ?? t('payment.someone') })}
      </h2>
      <p className="total-amount">
        <Money amount={amount} asset={asset} />
      </p>
      <p className="hint-text">{t('payment.signInToPay')}</p>
    </section>
  );
}
