import type { Locale } from '../../contract/locales';
import type { Message } from './outbox';

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

const PHONE_CLAIMED: Record<Locale, string> = {
  en: 'Meridian: someone tried to add your phone number to another account. No code was sent and your number stays on your account.',
  ar: 'Meridian: حاول شخص ما إضافة رقم هاتفك إلى حساب آخر. لم يُرسل أي رمز، ويبقى رقمك مرتبطًا بحسابك.',
  de: 'Meridian: Jemand hat versucht, Ihre Telefonnummer einem anderen Konto hinzuzufügen. Es wurde kein Code gesendet, Ihre Nummer bleibt bei Ihrem Konto.',
  es: 'Meridian: alguien intentó añadir tu número de teléfono a otra cuenta. No se envió ningún código y tu número sigue en tu cuenta.',
  fr: "Meridian : quelqu'un a tenté d'ajouter votre numéro de téléphone à un autre compte. Aucun code n'a été envoyé, votre numéro reste sur votre compte.",
  ru: 'Meridian: кто-то пытался добавить ваш номер телефона к другой учётной записи. Код не отправлялся, номер остаётся за вашей учётной записью.',
  th: 'Meridian: มีผู้พยายามเพิ่มหมายเลขโทรศัพท์ของคุณในบัญชีอื่น ไม่มีการส่งรหัสใด ๆ และหมายเลขของคุณยังอยู่กับบัญชีของคุณ',
  zh: 'Meridian：有人试图将您的手机号码添加到另一个账户。未发送任何验证码，您的号码仍属于您的账户。',
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

/** To the owner of a confirmed number that someone else asked to set as theirs. */
export function phoneClaimedNotice(to: string, locale: Locale): Message {
  return { to, channel: 'sms', template: 'phone_claimed', subject: 'Meridian phone number', body: PHONE_CLAIMED[locale] };
}

/** To the owner of an address someone tried to register again. */
export function signUpWithExistingEmailNotice(to: string, locale: Locale): Message {
  return { to, channel: 'email', template: 'sign_up_existing_email', ...SIGN_UP_WITH_EXISTING_EMAIL[locale] };
}
