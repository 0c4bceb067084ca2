import { PASSWORD_MIN_LENGTH } from './constants.ts';
import type { Locale } from './preferences.ts';

/**
 * Translations of the messages a person reads from validation: the contracts' field messages, which the server answers
 * in 422s and the SPA shows from its own client-side checks. Keyed by the English message itself, because the English
 * texts are the spec's exact wording (Laravel's: 'The email field is required.') and stay the source: the schemas keep
 * them, the server keeps answering them to English requests, and one table turns them into another language at the
 * edge (the server's error handler for a request in Arabic; the SPA before showing a client-side message).
 *
 *   translateMessage('The email field is required.', 'ar')   // 'حقل البريد الإلكتروني مطلوب.'
 *   translateMessage('The first name field is required.', 'ar')   // through the template 'The :label field is required.'
 *
 * An entry's key is the English message, or a template whose `:name` placeholders stand for what a message fills in
 * (a field's label, a number, a date). A placeholder's value is translated through the terms (labels, zod's type
 * names, the password rules), item by item when it is a list ('a lowercase letter, a number'); anything else (a
 * number, a date, a quoted key) is kept. A message with no entry is answered unchanged: English, never blank.
 * Completeness is a test (message-translations.test.ts): every message the contracts' schemas produce, and every
 * message written in their source, has an Arabic entry.
 */

/** The languages that have translations: every locale but English, the source. */
export type TranslatedLocale = Exclude<Locale, 'en'>;

/** English message or template → its translation. */
export type MessageCatalogue = Readonly<Record<string, string>>;

/** What a translator reads: messages (and templates) and the terms placeholders are filled with, per language. */
export interface MessageTranslations {
  messages: Readonly<Record<TranslatedLocale, MessageCatalogue>>;
  terms: Readonly<Record<TranslatedLocale, MessageCatalogue>>;
}

