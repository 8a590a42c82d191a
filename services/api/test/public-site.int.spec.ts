// GET /api/public/courses over real HTTP, Postgres and Redis (see modules-harness.ts): the public
// catalogue priced for the visitor's country, decided on the server from the trusted proxy header
// (configured here as cf-ipcountry) or else the offline IP database; contact details from configuration.
import { PUBLIC_SITE_TEXTS, publicCatalogueResponseSchema, type PublicCatalogueResponse } from '@academy/contracts';
import { type Harness, startHarness } from './modules-harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness('public-site', { env: { TRUSTED_COUNTRY_HEADER: 'CF-IPCountry', CONTACT_ZW_PHONE: '+263 77 000 1111', CONTACT_ZA_EMAIL: 'hello@academy.test' } });
}, 60_000);
afterAll(async () => h?.stop());

async function courses(headers: Record<string, string>): Promise<{ status: number; body: PublicCatalogueResponse; cache: string | null }> {
  const res = await fetch(`${h.url}/api/public/courses`, { headers });
  return { status: res.status, body: (await res.json()) as PublicCatalogueResponse, cache: res.headers.get('cache-control') };
}
const software = (b: PublicCatalogueResponse) => b.fullTimeCourses.find((c) => c.title === 'Software Engineering')!;

describe('GET /api/public/courses', () => {
  it('answers anyone, without a session, with the whole catalogue in the contract shape', async () => {
    const { status, body, cache } = await courses({});
    expect(status).toBe(200);
    expect(publicCatalogueResponseSchema.parse(body)).toEqual(body);
    expect([body.eveningProgrammes.length, body.fullTimeCourses.length, body.plans.length]).toEqual([6, 7, 3]);
    expect(cache).toBe('private, no-store');
  });

  it('prices in USD, whole dollars, with the note and the ZW contact details, for a visitor the proxy says is in ZW', async () => {
    const { body } = await courses({ 'cf-ipcountry': 'ZW' });
    expect(body.location).toEqual({ country: 'ZW', currency: 'USD', error: null });
    expect(body.currencyNote).toBe(PUBLIC_SITE_TEXTS.usdNote);
    expect([software(body).monthlyPrice, software(body).upfrontPrice]).toEqual([{ amount: 207, currency: 'USD' }, { amount: 1143, currency: 'USD' }]);
    expect(body.contact).toMatchObject({ country: 'ZW', phone: '+263 77 000 1111', address: 'Harare, Zimbabwe' });
  });

  it('prices in rand with the ZA contact details for a visitor from ZA', async () => {
    const { body } = await courses({ 'cf-ipcountry': 'ZA' });
    expect(body.location).toEqual({ country: 'ZA', currency: 'ZAR', error: null });
    expect(body.currencyNote).toBeNull();
    expect([software(body).monthlyPrice.amount, software(body).upfrontPrice.amount]).toEqual([3625.5, 19995]);
    expect(body.contact).toMatchObject({ country: 'ZA', email: 'hello@academy.test' });
  });

  it('keeps rand for any other country', async () => {
    const { body } = await courses({ 'cf-ipcountry': 'GB' });
    expect(body.location).toMatchObject({ country: 'GB', currency: 'ZAR', error: null });
    expect(body.contact.country).toBe('ZA');
  });

  it('falls back to the offline IP database when the proxy sends no usable country', async () => {
    // The harness's client is behind a loopback proxy (trust proxy): X-Forwarded-For is its address.
    const fromZa = await courses({ 'x-forwarded-for': '41.0.0.1', 'cf-ipcountry': 'XX' });
    expect(fromZa.body.location).toEqual({ country: 'ZA', currency: 'ZAR', error: null });
    const fromUs = await courses({ 'x-forwarded-for': '8.8.8.8' });
    expect(fromUs.body.location).toMatchObject({ country: 'US', currency: 'ZAR', error: null });
  });

  it('falls back to ZA with the error when the lookup fails', async () => {
    const { body } = await courses({ 'x-forwarded-for': '10.1.2.3' });
    expect(body.location).toEqual({ country: 'ZA', currency: 'ZAR', error: 'Unable to determine location' });
    expect(body.currencyNote).toBeNull();
    expect(body.contact.country).toBe('ZA');
  });

  it('serves each course illustration, and 404 for an unknown course', async () => {
    const { body } = await courses({});
    const image = await fetch(`${h.url}${software(body).syllabus.image}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(await image.text()).toContain('Software Engineering');
    // Cached a day (not no-store), so it keeps a validator: a matching If-None-Match gets 304.
    expect(image.headers.get('cache-control')).toBe('public, max-age=86400');
    const etag = image.headers.get('etag');
    expect(etag).toMatch(/^W\/"[A-Za-z0-9_-]+"$/);
    // As a browser revalidates (fetch() would add `cache-control: no-cache` to a conditional request, which forbids a 304).
    const again = await fetch(`${h.url}${software(body).syllabus.image}`, { headers: { 'if-none-match': etag!, 'cache-control': 'max-age=0' } });
    expect(again.status).toBe(304);
    expect((await fetch(`${h.url}/api/public/courses/nope/image.svg`)).status).toBe(404);
  });
});

describe('without a trusted header configured', () => {
  let plain: Harness;
  beforeAll(async () => {
    plain = await startHarness('public-site-plain');
  }, 60_000);
  afterAll(async () => plain?.stop());

  it('ignores a country header a client made up and uses the IP database', async () => {
    const res = await fetch(`${plain.url}/api/public/courses`, { headers: { 'cf-ipcountry': 'ZW', 'x-forwarded-for': '41.0.0.1' } });
    const body = (await res.json()) as PublicCatalogueResponse;
    expect(body.location).toMatchObject({ country: 'ZA', currency: 'ZAR', error: null });
  });
});
