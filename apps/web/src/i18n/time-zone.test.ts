import { afterEach, describe, expect, it } from 'vitest';
import { formatterFor } from './format';
import { deviceTimeZone, setSavedTimeZone, viewerTimeZone } from './time-zone';

describe("the viewer's time zone", () => {
  afterEach(() => setSavedTimeZone(null));

  it('is the saved one when the person chose one, and the device’s otherwise or when the browser does not know it', () => {
    expect(viewerTimeZone()).toBe(deviceTimeZone());
    setSavedTimeZone('Asia/Dubai');
    expect(viewerTimeZone()).toBe('Asia/Dubai');
    setSavedTimeZone('Mars/Olympus');
    expect(viewerTimeZone()).toBe(deviceTimeZone());
  });

  it('decides the day and the time an instant is shown on, in English and in Arabic', () => {
    // 20:30 UTC on 5 March: already 6 March in Kiritimati (UTC+14), still 5 March in Los Angeles.
    const instant = '2024-03-05T20:30:00Z';
    expect(formatterFor('en', 'Pacific/Kiritimati').date(instant)).toBe('6 Mar 2024');
    expect(formatterFor('en', 'Pacific/Kiritimati').time(instant)).toBe('10:30');
    expect(formatterFor('en', 'America/Los_Angeles').date(instant)).toBe('5 Mar 2024');
    expect(formatterFor('en', 'America/Los_Angeles').time(instant)).toBe('12:30');
    expect(formatterFor('en', 'Pacific/Kiritimati').month('2024-03-31T20:30:00Z')).toBe('April-2024');
    expect(formatterFor('ar', 'Pacific/Kiritimati').date(instant)).toBe(new Intl.DateTimeFormat('ar', { day: 'numeric', month: 'short', year: 'numeric' }).format(new Date(2024, 2, 6)));
  });

  it('leaves a calendar day (no time) on its own day in every zone', () => {
    expect(formatterFor('en', 'Pacific/Kiritimati').date('2024-03-05')).toBe('5 Mar 2024');
    expect(formatterFor('en', 'Pacific/Pago_Pago').date('2024-03-05')).toBe('5 Mar 2024');
    expect(formatterFor('ar', 'Pacific/Pago_Pago').date('2024-03-05')).toBe(formatterFor('ar', 'Pacific/Kiritimati').date('2024-03-05'));
    expect(formatterFor('en', 'Pacific/Pago_Pago').month('2024-03')).toBe('March-2024');
    expect(formatterFor('ar', 'Pacific/Pago_Pago').month('2024-03')).toBe(new Intl.DateTimeFormat('ar', { month: 'long', year: 'numeric' }).format(new Date(2024, 2, 1)));
    expect(formatterFor('ar', 'Pacific/Kiritimati').month('2024-03')).toBe(formatterFor('ar', 'Pacific/Pago_Pago').month('2024-03'));
  });
});
