import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { CONTRACT_MESSAGE_TRANSLATIONS, createMessageTranslator, type MessageTranslations } from '@portal/contracts/message-translations';
import type { Locale } from '@portal/contracts/preferences';
import { SERVER_MESSAGE_TRANSLATIONS } from '../lib/messages.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * A message of the contracts, the shared plugins or any module (defineModule({ messages })) in `locale`; English
     * and unknown messages come back as they are. `app.translate(AUTH_MESSAGES.passwordReset, request.locale)`.
     */
    translate(message: string, locale: Locale): string;
  }
}

/** `app.translate`, over the contracts' translations, the shared plugins' and those the modules declare. */
export const messagesPlugin = fp(
  async (app: FastifyInstance, options: { translations: readonly MessageTranslations[] }) => {
    app.decorate('translate', createMessageTranslator([CONTRACT_MESSAGE_TRANSLATIONS, SERVER_MESSAGE_TRANSLATIONS, ...options.translations]));
  },
  { name: 'messages' },
);
