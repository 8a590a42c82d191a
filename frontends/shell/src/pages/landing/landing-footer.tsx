import type { PublicCatalogueResponse } from '@academy/contracts';
import { ContactDetailsList } from './contact-details';
import { FOOTER } from './landing-content';

export function LandingFooter({ catalogue }: { catalogue: PublicCatalogueResponse | undefined }) {
  return (
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
  );
}
