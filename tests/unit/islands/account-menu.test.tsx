import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import AccountMenu from '../../../src/islands/account/AccountMenu';
import { buildAccountMenu } from '../../../src/lib/account/account-menu';
import { getTranslator } from '../../../src/lib/i18n/i18n';
import common from '../../../src/locales/en/common.json';

afterEach(cleanup);

const t = getTranslator();
const labels = Object.fromEntries(
  Object.keys(common.accountMenu).flatMap((key) => {
    const value = (common.accountMenu as Record<string, unknown>)[key];
    return typeof value === 'string'
      ? [[`accountMenu.${key}`, value]]
      : Object.keys(value as object).map((sub) => [`accountMenu.${key}.${sub}`, t(`accountMenu.${key}.${sub}`)]);
  }),
);

const sections = buildAccountMenu(
  { displayName: 'Ada Lovelace', hasTalentProfile: true, selectedCompany: { id: 'c1', name: 'Acme' }, verifiedCompanies: [{ id: 'c1', name: 'Acme' }], canReadCompany: true, isAdmin: true, isImpersonate: false },
  { accountSiteUrl: 'https://account.example', isLive: () => true },
);

describe('account menu island', () => {
  it('opens with the mouse and lists every section the user may see', async () => {
    render(<AccountMenu userName="Ada Lovelace" sections={sections} labels={labels} logoutAction="/sign-out" logoutToken="token-1" />);
    const [desktopButton] = screen.getAllByRole('button', { name: /Account menu$/ });
    await userEvent.click(desktopButton!);
    const menu = screen.getByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'My profile' })).toHaveProperty('href', 'http://localhost:3000/talent/profile');
    expect(within(menu).getByText('Super User Actions')).toBeTruthy();
    expect(within(menu).getByText(/currently in/).textContent).toBe('currently in Acme');
    const myAccount = within(menu).getByRole('menuitem', { name: 'My Account' });
    expect(myAccount.getAttribute('target')).toBe('_blank');
    const submitted: string[] = [];
    document.addEventListener('submit', (event) => {
      event.preventDefault();
      const form = event.target as HTMLFormElement;
      submitted.push(`${form.method} ${form.getAttribute('action')} ${new FormData(form).get('csrf')}`);
    });
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Sign out' }));
    expect(submitted).toEqual(['post /sign-out token-1']);
  });

  it('opens from the keyboard and moves focus into the menu', async () => {
    render(<AccountMenu userName="Ada Lovelace" sections={sections} labels={labels} />);
    const [desktopButton] = screen.getAllByRole('button', { name: /Account menu$/ });
    desktopButton!.focus();
    await userEvent.keyboard('{Enter}');
    // Headless UI keeps focus on the menu and points at the active item.
    const menu = screen.getByRole('menu');
    const items = within(menu).getAllByRole('menuitem');
    await waitFor(() => expect(document.activeElement).toBe(menu));
    expect(menu.getAttribute('aria-activedescendant')).toBe(items[0]!.id);
    await userEvent.keyboard('{ArrowDown}');
    expect(menu.getAttribute('aria-activedescendant')).toBe(items[1]!.id);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
  });
});

describe('account menu company switcher', () => {
  const twoCompanies = buildAccountMenu(
    {
      displayName: 'Ada Lovelace',
      hasTalentProfile: true,
      selectedCompany: { id: 'c-north', name: 'Northwind Labs' },
      verifiedCompanies: [{ id: 'c-bright', name: 'Brightpath Consulting' }, { id: 'c-north', name: 'Northwind Labs' }],
      canReadCompany: true,
      isAdmin: false,
      isImpersonate: false,
    },
    { accountSiteUrl: null, isLive: () => true },
  );
  const props = { userName: 'Ada Lovelace', sections: twoCompanies, labels, switchCompanyAction: '/api/select-company', csrfToken: 'token-2' };

  function captureSubmits() {
    const submitted: Array<{ action: string | null; csrf: unknown; companyId: unknown }> = [];
    const listener = (event: Event) => {
      event.preventDefault();
      const form = event.target as HTMLFormElement;
      const data = new FormData(form, (event as SubmitEvent).submitter);
      submitted.push({ action: form.getAttribute('action'), csrf: data.get('csrf'), companyId: data.get('companyId') });
    };
    // Bubbling phase: React's own onSubmit (the local storage mirror) runs first.
    document.addEventListener('submit', listener);
    return { submitted, stop: () => document.removeEventListener('submit', listener) };
  }

  afterEach(() => localStorage.clear());

  it('lists the verified companies under Switch verified company; choosing one posts it and mirrors selectedCompanyId', async () => {
    render(<AccountMenu {...props} />);
    await userEvent.click(screen.getAllByRole('button', { name: /Account menu$/ })[0]!);
    const menu = screen.getByRole('menu');
    const switcher = within(menu).getByRole('group', { name: 'Switch verified company' });
    expect(within(switcher).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Brightpath Consulting', 'Northwind Labs ✓ (current)']);
    expect(within(switcher).getByRole('menuitem', { name: /Northwind Labs/ }).getAttribute('aria-disabled')).toBe('true');

    const { submitted, stop } = captureSubmits();
    await userEvent.click(within(switcher).getByRole('menuitem', { name: 'Brightpath Consulting' }));
    stop();
    expect(submitted).toEqual([{ action: '/api/select-company', csrf: 'token-2', companyId: 'c-bright' }]);
    expect(localStorage.getItem('selectedCompanyId')).toBe('c-bright');
  });

  it('shows no switcher with a single verified company', async () => {
    render(<AccountMenu userName="Ada Lovelace" sections={sections} labels={labels} switchCompanyAction="/api/select-company" csrfToken="t" />);
    await userEvent.click(screen.getAllByRole('button', { name: /Account menu$/ })[0]!);
    expect(within(screen.getByRole('menu')).queryByText('Switch verified company')).toBeNull();
  });
});
