import { Component, Suspense, lazy, useMemo, useState, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import { ErrorPanel } from '@academy/ui';
import { Splash } from '../components/splash';

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
/** Loads in flight or done, shared by a prefetch and the route that renders the module. */
const loading = new Map<string, Promise<DashboardModule>>();

function loadModule(id: string): Promise<DashboardModule> {
  let promise = loading.get(id);
  if (!promise) {
    promise = (async () => {
      // Imported on first use: the public pages do not pay for the manifest client (and zod).
      const { loadRemoteModule } = await import('./remotes');
      return loadRemoteModule<DashboardModule>(id, failed.has(id));
    })();
    loading.set(id, promise);
    // A failed load stays until a route has shown it (a prefetch's failure is the route's too: its
    // error panel and Retry); the next attempt then re-registers the remote.
    promise.catch(() => failed.add(id));
  }
  return promise;
}

/**
 * Starts downloading a remote's module before its route renders (issue 18 §3): after sign-in, and
 * on a page load under a dashboard, beside the app's own code and the session's refresh instead of
 * after them. Errors are left to the route, which shows them with Retry.
 */
export function prefetchRemote(id: string): void {
  loadModule(id).catch(() => {});
}

function lazyRemote(id: string) {
  let component = loaded.get(id);
  if (!component) {
    const fresh = lazy(async () => {
      try {
        const module = await loadModule(id);
        failed.delete(id);
        return module;
      } catch (error) {
        failed.add(id);
        loading.delete(id);
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

/** A route whose element is a remote's ./Module, loaded on first visit. */
export function RemoteRoute({ id, notFound }: { id: string } & DashboardModuleProps) {
  // Retry bumps the attempt: a new error boundary (key) around a new lazy component.
  const [attempt, setAttempt] = useState(0);
  const Module = useMemo(() => lazyRemote(id), [id, attempt]);
  return (
    <RemoteErrorBoundary key={attempt} onRetry={() => setAttempt((n) => n + 1)}>
      <Suspense fallback={<Splash />}>
        <Module notFound={notFound} />
      </Suspense>
    </RemoteErrorBoundary>
  );
}
