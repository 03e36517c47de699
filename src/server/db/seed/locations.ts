// Where generated jobs and talents are: real cities, each with its country and the
// currency its pay is in, and the word for a remote job.

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
