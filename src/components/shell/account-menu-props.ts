import type { AccountMenuProps } from '../../islands/account/AccountMenu';
import { buildAccountMenu, signOutAction } from '../../lib/account/account-menu';
import { SELECT_COMPANY_ENDPOINT } from '../../lib/companies/select-company';
import { verifiedCompaniesOf, type UserCompany } from '../../lib/companies/selected-company';
import type { Translate } from '../../lib/i18n/i18n';
import type { Language } from '../../lib/i18n/namespaces';
import common from '../../locales/en/common.json';
import type { CurrentUser } from '../../lib/account/current-user';

/** Every account-menu key, translated, for the island (which ships no i18n runtime). */
function accountMenuLabels(t: Translate): Record<string, string> {
  const keys: string[] = [];
  const walk = (prefix: string, node: unknown) => {
    if (typeof node === 'string') keys.push(prefix);
    else if (node && typeof node === 'object') for (const [key, value] of Object.entries(node)) walk(`${prefix}.${key}`, value);
  };
  walk('accountMenu', common.accountMenu);
  return Object.fromEntries(keys.map((key) => [key, t(key)]));
}

/** The account menu of a signed-in user (the layout's account menu), ready for the island. */
export function accountMenuProps(user: CurrentUser, options: { t: Translate; language: Language; accountSiteUrl: string | null; selectedCompany: UserCompany | null; csrfToken: string }): AccountMenuProps {
  const selected = options.selectedCompany;
  const sections = buildAccountMenu(
    {
      displayName: user.profile?.profileName || user.displayName || user.email,
      hasTalentProfile: user.profile !== null,
      selectedCompany: selected ? { id: selected.id, name: selected.name } : null,
      verifiedCompanies: verifiedCompaniesOf(user).map((company) => ({ id: company.id, name: company.name })),
      canReadCompany: selected?.permissions?.company?.read === true,
      isAdmin: user.isAdmin,
      adminPermissions: user.adminPermissions,
      isImpersonate: user.isImpersonate,
    },
    { accountSiteUrl: options.accountSiteUrl },
  );
  return {
    userName: user.profile?.profileName || user.displayName || user.email,
    sections,
    labels: accountMenuLabels(options.t),
    logoutAction: signOutAction(options.language),
    logoutToken: options.csrfToken,
    switchCompanyAction: SELECT_COMPANY_ENDPOINT,
    csrfToken: options.csrfToken,
  };
}
