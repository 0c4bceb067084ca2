/** The notification centre's texts in Arabic: a chunk of its own, loaded when Arabic is chosen. */
import type { Translation } from '../../i18n/catalogue-types';
import type { notificationsEn } from './notifications-messages';

export const notificationsAr: Translation<typeof notificationsEn> = {
  title: 'الإشعارات',
  bellLabel: 'الإشعارات، {{count}} غير مقروءة',
  markAllRead: 'تحديد الكل كمقروء',
  loading: 'جارٍ تحميل الإشعارات',
  loadFailed: 'تعذّر تحميل الإشعارات.',
  pageLoadFailed: 'تعذّر تحميل إشعاراتك',
  empty: 'لا توجد لديك إشعارات بعد.',
  emptyUnread: 'لا توجد لديك إشعارات غير مقروءة.',
  unreadMark: ' (غير مقروء)',
  viewAll: 'عرض الكل',
  viewDetails: 'عرض التفاصيل',
  allRead: 'تمت قراءة كل شيء.',
  unreadCount: '{{count}} غير مقروءة',
  show: 'عرض',
  all: 'الكل',
  unread: 'غير المقروءة',
  open: 'فتح',
  markRead: 'تحديد كمقروء',
  markReadNamed: 'تحديد «{{title}}» كمقروء',
  delete: 'حذف',
  deleteNamed: 'حذف «{{title}}»',
  showingRange: 'عرض {{from}}–{{to}} من {{total}}',
};
