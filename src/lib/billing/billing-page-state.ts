import { isUuid } from '../ids';
import { buildRoute } from '../routes/build-route';
import { isBillingStatus, type BillingStatusValue } from './billing-status';

// The billing page is one route (/talent/billing); what it shows is in its address, so
// every state has a real link, works without JavaScript and survives a reload:
//   (nothing)                        the list: ?status=SENT&assignment=<id>&page=2
//   ?id=<id>                         one billing, with its actions
//   ?action=new[&assignment=<id>]    the new billing form (first choose the assignment)
//   ?action=edit&id=<id>             the edit form of a draft
//   ?action=delete&id=<id>           the delete confirmation of a draft
//   ?action=payment-profile          the payment profile form

/** Billings per list page. */
export const BILLINGS_PER_PAGE = 10;

export interface BillingListFilter {
  status: BillingStatusValue | null;
  assignmentId: string | null;
}

export type BillingPageState =
  | ({ view: 'list'; page: number } & BillingListFilter)
  | { view: 'billing'; id: string }
  | { view: 'create'; assignmentId: string | null }
  | { view: 'edit'; id: string }
  | { view: 'delete'; id: string }
  | { view: 'paymentProfile' };

const uuidOrNull = (value: string | null) => (value && isUuid(value) ? value.toLowerCase() : null);

/** Anything unknown or malformed falls back to the plain list rather than failing. */
export function readBillingPageState(url: URL): BillingPageState {
  const params = url.searchParams;
  const action = params.get('action');
  const id = uuidOrNull(params.get('id'));
  const assignmentId = uuidOrNull(params.get('assignment'));
  if (action === 'new') return { view: 'create', assignmentId };
  if (action === 'payment-profile') return { view: 'paymentProfile' };
  if (action === 'edit' && id) return { view: 'edit', id };
  if (action === 'delete' && id) return { view: 'delete', id };
  if (!action && id) return { view: 'billing', id };
  const rawPage = Number(params.get('page') ?? '1');
  const page = Number.isInteger(rawPage) && rawPage >= 1 && rawPage <= 10_000 ? rawPage : 1;
  const status = params.get('status');
  return { view: 'list', page, status: isBillingStatus(status) ? status : null, assignmentId };
}

export const billingHref = {
  list: (filter: Partial<BillingListFilter> & { page?: number } = {}) =>
    buildRoute('talentBilling', { query: { status: filter.status, assignment: filter.assignmentId, page: filter.page && filter.page > 1 ? filter.page : null } }),
  billing: (id: string) => buildRoute('talentBilling', { query: { id } }),
  create: (assignmentId?: string | null) => buildRoute('talentBilling', { query: { action: 'new', assignment: assignmentId } }),
  edit: (id: string) => buildRoute('talentBilling', { query: { action: 'edit', id } }),
  delete: (id: string) => buildRoute('talentBilling', { query: { action: 'delete', id } }),
  paymentProfile: () => buildRoute('talentBilling', { query: { action: 'payment-profile' } }),
};
