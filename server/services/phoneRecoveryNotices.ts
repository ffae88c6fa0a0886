import type { Locale } from '../../contract/locales';
import type { Message } from './outbox';

// The lost-phone recovery's messages, in the customer's saved language. `{code}`, `{when}` and `{link}`
// are filled in below; `Record<Locale, …>` so a missing language does not compile.

interface Text {
  subject: string;
  body: string;
}

const CODE: Record<Locale, Text> = {
  en: {
    subject: 'Your Meridian recovery code',
    body: '{code} is your Meridian code to recover an account whose phone was lost. It expires in 10 minutes.\n\nIf you did not ask for it, someone knows your password: reset it now.',
  },
  ar: {
    subject: 'رمز الاسترداد الخاص بك في Meridian',
    body: '{code} هو رمزك في Meridian لاسترداد حساب فُقد هاتفه. تنتهي صلاحيته خلال ١٠ دقائق.\n\nإن لم تطلبه، فهناك من يعرف كلمة مرورك: أعد تعيينها الآن.',
  },
  de: {
    subject: 'Ihr Meridian-Wiederherstellungscode',
    body: '{code} ist Ihr Meridian-Code, um ein Konto wiederherzustellen, dessen Telefon verloren ging. Er läuft in 10 Minuten ab.\n\nWenn Sie ihn nicht angefordert haben, kennt jemand Ihr Passwort: Setzen Sie es jetzt zurück.',
  },
  es: {
    subject: 'Tu código de recuperación de Meridian',
    body: '{code} es tu código de Meridian para recuperar una cuenta cuyo teléfono se perdió. Caduca en 10 minutos.\n\nSi no lo pediste, alguien conoce tu contraseña: restablécela ahora.',
  },
  fr: {
    subject: 'Votre code de récupération Meridian',
    body: '{code} est votre code Meridian pour récupérer un compte dont le téléphone a été perdu. Il expire dans 10 minutes.\n\nSi vous ne l’avez pas demandé, quelqu’un connaît votre mot de passe : réinitialisez-le maintenant.',
  },
  ru: {
    subject: 'Ваш код восстановления Meridian',
    body: '{code} — ваш код Meridian для восстановления учётной записи, телефон которой утерян. Он действует 10 минут.\n\nЕсли вы его не запрашивали, кто-то знает ваш пароль: сбросьте его сейчас.',
  },
  th: {
    subject: 'รหัสกู้คืนบัญชี Meridian ของคุณ',
    body: '{code} คือรหัส Meridian ของคุณสำหรับกู้คืนบัญชีที่โทรศัพท์สูญหาย รหัสจะหมดอายุใน 10 นาที\n\nหากคุณไม่ได้ขอรหัสนี้ แสดงว่ามีผู้รู้รหัสผ่านของคุณ โปรดรีเซ็ตรหัสผ่านทันที',
  },
  zh: {
    subject: '您的 Meridian 恢复验证码',
    body: '{code} 是您用于恢复丢失手机的 Meridian 账户的验证码，10 分钟内有效。\n\n如果不是您本人请求，说明有人知道您的密码：请立即重置密码。',
  },
};

