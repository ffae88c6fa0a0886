import { LOCALE_TAGS, type Locale } from '../../contract/locales';
import { numberFormat } from '../../contract/intlCache';
import type { Message } from './outbox';
import { CODE_TTL_SECONDS } from './codes';

/**
 * The messages that carry a one-time code, in the recipient's saved language from the very first one
 * (registration saves the language before its code is sent). The code stays in ASCII digits in every
 * language, so it can be typed on any keyboard; the lifetime is written by `Intl` for the language,
 * with its plural. `Record<Locale, …>` so the typechecker refuses a missing language.
 */
interface CodeText {
  subject: string;
  body: string;
}

/** "10 minutes", "١٠ دقائق", "10 минут": the code's lifetime with the language's own digits and plural. */
function lifetime(locale: Locale): string {
  return numberFormat(LOCALE_TAGS[locale], { style: 'unit', unit: 'minute', unitDisplay: 'long' }).format(CODE_TTL_SECONDS / 60);
}

function fill(text: string, values: Record<string, string>): string {
  return text.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? '');
}

function codeMessage(to: string, channel: Message['channel'], template: string, text: CodeText, values: Record<string, string>): Message {
  return { to, channel, template, subject: fill(text.subject, values), body: fill(text.body, values) };
}

const VERIFY_EMAIL: Record<Locale, CodeText> = {
  en: {
    subject: '{code} is your Meridian verification code',
    body: 'Your Meridian verification code is {code}. It expires in {lifetime}.\n\nIf you did not create a Meridian account, ignore this e-mail.',
  },
  ar: {
    subject: '{code} هو رمز التحقق الخاص بك في Meridian',
    body: 'رمز التحقق الخاص بك في Meridian هو {code}. تنتهي صلاحيته خلال {lifetime}.\n\nإذا لم تنشئ حسابًا في Meridian، فتجاهل هذه الرسالة.',
  },
  de: {
    subject: '{code} ist Ihr Meridian-Bestätigungscode',
    body: 'Ihr Meridian-Bestätigungscode lautet {code}. Er läuft in {lifetime} ab.\n\nWenn Sie kein Meridian-Konto eröffnet haben, ignorieren Sie diese E-Mail.',
  },
  es: {
    subject: '{code} es su código de verificación de Meridian',
    body: 'Su código de verificación de Meridian es {code}. Caduca en {lifetime}.\n\nSi no ha creado una cuenta en Meridian, ignore este correo.',
  },
  fr: {
    subject: '{code} est votre code de vérification Meridian',
    body: 'Votre code de vérification Meridian est {code}. Il expire dans {lifetime}.\n\nSi vous n’avez pas créé de compte Meridian, ignorez cet e-mail.',
  },
  ru: {
    subject: '{code} — ваш код подтверждения Meridian',
    body: 'Ваш код подтверждения Meridian: {code}. Он действует {lifetime}.\n\nЕсли вы не создавали учётную запись Meridian, проигнорируйте это письмо.',
  },
  th: {
    subject: '{code} คือรหัสยืนยัน Meridian ของคุณ',
    body: 'รหัสยืนยัน Meridian ของคุณคือ {code} รหัสจะหมดอายุใน {lifetime}\n\nหากคุณไม่ได้สร้างบัญชี Meridian โปรดเพิกเฉยต่ออีเมลนี้',
  },
  zh: {
    subject: '{code} 是您的 Meridian 验证码',
    body: '您的 Meridian 验证码是 {code}，{lifetime}内有效。\n\n如果您没有创建 Meridian 账户，请忽略此邮件。',
  },
};

