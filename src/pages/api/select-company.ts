import type { APIRoute } from 'astro';
import { selectCompanyFormSchema } from '../../lib/companies/select-company-form';
import { verifiedCompaniesOf } from '../../lib/companies/selected-company';
import { parseForm } from '../../lib/forms/parse-form';
import { buildRoute } from '../../lib/routes/build-route';

const textResponse = (message: string, status: number) =>
  new Response(message, { status, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' } });

/**
 * The account menu's company switcher (the selected company): a plain form POST of `companyId`
 * with the session's anti-forgery token, so it works without JavaScript too. Only one of
 * the user's verified companies is stored as the session's selected company; then the
 * browser goes to the company dashboard.
 */
export const POST: APIRoute = async ({ request, locals }) => {
  const { bff } = locals.services;
  const { session, t } = locals;
  const dashboard = buildRoute('companyDashboard');
  const seeOther = (location: string) => new Response(null, { status: 303, headers: { location, 'cache-control': 'no-store' } });
  if (!session) return seeOther(buildRoute('signIn', { query: { returnTo: dashboard } }));

  const form = await request.formData().catch(() => null);
  if (!form || !bff.verifyCsrf(session, form.get('csrf'))) return textResponse(t('errors.forbidden'), 403);

  // Endpoints get the session only: the user's companies come fresh from the API.
  const user = await bff.currentUser(session, dashboard);
  if (!user) return seeOther(buildRoute('signIn', { query: { returnTo: dashboard } }));
  const parsed = parseForm(form, selectCompanyFormSchema);
  const chosen = parsed.ok ? verifiedCompaniesOf(user).find((company) => company.id === parsed.value.companyId) : undefined;
  if (!chosen) return textResponse(t('accountMenu.switchRefused'), 422);

  await bff.selectCompany(session, chosen.id);
  return seeOther(dashboard);
};

export const GET: APIRoute = () => new Response(null, { status: 405, headers: { allow: 'POST' } });