/** The contracts' own field messages, in Arabic. */
const ARABIC_MESSAGES: MessageCatalogue = {
  // ---- session and account (session.ts, auth.ts) ----
  'The email field is required.': 'حقل البريد الإلكتروني مطلوب.',
  'The email must be a valid email address.': 'يجب أن يكون البريد الإلكتروني عنوانًا صالحًا.',
  'The password field is required.': 'حقل كلمة المرور مطلوب.',
  'The code must be 6 digits.': 'يجب أن يتكون الرمز من 6 أرقام.',
  'Enter either a 6-digit code or a recovery code.': 'أدخل رمزًا من 6 أرقام أو رمز استرداد.',
  'The password confirmation does not match.': 'تأكيد كلمة المرور غير مطابق.',
  'This sign-in link is invalid or has expired.': 'رابط تسجيل الدخول هذا غير صالح أو انتهت صلاحيته.',
  'The current password field is required.': 'حقل كلمة المرور الحالية مطلوب.',
  'The new password must be different from the current one.': 'يجب أن تختلف كلمة المرور الجديدة عن كلمة المرور الحالية.',
  'The password may not be greater than :max characters.': 'يجب ألا تزيد كلمة المرور على :max حرفًا.',
  'The password needs: :rules.': 'تحتاج كلمة المرور إلى: :rules.',
  'Choose a country.': 'اختر الدولة.',
  'Choose a currency.': 'اختر العملة.',
  'Choose a partner type.': 'اختر نوع الشريك.',
  'The phone number is not valid for the chosen country.': 'رقم الهاتف غير صالح للدولة المختارة.',
  // ---- preferences.ts ----
  'The selected language is invalid.': 'اللغة المختارة غير صالحة.',
  'The selected theme is invalid.': 'المظهر المختار غير صالح.',
  'Choose a language or a theme.': 'اختر لغة أو مظهرًا.',
  // ---- notifications.ts ----
  'The link must be a path of the portal, starting with a single "/".': 'يجب أن يكون الرابط مسارًا داخل البوابة يبدأ بعلامة "/" واحدة.',
  'The title is required.': 'العنوان مطلوب.',
  'The data is too large.': 'البيانات كبيرة جدًا.',
  // ---- bookings.ts (spec §5's text, as written) ----
  'Error ! Start Date :from should not be greater than end date :to': 'خطأ! يجب ألا يكون تاريخ البداية :from بعد تاريخ النهاية :to',
  // ---- errors.ts ----
  'Unauthenticated.': 'لم يتم تسجيل الدخول.',
  'CSRF token mismatch.': 'رمز الحماية (CSRF) غير مطابق. أعد تحميل الصفحة وحاول مرة أخرى.',
  'The portal is unavailable right now. Please try again in a minute.': 'البوابة غير متاحة الآن. يُرجى المحاولة مرة أخرى بعد دقيقة.',
  // ---- the shared fields (fields.ts, list-query.ts), by label ----
  'The :label field is required.': 'حقل :label مطلوب.',
  'The :label field must be a string.': 'يجب أن يكون حقل :label نصًا.',
  'The :label field must be at least :min characters.': 'يجب ألا يقل حقل :label عن :min أحرف.',
  'The :label field must not be greater than :max characters.': 'يجب ألا يزيد حقل :label على :max حرفًا.',
  'The :label field must not contain control characters (other than tabs and line breaks).':
    'يجب ألا يحتوي حقل :label على محارف تحكم (عدا مسافات الجدولة وفواصل الأسطر).',
  'The :label field must not contain control characters or line breaks.': 'يجب ألا يحتوي حقل :label على محارف تحكم أو فواصل أسطر.',
  'The :label field must be an integer.': 'يجب أن يكون حقل :label عددًا صحيحًا.',
  'The :label field must be at least :min.': 'يجب ألا يقل حقل :label عن :min.',
  'The :label field must not be greater than :max.': 'يجب ألا يزيد حقل :label على :max.',
  'The :label field must not have more than :max items.': 'يجب ألا يزيد عدد عناصر حقل :label على :max.',
  'The :label field must be a date (YYYY-MM-DD).': 'يجب أن يكون حقل :label تاريخًا (YYYY-MM-DD).',
  'The :label field must be a valid date (YYYY-MM-DD).': 'يجب أن يكون حقل :label تاريخًا صحيحًا (YYYY-MM-DD).',
  'The :label field must be one of :values.': 'يجب أن يكون حقل :label إحدى القيم :values.',
  'The selected :label is invalid.': 'قيمة :label المختارة غير صالحة.',
  'The timezone field must be a time zone.': 'يجب أن يكون حقل المنطقة الزمنية منطقة زمنية.',
  'The timezone field must be a valid time zone.': 'يجب أن يكون حقل المنطقة الزمنية منطقة زمنية صالحة.',
  // ---- zod's own messages, for a schema that gives none (only a malformed request, never the SPA, meets them) ----
  'Invalid input': 'قيمة غير صالحة',
  'Invalid input: expected :expected, received :received': 'قيمة غير صالحة: المتوقع :expected، والمستلَم :received',
  'Invalid input: expected :value': 'قيمة غير صالحة: المتوقع :value',
  'Invalid option: expected one of :values': 'خيار غير صالح: المتوقع أحد الخيارات :values',
  'Too big: expected :origin to have exactly :limit :unit': 'يجب أن يحتوي :origin على :limit :unit بالضبط',
  'Too small: expected :origin to have exactly :limit :unit': 'يجب أن يحتوي :origin على :limit :unit بالضبط',
  'Too big: expected :origin to have :limit :unit': 'أكبر من المسموح: يجب أن يحتوي :origin على :limit :unit',
  'Too big: expected :origin to be :limit': 'أكبر من المسموح: يجب أن يكون :origin :limit',
  'Too small: expected :origin to have :limit :unit': 'أصغر من المسموح: يجب أن يحتوي :origin على :limit :unit',
  'Too small: expected :origin to be :limit': 'أصغر من المسموح: يجب أن يكون :origin :limit',
  'Invalid string: must match pattern :pattern': 'نص غير صالح: يجب أن يطابق النمط :pattern',
  'Invalid :format': ':format غير صالح',
  'Unrecognized key: :keys': 'حقل غير معروف: :keys',
  'Unrecognized keys: :keys': 'حقول غير معروفة: :keys',
  'Invalid key in :origin': 'مفتاح غير صالح في :origin',
  'Invalid value in :origin': 'قيمة غير صالحة في :origin',
  // ---- console notifications (console-notifications.ts) ----
  'Choose who receives the notification.': 'اختر من يتلقى الإشعار.',
  'Choose a partner.': 'اختر شريكًا.',
  'Choose a referral agent.': 'اختر وكيل إحالة.',
  'Give the Arabic title too, or leave the Arabic version empty.': 'أضف العنوان بالعربية أيضًا، أو اترك النسخة العربية فارغة.',
  'Give the Arabic message too, or leave the Arabic version empty.': 'أضف الرسالة بالعربية أيضًا، أو اترك النسخة العربية فارغة.',
  'The link must be a page of the portal, starting with a single "/" (for example /bookings).': 'يجب أن يكون الرابط صفحة من البوابة تبدأ بعلامة "/" واحدة (مثل "/bookings").',
  'The link must be a page of the partner portal, not of the console or the API.': 'يجب أن يكون الرابط صفحة من بوابة الشركاء، لا من لوحة العمليات أو الواجهة البرمجية.',
  // ---- the audit log viewer (console-audit.ts) ----
  "The action field must be an action such as 'partner.approved' or an area followed by a dot, such as 'partner.'.":
    'يجب أن يكون حقل الإجراء إجراءً مثل "partner.approved" أو مجالًا تليه نقطة مثل "partner.".',
  'The target type field must be lower case, such as user or referral_agent.': 'يجب أن يُكتب حقل نوع الهدف بأحرف لاتينية صغيرة، مثل "user" أو "referral_agent".',
  'The actor type field is required when an actor is given.': 'حقل نوع المنفّذ مطلوب عند تحديد منفّذ.',
  'The target type field is required when a target is given.': 'حقل نوع الهدف مطلوب عند تحديد هدف.',
  // ---- bookings in the console (console-bookings.ts) ----
  'The :attribute field must be a number (for example 1500.00).': 'يجب أن يكون حقل :attribute رقمًا (مثل 1500.00).',
  'The amount field must be a whole number in :currency.': 'يجب أن يكون حقل المبلغ عددًا صحيحًا بعملة :currency.',
  'The amount field must have at most :digits decimals in :currency.': 'يجب ألا تزيد المنازل العشرية في حقل المبلغ على :digits بعملة :currency.',
  'The currency field must be a three-letter ISO 4217 code (for example AED).': 'يجب أن يكون حقل العملة رمزًا من ثلاثة أحرف وفق ISO 4217 (مثل AED).',
  'The appointment field must be a date and time.': 'يجب أن يكون حقل الموعد تاريخًا ووقتًا.',
  'The patient e-mail field must be a valid e-mail address.': 'يجب أن يكون حقل البريد الإلكتروني للمريض عنوانًا صالحًا.',
  'The ticket number field may only contain letters, digits and dashes.': 'يجب ألا يحتوي حقل رقم التذكرة إلا على أحرف وأرقام وشرطات.',
  'Choose a patient of the agent, or enter a new one.': 'اختر مريضًا من مرضى الوكيل، أو أدخل مريضًا جديدًا.',
  'Choose an existing patient or a new one, not both.': 'اختر مريضًا حاليًا أو مريضًا جديدًا، لا كليهما.',
  'Give the amount and its currency together.': 'أدخل المبلغ وعملته معًا.',
  // ---- background jobs (console-jobs.ts) ----
  'The queue field must be a queue name, such as mail.send.': 'يجب أن يكون حقل قائمة الانتظار اسم قائمة، مثل "mail.send".',
  'The id field must be a job id.': 'يجب أن يكون حقل المعرّف معرّف مهمة.',
  // ---- operators (console-operators.ts) ----
  'This invitation link is invalid or has expired.': 'رابط الدعوة هذا غير صالح أو انتهت صلاحيته.',
  // ---- referral agents and groups (console-referral-agents.ts) ----
  'Choose a referral group.': 'اختر مجموعة إحالة.',
  'The slug may contain only lowercase letters, digits and single hyphens.': 'يجب أن يتكون المعرّف المختصر من أحرف لاتينية صغيرة وأرقام وشرطات مفردة فقط.',
  // ---- the profile's Security tab (account-security.ts) ----
  'Enter either your password or a 6-digit code.': 'أدخل كلمة المرور أو رمزًا من 6 أرقام.',
  'The session id is invalid.': 'معرّف الجلسة غير صالح.',
  // ---- feedback (feedback.ts) ----
  'At most 3 files may be attached.': 'يمكن إرفاق 3 ملفات على الأكثر.',
  'The selected category is invalid.': 'الفئة المختارة غير صالحة.',
  'The rating must be a whole number from 1 to 5.': 'يجب أن يكون التقييم عددًا صحيحًا من 1 إلى 5.',
  'The selected status is invalid.': 'الحالة المختارة غير صالحة.',
  // ---- the team (team.ts) ----
  'The selected role is invalid.': 'الدور المختار غير صالح.',
  'The seat limit field must be a number.': 'يجب أن يكون حقل حد المقاعد رقمًا.',
  'The duration seconds field must be a number.': 'يجب أن يكون حقل المدة بالثواني رقمًا.',
  'The month field must be a month (YYYY-MM).': 'يجب أن يكون حقل الشهر شهرًا (YYYY-MM).',
  'The lock date must be a date (YYYY-MM-DD).': 'يجب أن يكون تاريخ الإقفال تاريخًا (YYYY-MM-DD).',
  'The mapping is not a valid column mapping.': 'هذا ليس ربطًا صالحًا للأعمدة.',
  'Say why when the reason is Other.': 'اذكر السبب عندما يكون السبب «أخرى».',
  'Attach at most 5 files.': 'أرفق 5 ملفات على الأكثر.',
  'The account number may hold letters, digits and hyphens.': 'يمكن أن يحتوي رقم الحساب على أحرف وأرقام وشرطات.',
  'The adjustment must be an amount such as 40.00 or -25.00.': 'يجب أن تكون التسوية مبلغًا مثل 40.00 أو -25.00.',
  'A range must be a [start, end] pair.': 'يجب أن يكون كل نطاق زوجًا [البداية، النهاية].',
  'A range must end after it starts.': 'يجب أن ينتهي النطاق بعد أن يبدأ.',
  'The ranges field must be a list of [start, end] pairs.': 'يجب أن يكون حقل النطاقات قائمة من الأزواج [البداية، النهاية].',
  'The country field must be a country code.': 'يجب أن يكون حقل البلد رمز بلد.',
  'The language field must be a language code.': 'يجب أن يكون حقل اللغة رمز لغة.',
  'The helpful field must be true or false.': 'يجب أن يكون حقل «مفيد» صحيحًا أو خطأ.',
  'The position field must be a number.': 'يجب أن يكون حقل الموضع رقمًا.',
  // ---- the rate card (commission-rates.ts, console-commission-rates.ts) ----
  'The country field must be a two-letter country code.': 'يجب أن يكون حقل الدولة رمزًا من حرفين.',
  'The :label field must be a real date.': 'يجب أن يكون حقل :label تاريخًا حقيقيًا.',
  'The kind must be percentage or flat.': 'يجب أن يكون النوع نسبة مئوية أو مبلغًا ثابتًا.',
  'The rate must be a number.': 'يجب أن تكون النسبة رقمًا.',
  'The rate must have at most two decimals.': 'يجب ألا تزيد المنازل العشرية للنسبة على اثنتين.',
  'The rate must be more than 0 %.': 'يجب أن تكون النسبة أكبر من 0٪.',
  'The rate must be at most 100 %.': 'يجب ألا تزيد النسبة على 100٪.',
  'The amount must be a number such as 550.00.': 'يجب أن يكون المبلغ رقمًا مثل 550.00.',
  'The amount field must be a number such as -25.00 or 40.': 'يجب أن يكون حقل المبلغ رقمًا مثل -25.00 أو 40.',
  'The amount field must be a number such as 120.50.': 'يجب أن يكون حقل المبلغ رقمًا مثل 120.50.',
  'The amount must not be zero.': 'يجب ألا يكون المبلغ صفرًا.',
  'The amount must be more than zero.': 'يجب أن يكون المبلغ أكبر من صفر.',
  'The amount field is required for a partial refund.': 'حقل المبلغ مطلوب للاسترداد الجزئي.',
  'Choose a full or a partial refund.': 'اختر استردادًا كاملًا أو جزئيًا.',
  'The currency must be a three-letter ISO 4217 code.': 'يجب أن تكون العملة رمزًا من ثلاثة أحرف وفق ISO 4217.',
  'The reference currency must be a three-letter ISO 4217 code.': 'يجب أن تكون العملة المرجعية رمزًا من ثلاثة أحرف وفق ISO 4217.',
  'The exchange rate is required.': 'سعر الصرف مطلوب.',
  'The exchange rate must be a number such as 0.2723, with at most 10 decimals.': 'يجب أن يكون سعر الصرف رقمًا مثل 0.2723، بعشر منازل عشرية على الأكثر.',
  'The exchange rate must be more than 0.': 'يجب أن يكون سعر الصرف أكبر من 0.',
  'The reference currency must differ from the currency.': 'يجب أن تختلف العملة المرجعية عن العملة.',
  'The latest field must be true or false.': 'يجب أن يكون حقل الأحدث صحيحًا أو خطأ.',
  'The refund window must be a number of days.': 'يجب أن تكون مهلة الاسترداد عددًا من الأيام.',
  'The refund window must be whole days.': 'يجب أن تكون مهلة الاسترداد أيامًا كاملة.',
  'The refund window cannot be negative.': 'لا يمكن أن تكون مهلة الاسترداد سالبة.',
  'The refund window must be at most 365 days.': 'يجب ألا تزيد مهلة الاسترداد على 365 يومًا.',
  'The rate is required.': 'النسبة مطلوبة.',
  'The amount is required.': 'المبلغ مطلوب.',
  'A flat amount for all facilities needs a currency.': 'يحتاج المبلغ الثابت لكل المنشآت إلى عملة.',
  'Choose a service or a specialty, not both.': 'اختر خدمة أو تخصصًا، لا كليهما.',
  "A contract's rate applies whatever the partner's tier: leave the tier empty.": 'ينطبق سعر العقد أيًّا كان مستوى الشريك: اترك المستوى فارغًا.',
  'The end must be after the start.': 'يجب أن تكون النهاية بعد البداية.',
  // ---- partner tiers (partner-tiers.ts) ----
  'The criterion must be completed bookings, completed value or an active certificate.': 'يجب أن يكون المعيار حجوزات مكتملة أو قيمة مكتملة أو شهادة سارية.',
  'The number of bookings must be a number.': 'يجب أن يكون عدد الحجوزات رقمًا.',
  'The number of bookings must be whole.': 'يجب أن يكون عدد الحجوزات عددًا صحيحًا.',
  'The number of bookings must be at least 1.': 'يجب ألا يقل عدد الحجوزات عن 1.',
  'The number of bookings must be at most 1,000,000.': 'يجب ألا يزيد عدد الحجوزات على 1,000,000.',
  'The value must be a number such as 250000.00.': 'يجب أن تكون القيمة رقمًا مثل 250000.00.',
  'The programme must be a key of lower-case letters, digits and hyphens.': 'يجب أن يكون البرنامج مفتاحًا من أحرف لاتينية صغيرة وأرقام وشرطات.',
  'The number of bookings is required.': 'عدد الحجوزات مطلوب.',
  'The value is required.': 'القيمة مطلوبة.',
  'The currency is required.': 'العملة مطلوبة.',
  'The programme is required.': 'البرنامج مطلوب.',
  'The evaluation period must be a month, a quarter or a year.': 'يجب أن تكون فترة التقييم شهرًا أو ربع سنة أو سنة.',
  'A tier has at most one criterion of each kind.': 'للمستوى معيار واحد على الأكثر من كل نوع.',
  'The frozen field must be true or false.': 'يجب أن يكون حقل التثبيت صحيحًا أو خطأ.',
  // ---- the rate card's import (console-commission-rates.ts) ----
  'The filename must not be greater than 200 characters.': 'يجب ألا يزيد اسم الملف على 200 حرف.',
  'The apply field must be true or false.': 'يجب أن يكون حقل التطبيق صحيحًا أو خطأ.',
  // ---- agreements (agreements.ts, console-agreements.ts) ----
  'I agree to sign this agreement electronically and to receive it and related records in electronic form. My typed name is my signature and has the same effect as a handwritten one.':
    'أوافق على توقيع هذه الاتفاقية إلكترونيًا وعلى تلقيها وما يتصل بها من سجلات بصيغة إلكترونية. الاسم الذي أكتبه هو توقيعي وله أثر التوقيع بخط اليد.',
  'Confirm that you agree to sign electronically.': 'أكّد موافقتك على التوقيع إلكترونيًا.',
  'Read the agreement to its end before signing.': 'اقرأ الاتفاقية حتى نهايتها قبل التوقيع.',
  'The text fingerprint is not valid.': 'بصمة النص غير صالحة.',
  'The kind must be template, individual or addendum.': 'يجب أن يكون النوع نموذجًا أو عقدًا فرديًا أو ملحقًا.',
  'The key must be lower-case letters, digits and hyphens.': 'يجب أن يتكون المفتاح من أحرف لاتينية صغيرة وأرقام وشرطات.',
  'An individual contract needs its referral agent.': 'يحتاج العقد الفردي إلى وكيل الإحالة الخاص به.',
  'A template is for every agent it applies to, not one.': 'النموذج لكل وكيل ينطبق عليه، لا لوكيل واحد.',
  'The expiry must be after the effective date.': 'يجب أن يكون تاريخ الانتهاء بعد تاريخ السريان.',
  // ---- dashboard (dashboard.ts) ----
  'The from field is required for a custom range.': 'حقل "من" مطلوب للفترة المخصصة.',
  'The to field is required for a custom range.': 'حقل "إلى" مطلوب للفترة المخصصة.',
  'The to field must be a date after or equal to from.': 'يجب أن يكون حقل "إلى" تاريخًا يساوي "من" أو يليه.',
  'A range may span at most 1,097 days (three years).': 'لا يجوز أن تزيد الفترة على 1,097 يومًا (ثلاث سنوات).',
  // ---- earnings (earnings.ts) ----
  'The months field must be 6, 12 or 24.': 'يجب أن يكون حقل الأشهر 6 أو 12 أو 24.',
  'The selected group is invalid.': 'التجميع المختار غير صالح.',
  'Say why: the reason is shown to the partner.': 'اذكر السبب: يظهر السبب للشريك.',
  'The minimum is required.': 'الحد الأدنى مطلوب.',
  'The minimum must be an amount such as 50.00.': 'يجب أن يكون الحد الأدنى مبلغًا مثل 50.00.',
  'The threshold must be an amount such as 10000.00.': 'يجب أن يكون الحدّ مبلغًا مثل 10000.00.',
  'The threshold is required.': 'الحدّ مطلوب.',
  'Banks in this country use IBANs: enter the account as a valid IBAN (its country code, length and digits).': 'تستخدم البنوك في هذا البلد أرقام IBAN: أدخل الحساب كرقم IBAN صالح (رمز البلد والطول والأرقام).',
  'The day must be a number from 1 to 28.': 'يجب أن يكون اليوم رقمًا من 1 إلى 28.',
  'The format must be csv or sepa.': 'يجب أن تكون الصيغة "csv" أو "sepa".',
  'Choose the run day of the batch.': 'اختر يوم إعداد الدفعات.',
  'Choose the currency of the batch.': 'اختر عملة الدفعات.',
  'Choose a monthly or a yearly report.': 'اختر تقريرًا شهريًا أو سنويًا.',
  'Choose the period.': 'اختر الفترة.',
  'The format must be pdf or xlsx.': 'يجب أن تكون الصيغة "pdf" أو "xlsx".',
  'Choose the currency.': 'اختر العملة.',
  'The period must be a month such as 2026-10.': 'يجب أن تكون الفترة شهرًا مثل 2026-10.',
  'The period must be a year such as 2026.': 'يجب أن تكون الفترة سنة مثل 2026.',
  // ---- payment details (payment-details.ts) ----
  'The BIC must be 8 or 11 letters and digits, such as DEUTDEFF or DEUTDEFF500.': 'يجب أن يتكون رمز BIC من 8 أو 11 حرفًا ورقمًا، مثل "DEUTDEFF" أو "DEUTDEFF500".',
  "The bank's BIC (SWIFT code) is required.": 'رمز BIC (سويفت) للبنك مطلوب.',
  "The account holder's name is required.": 'اسم صاحب الحساب مطلوب.',
  'Choose the country of the bank.': 'اختر بلد البنك.',
  'The IBAN is required.': 'رقم IBAN مطلوب.',
  'This IBAN is not valid: check its country code, length and digits.': 'رقم IBAN هذا غير صالح: تحقق من رمز البلد والطول والأرقام.',
  'The routing number is required.': 'رقم التوجيه مطلوب.',
  'The routing number must be the nine digits of a US bank (ABA), with a valid check digit.': 'يجب أن يكون رقم التوجيه الأرقام التسعة لبنك أمريكي (ABA) مع رقم تحقق صحيح.',
  'The account number must be 4 to 17 digits.': 'يجب أن يتكون رقم الحساب من 4 إلى 17 رقمًا.',
  'Choose checking or savings.': 'اختر حسابًا جاريًا أو حساب توفير.',
  'The IFSC is required.': 'رمز IFSC مطلوب.',
  'The IFSC must be 11 characters: four letters, a zero, then six letters or digits (for example HDFC0000123).': 'يجب أن يتكون رمز IFSC من 11 خانة: أربعة أحرف ثم صفر ثم ستة أحرف أو أرقام (مثل "HDFC0000123").',
  'The account number must be 9 to 18 digits.': 'يجب أن يتكون رقم الحساب من 9 إلى 18 رقمًا.',
  'The account number is required.': 'رقم الحساب مطلوب.',
  'The account number must be 4 to 34 letters and digits.': 'يجب أن يتكون رقم الحساب من 4 إلى 34 حرفًا ورقمًا.',
  "The bank's name is required.": 'اسم البنك مطلوب.',
  'Choose how you are paid.': 'اختر طريقة استلام الدفعات.',
  'This IBAN belongs to another country than the bank country chosen.': 'ينتمي رقم IBAN هذا إلى بلد غير بلد البنك المختار.',
  'A routing number is for a bank in the United States.': 'رقم التوجيه خاص بالبنوك في الولايات المتحدة.',
  'An IFSC is for a bank in India.': 'رمز IFSC خاص بالبنوك في الهند.',
  'This link is incomplete: open it again from the e-mail.': 'هذا الرابط غير مكتمل: افتحه مرة أخرى من البريد الإلكتروني.',
  // ---- tax profile (tax-profile.ts) ----
  'The VAT number must be 5 to 20 letters and digits.': 'يجب أن يتكون رقم ضريبة القيمة المضافة من 5 إلى 20 حرفًا ورقمًا.',
  'A VAT number of this country starts with :prefix.': 'يبدأ رقم ضريبة القيمة المضافة في هذا البلد بـ :prefix.',
  'This is not the format of a VAT number with the prefix :prefix.': 'هذه ليست صيغة رقم ضريبة القيمة المضافة الذي يبدأ بـ :prefix.',
  'Choose the country where the partner is established.': 'اختر البلد الذي يقع فيه مقر الشريك.',
  'Choose the VAT status.': 'اختر حالة التسجيل في ضريبة القيمة المضافة.',
  'The VAT number field is required when the partner is VAT-registered.': 'حقل رقم ضريبة القيمة المضافة مطلوب عندما يكون الشريك مسجّلًا في ضريبة القيمة المضافة.',
  'A VAT number is given only when the partner is VAT-registered.': 'لا يُدخل رقم ضريبة القيمة المضافة إلا عندما يكون الشريك مسجّلًا فيها.',
};

