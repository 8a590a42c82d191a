import type { PublicCourse, Syllabus } from '@academy/contracts';

// The public site's static catalogue (spec §2 courses section, §3 catalogue and syllabus entries, §9
// prices, plans, marketing claims, support hours). Prices are in rand exactly as spec §9 lists them;
// public-catalogue.ts converts them to the visitor's currency. The spec does not name the six evening
// programmes: they are evening tracks of the academy's own subjects.

/** A catalogue entry as stored: prices in ZAR. */
export type CatalogueCourse = Omit<PublicCourse, 'monthlyPrice' | 'upfrontPrice' | 'syllabus'> & {
  monthlyZar: number;
  upfrontZar: number;
  syllabus: Omit<Syllabus, 'image' | 'imageAlt'>;
};

/** A weekly outline from its titles in order; `projects` are the week numbers flagged as project weeks. */
function outline(titles: string[], projects: number[]): Syllabus['weeklyOutline'] {
  return titles.map((title, i) => (projects.includes(i + 1) ? { week: i + 1, title, isProject: true } : { week: i + 1, title }));
}

const EVENING = { duration: '5 months', level: 'Beginner', evening: true, monthlyZar: 4000, monthlyPayments: 6, upfrontZar: 24000 } as const;
const EVENING_SCHEDULE = '5 months (20 weeks), Mon-Fri, 1 hour each evening';
const EVENING_AUDIENCE = 'Working adults and career changers who study after hours';
const CERTIFICATE = 'Academy Certificate of Completion, awarded when every weekly capstone is passed';

