import type { JobRole } from './job-roles';

// The roles of the Engineering, Design and Data departments (job-roles.ts joins them with
// business-roles.ts into JOB_ROLES).

export const TECHNICAL_ROLES: readonly JobRole[] = [
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
];
