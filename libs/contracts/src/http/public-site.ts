import { z } from 'zod';
import { courseOptionSchema } from './admissions.js';
import { CONTACT_COUNTRIES, CURRENCIES } from '../copy/public-site.js';
import { COURSE_ICON_NAMES } from '../copy/course-icons.js';

// The public site's catalogue (spec §2 courses section and syllabus dialog, §3 static course catalogue
// entry and syllabus entry, §4 location, §9 currency, prices, plans, marketing claims, support hours,
// contact details). Served by the catalog context at GET /api/public/courses with prices already in
// the visitor's currency: the location is decided on the server, never by the browser.

const money = z.object({ amount: z.number().nonnegative(), currency: z.enum(CURRENCIES) });

/** Spec §3 syllabus entry. */
export const syllabusSchema = z.object({
  duration: z.string(),
  audience: z.string(),
  accreditation: z.string(),
  overview: z.string(),
  whatYouLearn: z.array(z.string()),
  outcomes: z.array(z.string()),
  /** The course's icon (spec §3 says emoji: drawn as SVG instead, issue 18 §5). */
  icon: z.enum(COURSE_ICON_NAMES),
  /** Same-origin path of the illustration. */
  image: z.string(),
  /** Its text alternative. */
  imageAlt: z.string(),
  weeklyOutline: z.array(z.object({ week: z.number().int().positive(), title: z.string(), isProject: z.boolean().optional() })),
  certification: z.string(),
});
export type Syllabus = z.infer<typeof syllabusSchema>;

/** Spec §3 static course catalogue entry, with its syllabus and the prices in the visitor's currency. */
export const publicCourseSchema = z.object({
  /** Stable slug (anchors, test ids). */
  id: z.string(),
  title: z.string(),
  duration: z.string(),
  level: z.string(),
  /** Enrolled count, or 'NEW' for a course without a cohort yet. */
  enrolled: z.union([z.number().int().nonnegative(), z.literal('NEW')]),
  monthlyPrice: money,
  /** How many monthly payments the monthly price is for, when the spec says (evening: 6). */
  monthlyPayments: z.number().int().positive().nullable(),
  upfrontPrice: money,
  description: z.string(),
  skills: z.array(z.string()),
  evening: z.boolean(),
  /** The option of the application form's course list that 'Enroll Now' chooses (spec §5). */
  applicationCourse: courseOptionSchema,
  syllabus: syllabusSchema,
});
export type PublicCourse = z.infer<typeof publicCourseSchema>;

export const pricingPlanSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  monthlyPrice: money,
  upfrontPrice: money,
  mostPopular: z.boolean(),
  features: z.array(z.string()),
});
export type PricingPlan = z.infer<typeof pricingPlanSchema>;

export const contactDetailsSchema = z.object({
  country: z.enum(CONTACT_COUNTRIES),
  phone: z.string(),
  email: z.string(),
  address: z.string(),
});
export type ContactDetails = z.infer<typeof contactDetailsSchema>;

export const visitorLocationSchema = z.object({
  /** ISO 3166-1 alpha-2 of the visitor ('ZA' when it could not be determined). */
  country: z.string().length(2),
  currency: z.enum(CURRENCIES),
  /** 'Unable to determine location' when the lookup failed (then country is ZA), else null. */
  error: z.string().nullable(),
});
export type VisitorLocation = z.infer<typeof visitorLocationSchema>;

/** GET /api/public/courses (public) → the catalogue priced for the visitor's country. */
export const publicCatalogueResponseSchema = z.object({
  location: visitorLocationSchema,
  /** PUBLIC_SITE_TEXTS.usdNote when prices are in USD, else null. */
  currencyNote: z.string().nullable(),
  /** The six evening programmes. */
  eveningProgrammes: z.array(publicCourseSchema),
  /** The seven full-time courses. */
  fullTimeCourses: z.array(publicCourseSchema),
  plans: z.array(pricingPlanSchema),
  claims: z.array(z.object({ value: z.string(), label: z.string() })),
  supportHours: z.array(z.object({ days: z.string(), hours: z.string() })),
  contact: contactDetailsSchema,
});
export type PublicCatalogueResponse = z.infer<typeof publicCatalogueResponseSchema>;