/** What placeholders are filled with: field labels, the password rules (as the message lists them), zod's names. */
const ARABIC_TERMS: MessageCatalogue = {
  // field labels (fields.ts and list-query.ts callers)
  // the content team's items (console-content.ts, issue 38)
  summary: 'الملخص',
  'Arabic summary': 'الملخص بالعربية',
  body: 'النص',
  'Arabic body': 'النص بالعربية',
  markdown: 'نص ماركداون',
  'English captions': 'الترجمة النصية بالإنجليزية',
  'Arabic captions': 'الترجمة النصية بالعربية',
  'change note': 'ملاحظة التغيير',
  'effective on': 'تاريخ السريان',
  section: 'القسم',
  stale: 'الحاجة إلى المراجعة',
  // reconciliation (console-reconciliation.ts, reconciliation.ts; issue 35)
  month: 'الشهر',
  period: 'الفترة المحاسبية',
  providerId: 'المنشأة',
  'account number': 'رقم الحساب',
  note: 'الملاحظة',
  outcome: 'النتيجة',
  // the network and learning (issues 36 and 38)
  accreditation: 'الاعتماد',
  specialty: 'التخصص',
  version: 'الإصدار',
  ranges: 'النطاقات',
  'first name': 'الاسم الأول',
  'seat limit': 'حد المقاعد',
  'last name': 'اسم العائلة',
  phone: 'الهاتف',
  organisation: 'المؤسسة',
  token: 'الرمز',
  'partner type': 'نوع الشريك',
  'partner industry': 'قطاع الشريك',
  page: 'الصفحة',
  'per page': 'عدد العناصر في الصفحة',
  'filter by': 'التصفية حسب',
  range: 'الفترة',
  from: 'من',
  to: 'إلى',
  search: 'البحث',
  'medical service provider': 'مقدم الخدمة الطبية',
  'invoice status': 'حالة الفاتورة',
  sort: 'الترتيب',
  team: 'الفريق',
  format: 'الصيغة',
  filter: 'التصفية',
  id: 'المعرّف',
  reason: 'السبب',
  status: 'الحالة',
  // console notifications (console-notifications.ts)
  title: 'العنوان',
  message: 'الرسالة',
  'Arabic title': 'العنوان بالعربية',
  'Arabic message': 'الرسالة بالعربية',
  link: 'الرابط',
  partner: 'الشريك',
  'referral agent': 'وكيل الإحالة',
  'scheduled on': 'تاريخ الدفعة',
  'bank reference': 'المرجع المصرفي',
  'account holder': 'صاحب الحساب',
  'bank name': 'اسم البنك',
  'legal name': 'الاسم القانوني',
  'address line 2': 'سطر العنوان الثاني',
  'postal code': 'الرمز البريدي',
  'tax ID': 'الرقم الضريبي',
  'VAT number': 'رقم ضريبة القيمة المضافة',
  audience: 'المستلمون',
  name: 'الاسم',
  slug: 'المعرّف المختصر',
  'referral group': 'مجموعة الإحالة',
  filename: 'اسم الملف',
  city: 'المدينة',
  address: 'العنوان',
  country: 'الدولة',
  'location id': 'معرّف الموقع',
  // the console's audit log, bookings, jobs and operators (console-audit.ts, console-bookings.ts, console-jobs.ts, console-operators.ts)
  actor: 'المنفّذ',
  'actor type': 'نوع المنفّذ',
  action: 'الإجراء',
  target: 'الهدف',
  'target type': 'نوع الهدف',
  agent: 'الوكيل',
  amount: 'المبلغ',
  'expected amount': 'المبلغ المتوقع',
  currency: 'العملة',
  appointment: 'الموعد',
  'expected status': 'الحالة المتوقعة',
  'expected invoice status': 'حالة الفاتورة المتوقعة',
  assignee: 'الموظف المسؤول',
  facility: 'المنشأة',
  service: 'الخدمة',
  patient: 'المريض',
  'patient name': 'اسم المريض',
  location: 'الموقع',
  'ticket number': 'رقم التذكرة',
  queue: 'قائمة الانتظار',
  role: 'الدور',
  // the rate card (commission-rates.ts, console-commission-rates.ts)
  'facility id': 'معرّف المنشأة',
  'specialty id': 'معرّف التخصص',
  'service id': 'معرّف الخدمة',
  'tier id': 'معرّف المستوى',
  'contract id': 'معرّف العقد',
  'base description': 'أساس الاحتساب',
  'Arabic base description': 'أساس الاحتساب بالعربية',
  'valid from': 'ساري من',
  'valid to': 'ساري حتى',
  scope: 'النطاق',
  // partner tiers (partner-tiers.ts)
  'Arabic name': 'الاسم بالعربية',
  state: 'الحالة',
  // agreements (agreements.ts, console-agreements.ts)
  'full name': 'الاسم الكامل',
  kind: 'النوع',
  text: 'النص',
  'effective date': 'تاريخ السريان',
  'expiry date': 'تاريخ الانتهاء',
  'referral group id': 'معرّف مجموعة الإحالة',
  'partner type id': 'معرّف نوع الشريك',
  'referral agent id': 'معرّف وكيل الإحالة',
  'agent id': 'معرّف الوكيل',
  // finance's exceptions (console-exceptions.ts)
  booking: 'الحجز',
  benefits: 'المزايا',
  'Arabic benefits': 'المزايا بالعربية',
  // feedback (feedback.ts)
  'page address': 'عنوان الصفحة',
  'app version': 'إصدار التطبيق',
  language: 'اللغة',
  // the password rules, lower-cased as 'The password needs: …' lists them (auth.ts PASSWORD_RULES)
  [`at least ${PASSWORD_MIN_LENGTH} characters`]: `${PASSWORD_MIN_LENGTH} أحرف على الأقل`,
  'a lowercase letter': 'حرف لاتيني صغير',
  'an uppercase letter': 'حرف لاتيني كبير',
  'a number': 'رقم',
  // zod's type, origin, unit and format names
  string: 'نص',
  number: 'رقم',
  int: 'عدد صحيح',
  boolean: 'قيمة منطقية',
  bigint: 'عدد صحيح كبير',
  object: 'كائن',
  array: 'قائمة',
  record: 'كائن',
  date: 'تاريخ',
  undefined: 'لا شيء',
  null: 'قيمة فارغة',
  nan: 'قيمة غير عددية',
  characters: 'حرف',
  items: 'عنصر',
  entries: 'مدخل',
  'email address': 'عنوان بريد إلكتروني',
  value: 'القيمة',
  nonoptional: 'قيمة',
};

