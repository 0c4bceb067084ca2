import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleExchangeRateSchema, consoleExchangeRatesEndpoint } from '@portal/contracts/console-exchange-rates';
import { consoleRequest, createTestOperator, signInOperatorAs } from '../../test/console-sign-in.ts';
import { TestClient } from '../../test/http-client.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';

const URL = '/api/console/exchange-rates';

/** The console's exchange rates: set for a day, corrected (audited with the old rate), listed with the latest marked. */
describe('console exchange rates', () => {
  let context: TestContext;
  let finance: TestClient;

  beforeAll(async () => {
    context = await createTestApp();
    finance = new TestClient(context.app);
    await signInOperatorAs(context, finance, (await createTestOperator(context, { role: 'finance' })).id);
  });
  afterAll(async () => context?.close());

  it('sets a rate for a day, corrects it, and lists each pair with its latest', async () => {
    const first = await consoleRequest(finance, 'PUT', URL, { currency: 'aed', reference: 'USD', rate: '0.2720', as_of: '2026-10-01' });
    expect(first.statusCode, first.body).toBe(200);
    expect(consoleExchangeRateSchema.parse(first.json())).toMatchObject({ currency: 'AED', reference: 'USD', rate: '0.272', as_of: '2026-10-01', latest: true });
    await consoleRequest(finance, 'PUT', URL, { currency: 'AED', reference: 'USD', rate: '0.2723', as_of: '2026-11-01' });
    await consoleRequest(finance, 'PUT', URL, { currency: 'TRY', reference: 'USD', rate: '0.0291', as_of: '2026-11-01' });
    // The same day again corrects the rate in place.
    const corrected = await consoleRequest(finance, 'PUT', URL, { currency: 'TRY', reference: 'USD', rate: '0.02905', as_of: '2026-11-01' });
    expect(corrected.json()).toMatchObject({ rate: '0.02905', latest: true });

    const all = consoleExchangeRatesEndpoint.page.parse((await consoleRequest(finance, 'GET', `${URL}?reference=USD`)).json());
    expect(all.data.map((rate) => [rate.currency, rate.as_of, rate.rate, rate.latest])).toEqual([
      ['AED', '2026-11-01', '0.2723', true],
      ['TRY', '2026-11-01', '0.02905', true],
      ['AED', '2026-10-01', '0.272', false],
    ]);
    const latest = consoleExchangeRatesEndpoint.page.parse((await consoleRequest(finance, 'GET', `${URL}?latest=true&currency=AED`)).json());
    expect(latest.data.map((rate) => rate.as_of)).toEqual(['2026-11-01']);

    const audit = await context.database.pool.query("SELECT action, target_id, before, after FROM audit_events WHERE target_type = 'exchange_rate' ORDER BY id");
    expect(audit.rows.map((row) => row.action)).toEqual(['exchange_rate.set', 'exchange_rate.set', 'exchange_rate.set', 'exchange_rate.corrected']);
    expect(audit.rows.at(-1)).toMatchObject({ target_id: 'USD/TRY/2026-11-01', before: { rate: '0.0291' }, after: { rate: '0.02905' } });
  });

  it('refuses bad input with field messages, and lets support read but not set', async () => {
    const bad = await consoleRequest(finance, 'PUT', URL, { currency: 'XYZ', reference: 'USD', rate: '-1', as_of: '2026-02-30' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['as_of', 'currency', 'rate']);
    const same = await consoleRequest(finance, 'PUT', URL, { currency: 'USD', reference: 'USD', rate: '1', as_of: '2026-11-01' });
    expect(same.json().errors).toEqual({ reference: ['The reference currency must differ from the currency.'] });
    const zero = await consoleRequest(finance, 'PUT', URL, { currency: 'EUR', reference: 'USD', rate: '0.0', as_of: '2026-11-01' });
    expect(zero.json().errors).toEqual({ rate: ['The exchange rate must be more than 0.'] });

    const support = new TestClient(context.app);
    await signInOperatorAs(context, support, (await createTestOperator(context, { role: 'support' })).id);
    expect((await consoleRequest(support, 'GET', URL)).statusCode).toBe(200);
    expect((await consoleRequest(support, 'PUT', URL, { currency: 'EUR', reference: 'USD', rate: '1.08', as_of: '2026-11-01' })).statusCode).toBe(403);
  });
});
