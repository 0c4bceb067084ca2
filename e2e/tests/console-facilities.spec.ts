import { signInToConsole } from '../support/console-sign-in';
import { expect, test, type Page } from '@playwright/test';
import { DEMO_OPERATORS } from '../../apps/server/src/db/seeds/demo-identities.ts';
import { expectAccessible } from '../support/axe';

/**
 * The console's Facilities pages in the browser (issue 14): an operator of the content role signs in with TOTP, finds
 * a demo facility, adds a facility with a location, edits both, and removes the location. axe on every state: the
 * list, the form (with its errors), the facility without and with a location, the location form, the confirmation,
 * and a facility with bookings, services and prices.
 */

const content = DEMO_OPERATORS.find((each) => each.role === 'content')!;

async function chooseCountry(page: Page, scope: ReturnType<Page['getByRole']>, typed: string, name: string): Promise<void> {
  await scope.getByRole('combobox', { name: 'Country' }).fill(typed);
  await page.getByRole('option', { name }).click();
}

test('a content operator adds a facility with a location, edits both, and removes the location', async ({ page }) => {
  // A long journey with axe in both schemes on seven states (the edit form is the new-facility form again), on two
  // shared cores where one axe run has taken a minute.
  test.setTimeout(600_000);
  await signInToConsole(page, content.email, '/console/facilities');

  // The list, with the demo catalogue.
  await expect(page).toHaveURL(/\/console\/facilities$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Facilities' })).toBeVisible();
  await expect(page).toHaveTitle('Facilities · Operations console');
  await expect(page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Facilities' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Facilities' });
  await expect(table.getByRole('link', { name: 'Al Safa Specialist Hospital' })).toBeVisible();
  await expectAccessible(page, 'console facilities list');

  await page.getByRole('textbox', { name: 'Search' }).fill('Al Safa');
  await expect(page).toHaveURL(/search=Al(\+|%20)Safa/);
  await expect(table.getByRole('link')).toHaveText(['Al Safa Specialist Hospital']);
  await expect(table.getByText('United Arab Emirates')).toBeVisible();

  // A new facility: the contract's messages first, then the real thing.
  await page.getByRole('button', { name: 'New facility' }).click();
  const create = page.getByRole('dialog', { name: 'New facility' });
  await expect(create).toBeVisible();
  await create.getByRole('button', { name: 'Add facility' }).click();
  await expect(create.getByText('The name field is required.')).toBeVisible();
  await expect(create.getByText('Choose a country.')).toBeVisible();
  await expect(create.getByText('Choose a currency.')).toBeVisible();
  await expectAccessible(page, 'new facility form with errors');

  const name = `Corniche Wellness Clinic ${Date.now() % 100_000}`;
  await create.getByRole('textbox', { name: 'Name' }).fill(name);
  await chooseCountry(page, create, 'Emirates', 'United Arab Emirates');
  await create.getByRole('textbox', { name: 'City' }).fill('Abu Dhabi');
  // What it bills in: its rates on the rate card pay in it.
  await create.getByRole('combobox', { name: /^Bills in/ }).fill('AED');
  await page.getByRole('option', { name: /^AED · / }).click();
  await create.getByRole('button', { name: 'Add facility' }).click();

  await expect(page).toHaveURL(/\/console\/facilities\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByText('Abu Dhabi, United Arab Emirates')).toBeVisible();
  await expect(page.getByText(/^AED · /)).toBeVisible();
  await expect(page.getByText(/^corniche-wellness-clinic-\d+$/)).toBeVisible();
  await expect(page.getByText('No locations yet.')).toBeVisible();
  await expect(page.getByText('No services yet: bookings cannot be made at this facility until it has one.')).toBeVisible();
  await expectAccessible(page, 'new facility page, no locations');

  // A location, starting from the facility's city and country.
  await page.getByRole('button', { name: 'Add location' }).click();
  const addLocation = page.getByRole('dialog', { name: 'New location' });
  await expect(addLocation.getByRole('textbox', { name: 'City' })).toHaveValue('Abu Dhabi');
  await expect(addLocation.getByRole('combobox', { name: 'Country' })).toHaveValue('United Arab Emirates');
  await addLocation.getByRole('textbox', { name: 'Name' }).fill('Corniche branch');
  await addLocation.getByRole('textbox', { name: 'Address (optional)' }).fill('Corniche Road West, Al Khalidiya');
  await expectAccessible(page, 'new location form');
  await addLocation.getByRole('button', { name: 'Add location' }).click();
  await expect(addLocation).toBeHidden();
  const locations = page.getByRole('table', { name: 'Locations' });
  await expect(locations.getByRole('rowheader', { name: 'Corniche branch' })).toBeVisible();
  await expect(locations.getByText('Corniche Road West, Al Khalidiya')).toBeVisible();
  await expectAccessible(page, 'facility page with a location');

  // Edit the facility.
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  const edit = page.getByRole('dialog', { name: `Edit ${name}` });
  await expect(edit.getByRole('textbox', { name: 'Name' })).toHaveValue(name);
  const renamed = name.replace('Clinic', 'Centre');
  await edit.getByRole('textbox', { name: 'Name' }).fill(renamed);
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: renamed })).toBeVisible();

  // Edit the location.
  await locations.getByRole('button', { name: 'Edit location Corniche branch' }).click();
  const editLocation = page.getByRole('dialog', { name: 'Edit Corniche branch' });
  await editLocation.getByRole('textbox', { name: 'Name' }).fill('Corniche Road clinic');
  await editLocation.getByRole('button', { name: 'Save' }).click();
  await expect(editLocation).toBeHidden();
  await expect(locations.getByRole('rowheader', { name: 'Corniche Road clinic' })).toBeVisible();

  // Remove it, after a confirmation.
  await locations.getByRole('button', { name: 'Remove location Corniche Road clinic' }).click();
  const confirm = page.getByRole('dialog', { name: 'Remove Corniche Road clinic?' });
  await expectAccessible(page, 'remove location confirmation');
  await confirm.getByRole('button', { name: 'Remove' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText('No locations yet.')).toBeVisible();

  // The list finds it by its new name, in its country.
  await page.getByRole('link', { name: 'Facilities' }).first().click();
  await expect(page).toHaveURL(/\/console\/facilities$/);
  await chooseCountry(page, page.getByRole('main'), 'Emirates', 'United Arab Emirates');
  await expect(page).toHaveURL(/country=AE/);
  await page.getByRole('textbox', { name: 'Search' }).fill(renamed);
  await expect(table.getByRole('link')).toHaveText([renamed]);

  // A facility in use shows which locations cannot be removed.
  await page.getByRole('textbox', { name: 'Search' }).fill('Al Safa Specialist');
  await table.getByRole('link', { name: 'Al Safa Specialist Hospital' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Al Safa Specialist Hospital' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Services and prices' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Locations' }).getByText(/^In use by [\d,]+ bookings?: it cannot be removed$/).first()).toBeVisible();
  await expectAccessible(page, 'facility page with bookings, services and prices');
});
