import type { CurrencyCode } from './locations';
import type { VerificationStatusValue } from '../../../lib/admin/company-verification';

export type CompanyKey =
  | 'northwind'
  | 'brightpath'
  | 'kite'
  | 'stonebridge'
  | 'redfern'
  | 'oldHarbor'
  | 'bluefin'
  | 'copperleaf'
  | 'lumen'
  | 'harborview'
  | 'evergreen'
  | 'quarry';

export interface CompanyDefinition {
  key: CompanyKey;
  name: string;
  description: string;
  street: string;
  postalCode: string;
  city: string;
  country: string;
  website: string;
  industry: string;
  size: string;
  type: string;
  currency: CurrencyCode;
  verificationStatus: VerificationStatusValue;
  deleted?: boolean;
  isPossibleDuplicate?: boolean;
  /** Companies owner@demo.test owns. */
  ownedByDemoOwner?: boolean;
  /** Relative share of the job ads it publishes; 0 for companies that cannot publish. */
  publisherWeight: number;
  /** One sentence on the company for job ad texts. */
  pitch: string;
}

// The first six are the ones the demo accounts and the docs talk about; the others make
// the job board look like a marketplace rather than three companies.
export const COMPANY_DEFINITIONS: readonly CompanyDefinition[] = [
  {
    key: 'northwind',
    name: 'Northwind Labs',
    description:
      'Northwind Labs builds software for independent retailers: point of sale, stock and online shop in one product. Around 120 people in Lisbon and remote across Europe.',
    street: 'Rua Augusta 120',
    postalCode: '1100-053',
    city: 'Lisbon',
    country: 'PT',
    website: 'https://northwind-labs.example',
    industry: 'Software Development',
    size: '51-200',
    type: 'Product company',
    currency: 'EUR',
    verificationStatus: 'verified',
    ownedByDemoOwner: true,
    publisherWeight: 22,
    pitch: 'Northwind Labs builds the software that runs thousands of independent shops across Europe',
  },
  {
    key: 'brightpath',
    name: 'Brightpath Consulting',
    description:
      'Brightpath Consulting places senior engineers, designers and data specialists with product companies, as freelancers or employees, and handles contracts and billing.',
    street: '21 Shoreditch High Street',
    postalCode: 'E1 6PJ',
    city: 'London',
    country: 'GB',
    website: 'https://brightpath-consulting.example',
    industry: 'IT Services and Consulting',
    size: '201-500',
    type: 'Staffing provider',
    currency: 'GBP',
    verificationStatus: 'verified',
    ownedByDemoOwner: true,
    publisherWeight: 16,
    pitch: 'Brightpath Consulting connects experienced specialists with ambitious product teams',
  },
  {
    key: 'kite',
    name: 'Kite Analytics',
    description: 'Kite Analytics is a young company building forecasting tools for small logistics firms.',
    street: 'Torstraße 140',
    postalCode: '10119',
    city: 'Berlin',
    country: 'DE',
    website: 'https://kite-analytics.example',
    industry: 'Data and Analytics',
    size: '11-50',
    type: 'Startup',
    currency: 'EUR',
    verificationStatus: 'pending',
    ownedByDemoOwner: true,
    publisherWeight: 0,
    pitch: 'Kite Analytics helps logistics firms plan with better forecasts',
  },
  {
    key: 'stonebridge',
    name: 'Stonebridge Retail',
    description:
      'Stonebridge Retail runs 300 stores and a fast-growing online business across the United States, with technology hubs in New York and Austin.',
    street: '350 Fifth Avenue',
    postalCode: '10118',
    city: 'New York',
    country: 'US',
    website: 'https://stonebridge-retail.example',
    industry: 'Retail',
    size: '1001-5000',
    type: 'Enterprise',
    currency: 'USD',
    verificationStatus: 'verified',
    publisherWeight: 14,
    pitch: 'Stonebridge Retail serves millions of customers in its stores and online every week',
  },
  {
    key: 'redfern',
    name: 'Redfern Works',
    description: 'Metal fabrication and small-batch manufacturing.',
    street: '4 Grand Canal Quay',
    postalCode: 'D02 AB12',
    city: 'Dublin',
    country: 'IE',
    website: 'https://redfern-works.example',
    industry: 'Manufacturing',
    size: '11-50',
    type: 'SME',
    currency: 'EUR',
    verificationStatus: 'rejected',
    isPossibleDuplicate: true,
    publisherWeight: 0,
    pitch: 'Redfern Works makes metal parts in small batches',
  },
  {
    key: 'oldHarbor',
    name: 'Old Harbor Ltd',
    description: 'Freight forwarding between the UK and continental Europe. Closed its account on the platform.',
    street: '1 Harbourside',
    postalCode: 'BS1 5DB',
    city: 'Bristol',
    country: 'GB',
    website: 'https://old-harbor.example',
    industry: 'Logistics',
    size: '51-200',
    type: 'SME',
    currency: 'GBP',
    verificationStatus: 'verified',
    deleted: true,
    publisherWeight: 0,
    pitch: 'Old Harbor moves freight between the UK and Europe',
  },
  {
    key: 'bluefin',
    name: 'Bluefin Health',
    description: 'Bluefin Health builds remote monitoring tools that let patients with chronic conditions stay at home.',
    street: 'Keizersgracht 520',
    postalCode: '1017 EK',
    city: 'Amsterdam',
    country: 'NL',
    website: 'https://bluefin-health.example',
    industry: 'Healthcare Technology',
    size: '201-500',
    type: 'Scale-up',
    currency: 'EUR',
    verificationStatus: 'verified',
    publisherWeight: 9,
    pitch: 'Bluefin Health helps patients with chronic conditions get care at home',
  },
  {
    key: 'copperleaf',
    name: 'Copperleaf Energy',
    description: 'Copperleaf Energy develops and operates solar and wind parks in Spain and Portugal.',
    street: 'Paseo de la Castellana 95',
    postalCode: '28046',
    city: 'Madrid',
    country: 'ES',
    website: 'https://copperleaf-energy.example',
    industry: 'Renewable Energy',
    size: '501-1000',
    type: 'Enterprise',
    currency: 'EUR',
    verificationStatus: 'verified',
    publisherWeight: 8,
    pitch: 'Copperleaf Energy brings clean power to two million homes',
  },
  {
    key: 'lumen',
    name: 'Lumen Payments',
    description: 'Lumen Payments offers online payments and payouts to marketplaces and platforms.',
    street: '42 Rue du Faubourg Saint-Antoine',
    postalCode: '75012',
    city: 'Paris',
    country: 'FR',
    website: 'https://lumen-payments.example',
    industry: 'Financial Services',
    size: '51-200',
    type: 'Scale-up',
    currency: 'EUR',
    verificationStatus: 'verified',
    publisherWeight: 9,
    pitch: 'Lumen Payments moves money for more than 4,000 online platforms',
  },
  {
    key: 'harborview',
    name: 'Harborview Media',
    description: 'Harborview Media produces podcasts and video series and runs a subscription streaming app.',
    street: '600 Congress Avenue',
    postalCode: '78701',
    city: 'Austin',
    country: 'US',
    website: 'https://harborview-media.example',
    industry: 'Media and Entertainment',
    size: '201-500',
    type: 'Scale-up',
    currency: 'USD',
    verificationStatus: 'verified',
    publisherWeight: 8,
    pitch: 'Harborview Media tells stories to an audience of five million listeners',
  },
  {
    key: 'evergreen',
    name: 'Evergreen Mobility',
    description: 'Evergreen Mobility runs electric car sharing in twelve German and Austrian cities.',
    street: 'Leopoldstraße 31',
    postalCode: '80802',
    city: 'Munich',
    country: 'DE',
    website: 'https://evergreen-mobility.example',
    industry: 'Automotive and Mobility',
    size: '1001-5000',
    type: 'Enterprise',
    currency: 'EUR',
    verificationStatus: 'verified',
    publisherWeight: 7,
    pitch: 'Evergreen Mobility makes electric car sharing the easy choice in twelve cities',
  },
  {
    key: 'quarry',
    name: 'Quarry Games',
    description: 'Quarry Games is an independent studio making cosy strategy games for PC and consoles.',
    street: '10 Tariff Street',
    postalCode: 'M1 2FF',
    city: 'Manchester',
    country: 'GB',
    website: 'https://quarry-games.example',
    industry: 'Video Games',
    size: '51-200',
    type: 'Studio',
    currency: 'GBP',
    verificationStatus: 'verified',
    publisherWeight: 7,
    pitch: 'Quarry Games makes strategy games played by a million people',
  },
];
