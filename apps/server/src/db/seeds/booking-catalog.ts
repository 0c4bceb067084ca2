import type pg from 'pg';

/**
 * The medical catalogue the demo and bench bookings point at: about fifty facilities in ten countries
 * with their locations, the specialties and services they offer at local prices, and the operator's
 * staff. Names are invented but real-looking. Everything is deterministic (a seeded PRNG), so demo
 * screenshots stay the same from one fresh start to the next.
 */

/** mulberry32: a tiny deterministic PRNG, good enough for demo data. */
export function createRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export function seedFromText(text: string): number {
  let hash = 2_166_136_261;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 16_777_619);
  }
  return hash >>> 0;
}

interface CountryInfo {
  /** ISO 3166-1 alpha-2, what facilities.country holds (migration 0009) */
  code: string;
  currency: string;
  /** local currency units per US dollar, rounded */
  perDollar: number;
  /** how expensive care is there compared with the base (US-dollar) prices */
  priceLevel: number;
}

const COUNTRIES: Record<string, CountryInfo> = {
  'United Arab Emirates': { code: 'AE', currency: 'AED', perDollar: 3.67, priceLevel: 1.0 },
  'United Kingdom': { code: 'GB', currency: 'GBP', perDollar: 0.79, priceLevel: 1.25 },
  India: { code: 'IN', currency: 'INR', perDollar: 83, priceLevel: 0.3 },
  Thailand: { code: 'TH', currency: 'THB', perDollar: 36, priceLevel: 0.45 },
  Turkey: { code: 'TR', currency: 'EUR', perDollar: 0.92, priceLevel: 0.4 },
  Germany: { code: 'DE', currency: 'EUR', perDollar: 0.92, priceLevel: 1.15 },
  Singapore: { code: 'SG', currency: 'SGD', perDollar: 1.35, priceLevel: 1.1 },
  Malaysia: { code: 'MY', currency: 'MYR', perDollar: 4.7, priceLevel: 0.45 },
  Spain: { code: 'ES', currency: 'EUR', perDollar: 0.92, priceLevel: 0.8 },
  'South Korea': { code: 'KR', currency: 'USD', perDollar: 1, priceLevel: 0.7 },
};

export interface FacilitySeed {
  name: string;
  slug: string;
  country: string;
  city: string;
  /** the specialties the facility is known for (a general hospital offers most of them) */
  focus: string[] | 'general';
  locations: { name: string; address: string; city?: string }[];
}

function facility(
  name: string,
  country: string,
  city: string,
  focus: string[] | 'general',
  locations: { name: string; address: string; city?: string }[],
): FacilitySeed {
  const slug = name
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return { name, slug, country, city, focus, locations };
}

const main = (address: string) => [{ name: 'Main campus', address }];

