import { describe, expect, it } from 'vitest';
import { defineModule, orderModules, type PortalModule } from './portal-module.ts';
import { loadModules } from './load-modules.ts';

const module = (name: string, after?: string[]): PortalModule => defineModule({ name, after, register: async () => {} });
const names = (modules: PortalModule[]) => modules.map((entry) => entry.name);

describe('orderModules', () => {
  it('puts each module after the ones it names, and otherwise orders by name', () => {
    const ordered = orderModules([module('payouts', ['earnings']), module('earnings', ['bookings']), module('bookings'), module('auth')]);
    expect(names(ordered)).toEqual(['auth', 'bookings', 'earnings', 'payouts']);
  });

  it('refuses an unknown dependency, a cycle and a name used twice, naming them', () => {
    expect(() => orderModules([module('earnings', ['ledger'])])).toThrow("Module 'earnings' comes after 'ledger', which does not exist.");
    expect(() => orderModules([module('a', ['b']), module('b', ['a'])])).toThrow('Modules depend on each other in a cycle: a → b → a.');
    expect(() => orderModules([module('a'), module('a')])).toThrow("Two modules are named 'a'.");
  });
});

describe('loadModules', () => {
  it("finds every area of the API by its module.ts, named after its folder", async () => {
    const modules = await loadModules();
    const loaded = names(modules);
    expect(loaded).toEqual(expect.arrayContaining(['auth', 'bookings', 'facilities', 'health', 'notifications']));
    // each after the modules it names (bookings after notifications), whatever order the files were found in
    for (const [index, entry] of modules.entries()) for (const dependency of entry.after ?? []) expect(loaded.indexOf(dependency)).toBeLessThan(index);
    expect(loaded).toEqual(names(orderModules([...modules].reverse())));
  });
});
