import { and, asc, count, eq, isNull } from 'drizzle-orm';
import { isUuid } from '../../../lib/ids';
import { mayAnswerRosterRequest, ROSTER_ANSWERS, type RosterAnswer, type RosterConsent } from '../../../lib/talent-roster/roster-consent';
import { company, companyTalentRoster } from '../../db/schema';
import { findMyTalentProfileId } from '../auth/my-talent-profile';
import { builder } from '../builder';
import { listedCompany } from '../companies/listed-company';
import type { Writer } from '../../db/client';
import { conflict, notFound } from '../errors';
import { pageArgs, pageOf, pageWindow } from '../pagination';
import { recordEvent } from '../record-event';
import { RosterConsentEnum } from '../talent-roster/roster-types';

// The talent's side of consent before a company holds a talent (lib/talent-roster/
// roster-consent.ts): the companies that asked to put her on their roster and wait for her
// answer, and her answer. Like every `my` operation nothing names her: a request is looked
// up among her own profile's roster entries, so another talent's, a company member's or an
// unknown id is NOT_FOUND alike, and the company has no operation that answers for her.

interface RequestRow {
  id: string;
  companyId: string;
  companyName: string;
  companyLogo: string | null;
  employmentType: string | null;
  employeeNumber: string | null;
  currency: string;
  consent: RosterConsent;
}

const RosterRequest = builder.objectRef<RequestRow>('TalentRosterRequest');
RosterRequest.implement({
  description: "A company's request to hold the signed-in talent on its talent roster",
  fields: (t) => ({
    id: t.exposeID('id', { description: 'The roster entry' }),
    companyId: t.exposeID('companyId'),
    companyName: t.exposeString('companyName'),
    companyLogo: t.exposeString('companyLogo', { nullable: true }),
    employmentType: t.exposeString('employmentType', { nullable: true, description: 'freelancer or employee, as the company put it' }),
    employeeNumber: t.exposeString('employeeNumber', { nullable: true }),
    currency: t.exposeString('currency', { description: 'The currency her balance with the company would be kept in' }),
    consent: t.field({ type: RosterConsentEnum, resolve: (row) => row.consent }),
  }),
});

const RosterRequestPage = pageOf(RosterRequest, 'TalentRosterRequest');

const RosterAnswerEnum = builder.enumType('RosterAnswer', { description: "The talent's answer to a roster request", values: ROSTER_ANSWERS });

/** The talent's roster entries, with their company (a company no longer listed is left out). */
function selectRequests(db: Writer) {
  return db
    .select({
      id: companyTalentRoster.id,
      companyId: company.id,
      companyName: company.name,
      companyLogo: company.logo,
      employmentType: companyTalentRoster.employmentType,
      employeeNumber: companyTalentRoster.employeeNumber,
      currency: companyTalentRoster.currency,
      consent: companyTalentRoster.consent,
      deletedAt: companyTalentRoster.deletedAt,
    })
    .from(companyTalentRoster)
    .innerJoin(company, eq(company.id, companyTalentRoster.companyId))
    .$dynamic();
}

const asRequest = ({ deletedAt: _removed, ...row }: RequestRow & { deletedAt: Date | null }): RequestRow => ({ ...row, currency: row.currency.trim() });

builder.queryField('myRosterRequests', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: RosterRequestPage,
    description: "The companies asking to hold the signed-in talent on their talent roster, waiting for her answer (answerMyRosterRequest), by company name; empty before she has a profile",
    args: pageArgs,
    resolve: async (_root, args, context) => {
      const window = pageWindow(args);
      const empty = { items: [], total: 0, page: window.page, perPage: window.perPage };
      const profileId = await findMyTalentProfileId(context);
      if (!profileId) return empty;
      // Open requests only (mayAnswerRosterRequest): asked, not answered, not withdrawn by the company.
      const open = and(eq(companyTalentRoster.talentProfileId, profileId), eq(companyTalentRoster.consent, 'requested'), isNull(companyTalentRoster.deletedAt), listedCompany(company));
      const [rows, [counted]] = await Promise.all([
        selectRequests(context.db).where(open).orderBy(asc(company.name), asc(companyTalentRoster.id)).limit(window.perPage).offset(window.offset),
        context.db.select({ total: count() }).from(companyTalentRoster).innerJoin(company, eq(company.id, companyTalentRoster.companyId)).where(open),
      ]);
      return { ...empty, items: rows.map(asRequest), total: counted?.total ?? 0 };
    },
  }),
);

builder.mutationField('answerMyRosterRequest', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: RosterRequest,
    description:
      "Accepts or declines a company's request to hold the signed-in talent on its roster. Only accepted links her to the company (her profile, her documents, its ledger in her balances); an answer is given once (CONFLICT alreadyAnswered); a declined company may ask again. NOT_FOUND for any id but an open request of hers. Records companyTalentRoster.update addressed to the company",
    args: { id: t.arg.id({ required: true }), consent: t.arg({ type: RosterAnswerEnum, required: true }) },
    resolve: async (_root, args, context) => {
      const id = String(args.id);
      const consent: RosterAnswer = args.consent;
      const profileId = await findMyTalentProfileId(context);
      if (!profileId || !isUuid(id)) throw notFound('This roster request');
      return context.db.transaction(async (tx) => {
        const [current] = await selectRequests(tx)
          .where(and(eq(companyTalentRoster.id, id), eq(companyTalentRoster.talentProfileId, profileId), listedCompany(company)))
          .limit(1)
          .for('update', { of: companyTalentRoster });
        // A request the company withdrew (removed the entry) is no longer hers to answer, like one that is not hers.
        if (!current || current.deletedAt) throw notFound('This roster request');
        if (!mayAnswerRosterRequest({ consent: current.consent, removed: false })) throw conflict('alreadyAnswered', 'rosterRequests.errors');
        const answeredAt = new Date();
        await tx.update(companyTalentRoster).set({ consent, consentAnsweredAt: answeredAt }).where(eq(companyTalentRoster.id, id));
        await recordEvent(tx, context.viewer, {
          type: 'companyTalentRoster.update',
          toId: current.companyId,
          data: { entityId: id, companyId: current.companyId, before: { consent: current.consent }, after: { consent, consentAnsweredAt: answeredAt.toISOString() } },
        });
        return asRequest({ ...current, consent });
      });
    },
  }),
);