export const EVENING_PROGRAMMES: CatalogueCourse[] = [
  {
    ...EVENING,
    id: 'evening-introduction-to-tech',
    title: 'Evening Introduction to Tech',
    enrolled: 64,
    description: 'Find your way into tech after work: how computers, the web and software teams work, and your first lines of code.',
    skills: ['Computer fundamentals', 'HTML & CSS', 'Python basics', 'Git'],
    applicationCourse: 'Introduction to Tech',
    syllabus: {
      duration: EVENING_SCHEDULE,
      audience: `${EVENING_AUDIENCE} who are new to technology`,
      accreditation: 'Academy-accredited foundation programme; credits count towards the full-time tracks',
      overview: 'A gentle, practical tour of the technology industry with an hour of guided practice every weekday evening.',
      whatYouLearn: ['How computers, networks and the internet work', 'Build simple web pages with HTML and CSS', 'Write small Python programs', 'Use Git and GitHub like a professional'],
      outcomes: ['A personal website on GitHub Pages', 'A clear picture of which tech career suits you', 'Readiness for any full-time track'],
      icon: 'compass',
      weeklyOutline: outline(
        ['Welcome to tech', 'Computers and operating systems', 'Networks and the internet', 'Files, folders and the command line', 'Capstone: tech explainer',
          'HTML structure', 'CSS styling', 'Layouts with Flexbox', 'Responsive pages', 'Capstone: personal website',
          'Thinking like a programmer', 'Python variables and types', 'Conditions and loops', 'Functions', 'Capstone: a Python quiz game',
          'Git and GitHub', 'Working in a team', 'Careers in tech', 'Portfolio polish', 'Final showcase'],
        [5, 10, 15, 20],
      ),
      certification: CERTIFICATE,
    },
  },
  {
    ...EVENING,
    id: 'evening-front-end-web-development',
    title: 'Evening Front-End Web Development',
    enrolled: 112,
    description: 'Build modern, responsive websites and web apps with HTML, CSS, JavaScript and React in the evenings.',
    skills: ['HTML & CSS', 'JavaScript', 'React', 'Responsive design'],
    applicationCourse: 'Web Development',
    syllabus: {
      duration: EVENING_SCHEDULE,
      audience: `${EVENING_AUDIENCE} who want to build websites`,
      accreditation: 'Academy-accredited programme aligned with junior front-end developer roles',
      overview: 'From your first page to a deployed React application, one hour of lessons and practice each weekday evening.',
      whatYouLearn: ['Semantic, accessible HTML', 'Modern CSS layouts', 'JavaScript in the browser', 'React components, state and routing'],
      outcomes: ['Three portfolio projects on GitHub', 'A deployed React application', 'Readiness for junior front-end roles'],
      icon: 'palette',
      weeklyOutline: outline(
        ['HTML foundations', 'CSS foundations', 'Flexbox and Grid', 'Responsive design', 'Capstone: landing page',
          'JavaScript basics', 'Functions and arrays', 'The DOM and events', 'Fetching data', 'Capstone: interactive app',
          'React components', 'State and props', 'Forms in React', 'Routing', 'Capstone: React single-page app',
          'Accessibility', 'Testing front-ends', 'Performance', 'Deployment', 'Final project showcase'],
        [5, 10, 15, 20],
      ),
      certification: CERTIFICATE,
    },
  },
  {
    ...EVENING,
    id: 'evening-back-end-development',
    title: 'Evening Back-End Development',
    enrolled: 78,
    description: 'Learn to build the server side of web applications: APIs, databases and authentication with Node.js.',
    skills: ['Node.js', 'TypeScript', 'SQL & PostgreSQL', 'REST APIs'],
    applicationCourse: 'Software Engineering',
    syllabus: {
      duration: EVENING_SCHEDULE,
      audience: `${EVENING_AUDIENCE} with some programming experience`,
      accreditation: 'Academy-accredited programme aligned with junior back-end developer roles',
      overview: 'Design, build and deploy APIs backed by a relational database, in an hour each weekday evening.',
      whatYouLearn: ['JavaScript and TypeScript on the server', 'HTTP and REST API design', 'SQL and PostgreSQL', 'Authentication and security basics'],
      outcomes: ['A deployed REST API with a database', 'Automated tests for your code', 'Readiness for junior back-end roles'],
      icon: 'wrench',
      weeklyOutline: outline(
        ['JavaScript refresher', 'TypeScript', 'Node.js and npm', 'Asynchronous code', 'Capstone: command-line tool',
          'HTTP fundamentals', 'Building an API', 'Validation and errors', 'Testing APIs', 'Capstone: REST API',
          'Relational data', 'SQL queries', 'PostgreSQL from Node.js', 'Migrations', 'Capstone: API with a database',
          'Authentication', 'Security basics', 'Background jobs', 'Deployment', 'Final project showcase'],
        [5, 10, 15, 20],
      ),
      certification: CERTIFICATE,
    },
  },
  {
    ...EVENING,
    id: 'evening-software-engineering',
    title: 'Evening Full-Stack Software Engineering',
    enrolled: 95,
    description: 'Combine front-end and back-end skills into complete applications, with the engineering habits teams expect.',
    skills: ['TypeScript', 'React', 'Node.js', 'Testing', 'Git workflows'],
    applicationCourse: 'Software Engineering',
    syllabus: {
      duration: EVENING_SCHEDULE,
      audience: `${EVENING_AUDIENCE} who want to become software engineers`,
      accreditation: 'Academy-accredited programme aligned with junior software engineer roles',
      overview: 'Build full-stack applications end to end and learn how professional software teams work.',
      whatYouLearn: ['Programming fundamentals in TypeScript', 'Full-stack web applications', 'Automated testing', 'Code review and agile teamwork'],
      outcomes: ['A full-stack application in production', 'A GitHub portfolio reviewed by engineers', 'Readiness for junior software roles'],
      icon: 'laptop',
      weeklyOutline: outline(
        ['Programming fundamentals', 'Data structures', 'Algorithms', 'TypeScript', 'Capstone: algorithm challenges',
          'Front-end with React', 'State management', 'Back-end with Node.js', 'Databases', 'Capstone: full-stack to-do app',
          'Testing strategy', 'Clean code', 'Code review', 'Agile delivery', 'Capstone: team project',
          'Security', 'Cloud deployment', 'Monitoring', 'Interview preparation', 'Final project showcase'],
        [5, 10, 15, 20],
      ),
      certification: CERTIFICATE,
    },
  },
  {
    ...EVENING,
    id: 'evening-it-support',
    title: 'Evening IT Support',
    enrolled: 57,
    description: 'Troubleshoot hardware, software and networks and support users: the skills of a help-desk technician.',
    skills: ['Hardware', 'Windows & Linux', 'Networking', 'Help-desk practice'],
    applicationCourse: 'IT Support',
    syllabus: {
      duration: EVENING_SCHEDULE,
      audience: `${EVENING_AUDIENCE} who enjoy solving technical problems`,
      accreditation: 'Academy-accredited programme that prepares for the CompTIA A+ exams (exam fees not included)',
      overview: 'Hands-on troubleshooting of computers, operating systems and networks, one hour each weekday evening.',
      whatYouLearn: ['PC hardware and peripherals', 'Windows and Linux administration', 'Networking fundamentals', 'Customer service and ticketing'],
      outcomes: ['Readiness for CompTIA A+', 'A documented troubleshooting portfolio', 'Readiness for help-desk roles'],
      icon: 'monitor',
      weeklyOutline: outline(
        ['The IT support role', 'PC hardware', 'Peripherals and printers', 'Mobile devices', 'Capstone: build and repair a PC',
          'Installing Windows', 'Windows administration', 'Linux basics', 'Troubleshooting software', 'Capstone: operating-system lab',
          'Networking fundamentals', 'IP addressing', 'Wi-Fi and routers', 'Network troubleshooting', 'Capstone: office network',
          'Security essentials', 'Backups and recovery', 'Ticketing and customer service', 'Exam preparation', 'Final assessment'],
        [5, 10, 15, 20],
      ),
      certification: `${CERTIFICATE}; CompTIA A+ is certified by CompTIA`,
    },
  },
  {
    ...EVENING,
    id: 'evening-product-management',
    title: 'Evening Product Management',
    enrolled: 'NEW',
    description: 'Discover, prioritise and deliver products people want, working with engineers and designers.',
    skills: ['Product discovery', 'Scrum', 'Roadmaps', 'User research'],
    applicationCourse: 'Product Manager/Owner',
    syllabus: {
      duration: EVENING_SCHEDULE,
      audience: `${EVENING_AUDIENCE} moving into product roles`,
      accreditation: 'Academy-accredited programme that prepares for the Professional Scrum Product Owner assessment (fees not included)',
      overview: 'The product manager and product owner crafts, from discovery to delivery, in an hour each weekday evening.',
      whatYouLearn: ['Product discovery and user research', 'Writing and ordering a backlog', 'Scrum and Kanban', 'Metrics and roadmaps'],
      outcomes: ['A product case study for your portfolio', 'Readiness for product owner roles', 'Confidence working with engineering teams'],
      icon: 'trending-up',
      weeklyOutline: outline(
        ['What product managers do', 'Users and problems', 'User research', 'Personas and journeys', 'Capstone: discovery report',
          'Agile and Scrum', 'User stories', 'Backlog ordering', 'Estimation', 'Capstone: product backlog',
          'Roadmaps', 'Metrics and analytics', 'Experiments', 'Working with designers', 'Capstone: roadmap pitch',
          'Working with engineers', 'Stakeholder management', 'Launching products', 'Career preparation', 'Final case study'],
        [5, 10, 15, 20],
      ),
      certification: CERTIFICATE,
    },
  },
];

