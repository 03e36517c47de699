import { Menu, MenuButton, MenuItem, MenuItems, MenuSection, MenuHeading, MenuSeparator } from '@headlessui/react';
import { Fragment, useRef, type Ref } from 'react';
import type { AccountMenuCompany, AccountMenuLink, AccountMenuSection } from '../../lib/account/account-menu';
import { selectedCompanyId } from '../stores/current-user';

export interface AccountMenuProps {
  /** The signed-in user's name, shown on the button. */
  userName: string;
  sections: AccountMenuSection[];
  /** Every label, already translated by the server (keys of the sections included). */
  labels: Record<string, string>;
  /** Where the logout form posts; omitted until sign-out exists. */
  logoutAction?: string;
  /** Anti-forgery token the logout form carries. */
  logoutToken?: string;
  /** Where choosing a company posts (companyId); the server stores it and redirects to the company dashboard. */
  switchCompanyAction?: string;
  /** Anti-forgery token the company switch forms carry. */
  csrfToken?: string;
}

function label(labels: Record<string, string>, key: string) {
  return labels[key] ?? key;
}

/**
 * Logout is a POST carrying the anti-forgery token. The form sits outside the dropdown, whose
 * entry submits it (the dropdown unmounts before a submit button's default action runs).
 */
function LogoutForm({ action, token, formRef }: { action: string; token?: string; formRef?: Ref<HTMLFormElement> }) {
  return (
    <form method="post" action={action} ref={formRef} data-sign-out="">
      {token ? <input type="hidden" name="csrf" value={token} /> : null}
    </form>
  );
}

/** The selected company is mirrored to local storage (through the current-user store). */
function rememberSelectedCompany(companyId: string) {
  selectedCompanyId.set(companyId);
}

/**
 * Choosing a company is a plain POST of `companyId` with the anti-forgery token: the
 * server stores it in the session and redirects to the company dashboard.
 */
function SwitchCompanyForm({ action, token, formRef, inputRef }: {
  action: string;
  token?: string;
  formRef?: Ref<HTMLFormElement>;
  inputRef?: Ref<HTMLInputElement>;
}) {
  return (
    <form
      method="post"
      action={action}
      ref={formRef}
      onSubmit={(event) => {
        const chosen = new FormData(event.currentTarget).get('companyId');
        if (typeof chosen === 'string' && chosen) rememberSelectedCompany(chosen);
      }}
    >
      {token ? <input type="hidden" name="csrf" value={token} /> : null}
      <input type="hidden" name="companyId" ref={inputRef} />
    </form>
  );
}

/** A company's name, and for the one the user is in a check mark and "(current)" for screen readers (as in the phone menu). */
function CompanyChoice({ company, labels }: { company: AccountMenuCompany; labels: Record<string, string> }) {
  return (
    <>
      <span translate="no">{company.name}</span>
      {company.current ? (
        <>
          <span aria-hidden="true"> ✓</span>
          <span className="sr-only"> {label(labels, 'accountMenu.currentCompany')}</span>
        </>
      ) : null}
    </>
  );
}

/** The line under a section's heading (the company the user is in). */
function SectionDetail({ detail, labels }: { detail?: string; labels: Record<string, string> }) {
  if (!detail) return null;
  return (
    <p className="px-2 text-small text-gray-600">
      {label(labels, 'accountMenu.currentlyIn')} {detail}
    </p>
  );
}

/**
 * A section's link; an external one opens in a new tab. A plain element rather than a
 * component, so that Headless UI's MenuItem hands its props (focus, role) to the anchor itself.
 */
