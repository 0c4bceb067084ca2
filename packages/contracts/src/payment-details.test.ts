import { describe, expect, it } from 'vitest';
import { isValidIfsc, isValidRoutingNumber, paymentDetailsRequestSchema } from './payment-details.ts';

describe('payment details checks', () => {
  it('knows an ABA routing number by its 3-7-1 checksum', () => {
    expect(isValidRoutingNumber('021000021')).toBe(true); // JPMorgan Chase, New York
    expect(isValidRoutingNumber('011000015')).toBe(true); // Federal Reserve Bank of Boston
    expect(isValidRoutingNumber('021000022')).toBe(false);
    expect(isValidRoutingNumber('02100002')).toBe(false);
  });

  it('knows an IFSC by its shape: four letters, a zero, six letters or digits', () => {
    expect(isValidIfsc('HDFC0000123')).toBe(true);
    expect(isValidIfsc('SBIN0005943')).toBe(true);
    expect(isValidIfsc('HDFC1000123')).toBe(false);
    expect(isValidIfsc('HDF0000123')).toBe(false);
  });

  it('accepts an IBAN as people write it and stores it compact, with its BIC', () => {
    const parsed = paymentDetailsRequestSchema.parse({ scheme: 'iban', holder_name: ' Cedar Clinics ', bank_country: 'gb', iban: 'gb82 west 1234 5698 7654 32', bic: 'westgb2l' });
    expect(parsed).toEqual({ scheme: 'iban', holder_name: 'Cedar Clinics', bank_country: 'GB', iban: 'GB82WEST12345698765432', bic: 'WESTGB2L' });
  });

  it.each([
    { country: 'DE', account: '12345678', valid: false, why: 'an account number, not an IBAN, for a German bank' },
    { country: 'DE', account: 'DE89370400440532013001', valid: false, why: 'a German IBAN with a wrong check' },
    { country: 'DE', account: 'GB82WEST12345698765432', valid: false, why: 'a British IBAN for a German bank' },
    { country: 'DE', account: 'DE89 3704 0044 0532 0130 00', valid: true, why: 'a German IBAN, as people write it' },
    { country: 'AE', account: 'AE070331234567890123456', valid: true, why: 'an Emirati IBAN' },
    { country: 'TH', account: '1234567890', valid: true, why: 'an account number in Thailand, which has no IBAN' },
  ])('swift_account in $country: $why is valid: $valid (issue 31)', ({ country, account, valid }) => {
    const result = paymentDetailsRequestSchema.safeParse({ scheme: 'swift_account', holder_name: 'Cedar Clinics', bank_country: country, bic: 'DEUTDEFF', account_number: account, bank_name: 'Deutsche Bank' });
    expect(result.success).toBe(valid);
    if (!valid) expect(result.error!.issues.map((issue) => issue.path.join('.'))).toEqual(['account_number']);
  });

  it('says which field is wrong, once', () => {
    const result = paymentDetailsRequestSchema.safeParse({ scheme: 'swift_account', holder_name: 'Cedar', bank_country: 'TH', bic: 'BKKB', account_number: '12', bank_name: '' });
    expect(result.success).toBe(false);
    const fields = result.error!.issues.map((issue) => issue.path.join('.'));
    expect(fields.sort()).toEqual(['account_number', 'bank_name', 'bic']);
  });
});
