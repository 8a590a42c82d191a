// The landing page's own copy (spec §2 landing sections the spec leaves unworded: hero, why choose us,
// about, testimonials, partners). The catalogue, prices, plans, marketing claims, support hours and
// contact details are not here: they come from GET /api/public/courses (the catalog context's data).

export const NAV_LINKS = [
  { href: '#courses', label: 'Courses' },
  { href: '#about', label: 'About' },
  { href: '#pricing', label: 'Pricing' },
  { href: '#contact', label: 'Contact' },
] as const;

export const HERO = {
  title: 'Launch your career in tech',
  lead: 'Practical evening programmes and full-time courses in software, web, IT support and product, taught live by people who work in the industry. Study from South Africa, Zimbabwe or anywhere online.',
  apply: 'Apply Now',
  browse: 'Explore Courses',
};

export const BENEFITS_TITLE = 'Why Choose Us';
export const BENEFITS = [
  { title: 'Industry-relevant curriculum', text: 'Courses built with hiring partners around the skills employers ask for today.' },
  { title: 'Expert instructors', text: 'Learn from working engineers, support technicians and product managers.' },
  { title: 'Flexible schedules', text: 'Evening programmes of one hour a day, or full-time days with eight hours of support.' },
  { title: 'Hands-on projects', text: 'Daily tasks and a capstone project every week, reviewed with written feedback.' },
  { title: 'Career support', text: 'Portfolio reviews, interview practice and introductions to our partners.' },
  { title: 'Recognised certificates', text: 'Finish with a certificate and a GitHub portfolio that shows what you can do.' },
] as const;

export const COURSES_TITLE = 'Our Courses';
export const EVENING_TITLE = 'Evening Programmes';
export const EVENING_LEAD = 'Study after work: Monday to Friday, one hour each evening.';
export const FULL_TIME_TITLE = 'Full-Time Courses';
export const FULL_TIME_LEAD = 'Immersive daytime courses: a one-hour lecture and eight hours of support, Monday to Friday.';

export const ABOUT = {
  title: 'About the Academy',
  paragraphs: [
    'We are a tech-training academy for school leavers, career changers and young learners in South Africa and Zimbabwe. Our 20-week programmes combine live lessons with daily practice, so that every week ends with something real you have built.',
    'Students submit their work from GitHub and get it graded by their teachers, with feedback they can act on. Our admissions team helps you choose the course that suits your goals and your schedule.',
  ],
};

export const TESTIMONIALS_TITLE = 'What Our Students Say';
export const TESTIMONIALS = [
  { quote: 'The weekly capstones made me build things I could show in interviews. I started as a junior developer two weeks after finishing.', name: 'Thandiwe M.', role: 'Software Engineering graduate, Johannesburg' },
  { quote: 'I kept my day job and studied in the evenings. One hour a day was enough to change careers.', name: 'Tatenda C.', role: 'Evening Front-End Web Development, Harare' },
  { quote: 'My daughter built her first game in three weeks and has not stopped coding since.', name: 'Sipho D.', role: 'Parent of a CodeStars learner, Cape Town' },
] as const;

export const PRICING_TITLE = 'Pricing Plans';
export const PRICING_LEAD = 'Pay monthly or save by paying upfront.';
export const MOST_POPULAR = 'Most Popular';

export const PARTNERS_TITLE = 'Our Partners';
export const PARTNERS_LEAD = 'Companies that help shape our courses and hire our graduates.';
export const PARTNERS = ['Kopano Digital', 'Zambezi Networks', 'Cape Cloud Labs', 'Limpopo Systems', 'Ubuntu Fintech', 'Harare Tech Hub'] as const;

export const CONTACT = {
  title: 'Apply or Get in Touch',
  lead: 'Tell us about yourself and the course you are interested in: our admissions team will contact you.',
  formTitle: 'Application Form',
  submit: 'Submit Application',
  coursePlaceholder: 'Select a course',
  detailsTitle: 'Contact Details',
};

export const FOOTER = {
  supportHours: 'Support Hours',
  contact: 'Contact',
  rights: 'All rights reserved.',
  /** The GeoLite2 EULA asks for this attribution: prices follow the country from its database. */
  geoAttribution: 'This product includes GeoLite2 data created by MaxMind, available from https://www.maxmind.com.',
};

export const QUICK_CONTACT = {
  title: 'Quick Contact',
  description: 'Send us a short message and we will reply by email.',
  send: 'Send Message',
};
