import { showToast } from '../stores/toasts';

/**
 * The one way a page copies a link: the address, made absolute against the page's own,
 * goes to the clipboard and a success toast says so; a failure (no permission, no secure
 * context) is only logged, as the error catalogue has it for a copy.
 */
export async function copyLink(href: string, copiedMessage: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(new URL(href, location.href).href);
    showToast('success', copiedMessage);
  } catch (error) {
    console.error('Copying a link failed', error);
  }
}
