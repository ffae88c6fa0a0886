import type { Locale } from '../../contract/locales';
import type { Message } from './outbox';
import { recoveryTime } from './phoneRecoveryNotices';

/**
 * Security notices: messages that carry no code but tell someone what was tried with their address
 * or number. Written in the recipient's saved language (English when there is no account to read it
 * from); a `Record<Locale, …>` so the typechecker refuses a missing language.
 */
interface NoticeText {
  subject: string;
  body: string;
}

const RESET_WITHOUT_ACCOUNT: Record<Locale, NoticeText> = {
  en: {
    subject: 'Password reset requested at Meridian',
    body: 'Someone asked to reset the password of a Meridian account with this e-mail address, but no Meridian account uses it.\n\nIf it was you, you may have signed up with another address, or with Google or Apple. If it was not you, ignore this e-mail.',
  },
  ar: {
    subject: 'طلب إعادة تعيين كلمة المرور في Meridian',
    body: 'طلب شخص ما إعادة تعيين كلمة مرور حساب Meridian بعنوان البريد الإلكتروني هذا، لكن لا يوجد حساب Meridian يستخدمه.\n\nإذا كنت أنت، فربما سجّلت بعنوان آخر أو عبر Google أو Apple. وإن لم تكن أنت، فتجاهل هذه الرسالة.',
  },
  de: {
    subject: 'Passwort-Zurücksetzung bei Meridian angefordert',
    body: 'Jemand hat angefordert, das Passwort eines Meridian-Kontos mit dieser E-Mail-Adresse zurückzusetzen, aber kein Meridian-Konto verwendet sie.\n\nWenn Sie das waren, haben Sie sich vielleicht mit einer anderen Adresse oder mit Google oder Apple registriert. Wenn nicht, ignorieren Sie diese E-Mail.',
  },
  es: {
    subject: 'Solicitud de restablecimiento de contraseña en Meridian',
    body: 'Alguien pidió restablecer la contraseña de una cuenta de Meridian con esta dirección de correo, pero ninguna cuenta de Meridian la usa.\n\nSi fuiste tú, quizá te registraste con otra dirección, o con Google o Apple. Si no fuiste tú, ignora este correo.',
  },
  fr: {
    subject: 'Demande de réinitialisation du mot de passe Meridian',
    body: "Quelqu'un a demandé à réinitialiser le mot de passe d'un compte Meridian avec cette adresse e-mail, mais aucun compte Meridian ne l'utilise.\n\nSi c'était vous, vous vous êtes peut-être inscrit avec une autre adresse, ou avec Google ou Apple. Sinon, ignorez cet e-mail.",
  },
  ru: {
    subject: 'Запрос на сброс пароля в Meridian',
    body: 'Кто-то запросил сброс пароля учётной записи Meridian с этим адресом электронной почты, но ни одна учётная запись Meridian его не использует.\n\nЕсли это были вы, возможно, вы зарегистрировались с другим адресом или через Google или Apple. Если это были не вы, просто проигнорируйте это письмо.',
  },
  th: {
    subject: 'มีคำขอรีเซ็ตรหัสผ่านที่ Meridian',
    body: 'มีผู้ขอรีเซ็ตรหัสผ่านของบัญชี Meridian ที่ใช้อีเมลนี้ แต่ไม่มีบัญชี Meridian ใดใช้อีเมลนี้\n\nหากเป็นคุณ คุณอาจสมัครด้วยอีเมลอื่น หรือด้วย Google หรือ Apple หากไม่ใช่คุณ โปรดเพิกเฉยต่ออีเมลนี้',
  },
  zh: {
    subject: 'Meridian 收到重置密码的请求',
    body: '有人请求重置使用此电子邮箱的 Meridian 账户的密码，但没有任何 Meridian 账户使用此邮箱。\n\n如果是您本人，您可能使用了其他邮箱，或通过 Google 或 Apple 注册。如果不是您，请忽略此邮件。',
  },
};

