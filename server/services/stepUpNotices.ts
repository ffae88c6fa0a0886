import type { Locale } from '../../contract/locales';
import { STEP_UP_SECONDS, type StepUpAction } from '../../contract/stepUp';
import type { Message } from './outbox';

// The step-up code and the notices about what a step-up allowed (phone changed or removed, password
// changed), in the customer's saved language. `Record<Locale, …>` so a missing language does not compile.

const MINUTES = STEP_UP_SECONDS / 60;

/** What the code is for, as it completes "… is your Meridian code to …". */
const ACTION: Record<Locale, Record<StepUpAction, string>> = {
  en: {
    'passkey.add': 'add a passkey',
    'passkey.remove': 'remove a passkey',
    'phone.set': 'add a phone number',
    'phone.change': 'change your phone number',
    'phone.remove': 'remove your phone number',
    'password.change': 'change your password',
    withdrawal: 'make a withdrawal',
    'withdrawal.address': 'save a withdrawal address',
    'card.reveal': 'show your card details',
    'paylink.create': 'create a payment link',
    'paylink.pay': 'pay a payment request',
    send: 'send money',
    recurring_buy: 'set up a recurring buy',
  },
  ar: {
    'passkey.add': 'إضافة مفتاح مرور',
    'passkey.remove': 'إزالة مفتاح مرور',
    'phone.set': 'إضافة رقم هاتف',
    'phone.change': 'تغيير رقم هاتفك',
    'phone.remove': 'إزالة رقم هاتفك',
    'password.change': 'تغيير كلمة المرور',
    withdrawal: 'إجراء سحب',
    'withdrawal.address': 'حفظ عنوان سحب',
    'card.reveal': 'عرض بيانات بطاقتك',
    'paylink.create': 'إنشاء رابط دفع',
    'paylink.pay': 'دفع طلب دفع',
    send: 'إرسال أموال',
    recurring_buy: 'إعداد شراء متكرر',
  },
  de: {
    'passkey.add': 'einen Passkey hinzuzufügen',
    'passkey.remove': 'einen Passkey zu entfernen',
    'phone.set': 'eine Telefonnummer hinzuzufügen',
    'phone.change': 'Ihre Telefonnummer zu ändern',
    'phone.remove': 'Ihre Telefonnummer zu entfernen',
    'password.change': 'Ihr Passwort zu ändern',
    withdrawal: 'eine Auszahlung vorzunehmen',
    'withdrawal.address': 'eine Auszahlungsadresse zu speichern',
    'card.reveal': 'Ihre Kartendaten anzuzeigen',
    'paylink.create': 'einen Zahlungslink zu erstellen',
    'paylink.pay': 'eine Zahlungsanforderung zu bezahlen',
    send: 'Geld zu senden',
    recurring_buy: 'einen wiederkehrenden Kauf einzurichten',
  },
  es: {
    'passkey.add': 'añadir una llave de acceso',
    'passkey.remove': 'quitar una llave de acceso',
    'phone.set': 'añadir un número de teléfono',
    'phone.change': 'cambiar tu número de teléfono',
    'phone.remove': 'quitar tu número de teléfono',
    'password.change': 'cambiar tu contraseña',
    withdrawal: 'hacer una retirada',
    'withdrawal.address': 'guardar una dirección de retirada',
    'card.reveal': 'ver los datos de tu tarjeta',
    'paylink.create': 'crear un enlace de pago',
    'paylink.pay': 'pagar una solicitud de pago',
    send: 'enviar dinero',
    recurring_buy: 'configurar una compra periódica',
  },
  fr: {
    'passkey.add': 'ajouter une clé d’accès',
    'passkey.remove': 'supprimer une clé d’accès',
    'phone.set': 'ajouter un numéro de téléphone',
    'phone.change': 'changer votre numéro de téléphone',
    'phone.remove': 'supprimer votre numéro de téléphone',
    'password.change': 'changer votre mot de passe',
    withdrawal: 'effectuer un retrait',
    'withdrawal.address': 'enregistrer une adresse de retrait',
    'card.reveal': 'afficher les données de votre carte',
    'paylink.create': 'créer un lien de paiement',
    'paylink.pay': 'payer une demande de paiement',
    send: 'envoyer de l’argent',
    recurring_buy: 'programmer un achat récurrent',
  },
  ru: {
    'passkey.add': 'добавить ключ доступа',
    'passkey.remove': 'удалить ключ доступа',
    'phone.set': 'добавить номер телефона',
    'phone.change': 'сменить номер телефона',
    'phone.remove': 'удалить номер телефона',
    'password.change': 'сменить пароль',
    withdrawal: 'вывести средства',
    'withdrawal.address': 'сохранить адрес для вывода',
    'card.reveal': 'показать данные карты',
    'paylink.create': 'создать платёжную ссылку',
    'paylink.pay': 'оплатить запрос на оплату',
    send: 'отправить деньги',
    recurring_buy: 'настроить регулярную покупку',
  },
  th: {
    'passkey.add': 'เพิ่มพาสคีย์',
    'passkey.remove': 'ลบพาสคีย์',
    'phone.set': 'เพิ่มหมายเลขโทรศัพท์',
    'phone.change': 'เปลี่ยนหมายเลขโทรศัพท์',
    'phone.remove': 'ลบหมายเลขโทรศัพท์',
    'password.change': 'เปลี่ยนรหัสผ่าน',
    withdrawal: 'ถอนเงิน',
    'withdrawal.address': 'บันทึกที่อยู่สำหรับถอน',
    'card.reveal': 'แสดงข้อมูลบัตร',
    'paylink.create': 'สร้างลิงก์ชำระเงิน',
    'paylink.pay': 'ชำระคำขอชำระเงิน',
    send: 'ส่งเงิน',
    recurring_buy: 'ตั้งค่าการซื้อแบบประจำ',
  },
  zh: {
    'passkey.add': '添加通行密钥',
    'passkey.remove': '移除通行密钥',
    'phone.set': '添加手机号码',
    'phone.change': '更改手机号码',
    'phone.remove': '移除手机号码',
    'password.change': '更改密码',
    withdrawal: '提现',
    'withdrawal.address': '保存提现地址',
    'card.reveal': '查看银行卡信息',
    'paylink.create': '创建付款链接',
    'paylink.pay': '支付付款请求',
    send: '转账',
    recurring_buy: '设置定期买入',
  },
};

