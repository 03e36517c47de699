import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { isUuid } from '../../../lib/ids';
import { getTranslator } from '../../../lib/i18n/i18n';
import {
  POOL_CONSENT_ANSWERS,
  POOL_CONSENT_ERRORS,
  POOL_CONSENT_STATUSES,
  poolConsentAnswers,
  poolKeepsTalent,
  type PoolConsentAnswer,
  type PoolConsentStatus,
} from '../../../lib/talent-pools/pool-consent';
import { poolConsentEndsOn } from '../../../lib/talent-pools/retention';
import type { Writer } from '../../db/client';
import { company, companySavedTalent, talentPoolConsent, talentProfile } from '../../db/schema';
import type { Viewer } from '../auth/viewer';
import { findMyTalentProfileId } from '../auth/my-talent-profile';
import { builder } from '../builder';
import { listedCompany } from '../companies/listed-company';
import { conflict, forbiddenBecause, notFound } from '../errors';
import { pageArgs, pageOf, pageWindow } from '../pagination';
import { recordEvent } from '../record-event';
import { requestLanguage } from '../request-language';
import { poolLastContact } from './pool-last-contact';

// Consent for talent pools (lib/talent-pools/pool-consent.ts): the company's side asks by
// saving her (askPoolConsent, called by saved-talents.ts), the talent's side lists the
// companies that asked and answers. Like every `my` operation nothing names her: a consent is
// looked up among her own profile's, so another talent's id is NOT_FOUND. Only she answers:
// the company has no operation for it, and nobody acting as her may (FORBIDDEN impersonating).

export const PoolConsentStatusEnum = builder.enumType('TalentPoolConsentStatus', {
  description: "Where a talent's consent to a company's talent pool stands: requested (asked, waiting), accepted, declined, withdrawn (a no after a yes)",
  values: POOL_CONSENT_STATUSES,
});

const PoolConsentAnswerEnum = builder.enumType('TalentPoolConsentAnswer', {
  description: "The talent's answer: accepted or declined to an open request, withdrawn after accepting, accepted again after a no",
  values: POOL_CONSENT_ANSWERS,
});

interface ConsentRow {
  id: string;
  companyId: string;
  companyName: string;
  companyLogo: string | null;
  status: PoolConsentStatus;
  requestedAt: Date;
  answeredAt: Date | null;
  shownText: string | null;
  shownLanguage: string | null;
  /** Her last agreement (the stored column); lastContactAt adds her applications and messages (pool-last-contact.ts). */
  agreedAt: Date | null;
  lastContactAt: Date | null;
  /** The company's period for pool agreements (retention.ts). */
  poolConsentMonths: number;
}

const PoolConsent = builder.objectRef<ConsentRow>('TalentPoolConsent');
PoolConsent.implement({
  description: "A company's request to keep the signed-in talent in its talent pool, and her answer",
  fields: (t) => ({
    id: t.exposeID('id'),
    companyId: t.exposeID('companyId'),
    companyName: t.exposeString('companyName'),
    companyLogo: t.exposeString('companyLogo', { nullable: true }),
    status: t.field({ type: PoolConsentStatusEnum, resolve: (row) => row.status }),
    answers: t.field({ type: [PoolConsentAnswerEnum], description: 'The answers she may give now', resolve: (row) => [...poolConsentAnswers(row.status)] }),
    requestedAt: t.field({ type: 'DateTime', resolve: (row) => row.requestedAt }),
    answeredAt: t.field({ type: 'DateTime', nullable: true, resolve: (row) => row.answeredAt }),
    shownText: t.exposeString('shownText', { nullable: true, description: 'The words she was shown when she last answered, as she read them' }),
    shownLanguage: t.exposeString('shownLanguage', { nullable: true }),
    validUntil: t.field({
      type: 'DateTime',
      nullable: true,
      description: "While accepted: the company's pool period (at most two years) after the last contact (her last agreement, application to the company, or message with it)",
      resolve: (row) => (row.status === 'accepted' && row.lastContactAt ? poolConsentEndsOn(row.lastContactAt, row.poolConsentMonths) : null),
    }),
  }),
});

const PoolConsentPage = pageOf(PoolConsent, 'TalentPoolConsent');

function selectConsents(db: Writer) {
  return db
    .select({
      id: talentPoolConsent.id,
      companyId: company.id,
      companyName: company.name,
      companyLogo: company.logo,
      status: talentPoolConsent.status,
      requestedAt: talentPoolConsent.requestedAt,
      answeredAt: talentPoolConsent.answeredAt,
      shownText: talentPoolConsent.shownText,
      shownLanguage: talentPoolConsent.shownLanguage,
      agreedAt: talentPoolConsent.lastContactAt,
      lastContactAt: poolLastContact,
      poolConsentMonths: company.poolConsentMonths,
    })
    .from(talentPoolConsent)
    .innerJoin(company, eq(company.id, talentPoolConsent.companyId))
    .$dynamic();
}

/** The words of the request as the talent reads them, in one language: what the page shows and what an answer keeps. */
export function poolConsentText(companyName: string, language: ReturnType<typeof requestLanguage>): string {
  return getTranslator(['common'], language)('talentPools.consentText', { company: companyName });
}

/**
 * The company's side, as it saves a talent: refuses one who said no (CONFLICT poolDeclined,
 * worded in `errorsPrefix`), and asks her the first time, which records
 * talentPoolConsent.create addressed to her (her bell and mail). Locks the consent row so a
 * save racing her answer sees it.
 */
