import type { APIRoute } from 'astro';
import { sendDocument } from '../../lib/graphql/send-document';
import { addressedId } from '../../lib/ids';
import { FIND_TALENT_JOB_APPLICATION_QUERY } from '../../lib/job-applications/job-application-pages';
import { buildRoute } from '../../lib/routes/build-route';
import { profileSummaryFilename } from '../../lib/talent/profile-summary';
import { drawProfileSummaryPdf } from '../../lib/talent/profile-summary-pdf';
import { companyTalentProfileOf, FIND_TALENT_PROFILE_QUERY } from '../../lib/talent-search/talent-profile-pages';
import { pageGraphql } from '../../server/bff/page/page-forms';
import { pdfFonts } from '../../server/bff/page/pdf-fonts';

/**
 * The applicant's profile summary as a PDF (?id=<application>): the printable summary she
 * applied with, drawn from her profile as it is now. The API decides who may read it: the
 * application must be the selected company's (talentJobApplication read) and her profile
 * readable to it (talentProfile read); one she withdrew taking back her documents has none.
 */
export const GET: APIRoute = async (context) => {
  const id = addressedId(context.url);
  if (!id) return context.rewrite('/404');
  if (!context.locals.selectedCompany) return context.redirect(buildRoute('companyMyCompanies'), 303);
  const send = pageGraphql(context);
  const application = await sendDocument(send, FIND_TALENT_JOB_APPLICATION_QUERY, { id });
  const found = application.data?.findTalentJobApplication ?? null;
  if (application.errors[0]?.extensions?.code === 'FORBIDDEN') return new Response(context.locals.t('forbidden.heading'), { status: 403, headers: { 'content-type': 'text/plain; charset=utf-8' } });
  if (!found || found.application.documentsErased) return context.rewrite('/404');
  const answer = (await sendDocument(send, FIND_TALENT_PROFILE_QUERY, { id: found.application.talent.id })).data?.findTalentProfile ?? null;
  if (!answer) return context.rewrite('/404');
  const profile = companyTalentProfileOf(answer);
  const name = profile.profileName ?? context.locals.t('jobApplications.unnamed');
  const pdf = await drawProfileSummaryPdf(profile, name, await pdfFonts(), context.locals.t, context.locals.language);
  return new Response(new Blob([pdf as Uint8Array<ArrayBuffer>], { type: 'application/pdf' }), {
    headers: {
      'content-type': 'application/pdf',
      'content-disposition': `attachment; filename="${profileSummaryFilename(name)}"`,
      // A person's profile: never kept by a shared cache.
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
    },
  });
};