const CODE_TEXT: Record<Locale, (code: string, action: string) => { subject: string; body: string }> = {
  en: (code, action) => ({
    subject: `${code} is your Meridian code to ${action}`,
    body: `Meridian: ${code} is your code to ${action}. It expires in ${MINUTES} minutes. If this was not you, do not share it and change your password.`,
  }),
  ar: (code, action) => ({
    subject: `${code} هو رمز Meridian من أجل ${action}`,
    body: `Meridian: الرمز ${code} من أجل ${action}. تنتهي صلاحيته خلال ${MINUTES} دقائق. إن لم تكن أنت، فلا تشاركه وغيّر كلمة المرور.`,
  }),
  de: (code, action) => ({
    subject: `${code} ist Ihr Meridian-Code, um ${action}`,
    body: `Meridian: ${code} ist Ihr Code, um ${action}. Er läuft in ${MINUTES} Minuten ab. Wenn Sie das nicht waren, geben Sie ihn nicht weiter und ändern Sie Ihr Passwort.`,
  }),
  es: (code, action) => ({
    subject: `${code} es tu código de Meridian para ${action}`,
    body: `Meridian: ${code} es tu código para ${action}. Caduca en ${MINUTES} minutos. Si no fuiste tú, no lo compartas y cambia tu contraseña.`,
  }),
  fr: (code, action) => ({
    subject: `${code} est votre code Meridian pour ${action}`,
    body: `Meridian : ${code} est votre code pour ${action}. Il expire dans ${MINUTES} minutes. Si ce n’était pas vous, ne le communiquez pas et changez votre mot de passe.`,
  }),
  ru: (code, action) => ({
    subject: `${code} — ваш код Meridian, чтобы ${action}`,
    body: `Meridian: ${code} — ваш код, чтобы ${action}. Он действует ${MINUTES} минут. Если это были не вы, никому его не сообщайте и смените пароль.`,
  }),
  th: (code, action) => ({
    subject: `${code} คือรหัส Meridian สำหรับ${action}`,
    body: `Meridian: ${code} คือรหัสของคุณสำหรับ${action} รหัสจะหมดอายุใน ${MINUTES} นาที หากไม่ใช่คุณ อย่าบอกรหัสนี้กับผู้ใด และโปรดเปลี่ยนรหัสผ่าน`,
  }),
  zh: (code, action) => ({
    subject: `${code} 是您用于${action}的 Meridian 验证码`,
    body: `Meridian：${code} 是您用于${action}的验证码，${MINUTES} 分钟内有效。如果不是您本人操作，请勿泄露并立即更改密码。`,
  }),
};

