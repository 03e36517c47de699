import { expect, test } from './support/test';

// The error catalogue's "Search error": the server's message as an error toast for 3 s. The suggestion
// endpoint is made to fail in the browser's network layer; the page and island are real.
test.describe('job search suggestions failing', () => {
  test('a failing suggestion service shows its message as an error toast and the search still works', async ({ page }) => {
    await page.route('**/api/jobs/suggest?*', (route) =>
      route.fulfill({ status: 502, contentType: 'application/json', body: JSON.stringify({ error: 'Search cluster is restarting' }) }),
    );
    await page.goto('/jobs');
    const box = page.getByRole('combobox', { name: 'Search jobs' });
    await box.click();
    await box.pressSequentially('develop');
    const toast = page.getByRole('status').filter({ hasText: 'Search cluster is restarting' }).or(page.getByRole('alert').filter({ hasText: 'Search cluster is restarting' }));
    await expect(toast.first()).toBeVisible();
    // Auto-hidden after 3 s (the error toast's 3000 ms).
    await expect(toast.first()).toBeHidden({ timeout: 6000 });
    await box.press('Enter');
    await expect(page).toHaveURL(/\/jobs\?q=develop/);
  });

  test('an unreachable suggestion service says suggestions are unavailable', async ({ page }) => {
    await page.route('**/api/jobs/suggest?*', (route) => route.abort('connectionrefused'));
    await page.goto('/jobs');
    const box = page.getByRole('combobox', { name: 'Search jobs' });
    await box.click();
    await box.pressSequentially('react');
    await expect(page.getByText('Suggestions are unavailable right now. You can still search.')).toBeVisible();
  });
});
