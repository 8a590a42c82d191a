import { convertFromZar, formatMoney, PUBLIC_SITE_TEXTS, type ContactDetails } from '@academy/contracts';
import { publicCatalogue, visitorLocation } from './public-catalogue.js';
import { countryFromHeader, countryFromIp } from './visitor-location.js';

const contacts: Record<'ZA' | 'ZW', ContactDetails> = {
  ZA: { country: 'ZA', phone: '+27 1', email: 'za@academy.test', address: 'Johannesburg' },
  ZW: { country: 'ZW', phone: '+263 1', email: 'zw@academy.test', address: 'Harare' },
};
const byTitle = (list: { title: string; monthlyPrice: { amount: number }; upfrontPrice: { amount: number } }[], title: string) => {
  const c = list.find((x) => x.title === title);
  if (!c) throw new Error(`${title} is missing`);
  return [c.monthlyPrice.amount, c.upfrontPrice.amount];
};

describe('currency conversion (spec §9: 1 USD = R17.5, whole dollars)', () => {
  it.each([
    [4000, 229], // 228.57
    [24000, 1371], // 1371.43
    [3625.5, 207], // 207.17
    [2550.05, 146], // 145.72
    [5399, 309], // 308.51
    [1000, 57], // 57.14
    [2500, 143], // 142.86
    [30000, 1714], // 1714.29
    [19995, 1143], // 1142.57
  ])('R%d is $%d', (zar, usd) => {
    expect(convertFromZar(zar, 'USD')).toEqual({ amount: usd, currency: 'USD' });
  });
  it('keeps rand as they are, cents included', () => {
    expect(convertFromZar(3625.5, 'ZAR')).toEqual({ amount: 3625.5, currency: 'ZAR' });
  });
  it('formats as the spec writes prices', () => {
    expect(formatMoney({ amount: 3625.5, currency: 'ZAR' })).toBe('R3,625.50');
    expect(formatMoney({ amount: 2550.05, currency: 'ZAR' })).toBe('R2,550.05');
    expect(formatMoney({ amount: 24000, currency: 'ZAR' })).toBe('R24,000');
    expect(formatMoney({ amount: 1371, currency: 'USD' })).toBe('$1,371');
  });
});

describe('visitor location (spec §4)', () => {
  it('given ZW, then USD and no error', () => {
    expect(visitorLocation('ZW')).toEqual({ country: 'ZW', currency: 'USD', error: null });
  });
  it('given ZA or any other country, then ZAR', () => {
    expect(visitorLocation('ZA')).toEqual({ country: 'ZA', currency: 'ZAR', error: null });
    expect(visitorLocation('GB')).toMatchObject({ country: 'GB', currency: 'ZAR', error: null });
  });
  it('given no country, then ZA with the error', () => {
    expect(visitorLocation(null)).toEqual({ country: 'ZA', currency: 'ZAR', error: 'Unable to determine location' });
  });
  it('reads a proxy header only when it is a country code', () => {
    expect(countryFromHeader('zw')).toBe('ZW');
    expect(countryFromHeader(['ZA', 'ZW'])).toBe('ZA');
    for (const bad of [undefined, '', 'XX', 'T1', 'ZWE', '1A']) expect(countryFromHeader(bad)).toBeNull();
  });
  it('finds nothing for loopback and private addresses in the IP database', () => {
    expect(countryFromIp('127.0.0.1')).toBeNull();
    expect(countryFromIp('::ffff:10.0.0.1')).toBeNull();
    expect(countryFromIp(undefined)).toBeNull();
  });
});