export async function askPoolConsent(
  tx: Writer,
  viewer: Viewer,
  asked: { companyId: string; talentProfileId: string; requestedById: string },
  errorsPrefix: string,
): Promise<void> {
  const [present] = await tx
    .select({ status: talentPoolConsent.status })
    .from(talentPoolConsent)
    .where(and(eq(talentPoolConsent.companyId, asked.companyId), eq(talentPoolConsent.talentProfileId, asked.talentProfileId)))
    .limit(1)
    .for('update');
  if (present) {
    if (!poolKeepsTalent(present.status)) throw conflict('poolDeclined', errorsPrefix);
    return;
  }
  // Two first saves at once: the unique index keeps one request, and one event.
  const [created] = await tx.insert(talentPoolConsent).values(asked).onConflictDoNothing().returning({ id: talentPoolConsent.id });
  if (!created) return;
  const [talent] = await tx.select({ userId: talentProfile.userId }).from(talentProfile).where(eq(talentProfile.id, asked.talentProfileId)).limit(1);
  await recordEvent(tx, viewer, {
    type: 'talentPoolConsent.create',
    toId: talent?.userId ?? null,
    data: { entityId: created.id, companyId: asked.companyId, before: null, after: { status: 'requested' } },
  });
}

/** Of these talents, those who said no to the company's pool (declined, withdrew, or let it end): it cannot save them. */
export async function talentsRefusingPool(db: Writer, companyId: string, talentProfileIds: readonly string[]): Promise<Set<string>> {
  if (!talentProfileIds.length) return new Set();
  const rows = await db
    .select({ talentProfileId: talentPoolConsent.talentProfileId, status: talentPoolConsent.status })
    .from(talentPoolConsent)
    .where(and(eq(talentPoolConsent.companyId, companyId), inArray(talentPoolConsent.talentProfileId, [...talentProfileIds])));
  return new Set(rows.filter((row) => !poolKeepsTalent(row.status)).map((row) => row.talentProfileId));
}

builder.queryField('myTalentPoolConsents', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: PoolConsentPage,
    description: 'The companies that asked to keep the signed-in talent in their talent pool, open requests first, then by company name; empty before she has a profile',
    args: pageArgs,
    resolve: async (_root, args, context) => {
      const window = pageWindow(args);
      const empty = { items: [], total: 0, page: window.page, perPage: window.perPage };
      const profileId = await findMyTalentProfileId(context);
      if (!profileId) return empty;
      const mine = and(eq(talentPoolConsent.talentProfileId, profileId), listedCompany(company));
      const [rows, [counted]] = await Promise.all([
        selectConsents(context.db)
          .where(mine)
          .orderBy(sql`(${talentPoolConsent.status} = 'requested') desc`, asc(company.name), asc(talentPoolConsent.id))
          .limit(window.perPage)
          .offset(window.offset),
        context.db.select({ total: count() }).from(talentPoolConsent).innerJoin(company, eq(company.id, talentPoolConsent.companyId)).where(mine),
      ]);
      return { ...empty, items: rows, total: counted?.total ?? 0 };
    },
  }),
);

builder.mutationField('answerMyTalentPoolConsent', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: PoolConsent,
    description:
      "Answers a company's request to keep the signed-in talent in its talent pool: accepted or declined while open, renewed (accepted) or withdrawn after accepting, accepted again after a no or once it expired (else CONFLICT answerNotAllowed). The words she was shown are kept with the answer, in the request's language. A no removes her from the company's saved talents at once. FORBIDDEN impersonating: consent is hers alone. NOT_FOUND for any id but one of hers. Records talentPoolConsent.update addressed to the company",
    args: { id: t.arg.id({ required: true }), answer: t.arg({ type: PoolConsentAnswerEnum, required: true }) },
    resolve: async (_root, args, context) => {
      if (context.viewer.actor !== null) throw forbiddenBecause('impersonating', POOL_CONSENT_ERRORS);
      const id = String(args.id);
      const answer: PoolConsentAnswer = args.answer;
      const profileId = await findMyTalentProfileId(context);
      if (!profileId || !isUuid(id)) throw notFound('This talent pool request');
      return context.db.transaction(async (tx) => {
        const [current] = await selectConsents(tx)
          .where(and(eq(talentPoolConsent.id, id), eq(talentPoolConsent.talentProfileId, profileId), listedCompany(company)))
          .limit(1)
          .for('update', { of: talentPoolConsent });
        if (!current) throw notFound('This talent pool request');
        if (!poolConsentAnswers(current.status).includes(answer)) throw conflict('answerNotAllowed', POOL_CONSENT_ERRORS);
        const language = requestLanguage();
        const answeredAt = new Date();
        const answered = {
          status: answer,
          answeredAt,
          shownText: poolConsentText(current.companyName, language),
          shownLanguage: language,
          // A yes (a renewal too) starts the company's period afresh, and a renewal mail may come
          // again before its end; a no keeps the last agreement for the record.
          lastContactAt: answer === 'accepted' ? answeredAt : current.agreedAt,
          renewalMailedAt: null,
          updatedAt: answeredAt,
        };
        await tx.update(talentPoolConsent).set(answered).where(eq(talentPoolConsent.id, id));
        const removed = poolKeepsTalent(answer)
          ? []
          : await tx
              .delete(companySavedTalent)
              .where(and(eq(companySavedTalent.companyId, current.companyId), eq(companySavedTalent.talentProfileId, profileId)))
              .returning({ id: companySavedTalent.id });
        await recordEvent(tx, context.viewer, {
          type: 'talentPoolConsent.update',
          toId: current.companyId,
          data: {
            entityId: id,
            companyId: current.companyId,
            before: { status: current.status },
            after: { status: answer, answeredAt: answeredAt.toISOString(), shownLanguage: language },
            ...(removed.length ? { removedSavedTalents: removed.length } : {}),
          },
        });
        return { ...current, ...answered };
      });
    },
  }),
);