function sectionLink(link: AccountMenuLink, labels: Record<string, string>, className: string) {
  return (
    <a href={link.href} className={className} {...(link.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
      {link.text ?? label(labels, link.labelKey)}
    </a>
  );
}

/**
 * The signed-in user's account menu on wide screens: a dropdown. Narrow screens have the
 * server-rendered phone menu instead (components/shell/PhoneMenu.astro), built from the
 * same sections.
 */
export default function AccountMenu({ userName, sections, labels, logoutAction, logoutToken, switchCompanyAction, csrfToken }: AccountMenuProps) {
  const logoutFormRef = useRef<HTMLFormElement>(null);
  const switchFormRef = useRef<HTMLFormElement>(null);
  const switchInputRef = useRef<HTMLInputElement>(null);
  const buttonLabel = label(labels, 'accountMenu.open');
  const canSwitch = Boolean(switchCompanyAction) && sections.some((section) => section.switchCompanies?.length);
  const chooseCompany = (companyId: string) => {
    if (!switchInputRef.current) return;
    switchInputRef.current.value = companyId;
    switchFormRef.current?.requestSubmit();
  };

  return (
    <>
      {logoutAction ? <LogoutForm action={logoutAction} token={logoutToken} formRef={logoutFormRef} /> : null}
      {canSwitch ? <SwitchCompanyForm action={switchCompanyAction!} token={csrfToken} formRef={switchFormRef} inputRef={switchInputRef} /> : null}
      <Menu as="div" className="relative">
        <MenuButton className="flex items-center gap-1 rounded px-1 py-0.5 font-medium hover:bg-primary-light">
          {/* The visible name starts the accessible name (WCAG 2.5.3 label in name). */}
          <span translate="no">{userName}</span>
          <span className="sr-only">, {buttonLabel}</span>
          <span aria-hidden="true">▾</span>
        </MenuButton>
        <MenuItems modal={false} anchor="bottom end" className="z-40 mt-0.5 w-drawer rounded-md border border-gray-200 bg-white py-1 shadow-lg focus:outline-none">
          {sections.map((section, index) => (
            <Fragment key={index}>
              {index > 0 ? <MenuSeparator className="my-0.5 h-px bg-gray-200" /> : null}
              <MenuSection>
                {section.headingKey ? (
                  <MenuHeading className="px-2 pt-0.5 text-small font-semibold uppercase text-gray-600">
                    {label(labels, section.headingKey)}
                  </MenuHeading>
                ) : null}
                <SectionDetail detail={section.detail} labels={labels} />
                {canSwitch && section.switchCompanies?.length ? (
                  <MenuSection>
                    <MenuHeading className="px-2 pt-0.5 text-small font-semibold text-gray-700">{label(labels, 'accountMenu.switchCompany')}</MenuHeading>
                    {/* Like logout: the menu unmounts before a submit button's default action runs. */}
                    {section.switchCompanies.map((company) => (
                      <MenuItem
                        key={company.id}
                        as="button"
                        type="button"
                        disabled={company.current}
                        onClick={() => chooseCompany(company.id)}
                        className="block w-full px-3 py-1 text-left data-disabled:text-gray-600 data-focus:bg-primary-light"
                      >
                        <CompanyChoice company={company} labels={labels} />
                      </MenuItem>
                    ))}
                  </MenuSection>
                ) : null}
                {section.links.map((item) => (
                  <MenuItem key={item.href + item.labelKey}>{sectionLink(item, labels, 'block px-2 py-1 data-focus:bg-primary-light')}</MenuItem>
                ))}
              </MenuSection>
            </Fragment>
          ))}
          {logoutAction ? (
            <>
              <MenuSeparator className="my-0.5 h-px bg-gray-200" />
              {/* Choosing an item unmounts the menu before a submit button's default action
                  runs, so the entry submits the form itself. */}
              <MenuItem
                as="button"
                type="button"
                onClick={() => logoutFormRef.current?.requestSubmit()}
                className="block w-full px-2 py-1 text-left data-focus:bg-primary-light"
              >
                {label(labels, 'accountMenu.signOut')}
              </MenuItem>
            </>
          ) : null}
        </MenuItems>
      </Menu>

    </>
  );
}
