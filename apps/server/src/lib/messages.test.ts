import { describe, expect, it } from 'vitest';
import { loadModules } from '../kit/load-modules.ts';
import { catalogueMistakes, messageTemplate, SERVER_MESSAGE_TRANSLATIONS, translationsOf } from './messages.ts';

describe('the server catalogues', () => {
  it("translate every message of the shared plugins and of every module, keeping each template's placeholders", async () => {
    const modules = await loadModules();
    const catalogues = [
      { name: 'lib/messages.ts', translations: SERVER_MESSAGE_TRANSLATIONS },
      ...modules.filter((module) => module.messages).map((module) => ({ name: `modules/${module.name}`, translations: module.messages! })),
    ];
    // auth, bookings and notifications answer messages of their own
    expect(catalogues.map((catalogue) => catalogue.name)).toEqual(expect.arrayContaining(['modules/auth', 'modules/bookings', 'modules/notifications']));
    for (const { name, translations } of catalogues) {
      expect(catalogueMistakes(translations), name).toEqual([]);
      for (const [english, arabic] of Object.entries(translations.messages.ar)) expect(arabic, `${name}: ${english}`).toMatch(/[\u0600-\u06FF]/);
    }
  });

  it('catch a blank translation and a lost placeholder', () => {
    const english = { blank: 'Blank.', wait: messageTemplate('Wait :seconds seconds.') };
    expect(catalogueMistakes(translationsOf(english, { ar: { blank: ' ', wait: 'انتظر قليلًا.' } }))).toEqual([
      "ar: 'Blank.' has a blank translation",
      "ar: 'Wait :seconds seconds.' and 'انتظر قليلًا.' name different placeholders",
    ]);
  });

  it('fill a template from named values, leaving an unnamed placeholder as it is', () => {
    expect(messageTemplate('Try again in :seconds seconds, :name.')({ seconds: 30 })).toBe('Try again in 30 seconds, :name.');
  });
});