const REQUESTED_EMAIL: Record<Locale, Text> = {
  en: {
    subject: 'Your Meridian phone will be removed in 24 hours',
    body: 'Someone signed in with your password and this e-mail and reported your phone lost. On {when} the phone will be removed from your account, and your password alone will sign in until you add a new one.\n\nIf this was not you, cancel it now: {link}\nThen reset your password.',
  },
  ar: {
    subject: 'سيُزال هاتفك من حساب Meridian خلال ٢٤ ساعة',
    body: 'سجّل شخص ما الدخول بكلمة مرورك وبهذا البريد الإلكتروني وأبلغ عن فقدان هاتفك. في {when} سيُزال الهاتف من حسابك، وستكفي كلمة المرور وحدها لتسجيل الدخول حتى تضيف هاتفًا جديدًا.\n\nإن لم تكن أنت، فألغِ ذلك الآن: {link}\nثم أعد تعيين كلمة المرور.',
  },
  de: {
    subject: 'Ihr Telefon wird in 24 Stunden aus Meridian entfernt',
    body: 'Jemand hat sich mit Ihrem Passwort und dieser E-Mail angemeldet und Ihr Telefon als verloren gemeldet. Am {when} wird das Telefon aus Ihrem Konto entfernt; bis Sie ein neues hinzufügen, genügt dann Ihr Passwort zur Anmeldung.\n\nWenn Sie das nicht waren, brechen Sie es jetzt ab: {link}\nSetzen Sie danach Ihr Passwort zurück.',
  },
  es: {
    subject: 'Tu teléfono se quitará de Meridian en 24 horas',
    body: 'Alguien inició sesión con tu contraseña y este correo e informó de que perdiste tu teléfono. El {when} el teléfono se quitará de tu cuenta y bastará tu contraseña para iniciar sesión hasta que añadas uno nuevo.\n\nSi no fuiste tú, cancélalo ahora: {link}\nLuego restablece tu contraseña.',
  },
  fr: {
    subject: 'Votre téléphone sera retiré de Meridian dans 24 heures',
    body: 'Quelqu’un s’est connecté avec votre mot de passe et cet e-mail et a déclaré votre téléphone perdu. Le {when}, le téléphone sera retiré de votre compte et votre mot de passe suffira pour vous connecter jusqu’à ce que vous en ajoutiez un nouveau.\n\nSi ce n’était pas vous, annulez maintenant : {link}\nPuis réinitialisez votre mot de passe.',
  },
  ru: {
    subject: 'Телефон будет удалён из Meridian через 24 часа',
    body: 'Кто-то вошёл с вашим паролем и этим адресом почты и сообщил о потере телефона. {when} телефон будет удалён из учётной записи, и до добавления нового для входа будет достаточно пароля.\n\nЕсли это были не вы, отмените сейчас: {link}\nЗатем сбросьте пароль.',
  },
  th: {
    subject: 'โทรศัพท์ของคุณจะถูกนำออกจาก Meridian ใน 24 ชั่วโมง',
    body: 'มีผู้เข้าสู่ระบบด้วยรหัสผ่านและอีเมลนี้ของคุณ และแจ้งว่าโทรศัพท์ของคุณสูญหาย ในวันที่ {when} โทรศัพท์จะถูกนำออกจากบัญชี และจะใช้เพียงรหัสผ่านเข้าสู่ระบบได้จนกว่าคุณจะเพิ่มโทรศัพท์ใหม่\n\nหากไม่ใช่คุณ โปรดยกเลิกทันที: {link}\nจากนั้นรีเซ็ตรหัสผ่าน',
  },
  zh: {
    subject: '您的手机将在 24 小时后从 Meridian 移除',
    body: '有人使用您的密码和此邮箱登录，并报告您的手机丢失。{when}，该手机将从您的账户中移除，在您添加新手机之前，仅凭密码即可登录。\n\n如果不是您本人，请立即取消：{link}\n然后重置密码。',
  },
};

const REQUESTED_SMS: Record<Locale, string> = {
  en: 'Meridian: this phone will be removed from your account on {when}. Not you? Cancel: {link}',
  ar: 'Meridian: سيُزال هذا الهاتف من حسابك في {when}. لست أنت؟ ألغِ: {link}',
  de: 'Meridian: Dieses Telefon wird am {when} aus Ihrem Konto entfernt. Nicht Sie? Abbrechen: {link}',
  es: 'Meridian: este teléfono se quitará de tu cuenta el {when}. ¿No fuiste tú? Cancela: {link}',
  fr: 'Meridian : ce téléphone sera retiré de votre compte le {when}. Pas vous ? Annulez : {link}',
  ru: 'Meridian: этот телефон будет удалён из учётной записи {when}. Не вы? Отмена: {link}',
  th: 'Meridian: โทรศัพท์นี้จะถูกนำออกจากบัญชีของคุณในวันที่ {when} ไม่ใช่คุณ? ยกเลิก: {link}',
  zh: 'Meridian：此手机将于 {when} 从您的账户移除。不是您本人？取消：{link}',
};

