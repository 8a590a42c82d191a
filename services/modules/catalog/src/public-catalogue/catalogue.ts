import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { pricingPlanSchema, publicCatalogueResponseSchema, publicCourseSchema, type Syllabus, syllabusSchema } from '@academy/contracts';

// The public site's catalogue (spec §2 courses section, §3 catalogue and syllabus entries, §9 prices,
// plans, marketing claims, support hours) is content: catalogue.json beside this file, which content
// editors change without touching code. It is read and checked once, when this module loads at the
// start of the API, so a malformed edit stops the start with the field named instead of failing a
// visitor's request. Prices are in rand exactly as spec §9 lists them; public-catalogue.ts converts
// them to the visitor's currency. The spec does not name the six evening programmes: they are evening
// tracks of the academy's own subjects.

const zar = z.number().nonnegative();

/** Week numbers in order, the ones listed in `projectWeeks` flagged as project weeks. */
function outline(weeks: string[], projectWeeks: number[]): Syllabus['weeklyOutline'] {
  return weeks.map((title, i) => (projectWeeks.includes(i + 1) ? { week: i + 1, title, isProject: true } : { week: i + 1, title }));
}

/** A syllabus as stored: its weeks' titles in order and which week numbers are project weeks; no image (drawn per course). */
const storedSyllabusSchema = syllabusSchema
  .omit({ image: true, imageAlt: true, weeklyOutline: true })
  .extend({ weeks: z.array(z.string()).min(1), projectWeeks: z.array(z.number().int().positive()) })
  .strict()
  .refine((s) => s.projectWeeks.every((w) => w <= s.weeks.length), { path: ['projectWeeks'], message: 'A project week must be one of the weeks' })
  .transform(({ weeks, projectWeeks, ...syllabus }) => ({ ...syllabus, weeklyOutline: outline(weeks, projectWeeks) }));

/** A catalogue entry as stored: prices in ZAR. Strict, so that a misspelt field is an error, not a default served silently. */
const storedCourseSchema = publicCourseSchema
  .omit({ monthlyPrice: true, upfrontPrice: true, syllabus: true })
  .extend({ monthlyZar: zar, upfrontZar: zar, syllabus: storedSyllabusSchema })
  .strict();
export type CatalogueCourse = z.output<typeof storedCourseSchema>;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A group's `defaults` fill in what each of its courses leaves out, the syllabus field by field. */
function withDefaults(group: unknown): unknown {
  if (!isRecord(group) || !Array.isArray(group.courses)) return group;
  const defaults = isRecord(group.defaults) ? group.defaults : {};
  const syllabus = isRecord(defaults.syllabus) ? defaults.syllabus : {};
  const courses = group.courses.map((c: unknown) => (isRecord(c) ? { ...defaults, ...c, syllabus: { ...syllabus, ...(isRecord(c.syllabus) ? c.syllabus : {}) } } : c));
  return { ...group, courses };
}
const courseGroupSchema = z
  .preprocess(withDefaults, z.object({ defaults: z.record(z.string(), z.unknown()).optional(), courses: z.array(storedCourseSchema) }).strict())
  .transform((group) => group.courses);

const catalogueFileSchema = z
  .object({
    eveningProgrammes: courseGroupSchema,
    fullTimeCourses: courseGroupSchema,
    plans: z.array(pricingPlanSchema.omit({ monthlyPrice: true, upfrontPrice: true }).extend({ monthlyZar: zar, upfrontZar: zar }).strict()),
    claims: publicCatalogueResponseSchema.shape.claims,
    supportHours: publicCatalogueResponseSchema.shape.supportHours,
  })
  .strict();
export type Catalogue = z.output<typeof catalogueFileSchema>;

/** The catalogue from the file's parsed JSON; throws naming every field that is wrong. */
export function parseCatalogue(json: unknown, file = 'catalogue.json'): Catalogue {
  const result = catalogueFileSchema.safeParse(json);
  if (!result.success) throw new Error(`${file} is not a valid catalogue:\n${z.prettifyError(result.error)}`);
  return result.data;
}

function loadCatalogue(file: URL): Catalogue {
  const path = fileURLToPath(file);
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`${path} is not JSON: ${(error as Error).message}`, { cause: error });
  }
  return parseCatalogue(json, path);
}

export const CATALOGUE = loadCatalogue(new URL('catalogue.json', import.meta.url));