const FULL_TIME_SCHEDULE = 'Mon-Fri, 1 hour lecture plus 8 hours of supported practice daily';

function fullTimeOutline(titles: string[]): Syllabus['weeklyOutline'] {
  // Every fourth week of a full-time course is a project week.
  return outline(titles, titles.map((_, i) => i + 1).filter((w) => w % 4 === 0));
}

const SOFTWARE_OUTLINE = [
  'Programming fundamentals', 'Control flow and functions', 'Data structures', 'Project: command-line game',
  'HTML and CSS', 'JavaScript in the browser', 'TypeScript', 'Project: interactive web app',
  'React', 'State and data fetching', 'Testing front-ends', 'Project: React application',
  'Node.js', 'REST APIs', 'Databases and SQL', 'Project: full-stack application',
  'Authentication and security', 'System design', 'Cloud and deployment', 'Project: production deployment',
  'Team practices', 'Open source contribution', 'Interview preparation', 'Project: capstone showcase',
];
const WEB_OUTLINE = [
  'How the web works', 'Semantic HTML', 'CSS and layout', 'Project: responsive site',
  'JavaScript fundamentals', 'The DOM and events', 'APIs and fetch', 'Project: data-driven site',
  'React components', 'Routing and forms', 'Styling systems', 'Project: React storefront',
  'Node.js and Express', 'Databases', 'Authentication', 'Project: full-stack web app',
  'Accessibility', 'Performance and SEO', 'Content management systems', 'Project: client website',
  'Freelancing and agencies', 'Team workflows', 'Portfolio', 'Project: capstone showcase',
];
const MARKETERS_OUTLINE = [
  'The web for marketers', 'HTML for content', 'CSS for brands', 'Project: campaign landing page',
  'WordPress and CMS sites', 'Forms and lead capture', 'Email templates', 'Project: lead-generation site',
  'JavaScript essentials', 'Tag managers and tracking', 'Web analytics', 'Project: tracked campaign',
  'SEO foundations', 'Page speed', 'A/B testing', 'Project: optimised landing page',
  'E-commerce sites', 'Social and video on the web', 'Automation tools', 'Project: online shop',
  'Accessibility and privacy law', 'Working with developers', 'Portfolio', 'Project: capstone showcase',
];
const IT_SUPPORT_OUTLINE = [
  'The IT support role', 'PC hardware', 'Peripherals and printers', 'Project: build a PC',
  'Windows installation', 'Windows administration', 'Linux basics', 'Project: operating-system lab',
  'Networking fundamentals', 'IP addressing and DNS', 'Wireless networks', 'Project: small office network',
  'Security essentials', 'Identity and access', 'Backups and recovery', 'Project: security hardening',
  'Cloud services', 'Microsoft 365 administration', 'Scripting basics', 'Project: automation scripts',
  'Ticketing and customer service', 'ITIL basics', 'Exam preparation', 'Project: help-desk simulation',
];
const PRODUCT_OUTLINE = [
  'The product role', 'Customers and problems', 'User research', 'Project: discovery interviews',
  'Personas and journeys', 'Value propositions', 'Prototyping', 'Project: validated prototype',
  'Agile and Scrum', 'User stories', 'Backlog management', 'Project: product backlog',
  'Metrics and analytics', 'Experiments', 'Pricing and business models', 'Project: metrics dashboard',
  'Roadmaps', 'Stakeholder management', 'Working with engineers', 'Project: roadmap pitch',
  'Go-to-market', 'Leadership', 'Interview preparation', 'Project: capstone case study',
];