export const FACILITIES: FacilitySeed[] = [
  facility('Al Safa Specialist Hospital', 'United Arab Emirates', 'Dubai', 'general', [
    { name: 'Al Safa main hospital', address: 'Al Wasl Road, Al Safa 2' },
    { name: 'Jumeirah Lakes clinic', address: 'Cluster X, Jumeirah Lakes Towers' },
  ]),
  facility('Marina Heart & Vascular Centre', 'United Arab Emirates', 'Dubai', ['Cardiology'], main('Dubai Marina Walk, Tower 4')),
  facility('Creekside Medical City', 'United Arab Emirates', 'Dubai', 'general', [
    { name: 'Creekside tower', address: 'Oud Metha Road, Healthcare City' },
    { name: 'Deira polyclinic', address: 'Al Maktoum Road, Deira' },
  ]),
  facility('Emirates Vision Institute', 'United Arab Emirates', 'Abu Dhabi', ['Ophthalmology'], main('Corniche Road West, Al Khalidiya')),
  facility('Saadiyat Fertility Clinic', 'United Arab Emirates', 'Abu Dhabi', ['IVF & Fertility'], main('Saadiyat Cultural District, Building 7')),
  facility('Sharjah Bone & Joint Hospital', 'United Arab Emirates', 'Sharjah', ['Orthopaedics'], main('Al Majaz 3, King Faisal Street')),
  facility('Pearl Dental Studio', 'United Arab Emirates', 'Dubai', ['Dentistry'], main('City Walk, Building 12')),
  facility('St Aldhelm Private Hospital', 'United Kingdom', 'London', 'general', [
    { name: 'Marylebone hospital', address: '41 Devonshire Place, London W1G' },
    { name: 'Canary Wharf outpatients', address: '1 Cabot Square, London E14' },
  ]),
  facility('Harley Street Skin Clinic', 'United Kingdom', 'London', ['Dermatology', 'Plastic Surgery'], main('112 Harley Street, London W1G')),
  facility('Thames Valley Orthopaedic Centre', 'United Kingdom', 'Reading', ['Orthopaedics'], main('Kings Road, Reading RG1')),
  facility('Northgate Eye Hospital', 'United Kingdom', 'Manchester', ['Ophthalmology'], main('Oxford Road, Manchester M13')),
  facility('Bridgewater Fertility Partners', 'United Kingdom', 'Birmingham', ['IVF & Fertility'], main('Edgbaston Park Road, Birmingham B15')),
  facility('Caledonian Cancer Centre', 'United Kingdom', 'Edinburgh', ['Oncology'], main('Little France Crescent, Edinburgh EH16')),
  facility('Sahyadri Multispeciality Hospital', 'India', 'Pune', 'general', [
    { name: 'Deccan hospital', address: 'Erandwane, Karve Road, Pune' },
    { name: 'Hinjewadi clinic', address: 'Phase 1, Hinjewadi, Pune' },
  ]),
  facility('Kaveri Heart Institute', 'India', 'Chennai', ['Cardiology'], main('Greams Road, Thousand Lights, Chennai')),
  facility('Lotus Eye Care Hospital', 'India', 'Bengaluru', ['Ophthalmology'], main('Indiranagar 100 Feet Road, Bengaluru')),
  facility('Medanta Ridge Hospital', 'India', 'Gurugram', 'general', [
    { name: 'Sector 38 campus', address: 'CH Baktawar Singh Road, Sector 38, Gurugram' },
  ]),
  facility('Apollo Crescent Cancer Centre', 'India', 'Hyderabad', ['Oncology'], main('Jubilee Hills Road No. 72, Hyderabad')),
  facility('Nova Sunrise IVF', 'India', 'Mumbai', ['IVF & Fertility'], main('Bandra Kurla Complex, Mumbai')),
  facility('Kerala Ayur Spine Centre', 'India', 'Kochi', ['Orthopaedics', 'Neurology'], main('Marine Drive, Ernakulam, Kochi')),
  facility('Bangkok Riverside Hospital', 'Thailand', 'Bangkok', 'general', [
    { name: 'Riverside main building', address: '2 Soi Somkid, Charoen Krung Road' },
    { name: 'Sukhumvit clinic', address: '33 Sukhumvit Soi 21' },
  ]),
  facility('Siam Smile Dental Centre', 'Thailand', 'Bangkok', ['Dentistry'], main('Silom Road, Bang Rak')),
  facility('Phuket Andaman International Hospital', 'Thailand', 'Phuket', 'general', main('Chalermprakiat Road, Wichit')),
  facility('Chiang Mai Lanna Eye Clinic', 'Thailand', 'Chiang Mai', ['Ophthalmology'], main('Nimmanhaemin Road Soi 9')),
  facility('Samitivej Aesthetic Institute', 'Thailand', 'Bangkok', ['Plastic Surgery', 'Dermatology'], main('Soi Sukhumvit 49')),
  facility('Anatolia Medical Park', 'Turkey', 'Istanbul', 'general', [
    { name: 'Bahcelievler hospital', address: 'Bahcelievler Mahallesi, E-5 Yanyol' },
    { name: 'Atasehir outpatient centre', address: 'Barbaros Mahallesi, Atasehir' },
  ]),
  facility('Bosphorus Hair & Aesthetics', 'Turkey', 'Istanbul', ['Plastic Surgery', 'Dermatology'], main('Nisantasi, Valikonagi Caddesi')),
  facility('Ankara Obesity Surgery Centre', 'Turkey', 'Ankara', ['Bariatric Surgery', 'Gastroenterology'], main('Cankaya, Ataturk Bulvari')),
  facility('Izmir Aegean Dental Clinic', 'Turkey', 'Izmir', ['Dentistry'], main('Alsancak, Kibris Sehitleri Caddesi')),
  facility('Antalya Lara Eye Hospital', 'Turkey', 'Antalya', ['Ophthalmology'], main('Lara Caddesi, Muratpasa')),
  facility('Charité Park Klinikum', 'Germany', 'Berlin', 'general', [
    { name: 'Mitte campus', address: 'Luisenstraße 64, Berlin' },
  ]),
  facility('Isar Orthopädie Zentrum', 'Germany', 'Munich', ['Orthopaedics'], main('Sonnenstraße 24, München')),
  facility('Rhein Herzzentrum', 'Germany', 'Düsseldorf', ['Cardiology'], main('Moorenstraße 5, Düsseldorf')),
  facility('Hamburg Alster Onkologie', 'Germany', 'Hamburg', ['Oncology'], main('An der Alster 42, Hamburg')),
  facility('Frankfurt Main Neurologie', 'Germany', 'Frankfurt', ['Neurology'], main('Schaumainkai 87, Frankfurt')),
  facility('Orchard Gleneagles Medical Centre', 'Singapore', 'Singapore', 'general', [
    { name: 'Napier Road hospital', address: '6A Napier Road' },
    { name: 'Novena clinic', address: '10 Sinaran Drive' },
  ]),
  facility('Raffles Harbour Heart Clinic', 'Singapore', 'Singapore', ['Cardiology'], main('1 Maritime Square, HarbourFront')),
  facility('Marina Fertility & Women’s Centre', 'Singapore', 'Singapore', ['IVF & Fertility'], main('3 Mount Elizabeth')),
  facility('Penang Island Specialist Hospital', 'Malaysia', 'George Town', 'general', main('Jalan Sultan Ahmad Shah')),
  facility('KL Sentral Eye Specialist', 'Malaysia', 'Kuala Lumpur', ['Ophthalmology'], main('Jalan Stesen Sentral 5')),
  facility('Melaka Straits Fertility Centre', 'Malaysia', 'Melaka', ['IVF & Fertility'], main('Jalan Bendahara, Melaka')),
  facility('Clínica Barcelona Dental', 'Spain', 'Barcelona', ['Dentistry'], main('Passeig de Gràcia 88, Barcelona')),
  facility('Madrid Sanitas Orthopaedic Institute', 'Spain', 'Madrid', ['Orthopaedics'], main('Calle de Serrano 112, Madrid')),
  facility('Valencia Instituto de Fertilidad', 'Spain', 'Valencia', ['IVF & Fertility'], main('Avenida de Aragón 30, Valencia')),
  facility('Marbella Costa Aesthetic Clinic', 'Spain', 'Marbella', ['Plastic Surgery', 'Dermatology'], main('Avenida Ricardo Soriano 65')),
  facility('Seoul Gangnam Plastic Surgery', 'South Korea', 'Seoul', ['Plastic Surgery'], main('Apgujeong-ro 312, Gangnam-gu')),
  facility('Yonsei Severance Health Screening', 'South Korea', 'Seoul', ['Health Check-ups', 'Gastroenterology'], main('50-1 Yonsei-ro, Seodaemun-gu')),
  facility('Busan Haeundae Spine Hospital', 'South Korea', 'Busan', ['Orthopaedics', 'Neurology'], main('Haeundae-ro 570, Haeundae-gu')),
  facility('Incheon Global Eye Centre', 'South Korea', 'Incheon', ['Ophthalmology'], main('Songdo Convensia-daero 81')),
];

