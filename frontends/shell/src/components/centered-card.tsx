import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

/** The public screens' layout: the product name above one centred column. */
export function PublicScreen({ children }: { children: ReactNode }) {
  return (
    <main className="flex min-h-svh flex-col items-center justify-center gap-6 bg-muted/40 px-4 py-10">
      <Link to="/" className="flex items-center gap-2 text-lg font-semibold tracking-tight">
        <img src="/favicon.svg" alt="" className="size-7" />
        Academy
      </Link>
      <div className="w-full max-w-md">{children}</div>
    </main>
  );
}
