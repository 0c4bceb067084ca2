import { describe, expect, it } from 'vitest';
import { catalogueProblems } from '../../test/catalogue-check';
import { consoleAr } from './console-messages-ar';
import { consoleEn } from './console-messages';

describe('the console catalogue', () => {
  it('has a real Arabic text for every English one', () => {
    expect(catalogueProblems(consoleEn, consoleAr)).toEqual([]);
  });
});