export const SPECIALTIES = [
  'Cardiology',
  'Dermatology',
  'Orthopaedics',
  'Ophthalmology',
  'Dentistry',
  'IVF & Fertility',
  'Oncology',
  'Neurology',
  'Bariatric Surgery',
  'Plastic Surgery',
  'Gastroenterology',
  'Urology',
  'ENT',
  'Health Check-ups',
] as const;

export interface ServiceSeed {
  name: string;
  /** null: a general service without a specialty (shown as none) */
  specialty: (typeof SPECIALTIES)[number] | null;
  /** base price in US dollars at price level 1 */
  basePrice: number;
}

export const SERVICES: ServiceSeed[] = [
  { name: 'Cardiac Consultation', specialty: 'Cardiology', basePrice: 180 },
  { name: 'Echocardiogram', specialty: 'Cardiology', basePrice: 350 },
  { name: 'Coronary Angiography', specialty: 'Cardiology', basePrice: 1_600 },
  { name: 'Angioplasty with Stent', specialty: 'Cardiology', basePrice: 9_500 },
  { name: 'Coronary Artery Bypass Graft', specialty: 'Cardiology', basePrice: 19_000 },
  { name: 'Dermatology Consultation', specialty: 'Dermatology', basePrice: 120 },
  { name: 'Laser Skin Resurfacing', specialty: 'Dermatology', basePrice: 950 },
  { name: 'Acne Scar Treatment', specialty: 'Dermatology', basePrice: 650 },
  { name: 'Orthopaedic Consultation', specialty: 'Orthopaedics', basePrice: 160 },
  { name: 'Total Knee Replacement', specialty: 'Orthopaedics', basePrice: 12_500 },
  { name: 'Total Hip Replacement', specialty: 'Orthopaedics', basePrice: 13_500 },
  { name: 'ACL Reconstruction', specialty: 'Orthopaedics', basePrice: 7_200 },
  { name: 'Spinal Fusion Surgery', specialty: 'Orthopaedics', basePrice: 16_000 },
  { name: 'LASIK Eye Surgery', specialty: 'Ophthalmology', basePrice: 2_300 },
  { name: 'Cataract Surgery', specialty: 'Ophthalmology', basePrice: 2_600 },
  { name: 'Retina Consultation', specialty: 'Ophthalmology', basePrice: 170 },
  { name: 'Dental Implant', specialty: 'Dentistry', basePrice: 1_450 },
  { name: 'Root Canal Treatment', specialty: 'Dentistry', basePrice: 420 },
  { name: 'Porcelain Veneers', specialty: 'Dentistry', basePrice: 640 },
  { name: 'Teeth Whitening', specialty: 'Dentistry', basePrice: 310 },
  { name: 'IVF Cycle', specialty: 'IVF & Fertility', basePrice: 6_800 },
  { name: 'Fertility Assessment', specialty: 'IVF & Fertility', basePrice: 420 },
  { name: 'Egg Freezing', specialty: 'IVF & Fertility', basePrice: 4_700 },
  { name: 'Oncology Consultation', specialty: 'Oncology', basePrice: 260 },
  { name: 'Chemotherapy Session', specialty: 'Oncology', basePrice: 2_700 },
  { name: 'PET-CT Scan', specialty: 'Oncology', basePrice: 1_650 },
  { name: 'Neurology Consultation', specialty: 'Neurology', basePrice: 210 },
  { name: 'Brain MRI', specialty: 'Neurology', basePrice: 720 },
  { name: 'Electroencephalogram (EEG)', specialty: 'Neurology', basePrice: 260 },
  { name: 'Sleeve Gastrectomy', specialty: 'Bariatric Surgery', basePrice: 9_800 },
  { name: 'Gastric Bypass', specialty: 'Bariatric Surgery', basePrice: 12_400 },
  { name: 'Rhinoplasty', specialty: 'Plastic Surgery', basePrice: 4_600 },
  { name: 'Hair Transplant (FUE)', specialty: 'Plastic Surgery', basePrice: 2_900 },
  { name: 'Liposuction', specialty: 'Plastic Surgery', basePrice: 4_100 },
  { name: 'Colonoscopy', specialty: 'Gastroenterology', basePrice: 950 },
  { name: 'Upper GI Endoscopy', specialty: 'Gastroenterology', basePrice: 720 },
  { name: 'Prostate Assessment', specialty: 'Urology', basePrice: 330 },
  { name: 'Kidney Stone Lithotripsy', specialty: 'Urology', basePrice: 3_100 },
  { name: 'Tonsillectomy', specialty: 'ENT', basePrice: 2_600 },
  { name: 'Functional Sinus Surgery', specialty: 'ENT', basePrice: 4_200 },
  { name: 'Executive Health Check', specialty: 'Health Check-ups', basePrice: 850 },
  { name: 'Full Body Check-up', specialty: null, basePrice: 460 },
  { name: 'General Physician Consultation', specialty: null, basePrice: 90 },
];

