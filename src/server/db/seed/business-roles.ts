import type { JobRole } from './job-roles';

// The roles of the Marketing, Sales, Finance and Operations departments (job-roles.ts joins
// them with technical-roles.ts into JOB_ROLES).

export const BUSINESS_ROLES: readonly JobRole[] = [
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
