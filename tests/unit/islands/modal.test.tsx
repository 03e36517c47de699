import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Modal } from '../../../src/islands/ui/Modal';

afterEach(cleanup);

function Harness() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>Open details</button>
      <Modal open={open} onClose={() => setOpen(false)} title="Details" closeLabel="Close details">
        <button type="button">Inside</button>
      </Modal>
    </>
  );
}

describe('shared modal', () => {
  it('opens as a labelled dialog, traps focus inside and closes with Escape', async () => {
    render(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: 'Open details' }));
    const dialog = screen.getByRole('dialog', { name: 'Details' });
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('closes with its labelled close button', async () => {
    render(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: 'Open details' }));
    await userEvent.click(screen.getByRole('button', { name: 'Close details' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('is centred, white, at least 400 px wide or the viewport less a margin, at most 90 % high', async () => {
    render(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: 'Open details' }));
    const panel = screen.getByTestId('modal-panel');
    expect(panel.className).toContain('min-w-[min(400px,calc(100vw-32px))]');
    expect(panel.className).toContain('max-h-modal');
    expect(panel.className).toContain('bg-white');
    expect(panel.parentElement?.className).toContain('items-center justify-center');
  });
});
