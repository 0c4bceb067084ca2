import type pg from 'pg';
import { insertRate, type NewRate } from './repository.ts';

/**
 * The demo rate card (issue 15): a general rate for every facility and service, specialty and facility rates on top,
 * tier rates when the tiers exist, and two changes three weeks ahead, so /commission-structure shows "Upcoming
 * changes". Figures of the kind medical-travel programmes pay: 6–12 % of the treatment price, a flat fee per implant.
 */
const BASE = {
  baseDescription: 'The treatment price invoiced by the facility, excluding travel, hotel, interpreters and taxes',
  baseDescriptionAr: 'سعر العلاج الذي تصدر به المنشأة فاتورتها، دون السفر والفندق والترجمة والضرائب',
};

function dayFromToday(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

export async function seedDemoRateCard(pool: pg.Pool): Promise<void> {
  const id = async (sql: string, value: string): Promise<number | null> => (await pool.query<{ id: number }>(sql, [value])).rows[0]?.id ?? null;
  const facility = (name: string) => id('SELECT id FROM facilities WHERE name = $1', name);
  const service = (name: string) => id('SELECT id FROM services WHERE name = $1', name);
  const specialty = (name: string) => id('SELECT id FROM specialties WHERE name = $1', name);
  const tier = (slug: string) => id('SELECT id FROM partner_tiers WHERE slug = $1', slug);

  const startOfYear = `${new Date().getUTCFullYear()}-01-01`;
  const inThreeWeeks = dayFromToday(21);
  const rows: (NewRate | null)[] = [
    { ...BASE, kind: 'percentage', basisPoints: 800, refundWindowDays: 30, validFrom: startOfYear },
    { ...BASE, specialtyId: await specialty('Dentistry'), kind: 'percentage', basisPoints: 1000, refundWindowDays: 14, validFrom: startOfYear, validTo: inThreeWeeks },
    { ...BASE, specialtyId: await specialty('Dentistry'), kind: 'percentage', basisPoints: 1100, refundWindowDays: 14, validFrom: inThreeWeeks },
    {
      baseDescription: 'The price of the IVF cycle, excluding medication bought separately, travel and taxes',
      baseDescriptionAr: 'سعر دورة أطفال الأنابيب، دون الأدوية التي تُشترى منفصلة والسفر والضرائب',
      specialtyId: await specialty('IVF & Fertility'),
      kind: 'percentage',
      basisPoints: 600,
      refundWindowDays: 45,
      validFrom: startOfYear,
    },
    {
      baseDescription: 'Per implant placed, whatever the treatment price',
      baseDescriptionAr: 'لكل زرعة تُركَّب، أيًّا كان سعر العلاج',
      facilityId: await facility('Pearl Dental Studio'),
      serviceId: await service('Dental Implant'),
      kind: 'flat',
      amountMinor: 55_000,
      currency: 'AED',
      refundWindowDays: 14,
      validFrom: startOfYear,
    },
    { ...BASE, facilityId: await facility('Marina Heart & Vascular Centre'), specialtyId: await specialty('Cardiology'), kind: 'percentage', basisPoints: 900, refundWindowDays: 30, validFrom: startOfYear },
    { ...BASE, facilityId: await facility('St Aldhelm Private Hospital'), kind: 'percentage', basisPoints: 750, refundWindowDays: 30, validFrom: startOfYear, validTo: inThreeWeeks },
    { ...BASE, facilityId: await facility('St Aldhelm Private Hospital'), kind: 'percentage', basisPoints: 850, refundWindowDays: 30, validFrom: inThreeWeeks },
  ];
  // Tier rates, when the tiers are there (the partner-tiers module seeds them).
  const gold = await tier('gold');
  const platinum = await tier('platinum');
  if (gold) rows.push({ ...BASE, tierId: gold, kind: 'percentage', basisPoints: 1000, refundWindowDays: 30, validFrom: startOfYear });
  if (platinum) rows.push({ ...BASE, tierId: platinum, kind: 'percentage', basisPoints: 1200, refundWindowDays: 30, validFrom: startOfYear });
  if (gold) rows.push({ ...BASE, tierId: gold, specialtyId: await specialty('Orthopaedics'), kind: 'percentage', basisPoints: 1100, refundWindowDays: 30, validFrom: inThreeWeeks });

  for (const row of rows) {
    // A row whose facility, service or specialty the catalogue lacks is left out rather than widened to "all".
    if (!row || row.facilityId === null || row.serviceId === null || row.specialtyId === null) continue;
    await insertRate(pool, row);
  }
}
