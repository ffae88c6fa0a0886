import { LTV_LIQUIDATION_PERCENT, LTV_MARGIN_CALL_PERCENT } from '../../contract/cards';
import type { Locale } from '../../contract/locales';
import { formatAmount, formatPercent } from '../../contract/money';
import type { Message } from './outbox';

/**
 * What the customer is told when the loan-to-value of their card account crosses a threshold, in
 * their saved language (`Record<Locale, …>`: the typechecker refuses a missing one). `{ltv}` is the
 * loan-to-value, `{marginCallAt}` and `{liquidationAt}` the thresholds (percentages), `{amount}` the debt
 * repaid by a liquidation (euros), each written by Intl in that language.
 */
interface NoticeText {
  subject: string;
  body: string;
}

export type LtvNotice = 'warning' | 'margin_call' | 'liquidation';

const NOTICES: Record<LtvNotice, Record<Locale, NoticeText>> = {
  warning: {
    en: {
      subject: 'Your Meridian card account: collateral running low',
      body: 'The loan-to-value of your card account has reached {ltv}. At {marginCallAt} we will ask you to add collateral or repay, and at {liquidationAt} collateral is sold to repay the debt.\n\nAdd collateral or repay in Card accounts › Collateral.',
    },
    ar: {
      subject: 'حساب بطاقتك في Meridian: الضمان يقترب من الحد',
      body: 'بلغت نسبة القرض إلى القيمة في حساب بطاقتك {ltv}. عند {marginCallAt} سنطلب منك إضافة ضمان أو السداد، وعند {liquidationAt} يُباع جزء من الضمان لسداد الدين.\n\nأضف ضمانًا أو سدّد من حسابات البطاقات › الضمان.',
    },
    de: {
      subject: 'Ihr Meridian-Kartenkonto: Sicherheiten werden knapp',
      body: 'Der Beleihungsauslauf Ihres Kartenkontos hat {ltv} erreicht. Bei {marginCallAt} bitten wir Sie, Sicherheiten nachzulegen oder zurückzuzahlen, bei {liquidationAt} werden Sicherheiten verkauft, um die Schuld zu tilgen.\n\nLegen Sie Sicherheiten nach oder zahlen Sie zurück unter Kartenkonten › Sicherheiten.',
    },
    es: {
      subject: 'Tu cuenta de tarjeta Meridian: garantía escasa',
      body: 'La relación préstamo-valor de tu cuenta de tarjeta ha llegado al {ltv}. Al {marginCallAt} te pediremos que añadas garantía o devuelvas, y al {liquidationAt} se vende garantía para pagar la deuda.\n\nAñade garantía o devuelve en Cuentas de tarjeta › Garantía.',
    },
    fr: {
      subject: 'Votre compte carte Meridian : garantie insuffisante bientôt',
      body: 'Le ratio prêt/valeur de votre compte carte a atteint {ltv}. À {marginCallAt}, nous vous demanderons d’ajouter une garantie ou de rembourser ; à {liquidationAt}, une partie de la garantie est vendue pour rembourser la dette.\n\nAjoutez une garantie ou remboursez dans Comptes carte › Garantie.',
    },
    ru: {
      subject: 'Карточный счёт Meridian: залога становится мало',
      body: 'Отношение долга к залогу по вашему карточному счёту достигло {ltv}. При {marginCallAt} мы попросим добавить залог или погасить долг, при {liquidationAt} часть залога продаётся для погашения долга.\n\nДобавьте залог или погасите долг в разделе Карточные счета › Залог.',
    },
    th: {
      subject: 'บัญชีบัตร Meridian ของคุณ: หลักประกันใกล้ไม่พอ',
      body: 'อัตราส่วนหนี้ต่อมูลค่าหลักประกันของบัญชีบัตรของคุณถึง {ltv} แล้ว ที่ {marginCallAt} เราจะขอให้คุณเพิ่มหลักประกันหรือชำระคืน และที่ {liquidationAt} หลักประกันบางส่วนจะถูกขายเพื่อชำระหนี้\n\nเพิ่มหลักประกันหรือชำระคืนได้ที่ บัญชีบัตร › หลักประกัน',
    },
    zh: {
      subject: '您的 Meridian 卡账户：抵押品即将不足',
      body: '您的卡账户贷款价值比已达到 {ltv}。达到 {marginCallAt} 时我们会请您追加抵押品或还款，达到 {liquidationAt} 时将出售部分抵押品以偿还欠款。\n\n请在“卡账户 › 抵押品”中追加抵押品或还款。',
    },
  },
  margin_call: {
    en: {
      subject: 'Margin call on your Meridian card account',
      body: 'The loan-to-value of your card account has reached {ltv}. Please add collateral or repay now: at {liquidationAt} collateral is sold to repay the debt.',
    },
    ar: {
      subject: 'طلب تغطية هامش على حساب بطاقتك في Meridian',
      body: 'بلغت نسبة القرض إلى القيمة في حساب بطاقتك {ltv}. يُرجى إضافة ضمان أو السداد الآن: عند {liquidationAt} يُباع جزء من الضمان لسداد الدين.',
    },
    de: {
      subject: 'Nachschussaufforderung für Ihr Meridian-Kartenkonto',
      body: 'Der Beleihungsauslauf Ihres Kartenkontos hat {ltv} erreicht. Bitte legen Sie jetzt Sicherheiten nach oder zahlen Sie zurück: Bei {liquidationAt} werden Sicherheiten verkauft, um die Schuld zu tilgen.',
    },
    es: {
      subject: 'Llamada de margen en tu cuenta de tarjeta Meridian',
      body: 'La relación préstamo-valor de tu cuenta de tarjeta ha llegado al {ltv}. Añade garantía o devuelve ahora: al {liquidationAt} se vende garantía para pagar la deuda.',
    },
    fr: {
      subject: 'Appel de marge sur votre compte carte Meridian',
      body: 'Le ratio prêt/valeur de votre compte carte a atteint {ltv}. Ajoutez une garantie ou remboursez maintenant : à {liquidationAt}, une partie de la garantie est vendue pour rembourser la dette.',
    },
    ru: {
      subject: 'Маржин-колл по карточному счёту Meridian',
      body: 'Отношение долга к залогу по вашему карточному счёту достигло {ltv}. Добавьте залог или погасите долг сейчас: при {liquidationAt} часть залога продаётся для погашения долга.',
    },
    th: {
      subject: 'แจ้งเรียกหลักประกันเพิ่มสำหรับบัญชีบัตร Meridian ของคุณ',
      body: 'อัตราส่วนหนี้ต่อมูลค่าหลักประกันของบัญชีบัตรของคุณถึง {ltv} แล้ว โปรดเพิ่มหลักประกันหรือชำระคืนทันที ที่ {liquidationAt} หลักประกันบางส่วนจะถูกขายเพื่อชำระหนี้',
    },
    zh: {
      subject: '您的 Meridian 卡账户追加保证金通知',
      body: '您的卡账户贷款价值比已达到 {ltv}。请立即追加抵押品或还款：达到 {liquidationAt} 时将出售部分抵押品以偿还欠款。',
    },
  },
  liquidation: {
    en: {
      subject: 'Collateral of your Meridian card account was sold',
      body: 'The loan-to-value of your card account reached {ltv}, so collateral was sold to repay your card debt of {amount}. The sale and the repayment are in your activities.',
    },
    ar: {
      subject: 'بيع ضمان حساب بطاقتك في Meridian',
      body: 'بلغت نسبة القرض إلى القيمة في حساب بطاقتك {ltv}، لذا بيع جزء من الضمان لسداد دين بطاقتك البالغ {amount}. تجد البيع والسداد في أنشطتك.',
    },
    de: {
      subject: 'Sicherheiten Ihres Meridian-Kartenkontos wurden verkauft',
      body: 'Der Beleihungsauslauf Ihres Kartenkontos hat {ltv} erreicht, daher wurden Sicherheiten verkauft, um Ihre Kartenschuld von {amount} zu tilgen. Verkauf und Tilgung stehen in Ihren Aktivitäten.',
    },
    es: {
      subject: 'Se vendió garantía de tu cuenta de tarjeta Meridian',
      body: 'La relación préstamo-valor de tu cuenta de tarjeta llegó al {ltv}, así que se vendió garantía para pagar tu deuda de tarjeta de {amount}. La venta y el pago están en tus actividades.',
    },
    fr: {
      subject: 'La garantie de votre compte carte Meridian a été vendue',
      body: 'Le ratio prêt/valeur de votre compte carte a atteint {ltv} : une partie de la garantie a été vendue pour rembourser votre dette de carte de {amount}. La vente et le remboursement figurent dans vos activités.',
    },
    ru: {
      subject: 'Залог вашего карточного счёта Meridian продан',
      body: 'Отношение долга к залогу по вашему карточному счёту достигло {ltv}, поэтому часть залога продана для погашения долга по карте в {amount}. Продажа и погашение видны в ваших операциях.',
    },
    th: {
      subject: 'หลักประกันของบัญชีบัตร Meridian ของคุณถูกขายแล้ว',
      body: 'อัตราส่วนหนี้ต่อมูลค่าหลักประกันของบัญชีบัตรของคุณถึง {ltv} จึงมีการขายหลักประกันเพื่อชำระหนี้บัตรจำนวน {amount} รายการขายและการชำระหนี้อยู่ในกิจกรรมของคุณ',
    },
    zh: {
      subject: '您的 Meridian 卡账户抵押品已被出售',
      body: '您的卡账户贷款价值比达到 {ltv}，因此已出售部分抵押品以偿还您 {amount} 的卡欠款。出售和还款记录可在您的活动中查看。',
    },
  },
};

/** `ltv` in percent ("72.50"), `amount` in euros: written as the customer's language writes them, as the app does. */
export function ltvNotice(kind: LtvNotice, to: string, locale: Locale, { ltv, amount }: { ltv: string; amount?: string }): Message {
  const text = NOTICES[kind][locale];
  const values: Record<string, string> = {
    ltv: formatPercent(ltv, locale),
    marginCallAt: formatPercent(LTV_MARGIN_CALL_PERCENT, locale),
    liquidationAt: formatPercent(LTV_LIQUIDATION_PERCENT, locale),
    amount: amount === undefined ? '' : formatAmount(amount, 'EUR', locale),
  };
  const fill = (s: string) => s.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? '');
  return { to, channel: 'email', template: `ltv_${kind}`, subject: fill(text.subject), body: fill(text.body) };
}
