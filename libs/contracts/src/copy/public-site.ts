
// The public site's texts, currency rules and price formatting, without zod: the landing page's first
// JavaScript imports only this (the package is side-effect free, so the schemas stay out of it).

export const PUBLIC_SITE_TEXTS = {
  detectingLocation: 'Detecting location...',
  /** Shown once the server answered: 'Prices shown in USD'. */
  pricesShownIn: (currency: Currency) => `Prices shown in ${currency}`,
  locationError: 'Unable to determine location',
  /** Shown beside USD prices (spec §9: "with a note shown when USD"). */
  usdNote: 'Prices are converted from South African rand at 1 USD = R17.5 and rounded to whole dollars.',
  catalogueError: 'Unable to load the courses. Please refresh the page.',
  enrollNow: 'Enroll Now',
  viewSyllabus: 'View Syllabus',
  learnMore: 'Learn More',
  newBadge: 'NEW',
} as const;

export const CURRENCIES = ['ZAR', 'USD'] as const;
export type Currency = (typeof CURRENCIES)[number];
/** Spec §9: 1 USD = R17.5. */
export const ZAR_PER_USD = 17.5;
/** The countries whose contact details differ (spec §9); any other country is served ZA's. */
export const CONTACT_COUNTRIES = ['ZA', 'ZW'] as const;
export type ContactCountry = (typeof CONTACT_COUNTRIES)[number];
/** A price in one currency. */
export interface Money {
  amount: number;
  currency: Currency;
}

/** Price in the visitor's currency: R17.5 to the dollar, rounded to whole dollars (spec §9). */
export function convertFromZar(zar: number, currency: Currency): Money {
  return currency === 'USD' ? { amount: Math.round(zar / ZAR_PER_USD), currency } : { amount: zar, currency };
}

/** 'R3,625.50', 'R4,000', '$207': cents only when there are some (the spec writes R4,000 and R2,550.05). */
export function formatMoney(money: Money): string {
  const cents = !Number.isInteger(money.amount);
  // Two formatters made once: toLocaleString with options builds a new one per call, which is slow.
  wholeFormat ??= new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
  centsFormat ??= new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return `${money.currency === 'USD' ? '$' : 'R'}${(cents ? centsFormat : wholeFormat).format(money.amount)}`;
}
let wholeFormat: Intl.NumberFormat | undefined;
let centsFormat: Intl.NumberFormat | undefined;
