import type { AstroGlobal } from 'astro';
import type { TadaDocumentNode } from 'gql.tada';
import { COMPANY_PARAM } from '../../../lib/companies/select-company';
import { verifiedCompaniesOf, type UserCompany } from '../../../lib/companies/selected-company';
import { sendDocument, type DocumentAnswer, type SendGraphql, type SendGraphqlWithFiles } from '../../../lib/graphql/send-document';
import type { Done } from '../../../lib/forms/form-outcome';
import type { Translate } from '../../../lib/i18n/i18n';
import { listHref } from '../../../lib/lists/list-params';
import { can } from '../../../lib/permissions/effective-permissions';
import type { PermissionAction, PermissionResource } from '../../../lib/permissions/resources';
import type { PagePermission } from '../../../lib/routes/route-table';
import { pageGraphql, pageGraphqlInCompany, pageGraphqlWithFiles, readPostedForm, redirectWithNotice } from './page-forms';

// The one prelude of a company page: what every page under /company/ read for
// itself before (translator, selected company, anti-forgery token, the BFF sender) and the
// one shape of its form posts. The route guard (middleware) has already answered 403 when
// the role lacks the page's own permissions; what is left to a page is the permission of
// each action it takes, which the post dispatch checks before anything is sent.

type Page = Pick<AstroGlobal, 'request' | 'locals' | 'url' | 'cookies' | 'redirect' | 'rewrite' | 'response'>;

export type Permission = PagePermission;

/** What a refused post hands back to the page: shown again, answered with `status`. */
export interface Refusal {
  status: number;
}

/** A post's handler: a Response (the Post/Redirect/Get), or the refusal to render. */
export type PostHandler<R extends Refusal> = (form: FormData) => Promise<Response | R>;

/** An action of a page: its handler, or its handler behind the permission it needs. */
export type PostAction<R extends Refusal> = PostHandler<R> | { permission: Permission; run: PostHandler<R> };

/** What one action refuses with. */
type RefusalOfAction<A> = A extends PostHandler<infer R> ? R : A extends { run: PostHandler<infer R> } ? R : never;

/**
 * What a page's post refuses with: its one handler's refusal, or any of its actions' (a union,
 * so that each intent may hand back its own shape: the page reads the part it shows).
 */
export type PostedRefusal<A> = A extends PostHandler<infer R> ? R : RefusalOfAction<A[keyof A]>;

/**
 * What a page may post to: one handler, or its actions by intent. An intent may be undefined:
 * a page that takes other intents in another state passes `cond ? { a } : { b }`, whose type
 * gives each object the other's keys as undefined (answered 400 like any intent not taken).
 */
export type PostActions = PostHandler<Refusal> | Record<string, PostAction<Refusal> | undefined>;

/**
 * The actions of a page whose intents share one handler: the feature's list of intents
 * (src/lib), or its table of intent to the permission each needs (checked before it runs).
 */
export function intentActions<I extends string, R extends Refusal>(
  intents: readonly I[] | Readonly<Record<I, Permission>>,
  run: (intent: I, form: FormData) => Promise<Response | R>,
): Record<I, PostAction<R>> {
  const entries: [I, Permission | null][] = Array.isArray(intents) ? intents.map((intent: I) => [intent, null]) : (Object.entries(intents) as [I, Permission][]);
  return Object.fromEntries(
    entries.map(([intent, permission]) => {
      const handler = (form: FormData) => run(intent, form);
      return [intent, permission ? { permission, run: handler } : handler];
    }),
  ) as Record<I, PostAction<R>>;
}

export interface CompanyPageOptions {
  /**
   * Whether the page works only inside the selected company (default). Without one, such
   * a page reads nothing and takes no post: its layout says how to get a company.
   */
  inCompany?: boolean;
}

/** A list answer's paging, as every findMany answers it. */
interface Paged {
  total: number;
  pageCount: number;
}

export interface CompanyPage {
  t: Translate;
  selected: UserCompany | null;
  /** The hidden `csrf` field of the page's forms. */
  csrf: string;
  send: SendGraphql;
  /** As `send`, with files (multipart): a form that uploads. */
  sendWithFiles: SendGraphqlWithFiles;
  /** This address as it is (path and query): where a list's row action lands again. */
  here: string;
  can(resource: PermissionResource, action: PermissionAction): boolean;
  /** Which of the named permissions the member's role holds, by name (the page's controls). */
  may<K extends string>(permissions: Record<K, Permission>): Record<K, boolean>;
  /** Post/Redirect/Get with one success notice (a "notices.*" key), optionally on an element. */
  done(location: string, noticeKey: string, target?: string | null): Response;
  /**
   * The page's form post, if this request is one: the anti-forgery token is checked (403),
   * then the one handler runs, or the handler of the posted `intent` (an intent the page
   * does not take is a 400; an action whose permission the role lacks, the 403 page). A
   * refusal comes back with the response status set to its own; a Response is to be
   * returned as it is. Null when there was no post to handle.
   */
  post<A extends PostActions>(actions: A): Promise<Response | PostedRefusal<A> | null>;
  /**
   * A handler from a feature's submit function (lib/forms/form-outcome): its done outcome
   * goes to `then` (the Post/Redirect/Get), an invalid or refused one is what the page renders.
   */
  act<O extends Done | { kind: 'invalid' | 'refused'; status: number }>(submit: (form: FormData) => Promise<O>, then: (done: Extract<O, Done>) => Response): PostHandler<Exclude<O, Done>>;
  /** One document sent in the selected company; null without one. */
  load<TResult, TVariables>(
    document: TadaDocumentNode<TResult, TVariables>,
    ...[variables]: TVariables extends Record<string, never> ? [variables?: TVariables] : [variables: TVariables]
  ): Promise<DocumentAnswer<TResult> | null>;
  /** Whether an answer says the addressed thing is not the company's (rendered as the 404 page). */
  notFound(answer: DocumentAnswer<unknown> | null): boolean;
  /**
   * The record a detail page is about (?id=…), as `load` reads it in the selected company;
   * or, when that company does not hold it, the Response to return: for a GET, a redirect
   * selecting another of the user's verified companies that holds it (company_id, which the
   * middleware turns into the selection and its notice), else the 404 page. A record of a
   * company the user is not in answers exactly as an unknown id does; a post is never sent
   * elsewhere (it was rendered in the selected company).
   */
  loadRecord<TResult, TVariables>(
    document: TadaDocumentNode<TResult, TVariables>,
    ...[variables]: TVariables extends Record<string, never> ? [variables?: TVariables] : [variables: TVariables]
  ): Promise<DocumentAnswer<TResult> | null | Response>;
  /** A page past a list's last page goes to its last one (a stale link after deletes). */
  pastLastPage(list: Paged | null, page: number, changes?: Record<string, string | number | null>): Response | null;
}

