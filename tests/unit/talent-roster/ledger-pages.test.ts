import { describe, expect, it } from 'vitest';
import type { GraphqlAnswerLike, SendGraphql } from '../../../src/lib/graphql/send-document';
import { readCompanyTransactionsRequest } from '../../../src/lib/talent-roster/ledger-pages';

// The company's transactions page reads the roster entries its filter offers (the first 100
// by name) and the entry its address names: a link from any entry's details opens that
// entry's ledger, the 5,000th as the first; another company's entry is dropped.

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const entry = (n: number) => ({ id: id(n), talentName: `Talent ${n}`, consent: 'accepted', employeeNumber: null, balance: '0.00', currency: 'EUR', transactionCount: 1, removedAt: null, concernsYou: false });
const LISTED = Array.from({ length: 100 }, (_, n) => entry(n + 1));
const PAST_THE_LIST = entry(5000);
const TODAY = new Date('2026-11-30T12:00:00Z');

/** A fake API: the first 100 of 10,000 entries, and one entry by id when it is the company's. */
function api() {
  const asked: string[] = [];
  const send: SendGraphql = async (body): Promise<GraphqlAnswerLike> => {
    asked.push(body.operationName ?? '');
    if (body.operationName === 'CompanyLedgerEntry') {
      const found = [...LISTED, PAST_THE_LIST].find((row) => row.id === body.variables?.id);
      return found ? { status: 200, body: { data: { findCompanyTalentRoster: found } } } : { status: 200, body: { data: null, errors: [{ message: 'The roster entry was not found', extensions: { code: 'NOT_FOUND' } }] } };
    }
    return {
      status: 200,
      body: {
        data: {
          findManyCompanyTalentRoster: { items: LISTED, total: 10_000 },
          findManyCompanyTalentRosterBalance: [{ currency: 'EUR', balance: '0.00', entries: 10_000, owed: '0.00', firstTransactionAt: '2022-01-03T00:00:00Z', lastTransactionAt: '2026-11-02T00:00:00Z' }],
          findManyCompanyCredit: [],
          findManyCompanyCreditChange: [],
        },
      },
    };
  };
  return { send, asked };
}

const pageAt = (query: string) => new URL(`http://talentplace.test/company/transactions${query}`);

describe('the ledger filter offers the entry a link names (company transactions)', () => {
  it('keeps an entry past the listed ones, offered after them', async () => {
    const request = await readCompanyTransactionsRequest(api().send, pageAt(`?entry=${PAST_THE_LIST.id}`), TODAY);
    expect(request.filter.rosterEntryId).toBe(PAST_THE_LIST.id);
    expect(request.entries.at(-1)).toEqual(PAST_THE_LIST);
    expect(request.entries).toHaveLength(101);
    expect(request.moreEntries).toBe(true);
  });

  it('keeps a listed entry once', async () => {
    const request = await readCompanyTransactionsRequest(api().send, pageAt(`?entry=${id(7)}`), TODAY);
    expect(request.filter.rosterEntryId).toBe(id(7));
    expect(request.entries).toHaveLength(100);
  });

  it("drops another company's entry (NOT_FOUND) and a malformed id, asking nothing for the latter", async () => {
    expect((await readCompanyTransactionsRequest(api().send, pageAt(`?entry=${id(99_999)}`), TODAY)).filter.rosterEntryId).toBeNull();
    const { send, asked } = api();
    const request = await readCompanyTransactionsRequest(send, pageAt('?entry=not-an-id'), TODAY);
    expect(request.filter.rosterEntryId).toBeNull();
    expect(request.entries).toHaveLength(100);
    expect(asked).toEqual(['CompanyLedgerContext']);
  });
});