/** The step-up code, by SMS to the confirmed phone or by e-mail, naming the action it allows. */
export function stepUpCodeMessage(to: string, channel: 'email' | 'sms', action: StepUpAction, code: string, locale: Locale): Message {
  return { to, channel, template: 'step_up', ...CODE_TEXT[locale](code, ACTION[locale][action]) };
}

interface NoticeText {
  subject: string;
  body: string;
}

type PhoneEvent = 'changed' | 'removed';

/** To the old number: short, no link, what to do if it was not the customer. */
const PHONE_SMS: Record<Locale, Record<PhoneEvent, string>> = {
  en: {
    changed:
      'Meridian: this number is no longer the phone of your account; a new one was confirmed. If this was not you, contact us and change your password.',
    removed: 'Meridian: this number was removed from your account. If this was not you, contact us and change your password.',
  },
  ar: {
    changed: 'Meridian: لم يعد هذا الرقم هاتف حسابك؛ فقد تم تأكيد رقم جديد. إن لم تكن أنت، فتواصل معنا وغيّر كلمة المرور.',
    removed: 'Meridian: أُزيل هذا الرقم من حسابك. إن لم تكن أنت، فتواصل معنا وغيّر كلمة المرور.',
  },
  de: {
    changed:
      'Meridian: Diese Nummer ist nicht mehr das Telefon Ihres Kontos; eine neue wurde bestätigt. Wenn Sie das nicht waren, kontaktieren Sie uns und ändern Sie Ihr Passwort.',
    removed:
      'Meridian: Diese Nummer wurde aus Ihrem Konto entfernt. Wenn Sie das nicht waren, kontaktieren Sie uns und ändern Sie Ihr Passwort.',
  },
  es: {
    changed:
      'Meridian: este número ya no es el teléfono de tu cuenta; se confirmó uno nuevo. Si no fuiste tú, contáctanos y cambia tu contraseña.',
    removed: 'Meridian: este número se quitó de tu cuenta. Si no fuiste tú, contáctanos y cambia tu contraseña.',
  },
  fr: {
    changed:
      'Meridian : ce numéro n’est plus le téléphone de votre compte ; un nouveau a été confirmé. Si ce n’était pas vous, contactez-nous et changez votre mot de passe.',
    removed: 'Meridian : ce numéro a été supprimé de votre compte. Si ce n’était pas vous, contactez-nous et changez votre mot de passe.',
  },
  ru: {
    changed:
      'Meridian: этот номер больше не привязан к вашей учётной записи; подтверждён новый. Если это были не вы, свяжитесь с нами и смените пароль.',
    removed: 'Meridian: этот номер удалён из вашей учётной записи. Если это были не вы, свяжитесь с нами и смените пароль.',
  },
  th: {
    changed: 'Meridian: หมายเลขนี้ไม่ใช่โทรศัพท์ของบัญชีคุณอีกต่อไป มีการยืนยันหมายเลขใหม่แล้ว หากไม่ใช่คุณ โปรดติดต่อเราและเปลี่ยนรหัสผ่าน',
    removed: 'Meridian: หมายเลขนี้ถูกลบออกจากบัญชีของคุณแล้ว หากไม่ใช่คุณ โปรดติดต่อเราและเปลี่ยนรหัสผ่าน',
  },
  zh: {
    changed: 'Meridian：此号码已不再是您账户的手机号码，新号码已确认。如果不是您本人操作，请联系我们并更改密码。',
    removed: 'Meridian：此号码已从您的账户中移除。如果不是您本人操作，请联系我们并更改密码。',
  },
};