const PHONE_CLAIMED: Record<Locale, NoticeText> = {
  en: {
    subject: 'Someone tried to add your phone number to another Meridian account',
    body: 'Someone tried to add your phone number, {phone}, to another Meridian account. No code was sent to it, and it stays on your account only.\n\nYou need not do anything. We tell you about such attempts at most once a day.',
  },
  ar: {
    subject: 'حاول شخص ما إضافة رقم هاتفك إلى حساب Meridian آخر',
    body: 'حاول شخص ما إضافة رقم هاتفك، {phone}، إلى حساب Meridian آخر. لم يُرسل إليه أي رمز، ويبقى مرتبطًا بحسابك وحده.\n\nلا داعي لأي إجراء. نخبرك بمثل هذه المحاولات مرة واحدة في اليوم على الأكثر.',
  },
  de: {
    subject: 'Jemand wollte Ihre Telefonnummer einem anderen Meridian-Konto hinzufügen',
    body: 'Jemand hat versucht, Ihre Telefonnummer {phone} einem anderen Meridian-Konto hinzuzufügen. Es wurde kein Code an sie gesendet, und sie bleibt allein bei Ihrem Konto.\n\nSie müssen nichts tun. Über solche Versuche informieren wir Sie höchstens einmal am Tag.',
  },
  es: {
    subject: 'Alguien intentó añadir tu número de teléfono a otra cuenta de Meridian',
    body: 'Alguien intentó añadir tu número de teléfono, {phone}, a otra cuenta de Meridian. No se le envió ningún código y sigue solo en tu cuenta.\n\nNo tienes que hacer nada. Te avisamos de estos intentos como mucho una vez al día.',
  },
  fr: {
    subject: 'Quelqu’un a tenté d’ajouter votre numéro de téléphone à un autre compte Meridian',
    body: 'Quelqu’un a tenté d’ajouter votre numéro de téléphone, {phone}, à un autre compte Meridian. Aucun code n’y a été envoyé, et il reste uniquement sur votre compte.\n\nVous n’avez rien à faire. Nous vous signalons ces tentatives au plus une fois par jour.',
  },
  ru: {
    subject: 'Кто-то пытался добавить ваш номер телефона к другой учётной записи Meridian',
    body: 'Кто-то пытался добавить ваш номер телефона {phone} к другой учётной записи Meridian. Код на него не отправлялся, и номер остаётся только за вашей учётной записью.\n\nДелать ничего не нужно. О таких попытках мы сообщаем не чаще раза в день.',
  },
  th: {
    subject: 'มีผู้พยายามเพิ่มหมายเลขโทรศัพท์ของคุณในบัญชี Meridian อื่น',
    body: 'มีผู้พยายามเพิ่มหมายเลขโทรศัพท์ของคุณ {phone} ในบัญชี Meridian อื่น ไม่มีการส่งรหัสใด ๆ ไปยังหมายเลขนี้ และหมายเลขยังอยู่กับบัญชีของคุณเท่านั้น\n\nคุณไม่ต้องดำเนินการใด ๆ เราจะแจ้งความพยายามลักษณะนี้ไม่เกินวันละครั้ง',
  },
  zh: {
    subject: '有人试图将您的手机号码添加到另一个 Meridian 账户',
    body: '有人试图将您的手机号码 {phone} 添加到另一个 Meridian 账户。我们没有向该号码发送任何验证码，它仍只属于您的账户。\n\n您无需任何操作。此类尝试我们每天最多通知您一次。',
  },
};

