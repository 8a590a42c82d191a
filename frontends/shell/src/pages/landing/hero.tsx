import type { PublicCatalogueResponse } from '@academy/contracts';
import { buttonVariants, ThemeToggle } from '@academy/ui';
import { HERO, NAV_LINKS } from './landing-content';

const CLAIM_PLACEHOLDERS = Array.from({ length: 5 }, () => ({ value: '\u00a0', label: '' }));

function MainNav() {
  return (
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
  );
}

/** The claims in figures; until they arrive, invisible stand-ins of the same shape keep their space. */
function Claims({ catalogue }: { catalogue: PublicCatalogueResponse | undefined }) {
  return (
    // The spec's five (§9): the prerendered page does not jump when they come; on a phone they take three rows.
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
  );
}

/** The page's header: the main navigation, the title with its two calls to action, and the claims. */
export function Hero({ catalogue }: { catalogue: PublicCatalogueResponse | undefined }) {
  return (
    <header className="bg-gradient-to-b from-primary/10 to-background">
      <MainNav />
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
        <Claims catalogue={catalogue} />
      </div>
    </header>
  );
}
