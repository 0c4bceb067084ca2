import { describe, expect, it } from 'vitest';
import { decimalToMinor, minorDigits, minorToDecimal } from './money.ts';

describe('money in minor units', () => {
  it.each([
    ['550.5', 'AED', 55050],
    ['0.29', 'EUR', 29],
    ['1200', 'JPY', 1200],
    ['12.345', 'KWD', 12345],
    ['250000.50', 'USD', 25000050],
    ['7.', 'EUR', 700],
  ])('reads %s %s as %i minor units, exactly', (amount, currency, minor) => {
    expect(decimalToMinor(amount, currency)).toBe(minor);
  });

  it.each([
    ['1.005', 'EUR'],
    ['1.5', 'JPY'],
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

  it('knows the decimals of each currency', () => {
    expect([minorDigits('EUR'), minorDigits('JPY'), minorDigits('KWD')]).toEqual([2, 0, 3]);
  });
});
