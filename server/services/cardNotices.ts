import type { Locale } from '../../contract/locales';
import type { Message } from './outbox';

/**
 * What the customer is told when the loan-to-value of their card account crosses a threshold, in
 * their saved language (`Record<Locale, …>`: the typechecker refuses a missing one). `{ltv}` is the
 * loan-to-value in percent, `{amount}` the debt repaid by a liquidation, in euros.
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
      body: 'The loan-to-value of your card account has reached {ltv} %. At 75 % we will ask you to add collateral or repay, and at 85 % collateral is sold to repay the debt.\n\nAdd collateral or repay in Card accounts › Collateral.',
    },
    ar: {
      subject: 'حساب بطاقتك في Meridian: الضمان يقترب من الحد',
      body: 'بلغت نسبة القرض إلى القيمة في حساب بطاقتك {ltv} %. عند 75 % سنطلب منك إضافة ضمان أو السداد، وعند 85 % يُباع جزء من الضمان لسداد الدين.\n\nأضف ضمانًا أو سدّد من حسابات البطاقات › الضمان.',
    },
    de: {
      subject: 'Ihr Meridian-Kartenkonto: Sicherheiten werden knapp',
      body: 'Der Beleihungsauslauf Ihres Kartenkontos hat {ltv} % erreicht. Bei 75 % bitten wir Sie, Sicherheiten nachzulegen oder zurückzuzahlen, bei 85 % werden Sicherheiten verkauft, um die Schuld zu tilgen.\n\nLegen Sie Sicherheiten nach oder zahlen Sie zurück unter Kartenkonten › Sicherheiten.',
    },
    es: {
      subject: 'Tu cuenta de tarjeta Meridian: garantía escasa',
      body: 'La relación préstamo-valor de tu cuenta de tarjeta ha llegado al {ltv} %. Al 75 % te pediremos que añadas garantía o devuelvas, y al 85 % se vende garantía para pagar la deuda.\n\nAñade garantía o devuelve en Cuentas de tarjeta › Garantía.',
    },
    fr: {
      subject: 'Votre compte carte Meridian : garantie insuffisante bientôt',
      body: 'Le ratio prêt/valeur de votre compte carte a atteint {ltv} %. À 75 %, nous vous demanderons d’ajouter une garantie ou de rembourser ; à 85 %, une partie de la garantie est vendue pour rembourser la dette.\n\nAjoutez une garantie ou remboursez dans Comptes carte › Garantie.',
    },
    ru: {
      subject: 'Карточный счёт Meridian: залога становится мало',
      body: 'Отношение долга к залогу по вашему карточному счёту достигло {ltv} %. При 75 % мы попросим добавить залог или погасить долг, при 85 % часть залога продаётся для погашения долга.\n\nДобавьте залог или погасите долг в разделе Карточные счета › Залог.',
    },
    th: {
      subject: 'บัญชีบัตร Meridian ของคุณ: หลักประกันใกล้ไม่พอ',
      body: 'อัตราส่วนหนี้ต่อมูลค่าหลักประกันของบัญชีบัตรของคุณถึง {ltv} % แล้ว ที่ 75 % เราจะขอให้คุณเพิ่มหลักประกันหรือชำระคืน และที่ 85 % หลักประกันบางส่วนจะถูกขายเพื่อชำระหนี้\n\nเพิ่มหลักประกันหรือชำระคืนได้ที่ บัญชีบัตร › หลักประกัน',
    },
    zh: {
      subject: '您的 Meridian 卡账户：抵押品即将不足',
      body: '您的卡账户贷款价值比已达到 {ltv}%。达到 75% 时我们会请您追加抵押品或还款，达到 85% 时将出售部分抵押品以偿还欠款。\n\n请在“卡账户 › 抵押品”中追加抵押品或还款。',
    },
  },
  margin_call: {
    en: {
      subject: 'Margin call on your Meridian card account',
      body: 'The loan-to-value of your card account has reached {ltv} %. Please add collateral or repay now: at 85 % collateral is sold to repay the debt.',
    },
    ar: {
      subject: 'طلب تغطية هامش على حساب بطاقتك في Meridian',
      body: 'بلغت نسبة القرض إلى القيمة في حساب بطاقتك {ltv} %. يُرجى إضافة ضمان أو السداد الآن: عند 85 % يُباع جزء من الضمان لسداد الدين.',
    },
    de: {
      subject: 'Nachschussaufforderung für Ihr Meridian-Kartenkonto',
      body: 'Der Beleihungsauslauf Ihres Kartenkontos hat {ltv} % erreicht. Bitte legen Sie jetzt Sicherheiten nach oder zahlen Sie zurück: Bei 85 % werden Sicherheiten verkauft, um die Schuld zu tilgen.',
    },
    es: {
      subject: 'Llamada de margen en tu cuenta de tarjeta Meridian',
      body: 'La relación préstamo-valor de tu cuenta de tarjeta ha llegado al {ltv} %. Añade garantía o devuelve ahora: al 85 % se vende garantía para pagar la deuda.',
    },
    fr: {
      subject: 'Appel de marge sur votre compte carte Meridian',
      body: 'Le ratio prêt/valeur de votre compte carte a atteint {ltv} %. Ajoutez une garantie ou remboursez maintenant : à 85 %, une partie de la garantie est vendue pour rembourser la dette.',
    },
    ru: {
      subject: 'Маржин-колл по карточному счёту Meridian',
      body: 'Отношение долга к залогу по вашему карточному счёту достигло {ltv} %. Добавьте залог или погасите долг сейчас: при 85 % часть залога продаётся для погашения долга.',
    },
    th: {
      subject: 'แจ้งเรียกหลักประกันเพิ่มสำหรับบัญชีบัตร Meridian ของคุณ',
      body: 'อัตราส่วนหนี้ต่อมูลค่าหลักประกันของบัญชีบัตรของคุณถึง {ltv} % แล้ว โปรดเพิ่มหลักประกันหรือชำระคืนทันที ที่ 85 % หลักประกันบางส่วนจะถูกขายเพื่อชำระหนี้',
    },
    zh: {
      subject: '您的 Meridian 卡账户追加保证金通知',
      body: '您的卡账户贷款价值比已达到 {ltv}%。请立即追加抵押品或还款：达到 85% 时将出售部分抵押品以偿还欠款。',
    },
  },
  liquidation: {
    en: {
      subject: 'Collateral of your Meridian card account was sold',
      body: 'The loan-to-value of your card account reached {ltv} %, so collateral was sold to repay your card debt of {amount} EUR. The sale and the repayment are in your activities.',
    },
    ar: {
      subject: 'بيع ضمان حساب بطاقتك في Meridian',
      body: 'بلغت نسبة القرض إلى القيمة في حساب بطاقتك {ltv} %، لذا بيع جزء من الضمان لسداد دين بطاقتك البالغ {amount} EUR. تجد البيع والسداد في أنشطتك.',
    },
    de: {
      subject: 'Sicherheiten Ihres Meridian-Kartenkontos wurden verkauft',
      body: 'Der Beleihungsauslauf Ihres Kartenkontos hat {ltv} % erreicht, daher wurden Sicherheiten verkauft, um Ihre Kartenschuld von {amount} EUR zu tilgen. Verkauf und Tilgung stehen in Ihren Aktivitäten.',
    },
    es: {
      subject: 'Se vendió garantía de tu cuenta de tarjeta Meridian',
      body: 'La relación préstamo-valor de tu cuenta de tarjeta llegó al {ltv} %, así que se vendió garantía para pagar tu deuda de tarjeta de {amount} EUR. La venta y el pago están en tus actividades.',
    },
    fr: {
      subject: 'La garantie de votre compte carte Meridian a été vendue',
      body: 'Le ratio prêt/valeur de votre compte carte a atteint {ltv} % : une partie de la garantie a été vendue pour rembourser votre dette de carte de {amount} EUR. La vente et le remboursement figurent dans vos activités.',
    },
    ru: {
      subject: 'Залог вашего карточного счёта Meridian продан',
      body: 'Отношение долга к залогу по вашему карточному счёту достигло {ltv} %, поэтому часть залога продана для погашения долга по карте в {amount} EUR. Продажа и погашение видны в ваших операциях.',
    },
    th: {
      subject: 'หลักประกันของบัญชีบัตร Meridian ของคุณถูกขายแล้ว',
      body: 'อัตราส่วนหนี้ต่อมูลค่าหลักประกันของบัญชีบัตรของคุณถึง {ltv} % จึงมีการขายหลักประกันเพื่อชำระหนี้บัตรจำนวน {amount} EUR รายการขายและการชำระหนี้อยู่ในกิจกรรมของคุณ',
    },
    zh: {
      subject: '您的 Meridian 卡账户抵押品已被出售',
      body: '您的卡账户贷款价值比达到 {ltv}%，因此已出售部分抵押品以偿还您 {amount} EUR 的卡欠款。出售和还款记录可在您的活动中查看。',
    },
  },
};

export function ltvNotice(kind: LtvNotice, to: string, locale: Locale, values: { ltv: string; amount?: string }): Message {
  const text = NOTICES[kind][locale];
  const fill = (s: string) => s.replace(/\{(\w+)\}/g, (_, key: 'ltv' | 'amount') => values[key] ?? '');
  return { to, channel: 'email', template: `ltv_${kind}`, subject: fill(text.subject), body: fill(text.body) };
}