const SIGN_UP_WITH_EXISTING_EMAIL: Record<Locale, NoticeText> = {
  en: {
    subject: 'Someone tried to open a Meridian account with your e-mail',
    body: 'Someone tried to create a new Meridian account with this e-mail address, which already has an account. Nothing changed in your account.\n\nIf it was you, sign in instead, or reset your password if you forgot it. If it was not you, you need not do anything.',
  },
  ar: {
    subject: 'حاول شخص ما فتح حساب Meridian ببريدك الإلكتروني',
    body: 'حاول شخص ما إنشاء حساب Meridian جديد بعنوان البريد الإلكتروني هذا، وله حساب بالفعل. لم يتغيّر شيء في حسابك.\n\nإذا كنت أنت، فسجّل الدخول بدلًا من ذلك، أو أعد تعيين كلمة المرور إن نسيتها. وإن لم تكن أنت، فلا داعي لأي إجراء.',
  },
  de: {
    subject: 'Jemand wollte mit Ihrer E-Mail ein Meridian-Konto eröffnen',
    body: 'Jemand hat versucht, mit dieser E-Mail-Adresse, die bereits ein Konto hat, ein neues Meridian-Konto anzulegen. An Ihrem Konto hat sich nichts geändert.\n\nWenn Sie das waren, melden Sie sich stattdessen an oder setzen Sie Ihr Passwort zurück, falls Sie es vergessen haben. Wenn nicht, müssen Sie nichts tun.',
  },
  es: {
    subject: 'Alguien intentó abrir una cuenta de Meridian con tu correo',
    body: 'Alguien intentó crear una nueva cuenta de Meridian con esta dirección de correo, que ya tiene una cuenta. No cambió nada en tu cuenta.\n\nSi fuiste tú, inicia sesión, o restablece tu contraseña si la olvidaste. Si no fuiste tú, no tienes que hacer nada.',
  },
  fr: {
    subject: "Quelqu'un a tenté d'ouvrir un compte Meridian avec votre e-mail",
    body: "Quelqu'un a tenté de créer un nouveau compte Meridian avec cette adresse e-mail, qui a déjà un compte. Rien n'a changé sur votre compte.\n\nSi c'était vous, connectez-vous plutôt, ou réinitialisez votre mot de passe si vous l'avez oublié. Sinon, vous n'avez rien à faire.",
  },
  ru: {
    subject: 'Кто-то пытался открыть учётную запись Meridian с вашим адресом',
    body: 'Кто-то пытался создать новую учётную запись Meridian с этим адресом электронной почты, у которого уже есть учётная запись. В вашей учётной записи ничего не изменилось.\n\nЕсли это были вы, просто войдите или сбросьте пароль, если забыли его. Если это были не вы, ничего делать не нужно.',
  },
  th: {
    subject: 'มีผู้พยายามเปิดบัญชี Meridian ด้วยอีเมลของคุณ',
    body: 'มีผู้พยายามสร้างบัญชี Meridian ใหม่ด้วยอีเมลนี้ ซึ่งมีบัญชีอยู่แล้ว บัญชีของคุณไม่มีการเปลี่ยนแปลงใด ๆ\n\nหากเป็นคุณ โปรดเข้าสู่ระบบแทน หรือรีเซ็ตรหัสผ่านหากคุณลืม หากไม่ใช่คุณ คุณไม่ต้องดำเนินการใด ๆ',
  },
  zh: {
    subject: '有人试图用您的邮箱开设 Meridian 账户',
    body: '有人试图使用此电子邮箱创建新的 Meridian 账户，而该邮箱已有账户。您的账户没有任何变化。\n\n如果是您本人，请直接登录；如果忘记了密码，请重置密码。如果不是您，则无需任何操作。',
  },
};

/** To an address that has no account, in answer to a reset request (see forgotPassword). */
export function resetWithoutAccountNotice(to: string, locale: Locale): Message {
  return { to, channel: 'email', template: 'reset_password_no_account', ...RESET_WITHOUT_ACCOUNT[locale] };
}

/** To the owner of an address someone tried to register again. */
export function signUpWithExistingEmailNotice(to: string, locale: Locale): Message {
  return { to, channel: 'email', template: 'sign_up_existing_email', ...SIGN_UP_WITH_EXISTING_EMAIL[locale] };
}