export const FULL_TIME_COURSES: CatalogueCourse[] = [
  {
    id: 'introduction-to-tech',
    title: 'Introduction to Tech',
    duration: '3 months',
    level: 'Beginner',
    enrolled: 186,
    monthlyZar: 5399,
    monthlyPayments: null,
    upfrontZar: 15000,
    description: 'A full-time foundation in computing, the web and programming for complete beginners.',
    skills: ['Computer literacy', 'HTML & CSS', 'Python', 'Problem solving'],
    evening: false,
    applicationCourse: 'Introduction to Tech',
    syllabus: {
      duration: `3 months (12 weeks), ${FULL_TIME_SCHEDULE}`,
      audience: 'School leavers and career changers with no technical background',
      accreditation: 'Academy-accredited foundation course; credits count towards every full-time track',
      overview: 'Twelve immersive weeks that take you from computer basics to writing your own programs.',
      whatYouLearn: ['Computer and internet fundamentals', 'HTML and CSS', 'Python programming', 'Teamwork and professional skills'],
      outcomes: ['Four completed projects', 'A clear career path in tech', 'Readiness for any full-time track'],
      icon: 'rocket',
      weeklyOutline: fullTimeOutline([
        'Computers and operating systems', 'Networks and the internet', 'The command line', 'Project: tech explainer',
        'HTML', 'CSS', 'Responsive design', 'Project: personal website',
        'Python basics', 'Functions and data', 'Git and teamwork', 'Project: Python application',
      ]),
      certification: 'Academy Certificate in Introduction to Technology',
    },
  },
  {
    id: 'software-engineering',
    title: 'Software Engineering',
    duration: '6-12 months',
    level: 'Beginner to Advanced',
    enrolled: 142,
    monthlyZar: 3625.5,
    monthlyPayments: null,
    upfrontZar: 19995,
    description: 'Become a software engineer: programming, full-stack development, testing and the practices of real teams.',
    skills: ['TypeScript', 'React', 'Node.js', 'SQL', 'System design'],
    evening: false,
    applicationCourse: 'Software Engineering',
    syllabus: {
      duration: `6-12 months at your pace, ${FULL_TIME_SCHEDULE}`,
      audience: 'Aspiring software engineers, from beginners to self-taught coders',
      accreditation: 'Academy-accredited programme aligned with the NQF level 5 software developer occupational qualification',
      overview: 'An immersive programme that takes you from fundamentals to shipping production software in a team.',
      whatYouLearn: ['Programming and data structures', 'Front-end and back-end development', 'Testing and code quality', 'Cloud deployment and system design'],
      outcomes: ['Six portfolio projects', 'Experience of agile teamwork', 'Readiness for junior software engineer roles'],
      icon: 'laptop',
      weeklyOutline: fullTimeOutline(SOFTWARE_OUTLINE),
      certification: 'Academy Diploma in Software Engineering',
    },
  },
  {
    id: 'web-development',
    title: 'Web Development',
    duration: '6-12 months',
    level: 'Beginner to Intermediate',
    enrolled: 167,
    monthlyZar: 3625.5,
    monthlyPayments: null,
    upfrontZar: 19995,
    description: 'Design and build fast, accessible websites and web applications from front to back.',
    skills: ['HTML & CSS', 'JavaScript', 'React', 'Node.js', 'Accessibility'],
    evening: false,
    applicationCourse: 'Web Development',
    syllabus: {
      duration: `6-12 months at your pace, ${FULL_TIME_SCHEDULE}`,
      audience: 'Creative problem solvers who want to build for the web',
      accreditation: 'Academy-accredited programme aligned with junior web developer roles',
      overview: 'Learn to build real websites and web applications for clients, from layout to deployment.',
      whatYouLearn: ['Responsive, accessible front-ends', 'JavaScript and React', 'Server-side web development', 'Performance and SEO'],
      outcomes: ['Six portfolio websites and apps', 'A client project', 'Readiness for web developer roles'],
      icon: 'globe',
      weeklyOutline: fullTimeOutline(WEB_OUTLINE),
      certification: 'Academy Diploma in Web Development',
    },
  },
  {
    id: 'web-development-for-marketers',
    title: 'Web Development for Marketers',
    duration: '6-12 months',
    level: 'Beginner',
    enrolled: 'NEW',
    monthlyZar: 3625.5,
    monthlyPayments: null,
    upfrontZar: 19995,
    description: 'The web skills marketers need: landing pages, CMS sites, tracking, analytics and SEO.',
    skills: ['HTML & CSS', 'WordPress', 'Analytics', 'SEO', 'A/B testing'],
    evening: false,
    applicationCourse: 'Web Development',
    syllabus: {
      duration: `6-12 months at your pace, ${FULL_TIME_SCHEDULE}`,
      audience: 'Marketers, content creators and small-business owners',
      accreditation: 'Academy-accredited programme for digital marketing professionals',
      overview: 'Build and optimise the pages your campaigns depend on without waiting for a developer.',
      whatYouLearn: ['Landing pages and CMS sites', 'Tracking and web analytics', 'SEO and page speed', 'Experiments and conversion'],
      outcomes: ['A portfolio of campaign sites', 'Measured, optimised landing pages', 'Confidence working with developers'],
      icon: 'megaphone',
      weeklyOutline: fullTimeOutline(MARKETERS_OUTLINE),
      certification: 'Academy Certificate in Web Development for Marketers',
    },
  },
  {
    id: 'it-support',
    title: 'IT Support',
    duration: '6 months',
    level: 'Beginner',
    enrolled: 121,
    monthlyZar: 2550.05,
    monthlyPayments: null,
    upfrontZar: 14000,
    description: 'Keep people and businesses running: hardware, operating systems, networks, security and service.',
    skills: ['Hardware', 'Windows & Linux', 'Networking', 'Security', 'Microsoft 365'],
    evening: false,
    applicationCourse: 'IT Support',
    syllabus: {
      duration: `6 months (24 weeks), ${FULL_TIME_SCHEDULE}`,
      audience: 'Practical people who like fixing things and helping others',
      accreditation: 'Academy-accredited programme that prepares for the CompTIA A+ exams (exam fees not included)',
      overview: 'Six months of hands-on labs that prepare you for help-desk and desktop-support roles.',
      whatYouLearn: ['Hardware and operating systems', 'Networking and the cloud', 'Security and backups', 'Service management'],
      outcomes: ['Readiness for CompTIA A+', 'Six lab projects', 'Readiness for IT support roles'],
      icon: 'monitor',
      weeklyOutline: fullTimeOutline(IT_SUPPORT_OUTLINE),
      certification: 'Academy Certificate in IT Support; CompTIA A+ is certified by CompTIA',
    },
  },
  {
    id: 'product-manager-owner',
    title: 'Product Manager/Owner',
    duration: '6 months',
    level: 'Intermediate',
    enrolled: 73,
    monthlyZar: 5599,
    monthlyPayments: null,
    upfrontZar: 30000,
    description: 'Lead products from idea to launch as a product manager or Scrum product owner.',
    skills: ['Product discovery', 'Scrum', 'Analytics', 'Roadmaps', 'Stakeholder management'],
    evening: false,
    applicationCourse: 'Product Manager/Owner',
    syllabus: {
      duration: `6 months (24 weeks), ${FULL_TIME_SCHEDULE}`,
      audience: 'Professionals with work experience moving into product roles',
      accreditation: 'Academy-accredited programme that prepares for the Professional Scrum Product Owner assessment (fees not included)',
      overview: 'Discovery, delivery and leadership of digital products, practised on real product cases.',
      whatYouLearn: ['Product discovery and research', 'Agile delivery with Scrum', 'Metrics, experiments and pricing', 'Roadmaps and leadership'],
      outcomes: ['Six product case studies', 'Readiness for product owner and associate product manager roles', 'A professional network in product'],
      icon: 'trending-up',
      weeklyOutline: fullTimeOutline(PRODUCT_OUTLINE),
      certification: 'Academy Certificate in Product Management',
    },
  },
  {
    id: 'codestars',
    title: 'CodeStars (ages 8-17)',
    duration: '3 months',
    level: 'Kids & Teens',
    enrolled: 208,
    monthlyZar: 1000,
    monthlyPayments: null,
    upfrontZar: 2500,
    description: 'Coding for young people aged 8 to 17: games, animations and websites, taught by patient tutors.',
    skills: ['Scratch', 'Game design', 'HTML & CSS', 'Python'],
    evening: false,
    applicationCourse: 'CodeStars (Under 18)',
    syllabus: {
      duration: '3 months (12 weeks), two after-school sessions a week',
      audience: 'Learners aged 8 to 17; no experience needed',
      accreditation: 'Academy CodeStars programme',
      overview: 'Young learners build games, stories and websites while learning to think like programmers.',
      whatYouLearn: ['Computational thinking', 'Block coding with Scratch', 'Web pages with HTML and CSS', 'First programs in Python'],
      outcomes: ['Three games and a website to show family and friends', 'Confidence with code', 'A path to further study'],
      icon: 'star',
      weeklyOutline: fullTimeOutline([
        'Thinking like a coder', 'Scratch sprites', 'Loops and events', 'Project: animated story',
        'Games with Scratch', 'Web pages', 'Styling pages', 'Project: my website',
        'Python turtle', 'Python games', 'Sharing your work', 'Project: showcase day',
      ]),
      certification: 'CodeStars Certificate of Achievement',
    },
  },
];

