import type { Translate } from '../i18n/i18n';
import type { BillingView } from './billing-operations';

// The billing list shows a page of billings (newest month first) grouped by assignment;
// groups come in the order of their newest billing on the page.

export interface BillingGroup {
  /** The assignment's id, or '' for billings without one. */
  key: string;
  assignment: BillingView['assignment'];
  billings: BillingView[];
}

export function groupByAssignment(billings: readonly BillingView[]): BillingGroup[] {
  const groups = new Map<string, BillingGroup>();
  for (const billing of billings) {
    const key = billing.assignment?.id ?? '';
    const group = groups.get(key) ?? { key, assignment: billing.assignment, billings: [] };
    group.billings.push(billing);
    groups.set(key, group);
  }
  return [...groups.values()];
}

/** "Frontend Developer · Northwind Labs": the assignment's role and its client. */
export function assignmentTitle(assignment: { roleTitle: string | null; clientName: string | null } | null, t: Translate): string {
  const role = assignment?.roleTitle || t('billing.assignment.untitled');
  return t('billing.assignment.title', { role, client: assignment?.clientName || t('billing.assignment.unknownClient') });
}

/**
 * An assignment as a billing's choice: its title and the company the billing is sent to,
 * which is not the client named in the title when a provider sits in between.
 */
export function assignmentChoiceLabel(assignment: { roleTitle: string | null; clientName: string | null; reviewerName: string | null }, t: Translate): string {
  const title = assignmentTitle(assignment, t);
  return assignment.reviewerName ? t('billing.assignment.choice', { title, company: assignment.reviewerName }) : title;
}
