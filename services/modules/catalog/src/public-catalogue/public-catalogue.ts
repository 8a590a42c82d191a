import {
  type ContactCountry,
  type ContactDetails,
  convertFromZar,
  type Currency,
  PUBLIC_SITE_TEXTS,
  type PublicCatalogueResponse,
  type PublicCourse,
} from '@academy/contracts';
import { CATALOGUE, type CatalogueCourse } from './catalogue.js';

/** Where the visitor is, as the server decided it; null when neither the proxy header nor the IP database knew. */
export type DetectedCountry = string | null;

/** Spec §4 location: ZA and ZAR by default, USD for ZW, ZAR for any other country, ZA with an error on failure. */
export function visitorLocation(detected: DetectedCountry): PublicCatalogueResponse['location'] {
  const country = detected ?? 'ZA';
  const currency: Currency = country === 'ZW' ? 'USD' : 'ZAR';
  return { country, currency, error: detected ? null : PUBLIC_SITE_TEXTS.locationError };
}

/** The same-origin illustration of a course's syllabus (served by the public courses controller). */
export const courseImagePath = (id: string) => `/api/public/courses/${id}/image.svg`;

function priced(course: CatalogueCourse, currency: Currency): PublicCourse {
  const { monthlyZar, upfrontZar, syllabus, ...rest } = course;
  return {
    ...rest,
    monthlyPrice: convertFromZar(monthlyZar, currency),
    upfrontPrice: convertFromZar(upfrontZar, currency),
    syllabus: { ...syllabus, image: courseImagePath(course.id), imageAlt: course.title },
  };
}

/** The whole public catalogue priced for a detected country, with that country's contact details. */
export function publicCatalogue(detected: DetectedCountry, contacts: Record<ContactCountry, ContactDetails>): PublicCatalogueResponse {
  const location = visitorLocation(detected);
  const { currency } = location;
  return {
    location,
    currencyNote: currency === 'USD' ? PUBLIC_SITE_TEXTS.usdNote : null,
    eveningProgrammes: CATALOGUE.eveningProgrammes.map((c) => priced(c, currency)),
    fullTimeCourses: CATALOGUE.fullTimeCourses.map((c) => priced(c, currency)),
    plans: CATALOGUE.plans.map(({ monthlyZar, upfrontZar, ...plan }) => ({
      ...plan,
      monthlyPrice: convertFromZar(monthlyZar, currency),
      upfrontPrice: convertFromZar(upfrontZar, currency),
    })),
    claims: CATALOGUE.claims,
    supportHours: CATALOGUE.supportHours,
    contact: contacts[location.country === 'ZW' ? 'ZW' : 'ZA'],
  };
}

/** A catalogue entry by id (for its illustration). */
export function catalogueCourse(id: string): CatalogueCourse | undefined {
  return [...CATALOGUE.eveningProgrammes, ...CATALOGUE.fullTimeCourses].find((c) => c.id === id);
}
