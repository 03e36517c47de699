import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { expect, test } from './support/test';
import companiesWords from '../../src/locales/en/common/companies.json' with { type: 'json' };
import applicationWords from '../../src/locales/en/common/job-applications.json' with { type: 'json' };
import { selectCompany } from './support/company-area';
import { expectFitsPhoneWidth, expectNoAxeViolations, signInAs } from './support/demo-session';
import { applicationsEndedLongAgo, e2eDatabaseReachable } from './support/e2e-database';

// The retention rule at its date (docs/personal-data.md, "Retention"): two applications to
// Brightpath Consulting were rejected 200 days ago, past its six months; one talent agreed to its pool
// since. The operator runs the daily job now (npm run retention); the company then finds the
// first erased, said so on the application and in its log, and the second kept as it was.

const retention = companiesWords.companies.retention;
const COMPANY = 'Brightpath Consulting';

test('the retention job erases an ended application at its date and keeps the one whose talent agreed to the pool', async ({ page }) => {
  test.skip(!e2eDatabaseReachable(), 'the e2e server runs PGlite: the job cannot be run beside it');
  const tag = randomUUID().slice(0, 8);
  const { lapsed, pooled, companyId } = await applicationsEndedLongAgo(COMPANY, 200, tag);

  await signInAs(page, 'owner@demo.test', '/company/my-companies');
  await selectCompany(page, COMPANY);
  await page.goto(`/company/job-application?id=${pooled}`);
  await expect(page.getByText(`Cover note of Pooled ${tag}`)).toBeVisible();

  // What tonight's run would do, then the run itself, as an operator starts it.
  const preview = spawnSync(process.execPath, ['dist/retention.mjs', '--preview'], { env: { ...process.env, DATA_DIR: '.data/e2e' }, encoding: 'utf8' });
  expect(preview.status, preview.stderr).toBe(0);
  expect(preview.stdout).toMatch(new RegExp(`^${COMPANY}: \\d+ ended applications? to erase`, 'm'));
  const run = spawnSync(process.execPath, ['dist/retention.mjs'], { env: { ...process.env, DATA_DIR: '.data/e2e' }, encoding: 'utf8' });
  expect(run.status, run.stderr).toBe(0);
  expect(run.stdout).toMatch(/^retention: [1-9]\d* ended applications? erased/m);

  await page.goto(`/company/job-application?id=${lapsed}`);
  await expect(page.getByText(/^Erased on .+ under your retention period/)).toBeVisible();
  await expect(page.getByText(`Cover note of Lapsed ${tag}`)).toHaveCount(0);
  await expect(page.getByText(applicationWords.jobApplications.documentsErased)).toHaveCount(0);
  await expectNoAxeViolations(page);
  await page.goto(`/company/job-application?id=${pooled}`);
  await expect(page.getByText(`Cover note of Pooled ${tag}`)).toBeVisible();

  // The company's log names her; its next run has nothing more of hers.
  await page.goto(`/company/profile/${companyId}`);
  const section = page.getByRole('region', { name: retention.heading });
  await expect(section.getByRole('listitem').filter({ hasText: `the application of Lapsed ${tag}` })).toBeVisible();
  await expect(section.getByText(`Pooled ${tag}`)).toHaveCount(0);
  await expectFitsPhoneWidth(page);
});
