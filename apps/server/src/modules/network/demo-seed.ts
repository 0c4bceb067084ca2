import { Readable } from 'node:stream';
import type pg from 'pg';
import sharp from 'sharp';
import type { DemoSeedServices } from '../../kit/portal-module.ts';
import { NETWORK_PHOTO_KIND } from './photos.ts';

/**
 * The demo network (issue 36): three products (/medical-network, /dental-network, /aesthetics-network) over the
 * demo catalogue's facilities (db/seeds/booking-catalog.ts, seeded by bookings), each with a published profile, a
 * photo drawn here at seed time (no image is fetched), doctors, accreditations (one expired), map positions and
 * opening hours; 60 packages across categories and currencies; two versions of the refund policy.
 * Facility texts are in English (content_language 'en'); the pages' chrome is translated.
 */

const PRODUCTS = [
  {
    slug: 'medical',
    name: 'Medical',
    nameAr: 'العلاج الطبي',
    description: 'Hospitals and specialist centres for surgery, cancer care, cardiology, fertility and check-ups.',
    descriptionAr: 'مستشفيات ومراكز تخصصية للجراحة وعلاج الأورام وأمراض القلب والخصوبة والفحوصات.',
    specialties: ['Cardiology', 'Orthopaedics', 'Ophthalmology', 'IVF & Fertility', 'Oncology', 'Neurology', 'Bariatric Surgery', 'Gastroenterology', 'Urology', 'ENT', 'Health Check-ups'],
  },
  {
    slug: 'dental',
    name: 'Dental',
    nameAr: 'طب الأسنان',
    description: 'Dental clinics for implants, veneers, root canals and whitening.',
    descriptionAr: 'عيادات أسنان للزراعة والقشور وعلاج العصب والتبييض.',
    specialties: ['Dentistry'],
  },
  {
    slug: 'aesthetics',
    name: 'Aesthetics',
    nameAr: 'التجميل',
    description: 'Clinics for plastic surgery, hair transplants and dermatology.',
    descriptionAr: 'عيادات للجراحة التجميلية وزراعة الشعر والأمراض الجلدية.',
    specialties: ['Plastic Surgery', 'Dermatology'],
  },
];

/** Where the demo cities are (WGS 84), for the map. */
const CITIES: Record<string, [number, number, string]> = {
  Dubai: [25.2048, 55.2708, 'DXB, 20 minutes'],
  'Abu Dhabi': [24.4539, 54.3773, 'AUH, 30 minutes'],
  Sharjah: [25.3463, 55.4209, 'SHJ, 15 minutes'],
  London: [51.5072, -0.1276, 'LHR, 45 minutes'],
  Reading: [51.4543, -0.9781, 'LHR, 35 minutes'],
  Manchester: [53.4808, -2.2426, 'MAN, 25 minutes'],
  Birmingham: [52.4862, -1.8904, 'BHX, 20 minutes'],
  Edinburgh: [55.9533, -3.1883, 'EDI, 25 minutes'],
  Pune: [18.5204, 73.8567, 'PNQ, 30 minutes'],
  Chennai: [13.0827, 80.2707, 'MAA, 40 minutes'],
  Bengaluru: [12.9716, 77.5946, 'BLR, 60 minutes'],
  Gurugram: [28.4595, 77.0266, 'DEL, 30 minutes'],
  Hyderabad: [17.385, 78.4867, 'HYD, 45 minutes'],
  Mumbai: [19.076, 72.8777, 'BOM, 30 minutes'],
  Kochi: [9.9312, 76.2673, 'COK, 50 minutes'],
  Bangkok: [13.7563, 100.5018, 'BKK, 40 minutes'],
  Phuket: [7.8804, 98.3923, 'HKT, 45 minutes'],
  'Chiang Mai': [18.7883, 98.9853, 'CNX, 15 minutes'],
  Istanbul: [41.0082, 28.9784, 'IST, 45 minutes'],
  Ankara: [39.9334, 32.8597, 'ESB, 35 minutes'],
  Izmir: [38.4237, 27.1428, 'ADB, 25 minutes'],
  Antalya: [36.8969, 30.7133, 'AYT, 20 minutes'],
  Berlin: [52.52, 13.405, 'BER, 40 minutes'],
  Munich: [48.1351, 11.582, 'MUC, 40 minutes'],
  Düsseldorf: [51.2277, 6.7735, 'DUS, 15 minutes'],
  Hamburg: [53.5511, 9.9937, 'HAM, 25 minutes'],
  Frankfurt: [50.1109, 8.6821, 'FRA, 20 minutes'],
  Singapore: [1.3521, 103.8198, 'SIN, 25 minutes'],
  'George Town': [5.4141, 100.3288, 'PEN, 30 minutes'],
  'Kuala Lumpur': [3.139, 101.6869, 'KUL, 50 minutes'],
  Melaka: [2.1896, 102.2501, 'KUL, 2 hours'],
  Barcelona: [41.3874, 2.1686, 'BCN, 25 minutes'],
  Madrid: [40.4168, -3.7038, 'MAD, 25 minutes'],
  Valencia: [39.4699, -0.3763, 'VLC, 20 minutes'],
  Marbella: [36.5101, -4.8825, 'AGP, 40 minutes'],
  Seoul: [37.5665, 126.978, 'ICN, 60 minutes'],
  Busan: [35.1796, 129.0756, 'PUS, 30 minutes'],
  Incheon: [37.4563, 126.7052, 'ICN, 20 minutes'],
};

