import { languagesList, skillsList } from '../schema';
import { recordInserted, type SeedContext, type SeedTx } from './context';

export const DEPARTMENTS = ['Engineering', 'Design', 'Data', 'Marketing', 'Sales', 'Finance', 'Operations'] as const;
export type Department = (typeof DEPARTMENTS)[number];

const skillsByDepartment = {
  Engineering: [
    'JavaScript', 'TypeScript', 'React', 'Vue.js', 'Angular', 'Svelte', 'Next.js', 'Node.js', 'Python', 'Java',
    'Kotlin', 'Swift', 'Go', 'Rust', 'C#', '.NET', 'PHP', 'Ruby on Rails', 'Spring Boot', 'GraphQL', 'REST APIs',
    'HTML', 'CSS', 'Tailwind CSS', 'Docker', 'Kubernetes', 'Terraform', 'AWS', 'Azure', 'Google Cloud', 'CI/CD',
    'Git', 'Linux', 'PostgreSQL', 'MongoDB', 'Redis', 'Microservices', 'Playwright', 'Cypress', 'React Native',
    'Flutter', 'Web Security',
  ],
  Design: [
    'Figma', 'Sketch', 'Adobe Photoshop', 'Adobe Illustrator', 'User Research', 'Wireframing', 'Prototyping',
    'Design Systems', 'Accessibility', 'Interaction Design', 'Usability Testing', 'Visual Design',
  ],
  Data: [
    'SQL', 'Pandas', 'NumPy', 'Apache Spark', 'Apache Airflow', 'dbt', 'Snowflake', 'BigQuery', 'Tableau',
    'Power BI', 'Looker', 'Machine Learning', 'TensorFlow', 'PyTorch', 'Statistics', 'R', 'Data Modeling', 'ETL',
  ],
  Marketing: [
    'SEO', 'SEM', 'Google Ads', 'Google Analytics', 'Content Marketing', 'Copywriting', 'Email Marketing', 'HubSpot',
    'Social Media Marketing', 'Marketing Automation', 'Brand Strategy', 'Growth Marketing',
  ],
  Sales: [
    'Salesforce', 'B2B Sales', 'Lead Generation', 'Negotiation', 'Account Management', 'CRM', 'Cold Calling',
    'Sales Forecasting', 'Customer Success', 'Pipeline Management',
  ],
  Finance: [
    'Financial Modeling', 'Excel', 'Budgeting', 'Forecasting', 'IFRS', 'US GAAP', 'Accounts Payable',
    'Accounts Receivable', 'SAP', 'Payroll', 'Tax Compliance', 'Financial Reporting',
  ],
  Operations: [
    'Project Management', 'Product Management', 'Agile', 'Scrum', 'Kanban', 'Jira', 'Confluence',
    'Stakeholder Management', 'Process Improvement', 'Supply Chain Management', 'Lean', 'Vendor Management',
    'Risk Management', 'OKRs', 'Recruiting',
  ],
} as const satisfies Record<Department, readonly string[]>;

export type SkillLabel = (typeof skillsByDepartment)[Department][number];

export const SKILLS: readonly { label: SkillLabel; department: Department }[] = DEPARTMENTS.flatMap((department) =>
  skillsByDepartment[department].map((label) => ({ label, department })),
);

export const LANGUAGES = [
  'English', 'Portuguese', 'Spanish', 'French', 'German', 'Italian', 'Dutch', 'Polish', 'Swedish', 'Norwegian',
  'Danish', 'Finnish', 'Czech', 'Slovak', 'Hungarian', 'Romanian', 'Bulgarian', 'Greek', 'Turkish', 'Russian',
  'Ukrainian', 'Arabic', 'Hebrew', 'Hindi', 'Bengali', 'Urdu', 'Mandarin Chinese', 'Cantonese', 'Japanese', 'Korean',
  'Vietnamese', 'Thai', 'Indonesian', 'Malay', 'Filipino', 'Swahili', 'Estonian', 'Latvian', 'Lithuanian',
  'Croatian', 'Serbian', 'Slovenian', 'Catalan', 'Irish',
] as const;
export type LanguageLabel = (typeof LANGUAGES)[number];

export async function seedCatalog(ctx: SeedContext, tx: SeedTx): Promise<void> {
  const total = SKILLS.length + LANGUAGES.length;
  // ON CONFLICT DO NOTHING: a database that already has some of these labels (seeded
  // with --force, or edited by an admin) keeps its own rows.
  const skills = await tx
    .insert(skillsList)
    .values(SKILLS.map(({ label, department }) => ({ label, department })))
    .onConflictDoNothing()
    .returning({ id: skillsList.id });
  recordInserted(ctx, skillsList, skills.length);
  ctx.progress('catalog', SKILLS.length, total);
  const languages = await tx
    .insert(languagesList)
    .values(LANGUAGES.map((label) => ({ label })))
    .onConflictDoNothing()
    .returning({ id: languagesList.id });
  recordInserted(ctx, languagesList, languages.length);
  ctx.progress('catalog', total, total);
}
