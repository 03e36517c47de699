import type { Department, SkillLabel } from './catalog';

// Word lists behind the generated text. Real job titles, skills and cities, so that
// search, filters and suggestions behave as they would on production data.

export interface JobRole {
  title: string;
  department: Department;
  /** What ads for this role ask for; 3 to 8 of them go on each ad. */
  skills: readonly SkillLabel[];
  /** Work this role does, as bullet points. */
  duties: readonly string[];
}

export const JOB_ROLES: readonly JobRole[] = [
  {
    title: 'Frontend Developer',
    department: 'Engineering',
    skills: ['JavaScript', 'TypeScript', 'React', 'Vue.js', 'Next.js', 'HTML', 'CSS', 'Tailwind CSS', 'Accessibility', 'Playwright'],
    duties: [
      'Build accessible, fast interfaces used by thousands of people every day',
      'Turn designs into reusable components in our design system',
      'Own the performance budget of the web app and keep it green',
      'Pair with designers on prototypes and usability tests',
    ],
  },
  {
    title: 'Backend Developer',
    department: 'Engineering',
    skills: ['Node.js', 'TypeScript', 'Go', 'Java', 'PostgreSQL', 'Redis', 'REST APIs', 'GraphQL', 'Microservices', 'Docker'],
    duties: [
      'Design and run the APIs behind our web and mobile apps',
      'Model data and write migrations that are safe to deploy at any time',
      'Keep services observable, with the metrics and alerts that matter',
      'Review code and help the team raise the bar on reliability',
    ],
  },
  {
    title: 'Full Stack Developer',
    department: 'Engineering',
    skills: ['TypeScript', 'React', 'Node.js', 'GraphQL', 'PostgreSQL', 'CSS', 'Docker', 'Git', 'Next.js'],
    duties: [
      'Ship features end to end, from the database schema to the last pixel',
      'Work in a small cross-functional squad with product and design',
      'Improve our test suite and deployment pipeline',
      'Take part in architecture discussions and on-call rotation',
    ],
  },
  {
    title: 'Mobile Developer',
    department: 'Engineering',
    skills: ['Swift', 'Kotlin', 'React Native', 'Flutter', 'TypeScript', 'REST APIs', 'CI/CD', 'Git'],
    duties: [
      'Build and release our iOS and Android apps on a two-week cadence',
      'Work on offline support, push notifications and in-app payments',
      'Keep crash rates low and app store ratings high',
    ],
  },
  {
    title: 'DevOps Engineer',
    department: 'Engineering',
    skills: ['Kubernetes', 'Docker', 'Terraform', 'AWS', 'Azure', 'Google Cloud', 'CI/CD', 'Linux', 'Go'],
    duties: [
      'Run our Kubernetes platform and the infrastructure as code behind it',
      'Make builds and deployments faster and safer for every team',
      'Own cost, capacity and disaster recovery planning',
    ],
  },
  {
    title: 'Site Reliability Engineer',
    department: 'Engineering',
    skills: ['Kubernetes', 'Linux', 'Go', 'Python', 'AWS', 'Terraform', 'PostgreSQL', 'Redis'],
    duties: [
      'Define service level objectives with product teams and defend them',
      'Automate away toil and lead blameless incident reviews',
      'Tune databases and caches under real production load',
    ],
  },
  {
    title: 'QA Engineer',
    department: 'Engineering',
    skills: ['Playwright', 'Cypress', 'JavaScript', 'TypeScript', 'CI/CD', 'REST APIs', 'Jira'],
    duties: [
      'Automate end-to-end tests for the critical user journeys',
      'Work with developers to build quality in from the start',
      'Keep the test suite fast, stable and trusted',
    ],
  },
  {
    title: 'Software Engineer',
    department: 'Engineering',
    skills: ['Java', 'Kotlin', 'Spring Boot', 'C#', '.NET', 'Python', 'PostgreSQL', 'Microservices', 'Git'],
    duties: [
      'Design, build and maintain services in a modern, well-tested code base',
      'Break down complex problems and deliver in small increments',
      'Mentor colleagues and share knowledge across teams',
    ],
  },
  {
    title: 'Cloud Architect',
    department: 'Engineering',
    skills: ['AWS', 'Azure', 'Google Cloud', 'Terraform', 'Kubernetes', 'Microservices', 'Web Security'],
    duties: [
      'Shape the target architecture of our cloud platform',
      'Guide teams through migrations with clear, pragmatic decisions',
      'Balance security, cost and speed of delivery',
    ],
  },
  {
    title: 'Security Engineer',
    department: 'Engineering',
    skills: ['Web Security', 'Linux', 'Python', 'AWS', 'Kubernetes', 'Go', 'CI/CD'],
    duties: [
      'Run threat modelling sessions with product teams',
      'Own vulnerability management and our bug bounty programme',
      'Harden our cloud environment and CI pipelines',
    ],
  },
  {
    title: 'PHP Developer',
    department: 'Engineering',
    skills: ['PHP', 'JavaScript', 'PostgreSQL', 'Redis', 'REST APIs', 'Docker', 'Git'],
    duties: [
      'Evolve a large, profitable PHP platform towards a modular architecture',
      'Write clean, tested code and refactor with confidence',
      'Work closely with the support team on customer-reported issues',
    ],
  },
  {
    title: 'Product Designer',
    department: 'Design',
    skills: ['Figma', 'Prototyping', 'User Research', 'Design Systems', 'Interaction Design', 'Usability Testing', 'Accessibility'],
    duties: [
      'Lead design for a product area from discovery to delivery',
      'Test ideas early with prototypes and real users',
      'Contribute to and help govern our design system',
    ],
  },
  {
    title: 'UX Designer',
    department: 'Design',
    skills: ['Figma', 'Wireframing', 'Prototyping', 'User Research', 'Usability Testing', 'Accessibility', 'Interaction Design'],
    duties: [
      'Map user journeys and find where people get stuck',
      'Sketch, wireframe and prototype solutions with the team',
      'Measure the impact of design changes after release',
    ],
  },
  {
    title: 'UI Designer',
    department: 'Design',
    skills: ['Figma', 'Sketch', 'Visual Design', 'Design Systems', 'Adobe Illustrator', 'Adobe Photoshop', 'Prototyping'],
    duties: [
      'Craft polished, consistent interfaces across web and mobile',
      'Maintain icons, illustrations and component specifications',
      'Work hand in hand with frontend developers on implementation',
    ],
  },
  {
    title: 'UX Researcher',
    department: 'Design',
    skills: ['User Research', 'Usability Testing', 'Statistics', 'Interaction Design', 'Figma', 'Prototyping'],
    duties: [
      'Plan and run interviews, diary studies and usability tests',
      'Turn research into clear insights that drive the roadmap',
      'Build a research repository the whole company can use',
    ],
  },
  {
    title: 'Data Engineer',
    department: 'Data',
    skills: ['SQL', 'Python', 'Apache Spark', 'Apache Airflow', 'dbt', 'Snowflake', 'BigQuery', 'ETL', 'Data Modeling'],
    duties: [
      'Build reliable pipelines that feed analytics and machine learning',
      'Model our data warehouse so that questions are easy to answer',
      'Monitor data quality and fix issues at the source',
    ],
  },
  {
    title: 'Data Scientist',
    department: 'Data',
    skills: ['Python', 'Machine Learning', 'Statistics', 'Pandas', 'NumPy', 'SQL', 'PyTorch', 'TensorFlow', 'R'],
    duties: [
      'Build models for pricing, matching and demand forecasting',
      'Design experiments and read their results with care',
      'Explain findings to non-technical stakeholders',
    ],
  },
  {
    title: 'Data Analyst',
    department: 'Data',
    skills: ['SQL', 'Excel', 'Tableau', 'Power BI', 'Looker', 'Statistics', 'Python', 'Google Analytics'],
    duties: [
      'Answer business questions with data and clear dashboards',
      'Define and own the metrics that teams steer by',
      'Support product teams with ad hoc analysis',
    ],
  },
  {
    title: 'Machine Learning Engineer',
    department: 'Data',
    skills: ['Python', 'Machine Learning', 'PyTorch', 'TensorFlow', 'Docker', 'Kubernetes', 'SQL', 'Apache Spark'],
    duties: [
      'Take models from notebooks to production services',
      'Build feature stores, training pipelines and model monitoring',
      'Work with data scientists on evaluation and deployment',
    ],
  },
  {
    title: 'BI Developer',
    department: 'Data',
    skills: ['SQL', 'Power BI', 'Tableau', 'Looker', 'Data Modeling', 'ETL', 'Excel', 'dbt'],
    duties: [
      'Design semantic models and self-service reports',
      'Automate recurring reporting for finance and operations',
      'Train colleagues to get the most out of our BI tools',
    ],
  },
  {
    title: 'Marketing Manager',
    department: 'Marketing',
    skills: ['Brand Strategy', 'Content Marketing', 'Google Analytics', 'Marketing Automation', 'HubSpot', 'Email Marketing', 'SEO'],
    duties: [
      'Own the marketing plan and budget for a region',
      'Launch campaigns across paid, owned and earned channels',
      'Report on pipeline contribution to the leadership team',
    ],
  },
  {
    title: 'Content Marketing Specialist',
    department: 'Marketing',
    skills: ['Content Marketing', 'Copywriting', 'SEO', 'Social Media Marketing', 'Email Marketing', 'Google Analytics'],
    duties: [
      'Write articles, guides and case studies our audience loves',
      'Plan the editorial calendar with product marketing',
      'Measure what content drives sign-ups and why',
    ],
  },
  {
    title: 'SEO Specialist',
    department: 'Marketing',
    skills: ['SEO', 'SEM', 'Google Analytics', 'Content Marketing', 'Copywriting', 'HTML'],
    duties: [
      'Run technical SEO audits and fix what matters most',
      'Grow organic traffic through keyword research and content',
      'Work with engineering on site structure and performance',
    ],
  },
  {
    title: 'Performance Marketing Manager',
    department: 'Marketing',
    skills: ['Google Ads', 'SEM', 'Google Analytics', 'Growth Marketing', 'Marketing Automation', 'Excel'],
    duties: [
      'Manage paid acquisition across search and social',
      'Run creative and landing page tests every week',
      'Own customer acquisition cost and return on ad spend',
    ],
  },
  {
    title: 'Social Media Manager',
    department: 'Marketing',
    skills: ['Social Media Marketing', 'Content Marketing', 'Copywriting', 'Brand Strategy', 'Google Analytics'],
    duties: [
      'Grow and engage our communities on every social channel',
      'Plan campaigns with the brand and content teams',
      'Report on reach, engagement and conversions',
    ],
  },
  {
    title: 'Account Executive',
    department: 'Sales',
    skills: ['B2B Sales', 'Salesforce', 'Negotiation', 'Pipeline Management', 'Sales Forecasting', 'CRM'],
    duties: [
      'Run the full sales cycle from discovery to signature',
      'Build trusted relationships with decision makers',
      'Forecast accurately and keep the CRM up to date',
    ],
  },
  {
    title: 'Sales Development Representative',
    department: 'Sales',
    skills: ['Lead Generation', 'Cold Calling', 'CRM', 'Salesforce', 'HubSpot', 'B2B Sales'],
    duties: [
      'Research target accounts and open conversations',
      'Qualify inbound leads quickly and thoroughly',
      'Book meetings for account executives',
    ],
  },
  {
    title: 'Customer Success Manager',
    department: 'Sales',
    skills: ['Customer Success', 'Account Management', 'CRM', 'Salesforce', 'Negotiation', 'Stakeholder Management'],
    duties: [
      'Onboard new customers and help them reach value fast',
      'Run business reviews and spot expansion opportunities',
      'Be the voice of the customer inside the company',
    ],
  },
  {
    title: 'Business Development Manager',
    department: 'Sales',
    skills: ['B2B Sales', 'Negotiation', 'Lead Generation', 'Account Management', 'Pipeline Management', 'CRM'],
    duties: [
      'Open new markets and partnerships',
      'Shape commercial proposals with the leadership team',
      'Represent the company at industry events',
    ],
  },
  {
    title: 'Financial Analyst',
    department: 'Finance',
    skills: ['Financial Modeling', 'Excel', 'Budgeting', 'Forecasting', 'Power BI', 'Financial Reporting', 'SQL'],
    duties: [
      'Build the models behind our budget and rolling forecast',
      'Analyse unit economics and support pricing decisions',
      'Prepare monthly reporting for management',
    ],
  },
  {
    title: 'Accountant',
    department: 'Finance',
    skills: ['IFRS', 'US GAAP', 'Accounts Payable', 'Accounts Receivable', 'Excel', 'SAP', 'Tax Compliance'],
    duties: [
      'Run month-end close for two legal entities',
      'Reconcile accounts and prepare audit files',
      'Keep our processes compliant and well documented',
    ],
  },
  {
    title: 'Financial Controller',
    department: 'Finance',
    skills: ['IFRS', 'Financial Reporting', 'Budgeting', 'SAP', 'Excel', 'Tax Compliance', 'Risk Management'],
    duties: [
      'Own statutory reporting and the relationship with auditors',
      'Improve internal controls as the company scales',
      'Lead a small team of accountants',
    ],
  },
  {
    title: 'Payroll Specialist',
    department: 'Finance',
    skills: ['Payroll', 'Excel', 'Tax Compliance', 'SAP', 'Accounts Payable'],
    duties: [
      'Run monthly payroll for employees in several countries',
      'Answer payroll questions quickly and kindly',
      'Keep up with changes in tax and social security rules',
    ],
  },
  {
    title: 'Project Manager',
    department: 'Operations',
    skills: ['Project Management', 'Agile', 'Scrum', 'Jira', 'Confluence', 'Stakeholder Management', 'Risk Management'],
    duties: [
      'Plan and deliver client projects on time and on budget',
      'Keep stakeholders informed and risks under control',
      'Improve how the delivery team works',
    ],
  },
  {
    title: 'Product Manager',
    department: 'Operations',
    skills: ['Product Management', 'Agile', 'User Research', 'Jira', 'OKRs', 'Stakeholder Management', 'SQL'],
    duties: [
      'Own the roadmap for a product area and its outcomes',
      'Talk to customers every week and bring back what you learn',
      'Decide with data, and write it down',
    ],
  },
  {
    title: 'Scrum Master',
    department: 'Operations',
    skills: ['Scrum', 'Agile', 'Kanban', 'Jira', 'Confluence', 'Process Improvement'],
    duties: [
      'Coach two teams on agile practices',
      'Facilitate planning, reviews and retrospectives',
      'Remove impediments and improve flow',
    ],
  },
  {
    title: 'Operations Manager',
    department: 'Operations',
    skills: ['Process Improvement', 'Lean', 'Vendor Management', 'Supply Chain Management', 'Excel', 'Stakeholder Management'],
    duties: [
      'Run day-to-day operations and improve our processes',
      'Manage vendors and negotiate contracts',
      'Build the dashboards the operations team runs on',
    ],
  },
  {
    title: 'Talent Acquisition Partner',
    department: 'Operations',
    skills: ['Recruiting', 'Stakeholder Management', 'Negotiation', 'CRM', 'Social Media Marketing'],
    duties: [
      'Partner with hiring managers on hiring plans',
      'Source, screen and close candidates for technical roles',
      'Make our interview process fair and pleasant',
    ],
  },
];

