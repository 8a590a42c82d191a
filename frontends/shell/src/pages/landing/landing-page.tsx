import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { Award, Briefcase, CalendarClock, Check, GraduationCap, Hammer, MessageCircle, Users } from 'lucide-react';
import { formatMoney, PUBLIC_SITE_TEXTS, type PublicCatalogueResponse, type PublicCourse } from '@academy/contracts';
import { Button, buttonVariants, cn, ThemeToggle } from '@academy/ui';
import { CountryFlag } from './country-flag';
import { CourseCard } from './course-card';
import type { CourseRequest } from './application-form';
import {
  ABOUT,
  BENEFITS,
  BENEFITS_TITLE,
  CONTACT,
  COURSES_TITLE,
  EVENING_LEAD,
  EVENING_TITLE,
  FOOTER,
  FULL_TIME_LEAD,
  FULL_TIME_TITLE,
  HERO,
  MOST_POPULAR,
  NAV_LINKS,
  PARTNERS,
  PARTNERS_LEAD,
  PARTNERS_TITLE,
  PRICING_LEAD,
  PRICING_TITLE,
  QUICK_CONTACT,
  TESTIMONIALS,
  TESTIMONIALS_TITLE,
} from './landing-content';
import { type CatalogueState, usePublicCatalogue } from './use-public-catalogue';

// The forms (react-hook-form, the zod schemas) and the dialogs (Radix) are not needed to show the
// page: they load when the visitor comes near the form or opens a dialog, which keeps the first
// page's JavaScript small (docs/benchmarks.md, landing).
const ApplicationForm = lazy(() => import('./application-form'));
const SyllabusDialog = lazy(() => import('./syllabus-dialog'));
const QuickContactDialog = lazy(() => import('./quick-contact-dialog'));
const PageToaster = lazy(() => import('./page-toaster'));

const CLAIM_PLACEHOLDERS = Array.from({ length: 5 }, () => ({ value: '\u00a0', label: '' }));

const BENEFIT_ICONS = [GraduationCap, Users, CalendarClock, Hammer, Briefcase, Award];

/** True once `ref` comes within `margin` of the viewport (and stays true). */
function useNearViewport(ref: React.RefObject<HTMLElement | null>, margin: string): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el || near) return;
    if (typeof IntersectionObserver === 'undefined') return setNear(true);
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), { rootMargin: margin });
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref, margin, near]);
  return near;
}

function Section({ id, title, lead, children, className }: { id?: string; title: string; lead?: string; children: ReactNode; className?: string }) {
  const headingId = `${id ?? title.toLowerCase().replace(/[^a-z]+/g, '-')}-title`;
  return (
    // Sections below the fold skip style, layout and paint until they come near (content-visibility).
    <section id={id} aria-labelledby={headingId} className={cn('scroll-mt-4 px-4 py-16 [contain-intrinsic-size:auto_900px] [content-visibility:auto] sm:px-6', className)}>
      <div className="mx-auto w-full max-w-6xl">
        <h2 id={headingId} className="text-3xl font-bold tracking-tight">
          {title}
        </h2>
        {lead && <p className="mt-2 max-w-3xl text-muted-foreground">{lead}</p>}
        <div className="mt-8">{children}</div>
      </div>
    </section>
  );
}