const CANCELLED: Record<Locale, Text> = {
  en: {
    subject: 'The removal of your Meridian phone was cancelled',
    body: 'The request to remove the phone from your Meridian account was cancelled. Your phone stays, and sign-in still asks for its code.\n\nIf you did not start the request, reset your password: whoever did knows it.',
  },
  ar: {
    subject: 'أُلغيت إزالة هاتفك من Meridian',
    body: 'أُلغي طلب إزالة الهاتف من حسابك في Meridian. يبقى هاتفك، وما زال تسجيل الدخول يطلب رمزه.\n\nإن لم تبدأ الطلب أنت، فأعد تعيين كلمة المرور: من بدأه يعرفها.',
  },
  de: {
    subject: 'Die Entfernung Ihres Meridian-Telefons wurde abgebrochen',
    body: 'Die Anfrage, das Telefon aus Ihrem Meridian-Konto zu entfernen, wurde abgebrochen. Ihr Telefon bleibt, und die Anmeldung fragt weiter nach seinem Code.\n\nWenn Sie die Anfrage nicht gestellt haben, setzen Sie Ihr Passwort zurück: Wer sie stellte, kennt es.',
  },
  es: {
    subject: 'Se canceló la retirada de tu teléfono de Meridian',
    body: 'Se canceló la solicitud de quitar el teléfono de tu cuenta de Meridian. Tu teléfono se queda y el inicio de sesión sigue pidiendo su código.\n\nSi no iniciaste tú la solicitud, restablece tu contraseña: quien lo hizo la conoce.',
  },
  fr: {
    subject: 'Le retrait de votre téléphone Meridian a été annulé',
    body: 'La demande de retrait du téléphone de votre compte Meridian a été annulée. Votre téléphone reste, et la connexion demande toujours son code.\n\nSi vous n’êtes pas à l’origine de la demande, réinitialisez votre mot de passe : son auteur le connaît.',
  },
  ru: {
    subject: 'Удаление телефона из Meridian отменено',
    body: 'Запрос на удаление телефона из вашей учётной записи Meridian отменён. Телефон остаётся, и при входе по-прежнему нужен его код.\n\nЕсли запрос сделали не вы, сбросьте пароль: тот, кто его сделал, знает пароль.',
  },
  th: {
    subject: 'การนำโทรศัพท์ออกจาก Meridian ถูกยกเลิกแล้ว',
    body: 'คำขอนำโทรศัพท์ออกจากบัญชี Meridian ของคุณถูกยกเลิกแล้ว โทรศัพท์ของคุณยังอยู่ และการเข้าสู่ระบบยังคงขอรหัสจากโทรศัพท์นี้\n\nหากคุณไม่ได้เป็นผู้ส่งคำขอ โปรดรีเซ็ตรหัสผ่าน เพราะผู้ส่งคำขอรู้รหัสผ่านของคุณ',
  },
  zh: {
    subject: '从 Meridian 移除手机的请求已取消',
    body: '从您的 Meridian 账户移除手机的请求已取消。您的手机保留，登录时仍需输入其验证码。\n\n如果请求不是您发起的，请重置密码：发起者知道您的密码。',
  },
};

