import type { Asset } from '../../contract/assets';
import type { Locale } from '../../contract/locales';
import { formatAmount } from '../../contract/money';
import type { Message } from './outbox';

interface InvitationText {
  subject: string;
  /** `{sender}` (a name, or "A Meridian customer"), `{amount}`. */
  body: string;
  someone: string;
}

/** In the sender's language: nothing is known of the invitee yet. */
const INVITATION: Record<Locale, InvitationText> = {
  en: {
    subject: '{sender} sent you {amount} with Meridian',
    body: '{sender} sent you {amount} with Meridian. Open a Meridian account with this address within 14 days to receive it; after that it goes back to the sender.',
    someone: 'A Meridian customer',
  },
  ar: {
    subject: 'أرسل إليك {sender} مبلغ {amount} عبر Meridian',
    body: 'أرسل إليك {sender} مبلغ {amount} عبر Meridian. افتح حساب Meridian بهذا العنوان خلال ١٤ يومًا لتستلمه؛ بعد ذلك يعود إلى المرسل.',
    someone: 'أحد عملاء Meridian',
  },
  de: {
    subject: '{sender} hat Ihnen {amount} mit Meridian gesendet',
    body: '{sender} hat Ihnen {amount} mit Meridian gesendet. Eröffnen Sie innerhalb von 14 Tagen ein Meridian-Konto mit dieser Adresse, um das Geld zu erhalten; danach geht es an den Absender zurück.',
    someone: 'Ein Meridian-Kunde',
  },
  es: {
    subject: '{sender} te envió {amount} con Meridian',
    body: '{sender} te envió {amount} con Meridian. Abre una cuenta de Meridian con esta dirección en un plazo de 14 días para recibirlo; después vuelve a quien lo envió.',
    someone: 'Un cliente de Meridian',
  },
  fr: {
    subject: '{sender} vous a envoyé {amount} avec Meridian',
    body: '{sender} vous a envoyé {amount} avec Meridian. Ouvrez un compte Meridian avec cette adresse sous 14 jours pour le recevoir ; passé ce délai, il retourne à l’expéditeur.',
    someone: 'Un client Meridian',
  },
  ru: {
    subject: '{sender} отправил(а) вам {amount} через Meridian',
    body: '{sender} отправил(а) вам {amount} через Meridian. Откройте счёт Meridian с этим адресом в течение 14 дней, чтобы получить деньги; после этого они вернутся отправителю.',
    someone: 'Клиент Meridian',
  },
  th: {
    subject: '{sender} ส่ง {amount} ให้คุณผ่าน Meridian',
    body: '{sender} ส่ง {amount} ให้คุณผ่าน Meridian เปิดบัญชี Meridian ด้วยที่อยู่นี้ภายใน 14 วันเพื่อรับเงิน หลังจากนั้นเงินจะคืนให้ผู้ส่ง',
    someone: 'ลูกค้า Meridian',
  },
  zh: {
    subject: '{sender} 通过 Meridian 向您转账 {amount}',
    body: '{sender} 通过 Meridian 向您转账 {amount}。请在 14 天内用此地址开立 Meridian 账户以收款；逾期款项将退回给转账人。',
    someone: '一位 Meridian 客户',
  },
};

/** To an address no customer has yet, when money was sent to it: by e-mail, or by SMS to a phone number. */
export function moneyInvitationNotice(to: string, locale: Locale, sent: { sender: string | null; asset: Asset; amount: string }): Message {
  const text = INVITATION[locale];
  const values: Record<string, string> = { sender: sent.sender ?? text.someone, amount: formatAmount(sent.amount, sent.asset, locale) };
  const fill = (template: string) => template.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? '');
  const sms = to.startsWith('+');
  return {
    to,
    channel: sms ? 'sms' : 'email',
    template: 'money_invitation',
    subject: sms ? '' : fill(text.subject),
    body: fill(text.body),
  };
}