const LANGUAGES: Record<string, string[]> = {
  AE: ['en', 'ar', 'hi', 'ru'],
  GB: ['en', 'ar', 'fr'],
  IN: ['en', 'hi', 'ar'],
  TH: ['th', 'en', 'ar', 'zh'],
  TR: ['tr', 'en', 'ar', 'ru'],
  DE: ['de', 'en', 'ar', 'ru'],
  SG: ['en', 'zh', 'ms'],
  MY: ['ms', 'en', 'zh', 'ar'],
  ES: ['es', 'en', 'fr'],
  KR: ['ko', 'en', 'zh', 'ru'],
};

const DOCTOR_NAMES: Record<string, string[]> = {
  AE: ['Dr Rania Al Hashimi', 'Dr Sameer Khoury', 'Dr Fatima Al Mansoori'],
  GB: ['Mr James Whitfield', 'Dr Eleanor Hughes', 'Ms Priya Raman'],
  IN: ['Dr Arjun Iyer', 'Dr Kavya Menon', 'Dr Sanjay Kulkarni'],
  TH: ['Dr Somchai Wongsakul', 'Dr Siriporn Chaiyaporn', 'Dr Anan Rattanakorn'],
  TR: ['Op. Dr. Elif Yilmaz', 'Prof. Dr. Mehmet Aydin', 'Dr. Zeynep Kaya'],
  DE: ['Prof. Dr. Lukas Becker', 'Dr. Hannah Schmidt', 'PD Dr. Jonas Weber'],
  SG: ['Dr Grace Lim', 'Dr Wei Tan', 'A/Prof Daniel Ong'],
  MY: ['Dr Nur Aisyah Hassan', 'Dr Chen Wei Ling', 'Dr Ravi Subramaniam'],
  ES: ['Dr. Javier Fernández', 'Dra. Lucía García', 'Dr. Carlos Ortega'],
  KR: ['Dr Kim Min-jun', 'Dr Park Seo-yeon', 'Dr Choi Ji-ho'],
};

const QUALIFICATIONS = ['MD, board-certified, 18 years in practice', 'MBBS, MS, FRCS', 'MD, PhD, fellowship in Germany', 'DDS, MSc in implantology', 'MD, European board certification'];

interface PackageSeed {
  category: string;
  title: string;
  service: string;
  /** US dollars before the country's price level */
  usd: number;
  kind: 'fixed' | 'from' | 'range';
  hospital: number;
  stay: number;
  inclusions: string[];
  exclusions: string[];
  addons: { name: string; usd: number; per: 'once' | 'night' | 'day' }[];
  specialty: string;
}

