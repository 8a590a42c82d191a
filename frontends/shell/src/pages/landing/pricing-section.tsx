import { Check } from 'lucide-react';
import { formatMoney, type PublicCatalogueResponse } from '@academy/contracts';
import { buttonVariants, cn } from '@academy/ui';
import { HERO, MOST_POPULAR, PRICING_LEAD, PRICING_TITLE } from './landing-content';
import { LandingSection } from './landing-section';

type Plan = PublicCatalogueResponse['plans'][number];

function PlanCard({ plan: p }: { plan: Plan }) {
  return (
    <li data-testid={`plan-${p.id}`} className={cn('relative flex flex-col rounded-xl border p-6', p.mostPopular && 'border-primary shadow-md')}>
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
  );
}

/** The plans, priced in the visitor's currency once the catalogue has come. */
export function PricingSection({ catalogue }: { catalogue: PublicCatalogueResponse | undefined }) {
  return (
    <LandingSection id="pricing" title={PRICING_TITLE} lead={PRICING_LEAD}>
      <ul className="grid gap-6 md:grid-cols-3">
        {catalogue?.plans.map((p) => (
          <PlanCard key={p.id} plan={p} />
        ))}
      </ul>
      {catalogue?.currencyNote && <p className="mt-4 text-sm text-muted-foreground">{catalogue.currencyNote}</p>}
    </LandingSection>
  );
}