/** Spec §9 pricing plans, in rand. */
export const PRICING_PLANS = [
  {
    id: 'codestars',
    name: 'CodeStars',
    description: 'For young coders aged 8 to 17',
    monthlyZar: 1000,
    upfrontZar: 2500,
    mostPopular: false,
    features: ['Two after-school sessions a week', 'Games, animations and websites', 'Progress reports for parents'],
  },
  {
    id: 'standard',
    name: 'Standard',
    description: 'Software Engineering and Web Development tracks',
    monthlyZar: 3625,
    upfrontZar: 19995,
    mostPopular: true,
    features: ['Daily lectures and 8 hours of support', 'Weekly capstone projects with feedback', 'Career support and portfolio review'],
  },
  {
    id: 'premium-plus',
    name: 'Premium Plus',
    description: 'Product Manager/Owner and mentoring',
    monthlyZar: 5599,
    upfrontZar: 30000,
    mostPopular: false,
    features: ['Everything in Standard', 'One-to-one mentoring', 'Certification exam preparation'],
  },
];

/** Spec §9 marketing claims. */
export const MARKETING_CLAIMS = [
  { value: '500+', label: 'Students' },
  { value: '13+', label: 'Courses' },
  { value: '85%', label: 'Placement' },
  { value: '6+', label: 'Partners' },
  { value: '24/7', label: 'Support' },
];

/** Spec §9 support hours. */
export const SUPPORT_HOURS = [
  { days: 'Mon-Fri', hours: '8:00-18:00' },
  { days: 'Sat', hours: '9:00-14:00' },
];