/** The contracts' translations, for a translator that adds its own (the server's messages). */
export const CONTRACT_MESSAGE_TRANSLATIONS: MessageTranslations = {
  messages: { ar: ARABIC_MESSAGES },
  terms: { ar: ARABIC_TERMS },
};

const PLACEHOLDER = /:([a-z_]+)/g;

/** The placeholders of a template, in order: ':label', ':min' → ['label', 'min']. */
export function placeholdersOf(template: string): string[] {
  return [...template.matchAll(PLACEHOLDER)].map((match) => match[1]!);
}

interface CompiledTemplate {
  pattern: RegExp;
  names: string[];
  translation: string;
  /** how much of the template is literal text: more is more specific, so tried first */
  literalLength: number;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function compile(template: string, translation: string): CompiledTemplate {
  const names = placeholdersOf(template);
  const parts = template.split(PLACEHOLDER);
  // split with a capture group alternates literal text and placeholder names
  const source = parts.map((part, index) => (index % 2 === 0 ? escapeRegExp(part) : '(.+?)')).join('');
  const literalLength = parts.filter((_, index) => index % 2 === 0).join('').length;
  return { pattern: new RegExp(`^${source}$`, 's'), names, translation, literalLength };
}

/** The separator of a list inside a message ('a lowercase letter, a number'; '10, 25, 50'), and Arabic's. */
const LIST_SEPARATOR = ', ';
const ARABIC_LIST_SEPARATOR = '، ';

function translateValue(value: string, terms: MessageCatalogue): string {
  const term = terms[value];
  if (term !== undefined) return term;
  if (value.includes(LIST_SEPARATOR)) return value.split(LIST_SEPARATOR).map((item) => terms[item] ?? item).join(ARABIC_LIST_SEPARATOR);
  return value;
}

/** A translator over one or more sets of translations (later sets win on the same key). */
export function createMessageTranslator(sets: readonly MessageTranslations[]): (message: string, locale: Locale) => string {
  const compiled = new Map<TranslatedLocale, { exact: Map<string, string>; templates: CompiledTemplate[]; terms: MessageCatalogue }>();
  const locales = new Set(sets.flatMap((set) => Object.keys(set.messages) as TranslatedLocale[]));
  for (const locale of locales) {
    const exact = new Map<string, string>();
    const templates = new Map<string, string>();
    let terms: Record<string, string> = {};
    for (const set of sets) {
      for (const [english, translated] of Object.entries(set.messages[locale] ?? {})) {
        if (placeholdersOf(english).length === 0) exact.set(english, translated);
        else templates.set(english, translated);
      }
      terms = { ...terms, ...(set.terms[locale] ?? {}) };
    }
    const ordered = [...templates].map(([english, translated]) => compile(english, translated)).sort((a, b) => b.literalLength - a.literalLength);
    compiled.set(locale, { exact, templates: ordered, terms });
  }

  return (message, locale) => {
    if (locale === 'en') return message;
    const table = compiled.get(locale);
    if (!table) return message;
    const exact = table.exact.get(message);
    if (exact !== undefined) return exact;
    for (const template of table.templates) {
      const match = template.pattern.exec(message);
      if (!match) continue;
      const values = new Map(template.names.map((name, index) => [name, translateValue(match[index + 1]!, table.terms)]));
      return template.translation.replace(PLACEHOLDER, (whole, name: string) => values.get(name) ?? whole);
    }
    return message;
  };
}

/**
 * The contracts' field message in `locale` (English comes back as it is). The SPA calls it before showing a message
 * of its own client-side validation; the server's error handler translates with the same table plus its own.
 */
export const translateMessage = createMessageTranslator([CONTRACT_MESSAGE_TRANSLATIONS]);
