import { translationsOf } from '../../lib/messages.ts';

/** What the team's endpoints answer, in English; the Arabic below (the error handler and the routes translate). */
export const TEAM_MESSAGES = {
  seatLimitReached: 'Every seat of your team is taken (invitations waiting for an answer count too). Revoke an invitation or deactivate a member first, or ask us for more seats.',
  emailTaken: 'This e-mail address already has a portal account.',
  ownRole: 'You cannot change your own role.',
  ownAccount: 'You cannot deactivate your own account.',
  roleAboveOwn: 'You cannot give a role above your own.',
  lastOwner: 'The team must keep at least one owner.',
  notInvited: 'This member has no invitation waiting.',
  notActive: 'Only an active member can be changed.',
  notDeactivated: 'Only a deactivated member can be reactivated.',
  wrongPassword: 'The password is incorrect.',
  tooManyAttempts: 'Too many wrong passwords. Please wait a minute and try again.',
  invited: 'Invitation sent.',
  resent: 'A new invitation was sent; the earlier link no longer works.',
  revoked: 'Invitation revoked.',
  roleChanged: 'Role changed.',
  deactivated: 'Member deactivated: their sessions have ended.',
  reactivated: 'Member reactivated.',
  transferred: 'Ownership transferred: you are now a manager.',
} as const;

export const TEAM_TRANSLATIONS = translationsOf(TEAM_MESSAGES, {
  ar: {
    seatLimitReached:
      'جميع مقاعد فريقك مشغولة (الدعوات التي تنتظر ردًا تُحتسب أيضًا). ألغِ دعوة أو عطّل عضوًا أولًا، أو اطلب منا مقاعد إضافية.',
    emailTaken: 'لهذا البريد الإلكتروني حساب في البوابة بالفعل.',
    ownRole: 'لا يمكنك تغيير دورك بنفسك.',
    ownAccount: 'لا يمكنك تعطيل حسابك بنفسك.',
    roleAboveOwn: 'لا يمكنك منح دور أعلى من دورك.',
    lastOwner: 'يجب أن يبقى للفريق مالك واحد على الأقل.',
    notInvited: 'لا توجد دعوة بانتظار هذا العضو.',
    notActive: 'لا يمكن تغيير إلا عضو نشط.',
    notDeactivated: 'لا يمكن إعادة تفعيل إلا عضو معطّل.',
    wrongPassword: 'كلمة المرور غير صحيحة.',
    tooManyAttempts: 'كلمات مرور خاطئة كثيرة جدًا. يُرجى الانتظار دقيقة ثم المحاولة مرة أخرى.',
    invited: 'أُرسلت الدعوة.',
    resent: 'أُرسلت دعوة جديدة؛ ولم يعد الرابط السابق يعمل.',
    revoked: 'أُلغيت الدعوة.',
    roleChanged: 'تم تغيير الدور.',
    deactivated: 'تم تعطيل العضو وانتهت جلساته.',
    reactivated: 'تمت إعادة تفعيل العضو.',
    transferred: 'نُقلت الملكية: أصبحت الآن مديرًا.',
  },
});
