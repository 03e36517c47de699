import type { AppConfig } from './config';
import type { ReadinessCheck } from './http/health';
import type { LegalDocuments } from './legal/legal-documents';
import { createLegalDocuments } from './legal/legal-documents';

/**
 * The single instances this process owns. Created once by main.ts and handed to Astro
 * as `locals.services`; pages import only the types.
 */
export interface AppServices {
  config: AppConfig;
  legal: LegalDocuments;
}

export interface OwnedServices {
  services: AppServices;
  readiness: ReadinessCheck[];
  close: () => Promise<void>;
}

export async function createServices(config: AppConfig): Promise<OwnedServices> {
  const legal = createLegalDocuments(config.legalDocsDir);
  return {
    services: { config, legal },
    readiness: [],
    close: async () => {},
  };
}
