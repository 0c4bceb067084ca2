import { describe, expect, it } from 'vitest';
import currencyCodes from 'currency-codes';
import { decimalToMinor, minorDigits, minorToDecimal } from './money.ts';

describe('money in minor units', () => {
  it.each([
    ['550.5', 'AED', 55050],
    ['0.29', 'EUR', 29],
    ['1200', 'JPY', 1200],
    ['12.345', 'KWD', 12345],
    ['250000.50', 'USD', 25000050],
    ['7.', 'EUR', 700],
    ['150000.00', 'JPY', 150000],
    ['150000', 'KRW', 150000],
    ['12.50', 'BHD', 12500],
    ['1.0000', 'KWD', 1000],
    ['12.3400', 'EUR', 1234],
  ])('reads %s %s as %i minor units, exactly', (amount, currency, minor) => {
    expect(decimalToMinor(amount, currency)).toBe(minor);
  });

  it.each([
    ['1.005', 'EUR'],
    ['1.5', 'JPY'],
    ['150000.50', 'JPY'],
    ['12.3456', 'KWD'],
    ['-3', 'EUR'],
    ['1e3', 'EUR'],
    ['', 'EUR'],
  ])('refuses %s in %s', (amount, currency) => {
    expect(decimalToMinor(amount, currency)).toBeNull();
  });

  it.each([
    [55050, 'AED', '550.50'],
    [5, 'EUR', '0.05'],
    [-129, 'EUR', '-1.29'],
    [1200, 'JPY', '1200'],
    [12345, 'KWD', '12.345'],
  ])('writes %i %s as %s', (minor, currency, text) => {
    expect(minorToDecimal(minor, currency)).toBe(text);
    expect(decimalToMinor(text.replace('-', ''), currency)).toBe(Math.abs(minor));
  });

  it('knows the ISO 4217 exponent of each currency, not the display digits', () => {
    expect(['EUR', 'JPY', 'KRW', 'KWD', 'BHD', 'IQD', 'HUF', 'CLF'].map(minorDigits)).toEqual([2, 0, 0, 3, 3, 3, 2, 4]);
  });

  it('has the exponent ISO 4217 lists for every currency of the ISO list', () => {
    const differing = currencyCodes.codes().filter((code) => minorDigits(code) !== currencyCodes.code(code)!.digits);
    expect(currencyCodes.codes().length).toBeGreaterThan(150);
    expect(differing).toEqual([]);
  });
});
