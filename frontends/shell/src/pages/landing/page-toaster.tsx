import { Toaster } from '@academy/ui';

/** The toasts of the landing page when it runs alone (the full app has its own <Toaster />). */
export default function PageToaster() {
  return <Toaster />;
}