export const STAFF: { firstName: string; lastName: string }[] = [
  ['Amira', 'Haddad'], ['Rohan', 'Mehta'], ['Sophie', 'Turner'], ['Omar', 'Farouk'], ['Priya', 'Nair'],
  ['Daniel', 'Okafor'], ['Layla', 'Rahman'], ['Lukas', 'Becker'], ['Mei', 'Tanaka'], ['Yusuf', 'Demir'],
  ['Hannah', 'Schmidt'], ['Arjun', 'Iyer'], ['Fatima', 'Al Mansoori'], ['Thomas', 'Wright'], ['Ananya', 'Kapoor'],
  ['Somchai', 'Wongsakul'], ['Elif', 'Yilmaz'], ['James', 'Whitfield'], ['Noura', 'Al Suwaidi'], ['Carlos', 'Ortega'],
  ['Grace', 'Lim'], ['Hassan', 'Qureshi'], ['Ingrid', 'Larsen'], ['Vikram', 'Reddy'], ['Chloe', 'Dubois'],
  ['Tariq', 'Siddiqui'], ['Nadia', 'Petrova'], ['Kwame', 'Mensah'], ['Aisha', 'Bello'], ['Marco', 'Rossi'],
].map(([firstName, lastName]) => ({ firstName: firstName!, lastName: lastName! }));