/** To the e-mail: which number the phone became (in international form), or that it was removed. */
const PHONE_EMAIL: Record<Locale, { changed: (phone: string) => NoticeText; removed: NoticeText }> = {
  en: {
    changed: (phone) => ({
      subject: 'Your Meridian phone number was changed',
      body: `The phone number of your Meridian account is now ${phone}. Sign-in codes go to it from now on.\n\nIf this was not you, contact us at once and change your password.`,
    }),
    removed: {
      subject: 'Your Meridian phone number was removed',
      body: 'The phone number of your Meridian account was removed. Sign-in no longer asks for an SMS code.\n\nIf this was not you, contact us at once and change your password.',
    },
  },
  ar: {
    changed: (phone) => ({
      subject: 'تم تغيير رقم هاتفك في Meridian',
      body: `رقم هاتف حسابك في Meridian أصبح الآن ${phone}. ستُرسل رموز تسجيل الدخول إليه من الآن.\n\nإن لم تكن أنت، فتواصل معنا فورًا وغيّر كلمة المرور.`,
    }),
    removed: {
      subject: 'تمت إزالة رقم هاتفك من Meridian',
      body: 'أُزيل رقم هاتف حسابك في Meridian. لم يعد تسجيل الدخول يطلب رمزًا عبر الرسائل القصيرة.\n\nإن لم تكن أنت، فتواصل معنا فورًا وغيّر كلمة المرور.',
    },
  },
  de: {
    changed: (phone) => ({
      subject: 'Ihre Meridian-Telefonnummer wurde geändert',
      body: `Die Telefonnummer Ihres Meridian-Kontos ist jetzt ${phone}. Anmeldecodes gehen ab sofort dorthin.\n\nWenn Sie das nicht waren, kontaktieren Sie uns sofort und ändern Sie Ihr Passwort.`,
    }),
    removed: {
      subject: 'Ihre Meridian-Telefonnummer wurde entfernt',
      body: 'Die Telefonnummer Ihres Meridian-Kontos wurde entfernt. Die Anmeldung fragt nicht mehr nach einem SMS-Code.\n\nWenn Sie das nicht waren, kontaktieren Sie uns sofort und ändern Sie Ihr Passwort.',
    },
  },
  es: {
    changed: (phone) => ({
      subject: 'Se cambió tu número de teléfono de Meridian',
      body: `El número de teléfono de tu cuenta de Meridian es ahora ${phone}. Los códigos de inicio de sesión irán a él desde ahora.\n\nSi no fuiste tú, contáctanos enseguida y cambia tu contraseña.`,
    }),
    removed: {
      subject: 'Se quitó tu número de teléfono de Meridian',
      body: 'Se quitó el número de teléfono de tu cuenta de Meridian. El inicio de sesión ya no pide un código por SMS.\n\nSi no fuiste tú, contáctanos enseguida y cambia tu contraseña.',
    },
  },
  fr: {
    changed: (phone) => ({
      subject: 'Votre numéro de téléphone Meridian a été changé',
      body: `Le numéro de téléphone de votre compte Meridian est désormais ${phone}. Les codes de connexion y seront envoyés.\n\nSi ce n’était pas vous, contactez-nous immédiatement et changez votre mot de passe.`,
    }),
    removed: {
      subject: 'Votre numéro de téléphone Meridian a été supprimé',
      body: 'Le numéro de téléphone de votre compte Meridian a été supprimé. La connexion ne demande plus de code par SMS.\n\nSi ce n’était pas vous, contactez-nous immédiatement et changez votre mot de passe.',
    },
  },
  ru: {
    changed: (phone) => ({
      subject: 'Номер телефона в Meridian изменён',
      body: `Номер телефона вашей учётной записи Meridian теперь ${phone}. Коды для входа будут приходить на него.\n\nЕсли это были не вы, немедленно свяжитесь с нами и смените пароль.`,
    }),
    removed: {
      subject: 'Номер телефона удалён из Meridian',
      body: 'Номер телефона вашей учётной записи Meridian удалён. При входе больше не запрашивается код из SMS.\n\nЕсли это были не вы, немедленно свяжитесь с нами и смените пароль.',
    },
  },
  th: {
    changed: (phone) => ({
      subject: 'หมายเลขโทรศัพท์ Meridian ของคุณถูกเปลี่ยนแล้ว',
      body: `หมายเลขโทรศัพท์ของบัญชี Meridian ของคุณตอนนี้คือ ${phone} รหัสเข้าสู่ระบบจะส่งไปที่หมายเลขนี้นับจากนี้\n\nหากไม่ใช่คุณ โปรดติดต่อเราทันทีและเปลี่ยนรหัสผ่าน`,
    }),
    removed: {
      subject: 'หมายเลขโทรศัพท์ Meridian ของคุณถูกลบแล้ว',
      body: 'หมายเลขโทรศัพท์ของบัญชี Meridian ของคุณถูกลบแล้ว การเข้าสู่ระบบจะไม่ขอรหัสทาง SMS อีกต่อไป\n\nหากไม่ใช่คุณ โปรดติดต่อเราทันทีและเปลี่ยนรหัสผ่าน',
    },
  },
  zh: {
    changed: (phone) => ({
      subject: '您的 Meridian 手机号码已更改',
      body: `您的 Meridian 账户手机号码现为 ${phone}。今后登录验证码将发送到此号码。\n\n如果不是您本人操作，请立即联系我们并更改密码。`,
    }),
    removed: {
      subject: '您的 Meridian 手机号码已移除',
      body: '您的 Meridian 账户手机号码已被移除。登录时将不再要求短信验证码。\n\n如果不是您本人操作，请立即联系我们并更改密码。',
    },
  },
};

