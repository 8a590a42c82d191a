import { Component, Suspense, lazy, useMemo, useState, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import { LoaderCircle } from 'lucide-react';
import { ErrorPanel } from '@academy/ui';

/** What a dashboard remote's ./Module default-exports: its routes, under /dashboard/<role>/*. */
export interface DashboardModuleProps {
  /** The shell's 404 page, for paths under the dashboard that the remote does not know. */
  notFound: ReactNode;
}
type DashboardModule = { default: ComponentType<DashboardModuleProps> };

// One lazy component per remote module, kept across visits so that coming back to a dashboard does
// not suspend again. A failed one is dropped, and the next attempt re-registers the remote.
const loaded = new Map<string, LazyExoticComponent<ComponentType<DashboardModuleProps>>>();
const failed = new Set<string>();

function lazyRemote(id: string) {
  let component = loaded.get(id);
  if (!component) {
    const fresh = lazy(async () => {
      try {
        // Imported on first use: the public pages do not pay for the manifest client (and zod).
        const { loadRemoteModule } = await import('./remotes');
        const module = await loadRemoteModule<DashboardModule>(id, failed.has(id));
        failed.delete(id);
        return module;
      } catch (error) {
        failed.add(id);
        if (loaded.get(id) === fresh) loaded.delete(id);
        throw error;
      }
    });
    loaded.set(id, fresh);
    component = fresh;
  }
  return component;
}

interface BoundaryProps {
  onRetry: () => void;
  children: ReactNode;
}

/** Catches a remote that fails to load or throws while rendering: the page never goes blank. */
class RemoteErrorBoundary extends Component<BoundaryProps, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <main className="flex min-h-svh items-center justify-center p-6">
        <ErrorPanel title="This part of the academy could not be loaded." message={this.state.error.message} onRetry={this.props.onRetry} />
      </main>
    );
  }
}

function Loading() {
  return (
    <main className="flex min-h-svh items-center justify-center gap-2 text-muted-foreground" role="status">
      <LoaderCircle aria-hidden="true" className="size-5 animate-spin" />
      Loading…
    </main>
  );
}

/** A route whose element is a remote's ./Module, loaded on first visit. */
export function RemoteRoute({ id, notFound }: { id: string } & DashboardModuleProps) {
  // Retry bumps the attempt: a new error boundary (key) around a new lazy component.
  const [attempt, setAttempt] = useState(0);
  const Module = useMemo(() => lazyRemote(id), [id, attempt]);
  return (
    <RemoteErrorBoundary key={attempt} onRetry={() => setAttempt((n) => n + 1)}>
      <Suspense fallback={<Loading />}>
        <Module notFound={notFound} />
      </Suspense>
    </RemoteErrorBoundary>
  );
}
