import type { ReactNode } from 'react';
import { cn } from '@academy/ui';

/** A section of the landing page under its h2 (and lead); its id is where the page's links point. */
export function LandingSection({ id, title, lead, children, className }: { id?: string; title: string; lead?: string; children: ReactNode; className?: string }) {
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
