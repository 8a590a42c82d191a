import { Link } from 'react-router-dom';
import { buttonVariants } from '@academy/ui';

// A plain placeholder for the landing page of the spec (hero, courses, pricing...), which comes later.
export function HomePage() {
  return (
    <div className="flex min-h-svh flex-col">
      <header className="border-b">
        <nav className="mx-auto flex h-16 w-full max-w-5xl items-center px-6">
          <Link to="/" className="flex items-center gap-2 text-lg font-semibold tracking-tight">
            <img src="/favicon.svg" alt="" className="size-7" />
            Academy
          </Link>
        </nav>
      </header>
      <main className="mx-auto flex w-full max-w-5xl flex-1 flex-col justify-center gap-6 px-6 py-16">
        <h1 className="text-4xl font-bold tracking-tight sm:text-5xl">Academy</h1>
        <p className="max-w-2xl text-lg text-muted-foreground">
          Practical tech training: evening programmes and full-time courses, weekly lessons, real projects and feedback from
          your teachers.
        </p>
        <div>
          <Link to="/auth" className={buttonVariants({ size: 'lg' })}>
            Login
          </Link>
        </div>
      </main>
    </div>
  );
}
