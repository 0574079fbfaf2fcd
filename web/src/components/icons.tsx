/**
 * Bundled icons, inlined in the bundle rather than fetched from an icon server: nothing to time
 * out or fall back from. Outline style, 24×24, stroke = currentColor. Decorative by default (aria-hidden);
 * give the surrounding control its accessible name.
 */
import type { ReactNode, SVGProps } from 'react';

export type IconProps = SVGProps<SVGSVGElement> & { title?: string };

export function icon(displayName: string, body: ReactNode) {
  function Icon({ title, className = 'size-5', ...rest }: IconProps) {
    return (
      <svg
        xmlns="http://www.w3.org/2000/svg"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={1.8}
        strokeLinecap="round"
        strokeLinejoin="round"
        className={className}
        aria-hidden={title ? undefined : true}
        role={title ? 'img' : undefined}
        focusable="false"
        {...rest}
      >
        {title ? <title>{title}</title> : null}
        {body}
      </svg>
    );
  }
  Icon.displayName = displayName;
  return Icon;
}

export const LeafIcon = icon(
  'LeafIcon',
  <>
    <path d="M5 19c0-8 5.5-13 15-14-1 9.5-6 15-14 15" />
    <path d="M5 19l7-7" />
  </>,
);

export const HomeIcon = icon(
  'HomeIcon',
  <>
    <path d="M3 10.5 12 3l9 7.5" />
    <path d="M5 9v11h5v-6h4v6h5V9" />
  </>,
);

export const PlantIcon = icon(
  'PlantIcon',
  <>
    <path d="M12 21v-9" />
    <path d="M12 12c0-4 2.5-6.5 7-7 0 4.5-2.5 7-7 7Z" />
    <path d="M12 14c0-3.5-2.2-5.6-6-6 0 3.8 2.2 6 6 6Z" />
    <path d="M8 21h8" />
  </>,
);

export const PagesIcon = icon(
  'PagesIcon',
  <>
    <path d="M5 21V4" />
    <path d="M5 4h11l-2 4 2 4H5" />
  </>,
);

export const CalendarIcon = icon(
  'CalendarIcon',
  <>
    <rect x="3.5" y="5" width="17" height="15" rx="2" />
    <path d="M3.5 10h17M8 3v4M16 3v4" />
  </>,
);

export const PeopleIcon = icon(
  'PeopleIcon',
  <>
    <circle cx="9" cy="8" r="3.5" />
    <path d="M2.5 20c.6-3.6 3.2-5.5 6.5-5.5s5.9 1.9 6.5 5.5" />
    <path d="M16 4.8a3.5 3.5 0 0 1 0 6.4M18 14.8c1.9.7 3.1 2.4 3.5 5.2" />
  </>,
);

export const MessageIcon = icon(
  'MessageIcon',
  <path d="M4 5h16v11H9l-5 4V5Z" />,
);

export const TagIcon = icon(
  'TagIcon',
  <>
    <path d="M3 12V4h8l10 10-8 8L3 12Z" />
    <circle cx="7.5" cy="8.5" r="1.2" />
  </>,
);

export const PinIcon = icon(
  'PinIcon',
  <>
    <path d="M12 21s7-6.2 7-12a7 7 0 0 0-14 0c0 5.8 7 12 7 12Z" />
    <circle cx="12" cy="9" r="2.5" />
  </>,
);

export const UserIcon = icon(
  'UserIcon',
  <>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21c.8-4.2 4-6.5 8-6.5s7.2 2.3 8 6.5" />
  </>,
);

export const ShieldIcon = icon('ShieldIcon', <path d="M12 3 4.5 6v6c0 4.5 3.2 7.8 7.5 9 4.3-1.2 7.5-4.5 7.5-9V6L12 3Z" />);

export const MenuIcon = icon('MenuIcon', <path d="M4 6h16M4 12h16M4 18h16" />);

export const CloseIcon = icon('CloseIcon', <path d="M6 6l12 12M18 6 6 18" />);

export const SpinnerIcon = icon(
  'SpinnerIcon',
  <>
    <circle cx="12" cy="12" r="9" opacity="0.25" />
    <path d="M21 12a9 9 0 0 0-9-9" />
  </>,
);

export const AlertIcon = icon(
  'AlertIcon',
  <>
    <path d="M12 3 2 20h20L12 3Z" />
    <path d="M12 10v4M12 17h.01" />
  </>,
);

export const CheckIcon = icon('CheckIcon', <path d="m5 12.5 4.5 4.5L19 7.5" />);

