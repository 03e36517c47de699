declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      /** Retries a failed picture (src/islands/profile/avatar-element.ts). */
      'tp-avatar': DetailedHTMLProps<HTMLAttributes<HTMLElement>, HTMLElement>;
    }
  }
}

export type AvatarSize = 'large' | 'medium' | 'small';

/** The avatar sizes: 48, 24 and 16 px (the spacing unit is 8 px). */
const SIZE_CLASSES: Record<AvatarSize, string> = {
  large: 'h-6 w-6 text-h2',
  medium: 'h-3 w-3 text-body',
  small: 'h-2 w-2 text-small',
};

export interface AvatarProps {
  /** The profile name; its first letter stands in while there is no picture. */
  name: string;
  src?: string | null;
  size?: AvatarSize;
  /** Empty by default: the name is always shown next to the avatar. */
  alt?: string;
}

export function firstLetter(name: string): string {
  const letter = [...name.trim()][0];
  return letter ? letter.toLocaleUpperCase('en') : '?';
}

/**
 * The profile picture, or the first letter of the name. Rendered on the server (the side
 * menu) and in islands alike; `<tp-avatar>` adds the avatar retries in the browser:
 * a loading overlay while the picture loads or waits for a retry, the letter once all fail.
 */
export function Avatar({ name, src, size = 'large', alt = '' }: AvatarProps) {
  return (
    <tp-avatar
      className={`group relative inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full bg-primary font-semibold text-white ${SIZE_CLASSES[size]}`}
    >
      <span aria-hidden="true">{firstLetter(name)}</span>
      {src ? (
        <>
          <img src={src} alt={alt} className="absolute inset-0 h-full w-full bg-white object-cover group-data-[failed]:hidden" />
          <span aria-hidden="true" className="absolute inset-0 hidden animate-pulse bg-gray-200/80 group-data-[loading]:block" />
        </>
      ) : null}
    </tp-avatar>
  );
}
