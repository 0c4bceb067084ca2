import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { expect, test, type Locator, type Page, type Response } from '@playwright/test';
import { expectAccessible } from '../support/axe';

/**
 * My Referrals › Bookings against the real server and its demo data: sign in, open the page from the sidebar,
 * search, filter by facility and dates, remove the chip, page and change the page size, copy, and export the
 * filtered list as Excel and PDF.
 */
const PARTNER = { email: 'partner@demo.test', password: 'Portal-Demo-2026' };

interface BookingRow {
  ticket_id: string | null;
  date_time: string;
  booking_patient_detail: { name: string };
  provider: { id: number; name: string };
}
interface BookingPage {
  data: BookingRow[];
  total: number;
}

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** '4 Jan 2026 13:15' (the App. date column) → '2026-01-04'. */
function isoDay(shown: string): string {
  const [day = '', month = '', year = ''] = shown.trim().split(/\s+/);
  return `${year}-${String(MONTHS.indexOf(month) + 1).padStart(2, '0')}-${day.padStart(2, '0')}`;
}

/** The next list request (not an export) whose query passes `check`. */
function listResponse(page: Page, check: (query: URLSearchParams) => boolean = () => true): Promise<Response> {
  return page.waitForResponse((response) => {
    const url = new URL(response.url());
    // The bookings page always says which date it filters by; the dashboard's recent bookings, whose answer may still
    // be on its way when the page opens, do not.
    return url.pathname === '/api/clients/bookings' && url.searchParams.has('filter_by') && !url.searchParams.has('format') && check(url.searchParams);
  });
}

function bookingsTable(page: Page): Locator {
  return page.getByRole('table', { name: 'Bookings' });
}

/** Waits for the answer, then for the table to show it. */
async function settled(page: Page, response: Promise<Response>): Promise<BookingPage> {
  const answer = await response;
  expect(answer.status()).toBe(200);
  await expect(bookingsTable(page)).toHaveAttribute('aria-busy', 'false');
  return (await answer.json()) as BookingPage;
}

async function column(page: Page, index: number): Promise<string[]> {
  return bookingsTable(page).locator('tbody tr').evaluateAll(
    // The data cells only: a row's details toggle (columns folded at this width) is not copied, and not a column here.
    (rows, cell) => rows.map((row) => Array.from((row as HTMLTableRowElement).cells).filter((each) => !each.hasAttribute('data-copy-skip'))[cell]?.textContent?.trim() ?? ''),
    index,
  );
}

