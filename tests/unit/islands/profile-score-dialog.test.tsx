import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import interaction from '../../../src/integrations/interaction-directive-client';
import '../../../src/islands/profile/avatar-element';
import ProfileScoreDialog, { type ProfileScoreDialogProps } from '../../../src/islands/profile/ProfileScoreDialog';
import { ProgressBar } from '../../../src/islands/profile/ProgressBar';
import { Avatar } from '../../../src/islands/ui/Avatar';
import profile from '../../../src/locales/en/profile.json';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const props: ProfileScoreDialogProps = {
  score: 59.6,
  profileName: 'Tara Talent',
  pictureUrl: null,
  message: profile.score.messages.keepItUp,
  checklist: [
    { item: 'jobTitle', label: profile.score.items.jobTitle, complete: true, href: '/talent/profile#basics' },
    { item: 'skills', label: profile.score.items.skills, complete: false, href: '/talent/profile#skills' },
    { item: 'profilePicture', label: profile.score.items.profilePicture, complete: false, href: null },
  ],
  labels: {
    open: profile.score.open,
    close: profile.score.close,
    title: profile.score.title,
    completeness: profile.score.completeness,
    complete: profile.score.state.complete,
    incomplete: profile.score.state.incomplete,
  },
};

const openButton = () => screen.getByRole('button', { name: 'Open profile score details' });

describe('profile score dialog', () => {
  it('opens from the labelled help icon and shows the rounded percentage, the letter and the bar', async () => {
    render(<ProfileScoreDialog {...props} />);
    expect(screen.queryByRole('dialog')).toBeNull();
    await userEvent.click(openButton());
    const dialog = screen.getByRole('dialog', { name: 'Profile score' });
    expect(within(dialog).getByText('60%')).toBeTruthy();
    expect(within(dialog).getByText('Keep it up!')).toBeTruthy();
    // No picture: the first letter of the profile name stands in.
    expect(dialog.querySelector('tp-avatar')?.textContent).toBe('T');
    const bar = within(dialog).getByRole('progressbar', { name: 'Profile completeness' });
    expect(bar.getAttribute('aria-valuenow')).toBe('60');
    expect(bar.getAttribute('aria-valuetext')).toBe('60%');
  });

  it('checks and highlights the complete items of the checklist', async () => {
    render(<ProfileScoreDialog {...props} />);
    await userEvent.click(openButton());
    const items = within(screen.getByRole('dialog')).getAllByRole('listitem');
    expect(items.map((item) => [item.textContent, item.getAttribute('data-complete')])).toEqual([
      ['Job title, complete', 'true'],
      ['At least 6 skills, not complete yet', 'false'],
      ['Profile picture, not complete yet', 'false'],
    ]);
    expect(items[0]!.className).toContain('text-success');
    expect(items[1]!.className).not.toContain('text-success');
    expect(within(items[1]!).getByRole('link', { name: 'At least 6 skills' }).getAttribute('href')).toBe('/talent/profile#skills');
  });

  it('closes with the labelled close button and gives focus back to the help icon', async () => {
    render(<ProfileScoreDialog {...props} />);
    await userEvent.click(openButton());
    await userEvent.click(screen.getByRole('button', { name: 'Close profile score details' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(openButton()));
  });

  it('opens from the keyboard and closes with Escape', async () => {
    render(<ProfileScoreDialog {...props} />);
    openButton().focus();
    await userEvent.keyboard('{Enter}');
    const dialog = screen.getByRole('dialog', { name: 'Profile score' });
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  // The page's way: server markup, hydrated by client:interaction on the first event; a
  // click on the icon (an SVG path) or an Enter while the code loads opens the dialog.
  for (const [intent, act_] of [
    ['a click on the icon', (button: HTMLElement) => {
      const path = button.querySelector('path')!;
      path.dispatchEvent(new Event('pointerdown', { bubbles: true }));
      path.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    }],
    ['Enter', (button: HTMLElement) => {
      button.focus();
      button.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }));
    }],
  ] as const) {
    it(`opens on ${intent} made while the island was still loading (client:interaction)`, async () => {
      const el = document.createElement('astro-island');
      el.innerHTML = renderToString(<ProfileScoreDialog {...props} />);
      document.body.append(el);
      let release!: () => void;
      const loaded = new Promise<void>((resolve) => (release = resolve));
      let root: Root | null = null;
      interaction(async () => {
        await loaded;
        return async () => {
          act(() => {
            root = hydrateRoot(el, <ProfileScoreDialog {...props} />);
          });
        };
      }, { name: 'interaction', value: '' }, el);

      try {
        act_(el.querySelector('button')!);
        expect(screen.queryByRole('dialog')).toBeNull();
        release();
        expect(await screen.findByRole('dialog', { name: 'Profile score' })).toBeTruthy();
      } finally {
        act(() => root?.unmount());
        el.remove();
      }
    });
  }

  it('uses the success colour at 100', async () => {
    render(<ProfileScoreDialog {...props} score={100} message={profile.score.messages.complete} />);
    await userEvent.click(openButton());
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText('100%').className).toContain('text-success');
    expect(within(dialog).getByRole('progressbar').firstElementChild!.className).toContain('bg-success');
  });
});