const RESET_PASSWORD: Record<Locale, CodeText> = {
  en: {
    subject: '{code} is your Meridian password reset code',
    body: 'Your Meridian password reset code is {code}. It expires in {lifetime}.\n\nIf you did not ask to reset your password, ignore this e-mail; your password stays as it is.',
  },
  ar: {
    subject: '{code} هو رمز إعادة تعيين كلمة المرور في Meridian',
    body: 'رمز إعادة تعيين كلمة المرور الخاص بك في Meridian هو {code}. تنتهي صلاحيته خلال {lifetime}.\n\nإذا لم تطلب إعادة تعيين كلمة المرور، فتجاهل هذه الرسالة؛ ستبقى كلمة المرور كما هي.',
  },
  de: {
    subject: '{code} ist Ihr Meridian-Code zum Zurücksetzen des Passworts',
    body: 'Ihr Meridian-Code zum Zurücksetzen des Passworts lautet {code}. Er läuft in {lifetime} ab.\n\nWenn Sie das Zurücksetzen nicht angefordert haben, ignorieren Sie diese E-Mail; Ihr Passwort bleibt unverändert.',
  },
  es: {
    subject: '{code} es su código para restablecer la contraseña de Meridian',
    body: 'Su código para restablecer la contraseña de Meridian es {code}. Caduca en {lifetime}.\n\nSi no ha pedido restablecer su contraseña, ignore este correo; su contraseña no cambia.',
  },
  fr: {
    subject: '{code} est votre code de réinitialisation du mot de passe Meridian',
    body: 'Votre code de réinitialisation du mot de passe Meridian est {code}. Il expire dans {lifetime}.\n\nSi vous n’avez pas demandé à réinitialiser votre mot de passe, ignorez cet e-mail ; votre mot de passe reste inchangé.',
  },
  ru: {
    subject: '{code} — ваш код для сброса пароля Meridian',
    body: 'Ваш код для сброса пароля Meridian: {code}. Он действует {lifetime}.\n\nЕсли вы не запрашивали сброс пароля, проигнорируйте это письмо — пароль останется прежним.',
  },
  th: {
    subject: '{code} คือรหัสรีเซ็ตรหัสผ่าน Meridian ของคุณ',
    body: 'รหัสรีเซ็ตรหัสผ่าน Meridian ของคุณคือ {code} รหัสจะหมดอายุใน {lifetime}\n\nหากคุณไม่ได้ขอรีเซ็ตรหัสผ่าน โปรดเพิกเฉยต่ออีเมลนี้ รหัสผ่านของคุณจะยังคงเหมือนเดิม',
  },
  zh: {
    subject: '{code} 是您的 Meridian 密码重置码',
    body: '您的 Meridian 密码重置码是 {code}，{lifetime}内有效。\n\n如果您没有申请重置密码，请忽略此邮件，您的密码保持不变。',
  },
};

/** SMS are short and carry no link: the code, what it is for, and what to do if it was not you. */
const SIGN_IN_SMS: Record<Locale, CodeText> = {
  en: {
    subject: 'Meridian sign-in code',
    body: '{code} is your Meridian sign-in code. It expires in {lifetime}. If you did not try to sign in, change your password.',
  },
  ar: {
    subject: 'رمز تسجيل الدخول إلى Meridian',
    body: '{code} هو رمز تسجيل الدخول إلى Meridian. تنتهي صلاحيته خلال {lifetime}. إذا لم تحاول تسجيل الدخول، فغيّر كلمة المرور.',
  },
  de: {
    subject: 'Meridian-Anmeldecode',
    body: '{code} ist Ihr Meridian-Anmeldecode. Er läuft in {lifetime} ab. Wenn Sie sich nicht anmelden wollten, ändern Sie Ihr Passwort.',
  },
  es: {
    subject: 'Código de inicio de sesión de Meridian',
    body: '{code} es su código de inicio de sesión de Meridian. Caduca en {lifetime}. Si no intentó iniciar sesión, cambie su contraseña.',
  },
  fr: {
    subject: 'Code de connexion Meridian',
    body: '{code} est votre code de connexion Meridian. Il expire dans {lifetime}. Si vous n’avez pas essayé de vous connecter, changez votre mot de passe.',
  },
  ru: {
    subject: 'Код входа в Meridian',
    body: '{code} — ваш код входа в Meridian. Он действует {lifetime}. Если вы не пытались войти, смените пароль.',
  },
  th: {
    subject: 'รหัสเข้าสู่ระบบ Meridian',
    body: '{code} คือรหัสเข้าสู่ระบบ Meridian ของคุณ หมดอายุใน {lifetime} หากคุณไม่ได้พยายามเข้าสู่ระบบ โปรดเปลี่ยนรหัสผ่าน',
  },
  zh: {
    subject: 'Meridian 登录验证码',
    body: '{code} 是您的 Meridian 登录验证码，{lifetime}内有效。如果不是您本人尝试登录，请修改密码。',
  },
};

