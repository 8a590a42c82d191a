import { PUBLIC_SITE_TEXTS, type PublicCourse } from '@academy/contracts';
import { Button } from '@academy/ui';
import { CountryFlag } from './country-flag';
import { CourseCard } from './course-card';
import { COURSES_TITLE, EVENING_LEAD, EVENING_TITLE, FULL_TIME_LEAD, FULL_TIME_TITLE } from './landing-content';
import { LandingSection } from './landing-section';
import type { CatalogueState } from './use-public-catalogue';

/** Where the visitor was placed and in which currency the prices are; or that it is still being worked out, or failed. */
function LocationStatus({ query }: { query: CatalogueState }) {
  if (query.status === 'pending') {
    return (
      <p role="status" className="text-sm text-muted-foreground">
        {PUBLIC_SITE_TEXTS.detectingLocation}
      </p>
    );
  }
  if (query.status === 'error') {
    return (
      <div role="alert" className="flex flex-wrap items-center gap-3 text-sm">
        <span>{PUBLIC_SITE_TEXTS.catalogueError}</span>
        <Button size="sm" variant="outline" onClick={query.retry}>
          Retry
        </Button>
      </div>
    );
  }
  const { location, currencyNote } = query.data;
  return (
    <div role="status" data-testid="location-status" className="grid gap-1 text-sm">
      <p className="flex items-center gap-2 font-medium">
        <CountryFlag country={location.country} />
        {PUBLIC_SITE_TEXTS.pricesShownIn(location.currency)}
      </p>
      {location.error && <p className="text-muted-foreground">{location.error}</p>}
      {currencyNote && <p className="text-muted-foreground">{currencyNote}</p>}
    </div>
  );
}

interface CourseActions {
  onEnroll: (course: PublicCourse) => void;
  onSyllabus: (course: PublicCourse) => void;
}

function CourseGroup({ title, lead, courses, onEnroll, onSyllabus }: { title: string; lead: string; courses: PublicCourse[] } & CourseActions) {
  const id = title.toLowerCase().replace(/[^a-z]+/g, '-');
  return (
    <section aria-labelledby={id} className="mt-10">
      <h3 id={id} className="text-2xl font-semibold">
        {title}
      </h3>
      <p className="mt-1 text-muted-foreground">{lead}</p>
      <div className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {courses.map((c) => (
          <CourseCard key={c.id} course={c} onEnroll={onEnroll} onSyllabus={onSyllabus} />
        ))}
      </div>
    </section>
  );
}

/** The catalogue: evening programmes and full-time courses, priced for where the visitor is. */
export function CoursesSection({ query, onEnroll, onSyllabus }: { query: CatalogueState } & CourseActions) {
  const catalogue = query.status === 'success' ? query.data : undefined;
  return (
    <LandingSection id="courses" title={COURSES_TITLE} className="bg-muted/40">
      <LocationStatus query={query} />
      {catalogue && (
        <>
          <CourseGroup title={EVENING_TITLE} lead={EVENING_LEAD} courses={catalogue.eveningProgrammes} onEnroll={onEnroll} onSyllabus={onSyllabus} />
          <CourseGroup title={FULL_TIME_TITLE} lead={FULL_TIME_LEAD} courses={catalogue.fullTimeCourses} onEnroll={onEnroll} onSyllabus={onSyllabus} />
        </>
      )}
    </LandingSection>
  );
}
