import type { Locale } from '../../contract/locales';
import type { Message } from './outbox';

/**
 * The review's decision, told to the customer in their saved language (`Record<Locale, …>`: the
 * typechecker refuses a missing one). `{reason}` is the reviewer's own words, `{step}` the step asked for.
 */
interface NoticeText {
  subject: string;
  body: string;
}

export type KycDecisionNotice = 'approved' | 'rejected' | 'step_requested';

const NOTICES: Record<KycDecisionNotice, Record<Locale, NoticeText>> = {
  approved: {
    en: {
      subject: 'Your identity is verified at Meridian',
      body: 'Your identity check is approved. The limits of your level now apply in full: see them in your profile.',
    },
    ar: {
      subject: 'تم التحقق من هويتك في Meridian',
      body: 'تمت الموافقة على التحقق من هويتك. تسري الآن حدود مستواك كاملةً: يمكنك رؤيتها في ملفك الشخصي.',
    },
    de: {
      subject: 'Ihre Identität bei Meridian ist bestätigt',
      body: 'Ihre Identitätsprüfung wurde genehmigt. Die Limits Ihrer Stufe gelten jetzt vollständig: Sie finden sie in Ihrem Profil.',
    },
    es: {
      subject: 'Tu identidad está verificada en Meridian',
      body: 'Tu verificación de identidad está aprobada. Los límites de tu nivel se aplican ahora por completo: los ves en tu perfil.',
    },
    fr: {
      subject: 'Votre identité est vérifiée chez Meridian',
      body: "Votre vérification d'identité est approuvée. Les plafonds de votre niveau s'appliquent désormais en entier : retrouvez-les dans votre profil.",
    },
    ru: {
      subject: 'Ваша личность подтверждена в Meridian',
      body: 'Проверка личности одобрена. Теперь действуют все лимиты вашего уровня: их можно посмотреть в профиле.',
    },
    th: {
      subject: 'ยืนยันตัวตนของคุณที่ Meridian แล้ว',
      body: 'การยืนยันตัวตนของคุณได้รับอนุมัติแล้ว วงเงินตามระดับของคุณมีผลเต็มที่แล้ว ดูได้ในโปรไฟล์ของคุณ',
    },
    zh: {
      subject: '您在 Meridian 的身份已验证',
      body: '您的身份验证已通过。您所在等级的全部限额现已生效，可在个人资料中查看。',
    },
  },
  rejected: {
    en: {
      subject: 'Your identity check at Meridian was not approved',
      body: 'We could not approve your identity check. The reviewer wrote:\n\n{reason}\n\nIf you have questions, reply to this e-mail.',
    },
    ar: {
      subject: 'لم تتم الموافقة على التحقق من هويتك في Meridian',
      body: 'لم نتمكن من الموافقة على التحقق من هويتك. كتب المراجع:\n\n{reason}\n\nإن كانت لديك أسئلة، فردّ على هذه الرسالة.',
    },
    de: {
      subject: 'Ihre Identitätsprüfung bei Meridian wurde nicht genehmigt',
      body: 'Wir konnten Ihre Identitätsprüfung nicht genehmigen. Die Prüferin oder der Prüfer schrieb:\n\n{reason}\n\nBei Fragen antworten Sie auf diese E-Mail.',
    },
    es: {
      subject: 'Tu verificación de identidad en Meridian no fue aprobada',
      body: 'No pudimos aprobar tu verificación de identidad. La persona revisora escribió:\n\n{reason}\n\nSi tienes preguntas, responde a este correo.',
    },
    fr: {
      subject: "Votre vérification d'identité chez Meridian n'a pas été approuvée",
      body: "Nous n'avons pas pu approuver votre vérification d'identité. La personne chargée de l'examen a écrit :\n\n{reason}\n\nPour toute question, répondez à cet e-mail.",
    },
    ru: {
      subject: 'Проверка личности в Meridian не одобрена',
      body: 'Мы не смогли одобрить проверку вашей личности. Комментарий проверяющего:\n\n{reason}\n\nЕсли есть вопросы, ответьте на это письмо.',
    },
    th: {
      subject: 'การยืนยันตัวตนของคุณที่ Meridian ไม่ได้รับอนุมัติ',
      body: 'เราไม่สามารถอนุมัติการยืนยันตัวตนของคุณได้ ผู้ตรวจสอบระบุว่า:\n\n{reason}\n\nหากมีคำถาม โปรดตอบกลับอีเมลนี้',
    },
    zh: {
      subject: '您在 Meridian 的身份验证未通过',
      body: '我们无法通过您的身份验证。审核人员的说明：\n\n{reason}\n\n如有疑问，请回复此邮件。',
    },
  },
  step_requested: {
    en: {
      subject: 'Meridian needs one step of your identity check again',
      body: 'Please complete the step "{step}" of your identity check again and submit it. The reviewer wrote:\n\n{reason}',
    },
    ar: {
      subject: 'تحتاج Meridian إلى إعادة خطوة من التحقق من هويتك',
      body: 'يُرجى إكمال خطوة "{step}" من التحقق من هويتك مرة أخرى وإرسالها. كتب المراجع:\n\n{reason}',
    },
    de: {
      subject: 'Meridian benötigt einen Schritt Ihrer Identitätsprüfung erneut',
      body: 'Bitte erledigen Sie den Schritt „{step}“ Ihrer Identitätsprüfung erneut und reichen Sie sie ein. Die Prüferin oder der Prüfer schrieb:\n\n{reason}',
    },
    es: {
      subject: 'Meridian necesita de nuevo un paso de tu verificación de identidad',
      body: 'Completa de nuevo el paso «{step}» de tu verificación de identidad y envíala. La persona revisora escribió:\n\n{reason}',
    },
    fr: {
      subject: "Meridian a de nouveau besoin d'une étape de votre vérification d'identité",
      body: "Veuillez refaire l'étape « {step} » de votre vérification d'identité et l'envoyer. La personne chargée de l'examen a écrit :\n\n{reason}",
    },
    ru: {
      subject: 'Meridian просит повторить шаг проверки личности',
      body: 'Пожалуйста, пройдите шаг «{step}» проверки личности ещё раз и отправьте её. Комментарий проверяющего:\n\n{reason}',
    },
    th: {
      subject: 'Meridian ต้องการให้คุณทำขั้นตอนหนึ่งของการยืนยันตัวตนอีกครั้ง',
      body: 'โปรดทำขั้นตอน "{step}" ของการยืนยันตัวตนอีกครั้งแล้วส่ง ผู้ตรวจสอบระบุว่า:\n\n{reason}',
    },
    zh: {
      subject: 'Meridian 需要您重新完成身份验证的一个步骤',
      body: '请重新完成身份验证中的“{step}”步骤并提交。审核人员的说明：\n\n{reason}',
    },
  },
};