/** `{name}`, `{phone}`: filled in by the functions below. */
const PASSKEY_ADDED: Record<Locale, NoticeText> = {
  en: {
    subject: 'A passkey was added to your Meridian account',
    body: 'A new passkey, "{name}", was added to your Meridian account. It can now be used to sign in.\n\nIf it was not you, sign in, remove it under Profile › Security and sign out of every other session, then reset your password.',
  },
  ar: {
    subject: 'أُضيف مفتاح مرور إلى حسابك في Meridian',
    body: 'أُضيف مفتاح مرور جديد، "{name}"، إلى حسابك في Meridian، ويمكن استخدامه الآن لتسجيل الدخول.\n\nإن لم تكن أنت، فسجّل الدخول واحذفه من الملف الشخصي › الأمان، وسجّل الخروج من كل الجلسات الأخرى، ثم أعد تعيين كلمة المرور.',
  },
  de: {
    subject: 'Ihrem Meridian-Konto wurde ein Passkey hinzugefügt',
    body: 'Ihrem Meridian-Konto wurde ein neuer Passkey, „{name}“, hinzugefügt. Mit ihm kann man sich jetzt anmelden.\n\nWenn Sie das nicht waren, melden Sie sich an, entfernen Sie ihn unter Profil › Sicherheit, melden Sie alle anderen Sitzungen ab und setzen Sie Ihr Passwort zurück.',
  },
  es: {
    subject: 'Se añadió una llave de acceso a tu cuenta de Meridian',
    body: 'Se añadió una nueva llave de acceso, «{name}», a tu cuenta de Meridian. Ya puede usarse para iniciar sesión.\n\nSi no fuiste tú, inicia sesión, elimínala en Perfil › Seguridad, cierra todas las demás sesiones y restablece tu contraseña.',
  },
  fr: {
    subject: 'Une clé d’accès a été ajoutée à votre compte Meridian',
    body: 'Une nouvelle clé d’accès, « {name} », a été ajoutée à votre compte Meridian. Elle permet désormais de se connecter.\n\nSi ce n’était pas vous, connectez-vous, supprimez-la dans Profil › Sécurité, déconnectez toutes les autres sessions, puis réinitialisez votre mot de passe.',
  },
  ru: {
    subject: 'К вашей учётной записи Meridian добавлен ключ доступа',
    body: 'К вашей учётной записи Meridian добавлен новый ключ доступа «{name}». Теперь с ним можно входить.\n\nЕсли это были не вы, войдите, удалите его в разделе Профиль › Безопасность, завершите все остальные сеансы и сбросьте пароль.',
  },
  th: {
    subject: 'มีการเพิ่มพาสคีย์ในบัญชี Meridian ของคุณ',
    body: 'มีการเพิ่มพาสคีย์ใหม่ "{name}" ในบัญชี Meridian ของคุณ ซึ่งใช้เข้าสู่ระบบได้แล้ว\n\nหากไม่ใช่คุณ โปรดเข้าสู่ระบบ ลบพาสคีย์นี้ที่ โปรไฟล์ › ความปลอดภัย ออกจากระบบเซสชันอื่นทั้งหมด แล้วรีเซ็ตรหัสผ่าน',
  },
  zh: {
    subject: '您的 Meridian 账户添加了通行密钥',
    body: '您的 Meridian 账户添加了新的通行密钥“{name}”，现在可以用它登录。\n\n如果不是您本人操作，请登录后在“个人资料 › 安全”中将其删除，退出所有其他会话，然后重置密码。',
  },
};

