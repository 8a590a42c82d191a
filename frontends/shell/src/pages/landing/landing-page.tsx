import { lazy, Suspense, useRef, useState } from 'react';
import { MessageCircle } from 'lucide-react';
import type { PublicCourse } from '@academy/contracts';
import { Button } from '@academy/ui';
import { AboutSection } from './about-section';
import type { CourseRequest } from './application-form';
import { BenefitsSection } from './benefits-section';
import { ContactSection } from './contact-section';
import { CoursesSection } from './courses-section';
import { Hero } from './hero';
import { QUICK_CONTACT } from './landing-content';
import { LandingFooter } from './landing-footer';
import { PartnersSection } from './partners-section';
import { PricingSection } from './pricing-section';
import { TestimonialsSection } from './testimonials-section';
import { useNearViewport } from './use-near-viewport';
import { usePublicCatalogue } from './use-public-catalogue';

// The dialogs (Radix) and the toaster are not needed to show the page: they load when a visitor
// opens a dialog or a form may toast, which keeps the first page's JavaScript small (docs/benchmarks.md, landing).
const SyllabusDialog = lazy(() => import('./syllabus-dialog'));
const QuickContactDialog = lazy(() => import('./quick-contact-dialog'));
const PageToaster = lazy(() => import('./page-toaster'));

/**
 * `/`: the marketing landing page (spec §2), every section in the spec's order. `standalone` when it
 * is the whole app (bootstrap.tsx): it then brings its own toasts, once a form may need them.
 */
export function LandingPage({ standalone = false }: { standalone?: boolean }) {
  const catalogueQuery = usePublicCatalogue();
  const catalogue = catalogueQuery.status === 'success' ? catalogueQuery.data : undefined;
  const [syllabusOf, setSyllabusOf] = useState<PublicCourse | null>(null);
  const [quickContactOpen, setQuickContactOpen] = useState(false);
  const [requested, setRequested] = useState<CourseRequest | null>(null);
  const contactRef = useRef<HTMLElement>(null);
  // The dialogs mount only while open (they are lazy), so Radix cannot give the focus back to what
  // opened them: this does.
  const opener = useRef<HTMLElement | null>(null);
  const rememberOpener = () => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  };
  const restoreFocus = () => requestAnimationFrame(() => opener.current?.focus());
  const openSyllabus = (course: PublicCourse) => {
    rememberOpener();
    setSyllabusOf(course);
  };
  const formNear = useNearViewport(contactRef, '600px');
  // Mounted once a form may toast, then kept: a toast outlives the dialog that raised it.
  const [toasterOn, setToasterOn] = useState(false);
  if (standalone && !toasterOn && (formNear || requested || quickContactOpen)) setToasterOn(true);

  const enroll = (course: PublicCourse) => {
    setRequested({ course: course.applicationCourse, at: Date.now() });
    contactRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };

  return (
    <div className="min-h-svh overflow-x-clip">
      <Hero catalogue={catalogue} />
      <main>
        <BenefitsSection />
        <CoursesSection query={catalogueQuery} onEnroll={enroll} onSyllabus={openSyllabus} />
        <AboutSection />
        <TestimonialsSection />
        <PricingSection catalogue={catalogue} />
        <PartnersSection />
        <ContactSection sectionRef={contactRef} catalogue={catalogue} formWanted={formNear || requested !== null} requested={requested} />
      </main>
      <LandingFooter catalogue={catalogue} />

      <Button
        size="lg"
        className="fixed right-4 bottom-4 z-40 rounded-full shadow-lg"
        onClick={() => {
          rememberOpener();
          setQuickContactOpen(true);
        }}
      >
        <MessageCircle aria-hidden="true" />
        {QUICK_CONTACT.title}
      </Button>

      <Suspense fallback={null}>
        {syllabusOf && (
          <SyllabusDialog
            course={syllabusOf}
            onClose={() => {
              setSyllabusOf(null);
              restoreFocus();
            }}
          />
        )}
        {toasterOn && <PageToaster />}
        {quickContactOpen && (
          <QuickContactDialog
            onClose={() => {
              setQuickContactOpen(false);
              restoreFocus();
            }}
          />
        )}
      </Suspense>
    </div>
  );
}
