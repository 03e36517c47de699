/// <reference types="astro/client" />
import type { Translate } from './lib/i18n/i18n';
import type { Language } from './lib/i18n/namespaces';
import type { RouteDef } from './lib/routes/route-table';
import type { CurrentUser } from './lib/account/current-user';
import type { UserCompany } from './lib/companies/selected-company';
import type { Notice } from './lib/notifications/notice-cookie';
import type { LoadedSession } from './server/bff/sessions';
import type { AppServices } from './server/services';

declare global {
  /** Set in astro.config.mjs: the id of this build, compared by the version check. */
  const __BUILD_ID__: string;

  namespace App {
    interface Locals {
      /** The process's single instances, handed over by src/server/main.ts. */
      services: AppServices;
      /** The language of the address (English, or French under /fr), set by src/server/main.ts. */
      language: Language;
      /** Resolves once the response's connection has taken what was written (src/server/http/response-drained.ts); absent under `astro dev`. */
      responseDrained?: () => Promise<void>;
      /** Translator for this request's language and namespaces (the translation namespaces). */
      t: Translate;
      /** The route-table entry of this page, when the path is one of ours. */
      route: RouteDef | undefined;
      /** The signed-in browser's session; null for guests. */
      session: LoadedSession | null;
      /** The current-user state  of the session; null for guests. */
      user: CurrentUser | null;
      /**
       * The company the user works in (the selected company), chosen once per request by the middleware:
       * one of their verified companies, or null. Pages, layouts and guards read it here.
       */
      selectedCompany: UserCompany | null;
      /** The flash notice this page shows (read once by the app shell). */
      flash?: Notice | null;
    }
  }
}

declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrate on the first pointer, focus or key event inside the island. */
    'client:interaction'?: boolean;
  }
}
