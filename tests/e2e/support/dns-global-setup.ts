import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { startDnsServer } from '../../support/dns-server';

// The DNS server the end-to-end product looks company e-mail domains up on
// (SSO_DNS_SERVERS in playwright.config.ts points it here): a UDP server on loopback that
// answers TXT questions from E2E_DNS_RECORDS_FILE, which a test writes (dns-records.ts),
// and "no such domain" for anything else. Started once for the run, before the product.

export const E2E_DNS_PORT = Number(process.env.E2E_DNS_PORT ?? 4553);
export const E2E_DNS_RECORDS_FILE = path.resolve(process.env.E2E_DATA_DIR ?? '.data/e2e', 'dns-records.json');

export default async function globalSetup() {
  const server = await startDnsServer({
    port: E2E_DNS_PORT,
    lookup: (name) => {
      if (!existsSync(E2E_DNS_RECORDS_FILE)) return undefined;
      try {
        return (JSON.parse(readFileSync(E2E_DNS_RECORDS_FILE, 'utf8')) as Record<string, string[][]>)[name];
      } catch {
        return undefined;
      }
    },
  });
  return () => server.close();
}