describe('public catalogue (spec §2, §3, §9)', () => {
  const za = publicCatalogue('ZA', contacts);
  const zw = publicCatalogue('ZW', contacts);

  it('lists six evening programmes and seven full-time courses', () => {
    expect(za.eveningProgrammes).toHaveLength(6);
    expect(za.fullTimeCourses).toHaveLength(7);
    expect(za.eveningProgrammes.every((c) => c.evening)).toBe(true);
    expect(za.fullTimeCourses.some((c) => c.evening)).toBe(false);
  });
  it('prices the courses exactly as spec §9 in rand', () => {
    for (const c of za.eveningProgrammes) expect([c.duration, c.monthlyPrice.amount, c.monthlyPayments, c.upfrontPrice.amount]).toEqual(['5 months', 4000, 6, 24000]);
    const ft = za.fullTimeCourses;
    expect(byTitle(ft, 'Introduction to Tech')).toEqual([5399, 15000]);
    for (const t of ['Software Engineering', 'Web Development', 'Web Development for Marketers']) expect(byTitle(ft, t)).toEqual([3625.5, 19995]);
    expect(byTitle(ft, 'IT Support')).toEqual([2550.05, 14000]);
    expect(byTitle(ft, 'Product Manager/Owner')).toEqual([5599, 30000]);
    expect(byTitle(ft, 'CodeStars (ages 8-17)')).toEqual([1000, 2500]);
    expect(za.plans.map((p) => [p.name, p.monthlyPrice.amount, p.upfrontPrice.amount, p.mostPopular])).toEqual([
      ['CodeStars', 1000, 2500, false],
      ['Standard', 3625, 19995, true],
      ['Premium Plus', 5599, 30000, false],
    ]);
    expect(za.currencyNote).toBeNull();
  });
  it('converts every price to whole dollars for ZW, with the note and ZW contacts', () => {
    expect(byTitle(zw.fullTimeCourses, 'Software Engineering')).toEqual([207, 1143]);
    expect(zw.plans.map((p) => p.monthlyPrice)).toEqual([{ amount: 57, currency: 'USD' }, { amount: 207, currency: 'USD' }, { amount: 320, currency: 'USD' }]);
    expect([...zw.eveningProgrammes, ...zw.fullTimeCourses].every((c) => Number.isInteger(c.monthlyPrice.amount) && c.monthlyPrice.currency === 'USD')).toBe(true);
    expect(zw.currencyNote).toBe(PUBLIC_SITE_TEXTS.usdNote);
    expect(zw.contact).toEqual(contacts.ZW);
    expect(za.contact).toEqual(contacts.ZA);
    expect(publicCatalogue(null, contacts).contact).toEqual(contacts.ZA);
  });
  it('gives every entry every field of the spec, a syllabus with a weekly outline and project weeks', () => {
    for (const c of [...za.eveningProgrammes, ...za.fullTimeCourses]) {
      for (const field of [c.title, c.duration, c.level, c.description, c.applicationCourse]) expect(field.length).toBeGreaterThan(0);
      expect(c.skills.length).toBeGreaterThan(0);
      const s = c.syllabus;
      for (const field of [s.duration, s.audience, s.accreditation, s.overview, s.icon, s.image, s.certification]) expect(field.length).toBeGreaterThan(0);
      expect(s.whatYouLearn.length).toBeGreaterThan(0);
      expect(s.outcomes.length).toBeGreaterThan(0);
      expect(s.weeklyOutline.map((w) => w.week)).toEqual(s.weeklyOutline.map((_, i) => i + 1));
      expect(s.weeklyOutline.some((w) => w.isProject)).toBe(true);
    }
    expect(new Set([...za.eveningProgrammes, ...za.fullTimeCourses].map((c) => c.id)).size).toBe(13);
  });
  it('states the marketing claims and support hours of spec §9', () => {
    expect(za.claims.map((c) => `${c.value} ${c.label}`)).toEqual(['500+ Students', '13+ Courses', '85% Placement', '6+ Partners', '24/7 Support']);
    expect(za.supportHours).toEqual([{ days: 'Mon-Fri', hours: '8:00-18:00' }, { days: 'Sat', hours: '9:00-14:00' }]);
  });
});
