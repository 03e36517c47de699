import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { E2E_DNS_RECORDS_FILE } from './dns-global-setup';

/** Publishes TXT records for a name on the end-to-end DNS server (dns-global-setup.ts). */
export function publishTxt(name: string, records: string[][]): void {
  mkdirSync(path.dirname(E2E_DNS_RECORDS_FILE), { recursive: true });
  const all = existsSync(E2E_DNS_RECORDS_FILE) ? (JSON.parse(readFileSync(E2E_DNS_RECORDS_FILE, 'utf8')) as Record<string, string[][]>) : {};
  all[name.toLowerCase()] = records;
  writeFileSync(E2E_DNS_RECORDS_FILE, JSON.stringify(all));
}