function Hero({ catalogue }: { catalogue: PublicCatalogueResponse | undefined }) {
  return (
    <header className="bg-gradient-to-b from-primary/10 to-background">
      <nav aria-label="Main" className="mx-auto flex w-full max-w-6xl flex-wrap items-center justify-between gap-x-6 gap-y-2 px-4 py-4 sm:px-6">
        <a href="#top" className="flex items-center gap-2 text-lg font-semibold tracking-tight">
          <img src="/favicon.svg" alt="" width={28} height={28} className="size-7" />
          Academy
        </a>
        <ul className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
          {NAV_LINKS.map((l) => (
            <li key={l.href}>
              <a href={l.href} className="rounded-sm py-1 hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none">
                {l.label}
              </a>
            </li>
          ))}
          <li>
            <ThemeToggle />
          </li>
          <li>
            {/* A page load, not a client-side link: the landing page may run without the router. */}
            <a href="/auth" className={buttonVariants({ size: 'sm' })}>
              Login
            </a>
          </li>
        </ul>
      </nav>
      <div id="top" className="mx-auto w-full max-w-6xl px-4 pt-12 pb-16 sm:px-6 sm:pt-20">
        <h1 className="max-w-3xl text-4xl font-bold tracking-tight sm:text-5xl">{HERO.title}</h1>
        <p className="mt-4 max-w-2xl text-lg text-muted-foreground">{HERO.lead}</p>
        <div className="mt-8 flex flex-wrap gap-3">
          <a href="#contact" className={buttonVariants({ size: 'lg' })}>
            {HERO.apply}
          </a>
          <a href="#courses" className={buttonVariants({ size: 'lg', variant: 'outline' })}>
            {HERO.browse}
          </a>
        </div>
        {/* Until the claims arrive, invisible stand-ins of the same shape keep their space (the spec's five,
            §9), so the prerendered page does not jump when they come: on a phone they take three rows. */}
        <dl className="mt-12 grid min-h-16 grid-cols-2 gap-6 sm:grid-cols-5" aria-label="The academy in figures">
          {(catalogue?.claims ?? CLAIM_PLACEHOLDERS).map((c, i) => (
            <div key={c.label || i} className={catalogue ? undefined : 'invisible'} aria-hidden={catalogue ? undefined : true}>
              <dt className="sr-only">{c.label}</dt>
              <dd>
                <span className="block text-3xl font-bold">{c.value}</span>
                <span aria-hidden="true" className="text-sm text-muted-foreground">
                  {c.label || '\u00a0'}
                </span>
              </dd>
            </div>
          ))}
        </dl>
      </div>
    </header>
  );
}

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

