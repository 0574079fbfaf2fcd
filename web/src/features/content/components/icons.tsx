/** The icons of posts and comments, in the style of components/icons (outline, currentColor, decorative). */
import type { ReactNode, SVGProps } from 'react';

type Props = SVGProps<SVGSVGElement>;

function icon(displayName: string, body: ReactNode, filledBody?: ReactNode) {
  function Icon({ className = 'size-5', filled = false, ...rest }: Props & { filled?: boolean }) {
    return (
      <svg
        xmlns="http://www.w3.org/2000/svg"
        viewBox="0 0 24 24"
        fill={filled && filledBody === undefined ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth={1.8}
        strokeLinecap="round"
        strokeLinejoin="round"
        className={className}
        aria-hidden="true"
        focusable="false"
        {...rest}
      >
        {filled && filledBody !== undefined ? filledBody : body}
      </svg>
    );
  }
  Icon.displayName = displayName;
  return Icon;
}

export const HeartIcon = icon('HeartIcon', <path d="M12 20s-7.5-4.6-9-9.3C2 7.4 4.2 4.5 7.4 4.5c2 0 3.6 1.1 4.6 2.8 1-1.7 2.6-2.8 4.6-2.8 3.2 0 5.4 2.9 4.4 6.2C19.5 15.4 12 20 12 20Z" />);

export const CommentIcon = icon('CommentIcon', <path d="M4 5.5h16v10.5H10l-4.5 3.5V16H4V5.5Z" />);

export const GlobeIcon = icon(
  'GlobeIcon',
  <>
    <circle cx="12" cy="12" r="8.5" />
    <path d="M3.5 12h17M12 3.5c2.4 2.4 3.5 5.2 3.5 8.5s-1.1 6.1-3.5 8.5c-2.4-2.4-3.5-5.2-3.5-8.5s1.1-6.1 3.5-8.5Z" />
  </>,
);

export const MembersIcon = icon(
  'MembersIcon',
  <>
    <circle cx="9" cy="8.5" r="3.2" />
    <path d="M3 19.5c.6-3.3 3-5 6-5s5.4 1.7 6 5" />
    <path d="M15.5 5.6a3.2 3.2 0 0 1 0 5.8M17.5 14.8c1.7.6 2.9 2.1 3.3 4.7" />
  </>,
);

export const LockIcon = icon(
  'LockIcon',
  <>
    <rect x="5" y="10.5" width="14" height="10" rx="2" />
    <path d="M8 10.5V7.5a4 4 0 0 1 8 0v3" />
  </>,
);

export const DotsIcon = icon(
  'DotsIcon',
  <>
    <circle cx="5.5" cy="12" r="1.2" fill="currentColor" />
    <circle cx="12" cy="12" r="1.2" fill="currentColor" />
    <circle cx="18.5" cy="12" r="1.2" fill="currentColor" />
  </>,
);

export const ReplyIcon = icon('ReplyIcon', <path d="M10 8 5 12.5l5 4.5M5.5 12.5H14c3 0 5 2 5 5" />);

export const TrashIcon = icon(
  'TrashIcon',
  <>
    <path d="M4.5 7h15M10 11v6M14 11v6M9 7V4.5h6V7" />
    <path d="M6.5 7l1 13h9l1-13" />
  </>,
);

export const PencilIcon = icon('PencilIcon', <path d="M4 20h4L19 9l-4-4L4 16v4ZM13.5 6.5l4 4" />);