export const PATIENT_FIRST_NAMES = [
  'Mohammed', 'Ahmed', 'Fatima', 'Aisha', 'Omar', 'Yousef', 'Mariam', 'Khalid', 'Noor', 'Hamdan',
  'Saeed', 'Layla', 'Zainab', 'Abdullah', 'Hessa', 'Rashid', 'Salma', 'Ibrahim', 'Huda', 'Sultan',
  'Rahul', 'Priya', 'Arjun', 'Ananya', 'Vikram', 'Deepa', 'Sanjay', 'Kavya', 'Rohit', 'Meera',
  'Aditya', 'Sneha', 'Karthik', 'Lakshmi', 'Suresh', 'Pooja', 'Anil', 'Divya', 'Manoj', 'Nisha',
  'James', 'Emily', 'Oliver', 'Charlotte', 'George', 'Amelia', 'Harry', 'Sophie', 'William', 'Grace',
  'Thomas', 'Olivia', 'Jack', 'Isabella', 'Daniel', 'Lucy', 'Samuel', 'Hannah', 'Joseph', 'Eleanor',
  'Lukas', 'Anna', 'Felix', 'Lena', 'Maximilian', 'Sophia', 'Jonas', 'Marie', 'Paul', 'Clara',
  'Somchai', 'Nattapong', 'Siriporn', 'Kanya', 'Anan', 'Ploy', 'Mehmet', 'Ayse', 'Mustafa', 'Elif',
  'Emre', 'Zeynep', 'Burak', 'Selin', 'Chen', 'Wei', 'Mei', 'Jun', 'Min-jun', 'Seo-yeon',
  'Carlos', 'Lucia', 'Javier', 'Carmen', 'Kwame', 'Amara', 'Chinedu', 'Ngozi', 'Olga', 'Dmitri',
];