/**
 * Which other verified company of the user's holds the record `document` reads (the same
 * document, answered without an error there, in the order of the user's companies), or
 * null. Every company is asked, whatever the answers, so an unknown id and a record of a
 * company the user is not in cost the same.
 */
async function companyHolding(page: Page, selectedId: string | null, document: TadaDocumentNode<unknown, Record<string, unknown>>, variables: Record<string, unknown> | undefined): Promise<string | null> {
  const others = verifiedCompaniesOf(page.locals.user).filter((company) => company.id !== selectedId);
  const asked = document as TadaDocumentNode<unknown, Record<string, never>>;
  const answers = await Promise.all(others.map((company) => sendDocument(pageGraphqlInCompany(page, company.id), asked, variables as Record<string, never> | undefined)));
  const index = answers.findIndex((answer) => answer.errors.length === 0 && answer.data !== null);
  return index < 0 ? null : others[index]!.id;
}

export function companyPage(page: Page, { inCompany = true }: CompanyPageOptions = {}): CompanyPage {
  const { t, session, selectedCompany } = page.locals;
  const selected = selectedCompany ?? null;
  const permissions = selected?.permissions ?? null;
  const send = pageGraphql(page);
  const working = !inCompany || selected !== null;
  const load = ((document: TadaDocumentNode<unknown, Record<string, never>>, variables?: Record<string, never>) =>
    working ? sendDocument(send, document, variables) : Promise.resolve(null)) as CompanyPage['load'];
  const notFound = (answer: DocumentAnswer<unknown> | null) => answer?.errors[0]?.extensions?.code === 'NOT_FOUND';
  return {
    t,
    selected,
    csrf: session?.record.csrfToken ?? '',
    send,
    sendWithFiles: pageGraphqlWithFiles(page),
    here: `${page.url.pathname}${page.url.search}`,
    can: (resource, action) => can(permissions, resource, action),
    may<K extends string>(named: Record<K, Permission>) {
      const entries = Object.entries(named) as [K, Permission][];
      return Object.fromEntries(entries.map(([name, [resource, action]]) => [name, can(permissions, resource, action)])) as Record<K, boolean>;
    },
    done: (location, noticeKey, target = null) => redirectWithNotice(page, location, noticeKey, target),
    async post<A extends PostActions>(posted: A) {
      if (page.request.method !== 'POST' || !working) return null;
      const form = await readPostedForm(page);
      if (form instanceof Response) return form;
      const actions: PostActions = posted;
      let handler: PostHandler<Refusal>;
      if (typeof actions === 'function') {
        handler = actions;
      } else {
        const intent = form.get('intent');
        const action = typeof intent === 'string' && Object.hasOwn(actions, intent) ? actions[intent] : undefined;
        if (!action) return new Response(null, { status: 400 });
        if (typeof action === 'function') {
          handler = action;
        } else {
          if (!can(permissions, ...action.permission)) return page.rewrite('/403');
          handler = action.run;
        }
      }
      const outcome = await handler(form);
      if (outcome instanceof Response) return outcome;
      page.response.status = outcome.status;
      // The handler that ran is one of `posted`, so this is one of its refusals; TypeScript
      // cannot follow a handler picked by the posted intent back to its own type.
      return outcome as PostedRefusal<A>;
    },
    act: (submit, then) => async (form) => {
      const outcome = await submit(form);
      return outcome.kind === 'done' ? then(outcome as Extract<typeof outcome, Done>) : (outcome as Exclude<typeof outcome, Done>);
    },
    load,
    notFound,
    loadRecord: (async (document: TadaDocumentNode<unknown, Record<string, unknown>>, variables?: Record<string, unknown>) => {
      const answer = await (load as (d: typeof document, v?: typeof variables) => Promise<DocumentAnswer<unknown> | null>)(document, variables);
      if (!notFound(answer)) return answer;
      const reading = page.request.method === 'GET' || page.request.method === 'HEAD';
      const holder = reading ? await companyHolding(page, selected?.id ?? null, document, variables) : null;
      if (!holder) return page.rewrite('/404');
      const there = new URL(page.url);
      there.searchParams.set(COMPANY_PARAM, holder);
      return page.redirect(`${there.pathname}${there.search}`, 303);
    }) as CompanyPage['loadRecord'],
    pastLastPage: (list, current, changes = {}) =>
      list && list.total > 0 && current > list.pageCount ? page.redirect(listHref(page.url, { ...changes, page: list.pageCount }), 303) : null,
  };
}