const STANDARD_EXCLUSIONS = ['Flights', 'Visa fees', 'Travel insurance'];
const PACKAGES: PackageSeed[] = [
  { category: 'orthopaedic', title: 'Total knee replacement, one knee', service: 'Total Knee Replacement', specialty: 'Orthopaedics', usd: 12_500, kind: 'fixed', hospital: 4, stay: 14, inclusions: ['Surgeon and anaesthetist fees', 'Implant (cemented, titanium)', 'Four nights in a private room', 'Physiotherapy for ten days', 'Airport transfers'], exclusions: [...STANDARD_EXCLUSIONS, 'Blood products'], addons: [{ name: 'Extra night in hospital', usd: 380, per: 'night' }, { name: 'Companion room', usd: 90, per: 'night' }] },
  { category: 'orthopaedic', title: 'Total hip replacement', service: 'Total Hip Replacement', specialty: 'Orthopaedics', usd: 13_500, kind: 'from', hospital: 5, stay: 14, inclusions: ['Surgery and implant', 'Five nights in hospital', 'Physiotherapy', 'Follow-up consultation'], exclusions: [...STANDARD_EXCLUSIONS, 'Revision surgery'], addons: [{ name: 'Extra night in hospital', usd: 380, per: 'night' }] },
  { category: 'cardiac', title: 'Coronary angiography with cardiologist review', service: 'Coronary Angiography', specialty: 'Cardiology', usd: 1_600, kind: 'fixed', hospital: 1, stay: 3, inclusions: ['Angiography', 'Day-care bed', 'Cardiologist report', 'ECG and blood tests'], exclusions: [...STANDARD_EXCLUSIONS, 'Stent if needed'], addons: [{ name: 'Echocardiogram', usd: 350, per: 'once' }] },
  { category: 'cardiac', title: 'Angioplasty with one drug-eluting stent', service: 'Angioplasty with Stent', specialty: 'Cardiology', usd: 9_500, kind: 'range', hospital: 3, stay: 7, inclusions: ['Procedure and one stent', 'Three nights in hospital', 'Cardiac rehabilitation plan'], exclusions: [...STANDARD_EXCLUSIONS, 'Additional stents'], addons: [{ name: 'Additional stent', usd: 1_400, per: 'once' }] },
  { category: 'eye', title: 'LASIK, both eyes', service: 'LASIK Eye Surgery', specialty: 'Ophthalmology', usd: 2_300, kind: 'fixed', hospital: 0, stay: 4, inclusions: ['Pre-operative eye examination', 'Bladeless LASIK, both eyes', 'Two follow-up visits', 'Eye drops'], exclusions: [...STANDARD_EXCLUSIONS], addons: [{ name: 'Hotel near the clinic', usd: 85, per: 'night' }] },
  { category: 'eye', title: 'Cataract surgery with premium lens', service: 'Cataract Surgery', specialty: 'Ophthalmology', usd: 2_600, kind: 'from', hospital: 0, stay: 5, inclusions: ['Phacoemulsification', 'Multifocal lens', 'Follow-up visit'], exclusions: [...STANDARD_EXCLUSIONS, 'Second eye'], addons: [{ name: 'Second eye', usd: 2_200, per: 'once' }] },
  { category: 'fertility', title: 'IVF cycle with ICSI', service: 'IVF Cycle', specialty: 'IVF & Fertility', usd: 6_800, kind: 'from', hospital: 0, stay: 18, inclusions: ['Stimulation monitoring', 'Egg retrieval', 'ICSI', 'One embryo transfer'], exclusions: [...STANDARD_EXCLUSIONS, 'Medication', 'Genetic testing'], addons: [{ name: 'Embryo freezing, one year', usd: 650, per: 'once' }] },
  { category: 'fertility', title: 'Egg freezing', service: 'Egg Freezing', specialty: 'IVF & Fertility', usd: 4_700, kind: 'fixed', hospital: 0, stay: 14, inclusions: ['Stimulation monitoring', 'Egg retrieval', 'Storage for one year'], exclusions: [...STANDARD_EXCLUSIONS, 'Medication'], addons: [{ name: 'Storage, each further year', usd: 420, per: 'once' }] },
  { category: 'weight-loss', title: 'Laparoscopic sleeve gastrectomy', service: 'Sleeve Gastrectomy', specialty: 'Bariatric Surgery', usd: 9_800, kind: 'fixed', hospital: 3, stay: 7, inclusions: ['Surgery', 'Three nights in hospital', 'Dietitian plan for six months', 'Airport transfers'], exclusions: [...STANDARD_EXCLUSIONS, 'Plastic surgery after weight loss'], addons: [{ name: 'Extra night in hospital', usd: 300, per: 'night' }] },
  { category: 'oncology', title: 'PET-CT staging with oncologist opinion', service: 'PET-CT Scan', specialty: 'Oncology', usd: 1_650, kind: 'fixed', hospital: 0, stay: 3, inclusions: ['PET-CT scan', 'Radiologist report', 'Oncologist consultation', 'Written treatment plan'], exclusions: [...STANDARD_EXCLUSIONS, 'Biopsy'], addons: [{ name: 'Tumour board review', usd: 450, per: 'once' }] },
  { category: 'check-up', title: 'Executive health check, one day', service: 'Executive Health Check', specialty: 'Health Check-ups', usd: 850, kind: 'fixed', hospital: 0, stay: 2, inclusions: ['Blood panel (60 markers)', 'Cardiac stress test', 'Abdominal ultrasound', 'Physician review'], exclusions: [...STANDARD_EXCLUSIONS, 'MRI'], addons: [{ name: 'Whole-body MRI', usd: 900, per: 'once' }] },
  { category: 'dental', title: 'Single dental implant with crown', service: 'Dental Implant', specialty: 'Dentistry', usd: 1_450, kind: 'fixed', hospital: 0, stay: 5, inclusions: ['Titanium implant', 'Zirconia crown', 'Panoramic X-ray', 'Two visits'], exclusions: [...STANDARD_EXCLUSIONS, 'Bone graft'], addons: [{ name: 'Bone graft', usd: 420, per: 'once' }, { name: 'Hotel near the clinic', usd: 70, per: 'night' }] },
  { category: 'dental', title: 'Smile makeover, 20 porcelain veneers', service: 'Porcelain Veneers', specialty: 'Dentistry', usd: 12_000, kind: 'range', hospital: 0, stay: 7, inclusions: ['Digital smile design', '20 e.max veneers', 'Temporary veneers', 'Hotel for six nights'], exclusions: [...STANDARD_EXCLUSIONS, 'Root canal treatment'], addons: [{ name: 'Teeth whitening', usd: 310, per: 'once' }] },
  { category: 'dental', title: 'Root canal treatment, one tooth', service: 'Root Canal Treatment', specialty: 'Dentistry', usd: 420, kind: 'fixed', hospital: 0, stay: 2, inclusions: ['Root canal', 'Temporary filling', 'X-rays'], exclusions: [...STANDARD_EXCLUSIONS, 'Crown'], addons: [{ name: 'Crown', usd: 380, per: 'once' }] },
  { category: 'cosmetic', title: 'Hair transplant, up to 4,000 grafts (FUE)', service: 'Hair Transplant (FUE)', specialty: 'Plastic Surgery', usd: 2_900, kind: 'fixed', hospital: 0, stay: 3, inclusions: ['FUE up to 4,000 grafts', 'PRP session', 'Two nights in a hotel', 'Airport transfers', 'Aftercare kit'], exclusions: [...STANDARD_EXCLUSIONS], addons: [{ name: 'Additional PRP session', usd: 150, per: 'once' }] },
  { category: 'cosmetic', title: 'Rhinoplasty', service: 'Rhinoplasty', specialty: 'Plastic Surgery', usd: 4_600, kind: 'from', hospital: 1, stay: 7, inclusions: ['Surgery under general anaesthesia', 'One night in hospital', 'Splint removal', 'Follow-up'], exclusions: [...STANDARD_EXCLUSIONS, 'Revision surgery'], addons: [{ name: 'Companion room', usd: 90, per: 'night' }] },
  { category: 'wellness', title: 'Laser skin resurfacing, three sessions', service: 'Laser Skin Resurfacing', specialty: 'Dermatology', usd: 950, kind: 'fixed', hospital: 0, stay: 10, inclusions: ['Dermatologist assessment', 'Three fractional laser sessions', 'Aftercare products'], exclusions: [...STANDARD_EXCLUSIONS], addons: [{ name: 'Hydrafacial', usd: 120, per: 'once' }] },
];