// Repeated entries weight the draw; '' is the plain title. "Principal Accountant" is
// not a title people use, so the top levels depend on the department.
const technicalLevels = ['Junior', '', '', 'Senior', 'Senior', 'Lead', 'Principal'];
const SENIORITY_LEVELS: Record<Department, readonly string[]> = {
  Engineering: technicalLevels,
  Data: technicalLevels,
  Design: ['Junior', '', '', 'Senior', 'Senior', 'Lead'],
  Marketing: ['Junior', '', '', 'Senior', 'Senior'],
  Sales: ['Junior', '', '', 'Senior', 'Senior'],
  Finance: ['Junior', '', '', 'Senior', 'Senior'],
  Operations: ['Junior', '', '', 'Senior', 'Senior'],
};

export function seniorityLevels(role: JobRole): readonly string[] {
  return SENIORITY_LEVELS[role.department];
}

export function seniorTitle(seniority: string, title: string): string {
  return seniority ? `${seniority} ${title}` : title;
}

export type CurrencyCode = 'EUR' | 'GBP' | 'USD';

export interface City {
  name: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  currency: CurrencyCode;
}

export const CITIES: readonly City[] = [
  { name: 'Lisbon', country: 'PT', currency: 'EUR' },
  { name: 'Porto', country: 'PT', currency: 'EUR' },
  { name: 'Madrid', country: 'ES', currency: 'EUR' },
  { name: 'Barcelona', country: 'ES', currency: 'EUR' },
  { name: 'Valencia', country: 'ES', currency: 'EUR' },
  { name: 'Berlin', country: 'DE', currency: 'EUR' },
  { name: 'Munich', country: 'DE', currency: 'EUR' },
  { name: 'Hamburg', country: 'DE', currency: 'EUR' },
  { name: 'Amsterdam', country: 'NL', currency: 'EUR' },
  { name: 'Rotterdam', country: 'NL', currency: 'EUR' },
  { name: 'Paris', country: 'FR', currency: 'EUR' },
  { name: 'Lyon', country: 'FR', currency: 'EUR' },
  { name: 'Brussels', country: 'BE', currency: 'EUR' },
  { name: 'Dublin', country: 'IE', currency: 'EUR' },
  { name: 'Milan', country: 'IT', currency: 'EUR' },
  { name: 'Vienna', country: 'AT', currency: 'EUR' },
  { name: 'Helsinki', country: 'FI', currency: 'EUR' },
  { name: 'Tallinn', country: 'EE', currency: 'EUR' },
  { name: 'Athens', country: 'GR', currency: 'EUR' },
  { name: 'London', country: 'GB', currency: 'GBP' },
  { name: 'Manchester', country: 'GB', currency: 'GBP' },
  { name: 'Edinburgh', country: 'GB', currency: 'GBP' },
  { name: 'Bristol', country: 'GB', currency: 'GBP' },
  { name: 'New York', country: 'US', currency: 'USD' },
  { name: 'San Francisco', country: 'US', currency: 'USD' },
  { name: 'Austin', country: 'US', currency: 'USD' },
  { name: 'Boston', country: 'US', currency: 'USD' },
];

