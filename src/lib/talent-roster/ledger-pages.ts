import { companyRefusal } from '../forms/company-refusals';
import { answerIssues } from '../forms/answer-issues';
import { typedForm } from '../forms/form-values';
import { type ActionOutcome, fieldErrorsOf, type FormOutcome } from '../forms/form-outcome';
import { parseForm } from '../forms/parse-form';
import { graphql, type ResultOf } from '../graphql/graphql';
import { sendDocument, type SendGraphql } from '../graphql/send-document';
import type { Translate } from '../i18n/i18n';
import { isUuid, postedId } from '../ids';
import { allTimePeriod, type Period } from '../transactions/period-presets';
import { readTransactionFilter, type TransactionFilter } from '../transactions/transaction-filter';
import { dataOf } from '../graphql/answer-data';
import { BALANCE_TRANSACTION_EXPORT_FRAGMENT, BALANCE_TRANSACTION_PAGE_FRAGMENT, BALANCE_TRANSACTION_TOTAL_FRAGMENT, transactionSpan } from '../transactions/transaction-queries';
import { ledgerEntrySchema } from './ledger-rules';
import { ledgerRefusalOf, rosterHoldsTalent } from './roster-consent';
import { talentNameOf } from './roster-pages';
import { TALENT_ROSTER_ERRORS } from './roster-input';

// The documents and pure handlers of /company/transactions and its CSV export:
// the company's side of the talents' ledger, read with the talent page's filter, period
// presets, table, CSV and readers (readTransactions, readExport), plus booking an entry
// and reversing one.

const WORDS = 'companyTransactions';
/** Roster entries offered in the filter and the booking form; the API caps a page at 100. */
const ENTRY_CHOICES_LIMIT = 100;

const LEDGER_ROSTER_ENTRY_FRAGMENT = graphql(`
  fragment LedgerRosterEntryFields on CompanyTalentRoster { id talentName consent employeeNumber balance currency transactionCount removedAt concernsYou }
`);

export const COMPANY_LEDGER_CONTEXT_QUERY = graphql(
  `
  query CompanyLedgerContext($perPage: Int) {
    findManyCompanyTalentRoster(includeRemoved: true, perPage: $perPage) {
      items { ...LedgerRosterEntryFields }
      total
    }
    findManyCompanyTalentRosterBalance { currency balance entries owed firstTransactionAt lastTransactionAt }
    findManyCompanyCredit { id amount currency until expired }
    findManyCompanyCreditChange { id creditId action amount currency until reason createdAt }
  }
`,
  [LEDGER_ROSTER_ENTRY_FRAGMENT],
);

/** The entry the address names (entry=), when it is not among the entries the filter lists. */
const COMPANY_LEDGER_ENTRY_QUERY = graphql(
  `
  query CompanyLedgerEntry($id: ID!) {
    findCompanyTalentRoster(id: $id) { ...LedgerRosterEntryFields }
  }
`,
  [LEDGER_ROSTER_ENTRY_FRAGMENT],
);

export const COMPANY_TRANSACTIONS_QUERY = graphql(
  `
  query CompanyBalanceTransactions($filter: BalanceTransactionFilter!, $page: Int, $perPage: Int, $sort: BalanceTransactionSort) {
    page: findManyTalentBalanceTransaction(filter: $filter, page: $page, perPage: $perPage, sort: $sort) { ...BalanceTransactionPageFields }
    totals: findManyTalentBalanceTransactionTotal(filter: $filter) { ...BalanceTransactionTotalFields }
  }
`,
  [BALANCE_TRANSACTION_PAGE_FRAGMENT, BALANCE_TRANSACTION_TOTAL_FRAGMENT],
);

export const COMPANY_TRANSACTIONS_EXPORT_QUERY = graphql(
  `
  query CompanyBalanceTransactionExport($filter: BalanceTransactionFilter!, $sort: BalanceTransactionSort, $after: ID) {
    ledgerExport: findManyTalentBalanceTransactionExport(filter: $filter, sort: $sort, after: $after) { ...BalanceTransactionExportFields }
  }
`,
  [BALANCE_TRANSACTION_EXPORT_FRAGMENT],
);

export const CREATE_ONE_TALENT_BALANCE_TRANSACTION_MUTATION = graphql(`
  mutation CreateOneTalentBalanceTransaction($companyTalentRosterId: ID!, $data: CreateOneTalentBalanceTransactionInput!) {
    createOneTalentBalanceTransaction(companyTalentRosterId: $companyTalentRosterId, data: $data) { id }
  }
`);

export const REVERSE_TALENT_BALANCE_TRANSACTION_MUTATION = graphql(`
  mutation ReverseTalentBalanceTransaction($id: ID!) {
    reverseTalentBalanceTransaction(id: $id) { id }
  }
`);

type ContextAnswer = ResultOf<typeof COMPANY_LEDGER_CONTEXT_QUERY>;
export type LedgerRosterEntry = ContextAnswer['findManyCompanyTalentRoster']['items'][number];
export type LedgerBalance = ContextAnswer['findManyCompanyTalentRosterBalance'][number];
export type LedgerCredit = ContextAnswer['findManyCompanyCredit'][number];
export type LedgerCreditChange = ContextAnswer['findManyCompanyCreditChange'][number];

export interface CompanyTransactionsRequest {
  entries: LedgerRosterEntry[];
  /** More roster entries than the filter offers: the rest are reached from the roster pages. */
  moreEntries: boolean;
  balances: LedgerBalance[];
  credits: LedgerCredit[];
  /** What the platform granted, changed and ended, newest first, with its reasons. */
  creditChanges: LedgerCreditChange[];
  /** What a bare /company/transactions shows: the whole ledger. */
  allTime: Period;
  filter: TransactionFilter;
}