function CourseGroup({ title, lead, courses, onEnroll, onSyllabus }: { title: string; lead: string; courses: PublicCourse[]; onEnroll: (c: PublicCourse) => void; onSyllabus: (c: PublicCourse) => void }) {
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

function FormPlaceholder() {
  return <div className="min-h-[36rem] animate-pulse rounded-xl bg-muted" aria-hidden="true" />;
}

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
        <Section title={BENEFITS_TITLE} id="why-choose-us">
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {BENEFITS.map((b, i) => {
              const Icon = BENEFIT_ICONS[i];
              return (
                <li key={b.title} className="rounded-xl border p-5">
                  <Icon aria-hidden="true" className="size-6 text-primary" />
                  <h3 className="mt-3 font-semibold">{b.title}</h3>
                  <p className="mt-1 text-sm text-muted-foreground">{b.text}</p>
                </li>
              );
            })}
          </ul>
        </Section>

        <Section id="courses" title={COURSES_TITLE} className="bg-muted/40">
          <LocationStatus query={catalogueQuery} />
          {catalogue && (
            <>
              <CourseGroup title={EVENING_TITLE} lead={EVENING_LEAD} courses={catalogue.eveningProgrammes} onEnroll={enroll} onSyllabus={openSyllabus} />
              <CourseGroup title={FULL_TIME_TITLE} lead={FULL_TIME_LEAD} courses={catalogue.fullTimeCourses} onEnroll={enroll} onSyllabus={openSyllabus} />
            </>
          )}
        </Section>

        <Section id="about" title={ABOUT.title}>
          <div className="grid max-w-3xl gap-4">
            {ABOUT.paragraphs.map((p) => (
              <p key={p.slice(0, 20)}>{p}</p>
            ))}
          </div>
        </Section>

        <Section title={TESTIMONIALS_TITLE} id="testimonials" className="bg-muted/40">
          <ul className="grid gap-6 md:grid-cols-3">
            {TESTIMONIALS.map((t) => (
              <li key={t.name}>
                <figure className="h-full rounded-xl border bg-card p-5">
                  <blockquote className="text-sm">“{t.quote}”</blockquote>
                  <figcaption className="mt-4 text-sm">
                    <span className="font-semibold">{t.name}</span>
                    <span className="block text-muted-foreground">{t.role}</span>
                  </figcaption>
                </figure>
              </li>
            ))}
          </ul>
        </Section>

        <Section id="pricing" title={PRICING_TITLE} lead={PRICING_LEAD}>
          <ul className="grid gap-6 md:grid-cols-3">
            {catalogue?.plans.map((p) => (
              <li key={p.id} data-testid={`plan-${p.id}`} className={cn('relative flex flex-col rounded-xl border p-6', p.mostPopular && 'border-primary shadow-md')}>
                {p.mostPopular && <span className="absolute -top-3 left-6 rounded-full bg-primary px-3 py-0.5 text-xs font-semibold text-primary-foreground">{MOST_POPULAR}</span>}
                <h3 className="text-xl font-semibold">{p.name}</h3>
                <p className="mt-1 text-sm text-muted-foreground">{p.description}</p>
                <p className="mt-4">
                  <span className="text-3xl font-bold">{formatMoney(p.monthlyPrice)}</span>
                  <span className="text-sm text-muted-foreground">/month</span>
                </p>
                <p className="text-sm text-muted-foreground">or {formatMoney(p.upfrontPrice)} upfront</p>
                <ul className="mt-4 grid gap-2 text-sm">
                  {p.features.map((f) => (
                    <li key={f} className="flex gap-2">
                      <Check aria-hidden="true" className="size-4 shrink-0 text-primary" />
                      {f}
                    </li>
                  ))}
                </ul>
                <a href="#contact" className={cn(buttonVariants({ variant: p.mostPopular ? 'default' : 'outline' }), 'mt-6')}>
                  {HERO.apply}
                </a>
              </li>
            ))}
          </ul>
          {catalogue?.currencyNote && <p className="mt-4 text-sm text-muted-foreground">{catalogue.currencyNote}</p>}
        </Section>

        <Section title={PARTNERS_TITLE} lead={PARTNERS_LEAD} id="partners" className="bg-muted/40">
          <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-6">
            {PARTNERS.map((p) => (
              <li key={p} className="flex min-h-16 items-center justify-center rounded-lg border bg-card p-3 text-center text-sm font-semibold text-muted-foreground">
                {p}
              </li>
            ))}
          </ul>
        </Section>

        <section id="contact" ref={contactRef} aria-labelledby="contact-title" className="scroll-mt-4 px-4 py-16 sm:px-6">
          <div className="mx-auto grid w-full max-w-6xl gap-10 lg:grid-cols-[2fr_1fr]">
            <div>
              <h2 id="contact-title" className="text-3xl font-bold tracking-tight">
                {CONTACT.title}
              </h2>
              <p className="mt-2 mb-8 text-muted-foreground">{CONTACT.lead}</p>
              {formNear || requested ? (
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
      </main>

      <footer className="border-t bg-muted/40 px-4 py-10 sm:px-6">
        <div className="mx-auto grid w-full max-w-6xl gap-8 sm:grid-cols-3">
          <div>
            <p className="text-lg font-semibold">Academy</p>
            <p className="mt-2 text-sm text-muted-foreground">
              © {new Date().getFullYear()} Academy. {FOOTER.rights}
            </p>
            <p className="mt-2 text-xs text-muted-foreground">{FOOTER.geoAttribution}</p>
          </div>
          <div>
            <h2 className="font-semibold">{FOOTER.supportHours}</h2>
            <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm" data-testid="support-hours">
              {catalogue?.supportHours.map((h) => (
                <div key={h.days} className="contents">
                  <dt>{h.days}</dt>
                  <dd>{h.hours}</dd>
                </div>
              ))}
            </dl>
          </div>
          <div>
            <h2 className="font-semibold">{FOOTER.contact}</h2>
            {catalogue && <ContactDetailsList catalogue={catalogue} testId="footer-contact" />}
          </div>
        </div>
      </footer>

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

function ContactDetailsList({ catalogue, testId }: { catalogue: PublicCatalogueResponse; testId?: string }) {
  const { contact } = catalogue;
  return (
    <ul className="mt-2 grid gap-1 text-sm break-words" data-testid={testId}>
      <li>
        <a className="hover:underline" href={`tel:${contact.phone.replace(/\s+/g, '')}`}>
          {contact.phone}
        </a>
      </li>
      <li>
        <a className="hover:underline" href={`mailto:${contact.email}`}>
          {contact.email}
        </a>
      </li>
      <li>{contact.address}</li>
    </ul>
  );
}