interface FacilityRow {
  id: number;
  slug: string;
  name: string;
  country: string;
  city: string;
  currency: string;
  specialties: string[];
  locations: number[];
}

/** Local units per US dollar and how dear care is, by the facility's currency and country (as booking-catalog.ts). */
const PER_DOLLAR: Record<string, number> = { AED: 3.67, GBP: 0.79, INR: 83, THB: 36, EUR: 0.92, SGD: 1.35, MYR: 4.7, USD: 1 };
const PRICE_LEVEL: Record<string, number> = { AE: 1, GB: 1.25, IN: 0.3, TH: 0.45, TR: 0.4, DE: 1.15, SG: 1.1, MY: 0.45, ES: 0.8, KR: 0.7 };

function localMinor(usd: number, facility: FacilityRow): number {
  const local = usd * (PRICE_LEVEL[facility.country] ?? 1) * (PER_DOLLAR[facility.currency] ?? 1);
  const step = local >= 10_000 ? 50 : 5;
  return Math.max(step, Math.round(local / step) * step) * 100;
}

function dayFromToday(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

const PALETTES = [
  ['#0b7285', '#15aabf'],
  ['#5f3dc4', '#9775fa'],
  ['#2b8a3e', '#69db7c'],
  ['#c2255c', '#f783ac'],
  ['#e8590c', '#ffa94d'],
  ['#1864ab', '#74c0fc'],
];

/** A facility's photo, drawn here: a building against a sky in one of six palettes (no text: a photo has none). */
async function facilityPhoto(index: number): Promise<Buffer> {
  const [dark, light] = PALETTES[index % PALETTES.length]!;
  const floors = 4 + (index % 5);
  const windows = Array.from({ length: floors * 6 }, (_, cell) => {
    const row = Math.floor(cell / 6);
    const column = cell % 6;
    return `<rect x="${String(250 + column * 50)}" y="${String(440 - floors * 45 + row * 45)}" width="28" height="26" rx="3" fill="#fff" opacity="${String(0.55 + ((cell * 7 + index) % 5) / 12)}"/>`;
  }).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="500">
    <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="#f8f9fa"/></linearGradient></defs>
    <rect width="800" height="500" fill="url(#sky)"/>
    <circle cx="${String(120 + (index % 7) * 80)}" cy="90" r="40" fill="#fff3bf" opacity="0.9"/>
    <rect x="230" y="${String(420 - floors * 45)}" width="320" height="${String(floors * 45 + 80)}" fill="${dark}"/>
    ${windows}
    <rect x="360" y="440" width="60" height="60" fill="#f1f3f5"/>
    <rect x="378" y="${String(380 - floors * 45)}" width="24" height="60" fill="#fff"/><rect x="360" y="${String(398 - floors * 45)}" width="60" height="24" fill="#fff"/>
    <rect x="0" y="470" width="800" height="30" fill="#868e96"/>
    <ellipse cx="120" cy="470" rx="70" ry="50" fill="#2f9e44"/><ellipse cx="680" cy="470" rx="80" ry="55" fill="#2f9e44"/>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 78 }).toBuffer();
}