const PASSWORD_RESET: Record<Locale, NoticeText> = {
  en: {
    subject: 'Your Meridian password was reset',
    body: 'The password of your Meridian account was just reset with a code sent to this address, and every session was signed out.\n\nIf it was not you, reset your password again at once and check Recent security activity under Profile › Security.',
  },
  ar: {
    subject: 'أُعيد تعيين كلمة مرورك في Meridian',
    body: 'أُعيد للتو تعيين كلمة مرور حسابك في Meridian برمز أُرسل إلى هذا العنوان، وسُجّل الخروج من كل الجلسات.\n\nإن لم تكن أنت، فأعد تعيين كلمة المرور فورًا وراجع النشاط الأمني الأخير في الملف الشخصي › الأمان.',
  },
  de: {
    subject: 'Ihr Meridian-Passwort wurde zurückgesetzt',
    body: 'Das Passwort Ihres Meridian-Kontos wurde soeben mit einem an diese Adresse gesendeten Code zurückgesetzt, und alle Sitzungen wurden abgemeldet.\n\nWenn Sie das nicht waren, setzen Sie Ihr Passwort sofort erneut zurück und prüfen Sie die letzten Sicherheitsaktivitäten unter Profil › Sicherheit.',
  },
  es: {
    subject: 'Se restableció tu contraseña de Meridian',
    body: 'La contraseña de tu cuenta de Meridian se acaba de restablecer con un código enviado a esta dirección, y se cerraron todas las sesiones.\n\nSi no fuiste tú, restablece tu contraseña de nuevo enseguida y revisa la Actividad de seguridad reciente en Perfil › Seguridad.',
  },
  fr: {
    subject: 'Votre mot de passe Meridian a été réinitialisé',
    body: 'Le mot de passe de votre compte Meridian vient d’être réinitialisé avec un code envoyé à cette adresse, et toutes les sessions ont été déconnectées.\n\nSi ce n’était pas vous, réinitialisez immédiatement votre mot de passe et consultez l’Activité de sécurité récente dans Profil › Sécurité.',
  },
  ru: {
    subject: 'Пароль Meridian сброшен',
    body: 'Пароль вашей учётной записи Meridian только что сброшен с помощью кода, отправленного на этот адрес, и все сеансы завершены.\n\nЕсли это были не вы, немедленно сбросьте пароль ещё раз и проверьте «Недавние события безопасности» в разделе Профиль › Безопасность.',
  },
  th: {
    subject: 'รหัสผ่าน Meridian ของคุณถูกรีเซ็ตแล้ว',
    body: 'รหัสผ่านของบัญชี Meridian ของคุณเพิ่งถูกรีเซ็ตด้วยรหัสที่ส่งไปยังอีเมลนี้ และทุกเซสชันถูกออกจากระบบแล้ว\n\nหากไม่ใช่คุณ โปรดรีเซ็ตรหัสผ่านอีกครั้งทันที และตรวจสอบกิจกรรมด้านความปลอดภัยล่าสุดที่ โปรไฟล์ › ความปลอดภัย',
  },
  zh: {
    subject: '您的 Meridian 密码已重置',
    body: '您的 Meridian 账户密码刚刚通过发送到此邮箱的验证码完成重置，所有会话均已退出。\n\n如果不是您本人操作，请立即再次重置密码，并在“个人资料 › 安全”中查看最近的安全活动。',
  },
};

function fill(text: NoticeText, values: Record<string, string>): NoticeText {
  const replace = (s: string) => s.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? '');
  return { subject: replace(text.subject), body: replace(text.body) };
}

/** To the customer's e-mail when a passkey was added to the account. */
export function passkeyAddedNotice(to: string, locale: Locale, name: string): Message {
  return { to, channel: 'email', template: 'passkey_added', ...fill(PASSKEY_ADDED[locale], { name }) };
}

/**
 * To the e-mail of the owner of a confirmed number that someone else asked to set as theirs (by e-mail,
 * not SMS: a stranger's attempts must cost the owner no SMS). `phone` is masked.
 */
export function phoneClaimedNotice(to: string, locale: Locale, phone: string): Message {
  return { to, channel: 'email', template: 'phone_claimed', ...fill(PHONE_CLAIMED[locale], { phone }) };
}

/** To the customer's e-mail after the password was reset with an e-mailed code. */
export function passwordResetNotice(to: string, locale: Locale): Message {
  return { to, channel: 'email', template: 'password_reset', ...PASSWORD_RESET[locale] };
}

