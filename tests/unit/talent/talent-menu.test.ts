import { describe, expect, it } from 'vitest';
import { getTranslator } from '../../../src/lib/i18n/i18n';
import { findRouteByPath } from '../../../src/lib/routes/route-table';
import { TALENT_MENU_LABEL_KEYS, buildTalentMenu } from '../../../src/lib/talent/talent-menu';

const allLive = () => true;
const labels = (groups: ReturnType<typeof buildTalentMenu>) =>
  groups.map((group) => [group.headingKey, group.entries.map((entry) => entry.labelKey.replace('talentMenu.', ''))]);

describe('talent side menu', () => {
  it('has Dashboard on top, then the Jobs and Accounting groups in the spec order', () => {
    const groups = buildTalentMenu('/talent/dashboard', { isLive: allLive });
    expect(labels(groups)).toEqual([
      [null, ['dashboard']],
      ['talentMenu.jobs', ['invitations', 'searchJobs', 'savedJobs', 'appliedJobs', 'messages', 'interviews', 'assignments', 'providers']],
      ['talentMenu.accounting', ['billing', 'transactions']],
    ]);
    expect(groups.flatMap((group) => group.entries.map((entry) => entry.href))).toEqual([
      '/talent/dashboard',
      '/talent/invitations',
      '/jobs',
      '/talent/saved-jobs',
      '/talent/applied-jobs',
      '/talent/messages',
      '/talent/interviews',
      '/talent/assignments',
      '/talent/providers',
      '/talent/billing',
      '/talent/transactions',
    ]);
  });

  it('shows only live routes and drops a group left empty, heading included', () => {
    const live = new Set(['talentDashboard', 'talentSavedJobs']);
    const groups = buildTalentMenu('/talent/dashboard', { isLive: (key) => live.has(key) });
    expect(labels(groups)).toEqual([
      [null, ['dashboard']],
      ['talentMenu.jobs', ['savedJobs']],
    ]);
  });

  it("follows the route table's live flags by default", () => {
    const hrefs = buildTalentMenu('/').flatMap((group) => group.entries.map((entry) => entry.href));
    expect(hrefs).toContain('/talent/dashboard');
    // Pages go live one by one: whichever are live, the menu links to those and no others.
    const menuPaths = buildTalentMenu('/', { isLive: allLive }).flatMap((group) => group.entries.map((entry) => entry.href));
    expect(hrefs).toEqual(menuPaths.filter((href) => findRouteByPath(href)?.live));
  });

  it('marks exactly the entry whose link equals the current path as active', () => {
    const active = (path: string) =>
      buildTalentMenu(path, { isLive: allLive })
        .flatMap((group) => group.entries)
        .filter((entry) => entry.active)
        .map((entry) => entry.href);
    expect(active('/talent/billing')).toEqual(['/talent/billing']);
    expect(active('/talent/billing/')).toEqual(['/talent/billing']);
    expect(active('/talent/profile')).toEqual([]);
    expect(active('/talent/billing-old')).toEqual([]);
  });

  it('has English text for every label', () => {
    const t = getTranslator();
    for (const key of TALENT_MENU_LABEL_KEYS) expect(t(key), key).not.toBe(key);
    expect(t('talentMenu.providers')).toBe('My Provider Companies');
  });
});
