import type { Locale } from '@portal/contracts/preferences';
import { translationsOf } from '../../lib/messages.ts';
import { defineNotice } from '../notifications/public.ts';

/** The feedback area's error messages (422 and 409 answers), in English and Arabic. */
export const FEEDBACK_MESSAGES = {
  fileTooLarge: 'A file may be at most 10 MB.',
  fileTypeNotAllowed: 'A file must be an image (PNG, JPEG or WebP) or a PDF.',
  fileEmpty: 'The file is empty.',
  pdfNotReadable: 'The file is not a readable PDF.',
  pdfHtmlInside: 'The file holds a web page as well as a PDF: save it again as a plain PDF.',
  pdfActiveContent: 'The PDF contains scripts, actions or embedded files: print it to a new PDF and attach that one.',
  pdfEncrypted: 'The PDF is password-protected: attach a copy without a password.',
  fileNotSent: 'Send the file itself as the body, with Content-Type application/octet-stream.',
  attachmentUnknown: 'An attached file was not found; upload it again.',
  closed: 'This feedback is closed: it takes no more replies.',
  assigneeUnknown: 'The selected operator does not exist.',
} as const;

export const FEEDBACK_TRANSLATIONS = translationsOf(FEEDBACK_MESSAGES, {
  ar: {
    fileTooLarge: 'يجب ألا يزيد حجم الملف على 10 ميغابايت.',
    fileTypeNotAllowed: 'يجب أن يكون الملف صورة (PNG أو JPEG أو WebP) أو ملف PDF.',
    fileEmpty: 'الملف فارغ.',
    pdfNotReadable: 'الملف ليس ملف PDF قابلًا للقراءة.',
    pdfHtmlInside: 'يحتوي الملف على صفحة ويب إلى جانب ملف PDF: احفظه مرة أخرى كملف PDF عادي.',
    pdfActiveContent: 'يحتوي ملف PDF على نصوص برمجية أو إجراءات أو ملفات مضمّنة: اطبعه إلى ملف PDF جديد وأرفق ذلك الملف.',
    pdfEncrypted: 'ملف PDF محمي بكلمة مرور: أرفق نسخة بدون كلمة مرور.',
    fileNotSent: 'أرسل الملف نفسه في متن الطلب بنوع المحتوى application/octet-stream.',
    attachmentUnknown: 'لم يُعثر على ملف مرفق؛ ارفعه مرة أخرى.',
    closed: 'هذه الملاحظة مغلقة: لا تقبل مزيدًا من الردود.',
    assigneeUnknown: 'المشغّل المختار غير موجود.',
  },
});

/** The notification a partner gets when an operator answers: the start of the answer (worded at every read). */
export const FEEDBACK_ANSWERED_NOTICE = defineNotice<{ excerpt: string }>('feedback.answered', {
  en: { title: 'Support answered your feedback', body: '“{excerpt}”' },
  ar: { title: 'ردّ فريق الدعم على ملاحظتك', body: '«{excerpt}»' },
});

interface ReplyTexts {
  /** the e-mail */
  subject: string;
  intro: (firstName: string) => string;
  linkLead: string;
  outro: string;
}

/** What the partner reads when an operator answers by e-mail, in the partner's language. */
export const FEEDBACK_REPLY_TEXTS: Readonly<Record<Locale, ReplyTexts>> = {
  en: {
    subject: 'Support answered your feedback',
    intro: (firstName) => `Hello ${firstName}, the partner support team answered your feedback:`,
    linkLead: 'Read the conversation and reply here:',
    outro: 'You can reply until the conversation is closed.',
  },
  ar: {
    subject: 'ردّ فريق الدعم على ملاحظتك',
    intro: (firstName) => `مرحبًا ${firstName}، ردّ فريق دعم الشركاء على ملاحظتك:`,
    linkLead: 'اقرأ المحادثة وردّ من هنا:',
    outro: 'يمكنك الرد ما دامت المحادثة غير مغلقة.',
  },
};

/** What partners see as the author of an operator's message (operators' names stay in the console). */
export const SUPPORT_NAME: Readonly<Record<Locale, string>> = { en: 'Partner support', ar: 'دعم الشركاء' };