const CONFIRM_PHONE_SMS: Record<Locale, CodeText> = {
  en: {
    subject: 'Meridian phone confirmation code',
    body: '{code} is your Meridian code to confirm this phone number. It expires in {lifetime}.',
  },
  ar: {
    subject: 'رمز تأكيد الهاتف في Meridian',
    body: '{code} هو رمزك في Meridian لتأكيد رقم الهاتف هذا. تنتهي صلاحيته خلال {lifetime}.',
  },
  de: {
    subject: 'Meridian-Code zur Bestätigung der Telefonnummer',
    body: '{code} ist Ihr Meridian-Code zur Bestätigung dieser Telefonnummer. Er läuft in {lifetime} ab.',
  },
  es: {
    subject: 'Código de confirmación de teléfono de Meridian',
    body: '{code} es su código de Meridian para confirmar este número de teléfono. Caduca en {lifetime}.',
  },
  fr: {
    subject: 'Code de confirmation du téléphone Meridian',
    body: '{code} est votre code Meridian pour confirmer ce numéro de téléphone. Il expire dans {lifetime}.',
  },
  ru: {
    subject: 'Код подтверждения телефона Meridian',
    body: '{code} — ваш код Meridian для подтверждения этого номера телефона. Он действует {lifetime}.',
  },
  th: {
    subject: 'รหัสยืนยันหมายเลขโทรศัพท์ Meridian',
    body: '{code} คือรหัส Meridian สำหรับยืนยันหมายเลขโทรศัพท์นี้ หมดอายุใน {lifetime}',
  },
  zh: {
    subject: 'Meridian 手机验证码',
    body: '{code} 是您用于确认此手机号码的 Meridian 验证码，{lifetime}内有效。',
  },
};

/** `{phone}` is written left to right inside the Arabic text (isolated), so its digits keep their order. */
const CONFIRM_PHONE_CHANGE_EMAIL: Record<Locale, CodeText> = {
  en: {
    subject: '{code} is your Meridian code to change your phone number',
    body: 'Your Meridian code to change your phone number to {phone} is {code}. It expires in {lifetime}.\n\nIf you did not ask to change your phone number, do not share this code and change your password.',
  },
  ar: {
    subject: '{code} هو رمزك في Meridian لتغيير رقم هاتفك',
    body: 'رمزك في Meridian لتغيير رقم هاتفك إلى \u2066{phone}\u2069 هو {code}. تنتهي صلاحيته خلال {lifetime}.\n\nإذا لم تطلب تغيير رقم هاتفك، فلا تشارك هذا الرمز وغيّر كلمة المرور.',
  },
  de: {
    subject: '{code} ist Ihr Meridian-Code zur Änderung Ihrer Telefonnummer',
    body: 'Ihr Meridian-Code, um Ihre Telefonnummer in {phone} zu ändern, lautet {code}. Er läuft in {lifetime} ab.\n\nWenn Sie die Änderung nicht angefordert haben, geben Sie diesen Code nicht weiter und ändern Sie Ihr Passwort.',
  },
  es: {
    subject: '{code} es su código de Meridian para cambiar su número de teléfono',
    body: 'Su código de Meridian para cambiar su número de teléfono a {phone} es {code}. Caduca en {lifetime}.\n\nSi no ha pedido cambiar su número de teléfono, no comparta este código y cambie su contraseña.',
  },
  fr: {
    subject: '{code} est votre code Meridian pour changer de numéro de téléphone',
    body: 'Votre code Meridian pour remplacer votre numéro de téléphone par {phone} est {code}. Il expire dans {lifetime}.\n\nSi vous n’avez pas demandé ce changement, ne communiquez pas ce code et changez votre mot de passe.',
  },
  ru: {
    subject: '{code} — ваш код Meridian для смены номера телефона',
    body: 'Ваш код Meridian для смены номера телефона на {phone}: {code}. Он действует {lifetime}.\n\nЕсли вы не запрашивали смену номера, никому не сообщайте этот код и смените пароль.',
  },
  th: {
    subject: '{code} คือรหัส Meridian สำหรับเปลี่ยนหมายเลขโทรศัพท์ของคุณ',
    body: 'รหัส Meridian สำหรับเปลี่ยนหมายเลขโทรศัพท์ของคุณเป็น {phone} คือ {code} หมดอายุใน {lifetime}\n\nหากคุณไม่ได้ขอเปลี่ยนหมายเลขโทรศัพท์ อย่าแชร์รหัสนี้และโปรดเปลี่ยนรหัสผ่าน',
  },
  zh: {
    subject: '{code} 是您更换手机号码的 Meridian 验证码',
    body: '您将手机号码更换为 {phone} 的 Meridian 验证码是 {code}，{lifetime}内有效。\n\n如果您没有申请更换手机号码，请勿泄露此验证码，并修改密码。',
  },
};