const PASSWORD_CHANGED: Record<Locale, NoticeText> = {
  en: {
    subject: 'Your Meridian password was changed',
    body: 'The password of your Meridian account was changed, and every other device was signed out.\n\nIf this was not you, reset your password at once and contact us.',
  },
  ar: {
    subject: 'تم تغيير كلمة مرور Meridian',
    body: 'تم تغيير كلمة مرور حسابك في Meridian، وتم تسجيل الخروج من كل الأجهزة الأخرى.\n\nإن لم تكن أنت، فأعد تعيين كلمة المرور فورًا وتواصل معنا.',
  },
  de: {
    subject: 'Ihr Meridian-Passwort wurde geändert',
    body: 'Das Passwort Ihres Meridian-Kontos wurde geändert, und alle anderen Geräte wurden abgemeldet.\n\nWenn Sie das nicht waren, setzen Sie Ihr Passwort sofort zurück und kontaktieren Sie uns.',
  },
  es: {
    subject: 'Se cambió tu contraseña de Meridian',
    body: 'Se cambió la contraseña de tu cuenta de Meridian y se cerró la sesión en todos los demás dispositivos.\n\nSi no fuiste tú, restablece tu contraseña enseguida y contáctanos.',
  },
  fr: {
    subject: 'Votre mot de passe Meridian a été changé',
    body: 'Le mot de passe de votre compte Meridian a été changé, et tous les autres appareils ont été déconnectés.\n\nSi ce n’était pas vous, réinitialisez votre mot de passe immédiatement et contactez-nous.',
  },
  ru: {
    subject: 'Пароль Meridian изменён',
    body: 'Пароль вашей учётной записи Meridian изменён, на всех остальных устройствах выполнен выход.\n\nЕсли это были не вы, немедленно сбросьте пароль и свяжитесь с нами.',
  },
  th: {
    subject: 'รหัสผ่าน Meridian ของคุณถูกเปลี่ยนแล้ว',
    body: 'รหัสผ่านของบัญชี Meridian ของคุณถูกเปลี่ยนแล้ว และอุปกรณ์อื่นทั้งหมดถูกออกจากระบบ\n\nหากไม่ใช่คุณ โปรดรีเซ็ตรหัสผ่านทันทีและติดต่อเรา',
  },
  zh: {
    subject: '您的 Meridian 密码已更改',
    body: '您的 Meridian 账户密码已更改，其他所有设备均已退出登录。\n\n如果不是您本人操作，请立即重置密码并联系我们。',
  },
};

/** The old number hears that it no longer receives the account's codes. */
export function phoneChangedSms(to: string, event: PhoneEvent, locale: Locale): Message {
  return { to, channel: 'sms', template: `phone_${event}`, subject: 'Meridian phone number', body: PHONE_SMS[locale][event] };
}

/** The account's e-mail hears of the new number (`newPhone` formatted), or of the removal. */
export function phoneChangedEmail(to: string, newPhone: string | null, locale: Locale): Message {
  const text = newPhone === null ? PHONE_EMAIL[locale].removed : PHONE_EMAIL[locale].changed(newPhone);
  return { to, channel: 'email', template: newPhone === null ? 'phone_removed' : 'phone_changed', ...text };
}

export function passwordChangedEmail(to: string, locale: Locale): Message {
  return { to, channel: 'email', template: 'password_changed', ...PASSWORD_CHANGED[locale] };
}

