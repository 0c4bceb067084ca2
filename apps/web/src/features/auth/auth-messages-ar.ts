/** The auth area's texts in Arabic: a chunk of its own, loaded when Arabic is chosen. */
import type { Translation } from '../../i18n/catalogue-types';
import type { authEn } from './auth-messages';

export const authAr: Translation<typeof authEn> = {
  email: 'البريد الإلكتروني',
  password: 'كلمة المرور',
  showPassword: 'إظهار كلمة المرور',
  backToSignIn: 'العودة إلى تسجيل الدخول',
  goToSignIn: 'الذهاب إلى تسجيل الدخول',
  askForNewLink: 'اطلب رابطًا جديدًا',
  newPassword: 'كلمة المرور الجديدة',
  confirmNewPassword: 'تأكيد كلمة المرور الجديدة',

  login: {
    title: 'تسجيل الدخول',
    description: 'سجّل الدخول إلى حساب الشريك الخاص بك.',
    rememberMe: 'تذكرني',
    forgotPassword: 'نسيت كلمة المرور؟',
    submit: 'تسجيل الدخول',
    newPartner: 'شريك جديد؟',
    register: 'سجّل الآن',
  },

  forgot: {
    title: 'نسيت كلمة المرور؟',
    description: 'أدخل البريد الإلكتروني لحسابك وسنرسل إليك رابطًا لاختيار كلمة مرور جديدة.',
    submit: 'إرسال رابط إعادة التعيين',
  },

  reset: {
    title: 'إعادة تعيين كلمة المرور',
    description: 'اختر كلمة مرور جديدة لحسابك.',
    incompleteTitle: 'هذا الرابط غير مكتمل',
    incomplete: 'رابط إعادة التعيين ينقصه الرمز. افتح الرابط من البريد الإلكتروني مرة أخرى، أو اطلب رابطًا جديدًا.',
    submit: 'إعادة تعيين كلمة المرور',
  },

  rules: {
    heading: 'يجب أن تحتوي كلمة المرور الجديدة على:',
    listLabel: 'متطلبات كلمة المرور',
    done: ' (مستوفى)',
    notYet: ' (غير مستوفى بعد)',
    length: '{{min}} أحرف على الأقل',
    lower: 'حرف لاتيني صغير',
    upper: 'حرف لاتيني كبير',
    number: 'رقم',
  },

  registration: {
    title: 'انضم كشريك',
    description: 'أخبرنا عنك وعن مؤسستك. نراجع كل طلب انضمام.',
    firstName: 'الاسم الأول',
    lastName: 'اسم العائلة',
    confirmPassword: 'تأكيد كلمة المرور',
    countryCode: 'رمز الدولة',
    phone: 'رقم الهاتف',
    optionsFailed: 'تعذّر تحميل أنواع الشركاء',
    partnerType: 'نوع الشريك',
    industry: 'القطاع',
    optional: 'اختياري',
    organisation: 'المؤسسة',
    loadingOptions: 'جارٍ التحميل…',
    chooseOne: 'اختر واحدًا',
    submit: 'تسجيل',
    alreadyPartner: 'لديك حساب شريك؟',
    signIn: 'سجّل الدخول',
  },

  update: {
    title: 'تحديث كلمة المرور',
    forcedDescription: 'قبل المتابعة، استبدل كلمة المرور التي أُعطيت لك بكلمة مرور من اختيارك.',
    description: 'اختر كلمة مرور جديدة لحسابك.',
    forcedNotice: 'عليك تعيين كلمة مرور جديدة لاستخدام البوابة.',
    currentPassword: 'كلمة المرور الحالية',
    submit: 'تحديث كلمة المرور',
    cancel: 'إلغاء',
  },

  twoFactor: {
    title: 'التحقق بخطوتين',
    codeDescription: 'أدخل الرمز المكوّن من 6 أرقام من تطبيق المصادقة.',
    recoveryDescription: 'أدخل أحد رموز الاسترداد التي حفظتها عند تفعيل التحقق بخطوتين.',
    code: 'رمز المصادقة',
    digit: 'رمز المصادقة، الرقم {{digit}} من {{length}}',
    recoveryCode: 'رمز الاسترداد',
    verify: 'تحقّق',
    useRecovery: 'استخدم رمز استرداد بدلًا من ذلك',
    useCode: 'استخدم رمز مصادقة بدلًا من ذلك',
    checkFailed: 'تعذّر التحقق من الرمز. تحقّق من اتصالك وحاول مرة أخرى.',
  },

  link: {
    title: 'رابط تسجيل الدخول',
    invalid: 'رابط تسجيل الدخول هذا غير صالح أو انتهت صلاحيته.',
    failedTitle: 'تعذّر تسجيل دخولك',
    whatNext: 'اطلب رابطًا جديدًا، أو سجّل الدخول ببريدك الإلكتروني وكلمة المرور.',
    signingIn: 'جارٍ تسجيل دخولك',
    checking: 'جارٍ التحقق من رابط تسجيل الدخول…',
    invitationTitle: 'اقبل دعوتك',
    invitationDescription: 'اختر كلمة المرور التي ستسجّل الدخول بها. يعمل الرابط مرة واحدة.',
    invitationSubmit: 'القبول وتسجيل الدخول',
  },

  thankYou: {
    title: 'شكرًا لتسجيلك',
    body: 'لقد تلقّينا طلبك. يراجع فريقنا كل حساب شريك جديد؛ وبمجرد اعتماد حسابك ستصلك رسالة بريد إلكتروني تتضمن رابطًا لتسجيل الدخول.',
  },

  approvalWaiting: {
    title: 'حسابك بانتظار الاعتماد',
    body: 'شكرًا لتسجيلك. لم يعتمد فريقنا حساب الشريك الخاص بك بعد، لذا لا يمكنك استخدام البوابة حاليًا. ستصلك رسالة بريد إلكتروني فور اعتماده.',
  },
};