/** `{request}` is one of the two requests below; the SMS is the short form of the e-mail. */
interface ConfirmationText {
  subject: string;
  sms: string;
  email: string;
  biometric_enable: string;
  biometric_disable: string;
  warning: string;
}

const PASSKEY_CONFIRMATION: Record<Locale, ConfirmationText> = {
  en: {
    subject: '{code} is your Meridian confirmation code',
    sms: 'Meridian: {code} confirms {request}. Valid for {lifetime}. {warning}',
    email: 'Your Meridian confirmation code is {code}. It confirms {request} and expires in {lifetime}.\n\n{warning}',
    biometric_enable: 'the request to add a passkey to your account',
    biometric_disable: 'the request to remove every passkey from your account',
    warning: 'If this was not you, do not share the code and change your password.',
  },
  ar: {
    subject: '{code} هو رمز التأكيد الخاص بك في Meridian',
    sms: 'Meridian: الرمز {code} يؤكد {request}. صالح لمدة {lifetime}. {warning}',
    email: 'رمز التأكيد الخاص بك في Meridian هو {code}. يؤكد {request} وتنتهي صلاحيته خلال {lifetime}.\n\n{warning}',
    biometric_enable: 'طلب إضافة مفتاح مرور إلى حسابك',
    biometric_disable: 'طلب إزالة كل مفاتيح المرور من حسابك',
    warning: 'إن لم تكن أنت، فلا تشارك الرمز وغيّر كلمة المرور.',
  },
  de: {
    subject: '{code} ist Ihr Meridian-Bestätigungscode',
    sms: 'Meridian: {code} bestätigt {request}. Gültig für {lifetime}. {warning}',
    email: 'Ihr Meridian-Bestätigungscode lautet {code}. Er bestätigt {request} und läuft in {lifetime} ab.\n\n{warning}',
    biometric_enable: 'die Anfrage, Ihrem Konto einen Passkey hinzuzufügen',
    biometric_disable: 'die Anfrage, alle Passkeys aus Ihrem Konto zu entfernen',
    warning: 'Wenn Sie das nicht waren, geben Sie den Code nicht weiter und ändern Sie Ihr Passwort.',
  },
  es: {
    subject: '{code} es su código de confirmación de Meridian',
    sms: 'Meridian: {code} confirma {request}. Válido durante {lifetime}. {warning}',
    email: 'Su código de confirmación de Meridian es {code}. Confirma {request} y caduca en {lifetime}.\n\n{warning}',
    biometric_enable: 'la solicitud de añadir una llave de acceso a su cuenta',
    biometric_disable: 'la solicitud de eliminar todas las llaves de acceso de su cuenta',
    warning: 'Si no fue usted, no comparta el código y cambie su contraseña.',
  },
  fr: {
    subject: '{code} est votre code de confirmation Meridian',
    sms: 'Meridian : {code} confirme {request}. Valable {lifetime}. {warning}',
    email: 'Votre code de confirmation Meridian est {code}. Il confirme {request} et expire dans {lifetime}.\n\n{warning}',
    biometric_enable: 'la demande d’ajout d’une clé d’accès à votre compte',
    biometric_disable: 'la demande de suppression de toutes les clés d’accès de votre compte',
    warning: 'Si ce n’était pas vous, ne communiquez pas ce code et changez votre mot de passe.',
  },
  ru: {
    subject: '{code} — ваш код подтверждения Meridian',
    sms: 'Meridian: {code} подтверждает {request}. Действует {lifetime}. {warning}',
    email: 'Ваш код подтверждения Meridian: {code}. Он подтверждает {request} и действует {lifetime}.\n\n{warning}',
    biometric_enable: 'запрос на добавление ключа доступа к вашей учётной записи',
    biometric_disable: 'запрос на удаление всех ключей доступа из вашей учётной записи',
    warning: 'Если это были не вы, никому не сообщайте код и смените пароль.',
  },
  th: {
    subject: '{code} คือรหัสยืนยัน Meridian ของคุณ',
    sms: 'Meridian: {code} ใช้ยืนยัน{request} ใช้ได้ {lifetime} {warning}',
    email: 'รหัสยืนยัน Meridian ของคุณคือ {code} ใช้ยืนยัน{request} และจะหมดอายุใน {lifetime}\n\n{warning}',
    biometric_enable: 'คำขอเพิ่มพาสคีย์ในบัญชีของคุณ',
    biometric_disable: 'คำขอลบพาสคีย์ทั้งหมดออกจากบัญชีของคุณ',
    warning: 'หากไม่ใช่คุณ อย่าแชร์รหัสนี้และโปรดเปลี่ยนรหัสผ่าน',
  },
  zh: {
    subject: '{code} 是您的 Meridian 确认码',
    sms: 'Meridian：{code} 用于确认{request}，{lifetime}内有效。{warning}',
    email: '您的 Meridian 确认码是 {code}，用于确认{request}，{lifetime}内有效。\n\n{warning}',
    biometric_enable: '向您的账户添加通行密钥的请求',
    biometric_disable: '从您的账户移除所有通行密钥的请求',
    warning: '如果不是您本人操作，请勿泄露验证码，并修改密码。',
  },
};