/** The step's name in the e-mail, in the customer's language. */
const STEP_NAMES: Record<'document' | 'questionnaire' | 'signature', Record<Locale, string>> = {
  document: {
    en: 'Document',
    ar: 'الوثيقة',
    de: 'Dokument',
    es: 'Documento',
    fr: 'Pièce d’identité',
    ru: 'Документ',
    th: 'เอกสาร',
    zh: '证件',
  },
  questionnaire: {
    en: 'Questionnaire',
    ar: 'الاستبيان',
    de: 'Fragebogen',
    es: 'Cuestionario',
    fr: 'Questionnaire',
    ru: 'Анкета',
    th: 'แบบสอบถาม',
    zh: '问卷',
  },
  signature: { en: 'Signature', ar: 'التوقيع', de: 'Unterschrift', es: 'Firma', fr: 'Signature', ru: 'Подпись', th: 'ลายเซ็น', zh: '签名' },
};

export function kycDecisionNotice(
  kind: KycDecisionNotice,
  to: string,
  locale: Locale,
  values: { reason?: string; step?: 'document' | 'questionnaire' | 'signature' },
): Message {
  const text = NOTICES[kind][locale];
  const words: Record<string, string> = { reason: values.reason ?? '', step: values.step ? STEP_NAMES[values.step][locale] : '' };
  // One pass, so a reason that contains `{step}` stays as the reviewer wrote it.
  const fill = (s: string) => s.replace(/\{(reason|step)\}/g, (_, key: string) => words[key]!);
  return { to, channel: 'email', template: `kyc_${kind}`, subject: fill(text.subject), body: fill(text.body) };
}
