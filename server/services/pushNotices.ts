import type { NotificationKind } from '../../contract/notifications';
import type { Locale } from '../../contract/locales';
import { formatAmount } from '../../contract/money';

/**
 * What a push says, in the customer's saved language (`Record<Locale, …>`: the typechecker refuses a
 * missing one). A push shows on a locked screen, so it names an amount at most: no reason, no counterparty.
 */
interface PushText {
  title: string;
  body: string;
}

const TEXTS: Record<NotificationKind, Record<Locale, PushText>> = {
  deposit_credited: {
    en: { title: 'Deposit received', body: '{amount} was credited to your account.' },
    ar: { title: 'تم استلام الإيداع', body: 'أُضيف {amount} إلى حسابك.' },
    de: { title: 'Einzahlung eingegangen', body: '{amount} wurden Ihrem Konto gutgeschrieben.' },
    es: { title: 'Depósito recibido', body: 'Se abonaron {amount} en tu cuenta.' },
    fr: { title: 'Dépôt reçu', body: '{amount} ont été crédités sur votre compte.' },
    ru: { title: 'Пополнение получено', body: 'На ваш счёт зачислено {amount}.' },
    th: { title: 'ได้รับเงินฝากแล้ว', body: '{amount} เข้าบัญชีของคุณแล้ว' },
    zh: { title: '已收到存款', body: '{amount} 已存入您的账户。' },
  },
  transfer_completed: {
    en: { title: 'Transfer completed', body: '{amount} arrived in your account.' },
    ar: { title: 'اكتمل التحويل', body: 'وصل {amount} إلى حسابك.' },
    de: { title: 'Überweisung abgeschlossen', body: '{amount} sind auf Ihrem Konto eingegangen.' },
    es: { title: 'Transferencia completada', body: '{amount} llegaron a tu cuenta.' },
    fr: { title: 'Transfert terminé', body: '{amount} sont arrivés sur votre compte.' },
    ru: { title: 'Перевод выполнен', body: '{amount} поступили на ваш счёт.' },
    th: { title: 'โอนเงินเสร็จสมบูรณ์', body: '{amount} เข้าบัญชีของคุณแล้ว' },
    zh: { title: '转账已完成', body: '{amount} 已到账。' },
  },
  pay_link_paid: {
    en: { title: 'Payment link paid', body: 'You received {amount} through your payment link.' },
    ar: { title: 'تم دفع رابط الدفع', body: 'استلمت {amount} عبر رابط الدفع الخاص بك.' },
    de: { title: 'Zahlungslink bezahlt', body: 'Sie haben {amount} über Ihren Zahlungslink erhalten.' },
    es: { title: 'Enlace de pago pagado', body: 'Recibiste {amount} a través de tu enlace de pago.' },
    fr: { title: 'Lien de paiement réglé', body: 'Vous avez reçu {amount} via votre lien de paiement.' },
    ru: { title: 'Платёжная ссылка оплачена', body: 'Вы получили {amount} по своей платёжной ссылке.' },
    th: { title: 'ลิงก์ชำระเงินได้รับการชำระแล้ว', body: 'คุณได้รับ {amount} ผ่านลิงก์ชำระเงินของคุณ' },
    zh: { title: '付款链接已支付', body: '您通过付款链接收到了 {amount}。' },
  },
  money_received: {
    en: { title: 'Money received', body: '{amount} was sent to you.' },
    ar: { title: 'تم استلام أموال', body: 'أُرسل إليك {amount}.' },
    de: { title: 'Geld erhalten', body: 'Ihnen wurden {amount} gesendet.' },
    es: { title: 'Dinero recibido', body: 'Te enviaron {amount}.' },
    fr: { title: 'Argent reçu', body: 'On vous a envoyé {amount}.' },
    ru: { title: 'Деньги получены', body: 'Вам отправили {amount}.' },
    th: { title: 'ได้รับเงินแล้ว', body: 'มีผู้ส่ง {amount} ถึงคุณ' },
    zh: { title: '已收到转账', body: '有人向您转账 {amount}。' },
  },
  money_requested: {
    en: { title: 'Money requested', body: 'You were asked to pay {amount}.' },
    ar: { title: 'طلب أموال', body: 'طُلب منك دفع {amount}.' },
    de: { title: 'Geldanforderung', body: 'Sie wurden gebeten, {amount} zu zahlen.' },
    es: { title: 'Solicitud de dinero', body: 'Te pidieron que pagues {amount}.' },
    fr: { title: 'Demande d’argent', body: 'On vous demande de payer {amount}.' },
    ru: { title: 'Запрос денег', body: 'Вас просят заплатить {amount}.' },
    th: { title: 'คำขอเงิน', body: 'มีผู้ขอให้คุณชำระ {amount}' },
    zh: { title: '收款请求', body: '有人请您支付 {amount}。' },
  },
  price_alert: {
    en: { title: 'Price alert', body: '{asset} is at {amount}.' },
    ar: { title: 'تنبيه السعر', body: 'سعر {asset} الآن {amount}.' },
    de: { title: 'Preisalarm', body: '{asset} steht bei {amount}.' },
    es: { title: 'Alerta de precio', body: '{asset} está a {amount}.' },
    fr: { title: 'Alerte de prix', body: '{asset} est à {amount}.' },
    ru: { title: 'Ценовое оповещение', body: '{asset} сейчас стоит {amount}.' },
    th: { title: 'การแจ้งเตือนราคา', body: '{asset} อยู่ที่ {amount}' },
    zh: { title: '价格提醒', body: '{asset} 现价 {amount}。' },
  },
  recurring_buy_skipped: {
    en: { title: 'Recurring buy skipped', body: 'Your recurring buy of {amount} did not run today. Top up or check your limits.' },
    ar: { title: 'تم تخطي الشراء المتكرر', body: 'لم يُنفَّذ شراؤك المتكرر بمبلغ {amount} اليوم. اشحن رصيدك أو راجع حدودك.' },
    de: {
      title: 'Wiederkehrender Kauf ausgelassen',
      body: 'Ihr wiederkehrender Kauf über {amount} wurde heute nicht ausgeführt. Laden Sie Ihr Konto auf oder prüfen Sie Ihre Limits.',
    },
    es: {
      title: 'Compra periódica omitida',
      body: 'Tu compra periódica de {amount} no se hizo hoy. Recarga tu cuenta o revisa tus límites.',
    },
    fr: {
      title: 'Achat récurrent sauté',
      body: 'Votre achat récurrent de {amount} n’a pas eu lieu aujourd’hui. Approvisionnez votre compte ou vérifiez vos plafonds.',
    },
    ru: {
      title: 'Регулярная покупка пропущена',
      body: 'Регулярная покупка на {amount} сегодня не выполнена. Пополните счёт или проверьте лимиты.',
    },
    th: { title: 'ข้ามการซื้อแบบประจำ', body: 'การซื้อแบบประจำ {amount} ของคุณไม่ได้ดำเนินการวันนี้ โปรดเติมเงินหรือตรวจสอบวงเงินของคุณ' },
    zh: { title: '定期买入已跳过', body: '您今天 {amount} 的定期买入未执行。请充值或查看您的限额。' },
  },
  withdrawal_confirmed: {
    en: { title: 'Withdrawal confirmed', body: 'Your withdrawal of {amount} is confirmed.' },
    ar: { title: 'تم تأكيد السحب', body: 'تم تأكيد سحبك بمبلغ {amount}.' },
    de: { title: 'Auszahlung bestätigt', body: 'Ihre Auszahlung von {amount} ist bestätigt.' },
    es: { title: 'Retiro confirmado', body: 'Tu retiro de {amount} está confirmado.' },
    fr: { title: 'Retrait confirmé', body: 'Votre retrait de {amount} est confirmé.' },
    ru: { title: 'Вывод подтверждён', body: 'Ваш вывод {amount} подтверждён.' },
    th: { title: 'ยืนยันการถอนเงินแล้ว', body: 'การถอนเงิน {amount} ของคุณได้รับการยืนยันแล้ว' },
    zh: { title: '提现已确认', body: '您提现 {amount} 已确认。' },
  },
  withdrawal_failed: {
    en: { title: 'Withdrawal failed', body: 'Your withdrawal of {amount} did not go through; the money stays in your account.' },
    ar: { title: 'فشل السحب', body: 'لم يتم سحب {amount}؛ يبقى المبلغ في حسابك.' },
    de: {
      title: 'Auszahlung fehlgeschlagen',
      body: 'Ihre Auszahlung von {amount} ist nicht durchgegangen; das Geld bleibt auf Ihrem Konto.',
    },
    es: { title: 'Retiro fallido', body: 'Tu retiro de {amount} no se completó; el dinero sigue en tu cuenta.' },
    fr: { title: 'Échec du retrait', body: "Votre retrait de {amount} n'a pas abouti ; l'argent reste sur votre compte." },
    ru: { title: 'Вывод не выполнен', body: 'Вывод {amount} не прошёл; деньги остаются на вашем счёте.' },
    th: { title: 'ถอนเงินไม่สำเร็จ', body: 'การถอนเงิน {amount} ของคุณไม่สำเร็จ เงินยังอยู่ในบัญชีของคุณ' },
    zh: { title: '提现失败', body: '您提现 {amount} 未成功，资金仍在您的账户中。' },
  },
  kyc_approved: {
    en: { title: 'Identity verified', body: 'Your identity check is approved. The limits of your level now apply.' },
    ar: { title: 'تم التحقق من الهوية', body: 'تمت الموافقة على التحقق من هويتك. تسري الآن حدود مستواك.' },
    de: { title: 'Identität bestätigt', body: 'Ihre Identitätsprüfung ist genehmigt. Die Limits Ihrer Stufe gelten jetzt.' },
    es: { title: 'Identidad verificada', body: 'Tu verificación de identidad está aprobada. Ya se aplican los límites de tu nivel.' },
    fr: { title: 'Identité vérifiée', body: "Votre vérification d'identité est approuvée. Les plafonds de votre niveau s'appliquent." },
    ru: { title: 'Личность подтверждена', body: 'Проверка личности одобрена. Теперь действуют лимиты вашего уровня.' },
    th: { title: 'ยืนยันตัวตนแล้ว', body: 'การยืนยันตัวตนของคุณได้รับอนุมัติแล้ว วงเงินตามระดับของคุณมีผลแล้ว' },
    zh: { title: '身份已验证', body: '您的身份验证已通过，您所在等级的限额现已生效。' },
  },
  kyc_rejected: {
    en: { title: 'Identity check not approved', body: 'Open Meridian to see why.' },
    ar: { title: 'لم تتم الموافقة على التحقق من الهوية', body: 'افتح Meridian لمعرفة السبب.' },
    de: { title: 'Identitätsprüfung nicht genehmigt', body: 'Öffnen Sie Meridian, um den Grund zu sehen.' },
    es: { title: 'Verificación de identidad no aprobada', body: 'Abre Meridian para ver el motivo.' },
    fr: { title: "Vérification d'identité non approuvée", body: 'Ouvrez Meridian pour en voir la raison.' },
    ru: { title: 'Проверка личности не одобрена', body: 'Откройте Meridian, чтобы узнать причину.' },
    th: { title: 'การยืนยันตัวตนไม่ได้รับอนุมัติ', body: 'เปิด Meridian เพื่อดูเหตุผล' },
    zh: { title: '身份验证未通过', body: '打开 Meridian 查看原因。' },
  },
  kyc_resubmission_requested: {
    en: { title: 'One identity step again, please', body: 'Open Meridian to see which step and why.' },
    ar: { title: 'يُرجى إعادة خطوة من التحقق من الهوية', body: 'افتح Meridian لمعرفة الخطوة والسبب.' },
    de: { title: 'Bitte einen Identitätsschritt wiederholen', body: 'Öffnen Sie Meridian, um Schritt und Grund zu sehen.' },
    es: { title: 'Repite un paso de tu verificación', body: 'Abre Meridian para ver qué paso y por qué.' },
    fr: { title: 'Une étape de vérification à refaire', body: 'Ouvrez Meridian pour voir laquelle et pourquoi.' },
    ru: { title: 'Повторите шаг проверки личности', body: 'Откройте Meridian, чтобы узнать, какой шаг и почему.' },
    th: { title: 'โปรดทำขั้นตอนยืนยันตัวตนอีกครั้ง', body: 'เปิด Meridian เพื่อดูขั้นตอนและเหตุผล' },
    zh: { title: '请重新完成一个身份验证步骤', body: '打开 Meridian 查看是哪一步及原因。' },
  },
  security_event: {
    en: { title: 'Security alert', body: 'Your account’s security settings changed. If it was not you, change your password now.' },
    ar: { title: 'تنبيه أمني', body: 'تغيّرت إعدادات أمان حسابك. إن لم تكن أنت، فغيّر كلمة المرور الآن.' },
    de: {
      title: 'Sicherheitshinweis',
      body: 'Die Sicherheitseinstellungen Ihres Kontos wurden geändert. Falls Sie das nicht waren, ändern Sie jetzt Ihr Passwort.',
    },
    es: { title: 'Alerta de seguridad', body: 'La seguridad de tu cuenta cambió. Si no fuiste tú, cambia tu contraseña ahora.' },
    fr: {
      title: 'Alerte de sécurité',
      body: "La sécurité de votre compte a changé. Si ce n'était pas vous, changez votre mot de passe maintenant.",
    },
    ru: {
      title: 'Уведомление о безопасности',
      body: 'Настройки безопасности вашей учётной записи изменились. Если это были не вы, смените пароль.',
    },
    th: { title: 'การแจ้งเตือนความปลอดภัย', body: 'การตั้งค่าความปลอดภัยของบัญชีคุณมีการเปลี่ยนแปลง หากไม่ใช่คุณ โปรดเปลี่ยนรหัสผ่านทันที' },
    zh: { title: '安全提醒', body: '您账户的安全设置已更改。如非本人操作，请立即修改密码。' },
  },
  withdrawal_address_added: {
    en: {
      title: 'New withdrawal address',
      body: 'An address was added to your withdrawal addresses. If it was not you, remove it and change your password now.',
    },
    ar: { title: 'عنوان سحب جديد', body: 'أُضيف عنوان إلى عناوين السحب لديك. إن لم تكن أنت، فاحذفه وغيّر كلمة المرور الآن.' },
    de: {
      title: 'Neue Auszahlungsadresse',
      body: 'Ihren Auszahlungsadressen wurde eine Adresse hinzugefügt. Falls Sie das nicht waren, entfernen Sie sie und ändern Sie jetzt Ihr Passwort.',
    },
    es: {
      title: 'Nueva dirección de retirada',
      body: 'Se añadió una dirección a tus direcciones de retirada. Si no fuiste tú, elimínala y cambia tu contraseña ahora.',
    },
    fr: {
      title: 'Nouvelle adresse de retrait',
      body: "Une adresse a été ajoutée à vos adresses de retrait. Si ce n'était pas vous, supprimez-la et changez votre mot de passe maintenant.",
    },
    ru: {
      title: 'Новый адрес для вывода',
      body: 'К вашим адресам для вывода добавлен адрес. Если это были не вы, удалите его и смените пароль.',
    },
    th: { title: 'ที่อยู่สำหรับถอนใหม่', body: 'มีการเพิ่มที่อยู่ในรายการที่อยู่สำหรับถอนของคุณ หากไม่ใช่คุณ โปรดลบที่อยู่นั้นและเปลี่ยนรหัสผ่านทันที' },
    zh: { title: '新的提现地址', body: '您的提现地址中添加了一个地址。如非本人操作，请将其删除并立即修改密码。' },
  },
  withdrawal_requested: {
    en: {
      title: 'Withdrawal started',
      body: 'A withdrawal of {amount} from your account has started. If it was not you, change your password now.',
    },
    ar: { title: 'بدأ السحب', body: 'بدأ سحب {amount} من حسابك. إن لم تكن أنت، فغيّر كلمة المرور الآن.' },
    de: {
      title: 'Auszahlung gestartet',
      body: 'Eine Auszahlung von {amount} von Ihrem Konto wurde gestartet. Falls Sie das nicht waren, ändern Sie jetzt Ihr Passwort.',
    },
    es: { title: 'Retiro iniciado', body: 'Se inició un retiro de {amount} de tu cuenta. Si no fuiste tú, cambia tu contraseña ahora.' },
    fr: {
      title: 'Retrait lancé',
      body: "Un retrait de {amount} depuis votre compte a été lancé. Si ce n'était pas vous, changez votre mot de passe maintenant.",
    },
    ru: { title: 'Вывод начат', body: 'Начат вывод {amount} с вашего счёта. Если это были не вы, смените пароль.' },
    th: { title: 'เริ่มการถอนเงินแล้ว', body: 'เริ่มการถอนเงิน {amount} จากบัญชีของคุณแล้ว หากไม่ใช่คุณ โปรดเปลี่ยนรหัสผ่านทันที' },
    zh: { title: '提现已发起', body: '您的账户已发起 {amount} 的提现。如非本人操作，请立即修改密码。' },
  },
};

/** Where a click on the push opens the app (English form; localized by `pushText`). */
const TARGET: Record<NotificationKind, string> = {
  deposit_credited: '/activities',
  transfer_completed: '/activities',
  pay_link_paid: '/activities',
  withdrawal_confirmed: '/activities',
  withdrawal_failed: '/activities',
  kyc_approved: '/kyc',
  kyc_rejected: '/kyc',
  kyc_resubmission_requested: '/kyc',
  security_event: '/profile/security',
  withdrawal_address_added: '/profile/security',
  withdrawal_requested: '/activities',
  money_received: '/activities',
  money_requested: '/notifications',
  price_alert: '/notifications',
  recurring_buy_skipped: '/recurring-buys',
};

export function pushText(
  kind: NotificationKind,
  params: { amount?: string; currency?: string; asset?: string },
  locale: Locale,
): PushText & { url: string } {
  const text = TEXTS[kind][locale];
  const amount = params.amount && params.currency ? formatAmount(params.amount, params.currency, locale) : '';
  const path = TARGET[kind];
  return {
    title: text.title,
    body: text.body.replace('{amount}', amount).replace('{asset}', params.asset ?? ''),
    url: locale === 'en' ? path : `/${locale}${path}`,
  };
}
