/**
 * A one-off notice carried in the navigation state (`navigate(to, { state: { notice } })`), e.g.
 * "Your account has been deleted" after leaving a screen that no longer exists for the user.
 */
import { useLocation, useNavigate } from 'react-router';
import { CloseIcon } from '@/components/icons';

export function noticeOf(state: unknown): string | null {
  const notice = (state as { notice?: unknown } | null)?.notice;
  return typeof notice === 'string' && notice ? notice : null;
}

export function FlashNotice() {
  const location = useLocation();
  const navigate = useNavigate();
  const notice = noticeOf(location.state);
  if (!notice) return null;
  const dismiss = () => void navigate(`${location.pathname}${location.search}${location.hash}`, { replace: true, state: null });
  return (
    <div className="mx-auto w-full max-w-7xl px-4 pt-4 sm:px-6">
      <div role="status" className="flex items-start gap-3 rounded-lg border border-primary-200 bg-primary-50 p-4 text-primary-950">
        <p className="flex-1 text-sm font-medium">{notice}</p>
        <button type="button" onClick={dismiss} aria-label="Dismiss the notice" className="-m-1 rounded p-1 text-primary-900 hover:bg-primary-100">
          <CloseIcon className="size-5" />
        </button>
      </div>
    </div>
  );
}