export const REMOTE = 'Remote';

export const BENEFITS = [
  '25 days of paid holiday plus public holidays',
  'A yearly learning budget and time to use it',
  'Flexible hours and a hybrid working policy',
  'Private health insurance for you and your family',
  'A new laptop and the equipment you need at home',
  'Stock options in a growing company',
  'Parental leave above the legal minimum',
  'Regular team offsites',
  'A monthly wellbeing allowance',
  'Pension contributions matched up to 5 %',
];

export const TEAMS = ['Platform', 'Payments', 'Growth', 'Core product', 'Customer experience', 'Internal tools', 'Marketplace', 'Analytics'];

/** Where talents worked before (CV experience entries); invented, but plausible. */
export const PAST_EMPLOYERS = [
  'Atlantic Web Studio', 'Bluewave Software', 'Cedar Systems', 'Delta Commerce', 'Elmstreet Digital', 'Fjord Analytics',
  'Granite Bank', 'Helix Health', 'Ironbark Logistics', 'Juniper Media', 'Kestrel Insurance', 'Lighthouse Travel',
  'Meridian Telecom', 'Nimbus Cloud', 'Orchid Retail', 'Pioneer Energy', 'Quartz Games', 'Riverside Agency',
];

export const UNIVERSITIES = [
  'University of Lisbon', 'University of Porto', 'Technical University of Munich', 'Humboldt University of Berlin',
  'University of Amsterdam', 'Delft University of Technology', 'Imperial College London', 'University of Manchester',
  'University of Edinburgh', 'Trinity College Dublin', 'Universidad Politécnica de Madrid', 'University of Barcelona',
  'Sorbonne University', 'Politecnico di Milano', 'Aalto University', 'KU Leuven', 'University of Vienna',
  'New York University', 'University of Texas at Austin',
];

export const DEGREES = ['BSc', 'MSc', 'BA', 'MA', 'MBA', 'PhD'] as const;

export const FIELDS_OF_STUDY = [
  'Computer Science', 'Software Engineering', 'Information Systems', 'Mathematics', 'Statistics', 'Design',
  'Economics', 'Business Administration', 'Marketing', 'Finance', 'Physics', 'Communication',
];
