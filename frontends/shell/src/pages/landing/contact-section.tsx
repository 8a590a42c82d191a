import { lazy, Suspense, type RefObject } from 'react';
import type { PublicCatalogueResponse } from '@academy/contracts';
import type { CourseRequest } from './application-form';
import { ContactDetailsList } from './contact-details';
import { CONTACT } from './landing-content';

// The form (react-hook-form, the zod schemas) is not needed to show the page: it loads when the
// visitor comes near it, which keeps the first page's JavaScript small (docs/benchmarks.md, landing).
const ApplicationForm = lazy(() => import('./application-form'));

function FormPlaceholder() {
  return <div className="min-h-[36rem] animate-pulse rounded-xl bg-muted" aria-hidden="true" />;
}

interface ContactSectionProps {
  sectionRef: RefObject<HTMLElement | null>;
  catalogue: PublicCatalogueResponse | undefined;
  /** Load the application form: the visitor is near it, or asked for a course. */
  formWanted: boolean;
  requested: CourseRequest | null;
}

/** The application form beside the academy's contact details. */
export function ContactSection({ sectionRef, catalogue, formWanted, requested }: ContactSectionProps) {
  return (
    <section id="contact" ref={sectionRef} aria-labelledby="contact-title" className="scroll-mt-4 px-4 py-16 sm:px-6">
      <div className="mx-auto grid w-full max-w-6xl gap-10 lg:grid-cols-[2fr_1fr]">
        <div>
          <h2 id="contact-title" className="text-3xl font-bold tracking-tight">
            {CONTACT.title}
          </h2>
          <p className="mt-2 mb-8 text-muted-foreground">{CONTACT.lead}</p>
          {formWanted ? (
            <Suspense fallback={<FormPlaceholder />}>
              <ApplicationForm requested={requested} />
            </Suspense>
          ) : (
            <FormPlaceholder />
          )}
        </div>
        <aside aria-labelledby="contact-details-title" className="rounded-xl border p-6 lg:self-start">
          <h3 id="contact-details-title" className="text-xl font-semibold">
            {CONTACT.detailsTitle}
          </h3>
          {catalogue && <ContactDetailsList catalogue={catalogue} />}
        </aside>
      </div>
    </section>
  );
}