/** `{address}`, `{network}`, `{usableAt}`: filled in by `withdrawalAddressAddedNotice`. */
const WITHDRAWAL_ADDRESS_ADDED: Record<Locale, NoticeText> = {
  en: {
    subject: 'A withdrawal address was added to your Meridian account',
    body: 'The address {address} ({network}) was added to the withdrawal addresses of your Meridian account. Withdrawals to it are possible from {usableAt}.\n\nIf it was not you, remove it at once on the withdrawal page, then change your password and sign out of every other session under Profile › Security.',
  },
  ar: {
    subject: 'أُضيف عنوان سحب إلى حسابك في Meridian',
    body: 'أُضيف العنوان {address} ({network}) إلى عناوين السحب في حسابك في Meridian. يمكن السحب إليه اعتبارًا من {usableAt}.\n\nإن لم تكن أنت، فاحذفه فورًا من صفحة السحب، ثم غيّر كلمة المرور وسجّل الخروج من كل الجلسات الأخرى في الملف الشخصي › الأمان.',
  },
  de: {
    subject: 'Ihrem Meridian-Konto wurde eine Auszahlungsadresse hinzugefügt',
    body: 'Die Adresse {address} ({network}) wurde den Auszahlungsadressen Ihres Meridian-Kontos hinzugefügt. Auszahlungen an sie sind ab {usableAt} möglich.\n\nWenn Sie das nicht waren, entfernen Sie sie sofort auf der Auszahlungsseite, ändern Sie dann Ihr Passwort und melden Sie alle anderen Sitzungen unter Profil › Sicherheit ab.',
  },
  es: {
    subject: 'Se añadió una dirección de retirada a tu cuenta de Meridian',
    body: 'La dirección {address} ({network}) se añadió a las direcciones de retirada de tu cuenta de Meridian. Podrá recibir retiros a partir del {usableAt}.\n\nSi no fuiste tú, elimínala enseguida en la página de retiro, cambia tu contraseña y cierra todas las demás sesiones en Perfil › Seguridad.',
  },
  fr: {
    subject: 'Une adresse de retrait a été ajoutée à votre compte Meridian',
    body: 'L’adresse {address} ({network}) a été ajoutée aux adresses de retrait de votre compte Meridian. Les retraits vers elle sont possibles à partir du {usableAt}.\n\nSi ce n’était pas vous, supprimez-la immédiatement sur la page de retrait, puis changez votre mot de passe et déconnectez toutes les autres sessions dans Profil › Sécurité.',
  },
  ru: {
    subject: 'К вашей учётной записи Meridian добавлен адрес для вывода',
    body: 'Адрес {address} ({network}) добавлен в адреса для вывода вашей учётной записи Meridian. Выводить на него можно с {usableAt}.\n\nЕсли это были не вы, сразу удалите его на странице вывода, затем смените пароль и завершите все остальные сеансы в разделе Профиль › Безопасность.',
  },
  th: {
    subject: 'มีการเพิ่มที่อยู่สำหรับถอนในบัญชี Meridian ของคุณ',
    body: 'มีการเพิ่มที่อยู่ {address} ({network}) ในรายการที่อยู่สำหรับถอนของบัญชี Meridian ของคุณ ถอนไปยังที่อยู่นี้ได้ตั้งแต่ {usableAt}\n\nหากไม่ใช่คุณ โปรดลบที่อยู่นี้ทันทีในหน้าถอนเงิน แล้วเปลี่ยนรหัสผ่านและออกจากระบบเซสชันอื่นทั้งหมดที่ โปรไฟล์ › ความปลอดภัย',
  },
  zh: {
    subject: '您的 Meridian 账户添加了提现地址',
    body: '地址 {address}（{network}）已添加到您 Meridian 账户的提现地址中，自 {usableAt} 起可向其提现。\n\n如果不是您本人操作，请立即在提现页面将其删除，然后修改密码，并在“个人资料 › 安全”中退出所有其他会话。',
  },
};