export const PATIENT_LAST_NAMES = [
  'Al Maktoum', 'Al Nahyan', 'Al Mazrouei', 'Al Shamsi', 'Al Falasi', 'Al Ketbi', 'Haddad', 'Khoury', 'Rahman', 'Hussain',
  'Khan', 'Siddiqui', 'Qureshi', 'Sheikh', 'Malik', 'Farouk', 'Nasser', 'Saleh', 'Aziz', 'Karim',
  'Sharma', 'Patel', 'Iyer', 'Nair', 'Reddy', 'Menon', 'Gupta', 'Kapoor', 'Mehta', 'Pillai',
  'Chatterjee', 'Banerjee', 'Desai', 'Joshi', 'Rao', 'Verma', 'Singh', 'Chopra', 'Bhat', 'Kulkarni',
  'Smith', 'Jones', 'Taylor', 'Brown', 'Williams', 'Wilson', 'Davies', 'Evans', 'Thomas', 'Roberts',
  'Walker', 'Wright', 'Thompson', 'White', 'Hughes', 'Edwards', 'Green', 'Hall', 'Wood', 'Harris',
  'Müller', 'Schmidt', 'Schneider', 'Fischer', 'Weber', 'Meyer', 'Wagner', 'Becker', 'Hoffmann', 'Koch',
  'Wongsakul', 'Srisuk', 'Chaiyaporn', 'Rattanakorn', 'Yilmaz', 'Kaya', 'Demir', 'Sahin', 'Celik', 'Aydin',
  'Öztürk', 'Arslan', 'Wang', 'Li', 'Zhang', 'Tan', 'Lim', 'Kim', 'Park', 'Choi',
  'García', 'Fernández', 'López', 'Martínez', 'Mensah', 'Okafor', 'Adeyemi', 'Ivanova', 'Petrov', 'Novak',
];

export interface CatalogDetail {
  id: number;
  facilityId: number;
  locationIds: number[];
  specialtyId: number | null;
  price: string;
  currency: string;
  /** how much more often than others this service is booked (consultations are common, surgery rare) */
  weight: number;
}

export interface Catalog {
  facilityIds: number[];
  details: CatalogDetail[];
  staffIds: number[];
}

function localPrice(service: ServiceSeed, country: CountryInfo, random: () => number): string {
  // A facility's own price: the country's level ±15%, rounded like a price list (to 5 or 50 units).
  const dollars = service.basePrice * country.priceLevel * (0.85 + random() * 0.3);
  const local = dollars * country.perDollar;
  const step = local >= 10_000 ? 50 : 5;
  return (Math.max(step, Math.round(local / step) * step)).toFixed(2);
}

function serviceWeight(service: ServiceSeed): number {
  if (service.basePrice < 300) return 6;
  if (service.basePrice < 1_000) return 4;
  if (service.basePrice < 5_000) return 2;
  return 1;
}

/**
 * Inserts whatever part of the catalogue is missing (facilities by slug, specialties and services by
 * name, staff by email) and returns ids. Safe to call again: the demo and bench seeds both use it.
 */