export function verifyEmailMessage(to: string, code: string, locale: Locale): Message {
  return codeMessage(to, 'email', 'verify_email', VERIFY_EMAIL[locale], { code, lifetime: lifetime(locale) });
}

export function resetPasswordMessage(to: string, code: string, locale: Locale): Message {
  return codeMessage(to, 'email', 'reset_password', RESET_PASSWORD[locale], { code, lifetime: lifetime(locale) });
}

export function signInCodeSms(to: string, code: string, locale: Locale): Message {
  return codeMessage(to, 'sms', 'login_two_factor', SIGN_IN_SMS[locale], { code, lifetime: lifetime(locale) });
}

export function confirmPhoneSms(to: string, code: string, purpose: 'set_phone' | 'update_phone_sms', locale: Locale): Message {
  return codeMessage(to, 'sms', purpose, CONFIRM_PHONE_SMS[locale], { code, lifetime: lifetime(locale) });
}

export function confirmPhoneChangeEmail(to: string, code: string, newPhone: string, locale: Locale): Message {
  return codeMessage(to, 'email', 'update_phone_email', CONFIRM_PHONE_CHANGE_EMAIL[locale], {
    code,
    phone: newPhone,
    lifetime: lifetime(locale),
  });
}

/** The code that confirms adding a passkey or removing all of them, by e-mail or SMS. */
export function biometricCodeMessage(
  to: string,
  channel: 'email' | 'sms',
  purpose: 'biometric_enable' | 'biometric_disable',
  code: string,
  locale: Locale,
): Message {
  const text = PASSKEY_CONFIRMATION[locale];
  const values = { code, lifetime: lifetime(locale), request: text[purpose], warning: text.warning };
  return codeMessage(to, channel, purpose, { subject: text.subject, body: channel === 'sms' ? text.sms : text.email }, values);
}