/** `{amount}`, `{address}`, `{network}`: filled in by `withdrawalRequestedNotice`. */
const WITHDRAWAL_REQUESTED: Record<Locale, NoticeText> = {
  en: {
    subject: 'A withdrawal from your Meridian account has started',
    body: 'A withdrawal of {amount} to {address} ({network}) has started from your Meridian account.\n\nIf it was not you, change your password now, sign out of every other session under Profile › Security and contact support.',
  },
  ar: {
    subject: 'بدأ سحب من حسابك في Meridian',
    body: 'بدأ سحب {amount} إلى {address} ({network}) من حسابك في Meridian.\n\nإن لم تكن أنت، فغيّر كلمة المرور الآن، وسجّل الخروج من كل الجلسات الأخرى في الملف الشخصي › الأمان، وتواصل مع الدعم.',
  },
  de: {
    subject: 'Eine Auszahlung von Ihrem Meridian-Konto wurde gestartet',
    body: 'Von Ihrem Meridian-Konto wurde eine Auszahlung von {amount} an {address} ({network}) gestartet.\n\nWenn Sie das nicht waren, ändern Sie jetzt Ihr Passwort, melden Sie alle anderen Sitzungen unter Profil › Sicherheit ab und wenden Sie sich an den Support.',
  },
  es: {
    subject: 'Se inició un retiro de tu cuenta de Meridian',
    body: 'Se inició un retiro de {amount} a {address} ({network}) desde tu cuenta de Meridian.\n\nSi no fuiste tú, cambia tu contraseña ahora, cierra todas las demás sesiones en Perfil › Seguridad y contacta con soporte.',
  },
  fr: {
    subject: 'Un retrait depuis votre compte Meridian a été lancé',
    body: 'Un retrait de {amount} vers {address} ({network}) a été lancé depuis votre compte Meridian.\n\nSi ce n’était pas vous, changez votre mot de passe maintenant, déconnectez toutes les autres sessions dans Profil › Sécurité et contactez le support.',
  },
  ru: {
    subject: 'С вашей учётной записи Meridian начат вывод',
    body: 'С вашей учётной записи Meridian начат вывод {amount} на адрес {address} ({network}).\n\nЕсли это были не вы, смените пароль, завершите все остальные сеансы в разделе Профиль › Безопасность и обратитесь в поддержку.',
  },
  th: {
    subject: 'เริ่มการถอนเงินจากบัญชี Meridian ของคุณแล้ว',
    body: 'เริ่มการถอนเงิน {amount} ไปยัง {address} ({network}) จากบัญชี Meridian ของคุณแล้ว\n\nหากไม่ใช่คุณ โปรดเปลี่ยนรหัสผ่านทันที ออกจากระบบเซสชันอื่นทั้งหมดที่ โปรไฟล์ › ความปลอดภัย และติดต่อฝ่ายสนับสนุน',
  },
  zh: {
    subject: '您的 Meridian 账户已发起提现',
    body: '您的 Meridian 账户已发起 {amount} 的提现，提至 {address}（{network}）。\n\n如果不是您本人操作，请立即修改密码，在“个人资料 › 安全”中退出所有其他会话，并联系客服。',
  },
};

/** To the customer's e-mail when an address joined their withdrawal addresses: they have its cooling-off period to object. */
export function withdrawalAddressAddedNotice(
  to: string,
  locale: Locale,
  address: { address: string; network: string; usableAt: Date },
): Message {
  const values = { address: address.address, network: address.network, usableAt: recoveryTime(address.usableAt, locale) };
  return { to, channel: 'email', template: 'withdrawal_address_added', ...fill(WITHDRAWAL_ADDRESS_ADDED[locale], values) };
}

/** To the customer's e-mail when a withdrawal was started (the amount is held, the chain has not been asked yet). */
export function withdrawalRequestedNotice(
  to: string,
  locale: Locale,
  withdrawal: { amount: string; address: string; network: string },
): Message {
  return { to, channel: 'email', template: 'withdrawal_requested', ...fill(WITHDRAWAL_REQUESTED[locale], withdrawal) };
}
