// `/` is the landing page (spec §2); it lives in ./landing with its sections, forms and dialogs.
export { LandingPage as HomePage } from './landing/landing-page';