const COMPLETED: Record<Locale, Text> = {
  en: {
    subject: 'Your phone was removed from Meridian',
    body: 'As requested 24 hours ago, the lost phone was removed from your Meridian account. Sign in with your password and add your new phone under Profile › Security.\n\nIf this was not you, reset your password at once.',
  },
  ar: {
    subject: 'أُزيل هاتفك من Meridian',
    body: 'كما طُلب قبل ٢٤ ساعة، أُزيل الهاتف المفقود من حسابك في Meridian. سجّل الدخول بكلمة المرور وأضف هاتفك الجديد من الملف الشخصي › الأمان.\n\nإن لم تكن أنت، فأعد تعيين كلمة المرور فورًا.',
  },
  de: {
    subject: 'Ihr Telefon wurde aus Meridian entfernt',
    body: 'Wie vor 24 Stunden angefordert, wurde das verlorene Telefon aus Ihrem Meridian-Konto entfernt. Melden Sie sich mit Ihrem Passwort an und fügen Sie Ihr neues Telefon unter Profil › Sicherheit hinzu.\n\nWenn Sie das nicht waren, setzen Sie Ihr Passwort sofort zurück.',
  },
  es: {
    subject: 'Se quitó tu teléfono de Meridian',
    body: 'Como se pidió hace 24 horas, el teléfono perdido se quitó de tu cuenta de Meridian. Inicia sesión con tu contraseña y añade tu nuevo teléfono en Perfil › Seguridad.\n\nSi no fuiste tú, restablece tu contraseña enseguida.',
  },
  fr: {
    subject: 'Votre téléphone a été retiré de Meridian',
    body: 'Comme demandé il y a 24 heures, le téléphone perdu a été retiré de votre compte Meridian. Connectez-vous avec votre mot de passe et ajoutez votre nouveau téléphone dans Profil › Sécurité.\n\nSi ce n’était pas vous, réinitialisez immédiatement votre mot de passe.',
  },
  ru: {
    subject: 'Телефон удалён из Meridian',
    body: 'Как и было запрошено 24 часа назад, утерянный телефон удалён из вашей учётной записи Meridian. Войдите с паролем и добавьте новый телефон в разделе Профиль › Безопасность.\n\nЕсли это были не вы, немедленно сбросьте пароль.',
  },
  th: {
    subject: 'โทรศัพท์ของคุณถูกนำออกจาก Meridian แล้ว',
    body: 'ตามคำขอเมื่อ 24 ชั่วโมงก่อน โทรศัพท์ที่สูญหายถูกนำออกจากบัญชี Meridian ของคุณแล้ว โปรดเข้าสู่ระบบด้วยรหัสผ่านและเพิ่มโทรศัพท์ใหม่ที่ โปรไฟล์ › ความปลอดภัย\n\nหากไม่ใช่คุณ โปรดรีเซ็ตรหัสผ่านทันที',
  },
  zh: {
    subject: '您的手机已从 Meridian 移除',
    body: '按照 24 小时前的请求，丢失的手机已从您的 Meridian 账户移除。请使用密码登录，并在“个人资料 › 安全”中添加新手机。\n\n如果不是您本人，请立即重置密码。',
  },
};

const fill = (text: string, values: Record<string, string>) => text.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? '');

/** The moment in the customer's language, in UTC (the server does not know the customer's zone). */
export function recoveryTime(at: Date, locale: Locale): string {
  return `${new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(at)} UTC`;
}

export function recoveryCodeEmail(to: string, locale: Locale, code: string): Message {
  const text = CODE[locale];
  return { to, channel: 'email', template: 'phone_recovery_code', subject: text.subject, body: fill(text.body, { code }) };
}

export function recoveryRequestedEmail(to: string, locale: Locale, effectiveAt: Date, link: string): Message {
  const text = REQUESTED_EMAIL[locale];
  const when = recoveryTime(effectiveAt, locale);
  return { to, channel: 'email', template: 'phone_recovery_requested', subject: text.subject, body: fill(text.body, { when, link }) };
}

export function recoveryRequestedSms(to: string, locale: Locale, effectiveAt: Date, link: string): Message {
  const body = fill(REQUESTED_SMS[locale], { when: recoveryTime(effectiveAt, locale), link });
  return { to, channel: 'sms', template: 'phone_recovery_requested', subject: 'Meridian phone recovery', body };
}

export function recoveryCancelledEmail(to: string, locale: Locale): Message {
  return { to, channel: 'email', template: 'phone_recovery_cancelled', ...CANCELLED[locale] };
}

export function recoveryCompletedEmail(to: string, locale: Locale): Message {
  return { to, channel: 'email', template: 'phone_recovery_completed', ...COMPLETED[locale] };
}