export async function ensureBookingCatalog(pool: pg.Pool | pg.PoolClient): Promise<Catalog> {
  await pool.query(
    `INSERT INTO specialties (name) SELECT unnest($1::text[]) ON CONFLICT (name) DO NOTHING`,
    [SPECIALTIES],
  );
  await pool.query(
    `INSERT INTO services (name, specialty_id)
     SELECT s.name, sp.id FROM unnest($1::text[], $2::text[]) AS s(name, specialty)
       LEFT JOIN specialties sp ON sp.name = s.specialty
     ON CONFLICT (name) DO NOTHING`,
    [SERVICES.map((service) => service.name), SERVICES.map((service) => service.specialty)],
  );
  await pool.query(
    // Each facility bills in its country's currency, as its prices below are written (the rate card pays in it).
    `INSERT INTO facilities (name, slug, country, city, currency)
     SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[])
     ON CONFLICT (slug) DO NOTHING`,
    [
      FACILITIES.map((item) => item.name),
      FACILITIES.map((item) => item.slug),
      FACILITIES.map((item) => COUNTRIES[item.country]!.code),
      FACILITIES.map((item) => item.city),
      FACILITIES.map((item) => COUNTRIES[item.country]!.currency),
    ],
  );
  const facilityRows = (
    await pool.query<{ id: number; slug: string }>('SELECT id, slug FROM facilities WHERE slug = ANY($1::text[])', [
      FACILITIES.map((item) => item.slug),
    ])
  ).rows;
  const facilityIdBySlug = new Map(facilityRows.map((row) => [row.slug, row.id]));
  const serviceRows = (
    await pool.query<{ id: number; name: string; specialty_id: number | null }>(
      'SELECT id, name, specialty_id FROM services WHERE name = ANY($1::text[])',
      [SERVICES.map((service) => service.name)],
    )
  ).rows;
  const serviceByName = new Map(serviceRows.map((row) => [row.name, row]));

  const location = { facility: [] as number[], name: [] as string[], address: [] as string[], city: [] as string[], country: [] as string[] };
  const detail = { facility: [] as number[], service: [] as number[], specialty: [] as (number | null)[], price: [] as string[], currency: [] as string[] };
  for (const item of FACILITIES) {
    const facilityId = facilityIdBySlug.get(item.slug)!;
    const country = COUNTRIES[item.country]!;
    const random = createRandom(seedFromText(item.slug));
    for (const place of item.locations) {
      location.facility.push(facilityId);
      location.name.push(place.name);
      location.address.push(place.address);
      location.city.push(place.city ?? item.city);
      location.country.push(country.code);
    }
    for (const service of SERVICES) {
      const offered =
        item.focus === 'general'
          ? random() < 0.7
          : (service.specialty !== null && item.focus.includes(service.specialty)) || (service.specialty === null && random() < 0.5);
      if (!offered) continue;
      const row = serviceByName.get(service.name)!;
      detail.facility.push(facilityId);
      detail.service.push(row.id);
      detail.specialty.push(row.specialty_id);
      detail.price.push(localPrice(service, country, random));
      detail.currency.push(country.currency);
    }
  }
  await pool.query(
    `INSERT INTO facility_locations (facility_id, name, address, city, country)
     SELECT l.* FROM unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::text[]) AS l(facility_id, name, address, city, country)
      WHERE NOT EXISTS (SELECT 1 FROM facility_locations e WHERE e.facility_id = l.facility_id AND e.name = l.name)`,
    [location.facility, location.name, location.address, location.city, location.country],
  );
  await pool.query(
    `INSERT INTO facility_service_details (facility_id, service_id, specialty_id, price, currency)
     SELECT * FROM unnest($1::int[], $2::int[], $3::int[], $4::numeric[], $5::text[])
     ON CONFLICT (facility_id, service_id) DO NOTHING`,
    [detail.facility, detail.service, detail.specialty, detail.price, detail.currency],
  );
  const staffEmails = STAFF.map((member) => `${member.firstName}.${member.lastName}`.toLowerCase().replace(/[^a-z.]/g, '') + '@care.medtravel.test');
  await pool.query(
    `INSERT INTO staff (first_name, last_name, email)
     SELECT s.* FROM unnest($1::text[], $2::text[], $3::text[]) AS s(first_name, last_name, email)
      WHERE NOT EXISTS (SELECT 1 FROM staff e WHERE e.email = s.email)`,
    [STAFF.map((member) => member.firstName), STAFF.map((member) => member.lastName), staffEmails],
  );

  const facilityIds = FACILITIES.map((item) => facilityIdBySlug.get(item.slug)!);
  const details = (
    await pool.query<{ id: number; facility_id: number; specialty_id: number | null; price: string; currency: string; service_name: string; location_ids: number[] }>(
      `SELECT d.id, d.facility_id, d.specialty_id, d.price::text AS price, d.currency, s.name AS service_name,
              (SELECT array_agg(l.id ORDER BY l.id) FROM facility_locations l WHERE l.facility_id = d.facility_id) AS location_ids
         FROM facility_service_details d JOIN services s ON s.id = d.service_id
        WHERE d.facility_id = ANY($1::int[])
        ORDER BY d.id`,
      [facilityIds],
    )
  ).rows.map((row) => ({
    id: row.id,
    facilityId: row.facility_id,
    locationIds: row.location_ids ?? [],
    specialtyId: row.specialty_id,
    price: row.price,
    currency: row.currency,
    weight: serviceWeight(SERVICES.find((service) => service.name === row.service_name)!),
  }));
  const staffIds = (
    await pool.query<{ id: number }>('SELECT id FROM staff WHERE email = ANY($1::text[]) ORDER BY id', [staffEmails])
  ).rows.map((row) => row.id);
  return { facilityIds, details, staffIds };
}
