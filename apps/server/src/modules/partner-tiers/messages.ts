import { translationsOf } from '../../lib/messages.ts';

export const PARTNER_TIERS_MESSAGES = {
  unknownTier: 'The selected tier does not exist.',
  noTierYet: 'This agent has no tier yet: set one first.',
  alreadyFrozen: "This agent's tier is already frozen.",
  notFrozen: "This agent's tier is not frozen.",
  entryTierCriteria: 'The entry tier is where every partner starts: it cannot have criteria.',
} as const;

export const PARTNER_TIERS_TRANSLATIONS = translationsOf(PARTNER_TIERS_MESSAGES, {
  ar: {
    unknownTier: 'المستوى المحدد غير موجود.',
    noTierYet: 'ليس لهذا الوكيل مستوى بعد: حدّد مستوى أولًا.',
    alreadyFrozen: 'مستوى هذا الوكيل مثبّت بالفعل.',
    notFrozen: 'مستوى هذا الوكيل غير مثبّت.',
    entryTierCriteria: 'المستوى الأول هو نقطة بداية كل شريك: لا يمكن أن تكون له معايير.',
  },
});