export async function seedDemoNetwork(pool: pg.Pool, services: DemoSeedServices): Promise<void> {
  const productIds: number[] = [];
  for (const [position, product] of PRODUCTS.entries()) {
    const { rows } = await pool.query<{ id: number }>(
      `INSERT INTO network_products (slug, name, name_ar, description, description_ar, position) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
      [product.slug, product.name, product.nameAr, product.description, product.descriptionAr, position],
    );
    productIds.push(rows[0]!.id);
    await pool.query(
      `INSERT INTO network_product_specialties (product_id, specialty_id) SELECT $1, id FROM specialties WHERE name = ANY($2::text[])`,
      [rows[0]!.id, product.specialties],
    );
  }

  const { rows: facilities } = await pool.query<FacilityRow>(
    `SELECT f.id, f.slug, f.name, f.country, f.city, f.currency,
            ARRAY(SELECT DISTINCT s.name FROM facility_service_details d JOIN services sv ON sv.id = d.service_id
                    JOIN specialties s ON s.id = coalesce(d.specialty_id, sv.specialty_id) WHERE d.facility_id = f.id) AS specialties,
            ARRAY(SELECT l.id FROM facility_locations l WHERE l.facility_id = f.id ORDER BY l.id) AS locations
       FROM facilities f ORDER BY f.id`,
  );
  const specialtyIds = new Map((await pool.query<{ id: number; name: string }>('SELECT id, name FROM specialties')).rows.map((row) => [row.name, row.id]));
  const serviceIds = new Map((await pool.query<{ id: number; name: string }>('SELECT id, name FROM services')).rows.map((row) => [row.name, row.id]));

  for (const [index, facility] of facilities.entries()) {
    const [latitude, longitude, airport] = CITIES[facility.city] ?? [null, null, ''];
    const focus = facility.specialties.slice(0, 3).join(', ').toLowerCase();
    await pool.query(
      `INSERT INTO network_facility_profiles (facility_id, status, description, content_language, languages, nearest_airport, transfer_note,
                                              accommodation_note, promoted, latitude, longitude)
       VALUES ($1, 'published', $2, 'en', $3, $4, $5, $6, $7, $8, $9)`,
      [
        facility.id,
        `${facility.name} receives international patients in ${facility.city} for ${focus || 'specialist care'}. A patient coordinator answers within one working day, arranges interpreters and meets every patient on arrival.`,
        LANGUAGES[facility.country] ?? ['en'],
        airport,
        index % 3 === 0 ? 'Free airport pick-up and drop-off in a private car.' : 'Transfer by the hospital’s shuttle on request, at cost.',
        index % 2 === 0 ? 'Partner hotel within walking distance, discounted for patients and one companion.' : 'Serviced apartments ten minutes away; the coordinator books them.',
        index === 4 || index === 19,
        latitude,
        longitude,
      ],
    );
    const photo = await services.storage.save(NETWORK_PHOTO_KIND, Readable.from([await facilityPhoto(index)]), { filename: `${facility.slug}.jpg` });
    await pool.query(`INSERT INTO network_facility_photos (facility_id, file, caption, position) VALUES ($1, $2, $3, 0)`, [facility.id, JSON.stringify(photo), `${facility.name}, main building`]);

    const doctors = DOCTOR_NAMES[facility.country] ?? [];
    for (const [position, name] of doctors.slice(0, 2 + (index % 2)).entries()) {
      const specialty = facility.specialties[position % Math.max(1, facility.specialties.length)];
      await pool.query(`INSERT INTO network_doctors (facility_id, name, specialty_id, qualifications, languages, position) VALUES ($1, $2, $3, $4, $5, $6)`, [
        facility.id,
        name,
        specialty === undefined ? null : (specialtyIds.get(specialty) ?? null),
        QUALIFICATIONS[(index + position) % QUALIFICATIONS.length],
        ['en', ...(LANGUAGES[facility.country] ?? []).slice(0, 1)].filter((language, at, all) => all.indexOf(language) === at),
        position,
      ]);
    }

    // JCI for the general hospitals and every third; TEMOS for medical-travel centres; one expired (hidden by itself).
    if (facility.specialties.length > 4 || index % 3 === 0) {
      await pool.query(`INSERT INTO network_accreditations (facility_id, body, number, valid_until, verified_at) VALUES ($1, 'JCI', $2, $3, now())`, [
        facility.id,
        `JCI-${String(40_000 + facility.id * 7)}`,
        dayFromToday(200 + index * 11),
      ]);
    }
    if (index % 4 === 1) {
      await pool.query(`INSERT INTO network_accreditations (facility_id, body, number, valid_until, verified_at) VALUES ($1, 'TEMOS', $2, $3, now())`, [
        facility.id,
        `TMS-${String(1_200 + facility.id)}`,
        index === 1 ? dayFromToday(-20) : dayFromToday(400 + index * 5),
      ]);
    }

    for (const [position, locationId] of facility.locations.entries()) {
      const [lat, lng] = CITIES[facility.city] ?? [null, null];
      await pool.query(`INSERT INTO network_location_details (location_id, latitude, longitude, opening_hours, phone) VALUES ($1, $2, $3, $4, $5)`, [
        locationId,
        lat === null ? null : lat + position * 0.02,
        lng === null ? null : lng + position * 0.03,
        JSON.stringify(
          [1, 2, 3, 4, 5, 6, 7]
            .filter((day) => position === 0 || day <= 5)
            .map((day) => (position === 0 ? { day, opens: '00:00', closes: '23:59' } : { day, opens: '08:00', closes: day === 5 ? '14:00' : '18:00' })),
        ),
        `+${String(10 + (facility.id % 89))} ${String(200 + position)} ${String(1000 + facility.id * 13).slice(0, 4)}`,
      ]);
    }
  }

  // 60 packages: each package kind at the facilities that offer its specialty, in their currency.
  let made = 0;
  for (let round = 0; made < 60 && round < 6; round += 1) {
    for (const seed of PACKAGES) {
      const offering = facilities.filter((facility) => facility.specialties.includes(seed.specialty));
      const facility = offering[round];
      if (!facility || made >= 60) continue;
      const price = localMinor(seed.usd, facility);
      const expired = made === 7;
      const { rows } = await pool.query<{ id: number }>(
        `INSERT INTO network_packages (facility_id, category, title, summary, service_id, status, price_kind, price_minor, price_max_minor, currency,
                                       valid_from, valid_to, inclusions, exclusions, addons, hospital_days, country_days, published_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, now()) RETURNING id`,
        [
          facility.id,
          seed.category,
          seed.title,
          `${seed.title} at ${facility.name}, ${facility.city}: the price covers what is listed as included; anything else is quoted before the patient travels.`,
          serviceIds.get(seed.service) ?? null,
          made % 13 === 12 ? 'draft' : 'published',
          seed.kind,
          price,
          seed.kind === 'range' ? Math.round((price * 1.4) / 100) * 100 : null,
          facility.currency,
          dayFromToday(expired ? -400 : -30),
          dayFromToday(expired ? -35 : 150 + (made % 5) * 30),
          seed.inclusions,
          seed.exclusions,
          JSON.stringify(seed.addons.map((addon) => ({ name: addon.name, price_minor: localMinor(addon.usd, facility), per: addon.per }))),
          seed.hospital,
          seed.stay,
        ],
      );
      const packageId = rows[0]!.id;
      made += 1;
      if (facility.locations[0] !== undefined) await pool.query('INSERT INTO network_package_locations (package_id, location_id) VALUES ($1, $2)', [packageId, facility.locations[0]]);
      await pool.query(
        `INSERT INTO network_package_doctors (package_id, doctor_id) SELECT $1, id FROM network_doctors WHERE facility_id = $2 ORDER BY position LIMIT 1`,
        [packageId, facility.id],
      );
      if (made % 4 === 0) {
        await pool.query(
          `INSERT INTO network_refund_terms (facility_id, package_id, deposit_minor, currency, refundable_until_days, doctor_declines, changes_paid_by, notes)
           VALUES ($1, $2, $3, $4, $5, 'Everything paid is refunded except the first consultation.', 'facility', 'Dates can be moved once free of charge.')`,
          [facility.id, packageId, Math.round(price * 0.1), facility.currency, 14],
        );
      }
    }
  }
  // A facility's own terms for its other packages.
  for (const facility of facilities.slice(0, 6)) {
    await pool.query(
      `INSERT INTO network_refund_terms (facility_id, deposit_minor, currency, refundable_until_days, doctor_declines, changes_paid_by)
       VALUES ($1, $2, $3, 21, 'The deposit is refunded in full and the pre-operative tests are charged at cost.', 'patient')`,
      [facility.id, facility.currency === 'INR' ? 2_000_000 : facility.currency === 'THB' ? 1_000_000 : 50_000, facility.currency],
    );
  }

  await pool.query(
    `INSERT INTO network_refund_policy_versions (version, effective_on, summary, summary_ar, full_text, full_text_ar, changes, changes_ar, status, published_at)
     VALUES
     (1, $1, $3, $4, $5, $6, '{"First published version."}', '{"أول نسخة منشورة."}', 'published', now()),
     (2, $2, $7, $8, $9, $10, $11, $12, 'published', now())`,
    [
      dayFromToday(-400),
      dayFromToday(-60),
      'A deposit secures the treatment date. It is refunded in full if the patient cancels at least 14 days before treatment, or if the doctor declines the patient after reviewing the records.',
      'يحجز العربون موعد العلاج، ويُرد كاملاً إذا ألغى المريض قبل العلاج بأربعة عشر يوماً على الأقل، أو إذا رفض الطبيب حالة المريض بعد مراجعة ملفه.',
      'Deposits. A deposit of up to 10% of the package price secures the date.\n\nCancellation by the patient. Cancelled 14 days or more before treatment: the deposit is refunded in full. Later: the deposit is kept and anything else paid is refunded.\n\nDoctor declines. If the treating doctor declines the patient after reviewing the records or at the first consultation, everything paid is refunded except the consultation.\n\nChanges. A change of date requested by the patient is free once; the facility pays for changes it causes.',
      'العربون: يحجز عربون لا يتجاوز 10٪ من سعر الباقة موعد العلاج.\n\nإلغاء المريض: إذا ألغى المريض قبل العلاج بأربعة عشر يوماً أو أكثر يُرد العربون كاملاً، وبعد ذلك يُحتفظ بالعربون ويُرد باقي ما دُفع.\n\nرفض الطبيب: إذا رفض الطبيب المعالج حالة المريض بعد مراجعة ملفه أو في الاستشارة الأولى يُرد كل ما دُفع عدا رسوم الاستشارة.\n\nالتغييرات: يحق للمريض تغيير الموعد مرة واحدة مجاناً، وتتحمل المنشأة كلفة التغييرات التي تسببها.',
      'A deposit secures the treatment date. It is refunded in full up to 14 days before treatment (21 days for surgery with an implant), and whenever the doctor declines the patient. A facility or package may set its own terms, shown on its page.',
      'يحجز العربون موعد العلاج، ويُرد كاملاً حتى أربعة عشر يوماً قبل العلاج (واحد وعشرين يوماً لجراحات الزرع)، وفي كل حالة يرفض فيها الطبيب المريض. وقد تحدد المنشأة أو الباقة شروطاً خاصة بها تظهر في صفحتها.',
      'Deposits. A deposit of up to 10% of the package price secures the date.\n\nCancellation by the patient. Cancelled 14 days or more before treatment (21 days for surgery with an implant): the deposit is refunded in full. Later: the deposit is kept and anything else paid is refunded.\n\nDoctor declines. If the treating doctor declines the patient, everything paid is refunded except the consultation and pre-operative tests, charged at cost.\n\nChanges. A change of date requested by the patient is free once; the facility pays for changes it causes.\n\nFacility and package terms. Where a facility or a package states its own deposit or refund window, those terms apply and are shown on its page. The version in force when a booking request is submitted is the one that applies to it.',
      'العربون: يحجز عربون لا يتجاوز 10٪ من سعر الباقة موعد العلاج.\n\nإلغاء المريض: إذا ألغى المريض قبل العلاج بأربعة عشر يوماً أو أكثر (واحد وعشرين يوماً لجراحات الزرع) يُرد العربون كاملاً، وبعد ذلك يُحتفظ بالعربون ويُرد باقي ما دُفع.\n\nرفض الطبيب: إذا رفض الطبيب المعالج حالة المريض يُرد كل ما دُفع عدا الاستشارة والفحوصات السابقة للعملية بسعر التكلفة.\n\nالتغييرات: يحق للمريض تغيير الموعد مرة واحدة مجاناً، وتتحمل المنشأة كلفة التغييرات التي تسببها.\n\nشروط المنشأة والباقة: إذا حددت منشأة أو باقة عربوناً أو مهلة استرداد خاصة بها، تسري تلك الشروط وتظهر في صفحتها. وتسري على طلب الحجز النسخة النافذة يوم تقديمه.',
      ['Surgery with an implant: the full refund of the deposit now ends 21 days before treatment.', 'Pre-operative tests are charged at cost when the doctor declines the patient.', 'Facility and package terms are shown on their pages and take precedence.'],
      ['جراحات الزرع: أصبح الاسترداد الكامل للعربون ينتهي قبل العلاج بواحد وعشرين يوماً.', 'تُحتسب الفحوصات السابقة للعملية بسعر التكلفة إذا رفض الطبيب المريض.', 'تظهر شروط المنشأة والباقة في صفحاتها وتتقدم على السياسة العامة.'],
    ],
  );
}