test('a partner searches, filters, pages, copies and exports their bookings', async ({ page }) => {
  // A long journey, and axe in light and dark at each of its states: more than the default minute.
  test.slow();
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(PARTNER.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PARTNER.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/$/);

  // Open My Referrals › Bookings from the sidebar; the facilities are asked for as the page opens.
  const facilitiesAnswer = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/general/get-facilities');
  const firstPage = listResponse(page);
  // By text: the group's accessible name is lost to the space in its aria-labelledby id (sidebar.tsx).
  const referrals = page.getByRole('navigation', { name: 'Main' }).getByRole('group').filter({ hasText: 'My Referrals' });
  await referrals.getByRole('link', { name: 'Bookings' }).click();
  await expect(page).toHaveURL(/\/bookings$/);
  await expect(page.getByRole('heading', { level: 1, name: 'My Referrals' })).toBeVisible();
  const all = await settled(page, firstPage);
  expect((await facilitiesAnswer).status()).toBe(200);
  const firstRequest = new URL((await firstPage).url()).searchParams;
  expect(Object.fromEntries(firstRequest)).toEqual({ team: 'referral', filter_by: 'appointment_date', page: '1', per_page: '10' });
  expect(all.total).toBeGreaterThan(100);
  await expect(bookingsTable(page).locator('tbody tr')).toHaveCount(10);
  await expectAccessible(page, 'bookings, first page');
  await expect(page.getByText(`Showing 10 of ${all.total.toLocaleString('en')} entries`)).toBeVisible();

  // Search for a patient from the demo data, picked through the API rather than hard-coded.
  const sample = (await (await page.request.get('/api/clients/bookings?team=referral&per_page=10&page=5')).json()) as BookingPage;
  const patient = sample.data.find((row) => row.ticket_id !== null)!;
  const name = patient.booking_patient_detail.name;
  const searched = listResponse(page, (query) => query.get('search') === name);
  await page.getByRole('textbox', { name: 'Search' }).fill(name);
  const found = await settled(page, searched);
  await expectAccessible(page, 'bookings, searched');
  expect(new URL(page.url()).searchParams.get('search')).toBe(name);
  expect(found.total).toBeGreaterThan(0);
  expect(found.total).toBeLessThan(all.total);
  const names = await column(page, 1);
  expect(names.length).toBe(Math.min(10, found.total));
  // Search also matches facilities, services and staff, so every row matches the name somewhere; the picked
  // booking's patient is among them.
  expect(names).toContain(name);

  // Clearing the search brings the first page back (from the query cache: no new request is needed, so there is
  // no answer to wait for). The router changes the URL at once but renders it in a transition, so for a while
  // (long on a busy machine) the URL has no search while the table still shows the search's rows, not busy:
  // the URL and aria-busy="false" are both true before anything happened. Wait for the rows themselves.
  await page.getByRole('button', { name: 'Clear search' }).click();
  await expect(page).not.toHaveURL(/search=/);
  await expect.poll(() => column(page, 1)).toEqual(all.data.map((row) => row.booking_patient_detail.name));
  await expect(bookingsTable(page)).toHaveAttribute('aria-busy', 'false');

  // Facility, from the searchable list in the Filter menu: shown as a chip, and every row is at that facility.
  const facility = patient.provider;
  const byFacility = listResponse(page, (query) => query.get('medical_service_provider') === String(facility.id));
  await page.getByRole('button', { name: 'Filter' }).click();
  const filterDialog = page.getByRole('dialog', { name: 'Filter' });
  await filterDialog.getByRole('combobox', { name: 'Facility' }).fill(facility.name.slice(0, 8));
  await page.getByRole('option', { name: facility.name, exact: true }).click();
  const atFacility = await settled(page, byFacility);
  await expect(page.getByText(`Facility: ${facility.name}`)).toBeVisible();
  await expectAccessible(page, 'bookings, facility chip');
  await expect(page).toHaveURL(new RegExp(`facility=${facility.id}`));
  expect(new Set(await column(page, 2))).toEqual(new Set([facility.name]));
  await expect(page.getByText(new RegExp(`^${atFacility.total.toLocaleString('en')} bookings?$`))).toBeVisible();

  // Dates: a custom range of the first half of last year, typed into the Custom Monthly panel.
  const year = new Date().getFullYear() - 1;
  const byDates = listResponse(page, (query) => query.get('from') === `${year}-01-01` && query.get('to') === `${year}-06-30`);
  await page.getByRole('button', { name: 'Appointment date: All dates' }).click();
  const datesDialog = page.getByRole('dialog', { name: /^Appointment date:/ });
  await datesDialog.getByRole('button', { name: 'Custom Monthly' }).click();
  await datesDialog.getByLabel('Start date').fill(`1 Jan ${year}`);
  await datesDialog.getByLabel('End date').fill(`30 Jun ${year}`);
  await datesDialog.getByRole('button', { name: 'Apply' }).click();
  const inRange = await settled(page, byDates);
  await expectAccessible(page, 'bookings, custom dates and facility');
  await expect(page).toHaveURL(new RegExp(`from=${year}-01-01&to=${year}-06-30`));
  expect(new URL((await byDates).url()).searchParams.get('medical_service_provider')).toBe(String(facility.id));
  for (const day of (await column(page, 3)).map(isoDay)) {
    expect(day >= `${year}-01-01` && day <= `${year}-06-30`, day).toBe(true);
  }
  expect(inRange.total).toBeLessThanOrEqual(atFacility.total);

  // Removing the chip drops the facility and keeps the dates.
  const withoutFacility = listResponse(page, (query) => !query.has('medical_service_provider') && query.get('from') === `${year}-01-01`);
  await page.getByRole('button', { name: 'Remove facility filter' }).click();
  const dated = await settled(page, withoutFacility);
  await expect(page.getByText(`Facility: ${facility.name}`)).toHaveCount(0);
  await expect(page).not.toHaveURL(/facility=/);
  expect(dated.total).toBeGreaterThan(20);
  expect(dated.total).toBeGreaterThanOrEqual(inRange.total);

  // Page 2, then 20 rows a page (back to page 1).
  const pageOne = await column(page, 0);
  const secondPage = listResponse(page, (query) => query.get('page') === '2');
  await page.getByRole('button', { name: 'Page 2', exact: true }).click();
  await settled(page, secondPage);
  await expectAccessible(page, 'bookings, page 2');
  await expect(page).toHaveURL(/page=2/);
  expect(await column(page, 0)).not.toEqual(pageOne);

  const twenty = listResponse(page, (query) => query.get('per_page') === '20' && query.get('page') === '1');
  await page.getByRole('combobox', { name: 'Rows per page' }).selectOption('20');
  await settled(page, twenty);
  await expect(page).toHaveURL(/per_page=20/);
  await expect(page).not.toHaveURL(/[?&]page=/);
  await expect(bookingsTable(page).locator('tbody tr')).toHaveCount(20);
  await expect(page.getByText(`Showing 20 of ${dated.total.toLocaleString('en')} entries`)).toBeVisible();

  // The filtered view survives a reload.
  const reloaded = listResponse(page, (query) => query.get('per_page') === '20' && query.get('from') === `${year}-01-01`);
  await page.reload();
  await settled(page, reloaded);
  await expect(page.getByRole('button', { name: new RegExp(`^Appointment date: 1 Jan ${year} – 30 Jun ${year}$`) })).toBeVisible();

  // Copy: the table's text on the clipboard, and the toast.
  await page.getByRole('button', { name: 'Copy' }).click();
  await expect(page.getByText('Data Copied to Clipboard!')).toBeVisible();
  await expectAccessible(page, 'bookings, 20 rows a page, copied');
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  const lines = copied.split('\n');
  // The spec's seven first, then Status; Amount and Your commission unless the width folded them into the rows' details.
  expect(lines[0]).toMatch(/^Booking Id\tPatient name\tFacility\tApp\. date\tService\tSpecialty\tAgent assigned\tStatus(\tAmount\tYour commission)?$/);
  expect(lines).toHaveLength(21);
  expect(lines[1]!.split('\t')[0]).toMatch(/^(MT-\d+|-)$/);

  // Excel: the whole filtered list (every page), with the filters in its header.
  const excelDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export as' }).click();
  await page.getByRole('menuitem', { name: 'Excel' }).click();
  const excel = await excelDownload;
  expect(excel.suggestedFilename()).toMatch(/^bookings-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await readFile(await excel.path())) as unknown as ArrayBuffer);
  const sheet = workbook.getWorksheet('Bookings')!;
  const values: unknown[][] = [];
  sheet.eachRow((row) => values.push((row.values as unknown[]).slice(1)));
  const headerIndex = values.findIndex((row) => row[0] === 'Booking Id');
  expect(headerIndex).toBeGreaterThan(0);
  expect(values[headerIndex]!.slice(0, 7)).toEqual(['Booking Id', 'Patient name', 'Facility', 'App. date', 'Service', 'Specialty', 'Agent assigned']);
  const excelRows = values.slice(headerIndex + 1);
  expect(excelRows).toHaveLength(dated.total);
  expect(excelRows.every((row) => row[3] instanceof Date)).toBe(true);
  expect(JSON.stringify(values.slice(0, headerIndex))).toContain(`${year}-01-01 to ${year}-06-30`);
  await expect(page.getByRole('button', { name: 'Export as' })).toHaveAttribute('aria-busy', 'false');

  // PDF: a real, non-trivial PDF file.
  const pdfDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export as' }).click();
  await page.getByRole('menuitem', { name: 'PDF' }).click();
  const pdf = await pdfDownload;
  expect(pdf.suggestedFilename()).toMatch(/^bookings-\d{4}-\d{2}-\d{2}\.pdf$/);
  const pdfBytes = await readFile(await pdf.path());
  expect(pdfBytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(pdfBytes.length).toBeGreaterThan(5_000);
  expect(pdfBytes.subarray(-1024).toString('latin1')).toContain('%%EOF');
});