/** To the e-mail when a session typed too many wrong step-up codes in a day and was ended. */
const STEP_UP_GUESSING: Record<Locale, NoticeText> = {
  en: {
    subject: 'We signed out a Meridian session after wrong codes',
    body: 'Too many wrong confirmation codes were typed in your Meridian account today, so we ended the session they came from.\n\nIf it was you, sign in again. If it was not you, someone may have access to a device where you are signed in: change your password and sign out of every other session under Profile › Security.',
  },
  ar: {
    subject: 'أنهينا جلسة في Meridian بعد رموز خاطئة',
    body: 'أُدخلت اليوم رموز تأكيد خاطئة كثيرة في حسابك في Meridian، لذا أنهينا الجلسة التي جاءت منها.\n\nإن كنت أنت، فسجّل الدخول مجددًا. وإن لم تكن أنت، فربما يستطيع شخص ما الوصول إلى جهاز سجّلت الدخول عليه: غيّر كلمة المرور وسجّل الخروج من كل الجلسات الأخرى في الملف الشخصي › الأمان.',
  },
  de: {
    subject: 'Wir haben eine Meridian-Sitzung nach falschen Codes beendet',
    body: 'In Ihrem Meridian-Konto wurden heute zu viele falsche Bestätigungscodes eingegeben, daher haben wir die Sitzung beendet, aus der sie kamen.\n\nWenn Sie das waren, melden Sie sich erneut an. Wenn nicht, hat vielleicht jemand Zugriff auf ein Gerät, auf dem Sie angemeldet sind: Ändern Sie Ihr Passwort und melden Sie unter Profil › Sicherheit alle anderen Sitzungen ab.',
  },
  es: {
    subject: 'Cerramos una sesión de Meridian tras códigos erróneos',
    body: 'Hoy se escribieron demasiados códigos de confirmación erróneos en tu cuenta de Meridian, así que cerramos la sesión de la que venían.\n\nSi fuiste tú, vuelve a iniciar sesión. Si no fuiste tú, alguien puede tener acceso a un dispositivo en el que iniciaste sesión: cambia tu contraseña y cierra todas las demás sesiones en Perfil › Seguridad.',
  },
  fr: {
    subject: 'Nous avons fermé une session Meridian après des codes erronés',
    body: 'Trop de codes de confirmation erronés ont été saisis aujourd’hui sur votre compte Meridian : nous avons donc fermé la session d’où ils venaient.\n\nSi c’était vous, reconnectez-vous. Sinon, quelqu’un a peut-être accès à un appareil où vous êtes connecté : changez votre mot de passe et déconnectez toutes les autres sessions dans Profil › Sécurité.',
  },
  ru: {
    subject: 'Мы завершили сеанс Meridian после неверных кодов',
    body: 'Сегодня в вашей учётной записи Meridian было введено слишком много неверных кодов подтверждения, поэтому мы завершили сеанс, из которого они пришли.\n\nЕсли это были вы, войдите снова. Если нет, возможно, у кого-то есть доступ к устройству, на котором вы вошли: смените пароль и завершите все остальные сеансы в разделе Профиль › Безопасность.',
  },
  th: {
    subject: 'เราได้ปิดเซสชัน Meridian หลังจากมีการป้อนรหัสผิด',
    body: 'วันนี้มีการป้อนรหัสยืนยันผิดหลายครั้งเกินไปในบัญชี Meridian ของคุณ เราจึงปิดเซสชันที่รหัสเหล่านั้นมาจาก\n\nหากเป็นคุณ โปรดเข้าสู่ระบบอีกครั้ง หากไม่ใช่คุณ อาจมีผู้เข้าถึงอุปกรณ์ที่คุณเข้าสู่ระบบไว้ได้ โปรดเปลี่ยนรหัสผ่านและออกจากระบบเซสชันอื่นทั้งหมดที่ โปรไฟล์ › ความปลอดภัย',
  },
  zh: {
    subject: '因验证码多次错误，我们已结束一个 Meridian 会话',
    body: '今天您的 Meridian 账户中输入了过多错误的确认码，因此我们结束了这些验证码来源的会话。\n\n如果是您本人，请重新登录。如果不是您，可能有人能使用您已登录的某台设备：请更改密码，并在“个人资料 › 安全”中退出所有其他会话。',
  },
};

export function stepUpGuessingEmail(to: string, locale: Locale): Message {
  return { to, channel: 'email', template: 'step_up_guessing', ...STEP_UP_GUESSING[locale] };
}