describe('progress bar (widths, success at 100)', () => {
  it('is 100, 200 or 300 px wide and primary below 100', () => {
    const { container } = render(
      <>
        <ProgressBar value={10} label="small" size="small" />
        <ProgressBar value={50.4} label="medium" />
        <ProgressBar value={120} label="large" size="large" />
      </>,
    );
    const bars = [...container.querySelectorAll('[role="progressbar"]')];
    expect(bars.map((bar) => bar.className.match(/w-\[\d+px\]/)?.[0])).toEqual(['w-[100px]', 'w-[200px]', 'w-[300px]']);
    expect(bars.map((bar) => bar.getAttribute('aria-valuenow'))).toEqual(['10', '50', '100']);
    expect(bars[1]!.firstElementChild!.className).toContain('bg-primary');
    expect((bars[1]!.firstElementChild as HTMLElement).style.width).toBe('50%');
  });
});

describe('avatar (sizes, load retries)', () => {
  it('is 48, 24 or 16 px and shows the first letter without a picture', () => {
    const { container } = render(
      <>
        <Avatar name="ada" />
        <Avatar name="Ada" size="medium" />
        <Avatar name=" " size="small" />
      </>,
    );
    const avatars = [...container.querySelectorAll('tp-avatar')];
    expect(avatars.map((avatar) => avatar.textContent)).toEqual(['A', 'A', '?']);
    expect(avatars.map((avatar) => avatar.className.match(/\bh-\d\b/)?.[0])).toEqual(['h-6', 'h-3', 'h-2']);
  });

  it('retries a failed picture five times with a cache-busting address, then stops the overlay', () => {
    vi.useFakeTimers();
    const { container } = render(<Avatar name="Ada" src="https://cdn.example/ada.png" />);
    const avatar = container.querySelector('tp-avatar')!;
    const image = avatar.querySelector('img')!;
    expect(avatar.hasAttribute('data-loading')).toBe(true);
    const seen: string[] = [];
    for (const delay of [1000, 2000, 4000, 8000, 16000]) {
      image.dispatchEvent(new Event('error'));
      expect(avatar.hasAttribute('data-loading')).toBe(true);
      vi.advanceTimersByTime(delay - 1);
      expect(seen.length === 0 || image.getAttribute('src') === seen.at(-1)).toBe(true);
      vi.advanceTimersByTime(1);
      seen.push(image.getAttribute('src')!);
    }
    expect(seen).toEqual([1, 2, 3, 4, 5].map((attempt) => `https://cdn.example/ada.png?retry=${attempt}`));
    image.dispatchEvent(new Event('error'));
    vi.advanceTimersByTime(60_000);
    expect(image.getAttribute('src')).toBe('https://cdn.example/ada.png?retry=5');
    expect(avatar.hasAttribute('data-loading')).toBe(false);
    expect(avatar.hasAttribute('data-failed')).toBe(true);
  });

  it('drops the overlay once a retry loads', () => {
    vi.useFakeTimers();
    const { container } = render(<Avatar name="Ada" src="/pictures/ada.png" />);
    const avatar = container.querySelector('tp-avatar')!;
    const image = avatar.querySelector('img')!;
    image.dispatchEvent(new Event('error'));
    vi.advanceTimersByTime(1000);
    image.dispatchEvent(new Event('load'));
    expect(avatar.hasAttribute('data-loading')).toBe(false);
    expect(avatar.hasAttribute('data-failed')).toBe(false);
  });
});