/**
 * What the page and the CSV export both start from: the roster entries (the filter's and
 * the booking form's choices), the balances per currency (their currencies and the span of
 * "all time"), the credits, and the address's filter. Throws when the API failed.
 */
export async function readCompanyTransactionsRequest(send: SendGraphql, url: URL, today: Date): Promise<CompanyTransactionsRequest> {
  // The entry a link names (a roster entry's details, a booking) may be past the listed ones:
  // read on its own, it is offered too; another company's id is NOT_FOUND and dropped.
  const named = url.searchParams.get('entry');
  const [answer, namedEntry] = await Promise.all([
    sendDocument(send, COMPANY_LEDGER_CONTEXT_QUERY, { perPage: ENTRY_CHOICES_LIMIT }),
    named && isUuid(named) ? sendDocument(send, COMPANY_LEDGER_ENTRY_QUERY, { id: named }).then((entry) => entry.data?.findCompanyTalentRoster ?? null) : null,
  ]);
  const data = dataOf(answer, 'the roster');
  const listed = data.findManyCompanyTalentRoster.items;
  const entries = namedEntry && !listed.some((entry) => entry.id === namedEntry.id) ? [...listed, namedEntry] : listed;
  const balances = data.findManyCompanyTalentRosterBalance;
  const span = transactionSpan(balances);
  const allTime = allTimePeriod(today, span.first, span.last);
  const filter = readTransactionFilter(url, { rosterEntryIds: entries.map((entry) => entry.id), currencies: balances.map((balance) => balance.currency), defaultPeriod: allTime });
  return { entries, moreEntries: data.findManyCompanyTalentRoster.total > listed.length, balances, credits: data.findManyCompanyCredit, creditChanges: data.findManyCompanyCreditChange, allTime, filter };
}

/** A roster entry as a choice: the talent, the employee number and the currency; removed ones and unanswered or declined requests say so. */
export function entryLabel(entry: LedgerRosterEntry, t: Translate): string {
  const parts = [talentNameOf(entry, t), entry.employeeNumber, entry.currency].filter(Boolean).join(' · ');
  if (entry.removedAt) return t(`${WORDS}.removedEntry`, { entry: parts });
  return rosterHoldsTalent(entry.consent) ? parts : `${parts} (${t(`talentRoster.consent.${entry.consent}`)})`;
}

/** The entries the booking form offers: those that take entries (ledgerRefusalOf: on the roster and accepted). */
export const bookableEntries = (entries: readonly LedgerRosterEntry[]) => entries.filter((entry) => ledgerRefusalOf({ consent: entry.consent, removed: entry.removedAt !== null }) === null);

export const LEDGER_ENTRY_FIELDS = ['companyTalentRosterId', 'type', 'change'] as const;
export type LedgerEntryFormValues = Record<(typeof LEDGER_ENTRY_FIELDS)[number], string>;

export type LedgerEntryOutcome = FormOutcome<LedgerEntryFormValues, { rosterEntryId: string }>;

/** "Book an entry": the roster entry, a type and a signed change, checked with the API's rules first. */
export async function submitLedgerEntry(form: FormData, send: SendGraphql, t: Translate): Promise<LedgerEntryOutcome> {
  const values = typedForm(form, LEDGER_ENTRY_FIELDS);
  const rosterEntryId = postedId(form, 'companyTalentRosterId');
  const parsed = parseForm(form, ledgerEntrySchema);
  const fieldErrors = parsed.ok ? {} : fieldErrorsOf(parsed.issues, t, TALENT_ROSTER_ERRORS);
  if (!rosterEntryId) fieldErrors.companyTalentRosterId = t(`${WORDS}.entryRequired`);
  if (!parsed.ok || !rosterEntryId) return { kind: 'invalid', values, fieldErrors, formError: t(`${WORDS}.invalid`), status: 422 };
  const answer = await sendDocument(send, CREATE_ONE_TALENT_BALANCE_TRANSACTION_MUTATION, { companyTalentRosterId: rosterEntryId, data: parsed.value });
  if (answer.data?.createOneTalentBalanceTransaction && !answer.errors.length) return { kind: 'done', rosterEntryId };
  const { issues } = answerIssues(answer.errors);
  if (issues.length) return { kind: 'invalid', values, fieldErrors: fieldErrorsOf(issues, t, TALENT_ROSTER_ERRORS), formError: t(`${WORDS}.invalid`), status: 422 };
  const refusal = companyRefusal(answer.errors, t, WORDS);
  return { kind: 'invalid', values, fieldErrors: {}, formError: refusal.message, status: refusal.status };
}

export type ReversalOutcome = ActionOutcome;

/** "Reverse" on a row: books the opposite entry; a removed roster entry's code is worded. */
export async function submitReversal(form: FormData, send: SendGraphql, t: Translate): Promise<ReversalOutcome> {
  const id = postedId(form);
  if (!id) return { kind: 'refused', message: t(`${WORDS}.gone`), status: 422 };
  const answer = await sendDocument(send, REVERSE_TALENT_BALANCE_TRANSACTION_MUTATION, { id });
  if (answer.data?.reverseTalentBalanceTransaction && !answer.errors.length) return { kind: 'done' };
  const [issue] = answerIssues(answer.errors).issues;
  if (issue) return { kind: 'refused', message: fieldErrorsOf([issue], t, TALENT_ROSTER_ERRORS)[issue.path]!, status: 422 };
  return { kind: 'refused', ...companyRefusal(answer.errors, t, WORDS) };
}
